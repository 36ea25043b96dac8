"""Where the talk with the table stands: one node at a time, each saying how its replies are heard.

A node the kiosk leads (whose words, a word one letter at a time, one team's answer checked, something said
back for a yes) comes before what the host expects; a thing said back waits over the node beneath it and is
heard the way that node is.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.cells import Cell
from kiosk.engine.teams import Team
from kiosk.voice.dialogue.letter_by_letter import Unit
from kiosk.voice.hearing.listening import Expecting, Listening, listening_for


@dataclass(frozen=True)
class HostLed:
    """The host's own question: the count, a pick, the answers, a year, the vote."""


@dataclass(frozen=True)
class SaveHeld:
    """A save from elsewhere read back, held by the table for a yes or a no (kiosk.records.foreign_saves)."""


@dataclass(frozen=True)
class Picking:
    """The host asks for a pick, which may be said another way once missed (picking.py)."""


@dataclass(frozen=True)
class CallingTeam:
    """The kiosk called a team by name for its answer (answering.py)."""

    team: Team


@dataclass(frozen=True)
class ReadingBack:
    """The answers (or years) were read back and a yes rules them."""


@dataclass(frozen=True)
class CheckingTeam:
    """A loud room's read-back, one team's answer asked about (team_by_team.py)."""

    team: Team


Base = HostLed | SaveHeld | Picking | CallingTeam | ReadingBack | CheckingTeam
"""What a thing said back for a yes waits over."""


@dataclass(frozen=True)
class PickSaidBack:
    cell: Cell
    over: Base


@dataclass(frozen=True)
class CountSaidBack:
    teams: int
    over: Base


@dataclass(frozen=True)
class LeavingSaidBack:
    words: str
    over: Base


@dataclass(frozen=True)
class OneAtATime:
    """A word spelled one letter at a time, or a year one digit at a time (letter_by_letter.py)."""

    team: Team
    unit: Unit


@dataclass(frozen=True)
class AskingWhose:
    """Words held while the kiosk asks whose they were (whose.py)."""

    teams: tuple[Team, ...]


SaidBack = PickSaidBack | CountSaidBack | LeavingSaidBack
Node = AskingWhose | OneAtATime | SaidBack | Base


def heard_with(node: Node, host: Expecting) -> Listening:
    """The list the next reply is heard through at `node`, the host's own where the kiosk leads nothing."""
    match node:
        case AskingWhose():
            return Listening.WHOSE
        case OneAtATime(unit=unit):
            return Listening.ONE_LETTER if unit is Unit.LETTER else Listening.ONE_DIGIT
        case PickSaidBack(over=over) | CountSaidBack(over=over) | LeavingSaidBack(over=over):
            return heard_with(over, host)
        case CheckingTeam():
            return (
                Listening.ONE_LETTER
            )  # "no" and "that's right" against the NATO words alone (team_by_team.py)
        case _:
            return listening_for(host)
