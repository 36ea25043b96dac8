"""OPENING: naming the teams. The first group named is Bats, then Ghosts, Owls, Toads; one is solo.

Before the first pick the table may say the count again ("no, two teams"): the night is formed anew.
"""

from __future__ import annotations

from kiosk.engine.facts import Fact, Note, Noted, Part, PickPrompt, TeamsNamed
from kiosk.engine.night import Night, Phase
from kiosk.engine.teams import TEAM_ORDER, Team


def name_teams(night: Night, count: int) -> list[Fact]:
    if count > len(TEAM_ORDER):
        return [Noted(Note.TOO_MANY_TEAMS), Part.PROMPT]
    teams = (Team.YOU,) if count == 1 else TEAM_ORDER[:count]
    if night.phase is not Phase.TEAMS and teams == night.teams:
        return [Noted(Note.TEAM_COUNT_KEPT), PickPrompt()]
    night.teams = teams
    night.out = set()
    night.votes = set()
    night.picker = teams[0]
    night.phase = Phase.PICK
    return [TeamsNamed(teams), Part.HOW_TO_PLAY, Part.BOARD, PickPrompt()]
