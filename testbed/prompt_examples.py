"""tests/golden/prompts.txt, written from the code: every kind of the kiosk's own words
(kiosk/voice/dialogue/prompts) rendered with representative values, one a line, `Kind(args) -> words`. It is
the one place the wording is read as a whole; `python -m testbed.prompt_examples` rewrites it, and
tests/test_prompts.py fails while it is out of date or a kind has no example.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from pathlib import Path

from kiosk.engine.teams import Team
from kiosk.voice.dialogue.prompts import (
    AnsweredInThatToo,
    Confirm,
    Fixed,
    HeardNoTwice,
    HowToFix,
    JustOneLetter,
    Lead,
    LeftAsItWas,
    LetterNotCaught,
    LetterSaidBack,
    NotCaught,
    NotCaughtAgain,
    NoYearHeard,
    PlayOn,
    Prefaced,
    Prompt,
    RefusedLetterAgain,
    SpelledBack,
    SpellOneAtATime,
    TeamLeaving,
    WasItTheirs,
    WhichLetterThen,
    WhoseAnswer,
    WordSoFar,
    YearCutShort,
    YearNeedsFourDigits,
    YourAnswer,
)

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "prompts.txt"

EXAMPLES: tuple[Prompt, ...] = (
    *(Confirm("Wings & Webs 3", lead) for lead in Lead),
    *Fixed,
    Prefaced(Lead.SORRY, YourAnswer(Team.GHOSTS).words),
    Prefaced(Lead.SORRY, WordSoFar(("b", "a", "r")).words),
    HowToFix(),
    HowToFix(year=True),
    HowToFix(loud=True),
    NotCaught(),
    NotCaught(loud=True),
    NotCaughtAgain(),
    NotCaughtAgain(keyboard=True),
    HeardNoTwice(),
    HeardNoTwice(year=True),
    NoYearHeard("about eighteen and ninety", Team.BATS),
    YearCutShort("one, zero, zero", Team.GHOSTS),
    AnsweredInThatToo(Team.OWLS),
    YourAnswer(Team.GHOSTS),
    WhoseAnswer((Team.BATS, Team.GHOSTS, Team.OWLS)),
    WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True),
    WasItTheirs(Team.GHOSTS),
    WasItTheirs(Team.BATS, spelling=True, again=True),
    SpelledBack("button"),
    SpelledBack("barn", offer=True),
    SpelledBack("barn", offer=True, typed_by=Team.BATS),
    SpellOneAtATime(Team.BATS),
    SpellOneAtATime(Team.BATS, year=True),
    LetterSaidBack("t"),
    LetterSaidBack("9", year=True),
    WhichLetterThen(),
    WhichLetterThen(first=True),
    WhichLetterThen(year=True),
    RefusedLetterAgain("l"),
    RefusedLetterAgain("8", year=True),
    JustOneLetter(),
    JustOneLetter(year=True),
    LetterNotCaught(),
    LetterNotCaught(year=True),
    YearNeedsFourDigits(("1", "8")),
    WordSoFar(("b", "a", "r")),
    LeftAsItWas(),
    LeftAsItWas(year=True),
    TeamLeaving(Team.TOADS),
    TeamLeaving(Team.TOADS, Lead.WAS_THAT_A_YES),
    PlayOn(Team.TOADS),
)
"""Each kind as a night would word it: every lead, and each choice a kind makes (loud or not, a year or a
word), once."""


def shown(value: object) -> str:
    """A value as Python would write it: a kind with its fields named, an enum member by its name."""
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        named = (f"{field.name}={shown(getattr(value, field.name))}" for field in dataclasses.fields(value))
        return f"{type(value).__name__}({', '.join(named)})"
    if isinstance(value, tuple):
        inside = ", ".join(map(shown, value))
        return f"({inside},)" if len(value) == 1 else f"({inside})"
    return repr(value)


def text() -> str:
    """The golden file's text: each example and its words, one a line."""
    return "".join(f"{shown(prompt)} -> {prompt.words}\n" for prompt in EXAMPLES)


def main() -> None:
    GOLDEN.write_text(text())
    print(f"wrote {len(EXAMPLES)} prompts to {GOLDEN}")


if __name__ == "__main__":
    main()
