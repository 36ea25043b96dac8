"""The kiosk's words while a word is spelled one letter at a time, or a year's digits (letter_by_letter)."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.teams import Team
from kiosk.engine.text import NATO_WORDS
from kiosk.voice.dialogue.prompts.forms import SAY_NO, Lead
from kiosk.voice.dialogue.yes_or_no import SURE_YES

JOINED = "Two words may be spelled as one."
OFFER = f"If not, {SAY_NO}, and we'll spell it one letter at a time. {JOINED}"
"""Added when a team's second fix is read back: an answer heard with a word lost or one too many is set
right only by its words spelled as one, which Rule 8 counts as the words."""
WORD_LEFT = Lead.WORD_LEFT.value
YEAR_LEFT_AS_IT_WAS = Lead.YEAR_LEFT.value
LEFT = f'{WORD_LEFT} If every answer is right, say "{SURE_YES}", or spell a fix.'
"""Said when the word is left: the read-back goes on as before."""
YEAR_LEFT = f'{YEAR_LEFT_AS_IT_WAS} If every year is right, say "{SURE_YES}", or {SAY_NO}.'
"""Said when a year one digit at a time is left: a no asks about each team's year again."""

_EXAMPLE = {word[0]: word for word in reversed(NATO_WORDS)}
"""Each letter's NATO word ("alpha", not "alfa"), said with the letter back: "T" alone rhymes."""


def _unit(year: bool) -> str:
    return "digit" if year else "letter"


def _said_back(unit: str, year: bool) -> str:
    return unit if year else f"{unit.upper()} for {_EXAMPLE[unit]}"


_BRIEFLY = {False: "one letter at a time. First letter?", True: "the year one digit at a time. First digit?"}


@dataclass(frozen=True)
class SpellOneAtATime:
    """The offer taken up: how to spell the team's word one letter at a time (its year, one digit)."""

    team: Team
    year: bool = False
    brief: bool = False
    """The table was told how earlier tonight: only that it starts (a patient host does not recite it again)."""

    @property
    def words(self) -> str:
        if self.brief:
            return f"{self.team.value}, {_BRIEFLY[self.year]}"
        if self.year:
            return (
                f"{self.team.value}, the year one digit at a time: say each digit on its own, like one, and "
                f"I'll say it back. {SAY_NO.capitalize()} if I get one wrong. First digit?"
            )
        return (
            f"{self.team.value}, one letter at a time: say each letter's word, like tango for T, and I'll say "
            f'the letter back. {SAY_NO.capitalize()} if I get one wrong. When the word is done, say "{SURE_YES}". '
            f"{JOINED} First letter?"
        )


@dataclass(frozen=True)
class LetterSaidBack:
    """A letter (a digit) taken, said back for the table to check, and the next asked for."""

    unit: str
    """The letter ("t") or digit ("9") taken."""
    year: bool = False

    @property
    def words(self) -> str:
        return f"{_said_back(self.unit, self.year)}. Next {_unit(self.year)}?"


@dataclass(frozen=True)
class WhichLetterThen:
    """The last letter taken back on a no: which one it was."""

    first: bool = False
    """No letter is left: the first is asked for."""
    year: bool = False

    @property
    def words(self) -> str:
        return f"{'First' if self.first else 'Which'} {_unit(self.year)}, then?"


@dataclass(frozen=True)
class RefusedLetterAgain:
    """A letter the table said no to in this place, heard again: not said back again."""

    unit: str
    year: bool = False

    @property
    def words(self) -> str:
        unit = _unit(self.year)
        return f"I heard {_said_back(self.unit, self.year)} again, and you said no to it. Which {unit}?"


@dataclass(frozen=True)
class JustOneLetter:
    """Two or more letters heard in one reply: heard again, one at a time."""

    year: bool = False

    @property
    def words(self) -> str:
        unit = _unit(self.year)
        return f"Just one {unit}, please: which {unit}?"


@dataclass(frozen=True)
class LetterNotCaught:
    """A reply heard as no letter: how to say one."""

    year: bool = False

    @property
    def words(self) -> str:
        example = "it on its own, like one" if self.year else "its word, like tango"
        return f"Sorry, which {_unit(self.year)}? Say {example}."


@dataclass(frozen=True)
class YearNeedsFourDigits:
    """The yes said to a year with fewer digits than a year's."""

    digits: tuple[str, ...]

    @property
    def words(self) -> str:
        return f"A year has four digits, and I have {', '.join(self.digits)}. Next digit?"


@dataclass(frozen=True)
class WordSoFar:
    """The word stalled: the letters so far offered as the word."""

    letters: tuple[str, ...]

    @property
    def words(self) -> str:
        so_far = ", ".join(letter.upper() for letter in self.letters)
        return (
            f"I can't catch that letter. I have {so_far} so far. If the word is right so, say "
            f'"{SURE_YES}"; if not, {SAY_NO}, and we\'ll leave it as it was.'
        )


@dataclass(frozen=True)
class LeftAsItWas:
    """The word (the year) left as it was: the read-back goes on as before."""

    year: bool = False

    @property
    def words(self) -> str:
        return YEAR_LEFT if self.year else LEFT
