"""How long a page of the table screen shows "Connecting…": many page loads in quick succession.

    python scripts/measure_screen_connects.py [--loads 20] [--rounds 3]

A real `python -m kiosk play --screen` on loopback and Debian's chromium headless through Playwright. Each
round opens `--loads` pages one after the other, as fast as the browser takes them, in four ways: every page
in its own context and left open; every page in one context, left open; each closed once connected; each
reloaded in place. For each load: the milliseconds from `goto` until the page's status is no longer
"Connecting…" (its event stream open), or the timeout. Prints each way's median, slowest, and how many
loads took over a second; and how many connections the kiosk's doorway refused.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # testbed/, beside kiosk/

from testbed.chromium import CHROMIUM, HEADLESS_ARGS

TIMEOUT_MS = 10_000
CONNECTED = "() => document.getElementById('status').textContent !== 'Connecting…'"


@contextmanager
def kiosk() -> Iterator[str]:
    """A typed night with its screen on loopback: the screen's address."""
    with tempfile.TemporaryDirectory() as home:
        process = subprocess.Popen(
            [sys.executable, "-m", "kiosk", "play", "--screen", "127.0.0.1:0"],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "SNAP_APPLE_HOME": home},
        )
        assert process.stderr is not None and process.stdin is not None
        url = ""
        while not url:
            line = process.stderr.readline()
            assert line, "the kiosk stopped before its screen started"
            if found := re.search(r"Table screen: (http://\S+)", line):
                url = found[1]
        try:
            yield url
        finally:
            process.stdin.close()
            process.wait(timeout=30)


def timed_load(page: Page, url: str, reload: bool = False) -> float:
    """Milliseconds until the page's event stream is open; the timeout if it never opens or the page
    itself is refused (the page then stays on the browser's error page)."""
    started = time.perf_counter()
    try:
        if reload:
            page.reload(timeout=TIMEOUT_MS)
        else:
            page.goto(url, timeout=TIMEOUT_MS)
        page.wait_for_function(CONNECTED, timeout=TIMEOUT_MS, polling=20)
    except PlaywrightError:
        return float(TIMEOUT_MS)
    return (time.perf_counter() - started) * 1000


def own_contexts(browser: Browser, url: str, loads: int) -> list[float]:
    pages = [browser.new_page() for _ in range(loads)]
    times = [timed_load(page, url) for page in pages]
    for page in pages:
        page.close()
    return times


def one_context(browser: Browser, url: str, loads: int) -> list[float]:
    context = browser.new_context()
    times = [timed_load(context.new_page(), url) for _ in range(loads)]
    context.close()
    return times


def closed_each(browser: Browser, url: str, loads: int) -> list[float]:
    times = []
    for _ in range(loads):
        page = browser.new_page()
        times.append(timed_load(page, url))
        page.close()
    return times


def reloaded(browser: Browser, url: str, loads: int) -> list[float]:
    page = browser.new_page()
    times = [timed_load(page, url)]
    times += [timed_load(page, url, reload=True) for _ in range(loads - 1)]
    page.close()
    return times


WAYS: dict[str, Callable[[Browser, str, int], list[float]]] = {
    "own context, left open": own_contexts,
    "one context, left open": one_context,
    "closed once connected": closed_each,
    "reloaded in place": reloaded,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--way", choices=sorted(WAYS), action="append", help="only these ways (default: all)")
    parser.add_argument("--each", action="store_true", help="also print every load's milliseconds")
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(HEADLESS_ARGS))
        for name, way in WAYS.items():
            if args.way and name not in args.way:
                continue
            times: list[float] = []
            for _ in range(args.rounds):
                with kiosk() as url:
                    times += way(browser, url, args.loads)
            slow = sum(1 for t in times if t > 1000)
            print(
                f"{name:24} loads {len(times):3}  median {statistics.median(times):6.0f} ms  "
                f"slowest {max(times):6.0f} ms  over 1 s: {slow}  never: {times.count(float(TIMEOUT_MS))}",
                flush=True,
            )
            if args.each:
                print("   " + " ".join(f"{t:.0f}" for t in times), flush=True)
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
