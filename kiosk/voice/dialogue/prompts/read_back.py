"""The kiosk's own words while teams answer and while the read-back is checked (answering.py): how to fix
an answer, words not caught, a team called by name, a year heard wrong, a spelled fix said back, and whose
words were held (whose.py)."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.teams import Team, join_names
from kiosk.voice.dialogue.prompts.forms import SORRY, SORRY_AGAIN, Confirm, Lead
from kiosk.voice.dialogue.prompts.one_at_a_time import OFFER, SAY_NO
from kiosk.voice.dialogue.yes_or_no import SURE_YES

WITH_WORDS = "a word for each letter, like tango, uniform, romeo for T, U, R"
"""How the kiosk asks for a spelling that survives rhyming letters and noise. The words alone, not "T for
tango": on the tuning voices (espeak-ng us, Piper joe, flite kal; ten words each) the words alone were
heard right in 28 of 30 words, "T for tango" in 26, plain letters in 9; in babble at 10 dB, three draws
each, 33, 20 and 0 of 90 (docs/decisions/0004-spell-with-nato-words.md)."""
HOW_TO_SPELL = f"To fix a word, say the team's name, then spell it with {WITH_WORDS}."
"""Said at the night's first read-back: plain letters rhyme (B, D, P, T, V), and a word for each letter is
heard far more surely (WITH_WORDS)."""
NOT_CAUGHT = f"{SORRY} Say yes, or spell a fix."
"""During the read-back, to words naming no team that are no spelling."""
NOT_CAUGHT_AGAIN = f'{SORRY_AGAIN} If every answer is right, say "{SURE_YES}". {HOW_TO_SPELL}'
"""To such words a second time running: most often a yes the room garbled, so the yes heard most surely."""
NOT_CAUGHT_LOUD = f'{SORRY} Say "{SURE_YES}", or say no.'
"""In a loud room, to read-back words the kiosk cannot make out: its read-back asked for a yes or a no."""
HOW_TO_FIX_A_YEAR = (
    "To fix a year, say the team's name, then the year digit by digit, like one, eight, nine, seven."
)
"""Said at each Candle-End read-back: a year is no word to spell, and its digits are heard one by one
through a list of digits (listening.Listening.YEARS_READ_BACK)."""
NO_TWICE = f'I heard no. If every answer is right, say "yes". {HOW_TO_SPELL}'
"""To a read-back's no heard a second time running: a no asks only for a fix, and a reader who says the
yes asked for again and again may be heard so (in babble "that's right" came out as "not right" in one
voice's nights, 13 times over several runs, and the night stuck). A plain yes said in reply is taken. A loud
room's no asks about each team's answer in turn instead (team_by_team.py)."""
NO_TWICE_YEARS = f'I heard no. If every answer is right, say "yes". {HOW_TO_FIX_A_YEAR}'
"""The same in the Candle-End's read-back, where a year is fixed by its digits, not spelled."""
NO_YEAR_HEARD = 'I heard "{heard}", which is no year. {team}, your answer?'
"""To a team's Candle-End answer heard as number words that make no year ("Bats, eighteen ninety." as "about
eighteen and ninety", in babble): asked once, for words the card would lock as no year (spoken_years.py)."""
YEAR_CUT_SHORT = "I heard only {digits}. Say {team}, then all four digits of the year."
"""To a Candle-End year fix heard with fewer digits than a year's."""
TYPE_IT = "Or type {team}, then the word's letters, on the table screen's keyboard."
"""Added, in a loud room with a table screen's keyboard, when a team's second fix is read back: for voices
the kiosk barely hears in babble, spellings came out whole one or two words in six however asked. Typed
("Bats: B A R N"), the letters are a spelling like any other."""
TYPE_ANY = "Or type it on the table screen's keyboard."
"""Added, with a table screen's keyboard, when read-back words are missed twice running."""
LOUD_YES = f'It\'s loud in here. If every answer is right, say "{SURE_YES}".'
BY_TEAM = "If not, say no, and I'll ask about each team's answer in turn."
LOUD_CHECKING = f"{LOUD_YES} {BY_TEAM}"
"""Said at every question's first read-back in a loud room, where plain letters were misheard nearly always
and a plain yes one time in three. A no has the kiosk ask about each team's answer by name, and take a
wrong one's word one letter at a time (team_by_team.py): in party babble a whole spelling, even slowly with
a word for each letter, was heard right 39 times in 90 and its team's name lost as often (tuning voices at
10 dB; held out, 41 of 180; docs/decisions/0004-spell-with-nato-words.md), where each letter's word said on its own
was heard right four times in five. A table may still spell a fix with its team's name first."""
NOT_SURE_OF_YES = f'Was that a yes? Say "{SURE_YES}", or spell the fix again.'
"""To a read-back's yes the kiosk is unsure of (read_back_yes.py): a yes locks the answers."""
NOT_SURE_OF_YES_LOUD = f'Was that a yes? Say "{SURE_YES}", or say no.'
"""The same in a loud room, where a no to the read-back has the kiosk ask about each team's answer in turn
(team_by_team.py): in babble a reader's "no" was heard as "yeah", and asked to spell a fix again, the
reader had no fix to spell."""


@dataclass(frozen=True)
class HowToFix:
    """How to fix an answer, said once at a read-back: a word spelled, a Candle-End year digit by digit, or
    in a loud room a no that has the kiosk ask about each team's answer in turn."""

    year: bool = False
    loud: bool = False

    @property
    def words(self) -> str:
        if self.loud:
            return LOUD_CHECKING
        return HOW_TO_FIX_A_YEAR if self.year else HOW_TO_SPELL


@dataclass(frozen=True)
class NotCaught:
    """Read-back words that were neither a yes nor a spelling, or a reply heard as no word."""

    loud: bool = False
    """A loud room, whose read-back asks for a yes or a no."""

    @property
    def words(self) -> str:
        return NOT_CAUGHT_LOUD if self.loud else NOT_CAUGHT


@dataclass(frozen=True)
class NotCaughtAgain:
    """Such words a second time running: the yes heard most surely, and how to spell a fix."""

    keyboard: bool = False
    """A table screen's keyboard can type into the night: the table is told."""

    @property
    def words(self) -> str:
        return f"{NOT_CAUGHT_AGAIN} {TYPE_ANY}" if self.keyboard else NOT_CAUGHT_AGAIN


@dataclass(frozen=True)
class HeardNoTwice:
    """A read-back's no heard a second time running: the plain yes asked for, and how to fix."""

    year: bool = False
    """The Candle-End's read-back, where a year is fixed by its digits."""

    @property
    def words(self) -> str:
        return NO_TWICE_YEARS if self.year else NO_TWICE


@dataclass(frozen=True)
class NoYearHeard:
    """A team's Candle-End answer heard as number words that make no year: asked for again."""

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
    """A spelled fix read back letter by letter for the table to check, then how to fix it if wrong:
    spelling again, slowly, or (`offer`, after a team's second fix) the word one letter at a time."""

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
    """The words are a spelled fix."""

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
    """A loud room's read-back checked one team at a time (team_by_team.py): the team's answer as the
    read-back says it now, for a yes or a no."""

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
