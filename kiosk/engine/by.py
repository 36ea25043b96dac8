"""Who sent a message to the night, so that its reply is worded for the way it came in."""

from __future__ import annotations

import enum


class By(enum.Enum):
    """Who sent a message to the night."""

    TABLE = "Table"
    """Heard from the table, or typed at the kiosk's own keyboard: the way the night is played."""
    KEYBOARD = "Keyboard"
    """Typed on the table screen's remote keyboard, from a paired phone: replied to in words for typing,
    even on a night played by voice."""
    KIOSK = "Kiosk"
    """The kiosk's own news for the table (a phone paired): said and shown, never heard by the night."""

    def spoken(self, voice: bool) -> bool:
        """Whether a reply to this message is worded for a table speaking, on a night played by `voice`."""
        return voice and self is By.TABLE
