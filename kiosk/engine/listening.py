"""What the host listens for next, for a voice loop choosing how to hear the table.

Between questions the table says one of a closed set of phrases (team counts, picks, commands, team names,
yes and no), so a recogniser may be held to them; while a question is open, answers are open words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import permutations

from kiosk.cartridge import CATEGORIES, WINGS_AND_WEBS_WORDS
from kiosk.engine.night import Night, Phase
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
    "what's the score", "whose turn is it", "how do we play",
)  # fmt: skip
TEAM_COUNTS = ("solo", "one", "two", "three", "four", "two teams", "three teams", "four teams")


@dataclass(frozen=True)
class Expectation:
    phase: Phase
    teams: tuple[str, ...]
    """The team names that may be said now (those playing, or tied in the Candle-End)."""
    read_back: bool
    """Answers are being read back: yes, no, or a spelled fix."""
    phrases: tuple[str, ...] | None
    """The closed set of phrases expected now, or None while answers (open words) are expected."""

    @property
    def closed(self) -> bool:
        return self.phrases is not None


@cache
def between_questions() -> tuple[str, ...]:
    """Every phrase the table may say while no question is open."""
    phrases: list[str] = [*COMMANDS, *TEAM_COUNTS]
    titles = [category.title.lower().replace("&", "and") for category in CATEGORIES]
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


def listening_for(night: Night) -> Expectation:
    between = night.phase in (Phase.TEAMS, Phase.PICK, Phase.VOTING)
    teams = night.answering() if night.open is not None else night.playing
    return Expectation(
        phase=night.phase,
        teams=tuple(team.value for team in teams),
        read_back=night.phase.reading_back,
        phrases=between_questions() if between else None,
    )
