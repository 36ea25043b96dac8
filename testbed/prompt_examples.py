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
    SAVE_AGAIN,
    SAVE_NO,
    SAVE_YES,
    AnsweredInThatToo,
    Confirm,
    Fixed,
    HeardNoTwice,
    HowToFix,
    IsThatRight,
    JustOneLetter,
    Lead,
    LeftAsItWas,
    LetterNotCaught,
    LetterSaidBack,
    NotCaught,
    NotCaughtAgain,
    NotSureOfYes,
    NoYearHeard,
    PickSlowly,
    PlainYesWillDo,
    PlayOn,
    Prefaced,
    Prompt,
    RefusedLetterAgain,
    SpelledBack,
    SpellOneAtATime,
    StillToSayYes,
    TeamLeaving,
    WasItTheirs,
    WhichDidYouMean,
    WhichLetterThen,
    WhichPickThen,
    WhoseAnswer,
    WhoseYes,
    WordSoFar,
    YearCutShort,
    YearNeedsFourDigits,
    YourAnswer,
)

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "prompts.txt"

_BATS = IsThatRight(Team.BATS, "barn owl")
_YEAR = IsThatRight(Team.GHOSTS, "1897")

EXAMPLES: tuple[Prompt, ...] = (
    *(
        Confirm("Wings & Webs 3", lead)
        for lead in (Lead.NONE, Lead.ONE_AT_A_TIME, Lead.NO_YES_HEARD, Lead.WAS_THAT_A_YES, Lead.NEXT_OFFERED)
    ),
    SAVE_YES,
    SAVE_NO,
    SAVE_AGAIN,
    *Fixed,
    # The read-back and the answers (prompts/read_back.py).
    HowToFix(),
    HowToFix(year=True),
    HowToFix(loud=True),
    HowToFix(loud=True, brief=True),
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
    Prefaced(Lead.SORRY, YourAnswer(Team.GHOSTS)),
    SpelledBack("button"),
    SpelledBack("barn", offer=True),
    SpelledBack("barn", offer=True, typed_by=Team.BATS),
    WhoseAnswer((Team.BATS, Team.GHOSTS, Team.OWLS)),
    WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True),
    WasItTheirs(Team.GHOSTS),
    WasItTheirs(Team.BATS, spelling=True, again=True),
    NotSureOfYes(),
    NotSureOfYes(loud=True),
    _BATS,
    _YEAR,
    Prefaced(Lead.WAS_THAT_A_YES, _BATS),
    Prefaced(Lead.SORRY, _BATS),
    Prefaced(Lead.EACH_IN_TURN, _BATS),
    Prefaced(Lead.WORD_LEFT, _BATS),
    Prefaced(Lead.YEAR_LEFT, _YEAR),
    # A word one letter at a time, a year one digit at a time (prompts/one_at_a_time.py).
    SpellOneAtATime(Team.BATS),
    SpellOneAtATime(Team.BATS, year=True),
    SpellOneAtATime(Team.BATS, brief=True),
    SpellOneAtATime(Team.BATS, year=True, brief=True),
    Prefaced(Lead.TAKEN_AS_NO, SpellOneAtATime(Team.BATS)),
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
    Prefaced(Lead.SORRY, WordSoFar(("b", "a", "r"))),
    LeftAsItWas(),
    LeftAsItWas(year=True),
    # Between questions (prompts/between_questions.py).
    PickSlowly("The Treat Bag 2"),
    Prefaced(Lead.SORRY, PickSlowly("The Treat Bag 2")),
    Prefaced(Lead.SORRY, Confirm("Wings & Webs 3", Lead.ONE_AT_A_TIME)),
    WhichPickThen("Wings & Webs 3"),
    WhichPickThen("Old Customs 2", slowly=True),
    WhichDidYouMean("Far and Wide 2", "Wings & Webs 2"),
    WhichDidYouMean("board", "The Treat Bag 4"),
    TeamLeaving(Team.TOADS),
    TeamLeaving(Team.TOADS, Lead.WAS_THAT_A_YES),
    PlayOn(Team.TOADS),
    StillToSayYes((Team.GHOSTS, Team.OWLS)),
    Prefaced(Lead.SORRY, StillToSayYes((Team.GHOSTS, Team.OWLS))),
    PlainYesWillDo(Team.GHOSTS, (Team.GHOSTS, Team.OWLS)),
    PlainYesWillDo(Team.GHOSTS, (Team.GHOSTS, Team.OWLS), name_alone=True),
    WhoseYes(Team.OWLS, Team.BATS),
)
"""Each kind as a night would word it: each choice a kind makes (loud or not, a year or a word), once, and
each lead with a question it is said before."""


def shown(value: object) -> str:
    """A value as Python would write it: a kind with its fields named, an enum member by its name."""
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        named = (f"{field.name}={shown(getattr(value, field.name))}" for field in dataclasses.fields(value))
        return f"{type(value).__name__}({', '.join(named)})"
    if isinstance(value, tuple):
        inside = ", ".join(shown(each) for each in value)
        return f"({inside},)" if len(value) == 1 else f"({inside})"
    return repr(value)


def text() -> str:
    """The golden file's text: each example and its words, one a line."""
    return "".join(f"{shown(example)} -> {example.words}\n" for example in EXAMPLES)


def main() -> None:
    GOLDEN.write_text(text())
    print(f"wrote {len(EXAMPLES)} prompts to {GOLDEN}")


if __name__ == "__main__":
    main()
