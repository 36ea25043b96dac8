"""Options and steps that more than one command shares: carrying a night on, and starting a night kept in
its journal (play and voice)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kiosk.appliance.table_only import table_checks
from kiosk.keychoice import PRACTICE, choose_key, setting_from_flags
from kiosk.records.keeping import Refused, Started, begin, read_save_file, resume
from kiosk.screen import screen_from_args
from kiosk.table import KeptNight, Table

if TYPE_CHECKING:
    from kiosk.screen.screen import Screen

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


@dataclass
class OpenNight:
    """A night begun or carried on for `play` or `voice`, kept in its journal, its screen following it."""

    started: Started
    night: KeptNight
    table: Table
    """The night and the screen that follows it: each reply once journalled, the page moving on once the
    table has it (printed, or said aloud)."""
    screen: Screen | None
    save_text: str | None
    """A save block read from --save, to carry the night on from."""

    def close(self) -> None:
        self.started.keeper.close()
        if self.screen is not None:
            self.screen.stop()


def open_night(args: argparse.Namespace, voice: bool) -> OpenNight | None:
    """The night the flags ask for, its screen listening first (a taken port changes nothing); None, said
    in one line, when the kiosk will not start it."""
    screen = screen_from_args(args)
    try:
        save_text = read_save_file(args.save) if args.save else None
        started = start(args, voice)
    except Refused as error:
        _LOG.error("%s", error)
        if screen is not None:
            screen.stop()
        return None
    night = KeptNight(started.host, started.keeper, started.first)
    table = Table(night, (screen,) if screen is not None else (), table_checks(screen))
    return OpenNight(started, night, table, screen, save_text)
