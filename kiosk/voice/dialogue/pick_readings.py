"""What a pick's readings name: a cell, a free cell among the other readings, categories by their titles'
words, a pick by a letter that rhymes with another; and a cell as the table would say it by name (picking.py).
"""

from __future__ import annotations

from kiosk.cartridge import CATEGORIES, WINGS_AND_WEBS_WORDS
from kiosk.engine.board import Board
from kiosk.engine.cells import Cell
from kiosk.voice.dialogue.doubt import cell_meant
from kiosk.voice.hearing.phrases import PICK_LETTERS, POINT_WORDS, spoken_title
from kiosk.voice.sound.asr import Utterance

SOUNDS_LIKE: dict[str, str] = {"a": "e", "b": "cde", "c": "bde", "d": "bce", "e": "abcd"}
"""Category letters the small model takes for one another: B, C, D and E rhyme; A was heard as E."""


def cell_read(found: str | None, board: Board, loud: bool) -> Cell | None:
    """The cell a reading would read; in a loud room "pass" too, as the first free cell, to be said back."""
    if loud and found == "pass":
        return board.first_free()
    return Cell.parse(found) if found else None


def free_reading(heard: Utterance, board: Board, but: tuple[Cell, ...] = ()) -> Cell | None:
    """The likeliest of the recogniser's other readings that means a cell still free, if any, `but` those."""
    meant = map(cell_meant, heard.alternatives)
    return next((cell for cell in meant if cell and board.is_free(cell) and cell not in but), None)


def categories_named(readings: tuple[str, ...]) -> list[str]:
    """The letters of the categories whose titles' words the readings hold, in the order heard."""
    letters = [_TITLE_WORDS[word] for reading in readings for word in reading.split() if word in _TITLE_WORDS]
    return list(dict.fromkeys(letters))


_TITLE_WORDS = {
    **{
        word: category.letter
        for category in CATEGORIES
        for word in spoken_title(category.title).split()
        if word not in ("the", "and")
    },
    **{word: "D" for word in WINGS_AND_WEBS_WORDS},
}
"""A word of a category's title as said, and the category it names."""


def by_letter(text: str) -> bool:
    """The pick was said by its category's letter ("d three", "dee three"), not its name."""
    words = text.split()
    return len(words) == 2 and words[0] in PICK_LETTERS and words[1] in POINT_WORDS


def rivals(cell: Cell, board: Board) -> bool:
    """A free cell at the same points whose letter sounds like this one's."""
    return any(board.is_free(Cell(other.upper(), cell.points)) for other in SOUNDS_LIKE[cell.letter.lower()])


def said_by_name(cell: Cell) -> str:
    """The pick as the table would say it by name ("wings and webs three"): how the host is told it."""
    return f"{spoken_title(cell.category.title)} {POINT_WORDS[cell.points - 1]}"
