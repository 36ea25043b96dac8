"""The teams of the night: Bats, Ghosts, Owls, Toads, and the lone player of a solo night."""

from __future__ import annotations

import enum


class Team(enum.Enum):
    BATS = "Bats"
    GHOSTS = "Ghosts"
    OWLS = "Owls"
    TOADS = "Toads"
    YOU = "You"
    """The one player of a solo night."""

    @property
    def initial(self) -> str:
        """The letter that marks this team's points on the board (Y for solo)."""
        return self.value[0]

    @classmethod
    def from_name(cls, name: str) -> Team | None:
        """The team a word names, in any case; None for anything else."""
        return _BY_NAME.get(name.strip().lower())

    @classmethod
    def from_initial(cls, letter: str) -> Team | None:
        return _BY_INITIAL.get(letter)


# The order teams are named in: the first group named is Bats, then Ghosts, Owls, Toads.
TEAM_ORDER: tuple[Team, ...] = (Team.BATS, Team.GHOSTS, Team.OWLS, Team.TOADS)
TEAM_PATTERN = "|".join(team.value.lower() for team in TEAM_ORDER)
"""The four team names as a pattern alternation, lower case: match it on lower-cased or IGNORECASE text."""
_BY_NAME = {team.value.lower(): team for team in Team}
_BY_INITIAL = {team.initial: team for team in Team}


def join_names(teams: list[Team] | tuple[Team, ...], last: str = "and") -> str:
    """Names in plain English: "Bats", "Bats and Ghosts", "Bats, Ghosts and Owls" (or "Bats, Ghosts or
    Owls", with `last` "or")."""
    names = [team.value for team in teams]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {last} " + names[-1]
