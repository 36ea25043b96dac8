"""An answer heard opening with a stall, which locks nothing (Rule 8d), where the recogniser had another
reading that locks: the small model hears "Bats, barn owl" as "bats are now". Such an answer is heard again
with n-best readings (TUNING.readings.open), and only such an answer: for every answer the n-best's likeliest
reading did a little worse in babble than the best path.
"""

from __future__ import annotations

from collections.abc import Sequence

from kiosk.engine.phrase import (
    Outcome,
    after_last_correction,
    drop_lead_ins,
    extract,
    opens_with_stall,
)
from kiosk.voice.sound.asr import Utterance

SAID_TO_HOLD = frozenset(
    ("wait", "hang on", "hold on", "one sec", "let me", "give", "still", "need", "thinking", "sorry")
)
"""The card's stalls a reader says aloud to hold a team's turn: never taken for a misheard word. Nobody says
the others ("are", "would", "same", "nice") to a kiosk in place of an answer."""


def misheard_stall(heard: Utterance) -> str | None:
    """The stall the answer was heard opening with, when it is no hold said aloud; else None."""
    openings = _openings(heard.text)
    stalls = [opening.split()[0] for opening in openings if opens_with_stall(opening)]
    held = any(f"{opening} ".startswith(f"{hold} ") for opening in openings for hold in SAID_TO_HOLD)
    return stalls[0] if stalls and not held else None


def reading_that_locks(heard: Utterance, readings: Sequence[Utterance]) -> Utterance:
    """The first of `readings` (likeliest first) that locks in place of a misheard stall; else `heard`."""
    stall = misheard_stall(heard)
    if stall is None:
        return heard
    return next((other for other in readings if _instead(other.text, heard.text, stall)), heard)


def _instead(text: str, heard: str, stall: str) -> bool:
    """A reading that locks, hears another word where the stall was, and keeps every word (a team's name)."""
    words = text.split()
    if stall in words or len(words) < len(heard.split()):
        return False
    return all(extract(answer).outcome is not Outcome.NOTHING for answer in _answers(text))


def _openings(text: str) -> list[str]:
    """Where the answer begins, as Rule 8 reads it, with and without the first word."""
    return [opening for opening in map(drop_lead_ins, map(after_last_correction, _answers(text))) if opening]


def _answers(text: str) -> list[str]:
    """The words as an answer: all, and all but the first, which may be a misheard team name ("that's")."""
    words = text.split()
    return [text, " ".join(words[1:])] if len(words) > 1 else [text]
