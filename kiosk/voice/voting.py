"""Ending the night by voice: every playing team says yes by name ("Bats, yes. Ghosts, yes."), and anything
else lets the night go on (the card's END). In party noise the small model hears "Ghosts, yes" as "ghosts"
alone now and then; passed on, a lone name would end the vote, and every team would have to say yes again.
No team could mean anything else by its name alone here, so the kiosk keeps the vote and asks again."""

from __future__ import annotations

from kiosk.engine.night import Night, Phase
from kiosk.engine.teams import Team, join_names
from kiosk.engine.text import words_of
from kiosk.voice.answering import Ask


def half_heard_yes(heard: str, night: Night | None) -> Ask | None:
    """While teams say yes to ending the night, a team's name heard alone: the kiosk's question, the vote
    kept; None for anything else."""
    if night is None or night.phase is not Phase.VOTING or night.solo:
        return None
    team = Team.from_name(words_of(heard))
    left = [playing for playing in night.playing if playing not in night.votes]
    if team is None or team not in left:
        return None
    return Ask(f"I heard only {team.value}. Still to say yes: {join_names(left)}.")
