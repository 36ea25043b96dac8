"""The kiosk's own words between questions: a team heard leaving the night."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.teams import Team
from kiosk.voice.dialogue.yes_or_no import Confirm, Lead


@dataclass(frozen=True)
class TeamLeaving:
    """A team heard leaving the night, said back for a yes or a no (leaving.py)."""

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
