"""A guest floods the table screen while the table plays: figures of what the guest holds and what the night
feels, against a real `python -m kiosk serve --typed` under a Pi user's open-file limit (ulimit -n 1024).

    python scripts/probe_screen_flood.py [--connections 1100] [--addresses 1] [--seconds 20] [--json]

From one loopback address (127.0.0.3; or `--addresses` of them from 127.0.1.1 on, each taking its turn) the
guest keeps `--connections` connections open the whole time, half
sending their headers a byte at a time and never finishing them, half event streams that read and never
leave; every connection the kiosk closes or refuses is opened again at once. Meanwhile a night is typed at
the kiosk's terminal, and the adult pairs a phone from another address (127.0.0.2) and types a
message there. Prints, in milliseconds and counts: each reply's latency (typed to reply printed), the PIN
unlock's and the keyboard message's, the kiosk's open files and memory at their peak, the guest's
connections opened and closed, the turns in the journal, and the kiosk's log lines about the screen. With
--json, one JSON object instead (tests/test_screen_guard_flood.py reads it).
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import queue
import re
import resource
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO

import httpx

PI_OPEN_FILES = 1024
PHONE_COOKIE = "kiosk-phone"
"""Where a paired phone keeps its token (kiosk.screen.server.PHONE_COOKIE)."""
GUEST = "127.0.0.3"
ADULT = "127.0.0.2"
REPLY_WAIT = 30.0
"""Seconds to wait for a reply before the probe calls it lost (no speed limit: the figures say)."""
TYPED = ["two", "D1", "Bats: fly. Ghosts: glide", "D2", "Bats: pass. Ghosts: pass"]
KEYBOARD = "C1"
"""Typed on the adult's phone, once paired, in the middle of the night."""
AFTER = ["Bats: pass. Ghosts: pass", "end the night", "Bats: yes", "Ghosts: yes"]


def _pi_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (PI_OPEN_FILES, PI_OPEN_FILES))


def _lines(stream: IO[str], into: queue.Queue[tuple[float, str]]) -> None:
    for line in iter(stream.readline, ""):
        into.put((time.monotonic(), line))
    into.put((time.monotonic(), ""))


class Kiosk:
    """`serve --typed` with its screen on 127.0.0.1, started under the Pi's open-file limit."""

    def __init__(self, home: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kiosk", "serve", "--typed", "--screen", "127.0.0.1:0"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
            preexec_fn=_pi_limit,
            env={**os.environ, "SNAP_APPLE_HOME": str(home), "SNAP_APPLE_CONFIG": str(home / "kiosk.toml")},
        )
        assert self.process.stdout is not None and self.process.stderr is not None
        self.out: queue.Queue[tuple[float, str]] = queue.Queue()
        self.err: list[str] = []
        self._err: queue.Queue[tuple[float, str]] = queue.Queue()
        threading.Thread(target=_lines, args=(self.process.stdout, self.out), daemon=True).start()
        threading.Thread(target=_lines, args=(self.process.stderr, self._err), daemon=True).start()
        self.url = ""
        while not self.url:
            _, line = self._err.get(timeout=REPLY_WAIT)
            if not line:
                raise RuntimeError("the kiosk stopped before its screen started")
            self.err.append(line)
            if found := re.search(r"Table screen: (http://\S+)", line):
                self.url = found[1]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))
        self.reply()

    def reply(self) -> float | None:
        """The time the next reply's ledger line was printed, or None when none came in time."""
        deadline = time.monotonic() + REPLY_WAIT
        while (left := deadline - time.monotonic()) > 0:
            try:
                at, line = self.out.get(timeout=left)
            except queue.Empty:
                return None
            if not line:
                return None
            if "[L] " in line:
                return at
        return None

    def type(self, message: str) -> float | None:
        """Milliseconds from typing `message` at the terminal to its reply, or None when none came."""
        assert self.process.stdin is not None
        started = time.monotonic()
        self.process.stdin.write(message + "\n")
        self.process.stdin.flush()
        replied = self.reply()
        return None if replied is None else (replied - started) * 1000

    def pairing_code(self) -> str:
        """Type "pair a phone" at the terminal; the code the kiosk gives."""
        assert self.process.stdin is not None
        self.process.stdin.write("pair a phone\n")
        self.process.stdin.flush()
        lines = []
        while True:
            _, line = self.out.get(timeout=REPLY_WAIT)
            if not line:
                raise RuntimeError("the kiosk stopped before it gave a pairing code")
            lines.append(line)
            if "[L] " in line:
                break
        found = re.search(r"pairing code (\d), (\d), (\d), (\d)\.", "".join(lines))
        if found is None:
            raise RuntimeError("no pairing code in: " + "".join(lines))
        return "".join(found.groups())

    def open_files(self) -> int:
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def memory_kb(self) -> tuple[int, int]:
        """(VmRSS, VmHWM): now and at its peak."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        kb = {
            line.split(":")[0]: int(line.split()[1]) for line in status.splitlines() if line.startswith("Vm")
        }
        return kb.get("VmRSS", 0), kb.get("VmHWM", 0)

    def stop(self) -> tuple[int, float]:
        """Close the terminal; the exit status and the seconds it took."""
        assert self.process.stdin is not None
        started = time.monotonic()
        self.process.stdin.close()
        code = self.process.wait(timeout=60)
        while True:
            try:
                _, line = self._err.get(timeout=10)
            except queue.Empty:
                break
            if not line:
                break
            self.err.append(line)
        return code, time.monotonic() - started


@dataclass
class SwarmCounts:
    opened: int = 0
    closed_by_kiosk: int = 0
    longest_slow_header_s: float = 0.0
    """The longest a slow-header connection stayed open once its first byte was sent."""


@dataclass
class _Slot:
    sock: socket.socket
    slow: bool
    since: float
    sent: bool = False


@dataclass
class Swarm:
    """One guest's connections to the kiosk, kept up on a thread until `stop`."""

    port: int
    connections: int
    addresses: tuple[str, ...] = (GUEST,)
    counts: SwarmCounts = field(default_factory=SwarmCounts)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def start(self) -> Swarm:
        self._thread = threading.Thread(target=self._run, name="swarm", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    def _open(self, selector: selectors.BaseSelector, slow: bool) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((self.addresses[self.counts.opened % len(self.addresses)], 0))
        code = sock.connect_ex(("127.0.0.1", self.port))
        if code not in (0, errno.EINPROGRESS):
            sock.close()
            return
        self.counts.opened += 1
        selector.register(sock, selectors.EVENT_WRITE, _Slot(sock, slow, time.monotonic()))

    def _run(self) -> None:
        selector = selectors.DefaultSelector()
        missing = [number % 2 == 0 for number in range(self.connections)]
        trickle = time.monotonic()
        while not self._stop.is_set():
            for slow in missing[:400]:  # no faster than a few thousand a second: the probe's own CPU
                self._open(selector, slow)
            del missing[:400]
            for key, events in selector.select(timeout=0.05):
                slot: _Slot = key.data
                if events & selectors.EVENT_WRITE and not slot.sent:
                    slot.sent = True
                    request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-" if slot.slow else _stream(self.port)
                    try:
                        slot.sock.send(request.encode())
                    except OSError:
                        missing.append(self._gone(selector, slot))
                        continue
                    selector.modify(slot.sock, selectors.EVENT_READ, slot)
                elif events & selectors.EVENT_READ:
                    try:
                        data = slot.sock.recv(65536)
                    except OSError:
                        data = b""
                    if not data:
                        missing.append(self._gone(selector, slot))
            if time.monotonic() - trickle > 2.0:  # a slow client sends a byte now and then, never the end
                trickle = time.monotonic()
                for key in list(selector.get_map().values()):
                    slot = key.data
                    if slot.slow and slot.sent:
                        with contextlib.suppress(OSError):
                            slot.sock.send(b"a")
        for key in list(selector.get_map().values()):
            key.data.sock.close()
        selector.close()

    def _gone(self, selector: selectors.BaseSelector, slot: _Slot) -> bool:
        self.counts.closed_by_kiosk += 1
        if slot.slow and slot.sent:
            held = time.monotonic() - slot.since
            self.counts.longest_slow_header_s = max(self.counts.longest_slow_header_s, held)
        selector.unregister(slot.sock)
        slot.sock.close()
        return slot.slow


def _stream(port: int) -> str:
    return f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"


def pair_phone(kiosk: Kiosk, address: str) -> tuple[int, float, str]:
    """The adult says "pair a phone" at the kiosk and pairs a phone at `address` with the code.
    (status, milliseconds, the phone's token); the kiosk's "One phone is paired." is read past."""
    code = kiosk.pairing_code()
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=kiosk.url, transport=transport, timeout=REPLY_WAIT) as phone:
        started = time.monotonic()
        try:
            answer = phone.post("/keyboard/pair", json={"code": code})
        except httpx.HTTPError:
            return 0, (time.monotonic() - started) * 1000, ""
        took = (time.monotonic() - started) * 1000
    if answer.status_code != 200:
        return answer.status_code, took, ""
    kiosk.reply()
    return answer.status_code, took, answer.cookies.get(PHONE_COOKIE, "")


def phone_of(url: str, address: str, token: str) -> httpx.Client:
    """A paired phone at `address`: its token is its cookie."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=url, transport=transport, timeout=REPLY_WAIT, cookies={PHONE_COOKIE: token})


def _adult_types(kiosk: Kiosk, token: str, text: str) -> tuple[int, float | None]:
    with phone_of(kiosk.url, ADULT, token) as phone:
        started = time.monotonic()
        try:
            answer = phone.post("/keyboard/say", json={"text": text})
        except httpx.HTTPError:
            return 0, None
        if answer.status_code != 202:
            return answer.status_code, None
        replied = kiosk.reply()
        return answer.status_code, None if replied is None else (replied - started) * 1000


def _journal(home: Path) -> list[str]:
    """The messages the journal holds, in order, over every night it kept."""
    said = []
    for path in sorted((home / "nights").glob("*.jsonl")):
        for line in path.read_text().splitlines():
            record = json.loads(line)
            if record.get("say"):
                said.append(record["say"])
    return said


@dataclass
class Figures:
    connections: int
    addresses: int
    guest_opened: int
    guest_closed_by_kiosk: int
    longest_slow_header_s: float
    kiosk_open_files_peak: int
    kiosk_rss_kb_peak: int
    kiosk_rss_kb_before: int
    replies_ms: list[float | None]
    pin_status: int
    pin_ms: float
    keyboard_status: int
    keyboard_reply_ms: float | None
    journal: list[str]
    typed: list[str]
    exit_code: int
    stop_s: float
    screen_lines: list[str]
    tracebacks: int


def guests(count: int) -> tuple[str, ...]:
    """The guest's addresses: 127.0.0.3 alone, or `count` of them from 127.0.1.1 on."""
    if count <= 1:
        return (GUEST,)
    return tuple(f"127.0.{1 + number // 250}.{1 + number % 250}" for number in range(count))


def probe(connections: int, seconds: float, addresses: int = 1) -> Figures:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, connections + 1024)), hard))
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        kiosk = Kiosk(home)
        rss_before = kiosk.memory_kb()[0]
        swarm = Swarm(kiosk.port, connections, guests(addresses)).start()
        peak_files = 0
        sampling = threading.Event()

        def sample() -> None:
            nonlocal peak_files
            while not sampling.is_set():
                with contextlib.suppress(OSError):
                    peak_files = max(peak_files, kiosk.open_files())
                time.sleep(0.2)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        started = time.monotonic()
        time.sleep(min(seconds / 2, 12.0))  # the guest holds all it can before the table starts
        replies = [kiosk.type(message) for message in TYPED]
        pin_status, pin_ms, token = pair_phone(kiosk, ADULT)
        keyboard_status, keyboard_ms = _adult_types(kiosk, token, KEYBOARD) if token else (0, None)
        replies += [kiosk.type(message) for message in AFTER]
        time.sleep(max(0.0, seconds - (time.monotonic() - started)))
        rss_peak = kiosk.memory_kb()[1]
        exit_code, stop_s = kiosk.stop()  # the guest still at it
        sampling.set()
        swarm.stop()
        typed = [*TYPED, KEYBOARD, *AFTER] if keyboard_status == 202 else [*TYPED, *AFTER]
        return Figures(
            connections=connections,
            addresses=addresses,
            guest_opened=swarm.counts.opened,
            guest_closed_by_kiosk=swarm.counts.closed_by_kiosk,
            longest_slow_header_s=round(swarm.counts.longest_slow_header_s, 1),
            kiosk_open_files_peak=peak_files,
            kiosk_rss_kb_peak=rss_peak,
            kiosk_rss_kb_before=rss_before,
            replies_ms=[None if ms is None else round(ms, 1) for ms in replies],
            pin_status=pin_status,
            pin_ms=round(pin_ms, 1),
            keyboard_status=keyboard_status,
            keyboard_reply_ms=None if keyboard_ms is None else round(keyboard_ms, 1),
            journal=_journal(home),
            typed=typed,
            exit_code=exit_code,
            stop_s=round(stop_s, 2),
            screen_lines=[line.rstrip() for line in kiosk.err if line.startswith("(screen)")][:20],
            tracebacks=sum("Traceback" in line for line in kiosk.err),
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument("--addresses", type=int, default=1, help="how many addresses the guest has")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the guest keeps at it")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = probe(args.connections, args.seconds, args.addresses)
    if args.json:
        print(json.dumps(asdict(figures)))
        return
    answered = [ms for ms in figures.replies_ms if ms is not None]
    print(
        f"guest at {guests(args.addresses)[0]} ({args.addresses} address(es)): {figures.connections} connections kept up for {args.seconds:.0f} s under ulimit -n {PI_OPEN_FILES}"
    )
    print(f"  opened {figures.guest_opened}, closed or refused by the kiosk {figures.guest_closed_by_kiosk}")
    print(f"  longest a slow-header connection was held: {figures.longest_slow_header_s} s")
    print(f"kiosk: open files at peak {figures.kiosk_open_files_peak} of {PI_OPEN_FILES}")
    print(
        f"  memory {figures.kiosk_rss_kb_before / 1024:.1f} MB before, {figures.kiosk_rss_kb_peak / 1024:.1f} MB at peak"
    )
    if answered:
        print(
            f"replies typed at the terminal: {len(answered)} of {len(figures.replies_ms)}, median "
            f"{statistics.median(answered):.0f} ms, worst {max(answered):.0f} ms"
        )
    print(f"pairing from {ADULT}: {figures.pin_status} in {figures.pin_ms:.0f} ms")
    print(
        f"message typed on the adult's phone: {figures.keyboard_status}, replied in {figures.keyboard_reply_ms} ms"
    )
    print(
        f"journal: {len(figures.journal)} turns of {len(figures.typed)} typed; the same: {figures.journal == figures.typed}"
    )
    print(
        f"stop under the flood: exit {figures.exit_code} in {figures.stop_s} s; tracebacks {figures.tracebacks}"
    )
    for line in figures.screen_lines:
        print(f"  {line}")


if __name__ == "__main__":
    if "--json" in sys.argv:  # read by a test, not a run to keep
        main()
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # testbed/
        from testbed.measurement import recorded

        with recorded("probe_screen_flood"):
            main()
