"""The sub-commands of `python -m kiosk`, one module each. Every module has

    NAME, HELP                 the word typed and its one-line help
    add_arguments(parser)      its own options
    run(args) -> int           the command, returning the exit status

`kiosk.cli` builds the parser from COMMANDS and runs the one asked for; what every command shares (logging,
signals, tolerant streams, a closed output) is done there, once. Options two commands share (which key,
carrying a night on) are in `options`.
"""

from __future__ import annotations

import argparse
from types import ModuleType

from kiosk.commands import (
    check_audio,
    devices,
    install,
    key,
    model,
    nights,
    play,
    replay,
    replay_audio,
    serve,
    verify,
    voice,
)

COMMANDS: tuple[ModuleType, ...] = (
    play,
    replay,
    replay_audio,
    voice,
    serve,
    check_audio,
    install,
    nights,
    verify,
    devices,
    model,
    key,
)


def by_name(name: str) -> ModuleType:
    """The module of the command typed as `name`."""
    return next(command for command in COMMANDS if name == command.NAME)


def add_all(commands: argparse._SubParsersAction, common: argparse.ArgumentParser) -> None:  # type: ignore[type-arg]
    """Every command's parser, each with the options all commands share (`common`)."""
    for command in COMMANDS:
        command.add_arguments(commands.add_parser(command.NAME, help=command.HELP, parents=[common]))
