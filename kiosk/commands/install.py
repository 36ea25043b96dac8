"""`python -m kiosk install`: set this Pi up to start the kiosk at power-on (kiosk.install does it)."""

from __future__ import annotations

import argparse

NAME = "install"
HELP = "set this Pi up to start the kiosk at power-on"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--print-unit", action="store_true", help="print the systemd unit and stop")
    parser.add_argument("--no-service", action="store_true", help="fetch and configure, but start nothing")
    parser.add_argument("--user", default=None, help="the user the kiosk runs as (default: this user)")


def run(args: argparse.Namespace) -> int:
    from kiosk.install import install

    return install(args)
