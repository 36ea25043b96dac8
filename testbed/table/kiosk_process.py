"""The real kiosk, `python -m kiosk voice`, as a process the simulated table listens to: it reads the kiosk's
text output (replies, the ledger, "(listening)" once a reply has been said) the way a person reads the
screen and hears the speaker, and knows from "(listening)" when it may speak; what each reply says, it
reads from the acts the kiosk writes beside it (`--acts`, kiosk/voice/acts.py)."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from queue import Empty, Queue
from typing import Protocol

from .kiosk_reply import ActsFollowed, KioskReply

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "models" / "vosk-model-small-en-us-0.15"
LISTENING = re.compile(r"^(?:[A-Z]+ [\w.]+: )?\(listening\)$")
"""The kiosk's mark that it listens again, bare or behind a log line's level and logger."""
HEARING = re.compile(r"^(?:[A-Z]+ [\w.]+: )?\(hearing\)|^DEBUG ")
"""Live captions and debug lines: kept in the transcript, never part of a reply."""


class KioskLine(Protocol):
    """The kiosk as the simulated table meets it: its replies, as printed and as acts, and the clock the
    night runs on (the wall clock for a kiosk process, the simulated room's own for
    virtual_line.VirtualKiosk)."""

    transcript: list[tuple[float, str]]

    @property
    def ended(self) -> bool: ...

    def block(self, timeout: float) -> KioskReply | None: ...

    def note(self, said: str) -> None: ...

    def shown(self) -> list[str]: ...

    def now(self) -> float: ...

    def wait(self, seconds: float) -> None: ...


class KioskProcess:
    """`python -m kiosk voice` on the room's microphone. With `speak` its replies are played to the room's
    speaker at its own pace (real seconds); without, they are written to a WAV file at once, so a night
    measures the table's turns and the kiosk's hearing, not its reading aloud."""

    def __init__(
        self,
        env: dict[str, str],
        folder: Path,
        *,
        save: str = "",
        speak: bool = False,
        rate: int = 150,
        tree: Path = ROOT,
    ) -> None:
        """`tree` is a folder holding the `kiosk` package to run (this checkout, or another version's copy
        for a before-and-after: `python -m` finds the package in its working folder first)."""
        command = [sys.executable, "-m", "kiosk", "voice", "--model", str(MODEL), "--rate", str(rate)]
        command += ["--log-level", "debug"]  # what was heard, each way, is in the transcript
        self.acts_path = folder / "acts.jsonl"
        command += ["--acts", str(self.acts_path)]
        if not speak:
            command += ["--audio-out", str(folder / "kiosk-said.wav")]
        if save:
            (folder / "save.txt").write_text(save + "\n")
            command += ["--save", str(folder / "save.txt")]
        self.transcript: list[tuple[float, str]] = []
        """Every line the kiosk printed, with seconds since it started."""
        self._lines: Queue[str | None] = Queue()
        self._started = time.monotonic()
        self.process = subprocess.Popen(
            command,
            env={**env, "SNAP_APPLE_HOME": str(folder / "home"), "PYTHONUNBUFFERED": "1"},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,  # one pipe keeps replies and "(listening)" in the order printed
            text=True,
            cwd=tree,
        )
        self._reader = threading.Thread(target=self._read, name="kiosk-output", daemon=True)
        self._reader.start()
        self.ended = False
        self._acts = ActsFollowed()
        self._acts_read = 0
        """Bytes of the acts file read."""

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def block(self, timeout: float) -> KioskReply | None:
        """The kiosk's next reply, up to its "(listening)" or the end of the night; None if nothing came
        within timeout seconds. Live captions ("(hearing) ...") are kept in the transcript only."""
        deadline = time.monotonic() + timeout
        lines: list[str] = []
        while True:
            until = deadline + 2 * timeout if lines else deadline  # a reply has begun: give its end longer
            try:
                line = self._lines.get(timeout=max(0.0, until - time.monotonic()))
            except Empty:
                return self._reply(lines) if lines else None
            if line is None:
                self.ended = True
                return self._reply(lines) if lines else None
            self.transcript.append((time.monotonic() - self._started, line))
            if HEARING.match(line):
                continue
            if LISTENING.match(line):
                return self._reply(lines)
            lines.append(line)

    def _reply(self, lines: list[str]) -> KioskReply:
        """The reply of these lines, with its acts: each written before its words were printed, so in the
        acts file by the time its words are read."""
        if self.acts_path.exists():
            with self.acts_path.open("rb") as acts:
                acts.seek(self._acts_read)
                come = acts.read()
            whole = come[: come.rfind(b"\n") + 1]  # a line still being written is read next time
            self._acts_read += len(whole)
            for act in whole.decode().splitlines():
                self._acts.add(act)
        return self._acts.reply(lines)

    def note(self, said: str) -> None:
        """Put what the table said into the transcript, in its place among the kiosk's lines ("> ...")."""
        self.transcript.append((time.monotonic() - self._started, f"> {said}"))

    def shown(self) -> list[str]:
        """What the kiosk showed, without its live captions."""
        return [line for _, line in self.transcript if not HEARING.match(line) and not line.startswith("> ")]

    def now(self) -> float:
        return time.monotonic()

    def wait(self, seconds: float) -> None:
        time.sleep(seconds)

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._reader.join(timeout=5)
        if self.process.stdout is not None:
            self.process.stdout.close()
        return self.process.returncode
