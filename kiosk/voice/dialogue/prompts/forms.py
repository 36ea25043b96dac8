"""The words every slot shares: the one form of a confirming question, so that a reader learns one reply
(the sure yes or the sure no, decisions 0011 and 0022); the leads said before a question; the sentences that
never change.

    Confirm("Two teams", Lead.WAS_THAT_A_YES)   Was that a yes? Two teams? Say "that's right", or say "no, no".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from kiosk.voice.dialogue.yes_or_no import SAID_NO, SURE_YES

if TYPE_CHECKING:  # the union of every kind is the package's, and the package imports this module
    from kiosk.voice.dialogue.prompts import Prompt

QUOTED_SURE_YES = f'"{SURE_YES}"'
SAY_NO = f'say "{SAID_NO}"'
"""How every confirming question asks for the no (decision 0022); a plain no is still taken."""
SORRY = "Sorry, I didn't catch that."
SORRY_AGAIN = "Sorry, I still didn't catch that."
ONE_BY_ONE = "Let's take each team's answer in turn."
TAKEN_AS_NO = "I still didn't catch that, so I'll take it as a no."
PART_CAUGHT = "I caught only the end of that spelling. Say the team's name, then spell the whole word again."
"""During the read-back, to letters already being said when the kiosk stopped speaking."""


class Lead(Enum):
    """What the kiosk says before the question, and why it asks."""

    NONE = ""
    ONE_AT_A_TIME = "Let's take it one at a time."
    """The first of things offered one at a time, the reply to asking openly missed."""
    NO_YES_HEARD = "I didn't catch a yes."
    """The reply was neither a yes nor a no."""
    WAS_THAT_A_YES = "Was that a yes?"
    """A yes the kiosk was unsure of, to what cannot be undone (policy.Act.ASK_IF_YES)."""
    WAS_THAT_A_NO = "Was that a no?"
    """A no the kiosk was unsure of, where the no cannot be undone (policy.Act.ASK_IF_NO)."""
    NEXT_OFFERED = "I didn't catch a yes. Or"
    """The reply to one thing offered missed again: the next one is offered."""
    SORRY = SORRY
    """The reply was heard as no word, or not made out: the question is asked again."""
    EACH_IN_TURN = f"{SORRY_AGAIN} {ONE_BY_ONE}"
    """A loud read-back not made out again: each team's answer is asked about in turn (team_by_team.py)."""
    TAKEN_AS_NO = TAKEN_AS_NO
    """A team's answer asked about, its reply not made out again: the word is spelled letter by letter."""
    WORD_LEFT = "Let's leave that word as it was."
    """A word spelled one letter at a time was left: the team's answer is asked about again."""
    YEAR_LEFT = "Let's leave that year as it was."
    """The same for a year taken one digit at a time."""


@dataclass(frozen=True)
class Confirm:
    """Something heard, said back (or offered) for a yes or a no."""

    subject: str
    """What the kiosk says back, as the table would say it ("Wings & Webs 3", "Two teams")."""
    lead: Lead = Lead.NONE

    @property
    def words(self) -> str:
        return _led(self.lead, f"{self.subject}? Say {QUOTED_SURE_YES}, or {SAY_NO}.")


SAVE_YES = Confirm("Carry on from that save", Lead.WAS_THAT_A_YES)
"""An unsure yes to a save from elsewhere, asked about (policy.Slot.SAVE)."""
SAVE_NO = Confirm("Carry on from that save", Lead.WAS_THAT_A_NO)
"""An unsure no to it, asked about: a save left aside is not offered again."""
SAVE_AGAIN = Confirm("Carry on from that save", Lead.NO_YES_HEARD)
"""Neither a yes nor a no to it: asked again, since the room's words never leave a save aside."""


@dataclass(frozen=True)
class Prefaced:
    """A question after a lead that says why it is asked (again)."""

    lead: Lead
    question: Prompt

    @property
    def words(self) -> str:
        return _led(self.lead, self.question.words)


def _led(lead: Lead, words: str) -> str:
    return f"{lead.value} {words}" if lead.value else words


class Fixed(Enum):
    """A sentence with nothing in it that changes."""

    HOW_MANY = "How many, then? Say solo, or two, three or four teams."
    """The team count said back, and the table said no (counting.py)."""
    PART_CAUGHT = PART_CAUGHT
    SAY_IT_AGAIN = f"{SORRY} Please say it again."
    """A reply heard as no word, with no question of the kiosk's waiting to be asked again."""
    NAME_FIRST = "Then say it again, with the team's name first."
    """Whose held words were could not be settled (whose.py): they go to nobody, to be said again."""

    @property
    def words(self) -> str:
        return self.value
