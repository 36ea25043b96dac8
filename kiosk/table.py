"""What every front end drives: the table's night, and the followers that see each turn, in one order.

    play, voice, serve --message, by whom--> Table.hear --> Face.hear: the host steps the night, and the
                                                            turn is in the journal before anything sees it
                                                       --> each Follower.replied (the table screen's captions)
                       <--reply-- the front end presents it (prints it, or says it aloud)
                       --Table.presented(reply)--> each Follower.presented (the screen's view moves on)

A `Face` is a night kept in its journal (`KeptNight`) or the appliance's session, which keeps its own
nights. A `Follower` is anything that shows the night as it goes: the table screen. Order is the point:
journal, then screen, then speech, so a screen never shows what a pulled plug could take back, and by voice
the page moves on only once the table has heard the reply.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol, TextIO

from kiosk.engine.by import By
from kiosk.engine.host import Host
from kiosk.engine.ledger import Ledger
from kiosk.engine.listening import Expectation
from kiosk.engine.night import Night
from kiosk.engine.reply import Reply
from kiosk.engine.said import Line, Remark
from kiosk.records.keeping import Keeper
from kiosk.typed_text import message_text


@dataclass(frozen=True)
class Answered:
    """The kiosk answers a message itself: the night never hears it, and it is not journalled."""

    lines: tuple[str | Line, ...]


class Check(Protocol):
    """Something that sees each message before the night does (who may pair phones, saves from elsewhere)."""

    def check(self, message: str, by: By, night: Night | None) -> str | Answered:
        """The message for the night (itself, or another it stood for), or the kiosk's own answer."""
        ...

    def holds_question(self) -> bool:
        """The check waits for the table's yes or no to a question of its own."""
        ...


class Face(Protocol):
    """What hosts the night: a night kept in its journal, or the appliance's session of nights."""

    def opening(self) -> Reply: ...

    def hear(self, message: str, by: By = By.TABLE) -> Reply:
        """One message in, one reply out (worded for the way it came in), the turn kept before it returns."""
        ...

    def listening_for(self) -> Expectation: ...

    def ledger(self) -> Ledger:
        """The night's ledger as it stands, for a reply of the kiosk's own."""
        ...

    def set_voice(self, voice: bool) -> None: ...

    @property
    def night(self) -> Night | None:
        """The night in play, for a voice loop deciding whose words it heard; None between nights."""
        ...


class Follower(Protocol):
    """Something that shows the night as it goes (the table screen). Called in the night loop's thread:
    a follower never raises and never waits on anything slow."""

    def took(self, message: str, by: By) -> None:
        """A message the night is about to hear."""

    def hearing(self, words: str) -> None:
        """By voice: the words heard so far, replaced as they grow."""

    def asking(self, words: str) -> None:
        """The kiosk's own question that is no reply of the host (asking again what was meant)."""

    def replied(self, reply: Reply) -> None:
        """A reply, kept in the journal, as the front end starts to present it."""

    def presented(self, reply: Reply) -> None:
        """A reply once the table has it: printed, or said aloud."""


@dataclass
class Table:
    """A face and its followers, driven by one front end."""

    face: Face
    followers: tuple[Follower, ...] = ()
    checks: tuple[Check, ...] = ()

    def opening(self) -> Reply:
        reply = self.face.opening()
        for follower in self.followers:
            follower.replied(reply)
        return reply

    def hear(self, message: str, by: By = By.TABLE) -> Reply:
        # Made plain and bounded once, here, so the journal and every screen see the same text.
        message = message_text(message)
        if by is By.KIOSK:
            return self._answer(Answered((message,)))
        for follower in self.followers:
            follower.took(message, by)
        for check in self.checks:
            outcome = check.check(message, by, self.face.night)
            if isinstance(outcome, Answered):
                return self._answer(outcome)
            message = outcome
        reply = self.face.hear(message, by)
        for follower in self.followers:
            follower.replied(reply)
        return reply

    def _answer(self, answered: Answered) -> Reply:
        # A remark a line, so that a private line (a pairing code) is left out of what a screen is sent alone.
        reply = Reply(tuple(Remark.of(line) for line in answered.lines), self.face.ledger())
        for follower in self.followers:
            follower.replied(reply)
        return reply

    def presented(self, reply: Reply) -> None:
        for follower in self.followers:
            follower.presented(reply)

    def hearing(self, words: str) -> None:
        for follower in self.followers:
            follower.hearing(words)

    def asking(self, words: str) -> None:
        for follower in self.followers:
            follower.asking(words)

    def listening_for(self) -> Expectation:
        expected = self.face.listening_for()
        if any(check.holds_question() for check in self.checks):
            return replace(expected, held=True, closed=True)
        return expected

    def set_voice(self, voice: bool) -> None:
        self.face.set_voice(voice)

    @property
    def night(self) -> Night | None:
        return self.face.night


@dataclass
class KeptNight:
    """One night and its journal: every turn is kept before its reply goes anywhere."""

    host: Host
    keeper: Keeper
    first: Reply
    """The opening, or where a night carried on stands (said, never journalled: the night has not moved)."""

    def opening(self) -> Reply:
        self.keeper.record(None, self.first)
        return self.first

    def hear(self, message: str, by: By = By.TABLE) -> Reply:
        reply = self.host.hear(message, by)
        kept = self.keeper.record(message, reply, by)
        if kept is None:
            return reply
        where = Remark((Line(f"(The save is also kept in {kept}.)", spoken=False),))
        return replace(reply, said=(where, *reply.said))

    def listening_for(self) -> Expectation:
        return self.host.listening_for()

    def ledger(self) -> Ledger:
        return self.host.ledger()

    def set_voice(self, voice: bool) -> None:
        self.host.set_voice(voice)

    @property
    def night(self) -> Night:
        return self.host.night

    @property
    def over(self) -> bool:
        return self.keeper.over

    def farewell(self) -> str:
        return self.keeper.farewell()


class Lines(Protocol):
    """Typed lines for a typed night, each with who typed it."""

    def readline(self) -> tuple[str, By]:
        """The next line, with its newline; "" when the input has ended."""
        ...


@dataclass
class Terminal:
    """The kiosk's own terminal as a source of typed lines."""

    stdin: TextIO

    def readline(self) -> tuple[str, By]:
        return self.stdin.readline(), By.TABLE
