"""Options and steps that more than one command shares: carrying a night on, and starting a night kept in
its journal (play and voice)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from kiosk.keychoice import PRACTICE, choose_key, setting_from_flags
from kiosk.records.keeping import Started, begin, resume

_LOG = logging.getLogger(__name__)


def add_carry_on_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="NIGHT",
        help="carry on the night kept when the kiosk stopped (or a night `nights` lists), on its own key",
    )
    group.add_argument("--save", type=Path, metavar="FILE", help="carry on from a save block kept in a file")


def notice(line: str) -> None:
    """A one-line notice from the night's records (kept aside, not kept, carrying on): for whoever runs it."""
    _LOG.warning(line)


def output_closed(farewell: str = "") -> int:
    """Whatever read the replies has gone (a closed pipe): anything still written there goes nowhere,
    quietly, and the log says why the kiosk stopped, with the night's farewell. Exit status 1."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    notice(" ".join(("The output was closed, so the kiosk stopped.", farewell)).strip())
    return 1


def start(args: argparse.Namespace, voice: bool) -> Started:
    """Begin a night on the key the flags name (the practice key without any), or carry one on (--resume,
    on its own key unless one is named); Refused says in one line why the kiosk will not start."""
    named = setting_from_flags(args)
    if args.resume is not None:
        explicit = choose_key(named).loaded if named is not None else None
        return resume(args.resume, explicit, voice=voice, notice=notice, command=args.command)
    return begin(choose_key(named or PRACTICE).loaded, voice=voice, notice=notice, command=args.command)
