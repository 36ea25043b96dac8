"""The table screen's one seam: a follower of the night (kiosk.table) that puts it on every device at the table.

    Screen.took(message, by)   a message the night takes: a caption naming who sent it
    Screen.hearing(words)      by voice, the words heard so far: a live caption
    Screen.asking(words)       the kiosk's own question beside the host's replies: a caption
    Screen.replied(reply)      a reply kept in the journal: its words as captions, read along as they are heard
    Screen.presented(reply)    the reply printed or said: the view moves on (the question appears once read)
    Screen.keyboard.inbox      typed messages from a paired phone
    Screen.typed_messages()    those, for the voice kiosk, which takes them between utterances
    Screen.notices()           the kiosk's own news from the screen (a phone paired), for the voice kiosk
    Screen.typed_lines(stdin)  the terminal's lines, the phones' and the news, one source, for a typed night

Only a reply's public parts reach the page: a private line (a pairing code, said when the table asks for
one) never does. A fault in the screen is logged and the night goes on.
"""

from __future__ import annotations

import enum
import itertools
import logging
import queue
import sys
import threading
from collections.abc import Callable
from dataclasses import asdict, replace
from types import TracebackType
from typing import Any, TextIO, cast

from kiosk.engine.by import By
from kiosk.engine.reply import Reply
from kiosk.screen.address import Address
from kiosk.screen.captions import KIOSK, TABLE, Caption, caption_cards
from kiosk.screen.keyboard import RemoteKeyboard
from kiosk.screen.phone_words import HOW_TO_PAIR
from kiosk.screen.server import Broadcast, ScreenServer
from kiosk.screen.view import START, View, advance

log = logging.getLogger(__name__)


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
        self._fault = ""
        """The screen's last fault, logged with its traceback once: a page gone faults every caption."""

    # --- life ----------------------------------------------------------------------------------------------

    def start(self) -> Screen:
        """Listen (raises ScreenError when it cannot), and tell the adult where the screen is and how to pair
        a phone (never a code: a code is given only when the table asks for one)."""
        self.server.start()
        self.broadcast.publish("view", view_payload(self._view))
        out = self._out or sys.stderr
        print(f"Table screen: {self.url} (open it on a TV, tablet or phone on this network)", file=out)
        print(f"Remote keyboard: {HOW_TO_PAIR} (or type it here)", file=out, flush=True)
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

    # --- a follower of the night (kiosk.table.Follower) ----------------------------------------------------

    def took(self, message: str, by: By) -> None:
        """A message the night takes: the table's own words, shown at once, before the host's reply."""
        self._come_what_may(lambda: self.caption(Caption(by.value, message)))

    def hearing(self, words: str) -> None:
        """The words heard so far, as the recogniser hears them: a live caption, replaced as it grows."""
        if words:
            self._come_what_may(lambda: self.caption(Caption(TABLE, words, final=False)))

    def asking(self, words: str) -> None:
        """The kiosk's own words that are no host reply (asking again what was said): a caption."""
        self._come_what_may(lambda: self.caption(Caption(KIOSK, words)))

    def replied(self, reply: Reply) -> None:
        """A reply as the kiosk starts to present it: its words as captions."""
        speech = reply.public().speech
        if speech:
            self._come_what_may(lambda: self.caption(Caption(KIOSK, speech)))

    def presented(self, reply: Reply) -> None:
        """A reply the table now has: the view moves on (by voice, once it has been said aloud)."""
        self._come_what_may(lambda: self._view_of(reply))

    def _come_what_may(self, show: Callable[[], None]) -> None:
        """Show something for a night loop: a fault in the screen is logged, and the night goes on. A new
        fault is logged with its traceback; the same one again, one line each time."""
        try:
            show()
        except Exception as error:
            if repr(error) != self._fault:
                log.exception("the table screen could not show that: %r; the night goes on", error)
            else:
                log.warning("the table screen could not show that: %r; the night goes on", error)
            self._fault = repr(error)
        else:
            self._fault = ""

    def _view_of(self, reply: Reply) -> None:
        with self._lock:
            self._view = advance(self._view, reply)
            view = self._view
        self.broadcast.publish("view", view_payload(view))

    def caption(self, caption: Caption) -> None:
        with self._lock:
            self._captions += 1
            number = self._captions
        cards = [card.lines for card in caption_cards(caption)]
        payload = {"number": number, "speaker": caption.speaker, "final": caption.final, "cards": cards}
        self.broadcast.publish("caption", payload)

    # --- typed messages from the page ------------------------------------------------------------------------

    def typed_messages(self) -> KeyboardMessages:
        """The remote keyboard's messages for the voice kiosk, which takes them between utterances: each one
        taken is captioned as typed on the screen, not as heard from the table."""
        return KeyboardMessages(self)

    def notices(self) -> queue.SimpleQueue[str]:
        """The kiosk's own news from the screen, for the voice kiosk to say (kiosk.table.By.KIOSK)."""
        return self.keyboard.notices

    def typed_lines(self, stdin: TextIO) -> TypedLines:
        """Lines from the terminal, from a paired phone's keyboard and the kiosk's own news, as they come."""
        return TypedLines(stdin, self.keyboard.inbox, self.keyboard.notices)


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


class KeyboardMessages:
    """The remote keyboard's inbox as the voice kiosk reads it."""

    def __init__(self, screen: Screen) -> None:
        self._screen = screen

    def get_nowait(self) -> str:
        message = self._screen.keyboard.inbox.get_nowait()  # queue.Empty when nothing was typed
        print(f"(typed on the screen) {message}", file=sys.stderr, flush=True)
        return message


class TypedLines:
    """A line source for the typed night: the terminal's lines and the remote keyboard's, each with who typed
    it. A line typed at the kiosk itself is read before any keyboard message still waiting, and at most one
    keyboard message is taken from the keyboard's bounded inbox ahead of its turn (the rest wait there). The
    kiosk's own news (a phone paired) comes as a line by By.KIOSK, for the night loop to show, never to hear."""

    def __init__(
        self, stdin: TextIO, inbox: queue.Queue[str], notices: queue.SimpleQueue[str] | None = None
    ) -> None:
        self._lines: queue.PriorityQueue[tuple[int, int, str, By]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._room = threading.Semaphore(1)
        threading.Thread(target=self._terminal, args=(stdin,), name="terminal-lines", daemon=True).start()
        threading.Thread(target=self._keyboard, args=(inbox,), name="keyboard-lines", daemon=True).start()
        if notices is not None:
            threading.Thread(target=self._notices, args=(notices,), name="kiosk-news", daemon=True).start()

    def readline(self) -> tuple[str, By]:
        """The next line and who typed it; "" when the terminal's input has ended."""
        _, _, line, by = self._lines.get()
        if by is By.KEYBOARD:
            self._room.release()
            print(f"(typed on the screen) {line.rstrip()}", file=sys.stderr, flush=True)
        return line, by

    def waiting(self, by: By) -> bool:
        """Whether a line from `by` (the kiosk's own terminal: By.TABLE) is read and waiting (for tests)."""
        with self._lines.mutex:
            return any(each is by for *_, each in self._lines.queue)

    def _terminal(self, stdin: TextIO) -> None:
        while True:
            line = stdin.readline()
            self._lines.put((0, next(self._order), line, By.TABLE))
            if not line:
                return

    def _keyboard(self, inbox: queue.Queue[str]) -> None:
        while True:
            self._room.acquire()
            self._lines.put((1, next(self._order), inbox.get() + "\n", By.KEYBOARD))

    def _notices(self, notices: queue.SimpleQueue[str]) -> None:
        while True:
            self._lines.put((0, next(self._order), notices.get() + "\n", By.KIOSK))
