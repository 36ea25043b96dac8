"""A guest floods the remote keyboard while the adult types at the kiosk: how long the kiosk's own message
waits, against a real `python -m kiosk serve --typed` (scripts/probe_screen_flood.py's harness).

    python scripts/probe_keyboard_flood.py [--messages 2000] [--senders 4] [--json]

The guest's phone is paired (the adult said "pair a phone" and a guest heard the code) and posts `--messages` "board" messages from `--senders`
threads as fast as the server answers. Meanwhile the adult types "help" at the kiosk's terminal, once the
flood is under way, then again when it has ended. Prints the keyboard's answers by status, the messages
the night took from the keyboard, and the milliseconds from typing "help" to its reply during the flood
and after it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from probe_screen_flood import REPLY_WAIT, Kiosk, pair_phone, phone_of

GUEST = "127.0.0.3"
BOARD = "THE HARVEST BOARD"


@dataclass(frozen=True)
class Figures:
    messages: int
    answers: dict[str, int]
    """HTTP status: count."""
    board_replies: int
    """Keyboard messages the night answered."""
    own_ms_during: float | None
    own_ms_after: float | None


def _own_message(kiosk: Kiosk) -> float | None:
    """Milliseconds from typing "help" at the terminal to its reply (a reply that is not the board)."""
    assert kiosk.process.stdin is not None
    while not kiosk.out.empty():  # replies printed before: not this message's
        kiosk.out.get_nowait()
    started = time.monotonic()
    kiosk.process.stdin.write("help\n")
    kiosk.process.stdin.flush()
    deadline = started + REPLY_WAIT
    lines: list[str] = []
    while time.monotonic() < deadline:
        at, line = kiosk.out.get(timeout=REPLY_WAIT)
        if not line:
            return None
        lines.append(line)
        if "[L] " in line and at >= started:
            if not any(BOARD in each for each in lines):
                return (at - started) * 1000
            lines = []
    return None


def _flood(url: str, token: str, count: int, answers: Counter[str], lock: threading.Lock) -> None:
    with phone_of(url, GUEST, token) as phone:
        for _ in range(count):
            status = phone.post("/keyboard/say", json={"text": "board"}).status_code
            with lock:
                answers[str(status)] += 1


def probe(messages: int, senders: int) -> Figures:
    with tempfile.TemporaryDirectory() as home:
        kiosk = Kiosk(Path(home))
        try:
            token = pair_phone(kiosk, GUEST)[2]
            answers: Counter[str] = Counter()
            lock = threading.Lock()
            each = messages // senders
            threads = [
                threading.Thread(target=_flood, args=(kiosk.url, token, each, answers, lock))
                for _ in range(senders)
            ]
            for thread in threads:
                thread.start()
            while sum(answers.values()) < messages // 10:  # the flood is under way
                time.sleep(0.01)
            during = _own_message(kiosk)
            for thread in threads:
                thread.join()
            time.sleep(1.0)
            after = _own_message(kiosk)
        finally:
            kiosk.stop()
        took = sum(1 for line in kiosk.err if "(typed on the screen) board" in line)
    return Figures(senders * each, dict(answers), took, during, after)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--senders", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = probe(args.messages, args.senders)
    if args.json:
        print(json.dumps(asdict(figures)))
        return
    print(f"keyboard messages sent: {figures.messages}; answers by status: {figures.answers}")
    print(f"keyboard messages the night answered: {figures.board_replies}")
    for when, waited in (("during", figures.own_ms_during), ("after", figures.own_ms_after)):
        answer = "no reply" if waited is None else f"replied in {waited:.1f} ms"
        print(f"the kiosk's own message {when} the flood: {answer}")


if __name__ == "__main__":
    if "--json" in sys.argv:  # read by a test, not a run to keep
        main()
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # testbed/
        from testbed.measurement import recorded

        with recorded("probe_keyboard_flood"):
            main()
