"""The table screen's one seam: host replies and captions in, a page for every device on the table out.

    Screen.reply(reply)       a host Reply: folded into the view (board, scores, question, read-back, ruling...)
    Screen.caption(caption)   what the kiosk says or hears, as it says or hears it
    Screen.keyboard.inbox     typed messages from an unlocked page, for the night loop to read

`follow(host)` wraps a Host so that every reply and every message it hears reaches the screen, and
`typed_lines(stdin)` merges the terminal with the remote keyboard for the typed night.
"""

from __future__ import annotations

import enum
import queue
import sys
import threading
from dataclasses import asdict, replace
from types import TracebackType
from typing import Any, TextIO, cast

from kiosk.engine.host import Host
from kiosk.engine.ledger import LedgerError, parse_ledger
from kiosk.engine.reply import Reply
from kiosk.screen.address import Address
from kiosk.screen.captions import KEYBOARD, KIOSK, TABLE, Caption, caption_cards
from kiosk.screen.keyboard import RemoteKeyboard
from kiosk.screen.server import Broadcast, ScreenServer
from kiosk.screen.view import START, View, advance


class Screen:
    def __init__(
        self, address: Address, *, keyboard: RemoteKeyboard | None = None, out: TextIO | None = None
    ) -> None:
        self.keyboard = keyboard or RemoteKeyboard()
        self.broadcast = Broadcast()
        self.server = ScreenServer(self.broadcast, self.keyboard, address)
        self._out = out
        self._lock = threading.Lock()
        self._view = START
        self._captions = 0
        self._next_speaker = TABLE

    # --- life ----------------------------------------------------------------------------------------------

    def start(self) -> Screen:
        """Listen (raises ScreenError when it cannot), and tell the adult where the screen is and its PIN."""
        self.server.start()
        self.broadcast.publish("view", view_payload(self._view))
        out = self._out or sys.stderr
        print(f"Table screen: {self.url} (open it on a TV, tablet or phone on this network)", file=out)
        print(f"Remote keyboard PIN: {self.keyboard.pin}", file=out, flush=True)
        return self

    def stop(self) -> None:
        self.server.stop()

    def __enter__(self) -> Screen:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def view(self) -> View:
        with self._lock:
            return self._view

    def new_night(self) -> None:
        """Another night begins on the same screen: nothing of the last night stays in view. The count of
        replies goes on, so every page still sees each new view as newer than the last."""
        with self._lock:
            self._view = replace(START, replies=self._view.replies)

    # --- events in -----------------------------------------------------------------------------------------

    def reply(self, reply: Reply) -> None:
        """A host reply: the view moves on, and what the kiosk says becomes a caption."""
        try:
            ledger = parse_ledger(reply.ledger)
        except LedgerError:
            ledger = None  # not a night's reply: the view stays as it was
        if ledger is not None:
            lines = tuple(line.text for line in reply.lines if line.text)
            with self._lock:
                self._view = advance(self._view, lines, ledger)
                view = self._view
            self.broadcast.publish("view", view_payload(view))
        if reply.speech:
            self.caption(Caption(KIOSK, reply.speech))

    def caption(self, caption: Caption) -> None:
        with self._lock:
            self._captions += 1
            number = self._captions
        cards = [card.lines for card in caption_cards(caption)]
        payload = {"number": number, "speaker": caption.speaker, "final": caption.final, "cards": cards}
        self.broadcast.publish("caption", payload)

    # --- adapters for the night loops ------------------------------------------------------------------------

    def follow(self, host: Host) -> Host:
        """The host, with every message it hears and every reply it gives also sent to this screen."""
        return cast(Host, _FollowedHost(host, self))

    def typed_lines(self, stdin: TextIO) -> TextIO:
        """Lines from the terminal and from an unlocked page's keyboard, in the order they come."""
        return cast(TextIO, _TypedLines(stdin, self))

    def _heard(self, message: str) -> None:
        speaker, self._next_speaker = self._next_speaker, TABLE
        self.caption(Caption(speaker, message))


def view_payload(view: View) -> dict[str, Any]:
    def plain(value: object) -> object:
        if isinstance(value, enum.Enum):
            return value.value
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(item) for item in value]
        return value

    return cast(dict[str, Any], plain(asdict(view)))


class _FollowedHost:
    """Stands in for a Host: the same replies, also shown on the screen. Anything else goes to the host."""

    def __init__(self, host: Host, screen: Screen) -> None:
        self._host = host
        self._screen = screen

    def opening(self) -> Reply:
        reply = self._host.opening()
        self._show(reply)
        return reply

    def hear(self, message: str) -> Reply:
        self._show(None, message)
        reply = self._host.hear(message)
        self._show(reply)
        return reply

    def _show(self, reply: Reply | None, heard: str | None = None) -> None:
        """The night goes on whatever happens to its screen."""
        try:
            if heard is not None:
                self._screen._heard(heard)
            if reply is not None:
                self._screen.reply(reply)
        except Exception as error:
            print(f"(screen) could not show that: {error!r}", file=sys.stderr, flush=True)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._host, name)


class _TypedLines:
    """A line source for the typed night: the terminal's lines and the remote keyboard's, one queue."""

    def __init__(self, stdin: TextIO, screen: Screen) -> None:
        self._screen = screen
        self._lines: queue.Queue[tuple[bool, str]] = queue.Queue()
        threading.Thread(target=self._terminal, args=(stdin,), name="terminal-lines", daemon=True).start()
        threading.Thread(target=self._keyboard, name="keyboard-lines", daemon=True).start()

    def readline(self) -> str:
        remote, line = self._lines.get()
        if remote:
            self._screen._next_speaker = KEYBOARD
            print(f"(typed on the screen) {line.rstrip()}", file=sys.stderr, flush=True)
        return line

    def _terminal(self, stdin: TextIO) -> None:
        while True:
            line = stdin.readline()
            self._lines.put((False, line))
            if not line:
                return

    def _keyboard(self) -> None:
        while True:
            self._lines.put((True, self._screen.keyboard.inbox.get() + "\n"))
