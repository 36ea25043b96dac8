"""The screen server's own log: one line for each request it could not serve, never a traceback, since any
device on the network can send a malformed one."""

from __future__ import annotations

import logging
import sys

from kiosk.typed_text import plain_text


class _OneLine(logging.Formatter):
    """A request aiohttp cannot serve (a malformed one from any device on the network, or a fault in a
    route) is answered with an error status all the same; the kiosk's terminal gets one line, not a
    traceback."""

    def format(self, record: logging.LogRecord) -> str:
        error = record.exc_info[1] if record.exc_info else None
        why = " ".join(str(error).split())[:160] if error is not None else ""
        # What a guest sent may reach the log inside an error: without controls that could rewrite it.
        return plain_text(f"(screen) {record.getMessage()}" + (f": {why}" if why else ""))


class _ToStderr(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        print(self.format(record), file=sys.stderr, flush=True)


def request_log() -> logging.Logger:
    log = logging.getLogger("kiosk.screen.requests")
    if not log.handlers:
        handler = _ToStderr()
        handler.setFormatter(_OneLine())
        log.addHandler(handler)
        log.propagate = False
    return log
