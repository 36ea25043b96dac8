"""A pick by voice is taken only when the kiosk is sure of it, since a cell read is never un-picked (the
card's THE TABLE): readings in doubt are asked about (doubt.py); a pick by a rhyming letter, and in a loud
room every pick, is said back for the sure yes (decision 0010). Picks missed again and again have the free
cells offered one at a time: a night never sticks on its pick.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from kiosk.engine import intent
from kiosk.engine.board import Board
from kiosk.engine.cells import Cell
from kiosk.engine.night import Night, Phase
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.confirming import Confirming
from kiosk.voice.dialogue.doubt import by_name, cell_meant, doubt, meaning, meant_instead
from kiosk.voice.dialogue.pick_readings import (
    by_letter,
    categories_named,
    cell_read,
    free_reading,
    rivals,
    said_by_name,
)
from kiosk.voice.dialogue.policy import Act, Reading, Reply, Slot, read
from kiosk.voice.dialogue.prompts import Confirm, Lead, PickSlowly, WhichPickThen
from kiosk.voice.hearing.phrases import POINT_WORDS
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING


class Offering(Enum):
    """Which free cells are offered one at a time, for a yes."""

    CATEGORY = "category"
    """One category's: a cell was said no to and heard again, the category heard, its points not."""
    POINTS = "points"
    """Those at the points heard alone: the category lost."""
    FREE = "free"
    """Every free cell: picks were missed again and again."""

    def kin(self, cell: Cell, other: Cell) -> bool:
        """The two cells are offered together."""
        if self is Offering.FREE:
            return True
        if self is Offering.POINTS:
            return cell.points == other.points
        return cell.letter == other.letter


@dataclass
class Picks:
    """The kiosk's memory of a pick it has said back and waits to hear confirmed, and of picks missed."""

    confirm: bool = True
    """Say back a pick the kiosk is unsure of before it is taken: a sound-alike letter, any pick in a loud
    room, a cell with a command about as likely (the `confirm_picks` setting)."""
    confirming: Confirming[Cell] = field(default_factory=lambda: Confirming(Slot.PICK))
    _misses: int = 0
    """Picks missed in a row: replies that ask for the pick again after words that were no pick."""
    _asked: bool = False
    """The last reply asked for a pick."""
    _rejected: list[Cell] = field(default_factory=list)
    """Cells said back and answered with another pick, since a question was last read."""
    _offers: tuple[Cell, ...] | None = None
    """While cells are offered one at a time: those still to offer after the one waiting."""
    _offering: Offering = Offering.CATEGORY
    _missed: int = 0
    """Replies in a row to the cell waiting that were neither a yes, a no nor a pick, or an unsure yes."""

    @property
    def waiting(self) -> Cell | None:
        """The cell said back or offered, if any."""
        return self.confirming.waiting

    def after(self, night: Night | None, message: str) -> Ask | None:
        """After the host's reply to `message`: a pick missed if it asked for the pick again; else None."""
        asked, self._asked = self._asked, night is not None and night.phase is Phase.PICK
        if not self._asked:
            self._rejected = []
        if night is None or not night.voice or not (asked and self._asked):
            self._misses = 0
            return None
        if isinstance(intent.read(message, night), (intent.Do, intent.SwitchMode, intent.Asked)):
            return None  # a command, or a question about the rules
        return self.missed(night)

    def missed(self, night: Night) -> Ask | None:
        """A pick missed: at every TUNING.confirming.pick_misses-th in a row, the pick asked for slowly by
        name, or with few cells free or missed again, the free cells offered one at a time; else None."""
        self._misses += 1
        free = night.board.free_cells()
        if self._misses % TUNING.confirming.pick_misses or not free:
            return None
        if len(free) <= TUNING.confirming.few_left or self._misses > TUNING.confirming.pick_misses:
            self._rejected = []
            return self._offer(Utterance(""), night.board, free[0], Offering.FREE)
        return Ask(PickSlowly(by_name(free[0].id)))

    def take(self, heard: Utterance, board: Board, loud: bool = False) -> str | Ask:
        """The message for the host, or the kiosk's question while unsure; `loud`: every pick is said back."""
        waiting = self.confirming.waiting
        self.confirming.clear()
        offers, self._offers = self._offers, None
        if waiting is not None and offers is not None:
            return self._offered(heard, board, loud, waiting, offers)
        reading = read(heard, loud)
        if waiting is not None and reading.reply is not Reply.NEITHER:
            return self._yes_or_no(reading, waiting)
        found = meaning(heard.text)
        if waiting is None and found is None and heard.text:
            alone = self._points_alone(heard, board, loud)
            if alone is not None:
                return alone
        if waiting is not None and found is None:
            # Neither yes, no, a pick nor a command: most likely a garbled yes, so the pick waits on.
            self.confirming.hold(waiting)
            return self.again(board)
        if waiting is not None and found is not None and Cell.parse(found) is not None:
            self._rejected.append(waiting)  # another pick said to the one said back: not that one
        cell = cell_read(found, board, loud)
        if cell is not None and not board.is_free(cell):
            return self._played(heard, board, cell, loud)
        unsure = doubt(heard, board)
        if unsure is not None and loud and self.confirm and cell is None:
            # A command as likely as a cell: the cell is said back; asked which, a reader repeats the pick.
            cell = next((choice for choice in map(Cell.parse, unsure.choices) if choice is not None), None)
        if unsure is not None and not (loud and self.confirm and cell is not None):
            # In a loud room the likeliest cell is said back instead: a yes is garbled less than a pick.
            return Ask(unsure.prompt)
        if not self.confirm or cell is None:
            return heard.text
        if not loud and not (by_letter(heard.text) and rivals(cell, board)):
            return heard.text
        if cell in self._rejected:
            return self._rejected_again(heard, board, cell, waiting, loud)
        return self._say_back(cell, loud)

    def _yes_or_no(self, reading: Reading, waiting: Cell) -> str | Ask:
        self.confirming.hold(waiting)
        act = self.confirming.rule(reading)
        if act is Act.REFUSED:
            return Ask(WhichPickThen(by_name(waiting.id)))
        if act is Act.ASK_IF_YES:
            return self._was_that_a_yes()
        return said_by_name(waiting)

    def _points_alone(self, heard: Utterance, board: Board, loud: bool) -> str | Ask | None:
        """Words meaning no pick nor command: another reading that does, or the free cells at the points."""
        points = POINT_WORDS.index(heard.text) + 1 if heard.text in POINT_WORDS else None
        offering = points is not None and any(cell.points == points for cell in board.free_cells())
        instead = meant_instead(heard, board)
        # The points alone mean a pick more than another reading's command does.
        if instead is not None and not (offering and Cell.parse(instead) is None):
            return self._instead(instead, board, loud)
        if points is not None and offering:
            # The points alone, the category lost: the free cells at those points are offered one at a time.
            return self._offer(heard, board, Cell("A", points), Offering.POINTS)
        return None

    def _played(self, heard: Utterance, board: Board, cell: Cell, loud: bool) -> str | Ask:
        """A played cell, which nobody can have meant: another reading that is free is said back, if any."""
        free = free_reading(heard, board)
        if free is None and loud and len(board.free_cells()) <= TUNING.confirming.few_left:
            # With few cells left in a loud room, those are offered rather than the pick asked for again.
            return self._offer(heard, board, cell, Offering.FREE)
        if free is None:
            return heard.text
        return self._say_back(free, loud)

    def _rejected_again(
        self, heard: Utterance, board: Board, cell: Cell, waiting: Cell | None, loud: bool
    ) -> str | Ask:
        """The cell the table just said no to, heard again: its category's free cells are offered, unless
        another reading names a free cell of another category, the category misheard too."""
        kin = tuple(free for free in board.free_cells() if free.letter == cell.letter)
        other = free_reading(heard, board, but=(*self._rejected, *kin))
        if other is not None:
            return self._say_back(other, loud)
        insisted = cell if waiting is not None and cell != waiting else None
        return self._offer(heard, board, cell, Offering.CATEGORY, insisted=insisted)

    def again(self, board: Board | None = None) -> Ask:
        """Asked about again for the sure yes. Missed TUNING.confirming.pick_misses times running, a cell
        offered gives way to the next (it comes round again), and a cell said back to its category's cells."""
        waiting = self.confirming.waiting
        assert waiting is not None
        self._missed += 1
        if self._offers is None and self._missed >= TUNING.confirming.pick_misses and board is not None:
            return self._offer(Utterance(""), board, waiting, Offering.CATEGORY)
        if self._offers is None:
            return confirm(waiting, Lead.NO_YES_HEARD)
        others = [cell for cell in self._offers if cell != waiting]
        if not others and board is not None:
            others = [cell for cell in board.free_cells() if cell != waiting]
        if self._missed < TUNING.confirming.pick_misses or not others:
            return confirm(waiting, Lead.NO_YES_HEARD)
        self._missed = 0
        self.confirming.say_back(others[0])
        self._offers = (*others[1:], waiting)
        return confirm(others[0], Lead.NEXT_OFFERED)

    def _instead(self, found: str, board: Board, loud: bool) -> str | Ask:
        """A reading that means something, taken where the likeliest meant nothing here: a command as said
        (none is final; "end the night" asks every team first), a cell or "pass" said back for a yes."""
        cell = cell_read(found, board, loud=True)
        if cell is None:
            return found
        return self._say_back(cell, loud)

    def _say_back(self, cell: Cell, loud: bool) -> Ask:
        self.confirming.say_back(cell)
        self._missed = 0
        return confirm(cell)

    def _was_that_a_yes(self) -> Ask:
        waiting = self.confirming.waiting
        assert waiting is not None
        self._missed += 1
        return confirm(waiting, Lead.WAS_THAT_A_YES)

    def _offer(
        self,
        heard: Utterance,
        board: Board,
        cell: Cell,
        offering: Offering,
        first: bool = True,
        insisted: Cell | None = None,
    ) -> Ask:
        """Offer the free cells kin to `cell` one at a time: `cell` first (of its category's), then those the
        readings name, then the board's order; none said no to but `insisted`, said again after another."""
        readings = (heard.text, *heard.alternatives)
        named = [cell_meant(reading) for reading in readings]
        if offering is Offering.CATEGORY:
            named.insert(0, cell)
        if offering is Offering.POINTS:
            # A reading with a word of a category's title names the category the points go with.
            named += [Cell(letter, cell.points) for letter in categories_named(readings)]
        self._offering = offering
        kin = [free for free in board.free_cells() if self._offering.kin(free, cell)]
        passed = [one for one in self._rejected if one != insisted]
        offers = [one for one in dict.fromkeys([*named, *kin]) if one in kin and one not in passed]
        if not offers and offering is not Offering.FREE:
            # Each kin cell said no to: every other free cell, one at a time, so that the offer goes on.
            return self._offer(heard, board, cell, Offering.FREE, first)
        if not offers:
            self._rejected = []
            return Ask(WhichPickThen(by_name(cell.id), slowly=True))
        self.confirming.say_back(offers[0])
        self._offers, self._missed = tuple(offers[1:]), 0
        return confirm(offers[0], Lead.ONE_AT_A_TIME if first else Lead.NONE)

    def _offered(
        self, heard: Utterance, board: Board, loud: bool, waiting: Cell, offers: tuple[Cell, ...]
    ) -> str | Ask:
        """The reply to a cell offered one at a time: a yes, or the cell by name, takes it; a no, or another
        cell of the category offered, offers the next (the one named first); any other pick is taken as any
        pick is. The cell by its letter, which rhymes, still asks for the yes."""
        found = meaning(heard.text)
        cell = Cell.parse(found) if found else None
        reading = read(heard, loud)
        yes = reading.reply is Reply.YES
        if yes:
            self.confirming.hold(waiting)
        if yes and self.confirming.rule(reading) is Act.ASK_IF_YES:
            self._offers = offers
            return self._was_that_a_yes()
        if yes or (cell == waiting and not by_letter(heard.text)):
            self._rejected = []
            return said_by_name(waiting)
        if cell is not None and not board.is_free(cell):
            # A played cell is no reply anyone meant (most often a garbled yes): offered again.
            self.confirming.hold(waiting)
            self._offers = offers
            return self.again(board)
        if (
            cell is not None
            and cell != waiting
            and (self._offering is not Offering.CATEGORY or not self._offering.kin(cell, waiting))
        ):
            # A cell outside a category's offer named: a pick of its own, not a no to the offer.
            self._rejected = []
            return self.take(heard, board, loud)
        if cell == waiting:
            self.confirming.hold(waiting)
            self._offers = offers
            return self.again(board)
        if reading.reply is Reply.NO or cell is not None:
            self._rejected.append(waiting)
            rest = [one for one in offers if one not in self._rejected]
            if cell in rest:
                # A cell still to be offered, named: offered next.
                rest = [cell, *(one for one in rest if one != cell)]
            if rest:
                self.confirming.say_back(rest[0])
                self._offers, self._missed = tuple(rest[1:]), 0
                return confirm(rest[0])
            return self._offer(Utterance(""), board, waiting, self._offering, first=False)
        if found is not None:
            self._rejected = []
            return self.take(heard, board, loud)  # a command, or "pass" (said back in a loud room)
        self.confirming.hold(waiting)  # neither: the same one again, or the next
        self._offers = offers
        return self.again(board)


def confirm(cell: Cell, lead: Lead = Lead.NONE) -> Ask:
    """A cell said back or offered, by its category's name, for a yes or a no."""
    return Ask(Confirm(by_name(cell.id), lead))
