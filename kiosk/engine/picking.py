"""THE TABLE's picks and RESOLUTION 1, and ending the night by vote ("end the night", then yes by name).

Only the team on pick may pick; "pass" or "you choose" takes the lowest open value in the first category
that has one; a played cell is refused and asked again. Picking a cell marks it open, passes the pick on and
reads its question.
"""

from __future__ import annotations

from kiosk.engine.cells import Cell
from kiosk.engine.facts import Fact, Note, Noted, Part, PickPrompt, QuestionRead
from kiosk.engine.night import Night, Phase
from kiosk.engine.teams import Team


def pick(night: Night, cell: Cell | None, by: Team | None) -> list[Fact]:
    assert night.picker is not None
    if by is not None and by is not night.picker:
        return [Noted(Note.NOT_YOUR_PICK, team=night.picker), PickPrompt()]
    if cell is None:
        cell = night.board.first_free()
        assert cell is not None  # a free cell remains whenever a pick is asked for
    if not night.board.is_free(cell):
        return [Noted(Note.CELL_PLAYED, cell=cell), PickPrompt()]
    return open_cell(night, cell)


def open_cell(night: Night, cell: Cell) -> list[Fact]:
    """RESOLUTION 1: mark the cell open, pass the pick on, read Q, stop."""
    night.board.open(cell)
    night.open = cell
    night.clear_answers()
    night.next_pick = None
    night.questions_read += 1
    night.phase = Phase.QUESTION
    night.pass_pick()
    return [QuestionRead(cell)]


def name_next(night: Night, cell: Cell) -> list[Fact]:
    """The next picker may name a cell while a question is open; it is read after the ruling."""
    if not night.board.is_free(cell):
        return [Noted(Note.NEXT_PICK_REFUSED, cell=cell)]
    night.next_pick = cell
    return [Noted(Note.NEXT_PICK_TAKEN, cell=cell)]


def start_voting(night: Night) -> list[Fact]:
    night.phase = Phase.VOTING
    night.votes = set()
    return [Part.VOTES]


def stop_voting(night: Night) -> None:
    night.phase = Phase.PICK
    night.votes = set()


def vote_yes(night: Night, teams: tuple[Team, ...]) -> bool:
    """Count yes votes; True once every playing team has said yes."""
    night.votes |= {team for team in teams if team in night.playing}
    return all(team in night.votes for team in night.playing)
