"""SAVE / RESUME: the night between questions as one exact block, and the checks a resumed save must pass.

    -----BEGIN AIGC SAVE-----
    game:halloween-trivia
    m:board
    rules:1
    turn:3
    teams:Bats,Ghosts-
    pick:Bats
    board:A:1.BG.3.-.5,B:1.2.3.4.5,C:1.2.3.4.5,D:1.2.3.4.5,E:1.2.3.4.5
    ce:none
    score:Bats=5,Ghosts=2
    sha:none
    -----END AIGC SAVE-----

A save is refused if its scores do not match its board, it names a team not in teams: (one marked - is in),
or it holds a "?". A save for another game or rules number is not this card's (MIGRATIONS).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kiosk.cartridge import CELL_COUNT, GAME_ID, MODE, RULES
from kiosk.engine.board import LETTERS, Board
from kiosk.engine.errors import BoardError, ForeignSave, SaveError
from kiosk.engine.numbers import is_count
from kiosk.engine.teams import TEAM_ORDER, Team

__all__ = ["CandleEndMark", "ForeignSave", "Save", "SaveError", "holds_save", "parse_save"]
BEGIN = "-----BEGIN AIGC SAVE-----"
END = "-----END AIGC SAVE-----"
FIELDS = ("game", "m", "rules", "turn", "teams", "pick", "board", "ce", "score", "sha")


@dataclass(frozen=True)
class CandleEndMark:
    """A save made in the Candle-End: the teams still level and the tie-break question to read."""

    teams: tuple[Team, ...]
    question: str


@dataclass(frozen=True)
class Save:
    turn: int
    teams: tuple[Team, ...]
    """The teams in play order; (Team.YOU,) for a solo night."""
    out: frozenset[Team]
    pick: Team
    rows: dict[str, str]
    ce: CandleEndMark | None
    scores: dict[Team, int]

    @property
    def solo(self) -> bool:
        return self.teams == (Team.YOU,)

    def block(self) -> str:
        teams = (
            "solo" if self.solo else ",".join(t.value + ("-" if t in self.out else "") for t in self.teams)
        )
        board = ",".join(f"{letter}:{self.rows[letter]}" for letter in LETTERS)
        ce = "none" if self.ce is None else "+".join(t.value for t in self.ce.teams) + "@" + self.ce.question
        score = ",".join(f"{team.value}={self.scores[team]}" for team in self.teams)
        lines = [
            BEGIN,
            f"game:{GAME_ID}",
            f"m:{MODE}",
            f"rules:{RULES}",
            f"turn:{self.turn}",
            f"teams:{teams}",
            f"pick:{self.pick.value}",
            f"board:{board}",
            f"ce:{ce}",
            f"score:{score}",
            "sha:none",
            END,
        ]
        return "\n".join(lines)


def holds_save(text: str) -> bool:
    return "BEGIN AIGC SAVE" in text.upper()


def _fields(text: str) -> dict[str, str]:
    start = text.find(BEGIN)
    end = text.find(END, start + 1)
    if start < 0 or end < 0:
        raise SaveError("the save is cut short: it needs both its BEGIN and END lines")
    fields: dict[str, str] = {}
    for token in text[start + len(BEGIN) : end].split():
        name, colon, value = token.partition(":")
        if not colon:
            raise SaveError(f"{token[:40]!r} is not a field of a save")
        if name in fields:
            raise SaveError(f"{name}: appears twice")
        fields[name] = value
    return fields


def _team(name: str, where: str) -> Team:
    team = Team.from_name(name)
    if team is None:
        raise SaveError(f"{where} names {name!r}, which is not a team of this game")
    return team


def parse_save(text: str) -> Save:
    """Read and check a save block; raise SaveError (or ForeignSave) saying what is wrong."""
    fields = _fields(text)
    game, rules = fields.get("game"), fields.get("rules")
    if game != GAME_ID or rules != str(RULES) or fields.get("m", MODE) != MODE:
        raise ForeignSave(f"this save is for game:{game} rules:{rules}, not {GAME_ID} rules:{RULES}")
    missing = [name for name in FIELDS if name not in fields]
    if missing:
        raise SaveError("the save is missing " + ", ".join(f"{name}:" for name in missing))
    if "?" in text[text.find(BEGIN) : text.find(END)]:
        raise SaveError("the save holds a ?: it was made in the middle of a question")
    teams, out = _teams(fields["teams"])
    playing = frozenset(teams)
    pick = _member(fields["pick"], "pick:", playing)
    board, rows = _board(fields["board"], playing)
    if not is_count(fields["turn"]):
        raise SaveError(f"turn:{fields['turn']} is not a number written in the digits 0 to 9")
    turn = int(fields["turn"])
    if turn != board.played_count():
        raise SaveError(f"turn:{turn} does not match the {board.played_count()} cells played on the board")
    scores = _scores(fields["score"], teams, board)
    ce = _candle_end_mark(fields["ce"], turn, playing)
    _check_candle_end(turn, teams, out, scores, ce)
    if fields["sha"] != "none":
        raise SaveError(f"sha:{fields['sha']} should be sha:none")
    return Save(turn=turn, teams=teams, out=out, pick=pick, rows=rows, ce=ce, scores=scores)


def _teams(field: str) -> tuple[tuple[Team, ...], frozenset[Team]]:
    """The teams of `teams:`, and those of them that are out (a trailing -)."""
    if field == "solo":
        return (Team.YOU,), frozenset()
    names = field.split(",")
    teams = tuple(_team(name.rstrip("-"), "teams:") for name in names)
    out = frozenset(team for name, team in zip(names, teams, strict=False) if name.endswith("-"))
    if teams != TEAM_ORDER[: len(teams)] or not 2 <= len(teams) <= 4:
        raise SaveError(f"teams:{field} is not two to four teams named Bats, Ghosts, Owls, Toads")
    return teams, out


def _member(name: str, where: str, playing: frozenset[Team]) -> Team:
    team = _team(name, where)
    if team not in playing:
        raise SaveError(f"{where} names {team.value}, who is not in teams:")
    return team


def _board(field: str, playing: frozenset[Team]) -> tuple[Board, dict[str, str]]:
    board = Board()
    rows = {}
    parts = field.split(",")
    if len(parts) != len(LETTERS):
        raise SaveError("board: needs the five categories A to E")
    for letter, part in zip(LETTERS, parts, strict=False):
        name, colon, slots = part.partition(":")
        if name != letter or not colon:
            raise SaveError(f"board: has {part[:20]!r} where category {letter} should be")
        try:
            board.set_row(letter, slots)
        except BoardError as error:
            raise SaveError(f"board: {error}") from error
        rows[letter] = slots
    for slot in board.slots.values():
        for team in slot.scorers or ():
            if team not in playing:
                raise SaveError(f"board: gives points to {team.value}, who is not in teams:")
    return board, rows


def _scores(field: str, teams: tuple[Team, ...], board: Board) -> dict[Team, int]:
    scores: dict[Team, int] = {}
    for item in field.split(","):
        name, equals, value = item.partition("=")
        team = _member(name, "score:", frozenset(teams))
        if not equals or not is_count(value):
            raise SaveError(f"score: has {item!r}, which is not Team=points in the digits 0 to 9")
        if team in scores:
            raise SaveError(f"score: names {team.value} twice")
        scores[team] = int(value)
    for team in teams:
        rebuilt = board.points_of(team)
        if scores.get(team) != rebuilt:
            raise SaveError(
                f"score: gives {team.value} {scores.get(team, 'nothing')}, but the board adds up to {rebuilt}"
            )
    return scores


def _candle_end_mark(field: str, turn: int, playing: frozenset[Team]) -> CandleEndMark | None:
    if field == "none":
        return None
    match = re.fullmatch(r"(?P<teams>[A-Za-z+]+)@(?P<question>TB[12])", field)
    if not match:
        raise SaveError(f"ce:{field} is not tied teams joined by + then @TB1 or @TB2")
    tied = tuple(_member(name, "ce:", playing) for name in match["teams"].split("+"))
    if turn != CELL_COUNT or len(tied) < 2:
        raise SaveError("ce: a Candle-End comes only after all 25 cells, between two or more teams")
    return CandleEndMark(tied, match["question"])


def _check_candle_end(
    turn: int,
    teams: tuple[Team, ...],
    out: frozenset[Team],
    scores: dict[Team, int],
    ce: CandleEndMark | None,
) -> None:
    """The Candle-End fields a night could reach with these scores (THE CANDLE-END, SCORING & ENDGAME):
    after the 25th cell a night is in its Candle-End or over; the Candle-End is between the playing teams
    level at the top (TB1), or those of them still level after TB1 (TB2)."""
    if turn != CELL_COUNT:
        return
    if ce is None:
        raise SaveError(
            "turn:25 with ce:none: once all 25 cells are ruled the night is over or in its Candle-End, "
            "so no save stands there"
        )
    top = max(scores[team] for team in teams)
    at_top = [team for team in teams if scores[team] == top]
    playing = tuple(team for team in at_top if team not in out)
    named = "+".join(team.value for team in ce.teams)
    if len(set(ce.teams)) != len(ce.teams):
        raise SaveError(f"ce:{named} names a team twice")
    for team in ce.teams:
        if team in out:
            raise SaveError(f"ce:{named} names {team.value}, who is out: a team that leaves drops out of it")
    if len(playing) < 2:
        holders = ", ".join(f"{team.value} {top}" for team in at_top)
        raise SaveError(
            f"ce:{named} has no tie to break: the top total is {holders} alone among the playing teams, so "
            "the night ended at the 25th cell"
        )
    level = " and ".join(team.value for team in playing)
    if ce.question == "TB1" and set(ce.teams) != set(playing):
        raise SaveError(f"ce:{named}@TB1 must name every playing team level at the top ({level}, {top} each)")
    for team in ce.teams:
        if team not in playing:
            raise SaveError(f"ce:{named} names {team.value}, whose {scores[team]} is not the top total {top}")
