"""Doubt between questions: where readings within TUNING.confirming.margin of the best mean different picks
or commands, the kiosk asks which was meant, since a cell read is never un-picked (decision 0010). A reading
that means nothing here goes on as before, to the full vocabulary or to the host.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kiosk.cartridge import CATEGORIES
from kiosk.engine.board import Board
from kiosk.engine.cells import Cell
from kiosk.engine.picks import parse_pick
from kiosk.voice.dialogue.prompts import WhichDidYouMean
from kiosk.voice.dialogue.yes_or_no import NO, YES
from kiosk.voice.hearing.grammar import nearest
from kiosk.voice.hearing.phrases import COMMANDS, between_questions
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING

_CONFIRMING = YES | NO
"""Commands that only confirm or deny: the host asks for those itself."""


@dataclass(frozen=True)
class Doubt:
    """What the table may have said, likeliest first, two or more, each as the host would take it ("D2")."""

    choices: tuple[str, ...]
    heard: str = ""

    @property
    def prompt(self) -> WhichDidYouMean:
        """The kiosk's question: the two likeliest, each as the table would say it."""
        first, second = (by_name(choice) for choice in self.choices[:2])
        return WhichDidYouMean(first, second)


def by_name(choice: str) -> str:
    """A cell by its category's title and points ("D3" -> "Wings & Webs 3"); a command as it is said."""
    title = {category.letter: category.title for category in CATEGORIES}.get(choice[:1])
    return f"{title} {choice[1:]}" if title and choice[1:].isdigit() else choice


def meaning(reading: str, phrases: tuple[str, ...] | None = None) -> str | None:
    """What a reading between questions would have the host do: a pick's cell ("dee two" is "D2"), "pass",
    a command's phrase; None for a count, yes, no or words outside the list. `phrases`: by default all."""
    phrase = nearest(reading, phrases or between_questions())
    if phrase in COMMANDS:
        if phrase in _CONFIRMING:
            return None
        return "pass" if phrase == "you choose" else phrase
    pick = parse_pick(phrase)
    if pick is None:
        return None
    if pick.cell is None:
        return "pass"
    return f"{pick.cell.letter}{pick.cell.points}"


def cell_meant(reading: str) -> Cell | None:
    """The cell a reading between questions would pick ("dee two" -> D2), if any; "pass" picks none."""
    found = meaning(reading) if reading else None
    return Cell.parse(found) if found else None


def doubt(heard: Utterance, board: Board | None = None) -> Doubt | None:
    """A Doubt when readings about as likely as the best mean different free cells or commands."""
    if not heard.scores:
        return None
    close = (heard.text, *likely_alternatives(heard))
    meanings = [meaning(text) if text else None for text in close]
    choices = tuple(
        dict.fromkeys(found for found in meanings if found is not None and playable(found, board))
    )
    if len(choices) >= 2:
        return Doubt(choices, heard.text)
    return None


def playable(found: str, board: Board | None) -> bool:
    """A meaning the table could have meant: a command, or a cell still free on `board`."""
    cell = Cell.parse(found)
    return cell is None or board is None or board.is_free(cell)


def meant_instead(heard: Utterance, board: Board) -> str | None:
    """Where the likeliest reading means nothing here: one about as likely meaning a command or free cell."""
    for text in likely_alternatives(heard):
        # A part of a phrase ("the night") is read as the nearest phrase that is no yes or no.
        found = meaning(text, _meaningful()) if text else None
        if found is not None and playable(found, board):
            return found
    return None


def likely_alternatives(heard: Utterance, margin: float = TUNING.confirming.margin) -> tuple[str, ...]:
    """The recogniser's other readings scored within `margin` of the best, likeliest first."""
    return tuple(text for text, _ in likely_below(heard, margin))


def likely_below(heard: Utterance, margin: float = TUNING.confirming.margin) -> tuple[tuple[str, float], ...]:
    """As likely_alternatives, each with how far below the best it scored."""
    if not heard.scores:
        return ()
    best = heard.scores[0]
    scored = zip(heard.alternatives, heard.scores[1:], strict=False)
    return tuple((text, best - score) for text, score in scored if best - score <= margin)


@cache
def _meaningful() -> tuple[str, ...]:
    return tuple(phrase for phrase in between_questions() if phrase not in _CONFIRMING)
