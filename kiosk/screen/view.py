"""The screen's view of the night: built only from what the host has said and what its ledger holds.

`advance(view, reply)` folds one host reply, part by part, into the view, so the screen is a fold over the
replies just as the night is a fold over the table's messages. It draws from the reply's values (the parts
in `kiosk.engine.said`, the ledger), never from its wording. The view never sees the key.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace

from kiosk import cartridge as card
from kiosk.engine import said as s
from kiosk.engine.ledger import Ledger
from kiosk.engine.reply import Reply


class Panel(enum.Enum):
    """What the middle of the screen is about."""

    WELCOME = "welcome"
    PICK = "pick"
    QUESTION = "question"
    READBACK = "readback"
    RULED = "ruled"
    OVER = "over"
    NO_KEY = "no-key"


class CellState(enum.Enum):
    FREE = "free"
    OPEN = "open"
    NOBODY = "nobody"
    SCORED = "scored"


@dataclass(frozen=True)
class TeamLook:
    """How a team is shown: never by colour alone, always with its name and initial too."""

    name: str
    initial: str
    colour: str
    """A CSS colour, light enough for dark text on it and bright on the page's dark background."""


TEAM_LOOKS: dict[str, TeamLook] = {
    look.name: look
    for look in (
        TeamLook("Bats", "B", "#c9a7ff"),
        TeamLook("Ghosts", "G", "#f2f2f2"),
        TeamLook("Owls", "O", "#ffc46b"),
        TeamLook("Toads", "T", "#7ee8a6"),
        TeamLook("You", "Y", "#7fd8ea"),
    )
}
_BY_INITIAL = {look.initial: look for look in TEAM_LOOKS.values()}


@dataclass(frozen=True)
class CellView:
    id: str
    points: int
    state: CellState
    scorers: tuple[TeamLook, ...] = ()


@dataclass(frozen=True)
class Column:
    letter: str
    title: str
    cells: tuple[CellView, ...]


@dataclass(frozen=True)
class TeamView:
    look: TeamLook
    score: int
    out: bool
    answered: bool
    """Locked an answer to the open question (the ledger's got:), names only."""
    picking: bool
    tied: bool
    """In the Candle-End."""


@dataclass(frozen=True)
class CandleEnd:
    line: str
    """The card's Candle-End line, as the host said it."""
    tied: tuple[str, ...]
    """The teams still level, as the ledger's ce: names them."""
    here: tuple[str, ...] = ()
    """The kiosk's own line after the card's: how to give the years at this kiosk."""
    still_level: str | None = None
    """Once the first Candle-End question left teams level, the host's line naming them: shown large, above
    the second question."""


@dataclass(frozen=True)
class Endgame:
    """The finale panel: who won, the lines around it, the RESULT line and the key's SHA-256."""

    headline: str | None
    lines: tuple[str, ...]
    result: str | None
    sha256: str | None
    check: tuple[str, ...]
    """Where and how to check the key."""
    totals: str | None = None
    why: str | None = None
    """Why the winners won, said after the totals."""
    closing: tuple[str, ...] = ()
    """The closing words, and the kiosk's own words after the night."""


@dataclass(frozen=True)
class View:
    replies: int
    """How many host replies the view has folded in (the opening is the first)."""
    stage: Panel
    board: tuple[Column, ...]
    teams: tuple[TeamView, ...]
    ruled: int
    """Cells ruled (the ledger's q)."""
    pick: str | None
    question: s.QuestionAsked | None = None
    readback: tuple[s.TeamSaid, ...] | None = None
    ruling: tuple[str, ...] | None = None
    candle_end: CandleEnd | None = None
    """Kept from the moment the Candle-End is called to the end of the night."""
    finale: Endgame | None = None
    notes: tuple[str, ...] = ()
    """Everything else the host showed, in order (not the board rows, which the board shows)."""


def empty_board() -> tuple[Column, ...]:
    return tuple(
        Column(c.letter, c.title, tuple(CellView(f"{c.letter}{p}", p, CellState.FREE) for p in card.POINTS))
        for c in card.CATEGORIES
    )


START = View(replies=0, stage=Panel.WELCOME, board=empty_board(), teams=(), ruled=0, pick=None)


def board_from(ledger: Ledger) -> tuple[Column, ...]:
    columns = []
    for category in card.CATEGORIES:
        slots = ledger.rows[category.letter].split(".")
        cells = tuple(
            _cell(f"{category.letter}{points}", points, slot)
            for points, slot in zip(card.POINTS, slots, strict=False)
        )
        columns.append(Column(category.letter, category.title, cells))
    return tuple(columns)


def _cell(cell_id: str, points: int, slot: str) -> CellView:
    if slot == "?":
        return CellView(cell_id, points, CellState.OPEN)
    if slot == "-":
        return CellView(cell_id, points, CellState.NOBODY)
    if slot.isdigit():
        return CellView(cell_id, points, CellState.FREE)
    looks = tuple(_BY_INITIAL[letter] for letter in slot if letter in _BY_INITIAL)
    return CellView(cell_id, points, CellState.SCORED, looks)


def teams_from(ledger: Ledger) -> tuple[TeamView, ...]:
    tied = set(ledger.ce or ())
    return tuple(
        TeamView(
            look=TEAM_LOOKS.get(score.name, TeamLook(score.name, score.name[:1], "#ffffff")),
            score=score.score,
            out=score.out,
            answered=score.name in ledger.got,
            picking=score.name == ledger.pick,
            tied=score.name in tied,
        )
        for score in ledger.scores
    )


@dataclass(frozen=True)
class _Reading:
    """One reply's parts, sorted by what the screen does with them."""

    question: s.QuestionAsked | None = None
    readback: tuple[s.TeamSaid, ...] | None = None
    ruling: tuple[str, ...] | None = None
    """The last ruling the reply holds."""
    candle_end: tuple[str, ...] = ()
    """The Candle-End's opening lines, when the reply calls it: the card's, then the kiosk's."""
    still_level: str | None = None
    finale: Endgame | None = None
    notes: tuple[str, ...] = ()
    no_key: bool = False


def _read(reply: Reply) -> _Reading:
    question = readback = ruling = finale = still_level = None
    no_key = False
    candle_end: tuple[str, ...] = ()
    notes: list[str] = []
    for part in reply.public().said:
        if finale is not None:  # the kiosk's words after the night's end ("for another night...") join it
            said = _texts(part.lines)
            finale = replace(finale, lines=finale.lines + said, closing=finale.closing + said)
            continue
        match part:
            case s.QuestionAsked(cell=cell) if reply.ledger.open == cell:
                question = part  # a question counts only when its cell is open: the card's reading order
            case s.ReadBack(answers):
                readback = answers
            case s.Ruling():
                ruling = _texts(part.lines)
            case s.CandleEndCalled():
                candle_end = _texts(part.lines)
            case s.StillLevelSaid():
                still_level = " ".join(_texts(part.lines))
            case s.Finale():
                finale = Endgame(
                    part.headline,
                    part.body,
                    part.result,
                    part.sha256,
                    part.check,
                    totals=part.totals,
                    why=part.why,
                    closing=part.closing,
                )
            case s.NoKeyToPlay():
                no_key = True
                notes += _texts(part.lines)
            case s.BoardShown() | s.SaveOffered(lines=()):
                pass
            case s.SaveOffered(lines=lines):
                notes += _texts(line for line in lines if line.spoken)
            case _:
                notes += _texts(part.lines)
    return _Reading(question, readback, ruling, candle_end, still_level, finale, tuple(notes), no_key)


def _texts(lines: Iterable[s.Line]) -> tuple[str, ...]:
    return tuple(line.text for line in lines if line.text)


def advance(view: View, reply: Reply) -> View:
    """Fold one host reply (its parts, and the ledger that ended it) into the view."""
    ledger = reply.ledger
    reading = _read(reply)
    question = _question(view, reading, ledger)
    readback = reading.readback
    if readback is None and reading.ruling is None and question is not None and question == view.question:
        readback = view.readback  # a reply in the read-back that did not repeat it ("repeat")
    ruling = reading.ruling if reading.ruling is not None else view.ruling
    if reading.question is not None and reading.ruling is None:
        ruling = None  # a new question: the last ruling has had its moment
    candle_end = view.candle_end
    if reading.candle_end or ledger.ce is not None:
        tied = ledger.ce if ledger.ce is not None else (candle_end.tied if candle_end else ())
        here = reading.candle_end[1:] if reading.candle_end else (candle_end.here if candle_end else ())
        level = reading.still_level or (candle_end.still_level if candle_end else None)
        candle_end = CandleEnd(card.CANDLE_END, tied, here, level)
    finale = reading.finale or view.finale
    return View(
        replies=view.replies + 1,
        stage=_stage(reading, finale, question, readback, ruling, ledger),
        board=board_from(ledger),
        teams=teams_from(ledger),
        ruled=ledger.q,
        pick=ledger.pick,
        question=question,
        readback=readback if question is not None else None,
        ruling=ruling,
        candle_end=candle_end,
        finale=finale,
        notes=reading.notes,
    )


def _question(view: View, reading: _Reading, ledger: Ledger) -> s.QuestionAsked | None:
    """The question on the screen: the one just read, or the one still open."""
    if reading.question is not None:
        return reading.question
    if view.question is not None and ledger.open == view.question.cell:
        return view.question
    return None


def _stage(
    reading: _Reading,
    finale: Endgame | None,
    question: s.QuestionAsked | None,
    readback: tuple[s.TeamSaid, ...] | None,
    ruling: tuple[str, ...] | None,
    ledger: Ledger,
) -> Panel:
    if reading.no_key:
        return Panel.NO_KEY
    if finale is not None:
        return Panel.OVER
    if question is not None:
        return Panel.READBACK if readback is not None else Panel.QUESTION
    if ruling is not None:
        return Panel.RULED
    if not ledger.scores:
        return Panel.WELCOME
    return Panel.PICK
