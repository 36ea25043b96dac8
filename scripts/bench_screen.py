"""Table screen latency: from the host's reply to a page having it, over a whole night on the practice key.

    python scripts/bench_screen.py [--nights 2]

A real Host, the real Screen (aiohttp, server-sent events) on loopback, Debian's chromium headless through
Playwright. For each reply: the wall-clock time the host returned it, the time a plain HTTP client read its
event (the baseline: server and network alone), and the time the page had drawn it (performance.timeOrigin
+ performance.now(), the same wall clock). Prints median and 95th percentile of each, in milliseconds.
Target: the page within 100 ms of the reply.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import threading
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # testbed/, beside kiosk/

from kiosk import Host, KeySource
from kiosk.engine.board import CELL_IDS
from kiosk.keys import load_practice
from kiosk.screen.address import Address
from kiosk.screen.screen import Screen
from testbed.chromium import CHROMIUM, HEADLESS_ARGS

WARM_UP = 3
"""Replies left out of the figures: the first page load and the first events warm the browser up."""


def night() -> list[str]:
    messages = ["two"]
    for cell in CELL_IDS:
        messages += [cell, "Bats: pass", "Ghosts: pass"]
    return [*messages, "Bats: 1890. Ghosts: 1700"]


def stream_times(url: str, into: dict[int, float], ready: threading.Event) -> None:
    """The baseline reader: wall-clock arrival of each view event, by reply number."""
    kind = ""
    with (
        httpx.Client(timeout=httpx.Timeout(10.0, read=None)) as client,
        client.stream("GET", url + "events") as r,
    ):
        ready.set()
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: ") and kind == "view":
                into[json.loads(line[6:])["replies"]] = time.time()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=2)
    args = parser.parse_args()
    loaded = load_practice()
    assert loaded.key is not None
    page_ms: list[float] = []
    stream_ms: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(HEADLESS_ARGS))
        for _ in range(args.nights):
            with Screen(Address("127.0.0.1", 0), out=io.StringIO()) as screen:
                screen.start()
                streamed: dict[int, float] = {}
                ready = threading.Event()
                threading.Thread(target=stream_times, args=(screen.url, streamed, ready), daemon=True).start()
                ready.wait(10)
                page = browser.new_page(viewport={"width": 1920, "height": 1080})
                page.goto(screen.url)
                host = Host(loaded.key, source=KeySource.PRACTICE)
                replied: dict[int, float] = {}
                messages = night()
                for number, message in enumerate([None, *messages], start=1):
                    reply = host.opening() if message is None else host.hear(message)
                    replied[number] = time.time()
                    screen.replied(reply)
                    screen.presented(reply)
                    page.wait_for_selector(f'body[data-replies="{number}"]', state="attached")
                drawn = {
                    entry["replies"]: entry["at"] / 1000 for entry in page.evaluate("window.screenReceived")
                }
                for number in range(WARM_UP + 1, len(messages) + 2):
                    page_ms.append((drawn[number] - replied[number]) * 1000)
                    if number in streamed:
                        stream_ms.append((streamed[number] - replied[number]) * 1000)
                page.close()
        browser.close()
    print(f"replies measured: {len(page_ms)} over {args.nights} night(s)")
    for name, values in (
        ("plain event-stream client (baseline)", stream_ms),
        ("browser page drawn", page_ms),
    ):
        print(
            f"{name}: median {statistics.median(values):.1f} ms, p95 {percentile(values, 0.95):.1f} ms, "
            f"max {max(values):.1f} ms"
        )
    ratio = statistics.median(page_ms) / max(statistics.median(stream_ms), 1e-6)
    print(f"page / baseline (medians): {ratio:.1f}x; target: page within 100 ms")


if __name__ == "__main__":
    from testbed.measurement import recorded

    with recorded("bench_screen"):
        main()
