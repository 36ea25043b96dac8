"""How many teams, by voice. The count starts the night: it names the teams and reads the board. In party
babble "two teams" was heard as "three teams", and a correction ("no, two teams") as nothing the kiosk
knew, so a night began with a team that was not there. In a loud room (room.py) the count is said back
and waits for a yes, as a pick is (picking.py)."""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.commands import parse_team_count
from kiosk.engine.night import Night, Phase
from kiosk.voice.answering import Ask
from kiosk.voice.picking import NO, YES

SAID = {1: "solo", 2: "two teams", 3: "three teams", 4: "four teams"}
"""A count as the table says it, and as the host is told it once confirmed."""


@dataclass
class Counts:
    """The count said back and waiting for a yes."""

    waiting: int | None = None

    def take(self, heard: str, night: Night | None, loud: bool) -> str | Ask | None:
        """Before the night begins, in a loud room: the kiosk's question, or the confirmed count for the
        host; None for anything else (the host's to read as heard)."""
        waiting, self.waiting = self.waiting, None
        if night is None or night.phase is not Phase.TEAMS:
            return None
        if waiting is not None and heard in YES:
            return SAID[waiting]
        if waiting is not None and heard in NO:
            return Ask("How many, then? Say solo, or two, three or four teams.")
        count = parse_team_count(heard)
        if count not in SAID or not loud:
            return None
        self.waiting = count
        return Ask(f"{SAID[count].capitalize()}? Say yes, or say how many again.")
