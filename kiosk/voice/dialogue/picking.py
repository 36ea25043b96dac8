"""A pick by voice is taken only when the kiosk is sure of it: a cell whose question was read is never
un-picked (the card's THE TABLE), so a misheard pick costs the table a question.

Three ways of being unsure:
- the recogniser's likeliest readings mean different cells (doubt.py): the kiosk asks which was meant;
- the pick was said by a letter that sounds like another with a cell still free at the same points. To the
  small model the category letters rhyme: on the tuning voices "d three" was heard as "bee three", "a
  five" as "the five" and "e five"; in a live room "d three" was heard as "e three" with no other reading
  at all, so no weighing of readings can catch it. The kiosk says the cell back by its category's name and
  waits for a yes ("Wings & Webs 3?"). A pick said by name ("Wings and Webs three", "owls three") does not
  rhyme with another and is taken at once;
- the room is loud (room.py): in party noise the points were misheard too ("wings and webs three" heard as
  "wings and webs one", with no other reading), and "Ghosts, yes" as "pass", so every pick (a pass too, as
  the cell it would read) is said back before its question is read, for the yes heard most surely ("that's
  right"); a yes the kiosk is unsure of is asked about once (policy.py).

A cell said back whose yes is missed twice, a category's cells each said no to, or late in a loud night a
played cell heard, have the cells offered one at a time: a night never sticks on its pick.

A cell already played is no reading at all: the likeliest free one among the others is said back instead.
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
    """Say a sound-alike letter's pick back before it is taken (the `confirm_picks` setting)."""
    confirming: Confirming[Cell] = field(default_factory=lambda: Confirming(Slot.PICK))
    """The cell said back or offered, waiting for a yes or a no (confirming.py)."""
    _misses: int = 0
    """Picks missed in a row: replies that ask for the pick again after words that were no pick."""
    _asked: bool = False
    """The last reply asked for a pick."""
    _rejected: list[Cell] = field(default_factory=list)
    """Cells said back and answered with another pick, since a question was last read."""
    _offers: tuple[Cell, ...] | None = None
    """While cells are offered one at a time: those still to offer after the one waiting."""
    _offering: Offering = Offering.CATEGORY
    """Which cells are offered."""
    _missed: int = 0
    """Replies in a row to the cell said back or offered that were neither a yes, a no nor another pick, or
    a plain yes asked about (a loud room's)."""

    @property
    def waiting(self) -> Cell | None:
        """The cell said back or offered, if any."""
        return self.confirming.waiting

    def after(self, night: Night | None, message: str) -> Ask | None:
        """After the host's reply to `message`: a pick missed (see missed()) if the host asked for the pick
        again; else None. A command ("board", "voice") or a question is no pick missed."""
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
        """A pick missed: words that were no pick, or no word at all. At every
        TUNING.confirming.pick_misses-th in a row, the pick asked for another way, so that a pick the room
        keeps garbling does not stick the night: by the category's whole name, slowly; with few cells free, or
        missed again, the free cells offered one at a time for the yes heard most surely. Else None."""
        self._misses += 1
        free = night.board.free_cells()
        if self._misses % TUNING.confirming.pick_misses or not free:
            return None
        if len(free) <= TUNING.confirming.few_left or self._misses > TUNING.confirming.pick_misses:
            self._rejected = []
            return self._offer(Utterance(""), night.board, free[0], Offering.FREE)
        return Ask(PickSlowly(by_name(free[0].id)))

    def take(self, heard: Utterance, board: Board, loud: bool = False) -> str | Ask:
        """The message for the host, or the kiosk's own question while it is unsure of the pick; `loud`:
        the room is loud, and any pick, "pass" too, is said back, the likeliest reading when readings
        differ."""
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
            # Neither yes, no, a pick nor a command: most likely a yes the room garbled ("owls", "that was my
            # own minister mean"). Dropped, the pick had to be said again from the start, and a babble night
            # stuck when its yes was missed six times running.
            self.confirming.hold(waiting)
            return self.again(board)
        if waiting is not None and found is not None and Cell.parse(found) is not None:
            self._rejected.append(waiting)  # another pick said to the one said back: not that one
        cell = cell_read(found, board, loud)
        if cell is not None and not board.is_free(cell):
            return self._played(heard, board, cell, loud)
        unsure = doubt(heard, board)
        if unsure is not None and loud and self.confirm and cell is None:
            # A command as likely as a cell ("The Treat Bag five" heard as "save", then "treat bag five"):
            # the cell is said back, as a pick is in a loud room. Asked "Was that save, or The Treat Bag
            # 5?", a reader said the pick again, and it was heard the same way.
            cell = next((choice for choice in map(Cell.parse, unsure.choices) if choice is not None), None)
        if unsure is not None and not (loud and self.confirm and cell is not None):
            # In a loud room the likeliest cell is said back instead: "Was that A2 or A1?" drew the same
            # doubt five times running, where a yes is one short word the room garbles less.
            return Ask(unsure.prompt)
        if not self.confirm or cell is None:
            return heard.text
        if not loud and not (by_letter(heard.text) and rivals(cell, board)):
            return heard.text
        if cell in self._rejected:
            return self._rejected_again(heard, board, cell, waiting, loud)
        return self._say_back(cell, loud)

    def _yes_or_no(self, reading: Reading, waiting: Cell) -> str | Ask:
        """A yes or a no to the pick said back (`waiting`), as the policy rules on it."""
        self.confirming.hold(waiting)
        act = self.confirming.rule(reading)
        if act is Act.REFUSED:
            return Ask(WhichPickThen(by_name(waiting.id)))
        if act is Act.ASK_IF_YES:
            return self._was_that_a_yes()
        return said_by_name(waiting)

    def _points_alone(self, heard: Utterance, board: Board, loud: bool) -> str | Ask | None:
        """Words that mean no pick nor command: another reading that does, or the free cells at the points
        heard alone, offered; None for neither."""
        points = POINT_WORDS.index(heard.text) + 1 if heard.text in POINT_WORDS else None
        offering = points is not None and any(cell.points == points for cell in board.free_cells())
        instead = meant_instead(heard, board)
        # The points alone mean a pick more than another reading's command does: "E four" heard as
        # "four", "night" beside it, was read as "end the night".
        if instead is not None and not (offering and Cell.parse(instead) is None):
            return self._instead(instead, board, loud)
        if points is not None and offering:
            # The points alone, the category lost ("The Treat Bag three" heard as "three" three times
            # running in babble): the free cells at those points are offered one at a time.
            return self._offer(heard, board, Cell("A", points), Offering.POINTS)
        return None

    def _played(self, heard: Utterance, board: Board, cell: Cell, loud: bool) -> str | Ask:
        """A cell already played, which nobody can have meant ("The Treat Bag four" heard as "three" with
        two cells left): another reading that is free is said back; with none, the host says the cell was
        played and asks again."""
        free = free_reading(heard, board)
        if free is None and loud and len(board.free_cells()) <= TUNING.confirming.few_left:
            # In babble, asked for "The Treat Bag four" with two cells left, the kiosk heard "d three" and
            # the host said D3 had been played: the few cells left are offered instead.
            return self._offer(heard, board, cell, Offering.FREE)
        if free is None:
            return heard.text
        return self._say_back(free, loud)

    def _rejected_again(
        self, heard: Utterance, board: Board, cell: Cell, waiting: Cell | None, loud: bool
    ) -> str | Ask:
        """The cell the table just said no to, heard again: in babble "Far and Wide four" was heard as "one"
        five times running, each said back. The category is heard; its points are offered, unless another
        reading names a cell of another category ("Far and Wide one" heard as "spiders one", "and wide one"
        beside it): then the category was misheard too."""
        kin = tuple(free for free in board.free_cells() if free.letter == cell.letter)
        other = free_reading(heard, board, but=(*self._rejected, *kin))
        if other is not None:
            return self._say_back(other, loud)
        insisted = cell if waiting is not None and cell != waiting else None
        return self._offer(heard, board, cell, Offering.CATEGORY, insisted=insisted)

    def again(self, board: Board | None = None) -> Ask:
        """The pick said back or offered, asked about again for the yes heard most surely: its reply was
        neither a yes, a no nor a pick, a lone "right" in a loud room, or no word at all. A cell offered whose
        reply is missed TUNING.confirming.pick_misses times running gives way to the next, and comes round
        again after the others: in babble a reader's "no" to The Treat Bag 5, the only cell offered at the
        points heard, was heard as no word and "right", and the night stuck with The Treat Bag 4 free beside
        it. A cell said back whose reply is missed TUNING.confirming.pick_misses times running has its
        category's cells offered one at a time: in babble "E four" was said back as The Treat Bag 5, and the
        reader's "The Treat Bag four" was heard as "three" and as no word until the table gave the night
        up."""
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
        """The cell said back for a yes or a no."""
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
        """Offer the free cells kin to `cell` one at a time, for the yes heard most surely: `cell` itself
        first (of its category's), then those the readings name, then the rest in the board's order; none
        said no to, but `insisted`: a cell passed over once, said again after another was said back in its
        place (in babble the yes to "Wings & Webs 3?" was heard as "bats five", Wings & Webs 5 was said
        back, and the reader's "Wings and Webs three" then had every cell of the category offered but 3)."""
        readings = (heard.text, *heard.alternatives)
        named = [cell_meant(reading) for reading in readings]
        if offering is Offering.CATEGORY:
            named.insert(0, cell)
        if offering is Offering.POINTS:
            # A reading with a word of a category's title and no points ("three | treat | the treat" for
            # "The Treat Bag three" in babble) names the category the points go with: offered first.
            named += [Cell(letter, cell.points) for letter in categories_named(readings)]
        self._offering = offering
        kin = [free for free in board.free_cells() if self._offering.kin(free, cell)]
        passed = [one for one in self._rejected if one != insisted]
        offers = [one for one in dict.fromkeys([*named, *kin]) if one in kin and one not in passed]
        if not offers and offering is not Offering.FREE:
            # Each kin cell said no to: every other free cell, one at a time. Asked instead for the pick
            # slowly, a babble table's "The Treat Bag four" was heard as a cell played, and the offer was
            # gone.
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
        """The reply to a cell offered one at a time: a yes (or the cell itself, by name) takes it; a no offers
        the next, and another of the category's cells offers that one if it is still to be offered, else the
        next; any other pick (offered by points or among every free cell, any pick at all) is taken as any
        pick is. By letter, the cell itself asks for the yes: "bee three" was heard for "The Treat Bag three"
        while Far and Wide 3 was offered."""
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
            # A played cell is no reply anyone meant: "that's right" was heard as "bats five" in babble, and
            # the host said D5 was played and the offer was gone. The same cell is offered again.
            self.confirming.hold(waiting)
            self._offers = offers
            return self.again(board)
        if (
            cell is not None
            and cell != waiting
            and (self._offering is not Offering.CATEGORY or not self._offering.kin(cell, waiting))
        ):
            # In babble "The Treat Bag three", offered Old Customs 3, was heard as itself: no no to the offer.
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
                # A cell still to be offered, named: offered next. In babble the yes to Far and Wide 1 was
                # missed until Far and Wide 2 was offered in its place, and the reader's "Far and Wide one"
                # then had Far and Wide 3 offered.
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
