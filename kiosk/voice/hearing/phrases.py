"""The phrases a closed list holds between questions: how what kiosk.engine.intent reads sounds."""

from __future__ import annotations

from functools import cache
from itertools import permutations

from kiosk.cartridge import CATEGORIES, WINGS_AND_WEBS_WORDS
from kiosk.engine.teams import TEAM_ORDER
from kiosk.engine.text import LETTER_NAMES
from kiosk.voice.dialogue.yes_or_no import SURE_NO

POINT_WORDS = ("one", "two", "three", "four", "five")
PICK_LETTERS = (
    *"abcde",
    *(name for name, letter in LETTER_NAMES.items() if letter in "bcd" and name.endswith("ee")),
)
"""Category letters as written, and the names a recogniser writes for B, C and D ("bee", "see", "dee")."""
COMMANDS = (
    "save", "board", "repeat", "end the night", "voice", "pass", "you choose", "help",
    "yes", "no", SURE_NO, "right", "correct", "that's right", "wrong",
    "what's the score", "whose turn is it", "how do we play", "new pin",
    "pair a phone", "forget the phones",
)  # fmt: skip
ASKING_FIRST = ("end the night", "what's the score")
"""Commands that only tell or ask before anything is done: a reading of just their own words, ending as
they end ("the night"), is taken for them, as babble loses their first words."""
TEAM_WORDS = tuple(team.value.lower() for team in TEAM_ORDER)
"""The teams' names as the recogniser writes them."""
TEAM_COUNTS = ("solo", "one", "two", "three", "four", "two teams", "three teams", "four teams")


def spoken_title(title: str) -> str:
    """A category's title as the table says it: "Wings & Webs" -> "wings and webs"."""
    return title.lower().replace("&", "and")


@cache
def between_questions() -> tuple[str, ...]:
    phrases: list[str] = [*COMMANDS, *TEAM_COUNTS]
    titles = [spoken_title(category.title) for category in CATEGORIES]
    for points in POINT_WORDS:
        phrases += [f"{letter} {points}" for letter in PICK_LETTERS]
        phrases += [f"{title} {points}" for title in titles]
        phrases += [f"{word} {points}" for word in WINGS_AND_WEBS_WORDS]
    for name in TEAM_WORDS:
        phrases += [name, f"{name} yes", f"{name} no", f"{name} is out", f"{name} is back"]
    phrases += votes()
    return tuple(phrases)


def votes() -> list[str]:
    """Teams saying yes by name in one breath to end the night ("bats yes ghosts yes"), in any order."""
    chains = [order for size in range(2, len(TEAM_WORDS) + 1) for order in permutations(TEAM_WORDS, size)]
    return [" ".join(f"{name} yes" for name in chain) for chain in chains]
