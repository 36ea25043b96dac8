"""The Harvest Board: 25 cells, A1 to E5, each unplayed, open, or played with its scorers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from kiosk.cartridge import POINTS
from kiosk.engine.cells import CELL_IDS, CELLS, LETTERS, Cell
from kiosk.engine.errors import BoardError
from kiosk.engine.teams import Team

__all__ = ["CELLS", "CELL_IDS", "LETTERS", "Board", "BoardError", "Cell", "Slot"]
_SLOT = re.compile(r"^(?:[1-5]|\?|-|[BGOTY]+)$")


@dataclass(frozen=True)
class Slot:
    """One cell's state. Unplayed: not open and scorers is None."""

    points: int
    open: bool = False
    scorers: tuple[Team, ...] | None = None
    """None while unplayed or open; after ruling, the teams that scored (maybe none)."""

    @property
    def played(self) -> bool:
        return self.scorers is not None

    def code(self) -> str:
        return self._code

    @cached_property
    def _code(self) -> str:
        """The ledger's form: the digit if unplayed, ? if open, - if nobody scored, else the initials.
        Kept once worked out: a slot never changes, and every reply's ledger reads all 25."""
        if self.open:
            return "?"
        if self.scorers is None:
            return str(self.points)
        if not self.scorers:
            return "-"
        return "".join(team.initial for team in self.scorers)


_ROWS = {letter: tuple(Cell(letter, points) for points in POINTS) for letter in LETTERS}


@dataclass
class Board:
    slots: dict[Cell, Slot] = field(
        default_factory=lambda: {cell: Slot(points=cell.points) for cell in CELLS}
    )

    def copy(self) -> Board:
        return Board(dict(self.slots))  # slots are frozen: a new dict is a whole copy

    def row(self, letter: str) -> str:
        """One category's slots split by dots, e.g. "1.BG.?.-.5"."""
        return ".".join(self.slots[cell].code() for cell in _ROWS[letter])

    def rows(self) -> dict[str, str]:
        return {letter: self.row(letter) for letter in LETTERS}

    def played_count(self) -> int:
        return sum(1 for slot in self.slots.values() if slot.played)

    def is_free(self, cell: Cell) -> bool:
        slot = self.slots[cell]
        return not slot.open and not slot.played

    def free_cells(self) -> tuple[Cell, ...]:
        return tuple(cell for cell in CELLS if self.is_free(cell))

    def first_free(self) -> Cell | None:
        """The lowest open value in the first category, A to E, that has one ("pass" or "you choose")."""
        return next(iter(self.free_cells()), None)

    def open(self, cell: Cell) -> None:
        self.slots[cell] = replace(self.slots[cell], open=True)

    def play(self, cell: Cell, scorers: tuple[Team, ...]) -> None:
        """Write a ruled cell's scorers (none: "-")."""
        self.slots[cell] = Slot(points=cell.points, scorers=scorers)

    def points_of(self, team: Team) -> int:
        return sum(slot.points for slot in self.slots.values() if slot.scorers and team in slot.scorers)

    def set_row(self, letter: str, text: str) -> None:
        """Fill a category from its slot string; raises BoardError naming the bad slot."""
        codes = text.split(".")
        if len(codes) != len(POINTS):
            raise BoardError(f"{letter}:{text} does not have five slots")
        for points, code in zip(POINTS, codes, strict=False):
            if not _SLOT.match(code):
                raise BoardError(f"{letter}{points} reads {code!r}, which is not a slot")
            slot = Slot(points=points)
            if code == "?":
                slot = Slot(points=points, open=True)
            elif code == "-":
                slot = Slot(points=points, scorers=())
            elif code.isdigit():
                if int(code) != points:
                    raise BoardError(f"{letter}{points} reads {code}, not its own value")
            else:
                teams = []
                for letter_code in code:
                    team = Team.from_initial(letter_code)
                    assert team is not None  # the pattern admits only team initials
                    teams.append(team)
                slot = Slot(points=points, scorers=tuple(teams))
            self.slots[Cell(letter, points)] = slot
