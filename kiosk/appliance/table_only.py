"""What only the table may ask of the appliance: a remote keyboard types the night's messages, never the
kiosk's own (a new PIN would lock the adult's phone out and have the new one said aloud to the room)."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.appliance import words
from kiosk.engine.night import Night
from kiosk.table import Answered, By

REMOTE_REFUSED = (
    "The remote keyboard cannot change the table screen's PIN: say new PIN aloud, or type it at the kiosk."
)


@dataclass(frozen=True)
class TableOnly:
    """A table check (kiosk.table.Check): the kiosk's own requests are refused from the remote keyboard."""

    def check(self, message: str, by: By, night: Night | None) -> str | Answered:
        if by is By.KEYBOARD and words.asks_new_pin(message):
            return Answered((REMOTE_REFUSED,))
        return message
