"""The table screen's server against guests on the party's network: a real server on loopback, real HTTP
clients from other loopback addresses (Linux routes all of 127/8 to lo), each a different guest.

Whom it answers (Host: DNS rebinding), whose changes it takes (Origin: cross-site requests), the PIN's limit
per address, typed text without controls, and what one guest can hold (connections, slow headers, pages
listening). The probes with a thousand connections, under a Pi's open-file limit, are in
test_screen_guard_flood.py."""

from __future__ import annotations

import contextlib
import io
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from kiosk.screen.address import Address, device_of, guest_of
from kiosk.screen.doorway import Limits
from kiosk.screen.gate import HostName, read_host
from kiosk.screen.keyboard import Pairs, RemoteKeyboard
from kiosk.screen.screen import Screen
from kiosk.screen.server import Broadcast, ScreenServer
from kiosk.screen.wrong_codes import WrongPinLimit

from .support.phones import pair, paired, type_on

ADULT = "127.0.0.2"
GUEST = "127.0.0.3"
OTHER_GUEST = "127.0.0.4"


def client(server_url: str, address: str = "127.0.0.1") -> httpx.Client:
    """An HTTP client whose connections come from `address`."""
    return httpx.Client(
        base_url=server_url, transport=httpx.HTTPTransport(local_address=address), timeout=10.0
    )


@pytest.fixture
def screen() -> Iterator[Screen]:
    with Screen(Address("127.0.0.1", 0), out=io.StringIO()) as started:
        yield started.start()


def _server(limits: Limits) -> ScreenServer:
    server = ScreenServer(Broadcast(), RemoteKeyboard(), Address("127.0.0.1", 0), limits=limits)
    server.start()
    return server


# --- whom it answers ---------------------------------------------------------------------------------------


def test_a_page_at_another_name_reads_nothing(screen: Screen) -> None:
    """DNS rebinding: evil.example made to resolve to the kiosk; the browser sends Host: evil.example."""
    port = screen.server.port
    with client(screen.url, GUEST) as guest:
        for path in ("/", "/events", "/qr.svg", "/static/screen.js"):
            for host in (
                "evil.example",
                f"evil.example:{port}",
                f"kiosk.evil.example:{port}",
                "evil.example.",
            ):
                answer = guest.get(path, headers={"Host": host})
                assert answer.status_code == 421, (path, host, answer.text)
                assert "data:" not in answer.text and "event:" not in answer.text
        wrong_port = guest.get("/", headers={"Host": f"127.0.0.1:{port + 1}"})
        assert wrong_port.status_code == 421
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"{socket.gethostname()}:{port}", "[::1]"):
            assert guest.get("/", headers={"Host": host}).status_code == 200, host
        assert guest.get("/", headers={"Host": "a b"}).status_code == 400
        code = screen.keyboard.open_pairing().code
        evil = {"Host": f"evil.example:{port}"}
        for rebound in (
            guest.get("/keyboard/code", headers=evil),
            guest.post("/keyboard/pair", json={"code": code}, headers=evil),
        ):
            assert rebound.status_code == 421 and code not in rebound.text
        assert screen.keyboard.phones == 0
    assert screen.keyboard.inbox.empty()


def test_host_headers_are_read_strictly() -> None:
    assert read_host("Kiosk.Local.:8177") == HostName("kiosk.local", 8177)
    assert read_host("[::1]:8177") == HostName("::1", 8177)
    assert read_host("10.0.0.5") == HostName("10.0.0.5", None)
    for bad in ("", "::1", "[::1", "[::1]x", "a/b", "user@host", "host:port", "a b"):
        assert read_host(bad) is None, bad


def test_a_change_from_another_site_is_refused(screen: Screen) -> None:
    """CSRF: a page elsewhere posting to the kiosk. Its Origin (or Sec-Fetch-Site) gives it away."""
    port = screen.server.port
    code = screen.keyboard.open_pairing().code
    with client(screen.url, GUEST) as guest:
        for origin in (
            "http://evil.example",
            f"https://127.0.0.1:{port}",
            f"http://127.0.0.1:{port + 1}",
            "null",
            f"http://127.0.0.1:{port}.evil.example",
        ):
            refused = guest.post("/keyboard/pair", json={"code": code}, headers={"Origin": origin})
            assert refused.status_code == 403, origin
        cross = guest.post("/keyboard/pair", json={"code": code}, headers={"Sec-Fetch-Site": "cross-site"})
        assert cross.status_code == 403
        form = guest.post("/keyboard/pair", content=f"code={code}", headers={"Content-Type": "text/plain"})
        assert form.status_code == 403
        own = guest.post(
            "/keyboard/pair",
            json={"code": code},
            headers={"Origin": f"http://127.0.0.1:{port}", "Sec-Fetch-Site": "same-origin"},
        )
        assert own.status_code == 200
        cookie = own.headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/keyboard" in cookie
        for origin in ("http://evil.example", f"https://127.0.0.1:{port}"):
            said = guest.post("/keyboard/say", json={"text": "D1"}, headers={"Origin": origin})
            assert said.status_code == 403
    assert screen.keyboard.inbox.empty()


def test_a_token_is_taken_only_from_its_cookie_never_from_the_address(screen: Screen) -> None:
    with client(screen.url, ADULT) as adult:
        token = pair(adult, screen.keyboard.open_pairing().code).cookies["kiosk-phone"]
        with client(screen.url, ADULT) as bare:  # the same token, but not as the cookie
            for query in ({"token": token}, {"access_token": token}, {"kiosk-phone": token}):
                assert bare.post("/keyboard/say", params=query, json={"text": "D1"}).status_code == 403
            headed = bare.post(
                "/keyboard/say", json={"text": "D1"}, headers={"Authorization": f"Bearer {token}"}
            )
            assert headed.status_code == 403
        assert screen.keyboard.inbox.empty()
        assert type_on(adult, "D1").status_code == 202
    assert screen.keyboard.inbox.get_nowait() == "D1"


# --- pairing codes ------------------------------------------------------------------------------------------


def test_a_guest_guessing_codes_never_locks_the_adult_out(screen: Screen) -> None:
    """The issue's probe: wrong codes from one address, then the right one from another, at once."""
    code = screen.keyboard.open_pairing().code
    wrong = f"{(int(code) + 1) % 10000:04d}"
    with client(screen.url, GUEST) as guest, client(screen.url, ADULT) as adult:
        answers = [pair(guest, wrong) for _ in range(12)]
        assert [a.status_code for a in answers[:3]] == [403, 403, 403]
        assert answers[-1].status_code == 429 and int(answers[-1].headers["Retry-After"]) >= 1
        # The guest is held up, even with the right code...
        assert pair(guest, code).status_code == 429
        # ...and the adult is not, from their own phone.
        assert pair(adult, code).status_code == 200
        # Wrong codes typed later on the adult's phone, in the next window, do not unpair it.
        wrong = f"{(int(screen.keyboard.open_pairing().code) + 1) % 10000:04d}"
        for _ in range(6):
            pair(adult, wrong)
        assert type_on(adult, "two").status_code == 202
        # Nor does a third guest inherit the first one's wait.
        with client(screen.url, OTHER_GUEST) as other:
            assert pair(other, wrong).status_code == 403
    assert screen.keyboard.inbox.get_nowait() == "two"


def test_the_wait_after_wrong_codes_grows_per_address() -> None:
    now = [0.0]
    keyboard = RemoteKeyboard(limit=WrongPinLimit(free=3, first_wait=2.0, clock=lambda: now[0]))
    code = keyboard.open_pairing().code
    wrong = f"{(int(code) + 1) % 10000:04d}"
    waits = []
    for _ in range(10):
        outcome, wait = keyboard.pair(wrong, GUEST)
        if outcome is Pairs.LIMITED:
            now[0] += float(wait)
            outcome, wait = keyboard.pair(wrong, GUEST)
        assert outcome is Pairs.WRONG
        waits.append(keyboard.limit.wait(GUEST))
    assert waits[:3] == [0.0, 0.0, 0.0]
    assert waits[3:] == [2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0]
    assert keyboard.pair(code, GUEST)[0] is Pairs.LIMITED
    assert keyboard.pair(code, ADULT)[0] is Pairs.PAIRED
    now[0] += 129.0
    assert keyboard.pair(code, GUEST)[0] is Pairs.CLOSED  # one device a window: the adult's
    assert keyboard.limit.wait(GUEST) == 0.0 and keyboard.phones == 1


def test_ipv6_connections_are_counted_by_network_and_wrong_codes_by_device() -> None:
    assert guest_of("2001:db8::1") == guest_of("2001:db8::ffff:1") == "2001:db8::/64"
    assert guest_of("2001:db8:0:1::1") != guest_of("2001:db8::1")
    assert guest_of("::ffff:192.0.2.7") == guest_of("192.0.2.7") == "192.0.2.7"
    assert device_of("2001:db8::1") != device_of("2001:db8::2") and device_of("fe80::1%wlan0") == "fe80::1"
    assert device_of("::ffff:192.0.2.7") == device_of("192.0.2.7") == "192.0.2.7"


def test_forgetting_the_phones_locks_every_phone_out(screen: Screen) -> None:
    with client(screen.url, ADULT) as adult:
        old = screen.keyboard.open_pairing().code
        assert pair(adult, old).status_code == 200
        assert screen.keyboard.forget_phones() == 1
        assert type_on(adult, "D1").status_code == 403
        assert pair(adult, old).status_code == 403  # the old window is shut
        paired(adult, screen.keyboard)
        assert type_on(adult, "D1").status_code == 202
    assert screen.keyboard.inbox.get_nowait() == "D1"


# --- typed text ---------------------------------------------------------------------------------------------


def test_typed_text_reaches_the_night_without_controls_or_bidi_marks(screen: Screen) -> None:
    with client(screen.url, ADULT) as adult:
        paired(adult, screen.keyboard)
        sent = "Bats:\u202e fly\x1b[2J\x7f\x9b\u2066 \x00glide\tnow\u200f"
        assert type_on(adult, sent).status_code == 202
        for two_lines in ("D1\nend the night", "D1\rend", "D1\x85end", "D1\u2028end"):
            assert type_on(adult, two_lines).status_code == 400, repr(two_lines)
        assert type_on(adult, "\x1b\u202e\x7f").status_code == 400
    heard = screen.keyboard.inbox.get_nowait()
    assert heard == "Bats: fly[2J glide now"
    assert screen.keyboard.inbox.empty()


# --- what one guest can hold --------------------------------------------------------------------------------


def _slow_headers(port: int, address: str, count: int) -> list[socket.socket]:
    held = []
    for _ in range(count):
        sock = socket.socket()
        sock.bind((address, 0))
        sock.connect(("127.0.0.1", port))
        held.append(sock)
        with contextlib.suppress(ConnectionResetError):  # refused already
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
    return held


def _closed_by_server(sock: socket.socket, wait: float) -> bool:
    """Whether the server closes `sock` within `wait` seconds (what it had sent before is read past)."""
    deadline = time.monotonic() + wait
    try:
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            if sock.recv(65536) == b"":
                return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        pass
    return False


def test_one_address_holds_at_most_its_share_and_slow_headers_are_dropped() -> None:
    server = _server(Limits(per_address=4, header_seconds=1.0))
    held = _slow_headers(server.port, GUEST, 10)
    try:
        time.sleep(0.3)
        kept = [not _closed_by_server(sock, 0.01) for sock in held]
        assert kept == [True] * 4 + [False] * 6
        # Another guest is served all the while.
        with client(f"http://127.0.0.1:{server.port}/", ADULT) as adult:
            assert adult.get("/").status_code == 200
        assert server.doorway is not None and server.doorway.counts.refused == 6
        # A connection that never finishes its headers is closed once the header time is up.
        assert all(_closed_by_server(sock, 5.0) for sock in held[:4])  # its limit is 1 s here
        for sock in held:
            sock.close()
        held += _slow_headers(server.port, GUEST, 1)
        assert not _closed_by_server(held[-1], 0.3)  # its share is its own again
    finally:
        for sock in held:
            sock.close()
        server.stop()


def test_past_the_total_a_newcomer_takes_the_place_of_the_greediest_address() -> None:
    server = _server(Limits(per_address=4, total=6))
    held = _slow_headers(server.port, GUEST, 4)
    try:
        held += _slow_headers(server.port, OTHER_GUEST, 2)
        time.sleep(0.3)
        assert not any(_closed_by_server(sock, 0.01) for sock in held)  # six: the total
        # The adult, holding nothing, is let in in place of the guest holding most (its oldest).
        with client(f"http://127.0.0.1:{server.port}/", ADULT) as adult:
            assert adult.get("/").status_code == 200
        assert _closed_by_server(held[0], 1.0)
        assert not any(_closed_by_server(sock, 0.01) for sock in held[1:])
        # Once the adult has gone, one more fits; past the total again, a guest that would become as greedy
        # as the greediest gets nothing more.
        held += _slow_headers(server.port, OTHER_GUEST, 2)
        assert not _closed_by_server(held[-2], 0.3) and _closed_by_server(held[-1], 1.0)
        assert server.doorway is not None and server.doorway.counts.displaced >= 1
    finally:
        for sock in held:
            sock.close()
        server.stop()


def _listen(port: int, address: str) -> socket.socket:
    """A page's event stream that never reads what it is sent."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    return sock


def _stream_count(server: ScreenServer, count: int) -> None:
    deadline = time.monotonic() + 10
    while len(server._streams.open) != count and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(server._streams.open) == count


def test_past_the_cap_on_pages_a_guests_page_makes_way_never_the_tables_own() -> None:
    server = _server(Limits(streams=3))
    socks: list[socket.socket] = []
    try:
        for number, address in enumerate(("127.0.0.1", GUEST, OTHER_GUEST), start=1):
            socks.append(_listen(server.port, address))
            _stream_count(server, number)  # one after the other: the guest's is the oldest of theirs
        own, oldest, newer = socks
        with (
            client(f"http://127.0.0.1:{server.port}/", ADULT) as adult,
            adult.stream("GET", "/events") as page,
        ):
            assert page.status_code == 200
            assert next(page.iter_lines()) == "event: about"
            peers = sorted(stream.peer for stream in server._streams.open)
            assert peers == sorted(["127.0.0.1", OTHER_GUEST, ADULT])
            assert _closed_by_server(oldest, 5.0)
            assert not _closed_by_server(own, 0.2) and not _closed_by_server(newer, 0.2)
    finally:
        for sock in socks:
            sock.close()
        server.stop()


def test_a_page_that_never_reads_is_dropped_and_the_night_never_waits() -> None:
    server = _server(Limits(write_seconds=1.0))
    deaf = _listen(server.port, GUEST)
    try:
        _stream_count(server, 1)
        started = time.monotonic()
        for number in range(400):  # 16 MB: far more than the sockets between them can hold
            server.broadcast.publish("caption", {"number": number, "text": "x" * 40_000})
        # Not a speed check: publishing that waited on the page would take its write limit (1 s) per event.
        assert time.monotonic() - started < 60.0
        _stream_count(server, 0)
    finally:
        deaf.close()
        server.stop()
