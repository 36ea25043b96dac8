"""The kiosk's questions that confirm what it heard, worded once, in one form everywhere, so that a reader
learns one reply: the yes the closed lists hear most surely
(docs/decisions/0011-thats-right-as-the-sure-yes.md), or no. When a yes is taken is policy.py's.

    Confirm("Wings & Webs 3")                       Wings & Webs 3? Say "that's right", or say no.
    Confirm("Two teams", Lead.WAS_THAT_A_YES)       Was that a yes? Two teams? Say "that's right", or say no.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

SURE_YES = "that's right"
"""The yes the read-back lists hear most surely in party noise: asked for in a loud room, and once a yes is
missed (docs/decisions/0011-thats-right-as-the-sure-yes.md, the tuning voices in babble at 10 dB: "that's right" 24 of 24, "okay"
21, "right" 19, "yes" 17, "yeah" 16, "correct" 9; over music every one 24; held out, "that's right" 36 of
48 against 30 for "yes")."""
QUOTED_SURE_YES = f'"{SURE_YES}"'
"""The yes asked for, in quotes as the read-back asks for it."""
YES = frozenset(("yes", "right", "correct", SURE_YES))
"""Every yes these questions take; which are sure, policy.py says."""
NO = frozenset(("no", "wrong"))


class Lead(Enum):
    """What the kiosk says before the question, and why it asks."""

    NONE = ""
    ONE_AT_A_TIME = "Let's take it one at a time."
    """The first of things offered one at a time, the reply to asking openly missed."""
    NO_YES_HEARD = "I didn't catch a yes."
    """The reply was neither a yes nor a no."""
    WAS_THAT_A_YES = "Was that a yes?"
    """A yes the kiosk was unsure of, to what cannot be undone (policy.Act.ASK_IF_YES)."""
    NEXT_OFFERED = "I didn't catch a yes. Or"
    """The reply to one thing offered missed again: the next one is offered."""
    SORRY = "Sorry, I didn't catch that."
    """The reply was heard as no word, or not made out: the question is asked again."""
    EACH_IN_TURN = "Sorry, I still didn't catch that. Let's take each team's answer in turn."
    """A loud read-back not made out again: each team's answer is asked about in turn (team_by_team.py)."""
    TAKEN_AS_NO = "I still didn't catch that, so I'll take it as a no."
    """A team's answer asked about, and its reply not made out again: the word is spelled one letter at a
    time."""
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
        asked = f"{self.subject}? Say {QUOTED_SURE_YES}, or say no."
        return f"{self.lead.value} {asked}" if self.lead.value else asked
