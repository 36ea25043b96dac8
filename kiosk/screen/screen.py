"""The table screen's one seam: host replies and captions in, a page for every device on the table out.

    Screen.reply(reply)       a host Reply: folded into the view (board, scores, question, read-back, ruling...)
                              and captioned
    Screen.show(reply)        the same for a night loop: a fault in the screen never stops the night
    Screen.saying(reply)      by voice, the caption alone, as the kiosk starts to say the reply...
    Screen.said(reply)        ...and the view, once it has said it: the page is never ahead of the voice
    Screen.caption(caption)   what the kiosk says or hears, as it says or hears it
    Screen.asking(words)      the kiosk's own words beside the host's replies (asking again)
    Screen.keyboard.inbox     typed messages from an unlocked page, for the night loop to read
    Screen.typed_messages()   the same for the voice kiosk, each captioned as typed once the night takes it

`follow(host)` wraps a Host so that every message it hears reaches the screen as a caption; its replies come
through `show`, which the night's Keeper calls once the journal holds each one. `typed_lines(stdin)` merges
the terminal with the remote keyboard for the typed night.
"""

from __future__ import annotations

import enum
import queue
import sys
import threading
from collections.abc import Callable
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
        self._view_of(reply)
        self._caption_of(reply)

    def show(self, reply: Reply) -> None:
        """`reply`, for a night loop: the night goes on whatever happens to its screen."""
        _come_what_may(lambda: self.reply(reply))

    def saying(self, reply: Reply) -> None:
        """By voice, as the kiosk starts to say a reply: its words as captions, read along as they are heard."""
        _come_what_may(lambda: self._caption_of(reply))

    def said(self, reply: Reply) -> None:
        """By voice, once the kiosk has said a reply: the view moves on (the question appears once it has
        been read aloud, a ruling once it has been given)."""
        _come_what_may(lambda: self._view_of(reply))

    def _view_of(self, reply: Reply) -> None:
        try:
            ledger = parse_ledger(reply.ledger)
        except LedgerError:
            return  # not a night's reply: the view stays as it was
        lines = tuple(line.text for line in reply.lines if line.text)
        with self._lock:
            self._view = advance(self._view, lines, ledger)
            view = self._view
        self.broadcast.publish("view", view_payload(view))

    def _caption_of(self, reply: Reply) -> None:
        if reply.speech:
            self.caption(Caption(KIOSK, reply.speech))

    def hearing(self, words: str) -> None:
        """The words heard so far, as the recogniser hears them: a live caption, replaced as it grows."""
        _come_what_may(lambda: self.caption(Caption(TABLE, words, final=False)))

    def asking(self, words: str) -> None:
        """The kiosk's own words that are no host reply (asking again what was said): a caption."""
        _come_what_may(lambda: self.caption(Caption(KIOSK, words)))

    def spoken_pin(self) -> str:
        """The keyboard's PIN as the kiosk says it, digit by digit, for the adult at a voice kiosk."""
        return f"The table screen's keyboard PIN is {' '.join(self.keyboard.pin)}."

    def caption(self, caption: Caption) -> None:
        with self._lock:
            self._captions += 1
            number = self._captions
        cards = [card.lines for card in caption_cards(caption)]
        payload = {"number": number, "speaker": caption.speaker, "final": caption.final, "cards": cards}
        self.broadcast.publish("caption", payload)

    # --- adapters for the night loops ------------------------------------------------------------------------

    def follow(self, host: Host) -> Host:
        """The host, with every message it hears also captioned on this screen."""
        return cast(Host, _FollowedHost(host, self))

    def typed_messages(self) -> KeyboardMessages:
        """The remote keyboard's messages for the voice kiosk, which takes them between utterances: each one
        taken is captioned as typed on the screen, not as heard from the table."""
        return KeyboardMessages(self)

    def typed_lines(self, stdin: TextIO) -> TextIO:
        """Lines from the terminal and from an unlocked page's keyboard, in the order they come."""
        return cast(TextIO, _TypedLines(stdin, self))

    def _heard(self, message: str) -> None:
        """A message heard: the table's own words, so shown at once, before the host's reply to it."""
        speaker, self._next_speaker = self._next_speaker, TABLE
        _come_what_may(lambda: self.caption(Caption(speaker, message)))


def _come_what_may(show: Callable[[], None]) -> None:
    """Show something for a night loop: a fault in the screen is one line, and the night goes on."""
    try:
        show()
    except Exception as error:
        print(f"(screen) could not show that: {error!r}", file=sys.stderr, flush=True)


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
    """Stands in for a Host: every message heard is also captioned. Anything else goes to the host.

    The replies are not shown from here: a reply reaches the screen only once the journal holds it."""

    def __init__(self, host: Host, screen: Screen) -> None:
        self._host = host
        self._screen = screen

    def hear(self, message: str) -> Reply:
        self._screen._heard(message)
        return self._host.hear(message)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._host, name)


class KeyboardMessages:
    """The remote keyboard's inbox as the voice kiosk reads it."""

    def __init__(self, screen: Screen) -> None:
        self._screen = screen

    def get_nowait(self) -> str:
        message = self._screen.keyboard.inbox.get_nowait()  # queue.Empty when nothing was typed
        self._screen._next_speaker = KEYBOARD
        print(f"(typed on the screen) {message}", file=sys.stderr, flush=True)
        return message


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
