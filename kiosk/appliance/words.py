"""What the appliance says between nights, and what it understands there ("carry on", "new night").

The card fixes none of these words: they are the kiosk's own, said around the card's nights.
"""

from __future__ import annotations

import enum
import re
from datetime import date, datetime

from kiosk.cartridge import CELL_COUNT
from kiosk.engine.numbers import number_words

READY = "The Snap-Apple Night kiosk is ready."
HOLDS_SEALED = "It holds the sealed key for tonight."
HOLDS_PRACTICE_NONE_KEPT = (
    "No sealed key is kept on it, so it holds its practice key. "
    "For the real night, fetch the sealed key while the kiosk is online."
)
HOLDS_PRACTICE = "It holds its practice key."
NO_KEY_CHOICES = (
    "Say practice night to play the kiosk's practice key, or try again once the sealed key can be fetched."
)
CARRY_ON_OR_NEW = "Say carry on, or new night."
ANOTHER_NIGHT = "For another night, say new night, or play again."
AFTER_NIGHT_HELP = "You can say 'new night' or 'play again'."
NIGHT_SET_ASIDE = "The unfinished night is kept aside, and a new night begins."
CARRYING_ON = "Carrying on the night where it stood."
NEW_NIGHT_ONLY = "Say new night to begin a new one."
HOLD_KEY_FILE = "It holds the key in {name}."
SPEECH_PACKAGES = "The kiosk by voice needs its speech packages ({name} is missing): scripts/setup.sh --voice"
"""Shown, not spoken: there is nothing to speak with."""


def holds_file(name: str) -> str:
    return HOLD_KEY_FILE.format(name=name)


class Choice(enum.Enum):
    """What the table asks of the appliance between nights."""

    CARRY_ON = "carry on"
    NEW_NIGHT = "new night"
    PRACTICE = "practice night"
    TRY_AGAIN = "try again"
    HELP = "help"


# Ways a table says each, and ways a small recogniser writes them ("carrie on", "knew night").
_SAYINGS: dict[Choice, tuple[str, ...]] = {
    Choice.CARRY_ON: (
        "carry on", "carrie on", "kerry on", "cary on", "carry", "continue", "resume", "go on", "keep going",
    ),
    Choice.NEW_NIGHT: (
        "new night", "knew night", "new knight", "new nights", "new game", "another night", "another game",
        "another", "play again", "start again", "fresh night", "new",
    ),
    Choice.PRACTICE: ("practice night", "practise night", "practice", "practise", "practice key"),
    Choice.TRY_AGAIN: ("try again", "again", "retry", "fetch the key", "fetch"),
    Choice.HELP: ("help", "what can i say", "what can we say", "what now"),
}  # fmt: skip

_WORD = re.compile(r"[a-z']+")


def choice_of(text: str) -> Choice | None:
    """The intent whose saying appears in the text as whole words, the longest saying winning."""
    words = " " + " ".join(_WORD.findall(text.lower())) + " "
    best: tuple[int, Choice] | None = None
    for intent, sayings in _SAYINGS.items():
        for saying in sayings:
            if f" {saying} " in words and (best is None or len(saying) > best[0]):
                best = (len(saying), intent)
    return best[1] if best else None


def day_words(when: datetime, today: date) -> str:
    """When a night was left, as a table says it: today, yesterday, a weekday this week, else a date."""
    days = (today - when.date()).days
    if days == 0:
        return "today"
    if days == 1:
        return "yesterday"
    if 1 < days < 7:
        return when.strftime("%A")
    return f"{when.day} {when.strftime('%B')}"


def offer_unfinished(when: datetime, played: int, today: date) -> str:
    """ "There is a night from Saturday, ten of twenty-five played: say carry on, or new night." """
    return (
        f"There is a night from {day_words(when, today)}, {number_words(played)} of "
        f"{number_words(CELL_COUNT)} played: say carry on, or new night."
    )


def help_line(choices: tuple[Choice, ...]) -> str:
    said = [f"'{choice.value}'" for choice in choices]
    return "You can say " + (", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else said[0]) + "."
