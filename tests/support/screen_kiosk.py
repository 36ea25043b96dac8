"""Helpers for the table screen's browser tests: a real `python -m kiosk play --screen` process, and the
page's own event stream read by a plain HTTP client."""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

import httpx

from .phones import code_in

AXE = Path(__file__).resolve().parent.parent / "browser" / "node_modules" / "axe-core" / "axe.min.js"
ARTEFACTS = Path(__file__).resolve().parent.parent.parent / "test-artefacts" / "screen"
REPLY_WAIT = 30.0
"""Seconds to wait for the kiosk's next reply before the test fails (never a speed check)."""


def _lines(stream: IO[str], into: queue.Queue[str]) -> None:
    for line in iter(stream.readline, ""):
        into.put(line)
    into.put("")


def _next_holding(lines: queue.Queue[str], text: str, where: str) -> str:
    while True:
        line = lines.get(timeout=REPLY_WAIT)
        assert line, f"the kiosk stopped before saying {text!r} {where}"
        if text in line:
            return line


@dataclass
class Kiosk:
    """A kiosk process playing a typed night with its screen on loopback."""

    process: subprocess.Popen[str]
    url: str
    replies: list[str] = field(default_factory=list)
    _out: queue.Queue[str] = field(default_factory=queue.Queue)
    _err: queue.Queue[str] = field(default_factory=queue.Queue)
    _readers: list[threading.Thread] = field(default_factory=list)

    @classmethod
    def start(cls, home: Path, *args: str, command: str = "play") -> Kiosk:
        """`command` is play, or serve (typed; its settings file kept in `home`)."""
        typed = ("--typed",) if command == "serve" else ()
        process = subprocess.Popen(
            [sys.executable, "-m", "kiosk", command, *typed, "--screen", "127.0.0.1:0", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            env={**os.environ, "SNAP_APPLE_HOME": str(home), "SNAP_APPLE_CONFIG": str(home / "kiosk.toml")},
        )
        assert process.stdout is not None and process.stderr is not None
        out: queue.Queue[str] = queue.Queue()
        err: queue.Queue[str] = queue.Queue()
        readers = [
            threading.Thread(target=_lines, args=(process.stdout, out), daemon=True),
            threading.Thread(target=_lines, args=(process.stderr, err), daemon=True),
        ]
        for reader in readers:
            reader.start()
        url = ""
        while not url:
            line = err.get(timeout=REPLY_WAIT)
            assert line, "the kiosk stopped before its screen started"
            if found := re.search(r"Table screen: (http://\S+)", line):
                url = found[1]
        kiosk = cls(process, url, _out=out, _err=err, _readers=readers)
        kiosk.replies.append(kiosk._next_reply())
        return kiosk

    def _next_reply(self) -> str:
        """Stdout up to and including the ledger line that ends every reply."""
        lines: list[str] = []
        while True:
            line = self._out.get(timeout=REPLY_WAIT)
            assert line, "the kiosk stopped: " + "".join(lines)
            lines.append(line.removeprefix("> "))
            if "[L] " in line:
                return "".join(lines)

    def say(self, message: str) -> str:
        """Type a message at the terminal; the kiosk's reply."""
        assert self.process.stdin is not None
        self.process.stdin.write(message + "\n")
        self.process.stdin.flush()
        return self.wait_reply()

    def pairing_code(self) -> str:
        """Say "pair a phone" at the kiosk's terminal; the code it gives."""
        return code_in(self.say("pair a phone"))

    def wait_reply(self) -> str:
        reply = self._next_reply()
        self.replies.append(reply)
        return reply

    def wait_stdout(self, text: str) -> str:
        """The kiosk's next line on stdout that holds `text` (the lines before it are passed over)."""
        return _next_holding(self._out, text, "on stdout")

    def wait_stderr(self, text: str) -> str:
        """The kiosk's next line on stderr that holds `text` (the lines before it are passed over)."""
        return _next_holding(self._err, text, "on stderr")

    def stderr_left(self) -> str:
        """Once stopped: everything on stderr not yet passed over."""
        lines = []
        while line := self._err.get(timeout=REPLY_WAIT):
            lines.append(line)
        return "".join(lines)

    def stop(self) -> int:
        """Close the terminal (the night ends as at end of input) and wait for the process to exit."""
        assert self.process.stdin is not None and self.process.stdout and self.process.stderr
        if not self.process.stdin.closed:
            self.process.stdin.close()
        code = self.process.wait(timeout=30)
        for reader in self._readers:
            reader.join(timeout=30)
        self.process.stdout.close()
        self.process.stderr.close()
        return code


class EventLog:
    """The screen's event stream as any device receives it, read by a plain HTTP client in a thread."""

    def __init__(self, url: str) -> None:
        self.events: list[tuple[str, str]] = []
        self.replies_seen = 0
        self._lock = threading.Condition()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._read, args=(url,), daemon=True)
        self._thread.start()
        assert self._ready.wait(REPLY_WAIT)

    def _read(self, url: str) -> None:
        kind = "message"
        with (
            httpx.Client(timeout=httpx.Timeout(10.0, read=None)) as client,
            client.stream("GET", url + "events") as response,
        ):
            self._ready.set()
            for line in response.iter_lines():
                if line.startswith("event: "):
                    kind = line.removeprefix("event: ")
                elif line.startswith("data: "):
                    data = line.removeprefix("data: ")
                    with self._lock:
                        self.events.append((kind, data))
                        if kind == "view":
                            self.replies_seen = max(self.replies_seen, json.loads(data)["replies"])
                        self._lock.notify_all()

    def wait_replies(self, count: int) -> None:
        """Until the stream has carried the view after `count` host replies."""
        with self._lock:
            assert self._lock.wait_for(lambda: self.replies_seen >= count, REPLY_WAIT), self.replies_seen

    def text(self) -> str:
        with self._lock:
            return "\n".join(data for _, data in self.events)

    def count(self, kind: str) -> int:
        with self._lock:
            return sum(1 for k, _ in self.events if k == kind)


def words(text: str) -> Iterator[str]:
    yield from re.findall(r"\w+", text.lower())
