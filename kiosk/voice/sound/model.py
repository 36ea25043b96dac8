"""`python -m kiosk model fetch`: download the small English Vosk model once, while online. A broken download
resumes, and the archive is checked and unpacked under a temporary name, so a model is whole or absent."""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

import httpx

import kiosk

_LOG = logging.getLogger(__name__)

MODEL_NAME = "vosk-model-small-en-us-0.15"
MODEL_URL = f"https://alphacephei.com/vosk/models/{MODEL_NAME}.zip"
REQUIRED = ("am/final.mdl", "conf/model.conf", "conf/mfcc.conf")
TIMEOUT = 30.0
"""Seconds without progress before a download try gives up (it can be resumed)."""

Progress = Callable[[int, int | None], None]


class ModelFetchError(Exception):
    """The model could not be fetched or is not whole; one line for the person at the kiosk."""


def models_dir() -> Path:
    """$SNAP_APPLE_MODELS, else the project's models/ folder."""
    override = os.environ.get("SNAP_APPLE_MODELS")
    if override:
        return Path(override)
    return Path(kiosk.__file__).resolve().parent.parent / "models"  # the project's, wherever this module sits


def default_model_path() -> Path:
    return models_dir() / MODEL_NAME


def download(url: str, part: Path, *, client: httpx.Client, progress: Progress) -> None:
    have = part.stat().st_size if part.exists() else 0
    headers = {"Range": f"bytes={have}-"} if have else {}
    with client.stream("GET", url, headers=headers) as response:
        if response.status_code == 416:  # the part file is already whole
            return
        if response.status_code not in (200, 206):
            raise ModelFetchError(f"the server answered {response.status_code} {response.reason_phrase}")
        if response.status_code == 200:
            have = 0  # the server does not resume: start again
        length = response.headers.get("content-length")
        total = have + int(length) if length and length.isdigit() else None
        with part.open("ab" if have else "wb") as file:
            done = have
            for chunk in response.iter_bytes():
                file.write(chunk)
                done += len(chunk)
                progress(done, total)
        if total is not None and done < total:
            raise ModelFetchError(
                f"the download broke off at {done} of {total} bytes; run it again to resume"
            )


def check_archive(path: Path) -> str:
    """The top folder of a whole Vosk model archive; raises ModelFetchError otherwise."""
    if not zipfile.is_zipfile(path):
        raise ModelFetchError(f"{path.name} is not a zip archive")
    with zipfile.ZipFile(path) as archive:
        broken = archive.testzip()
        if broken is not None:
            raise ModelFetchError(f"{broken} in {path.name} is damaged")
        names = archive.namelist()
    tops = {name.split("/", 1)[0] for name in names}
    if len(tops) != 1:
        raise ModelFetchError(f"{path.name} does not hold one model folder")
    top = tops.pop()
    missing = [item for item in REQUIRED if f"{top}/{item}" not in names]
    if missing:
        raise ModelFetchError(f"{path.name} is not a Vosk model: it lacks {', '.join(missing)}")
    return top


def unpack(archive_path: Path, top: str, dest: Path) -> Path:
    """Unpack into dest/<top> through a temporary folder, so the model appears whole or not at all."""
    target = dest / top
    with tempfile.TemporaryDirectory(dir=dest, prefix=".unpack-") as temporary:
        with zipfile.ZipFile(archive_path) as archive:
            for member in archive.namelist():
                resolved = (Path(temporary) / member).resolve()
                if not str(resolved).startswith(str(Path(temporary).resolve())):
                    raise ModelFetchError(f"{member} would unpack outside the models folder")
            archive.extractall(temporary)
        if target.exists():
            shutil.rmtree(target)
        os.replace(Path(temporary) / top, target)
    return target


def fetch_model(
    url: str = MODEL_URL,
    dest: Path | None = None,
    *,
    client: httpx.Client | None = None,
    progress: Progress = lambda done, total: None,
) -> Path:
    dest = dest or models_dir()
    dest.mkdir(parents=True, exist_ok=True)
    part = dest / (Path(httpx.URL(url).path).name + ".part")
    own_client = client is None
    client = client or httpx.Client(timeout=TIMEOUT, follow_redirects=True)
    try:
        download(url, part, client=client, progress=progress)
    except httpx.HTTPError as error:
        raise ModelFetchError(
            f"the download failed ({error.__class__.__name__}); run it again to resume"
        ) from error
    finally:
        if own_client:
            client.close()
    try:
        top = check_archive(part)
    except ModelFetchError:
        part.unlink(missing_ok=True)  # a damaged archive cannot be resumed into a good one
        raise
    target = unpack(part, top, dest)
    part.unlink()
    return target


def _bar(done: int, total: int | None) -> None:
    if total:
        filled = int(30 * done / total)
        line = f"[{'#' * filled}{'.' * (30 - filled)}] {100 * done / total:5.1f}% {done / 1e6:.1f}/{total / 1e6:.1f} MB"
    else:
        line = f"{done / 1e6:.1f} MB"
    print("\r" + line, end="", file=sys.stderr, flush=True)


def fetch_command(url: str | None, dest: Path | None) -> int:
    try:
        target = fetch_model(url or MODEL_URL, dest, progress=_bar)
    except ModelFetchError as error:
        print(file=sys.stderr)  # the progress bar's line ends
        _LOG.error("Could not fetch the speech model: %s.", error)
        return 1
    print(file=sys.stderr)
    _LOG.info("The speech model is ready in %s.", target)
    return 0
