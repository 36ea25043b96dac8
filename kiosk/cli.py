"""Command line: `python -m kiosk play | replay | voice | serve | check-audio | install | nights | verify |
devices | model | key`, one module each in kiosk.commands; this module only dispatches.

What every command shares is done here, once: the log (kiosk.logs), streams that take any bytes, and the
signals that stop a kiosk (Ctrl-C, SIGTERM, SIGHUP), each ending the command as cleanly as Ctrl-C does, so
that no traceback reaches a player and a night's journal is kept for `--resume`.
"""

from __future__ import annotations

import argparse
import io
import signal
import sys
from types import FrameType

from kiosk import logs
from kiosk.commands import add_all, by_name
from kiosk.commands.options import output_closed


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP: the kiosk is being stopped (systemd, a closed terminal); end as on Ctrl-C."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m kiosk", description="Snap-Apple Night, a Halloween trivia kiosk."
    )
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--log-level",
        type=str.lower,
        choices=logs.LEVELS,
        help="how much goes to the log on standard error (default: the settings file's log_level, else info)",
    )
    add_all(top.add_subparsers(dest="command", required=True), common)
    return top


def _tolerant_streams() -> None:
    """Bytes that are not UTF-8 on any stream are read and written as replacement characters."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    _tolerant_streams()
    logs.setup(args.log_level)
    for stop in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(stop, _stop)
    try:
        code: int = by_name(args.command).run(args)
        return code
    except KeyboardInterrupt:
        return 0
    except BrokenPipeError:
        return output_closed()
