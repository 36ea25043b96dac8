"""What the table says about its phones ("pair a phone", "forget the phones"), and what the kiosk says back.

Read as whole sayings, as "new pin" always was: "bats pair a phone" is a team's answer, not a request.
"""

from __future__ import annotations

import enum
import re

from kiosk.engine.numbers import number_words


class PhoneRequest(enum.Enum):
    PAIR = "pair a phone"
    FORGET = "forget the phones"
    NEW_PIN = "new pin"
    """The old "new PIN": every phone forgotten and a new window opened, as a host who asks it expects."""
    HOW_MANY = "how many phones"


_SAYINGS: dict[PhoneRequest, tuple[str, ...]] = {
    PhoneRequest.PAIR: (
        "pair a phone", "pair phone", "pair a new phone", "pair another phone", "pair my phone",
        "pair the phone", "pair a phone please",
    ),
    PhoneRequest.FORGET: (
        "forget the phones", "forget phones", "forget all phones", "forget all the phones",
        "forget the phone", "unpair the phones",
    ),
    PhoneRequest.NEW_PIN: ("new pin", "a new pin", "new pin please", "change the pin", "new keyboard pin"),
    PhoneRequest.HOW_MANY: ("how many phones", "how many phones are paired"),
}  # fmt: skip
_BY_SAYING = {saying: request for request, sayings in _SAYINGS.items() for saying in sayings}

HOW_TO_PAIR = "To type from a phone, say pair a phone."
NO_SCREEN = "This kiosk has no table screen, so there is no phone to pair."
FORGOTTEN = "Every paired phone is forgotten: a phone types again only once it is paired again."


def phone_request(text: str) -> PhoneRequest | None:
    """The request `text` makes of the kiosk's phones, said or typed on its own; None for anything else."""
    return _BY_SAYING.get(" ".join(re.sub(r"[^a-z ]", " ", text.lower()).split()))


def spoken_code(code: str) -> str:
    """ "4821" as "4, 8, 2, 1": a speaker says each digit apart, as a code is typed."""
    return ", ".join(code)


def pairing_words(code: str, seconds: float) -> str:
    """Said aloud and printed at the kiosk, never shown on the table screen: the code for one phone."""
    return (
        f"Pairing one phone for {number_words(round(seconds))} seconds: on the phone, open the table screen, "
        f"press Keyboard for the host, and enter the pairing code {spoken_code(code)}."
    )


def phones_words(count: int) -> str:
    """ "One phone is paired." """
    if count == 0:
        return "No phone is paired."
    said = number_words(count) if count < 100 else str(count)
    return f"{said.capitalize()} {'phone is' if count == 1 else 'phones are'} paired."
