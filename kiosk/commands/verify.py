"""`python -m kiosk verify NIGHT [--key FILE]`: check that a kept night's replies follow from its key."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "verify"
HELP = "check that a kept night's replies follow from its key"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "journal", metavar="NIGHT", help="a journal's path, or a night's name as `nights` lists it"
    )
    parser.add_argument(
        "--key",
        type=Path,
        metavar="FILE",
        help="the revealed key (default: the practice or kept sealed key the night names)",
    )


def run(args: argparse.Namespace) -> int:
    from kiosk.records.verify import verify

    return verify(args.journal, args.key, sys.stdout)
