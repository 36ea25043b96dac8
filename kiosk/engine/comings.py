"""THE TABLE's comings and goings: "{Team} is out" and "{Team} is back", and a latecomer joining a team.

A team that goes out keeps its total and any locked answer, and is skipped for answers and picks until it is
back. If every team is out, the night is closed (an open cell is ruled first).
"""

from __future__ import annotations

from kiosk.engine.collecting import all_answered
from kiosk.engine.commands import Movement
from kiosk.engine.endgame import drop_from_tie, finale
from kiosk.engine.facts import Fact, Latecomer, Note, Noted, Part, TeamOut
from kiosk.engine.key import Key
from kiosk.engine.night import End, Night, Phase
from kiosk.engine.ruling import after_cell, rule_cell
from kiosk.engine.teams import Team

_NO_NAME = ("latecomer", "a latecomer", "someone", "he", "she", "they")


def move(night: Night, key: Key, team: Team, movement: Movement) -> list[Fact]:
    if team not in night.teams:
        return [Noted(Note.NOT_PLAYING, team=team), Part.PROMPT]
    if movement is Movement.BACK:
        if team not in night.out:
            return [Noted(Note.ALREADY_PLAYING, team=team), Part.PROMPT]
        night.out.discard(team)
        if night.picker is None:
            night.picker = team
        return [Noted(Note.WELCOME_BACK, team=team), Part.PROMPT]
    if team in night.out:
        return [Noted(Note.ALREADY_OUT, team=team), Part.PROMPT]
    night.out.add(team)
    night.votes.discard(team)
    facts: list[Fact] = [TeamOut(team, night.score(team), night.locked(team))]
    if not night.playing:
        return [*facts, *_close(night, key)]
    if night.picker is team:
        night.pass_pick()
    ended = drop_from_tie(night, team)
    if ended is not None:
        return [*facts, *ended]
    if night.phase.collecting and not night.still_to_answer():
        return [*facts, *all_answered(night, key)]
    if night.phase is Phase.VOTING and night.votes >= set(night.playing):
        return [*facts, *finale(night, End.CLOSED)]
    return [*facts, Part.PROMPT]


def _close(night: Night, key: Key) -> list[Fact]:
    """Every team is out: the night is closed, an open cell ruled first (it may be the 25th)."""
    if night.open_cell is not None:
        return [*rule_cell(night, key), *after_cell(night, key)]
    return finale(night, End.CLOSED)


def join(night: Night, who: str, team: Team) -> list[Fact]:
    name = who.title() if who and who not in _NO_NAME else ""
    return [Latecomer(name, team, team in night.teams), Part.PROMPT]
