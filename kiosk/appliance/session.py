"""The appliance's conversation: from power-on, one night after another, never over.

    power-on --ready, which key--> OFFER (an unfinished night: carry on, or new night)
                               \\-> NIGHT (a host on the key held) --RESULT, closing words--> AFTER
                               \\-> NO_KEY (the Rule 2 line: practice night, or try again)
    OFFER --carry on--> NIGHT (the kept save sent to a new host)    OFFER --new night--> NIGHT
    AFTER --new night--> NIGHT                                      NO_KEY --practice night--> NIGHT

A session shows the same face as a host (`opening()`, `hear()`, `night`, `key`), so the typed loop and the
voice loop drive it as they drive a night; unlike a host it never replies `over`. Each night is logged on
its own, and kept between questions so that a kiosk that loses power can carry it on.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from kiosk.appliance import words
from kiosk.appliance.unfinished import Shelf, Unfinished
from kiosk.appliance.words import Intent
from kiosk.engine.host import Host, KeySource, Night, Phase
from kiosk.engine.key import Key
from kiosk.engine.reply import Line, Reply
from kiosk.keys import LoadedKey, load_practice
from kiosk.nightlog import NightLog


class Stage(enum.Enum):
    OFFER = "offer"
    """An unfinished night was found: carry it on, or begin a new one."""
    NIGHT = "night"
    NO_KEY = "no key"
    """No key to play (the Rule 2 line was said): a practice night, or try the key again."""
    AFTER = "after"
    """A night has ended; another is offered."""


@dataclass(frozen=True)
class Holding:
    """The key the kiosk holds, and the sentence that says which (empty when there is none to say)."""

    loaded: LoadedKey
    line: str


KeyChoice = Callable[[], Holding]
"""Loads the key the settings name; called at power-on and again on "try again"."""
Journal = Callable[[LoadedKey], NightLog]
"""Opens the log of a new night on a key."""


class Session:
    def __init__(
        self,
        keys: KeyChoice,
        shelf: Shelf,
        journal: Journal | None,
        *,
        voice: bool = False,
        today: Callable[[], date] = date.today,
    ) -> None:
        self._keys = keys
        self._shelf = shelf
        self._journal = journal
        self.voice = voice
        self._today = today
        self.stage = Stage.NO_KEY
        self._holding = Holding(LoadedKey(None, KeySource.PRACTICE), "")
        self._practice = load_practice()
        self._host = Host(None, voice=voice)
        self._log: NightLog | None = None
        self._unfinished: Unfinished | None = None
        self._between = Night(phase=Phase.OVER, voice=voice)
        """What a voice loop sees between nights: no night in play, so it listens with every word."""

    # --- the face a table loop drives --------------------------------------------------------------------

    @property
    def night(self) -> Night:
        return self._host.night if self.stage is Stage.NIGHT else self._between

    @property
    def key(self) -> Key | None:
        """The key of the night in hand. With no key to play, the practice key the kiosk offers instead:
        an appliance always has a night to offer, so a loop driving it never stops for want of a key."""
        return self._host.key or self._practice.key

    def resumable_save(self) -> str | None:
        return self._host.resumable_save() if self.stage is Stage.NIGHT else None

    def opening(self) -> Reply:
        """Power-on: ready, which key it holds, then an unfinished night offered, or the night's opening."""
        self._holding = self._keys()
        lines = [words.READY]
        if self._holding.line:
            lines.append(self._holding.line)
        return self._after_key(lines)

    def hear(self, message: str) -> Reply:
        if self.stage is Stage.NIGHT:
            return self._night_turn(message)
        intent = words.intent_of(message)
        if self.stage is Stage.OFFER:
            return self._hear_offer(intent)
        if self.stage is Stage.NO_KEY:
            return self._hear_no_key(intent)
        return self._hear_after(intent)

    def close(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None

    # --- between nights ----------------------------------------------------------------------------------

    def _after_key(self, lines: Sequence[str | Line]) -> Reply:
        loaded = self._holding.loaded
        if loaded.key is None:
            self.stage = Stage.NO_KEY
            self._host = Host(None, source=loaded.source, voice=self.voice)
            return self._reply([*lines, *self._host.opening().lines, words.NO_KEY_CHOICES])
        self._unfinished = self._shelf.unfinished()
        if self._unfinished is None:
            return self._new_night(lines)
        self.stage = Stage.OFFER
        self._host = Host(loaded.key, source=loaded.source, voice=self.voice)
        night = self._unfinished
        return self._reply([*lines, words.offer_unfinished(night.left_at, night.played, self._today())])

    def _hear_offer(self, intent: Intent | None) -> Reply:
        assert self._unfinished is not None
        if intent is Intent.CARRY_ON:
            return self._carry_on(self._unfinished)
        if intent is Intent.NEW_NIGHT:
            self._shelf.keep_aside(self._unfinished)
            return self._new_night([words.NIGHT_SET_ASIDE])
        if intent is Intent.HELP:
            return self._reply([words.help_line((Intent.CARRY_ON, Intent.NEW_NIGHT))])
        return self._reply([words.CARRY_ON_OR_NEW])

    def _hear_no_key(self, intent: Intent | None) -> Reply:
        if intent is Intent.PRACTICE:
            self._holding = Holding(self._practice, words.HOLDS_PRACTICE)
            return self._after_key([])
        if intent is Intent.TRY_AGAIN:
            self._holding = self._keys()
            return self._after_key([self._holding.line] if self._holding.line else [])
        if intent is Intent.HELP:
            return self._reply([words.help_line((Intent.PRACTICE, Intent.TRY_AGAIN))])
        return self._reply([words.NO_KEY_CHOICES])

    def _hear_after(self, intent: Intent | None) -> Reply:
        if intent in (Intent.NEW_NIGHT, Intent.TRY_AGAIN):
            return self._new_night([])
        if intent is Intent.HELP:
            return self._reply([words.help_line((Intent.NEW_NIGHT,))])
        return self._reply([words.ANOTHER_NIGHT])

    # --- a night -----------------------------------------------------------------------------------------

    def _begin(self) -> Host:
        loaded = self._holding.loaded
        self.close()
        self.stage = Stage.NIGHT
        self._host = Host(loaded.key, source=loaded.source, voice=self.voice)
        self._log = self._journal(loaded) if self._journal else None
        return self._host

    def _new_night(self, lines: Sequence[str | Line]) -> Reply:
        opening = self._begin().opening()
        self._record(None, opening)
        return self._reply([*lines, *opening.lines])

    def _carry_on(self, night: Unfinished) -> Reply:
        """The kept save, sent to a new host as the table would send it before the first question."""
        host = self._begin()
        self._record(None, host.opening())
        return self._night_turn(night.save)

    def _night_turn(self, message: str) -> Reply:
        reply = self._host.hear(message)
        kept = self._record(message, reply)
        extra: list[Line] = []
        if kept is not None:
            extra.append(Line(f"(The save is also kept in {kept}.)", spoken=False))
        if reply.over:
            self.close()
            self.stage = Stage.AFTER
            extra.append(Line(words.ANOTHER_NIGHT))
        return Reply(reply.lines + tuple(extra), reply.ledger, reply.save_block, over=False)

    def _record(self, message: str | None, reply: Reply) -> Path | None:
        if self._log is None:
            return None
        return self._log.record(message, reply, self._host.resumable_save())

    def _reply(self, lines: Sequence[str | Line]) -> Reply:
        built = tuple(line if isinstance(line, Line) else Line(line) for line in lines)
        return Reply(built, self._host.ledger().format())
