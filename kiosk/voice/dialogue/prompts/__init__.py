"""Every sentence the voice dialogue says itself, worded once: the kiosk's own questions, and what it says
while it is unsure (answering.Ask), never the host's replies (kiosk/engine/say.py). Each kind of question is
a small frozen value naming what it is, and its `words` are the exact English; the dialogue builds the
values and holds no English itself (tests/test_prompts.py). Every kind is rendered with representative
values in tests/golden/prompts.txt (`python -m testbed.prompt_examples`), the one place the wording is read
as a whole.

    YourAnswer(Team.BATS).words             Bats, your answer?
    NotCaught(loud=True).words              Sorry, I didn't catch that. Say "that's right", or say no.
    Prefaced(Lead.SORRY, YourAnswer(Team.BATS)).words
                                            Sorry, I didn't catch that. Bats, your answer?

By slot: forms.py, what every slot shares (the one form of a confirming question, the leads before a
question, the sentences that never change); read_back.py, answers, whose they are and the read-back;
one_at_a_time.py, a word spelled one letter at a time; between_questions.py, the picks, a pick in doubt, a
team leaving, the vote. The team count asks in the confirming form alone.
"""

from __future__ import annotations

from typing import TypeAlias

from kiosk.voice.dialogue.prompts.between_questions import (
    PickSlowly,
    PlainYesWillDo,
    PlayOn,
    StillToSayYes,
    TeamLeaving,
    WhichDidYouMean,
    WhichPickThen,
    WhoseYes,
)
from kiosk.voice.dialogue.prompts.forms import (
    Confirm,
    Fixed,
    Lead,
    Prefaced,
)
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
from kiosk.voice.dialogue.prompts.read_back import (
    AnsweredInThatToo,
    HeardNoTwice,
    HowToFix,
    IsThatRight,
    NotCaught,
    NotCaughtAgain,
    NotSureOfYes,
    NoYearHeard,
    SpelledBack,
    WasItTheirs,
    WhoseAnswer,
    YearCutShort,
    YourAnswer,
)

Prompt: TypeAlias = (
    Confirm
    | Prefaced
    | Fixed
    | HowToFix
    | NotCaught
    | NotCaughtAgain
    | HeardNoTwice
    | NoYearHeard
    | YearCutShort
    | AnsweredInThatToo
    | YourAnswer
    | SpelledBack
    | WhoseAnswer
    | WasItTheirs
    | NotSureOfYes
    | IsThatRight
    | SpellOneAtATime
    | LetterSaidBack
    | WhichLetterThen
    | RefusedLetterAgain
    | JustOneLetter
    | LetterNotCaught
    | YearNeedsFourDigits
    | WordSoFar
    | LeftAsItWas
    | PickSlowly
    | WhichPickThen
    | WhichDidYouMean
    | TeamLeaving
    | PlayOn
    | StillToSayYes
    | PlainYesWillDo
    | WhoseYes
)
"""Every kind of the kiosk's own words."""

__all__ = [
    "AnsweredInThatToo",
    "Confirm",
    "Fixed",
    "HeardNoTwice",
    "HowToFix",
    "IsThatRight",
    "JustOneLetter",
    "Lead",
    "LeftAsItWas",
    "LetterNotCaught",
    "LetterSaidBack",
    "NoYearHeard",
    "NotCaught",
    "NotCaughtAgain",
    "NotSureOfYes",
    "PickSlowly",
    "PlainYesWillDo",
    "PlayOn",
    "Prefaced",
    "Prompt",
    "RefusedLetterAgain",
    "SpellOneAtATime",
    "SpelledBack",
    "StillToSayYes",
    "TeamLeaving",
    "WasItTheirs",
    "WhichDidYouMean",
    "WhichLetterThen",
    "WhichPickThen",
    "WhoseAnswer",
    "WhoseYes",
    "WordSoFar",
    "YearCutShort",
    "YearNeedsFourDigits",
    "YourAnswer",
]
