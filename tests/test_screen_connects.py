"""Many pages of the table screen, loaded one after another from one address, all connect at once.

A browser keeps an idle connection open for minutes after its page has loaded; counted against the address's
share of connections (Limits.per_address), those left the ninth page of a quick run refused and showing
"Connecting…" while its event stream waited for a retry. The server now closes every connection but an event
stream once it has answered, so a page holds one connection: its event stream."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser

from kiosk.screen.address import Address, join_url
from kiosk.screen.doorway import Limits
from kiosk.screen.keyboard import RemoteKeyboard
from kiosk.screen.server import ScreenServer
from kiosk.screen.streams import Broadcast

LOADS = 20
CONNECTED = "() => document.getElementById('status').textContent === ''"


@pytest.fixture
def server() -> Iterator[ScreenServer]:
    started = ScreenServer(Broadcast(), RemoteKeyboard(), Address("127.0.0.1", 0))
    started.start()
    yield started
    started.stop()


def answered_and_closed(port: int, path: str) -> tuple[bytes, bool]:
    """A keep-alive GET of `path`: the response's head, and whether the server then closed the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: keep-alive\r\n\r\n".encode()
        )
        received = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return received.split(b"\r\n\r\n", 1)[0], True
            received += chunk
            if b"event: about" in received:  # an event stream: it stays open
                return received.split(b"\r\n\r\n", 1)[0], False


@pytest.mark.parametrize("path", ["/", "/static/screen.js", "/static/screen.css", "/qr.svg", "/favicon.ico"])
def test_every_answer_but_the_event_stream_closes_its_connection(server: ScreenServer, path: str) -> None:
    head, closed = answered_and_closed(server.port, path)
    assert head.startswith(b"HTTP/1.1 2") and closed
    assert b"Connection: close" in head.split(b"\r\n")  # said, so that a client never reuses it


def test_an_event_stream_stays_open(server: ScreenServer) -> None:
    head, closed = answered_and_closed(server.port, "/events")
    assert head.startswith(b"HTTP/1.1 200") and not closed


@pytest.mark.slow
@pytest.mark.browser
def test_pages_loaded_in_quick_succession_all_connect_and_each_holds_its_stream_alone(
    browser: object,
) -> None:
    """Pages loaded as the table's phones and TVs load them, from the kiosk's network address (a page on the
    Pi itself, from loopback, also asks every second for a pairing code, which no other page does). Kept
    open, the idle connections of the pages before filled the address's share, and the pages after it never
    connected; now every page connects, and once loading settles each holds its stream and nothing else."""
    assert isinstance(browser, Browser)
    assert Limits().per_address > LOADS  # the share admits every page's stream
    server = ScreenServer(Broadcast(), RemoteKeyboard(), Address("0.0.0.0", 0))
    server.start()
    lan = httpx.URL(join_url("0.0.0.0", server.port)).host
    if lan.startswith("127.") or not lan[0].isdigit():
        server.stop()
        pytest.skip("this machine has no network address besides loopback")
    pages = []
    try:
        for _ in range(LOADS):
            page = browser.new_page()  # its own context, left open: nothing shared, nothing closed
            page.goto(f"http://{lan}:{server.port}/")
            page.wait_for_function(CONNECTED)
            pages.append(page)
        assert server.doorway is not None
        # Each page holds its event stream alone, once its last asset (the icon, asked for late) is answered.
        settled = time.monotonic() + 10
        while server.doorway.held() != LOADS and time.monotonic() < settled:
            time.sleep(0.05)
        assert server.doorway.held() == LOADS, server.doorway.counts
    finally:
        for page in pages:
            page.close()
        server.stop()
