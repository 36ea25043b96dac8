"""`model fetch`: download with resume, check before unpacking, unpack whole or not at all.
Served by a real HTTP server on loopback that speaks Range requests."""

from __future__ import annotations

import http.server
import io
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from kiosk.voice.sound.model import ModelFetchError, check_archive, fetch_model, models_dir

NAME = "vosk-model-small-test"


def model_zip(*, complete: bool = True) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(f"{NAME}/am/final.mdl", b"\x00" * 50_000)
        archive.writestr(f"{NAME}/conf/mfcc.conf", "--use-energy=false\n")
        if complete:
            archive.writestr(f"{NAME}/conf/model.conf", "--beam=10.0\n")
        archive.writestr(f"{NAME}/graph/HCLr.fst", b"\x01" * 30_000)
    return buffer.getvalue()


@dataclass
class Served:
    body: bytes = b""
    ranges: list[str | None] = field(default_factory=list)
    break_after: int | None = None
    """Close the connection after sending this many bytes of the body (once)."""


@pytest.fixture
def served() -> Iterator[tuple[Served, str]]:
    state = Served()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            if self.path != f"/{NAME}.zip":
                self.send_error(404)
                return
            asked = self.headers.get("Range")
            state.ranges.append(asked)
            start = int(asked.split("=")[1].rstrip("-")) if asked else 0
            body = state.body[start:]
            self.send_response(206 if asked else 200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if state.break_after is not None:
                self.wfile.write(body[: state.break_after])
                state.break_after = None
                self.close_connection = True
                return
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield state, f"http://127.0.0.1:{server.server_address[1]}/{NAME}.zip"
    finally:
        server.shutdown()
        server.server_close()


def test_fetch_checks_and_unpacks(served: tuple[Served, str], tmp_path: Path) -> None:
    state, url = served
    state.body = model_zip()
    seen: list[tuple[int, int | None]] = []
    with httpx.Client(timeout=5) as client:
        target = fetch_model(
            url, tmp_path, client=client, progress=lambda done, total: seen.append((done, total))
        )
    assert target == tmp_path / NAME
    assert (target / "conf" / "model.conf").read_text() == "--beam=10.0\n"
    assert seen[-1] == (len(state.body), len(state.body))
    assert not list(tmp_path.glob("*.part")) and not list(tmp_path.glob(".unpack-*"))


def test_a_broken_download_resumes_where_it_stopped(served: tuple[Served, str], tmp_path: Path) -> None:
    state, url = served
    state.body = model_zip()
    state.break_after = 40_000
    with httpx.Client(timeout=5) as client:
        with pytest.raises(ModelFetchError, match="run it again to resume"):
            fetch_model(url, tmp_path, client=client)
        part = tmp_path / f"{NAME}.zip.part"
        assert part.stat().st_size == 40_000
        assert not (tmp_path / NAME).exists()
        fetch_model(url, tmp_path, client=client)
    assert state.ranges == [None, "bytes=40000-"]
    assert (tmp_path / NAME / "am" / "final.mdl").stat().st_size == 50_000


def test_an_archive_that_is_not_a_model_is_not_unpacked(served: tuple[Served, str], tmp_path: Path) -> None:
    state, url = served
    state.body = model_zip(complete=False)
    with httpx.Client(timeout=5) as client, pytest.raises(ModelFetchError, match=r"lacks conf/model\.conf"):
        fetch_model(url, tmp_path, client=client)
    assert not (tmp_path / NAME).exists() and not list(tmp_path.glob("*.part"))


def test_a_damaged_archive_is_refused(tmp_path: Path) -> None:
    data = bytearray(model_zip())
    data[200:260] = b"\xff" * 60  # inside the first member's data
    path = tmp_path / "model.zip"
    path.write_bytes(bytes(data))
    with pytest.raises(ModelFetchError):
        check_archive(path)


def test_a_404_is_one_clear_line(served: tuple[Served, str], tmp_path: Path) -> None:
    _, url = served
    with httpx.Client(timeout=5) as client, pytest.raises(ModelFetchError, match="404"):
        fetch_model(url.replace(NAME, "nothing"), tmp_path, client=client)


def test_the_model_is_looked_for_in_the_projects_models_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SNAP_APPLE_MODELS", raising=False)
    project = Path(__file__).resolve().parent.parent
    assert models_dir() == project / "models"  # wherever the module that finds it sits in kiosk/
    monkeypatch.setenv("SNAP_APPLE_MODELS", "/elsewhere")
    assert models_dir() == Path("/elsewhere")
