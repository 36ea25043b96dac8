"""The table's requests about its phones, answered by the kiosk itself: never journalled, never the night's.

A table check (kiosk.table.Check), after kiosk.appliance.table_only.TableOnly, which has already refused
these requests from the remote keyboard: here they come from the table (by voice, or typed at the kiosk).
The pairing code is said and printed as a private line, which no table screen is ever sent.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.by import By
from kiosk.engine.night import Night
from kiosk.engine.said import Line
from kiosk.screen.keyboard import RemoteKeyboard
from kiosk.screen.phone_words import (
    FORGOTTEN,
    NO_SCREEN,
    PhoneRequest,
    pairing_words,
    phone_request,
    phones_words,
)
from kiosk.table import Answered


@dataclass(frozen=True)
class PhoneDesk:
    """Pairs and forgets phones for the table; `keyboard` is None on a kiosk without its screen."""

    keyboard: RemoteKeyboard | None

    def check(self, message: str, by: By, night: Night | None) -> str | Answered:
        request = phone_request(message)
        if request is None or by is not By.TABLE:
            return message
        if self.keyboard is None:
            return Answered((NO_SCREEN,))
        return Answered(self._answer(request, self.keyboard))

    def holds_question(self) -> bool:
        return False

    @staticmethod
    def _answer(request: PhoneRequest, keyboard: RemoteKeyboard) -> tuple[str | Line, ...]:
        if request is PhoneRequest.HOW_MANY:
            return (phones_words(keyboard.phones),)
        forgotten: tuple[str, ...] = ()
        if request in (PhoneRequest.FORGET, PhoneRequest.NEW_PIN):
            keyboard.forget_phones()
            forgotten = (FORGOTTEN,)
        if request is PhoneRequest.FORGET:
            return (*forgotten, phones_words(0))
        window = keyboard.open_pairing()
        return (*forgotten, Line(pairing_words(window.code, window.seconds_left), private=True))
