"""What the table says between questions, as the phrases a recogniser's closed list holds: team counts,
picks (a category's letter, its name, or a Wings & Webs word, then the points), commands, team names, and
yes by name. The engine reads each of them (kiosk.engine.intent); these are how they sound.
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

from kiosk.cartridge import CATEGORIES, WINGS_AND_WEBS_WORDS
from kiosk.engine.teams import TEAM_ORDER
from kiosk.engine.text import LETTER_NAMES

POINT_WORDS = ("one", "two", "three", "four", "five")
PICK_LETTERS = (
    *"abcde",
    *(name for name, letter in LETTER_NAMES.items() if letter in "bcd" and name.endswith("ee")),
)
"""Category letters as written, and the names a recogniser writes for B, C and D ("bee", "see", "dee")."""
COMMANDS = (
    "save", "board", "repeat", "end the night", "voice", "pass", "you choose", "help",
    "yes", "no", "right", "correct", "that's right", "wrong",
    "what's the score", "whose turn is it", "how do we play", "new pin",
    "pair a phone", "forget the phones",
)  # fmt: skip
ASKING_FIRST = ("end the night", "what's the score")
"""Commands that only tell or ask before anything is done ("end the night" asks every team for its yes): a
reading of their own words alone that ends as they end ("night", "the night") is taken for them. In babble a
held-out voice's "end the night" was heard as "right" with "night" beside it, four times running."""
TEAM_COUNTS = ("solo", "one", "two", "three", "four", "two teams", "three teams", "four teams")


def spoken_title(title: str) -> str:
    """A category's title as the table says it: "Wings & Webs" -> "wings and webs"."""
    return title.lower().replace("&", "and")


@cache
def between_questions() -> tuple[str, ...]:
    """Every phrase the table may say while no question is open."""
    phrases: list[str] = [*COMMANDS, *TEAM_COUNTS]
    titles = [spoken_title(category.title) for category in CATEGORIES]
    for points in POINT_WORDS:
        phrases += [f"{letter} {points}" for letter in PICK_LETTERS]
        phrases += [f"{title} {points}" for title in titles]
        phrases += [f"{word} {points}" for word in WINGS_AND_WEBS_WORDS]
    for team in TEAM_ORDER:
        name = team.value.lower()
        phrases += [name, f"{name} yes", f"{name} no", f"{name} is out", f"{name} is back"]
    phrases += votes()
    return tuple(phrases)


def votes() -> list[str]:
    """Teams saying yes by name in one breath to end the night ("bats yes ghosts yes"), in any order."""
    names = [team.value.lower() for team in TEAM_ORDER]
    chains = [order for size in range(2, len(names) + 1) for order in permutations(names, size)]
    return [" ".join(f"{name} yes" for name in chain) for chain in chains]
