"""A bench's run kept as its own dated record in docs/measurements/, never as an edit to the README.

Each bench runs inside `recorded(name)`: what it prints is shown as usual and also kept, and when the run ends
whole the record is written as `YYYY-MM-DD-<commit>-<bench>.md`, with the command, the commit (and whether
the tree had changes not committed), the machine and the printed figures. The benches print held-out figures
apart from tuning ones; the record keeps them as printed."""

from __future__ import annotations

import io
import os
import platform
import shlex
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "docs" / "measurements"
NO_RECORD = "SNAP_APPLE_NO_RECORD"
"""Set (to anything) to run a bench without writing its record: a trial run whose figures mean nothing."""


class _Tee(io.TextIOBase):
    """Writes go to the terminal and are kept for the record."""

    def __init__(self, shown: TextIO) -> None:
        self.shown = shown
        self.kept = io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return self.shown.write(text)

    def flush(self) -> None:
        self.shown.flush()


def _git(*arguments: str) -> str:
    try:
        run = subprocess.run(["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=False)
    except OSError:
        return ""
    return run.stdout.strip() if run.returncode == 0 else ""


def commit() -> str:
    """The short commit of this tree, with "+changes" when files differ from it (such figures are a trial's)."""
    head = _git("rev-parse", "--short", "HEAD") or "unknown"
    return f"{head}+changes" if _git("status", "--porcelain", "--untracked-files=no") else head


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        pages = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        memory = f", {pages / 2**30:.0f} GiB"
    except (ValueError, OSError):
        pass
    return f"{cpu}, {os.cpu_count()} cores{memory}; {platform.system()} {platform.release()}; Python {platform.python_version()}"


def record_path(bench: str, when: datetime, at: str, folder: Path = RECORDS) -> Path:
    """A new file for this run: a second run of the same bench on the same day and commit gets its own."""
    stem = f"{when:%Y-%m-%d}-{at}-{bench}"
    path = folder / f"{stem}.md"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.md"
        number += 1
    return path


def render(bench: str, command: list[str], started: datetime, seconds: float, at: str, printed: str) -> str:
    return (
        f"# {bench}, {started:%Y-%m-%d} at {at}\n\n"
        f"- command: `{shlex.join(command)}`\n"
        f"- commit: `{at}`\n"
        f"- machine: {machine()}\n"
        f"- started: {started:%Y-%m-%d %H:%M} UTC; took {seconds / 60:.1f} min\n\n"
        "Written by the bench itself (testbed/measurement.py); the figures are as it printed them.\n\n"
        f"## Figures\n\n```\n{printed.rstrip()}\n```\n"
    )


@contextmanager
def recorded(bench: str, folder: Path = RECORDS, argv: list[str] | None = None) -> Iterator[None]:
    """Run a bench with what it prints kept; on a whole run, write its record and say where. `argv`: the
    command's words after the interpreter, when sys.argv does not say them as they were typed."""
    if os.environ.get(NO_RECORD):
        yield
        return
    started = datetime.now(timezone.utc)
    tee = _Tee(sys.stdout)
    sys.stdout = tee
    try:
        yield
    finally:
        sys.stdout = tee.shown
    seconds = (datetime.now(timezone.utc) - started).total_seconds()
    at = commit()
    folder.mkdir(parents=True, exist_ok=True)
    path = record_path(bench, started, at, folder)
    command = [Path(sys.executable).name, *(sys.argv if argv is None else argv)]
    path.write_text(render(bench, command, started, seconds, at, tee.kept.getvalue()))
    print(f"Record written: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
