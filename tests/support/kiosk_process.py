"""A real `python -m kiosk play` process driven through its pipes, as a person at the terminal would:
send a line, wait for the reply and the next prompt. Used by the fault tests to stop it at exact points."""

from __future__ import annotations

import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

from kiosk import Host, Reply
from kiosk.keys import LoadedKey, load_practice

PROMPT = b"> "
HANG_GUARD = 60.0
"""Seconds after which a kiosk that never prompts again is called stuck (a guard, not a measurement)."""


def uninterrupted(
    messages: list[str], *, voice: bool = False, loaded: LoadedKey | None = None
) -> list[Reply]:
    """The night played straight through (on the practice key unless told): the opening, then each reply."""
    loaded = loaded or load_practice()
    host = Host(loaded.key, source=loaded.source, voice=voice)
    return [host.opening(), *(host.hear(message) for message in messages)]


def carried_on(messages: list[str], *, voice: bool = False, loaded: LoadedKey | None = None) -> Reply:
    """What a night kept after these messages says first when it is carried on: where it stands."""
    loaded = loaded or load_practice()
    host = Host(loaded.key, source=loaded.source, voice=voice)
    host.opening()
    for message in messages:
        host.hear(message)
    return host.carry_on()


def run_play(home: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return run_kiosk(home, "play", *args, lines=lines)


def run_kiosk(home: Path, *args: str, lines: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m kiosk ARGS` on a data folder (its settings file there too), each line typed in turn."""
    return subprocess.run(
        [sys.executable, "-m", "kiosk", *args],
        input="".join(line + "\n" for line in lines or []),
        capture_output=True,
        text=True,
        timeout=HANG_GUARD,
        check=False,
        env={**os.environ, "SNAP_APPLE_HOME": str(home), "SNAP_APPLE_CONFIG": str(home / "kiosk.toml")},
    )


def shown(replies: list[Reply], *, farewell: str) -> str:
    """What a terminal shows for these replies: the first, then each after a prompt, then the farewell."""
    text = replies[0].text + "\n" + "".join(f"> {reply.text}\n" for reply in replies[1:])
    return text + ("" if replies[-1].over else "> \n") + farewell + "\n"


class PlayProcess:
    """A live `play` process: `say()` sends a message and returns what it showed up to the next prompt."""

    def __init__(self, home: Path, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kiosk", "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "SNAP_APPLE_HOME": str(home)},
        )
        self.output = b""
        self.first = self._until_prompt()

    def _until_prompt(self) -> str:
        assert self.process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            start = len(self.output)
            deadline = time.monotonic() + HANG_GUARD
            while len(self.output) == start or not self.output.endswith(PROMPT):
                if not selector.select(timeout=max(0.0, deadline - time.monotonic())):
                    raise AssertionError(f"the kiosk never prompted again; it showed {self.output[-400:]!r}")
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise AssertionError(f"the kiosk ended; it showed {self.output[-400:]!r}")
                self.output += chunk
        return self.output[start : -len(PROMPT)].decode()

    def say(self, message: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write((message + "\n").encode())
        self.process.stdin.flush()
        return self._until_prompt()

    def send_all(self, messages: list[str]) -> None:
        """Send every message at once, without waiting for replies."""
        assert self.process.stdin is not None
        self.process.stdin.write("".join(m + "\n" for m in messages).encode())
        self.process.stdin.flush()

    def kill(self) -> tuple[int, str, str]:
        """Stop it as a pulled plug would: SIGKILL, no chance to tidy up."""
        return self.stop(signal.SIGKILL)

    def stop(self, signum: int) -> tuple[int, str, str]:
        self.process.send_signal(signum)
        return self.finish()

    def finish(self) -> tuple[int, str, str]:
        out, err = self.process.communicate(timeout=HANG_GUARD)
        self.output += out
        return self.process.returncode, self.output.decode(), err.decode()
