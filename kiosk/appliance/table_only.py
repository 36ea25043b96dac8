"""What only the table may ask of the kiosk: a remote keyboard types the night's messages, never the kiosk's
own. Pairing a phone, forgetting the phones or asking for a new PIN from a phone would let a guest who holds
one lock the adult's phone out, or have a new code said aloud to the room."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kiosk.engine.by import By
from kiosk.engine.night import Night
from kiosk.records.foreign_saves import SaveCheck
from kiosk.screen.phone_words import phone_request
from kiosk.screen.phones import PhoneDesk
from kiosk.table import Answered, Check

if TYPE_CHECKING:
    from kiosk.screen.screen import Screen

REMOTE_REFUSED = (
    "The remote keyboard cannot pair or forget phones: say pair a phone or forget the phones aloud, "
    "or type it at the kiosk."
)


@dataclass(frozen=True)
class TableOnly:
    """A table check (kiosk.table.Check): the kiosk's own requests are refused from the remote keyboard."""

    def check(self, message: str, by: By, night: Night | None) -> str | Answered:
        if by is By.KEYBOARD and phone_request(message) is not None:
            return Answered((REMOTE_REFUSED,))
        return message

    def holds_question(self) -> bool:
        return False


def table_checks(screen: Screen | None) -> tuple[Check, ...]:
    """What sees each message before the night, in order: the kiosk's own requests refused from a phone,
    then answered for the table, then a save block from elsewhere read back (kiosk.records.foreign_saves)."""
    return (TableOnly(), PhoneDesk(screen.keyboard if screen is not None else None), SaveCheck())
