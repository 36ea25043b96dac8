"""The kiosk's words while teams answer and the read-back is checked (answering.py, team_by_team.py)."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.teams import Team, join_names
from kiosk.voice.dialogue.prompts.forms import QUOTED_SURE_YES, SAY_NO, SORRY, SORRY_AGAIN, Confirm, Lead
from kiosk.voice.dialogue.prompts.one_at_a_time import OFFER
from kiosk.voice.dialogue.yes_or_no import SURE_YES

WITH_WORDS = "a word for each letter, like tango, uniform, romeo for T, U, R"
"""A spelling asked for by the words alone, heard more surely than "T for tango" (decision 0004)."""
HOW_TO_SPELL = f"To fix a word, say the team's name, then spell it with {WITH_WORDS}."
"""Said at the night's first read-back: plain letters rhyme (B, D, P, T, V)."""
NOT_CAUGHT = f"{SORRY} Say yes, or spell a fix."
NOT_CAUGHT_AGAIN = f'{SORRY_AGAIN} If every answer is right, say "{SURE_YES}". {HOW_TO_SPELL}'
NOT_CAUGHT_LOUD = f'{SORRY} Say "{SURE_YES}", or {SAY_NO}.'
HOW_TO_FIX_A_YEAR = (
    "To fix a year, say the team's name, then the year digit by digit, like one, eight, nine, seven."
)
"""Said at each Candle-End read-back: a year's digits are heard through a list of digits (decision 0007)."""
NO_TWICE = f'I heard no. If every answer is right, say "yes". {HOW_TO_SPELL}'
"""To a read-back's no heard a second time running, which may be "that's right" heard as "not right": a plain
yes is asked for, and taken. A loud room's no asks about each team instead (team_by_team.py)."""
NO_TWICE_YEARS = f'I heard no. If every answer is right, say "yes". {HOW_TO_FIX_A_YEAR}'
NO_YEAR_HEARD = 'I heard "{heard}", which is no year. {team}, your answer?'
YEAR_CUT_SHORT = "I heard only {digits}. Say {team}, then all four digits of the year."
TYPE_IT = "Or type {team}, then the word's letters, on the table screen's keyboard."
"""Added in a loud room with a table screen's keyboard, at a team's second fix: some voices' spellings
barely come through babble, and typed letters are a spelling like any other."""
TYPE_ANY = "Or type it on the table screen's keyboard."
"""Added, with a table screen's keyboard, when read-back words are missed twice running."""
LOUD_YES = f'It\'s loud in here. If every answer is right, say "{SURE_YES}".'
BY_TEAM = f"If not, {SAY_NO}, and I'll ask about each team's answer in turn."
LOUD_CHECKING = f"{LOUD_YES} {BY_TEAM}"
"""Said at every question's first read-back in a loud room, where a whole spelling is lost too often and one
letter's word at a time is not (decision 0004); a table may still spell a fix with its team's name first."""
NOT_SURE_OF_YES = f'Was that a yes? Say "{SURE_YES}", or spell the fix again.'
NOT_SURE_OF_YES_LOUD = f'Was that a yes? Say "{SURE_YES}", or {SAY_NO}.'
"""The same in a loud room, where a no has each team asked about: a no heard as a yes has no fix to spell."""


@dataclass(frozen=True)
class HowToFix:
    """How to fix an answer, said once at a read-back."""

    year: bool = False
    loud: bool = False
    brief: bool = False
    """A loud room's checking was told earlier tonight: only the reply it takes."""

    @property
    def words(self) -> str:
        if self.loud:
            return f"Say {QUOTED_SURE_YES}, or {SAY_NO}." if self.brief else LOUD_CHECKING
        return HOW_TO_FIX_A_YEAR if self.year else HOW_TO_SPELL


@dataclass(frozen=True)
class NotCaught:
    """Read-back words that were neither a yes nor a spelling, or a reply heard as no word."""

    loud: bool = False

    @property
    def words(self) -> str:
        return NOT_CAUGHT_LOUD if self.loud else NOT_CAUGHT


@dataclass(frozen=True)
class NotCaughtAgain:
    """Such words a second time running, most often a garbled yes: the sure yes, and how to fix."""

    keyboard: bool = False

    @property
    def words(self) -> str:
        return f"{NOT_CAUGHT_AGAIN} {TYPE_ANY}" if self.keyboard else NOT_CAUGHT_AGAIN


@dataclass(frozen=True)
class HeardNoTwice:
    """A read-back's no heard a second time running: the plain yes asked for, and how to fix."""

    year: bool = False

    @property
    def words(self) -> str:
        return NO_TWICE_YEARS if self.year else NO_TWICE


@dataclass(frozen=True)
class NoYearHeard:
    """A Candle-End answer heard as number words that make no year, which the card would lock: asked once."""

    heard: str
    team: Team

    @property
    def words(self) -> str:
        return NO_YEAR_HEARD.format(heard=self.heard, team=self.team.value)


@dataclass(frozen=True)
class YearCutShort:
    """A Candle-End year fix heard with fewer digits than a year's."""

    digits: str
    """The digits heard, as said ("one, zero, zero")."""
    team: Team

    @property
    def words(self) -> str:
        return YEAR_CUT_SHORT.format(digits=self.digits, team=self.team.value)


@dataclass(frozen=True)
class AnsweredInThatToo:
    """Another team's name heard inside a team's answer: its answer may be joined to this one."""

    team: Team

    @property
    def words(self) -> str:
        return f"Did {self.team.value} answer in that too? Say each team's answer on its own."


@dataclass(frozen=True)
class YourAnswer:
    """The team the kiosk listens to next, called by name."""

    team: Team

    @property
    def words(self) -> str:
        return f"{self.team.value}, your answer?"


@dataclass(frozen=True)
class SpelledBack:
    """A spelled fix read back letter by letter, then how to fix it: slowly, or (`offer`) letter by letter."""

    word: str
    offer: bool = False
    typed_by: Team | None = None
    """The team told it may type the word on the table screen's keyboard instead."""

    @property
    def words(self) -> str:
        fix = OFFER if self.offer else "If not, spell it again, slowly."
        said = f"That is {', '.join(self.word.upper())}. {fix}"
        return f"{said} {TYPE_IT.format(team=self.typed_by.value)}" if self.typed_by else said


@dataclass(frozen=True)
class WhoseAnswer:
    """Words held because their team's name was lost (whose.py): whose were they?"""

    teams: tuple[Team, ...]
    """The teams they may belong to, in the night's order."""
    spelling: bool = False

    @property
    def words(self) -> str:
        return f"Whose {_what(self.spelling)} was that: {join_names(self.teams, 'or')}?"


@dataclass(frozen=True)
class WasItTheirs:
    """A reply to "whose?" named no team asked about: one team offered for a yes or a no."""

    team: Team
    spelling: bool = False
    again: bool = False
    """The reply to the offer was neither a yes, a no nor a name: offered again."""

    @property
    def words(self) -> str:
        lead = Lead.NO_YES_HEARD if self.again else Lead.NONE
        return Confirm(f"Was that {self.team.value}' {_what(self.spelling)}", lead).words


def _what(spelling: bool) -> str:
    return "spelling" if spelling else "answer"


@dataclass(frozen=True)
class IsThatRight:
    """One team's answer as the read-back says it now, for a yes or a no (team_by_team.py)."""

    team: Team
    answer: str

    @property
    def words(self) -> str:
        return f'{self.team.value}: {self.answer}. Is that right? Say "{SURE_YES}", or {SAY_NO}.'


@dataclass(frozen=True)
class NotSureOfYes:
    """A yes to the read-back the kiosk is unsure of, asked about before the answers lock."""

    loud: bool = False

    @property
    def words(self) -> str:
        return NOT_SURE_OF_YES_LOUD if self.loud else NOT_SURE_OF_YES
