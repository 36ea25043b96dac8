"""The board's cells as values: a category letter and its points ("D3"), and the two Candle-End questions."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from kiosk.cartridge import CATEGORIES, POINTS, Category

LETTERS = tuple(category.letter for category in CATEGORIES)
_CELL_ID = re.compile(r"^([A-E])([1-5])$")


@dataclass(frozen=True, order=True)
class Cell:
    """One of the 25 cells, A1 to E5."""

    letter: str
    points: int

    @property
    def id(self) -> str:
        return f"{self.letter}{self.points}"

    @property
    def category(self) -> Category:
        return CATEGORIES[LETTERS.index(self.letter)]

    def __str__(self) -> str:
        return self.id

    @classmethod
    def parse(cls, text: str) -> Cell | None:
        """The cell an id such as "D3" names; None for anything else."""
        match = _CELL_ID.match(text.strip().upper())
        return cls(match[1], int(match[2])) if match else None


class Tiebreak(enum.Enum):
    """The Candle-End's questions, read in this order."""

    TB1 = "TB1"
    TB2 = "TB2"

    @property
    def number(self) -> int:
        return int(self.value[-1])

    def __str__(self) -> str:
        return self.value


CELLS: tuple[Cell, ...] = tuple(Cell(letter, points) for letter in LETTERS for points in POINTS)
CELL_IDS: tuple[str, ...] = tuple(cell.id for cell in CELLS)
TIEBREAK_IDS: tuple[str, ...] = tuple(tiebreak.value for tiebreak in Tiebreak)
