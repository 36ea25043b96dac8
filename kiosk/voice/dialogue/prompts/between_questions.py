"""The kiosk's own words between questions: picks, a pick in doubt, a team leaving, the vote. A cell is said
by its category's name, as the table would say it ("Wings & Webs 3")."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.teams import Team, join_names
from kiosk.voice.dialogue.prompts.forms import Confirm, Lead

PLAIN_YES = "a plain yes will do"
"""Said to the team whose lone name was heard: "Ghosts, a plain yes will do." """


@dataclass(frozen=True)
class PickSlowly:
    """Picks missed again and again: the pick asked for by the category's whole name, slowly."""

    example: str
    """A free cell, as the table would say it."""

    @property
    def words(self) -> str:
        return f"Say the category's name and its points slowly, like {self.example}. Or say pass."


@dataclass(frozen=True)
class WhichPickThen:
    """The cell said back (or every cell offered) was said no to: which pick, then?"""

    example: str
    slowly: bool = False
    """Every cell offered was said no to: the pick asked for slowly, by the category's whole name."""

    @property
    def words(self) -> str:
        if self.slowly:
            return f"Which one, then? Say the category's name and its points slowly, like {self.example}."
        return f"Which one, then? Say its name, like {self.example}."


@dataclass(frozen=True)
class WhichDidYouMean:
    """The likeliest readings mean different picks or commands: which? A cell by its category's name, which
    the table says back more clearly than a letter that rhymes."""

    first: str
    """The likeliest, as the table would say it ("Far and Wide 2", "board")."""
    second: str

    @property
    def words(self) -> str:
        return f"Was that {self.first}, or {self.second}? Say the one you meant."


@dataclass(frozen=True)
class TeamLeaving:
    team: Team
    lead: Lead = Lead.NONE

    @property
    def words(self) -> str:
        return Confirm(f"{self.team.value} leaving the night", self.lead).words


@dataclass(frozen=True)
class PlayOn:
    """A team said back as leaving, and the table said no: the team stays."""

    team: Team

    @property
    def words(self) -> str:
        return f"Then {self.team.value} play on."


@dataclass(frozen=True)
class StillToSayYes:
    left: tuple[Team, ...]

    @property
    def words(self) -> str:
        return f"Still to say yes: {join_names(self.left)}."


@dataclass(frozen=True)
class PlainYesWillDo:
    """A team named, whose next plain yes is its own: its lone name was heard, or two nameless yeses."""

    team: Team
    left: tuple[Team, ...]
    name_alone: bool = False
    """The team's name was heard alone: the kiosk says so first."""

    @property
    def words(self) -> str:
        heard = f"I heard only {self.team.value}. " if self.name_alone else ""
        return f"{heard}{self.team.value}, {PLAIN_YES}. {StillToSayYes(self.left).words}"


@dataclass(frozen=True)
class WhoseYes:
    """A team's yes heard about as likely as another team's still to say yes: whose was it?"""

    team: Team
    rival: Team

    @property
    def words(self) -> str:
        return f"Was that {self.team.value} or {self.rival.value}? Say the team's name and yes again."
