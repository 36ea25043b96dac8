"""Every sentence the voice dialogue says itself (never the host's: kiosk/engine/say.py), worded once: each
kind is a frozen value whose `words` are the English, so the dialogue holds none (tests/test_prompts.py).
tests/golden/prompts.txt renders every kind (`python -m testbed.prompt_examples`).

    YourAnswer(Team.BATS).words             Bats, your answer?
    Prefaced(Lead.SORRY, YourAnswer(Team.BATS)).words
                                            Sorry, I didn't catch that. Bats, your answer?

forms.py: what every slot shares; read_back.py: answers and the read-back; one_at_a_time.py: a word one
letter at a time; between_questions.py: picks, a team leaving, the vote.
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
    SAVE_AGAIN,
    SAVE_NO,
    SAVE_YES,
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

__all__ = [
    "SAVE_AGAIN",
    "SAVE_NO",
    "SAVE_YES",
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
