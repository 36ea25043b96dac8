"""serve's table screen: on by default, and never a reason for the appliance to stop.

Unlike `play --screen`, where a taken port ends the command, the appliance says why in one line and goes on
without its screen: the night is spoken, so the table can still play.
"""

from __future__ import annotations

import argparse
import logging
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from kiosk.config import SCREEN_OFF
from kiosk.screen.address import parse_address
from kiosk.screen.phone_words import HOW_TO_PAIR

_LOG = logging.getLogger(__name__)

if TYPE_CHECKING:
    from kiosk.screen.screen import Screen

WITHOUT = "The kiosk goes on without its table screen."


def screen_text(text: str) -> str:
    """argparse's check of `--screen [HOST:]PORT`; the text itself is kept, as the settings file keeps it."""
    parse_address(text)
    return text


def open_screen(setting: str) -> Screen | None:
    """The screen the setting asks for, listening and its address printed; None when it is off or cannot
    listen (said in one line)."""
    if setting.strip().lower() == SCREEN_OFF:
        return None
    try:
        address = parse_address(setting)
    except argparse.ArgumentTypeError as error:
        _LOG.warning("settings: screen %s. %s", error, WITHOUT)
        return None
    try:
        # The web stack is imported only when a screen is on.
        from kiosk.screen.screen import Screen
        from kiosk.screen.server import ScreenError
    except ImportError as error:
        _LOG.warning("The table screen needs %s: scripts/setup.sh. %s", error.name, WITHOUT)
        return None
    try:
        return Screen(address).start()
    except ScreenError as error:
        _LOG.warning("%s. %s", error, WITHOUT)
        return None


def screen_words(url: str) -> str:
    """What the kiosk says at power-on about its screen: where to open it, and how to pair a phone to type
    on it. Never a code: one is said only when the table asks to pair a phone."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if host == "localhost" or host.startswith("127.") or host == "::1":
        where = f"The table screen is on this kiosk alone, at port {parts.port}."
    else:
        spoken = host.replace(".", " dot ")
        where = (
            f"The table screen is at {spoken}, port {parts.port}: open it on a phone or a TV on this network."
        )
    return f"{where} {HOW_TO_PAIR}"
