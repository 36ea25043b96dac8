"""An answer heard as opening with a stall, where the recogniser had another reading that locks.

By the card an answer that opens with a stall locks nothing: the team is still thinking (Rule 8d). By
voice the adult reads each team's written answer straight after its name, and the small model's likeliest
reading of "Bats, barn owl" is "bats are now" in every voice family, "are" being one of the card's
stalls: over the simulated table's nights, 97 of 1319 answers were heard opening with "are", and each was
asked for again until it was heard another way. Such an answer is heard again with the open recogniser's
n-best readings (TUNING.readings.open): where one of them locks, keeps every word and hears another
word in the stall's place, it is taken, and the read-back lets the table fix it like any other answer.
Only then: kept for every answer, the n-best's likeliest reading was a little worse in babble than the
best path (scripts/measure_open_readings.py at fffbd8d, tuning voices, word error 2.38 against 2.21).

A stall said aloud to hold the turn ("hang on", "still thinking") is kept as said: only the card's stalls
that nobody says to a kiosk in place of an answer ("are", "would", "same", "nice") are taken for misheard.
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
"""The card's stalls a reader says aloud to hold a team's turn ("hang on", "still thinking"): never taken
for a misheard word. The others ("are", "would", "same", "nice") nobody says to a kiosk in place of an
answer: heard opening one, the recogniser more likely misheard a word."""


def misheard_stall(heard: Utterance) -> str | None:
    """The stall the answer was heard opening with, when it is no hold said aloud; else None."""
    openings = _openings(heard.text)
    stalls = [opening.split()[0] for opening in openings if opens_with_stall(opening)]
    held = any(f"{opening} ".startswith(f"{hold} ") for opening in openings for hold in SAID_TO_HOLD)
    return stalls[0] if stalls and not held else None


def reading_that_locks(heard: Utterance, readings: Sequence[Utterance]) -> Utterance:
    """Of the recogniser's readings of the same words, likeliest first (asr.readings), the first that locks
    in place of an answer heard opening with a stall that is no hold said aloud; else the answer as heard."""
    stall = misheard_stall(heard)
    if stall is None:
        return heard
    return next((other for other in readings if _instead(other.text, heard.text, stall)), heard)


def _instead(text: str, heard: str, stall: str) -> bool:
    """A reading that locks, hears another word where the stall was, and loses none of the words (a team's
    name lost would leave the answer to be asked about, or to join another team's)."""
    words = text.split()
    if stall in words or len(words) < len(heard.split()):
        return False
    return all(extract(answer).outcome is not Outcome.NOTHING for answer in _answers(text))


def _openings(text: str) -> list[str]:
    """Where the answer begins, as Rule 8 reads it, with and without the first word."""
    return [opening for opening in map(drop_lead_ins, map(after_last_correction, _answers(text))) if opening]


def _answers(text: str) -> list[str]:
    """The words as an answer: all of them, and those after the first, which may be a team's name misheard
    ("ghost", "mass", "that's"), to be put right by the team-name list (listening.with_label)."""
    words = text.split()
    return [text, " ".join(words[1:])] if len(words) > 1 else [text]
