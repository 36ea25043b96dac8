"""The closed sets of phrases the table says, for grammar-restricted recognisers; answers never pass through
them. Each list ends with [unk], so speech outside it is heard again with the full vocabulary; a result is
corrected to the nearest phrase, as the grammar lets other word orders through (decision 0009)."""

from __future__ import annotations

from functools import cache

from kiosk.engine.matching import slips
from kiosk.engine.numbers import TENS, UNITS
from kiosk.engine.spelling import SPOKEN_DIGITS
from kiosk.engine.text import LETTER_NAMES, LETTER_WORDS_IN_TWO, NATO_WORDS
from kiosk.voice.dialogue.yes_or_no import SURE_NO
from kiosk.voice.hearing.phrases import ASKING_FIRST, COMMANDS, POINT_WORDS, TEAM_WORDS, between_questions
from kiosk.voice.hearing.spoken_years import year_phrases
from kiosk.voice.sound.asr import UNKNOWN

YES_NO = (
    "yes", "yeah", "yep", "yup", "right", "correct", "that's right", "okay", "sure", "agreed", "aye",
    "no", SURE_NO, "nope", "wrong", "not yet", "that's wrong", "not right",
)  # fmt: skip
"""Every yes and no the engine reads during a read-back (kiosk.engine.commands), as the recogniser writes them:
the no asked for (yes_or_no.SURE_NO) among them."""
__all__ = [
    "COMMANDS", "DIGITS", "DISPUTES", "LETTER_NAMES", "SPELLING_WORDS", "UNKNOWN", "YES_NO", "between_questions",
    "is_final", "nearest", "one_digit", "one_letter", "read_back", "spelling", "years", "years_read_back",
]  # fmt: skip
"""Every phrase list of the voice side, those said between questions (phrases.py) among them."""

DISPUTES = ("that was not what was said", "not what we said", "that's not what we said", "we didn't say that")
SPELLING_WORDS = ("double", "capital", "as in", "for")
"""Words a speller says between letters: "double t", "capital b", "b as in bravo", "b for bravo"."""


YEAR_WORDS = ("about", "around", "roughly", "oh", "nought", "and", "pass", "skip", "no idea", "all")
"""Words around a Candle-End year ("about eighteen ninety", "nineteen oh five") and a pass."""


@cache
def years() -> tuple[str, ...]:
    """Every team's name and year or pass, and their words alone for years said otherwise (decision 0007)."""
    numbers = [*UNITS, *TENS, "hundred", "thousand"]
    words = [*numbers, *YEAR_WORDS, *TEAM_WORDS]
    return tuple(dict.fromkeys([*year_phrases(), *words]))


@cache
def spelling() -> tuple[str, ...]:
    """Letters in every form a table spells them, and the team names opening a fix: nothing else competes."""
    letters = [chr(code) for code in range(ord("a"), ord("z") + 1)]
    return tuple(dict.fromkeys([*letters, *LETTER_NAMES, *LETTER_WORDS_IN_TWO, *SPELLING_WORDS, *TEAM_WORDS]))


def one_letter() -> tuple[str, ...]:
    """A letter's NATO word said alone, the no (or a plain "no") taking one back, or the yes ending the word
    (decisions 0004, 0006)."""
    return (*NATO_WORDS, *LETTER_WORDS_IN_TWO, "no", SURE_NO, "that's right")


def letters_but(refused: frozenset[str]) -> tuple[str, ...]:
    """Every letter's word but `refused`'s ("l" drops "lima"), to hear a reply again (decision 0005)."""
    words = (*NATO_WORDS, *LETTER_WORDS_IN_TWO)
    return tuple(word for word in words if (LETTER_NAMES.get(word.replace(" ", "")) or word) not in refused)


@cache
def read_back() -> tuple[str, ...]:
    """Every phrase said while answers are read back; a fix is a team name then single letters."""
    return tuple(dict.fromkeys([*YES_NO, *DISPUTES, *COMMANDS, *spelling()]))


DIGITS = ("zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
"""A year's digits, as a team spells a Candle-End year the read-back misheard ("one eight nine seven")."""


def one_digit() -> tuple[str, ...]:
    """A year's digit said alone, the no that takes one back and the yes that ends the year."""
    return (*DIGITS, "no", SURE_NO, "that's right")


def digits_but(refused: frozenset[str]) -> tuple[str, ...]:
    """Every digit's word but those of `refused` ("8" drops "eight"), as letters_but for a year's digits."""
    return tuple(word for word in DIGITS if SPOKEN_DIGITS[word] not in refused)


@cache
def years_read_back() -> tuple[str, ...]:
    """The Candle-End read-back's phrases; pairs after a name teach the list digit order (decision 0007)."""
    pairs = [f"{first} {digit}" for first in (*TEAM_WORDS, *DIGITS) for digit in DIGITS]
    return tuple(dict.fromkeys([*YES_NO, *DISPUTES, *COMMANDS, *DIGITS, *TEAM_WORDS, *pairs]))


def is_final(text: str, phrases: tuple[str, ...]) -> bool:
    """A whole phrase no longer phrase extends ("teams" after a count aside): no need to wait long."""
    if text not in phrases:
        return False
    return not any(phrase.startswith(text + " ") and phrase != f"{text} teams" for phrase in phrases)


def nearest(text: str, phrases: tuple[str, ...], *, alternatives: tuple[str, ...] = ()) -> str:
    """The phrase nearest any reading if near enough, else the text as heard (the host did not follow it)."""
    best, best_cost = text, None
    for reading in (text, *alternatives):
        if reading in phrases:
            return reading
        heard = reading.split()
        for phrase in phrases:
            expected = phrase.split()
            cost = _word_distance(heard, expected)
            # Fewer than half the words wrong: at half, a pick that lost its category word still passed.
            if cost < len(expected) / 2 and (best_cost is None or cost < best_cost):
                best, best_cost = phrase, cost
    if best_cost is None:
        endings = (_ending(reading, phrases) for reading in (text, *alternatives))
        return next((ending for ending in endings if ending is not None), best)
    return best


def _ending(reading: str, phrases: tuple[str, ...]) -> str | None:
    """The command (phrases.ASKING_FIRST) whose own words alone, ending as it ends, make up the reading."""
    heard = reading.split()
    for phrase in ASKING_FIRST:
        words = phrase.split()
        if phrase in phrases and heard and heard[-1] == words[-1] and set(heard) <= set(words):
            return phrase
    return None


def _word_cost(word: str, target: str) -> float:
    """0 for the same word, 1 for another, a share for a near spelling; a points word is that number."""
    if word == target:
        return 0.0
    if word in POINT_WORDS and target not in POINT_WORDS:
        return 1.0
    longest = max(len(word), len(target))
    return min(1.0, slips(word, target, longest) / longest)


def _word_distance(heard: list[str], expected: list[str]) -> float:
    """Edit distance counted in words, each substitution costing by how far apart the spellings are."""
    rows = [float(j) for j in range(len(expected) + 1)]
    for i, word in enumerate(heard, 1):
        previous, rows[0] = rows[0], float(i)
        for j, target in enumerate(expected, 1):
            current = min(rows[j] + 1, rows[j - 1] + 1, previous + _word_cost(word, target))
            previous, rows[j] = rows[j], current
    return rows[-1]
