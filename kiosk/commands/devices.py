"""`python -m kiosk devices`: the sound devices the kiosk can use, or one line saying what is missing."""

from __future__ import annotations

import argparse

NAME = "devices"
HELP = "list audio devices"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options of its own."""


def run(args: argparse.Namespace) -> int:
    from kiosk.voice.sound.devices import describe  # the speech extra: only when asked for

    text, code = describe()
    print(text)
    return code
