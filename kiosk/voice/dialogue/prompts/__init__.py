"""Every sentence the voice dialogue says itself, worded once: the kiosk's own questions, and what it says
while it is unsure (answering.Ask), never the host's replies (kiosk/engine/say.py). Each kind of question is
a small frozen value naming what it is, and its `words` are the exact English; the dialogue builds the
values and holds no English itself (tests/test_prompts.py). Every kind is rendered with representative
values in tests/golden/prompts.txt (`python -m testbed.prompt_examples`), the one place the wording is read
as a whole.

    PlayOn(Team.BATS).words                 Then Bats play on.
    Fixed.HOW_MANY.words                    How many, then? Say solo, or two, three or four teams.
    Prefaced(Lead.SORRY, "Bats, your answer?").words
                                            Sorry, I didn't catch that. Bats, your answer?

By slot: forms.py, what every slot shares; one_at_a_time.py, a word spelled one letter at a time;
between_questions.py, the picks, the count, a team leaving, the vote.
"""

from __future__ import annotations

from typing import TypeAlias

from kiosk.voice.dialogue.prompts.between_questions import PlayOn, TeamLeaving
from kiosk.voice.dialogue.prompts.forms import Fixed, Prefaced
from kiosk.voice.dialogue.prompts.one_at_a_time import (
    JustOneLetter,
    LeftAsItWas,
    LetterNotCaught,
    LetterSaidBack,
    RefusedLetterAgain,
    SpellOneAtATime,
    WhichLetterThen,
    WordSoFar,
    YearNeedsFourDigits,
)
from kiosk.voice.dialogue.yes_or_no import Confirm, Lead

Prompt: TypeAlias = (
    Confirm
    | Prefaced
    | Fixed
    | SpellOneAtATime
    | LetterSaidBack
    | WhichLetterThen
    | RefusedLetterAgain
    | JustOneLetter
    | LetterNotCaught
    | YearNeedsFourDigits
    | WordSoFar
    | LeftAsItWas
    | TeamLeaving
    | PlayOn
)
"""Every kind of the kiosk's own words."""

__all__ = [
    "Confirm",
    "Fixed",
    "JustOneLetter",
    "Lead",
    "LeftAsItWas",
    "LetterNotCaught",
    "LetterSaidBack",
    "PlayOn",
    "Prefaced",
    "Prompt",
    "RefusedLetterAgain",
    "SpellOneAtATime",
    "TeamLeaving",
    "WhichLetterThen",
    "WordSoFar",
    "YearNeedsFourDigits",
]
