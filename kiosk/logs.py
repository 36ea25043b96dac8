"""The kiosk's log: the standard logging module, one line per event with its cause, on standard error.

Each module logs through `logging.getLogger(__name__)`; this module alone decides where the lines go and how
they look: "LEVEL logger: message", never a time, since journald (under systemd) stamps each line itself.
Under systemd each line also leads with its syslog priority ("<4>"), which journald takes as the line's level
and strips, so `journalctl -p warning` finds the warnings. A swallowed exception is logged with its
traceback here, never shown to the table.

The level comes from `--log-level`, else the settings file's `log_level`, else info.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO

FORMAT = "%(levelname)s %(name)s: %(message)s"
LEVELS = ("debug", "info", "warning", "error")
_SYSLOG_PRIORITY = {
    logging.DEBUG: 7,
    logging.INFO: 6,
    logging.WARNING: 4,
    logging.ERROR: 3,
    logging.CRITICAL: 2,
}


class JournalFormatter(logging.Formatter):
    """The plain line with its syslog priority in front, as journald reads a service's standard error.
    A traceback's lines go with it: journald keeps each as its own entry at the same priority."""

    def format(self, record: logging.LogRecord) -> str:
        priority = _SYSLOG_PRIORITY.get(record.levelno, 6)
        return "\n".join(f"<{priority}>{line}" for line in super().format(record).splitlines())


def under_journald(stream: TextIO) -> bool:
    """True when `stream` is the journal stream systemd handed the service ($JOURNAL_STREAM, "DEVICE:INODE")."""
    device, _, inode = os.environ.get("JOURNAL_STREAM", "").partition(":")
    if not (device.isdigit() and inode.isdigit()):
        return False
    try:
        found = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):  # a stream with no file behind it (tests, pipes closed)
        return False
    return (found.st_dev, found.st_ino) == (int(device), int(inode))


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """Standard error as it is when each line is written (tests and `_quiet_stdout` replace it)."""

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, value: TextIO) -> None:
        pass


def setup(level: str | None = None) -> None:
    """Send every logger's lines to standard error, in the format for where it goes. Idempotent."""
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, _Stderr)]:
        root.removeHandler(handler)
    handler = _Stderr()
    handler.setFormatter(
        JournalFormatter(FORMAT) if under_journald(sys.stderr) else logging.Formatter(FORMAT)
    )
    root.addHandler(handler)
    set_level(level or "info")


def set_level(level: str) -> None:
    """debug, info, warning or error (any case)."""
    logging.getLogger().setLevel(level.upper())
