"""Debian's chromium, run headless for the screen's tests and benchmark: never a browser downloaded at run
time, and none of its background traffic (updates, sync, first-run pages) on an offline kiosk."""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"
HEADLESS_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
