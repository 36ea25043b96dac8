"""The table screen: the night in big print, with live captions, on any browser at the table.

The package's public face::

    Screen (kiosk.screen.screen), Caption   the seam: host replies and captions in, pages out
    add_screen_option(parser)  `--screen [HOST:]PORT` on a command
    screen_from_args(args)     a started Screen for `--screen`, or None without it
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from kiosk.screen.address import DEFAULT_PORT, Address, parse_address
from kiosk.screen.captions import Caption

if TYPE_CHECKING:
    from kiosk.screen.screen import Screen


def add_screen_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--screen",
        type=parse_address,
        metavar="[HOST:]PORT",
        help=f"show the night on a web page at this address (e.g. {DEFAULT_PORT}) for a TV, tablet or phone",
    )


def screen_from_args(args: argparse.Namespace) -> Screen | None:
    """The screen asked for with --screen, listening; a clear line and exit status 2 when it cannot listen."""
    address = getattr(args, "screen", None)
    if address is None:
        return None
    # The web stack is imported only when a screen is asked for: the plain typed night starts fast.
    from kiosk.screen.screen import Screen
    from kiosk.screen.server import ScreenError

    try:
        return Screen(address).start()
    except ScreenError as error:
        print(error, file=sys.stderr)
        raise SystemExit(2) from None


__all__ = ["DEFAULT_PORT", "Address", "Caption", "add_screen_option", "screen_from_args"]
