"""Fetching and keeping the sealed key, against a real HTTPS server on loopback started by the test."""

from __future__ import annotations

import hashlib
import http.server
import ssl
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import httpx
import pytest
import trustme

from kiosk import cartridge as card
from kiosk.cartridge import SealedNotice
from kiosk.engine.host import Host, KeySource
from kiosk.keys import KEY_FILE_LIMIT
from kiosk.keystore import FetchError, KeyStore, TamperedKey, fetch_and_keep, load_for_night, status

from .conftest import KeyText

GOOD = KeyText().render().encode()
PATH = "/g/halloween-trivia/reveal-test.md"


@dataclass
class Routes:
    """What the server answers for each path, and how many requests it saw."""

    answers: dict[str, tuple[int, dict[str, str], bytes]] = field(default_factory=dict)
    hang: set[str] = field(default_factory=set)
    truncate: set[str] = field(default_factory=set)
    hits: list[str] = field(default_factory=list)


def make_handler(routes: Routes) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            routes.hits.append(self.path)
            if self.path in routes.hang:
                time.sleep(1.5)
                return
            status, headers, body = routes.answers.get(self.path, (404, {}, b"not here"))
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.path in routes.truncate:
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
                return
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    return Handler


@dataclass
class Server:
    routes: Routes
    base: str
    ca: trustme.CA

    def notice(self, path: str = PATH) -> SealedNotice:
        return SealedNotice(
            reveal_url=self.base + path,
            commitment="43b5205725d6469a",
            home=self.base + "/g/halloween-trivia/",
        )

    def client(self, timeout: float = 0.5) -> httpx.Client:
        context = ssl.create_default_context()
        self.ca.configure_trust(context)
        return httpx.Client(verify=context, timeout=timeout, follow_redirects=False)


@pytest.fixture
def server() -> Iterator[Server]:
    ca = trustme.CA()
    certificate = ca.issue_cert("127.0.0.1", "localhost")
    routes = Routes()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), make_handler(routes))
    httpd.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    certificate.configure_cert(context)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield Server(routes, f"https://127.0.0.1:{httpd.server_address[1]}", ca)
    finally:
        httpd.shutdown()
        httpd.server_close()


def no_partial_files(folder: Path) -> bool:
    return not folder.exists() or not [p for p in folder.iterdir() if p.name.endswith(".part")]


def test_a_good_key_is_kept_with_its_sha256(server: Server, tmp_path: Path) -> None:
    server.routes.answers[PATH] = (200, {}, GOOD)
    store = KeyStore(tmp_path / "sealed")
    lines: list[str] = []
    with server.client() as client:
        kept = fetch_and_keep(store, notice=server.notice(), client=client, progress=lines.append)
    assert store.key_path.read_bytes() == GOOD
    assert kept.sha256 == hashlib.sha256(GOOD).hexdigest()
    assert lines and lines[-1].startswith("Fetching the sealed key:")
    assert "SHA-256 " + kept.sha256 in status(store)
    assert "do not match the sealed notice's commitment 43b5205725d6469a" in status(store)
    # A notice committed to these very bytes: the kept key plays as the sealed key.
    committed = replace(server.notice(), commitment=kept.sha256[:16])
    loaded = load_for_night(store, notice=committed)
    assert loaded.key is not None and loaded.source is KeySource.SEALED
    assert loaded.path == store.key_path
    opening = Host(loaded.key, source=loaded.source).opening()
    assert "commitment 43b5205725d6469a;" in opening.speech  # the notice's, not one computed here


def test_a_kept_key_that_is_not_the_notices_is_refused_even_with_its_record_to_match(tmp_path: Path) -> None:
    store = KeyStore(tmp_path / "sealed")
    store.keep(GOOD, card.NOTICE.reveal_url, "2026-10-31T18:00:00Z")  # bytes and record agree
    loaded = load_for_night(store)
    assert loaded.key is None and loaded.source is KeySource.SEALED
    assert f"does not begin with the sealed notice's commitment {card.NOTICE.commitment}" in loaded.problem
    assert Host(loaded.key, source=loaded.source).opening().text.startswith(card.NO_KEY)


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (GOOD[: len(GOOD) // 2], "not whole"),
        (KeyText(salt=None).render().encode(), "missing SALT"),
        (b"# A summary\nA1 is about bats.", "not whole"),
    ],
    ids=["cut-short", "no-salt", "summarised"],
)
def test_a_key_that_is_not_whole_is_fetched_once_more_then_refused(
    server: Server, tmp_path: Path, body: bytes, reason: str
) -> None:
    server.routes.answers[PATH] = (200, {}, body)
    store = KeyStore(tmp_path / "sealed")
    with server.client() as client, pytest.raises(FetchError, match=reason):
        fetch_and_keep(store, notice=server.notice(), client=client)
    assert server.routes.hits == [PATH, PATH]
    assert not store.key_path.exists() and no_partial_files(store.folder)


def test_a_404_is_a_clear_error(server: Server, tmp_path: Path) -> None:
    store = KeyStore(tmp_path / "sealed")
    with server.client() as client, pytest.raises(FetchError, match="404 Not Found"):
        fetch_and_keep(store, notice=server.notice(), client=client)
    assert not store.key_path.exists()


def test_a_server_that_hangs_past_the_timeout(server: Server, tmp_path: Path) -> None:
    server.routes.hang.add(PATH)
    store = KeyStore(tmp_path / "sealed")
    with (
        server.client(timeout=0.3) as client,
        pytest.raises(FetchError, match=r"no answer within 0\.3 seconds"),
    ):
        fetch_and_keep(store, notice=server.notice(), client=client)
    assert len(server.routes.hits) == 2
    assert not store.key_path.exists()


def test_a_redirect_to_another_host_is_refused_and_not_followed(server: Server, tmp_path: Path) -> None:
    server.routes.answers[PATH] = (302, {"Location": "https://example.invalid/reveal.md"}, b"")
    store = KeyStore(tmp_path / "sealed")
    with server.client() as client, pytest.raises(FetchError, match="redirected away"):
        fetch_and_keep(store, notice=server.notice(), client=client)
    assert server.routes.hits == [PATH]


def test_a_redirect_within_the_keys_home_is_followed(server: Server, tmp_path: Path) -> None:
    moved = "/g/halloween-trivia/reveal-moved.md"
    server.routes.answers[PATH] = (301, {"Location": moved}, b"")
    server.routes.answers[moved] = (200, {}, GOOD)
    store = KeyStore(tmp_path / "sealed")
    with server.client() as client:
        fetch_and_keep(store, notice=server.notice(), client=client)
    assert store.key_path.read_bytes() == GOOD


def test_a_truncated_body_is_refused(server: Server, tmp_path: Path) -> None:
    server.routes.answers[PATH] = (200, {}, GOOD)
    server.routes.truncate.add(PATH)
    store = KeyStore(tmp_path / "sealed")
    with server.client() as client, pytest.raises(FetchError, match="cut short"):
        fetch_and_keep(store, notice=server.notice(), client=client)
    assert not store.key_path.exists() and no_partial_files(store.folder)


def test_plain_http_is_refused(server: Server, tmp_path: Path) -> None:
    notice = SealedNotice(
        "http://127.0.0.1:1/g/halloween-trivia/x.md", "0" * 16, "http://127.0.0.1:1/g/halloween-trivia/"
    )
    with server.client() as client, pytest.raises(FetchError, match="not an HTTPS address"):
        fetch_and_keep(KeyStore(tmp_path), notice=notice, client=client)


def test_a_kept_key_edited_afterwards_is_refused_as_tampered(server: Server, tmp_path: Path) -> None:
    server.routes.answers[PATH] = (200, {}, GOOD)
    store = KeyStore(tmp_path / "sealed")
    with server.client() as client:
        fetch_and_keep(store, notice=server.notice(), client=client)
    store.key_path.write_bytes(GOOD.replace(b"answera1", b"answera2"))
    with pytest.raises(TamperedKey):
        store.load()
    loaded = load_for_night(store)
    assert loaded.key is None and "tampered" in loaded.problem
    assert Host(loaded.key).opening().lines[0].text == card.NO_KEY
    assert "refused as tampered" in status(store)


def test_no_key_kept_and_offline_gives_the_rule_2_line(server: Server, tmp_path: Path) -> None:
    store = KeyStore(tmp_path / "sealed")
    with server.client() as client:
        loaded = load_for_night(store, notice=server.notice("/g/halloween-trivia/missing.md"), client=client)
    assert loaded.key is None and "fetching it failed" in loaded.problem
    assert Host(loaded.key, source=loaded.source).opening().lines[0].text == card.NO_KEY
    assert "No key is kept" in status(store)


@pytest.mark.process
def test_key_status_and_sealed_night_from_the_command_line(server: Server, tmp_path: Path) -> None:
    import json
    import os
    import subprocess
    import sys

    server.routes.answers[PATH] = (200, {}, GOOD)
    home = tmp_path / "home"
    with server.client() as client:
        fetch_and_keep(KeyStore(home / "sealed"), notice=server.notice(), client=client)
    env = {**os.environ, "SNAP_APPLE_HOME": str(home)}
    status_run = subprocess.run(
        [sys.executable, "-m", "kiosk", "key", "status"], env=env, capture_output=True, text=True, check=True
    )
    assert hashlib.sha256(GOOD).hexdigest() in status_run.stdout
    night = subprocess.run(
        [sys.executable, "-m", "kiosk", "replay", "--sealed"],
        env=env,
        input='{"say": "two"}\n',
        capture_output=True,
        text=True,
        check=False,
    )
    # The test key's SHA-256 is not the notice's commitment: the night refuses it (Rule 2).
    replies = [json.loads(line)["reply"] for line in night.stdout.splitlines()]
    assert night.returncode == 2 and len(replies) == 1
    assert replies[0].split("\n")[0] == card.NO_KEY and replies[0].split("\n")[-1].startswith("[L] ")
    assert "does not begin with the sealed notice's commitment 43b5205725d6469a" in night.stderr


def test_a_download_larger_than_a_key_file_can_be_is_refused_before_it_is_kept(
    server: Server, tmp_path: Path
) -> None:
    # The same limit as a key file read from disk, so a sealed key that is fetched is one that can be loaded.
    server.routes.answers[PATH] = (200, {}, GOOD + b"\n" * KEY_FILE_LIMIT)
    store = KeyStore(tmp_path / "sealed")
    with server.client() as client, pytest.raises(FetchError, match="far larger than a key"):
        fetch_and_keep(store, notice=server.notice(), client=client)
    assert not store.key_path.exists() and no_partial_files(store.folder)
