"""The kiosk's words every slot shares: the apology before a question asked again, a question after a lead
that says why it is asked, and the sentences that never change."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from kiosk.voice.dialogue.yes_or_no import Lead

SORRY = Lead.SORRY.value
"""Said before the kiosk's words again, when a reply to them was heard as no word or not made out."""
SORRY_AGAIN = "Sorry, I still didn't catch that."
ONE_BY_ONE = "Let's take each team's answer in turn."
TAKEN_AS_NO = Lead.TAKEN_AS_NO.value
PART_CAUGHT = "I caught only the end of that spelling. Say the team's name, then spell the whole word again."
"""During the read-back, to letters already being said when the kiosk stopped speaking."""


@dataclass(frozen=True)
class Prefaced:
    """A question after a lead that says why it is asked (again): "Sorry, I didn't catch that." and the
    question as it was."""

    lead: Lead
    question: str
    """The question's own words, as its kind words them."""

    @property
    def words(self) -> str:
        return f"{self.lead.value} {self.question}" if self.lead.value else self.question


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
