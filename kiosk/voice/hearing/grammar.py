"""The closed sets of things the table says, for grammar-restricted recognisers.

Between questions: team counts, picks, commands, team names, yes and no. During the read-back: yes, no, team
names, spelled letters (letters, letter names, NATO words, "double"), disputes and commands. Answers are never
heard through these. Each list ends with [unk], so speech outside it comes out as unknown (and is heard
again with the full vocabulary) instead of being forced onto the nearest phrase. Vosk turns the list into a bigram model, so word
orders outside the list can still come out; each result is corrected to the nearest expected phrase, as
wyoming-vosk does, since word confidences in grammar mode are almost always 1.
"""

from __future__ import annotations

from functools import cache

from kiosk.engine.matching import slips
from kiosk.engine.numbers import TENS, UNITS
from kiosk.engine.spelling import SPOKEN_DIGITS
from kiosk.engine.teams import TEAM_ORDER
from kiosk.engine.text import LETTER_NAMES, LETTER_WORDS_IN_TWO, NATO_WORDS
from kiosk.voice.hearing.phrases import ASKING_FIRST, COMMANDS, POINT_WORDS, between_questions
from kiosk.voice.hearing.spoken_years import year_phrases

UNKNOWN = "[unk]"

YES_NO = (
    "yes", "yeah", "yep", "yup", "right", "correct", "that's right", "okay", "sure", "agreed", "aye",
    "no", "nope", "wrong", "not yet", "that's wrong", "not right",
)  # fmt: skip
"""Every yes and no the engine reads during a read-back (kiosk.engine.commands), as the recogniser writes them."""
__all__ = [
    "COMMANDS", "DIGITS", "DISPUTES", "DOUBLE_NO", "LETTER_NAMES", "SPELLING_WORDS", "UNKNOWN", "YES_NO", "between_questions",
    "is_final", "nearest", "one_digit", "one_letter", "read_back", "spelling", "years", "years_read_back",
]  # fmt: skip
"""The closed sets said between questions (kiosk.voice.hearing.phrases) are re-exported with the rest: this module
is where the voice side finds every phrase list."""

DISPUTES = ("that was not what was said", "not what we said", "that's not what we said", "we didn't say that")
SPELLING_WORDS = ("double", "capital", "as in", "for")
"""Words a speller says between letters: "double t", "capital b", "b as in bravo", "b for bravo"."""


YEAR_WORDS = ("about", "around", "roughly", "oh", "nought", "and", "pass", "skip", "no idea", "all")
"""Words around a Candle-End year ("about eighteen ninety", "nineteen oh five") and a pass."""


@cache
def years() -> tuple[str, ...]:
    """What a table says in the Candle-End: each team's name and a year or a pass as whole phrases
    (kiosk.voice.hearing.spoken_years), and every word of them alone, number words and YEAR_WORDS, so that a year
    said another way ("eighteen hundred and ninety seven", "around 1820") can still be written. The key
    plays no part: any year is as likely as any other.

    The phrases teach the recogniser which number word follows which: on the tuning voices, clean, the
    team and year came out right 17 of 18 times against 8 through the words alone (held out, 34 of 36
    against 22); "eighteen ninety" was heard as "eighty ninety" (testbed/measure/hearing.py --only years)."""
    numbers = [*UNITS, *TENS, "hundred", "thousand"]
    words = [*numbers, *YEAR_WORDS, *(team.value.lower() for team in TEAM_ORDER)]
    return tuple(dict.fromkeys([*year_phrases(), *words]))


@cache
def spelling() -> tuple[str, ...]:
    """Letters only, as a table spells a word (letters, letter names, NATO words, SPELLING_WORDS), and the
    team names that open a fix: nothing else competes with a letter."""
    letters = [chr(code) for code in range(ord("a"), ord("z") + 1)]
    phrases = [*letters, *LETTER_NAMES, *LETTER_WORDS_IN_TWO, *SPELLING_WORDS]
    phrases += [team.value.lower() for team in TEAM_ORDER]
    return tuple(dict.fromkeys(phrases))


DOUBLE_NO = "no no"
"""The no the kiosk asks for while it takes one letter (or digit) at a time, or asks about one team's answer:
a plain "no" is heard too. Through the one-letter list, tuning voices in babble at 10 dB, of 162 each: "No,
no." heard 147 times against 134 for "No." and 149 for "That's wrong.", which took 5 of 594 letters' words
for a refusal against 1 (held out, reported: 79, 69 and 95 of 108). Through the digits, of 54: 51 as for
"No.", which took 5 of 180 digits for a refusal ("Nine.") against none (docs/decisions/0006-no-no-takes-a-letter-back.md)."""


def one_letter() -> tuple[str, ...]:
    """A letter's word said on its own, as the kiosk asks when a table spells a word one letter at a time
    (letter_by_letter.py), with the "no" that takes a letter back and the yes that ends the word. The NATO
    words alone: with the letters and letter names as well, "alpha" was heard as "l" and the like; on the
    tuning voices in babble at 10 dB, of 522 letters 429 came out right and 17 as another letter, against
    421 and 30 (held out, of 1044: 718 and 100, against 646 and 109; docs/decisions/0004-spell-with-nato-words.md)."""
    return (*NATO_WORDS, *LETTER_WORDS_IN_TWO, "no", DOUBLE_NO, "that's right")


def letters_but(refused: frozenset[str]) -> tuple[str, ...]:
    """Every letter's word but those of `refused` ("l" drops "lima"), and nothing else: a reply heard as a
    letter the table said no to in its place is heard again through these (letter_by_letter.past_refused)."""
    words = (*NATO_WORDS, *LETTER_WORDS_IN_TWO)
    return tuple(word for word in words if (LETTER_NAMES.get(word.replace(" ", "")) or word) not in refused)


@cache
def read_back() -> tuple[str, ...]:
    """Every phrase the table may say while the kiosk reads the answers back: spelled fixes come out as a
    team name followed by single letters, which the bigram grammar allows in any order."""
    letters = [chr(code) for code in range(ord("a"), ord("z") + 1)]
    phrases: list[str] = [*YES_NO, *DISPUTES, *COMMANDS, *letters, *LETTER_NAMES, *LETTER_WORDS_IN_TWO]
    phrases += SPELLING_WORDS
    phrases += [team.value.lower() for team in TEAM_ORDER]
    return tuple(dict.fromkeys(phrases))


DIGITS = ("zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
"""A year's digits, as a team spells a Candle-End year the read-back misheard ("one eight nine seven")."""


def one_digit() -> tuple[str, ...]:
    """A year's digit said on its own, as the kiosk asks when a loud room's Candle-End year is taken one
    digit at a time (letter_by_letter.py), with the "no" that takes a digit back and the yes that ends it."""
    return (*DIGITS, "no", DOUBLE_NO, "that's right")


def digits_but(refused: frozenset[str]) -> tuple[str, ...]:
    """Every digit's word but those of `refused` ("8" drops "eight"), as letters_but for a year's digits."""
    return tuple(word for word in DIGITS if SPOKEN_DIGITS[word] not in refused)


@cache
def years_read_back() -> tuple[str, ...]:
    """Every phrase the table may say while the Candle-End's years are read back: a yes or no, a dispute, a
    command, and a team's name then its year digit by digit. No letters: a year is fixed by its digits.

    A name then a digit, and a digit then a digit, are phrases too, to teach the list which word follows
    which: through the words alone a "nine" after a digit came out as "the aye" ("end the night", "aye").
    Team and year right, "Bats. One, eight, nine, seven." and the like, on the tuning voices: clean 16 of 18
    against 12; babble at 10 dB 25 of 54 against 7; music at 10 dB 52 against 50. Held out: clean 33 of 36
    against 26, babble 29 of 108 against 11, music 82 against 58 (docs/decisions/0007-candle-end-years-list.md)."""
    names = [team.value.lower() for team in TEAM_ORDER]
    pairs = [f"{first} {digit}" for first in (*names, *DIGITS) for digit in DIGITS]
    return tuple(dict.fromkeys([*YES_NO, *DISPUTES, *COMMANDS, *DIGITS, *names, *pairs]))


def is_final(text: str, phrases: tuple[str, ...]) -> bool:
    """True when `text` is a whole phrase of the set that no longer phrase carries on from (a pick, yes,
    a command): nothing the table may add would change what it means, so the kiosk need not wait long.
    Adding "teams" to a count changes nothing."""
    if text not in phrases:
        return False
    return not any(phrase.startswith(text + " ") and phrase != f"{text} teams" for phrase in phrases)


def nearest(text: str, phrases: tuple[str, ...], *, alternatives: tuple[str, ...] = ()) -> str:
    """The expected phrase nearest to what was heard (trying each n-best reading), if near enough;
    else the text as heard, so that the host can say it did not follow."""
    best, best_cost = text, None
    for reading in (text, *alternatives):
        if reading in phrases:
            return reading
        heard = reading.split()
        for phrase in phrases:
            expected = phrase.split()
            cost = _word_distance(heard, expected)
            # Near enough: fewer than half the phrase's words wrong. With half, a two-word pick whose
            # category word was wholly lost was still a pick: "five one" was taken for "spiders one".
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
    """0 for the same word, 1 for a different one, a share of 1 for a near spelling ("tree", "three"). A
    points word heard is that number, never a near spelling of another word ("five" of "spiders")."""
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
