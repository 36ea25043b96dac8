"""The appliance's conversation: from power-on, one night after another, never over.

    power-on --ready, which key--> OFFER (an unfinished night: carry on, or new night)
                               \\-> NIGHT (a host on the key held) --RESULT, closing words--> AFTER
                               \\-> NO_KEY (the Rule 2 line: practice night, or try again)
    OFFER --carry on--> NIGHT (the kept save sent to a new host)    OFFER --new night--> NIGHT
    AFTER --new night--> NIGHT                                      NO_KEY --practice night--> NIGHT

A session shows the same face as a host (`opening()`, `hear()`, `night`, `key`), so the typed loop and the
voice loop drive it as they drive a night; unlike a host it never replies `over`. Each night is logged on
its own journal (kiosk.records.journal), every turn kept before it is shown, so that a kiosk that loses power
can carry the night on exactly where it stood.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from datetime import date, datetime, timezone
from pathlib import Path

from kiosk.appliance import words
from kiosk.appliance.words import Choice
from kiosk.engine.by import By
from kiosk.engine.host import Host, KeySource, Night, Phase
from kiosk.engine.ledger import Ledger
from kiosk.engine.listening import Expectation
from kiosk.engine.reply import Line, Reply
from kiosk.engine.said import Remark, Said
from kiosk.keychoice import Holding
from kiosk.keys import LoadedKey, load_practice
from kiosk.records.keeping import Keeper, Notice, Refused, Started, begin, resume
from kiosk.records.night_records import NightOnRecord, nights_folder, unfinished


class Stage(enum.Enum):
    OFFER = "offer"
    """An unfinished night was found: carry it on, or begin a new one."""
    NIGHT = "night"
    NO_KEY = "no key"
    """No key to play (the Rule 2 line was said): a practice night, or try the key again."""
    AFTER = "after"
    """A night has ended; another is offered."""


BETWEEN_NIGHTS = Expectation(phase=Phase.OVER, teams=(), read_back=False, closed=False)
"""No night in play: a voice loop listens with every word (carry on, new night, practice night, help)."""


KeyChoice = Callable[[], Holding]
"""Loads the key the settings name; called at power-on and again on "try again"."""


def began_at(record: NightOnRecord) -> datetime:
    """When a night on record began, in local time (the journal keeps UTC)."""
    try:
        moment = datetime.strptime(record.began, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except ValueError:
        moment = datetime.fromtimestamp(record.path.stat().st_mtime, timezone.utc)
    return moment.astimezone()


class Session:
    """Build it on a key choice and a notice line (where one-line faults go), take `opening()` at
    power-on, then `hear()` each message, for as long as the kiosk runs."""

    def __init__(
        self,
        keys: KeyChoice,
        notice: Notice,
        *,
        voice: bool = False,
        today: Callable[[], date] = date.today,
        on_night: Callable[[], None] | None = None,
        announce: str = "",
    ) -> None:
        self._keys = keys
        self._notice = notice
        self.voice = voice
        self._today = today
        self._announce = announce
        """Said at power-on after which key the kiosk holds, and printed in the log, but never shown on the
        table screen: where the screen is and how to pair a phone."""
        self._on_night = on_night
        """Called as each night begins or is carried on, before its first reply (a screen clears its board)."""
        self.stage = Stage.NO_KEY
        self._holding = Holding(LoadedKey(None, KeySource.PRACTICE), "")
        self._practice = load_practice()
        self._host = Host(None, voice=voice)
        self._keeper: Keeper | None = None
        self._unfinished: NightOnRecord | None = None

    # --- the face a table loop drives (kiosk.table.Face) ---------------------------------------------------

    def listening_for(self) -> Expectation:
        """What the table is expected to say next: the night's own answer during a night; between nights,
        any words (carry on, new night, practice night, help)."""
        return self._host.listening_for() if self.stage is Stage.NIGHT else BETWEEN_NIGHTS

    def ledger(self) -> Ledger:
        return self._host.ledger()

    @property
    def night(self) -> Night | None:
        """The night in play; None between nights."""
        return self._host.night if self.stage is Stage.NIGHT else None

    def set_voice(self, voice: bool) -> None:
        """A voice loop starting: the table plays by voice, in this night and every night after it."""
        self.voice = voice
        self._host.set_voice(voice)

    def opening(self) -> Reply:
        """Power-on: ready, which key it holds (and where the screen is), then an unfinished night offered,
        or the night's opening."""
        self._holding = self._keys()
        ready: list[Said] = [Remark.of(words.READY, *([self._holding.line] if self._holding.line else []))]
        if self._announce:
            ready.append(Remark.of(Line(self._announce, private=True)))
        return self._after_key(ready)

    def hear(self, message: str, by: By = By.TABLE) -> Reply:
        if self.stage is Stage.NIGHT:
            return self._night_turn(message, by)
        choice = words.choice_of(message)
        if self.stage is Stage.OFFER:
            return self._hear_offer(choice)
        if self.stage is Stage.NO_KEY:
            return self._hear_no_key(choice)
        return self._hear_after(choice)

    def journal_path(self) -> Path | None:
        """The journal of the night in play, while it is kept; None between nights."""
        if self.stage is not Stage.NIGHT or self._keeper is None or self._keeper.journal is None:
            return None
        return self._keeper.journal.path

    def close(self) -> None:
        if self._keeper is not None:
            self._keeper.close()
            self._keeper = None

    @property
    def _command(self) -> str:
        """The command that carries a night of this kind on by hand, for the notices' advice."""
        return "voice" if self.voice else "play"

    # --- between nights ----------------------------------------------------------------------------------

    def _after_key(self, lines: Sequence[str | Said]) -> Reply:
        loaded = self._holding.loaded
        if loaded.key is None:
            self.stage = Stage.NO_KEY
            self._host = Host(None, source=loaded.source, voice=self.voice)
            return self._reply([*lines, *self._host.opening().said, words.NO_KEY_CHOICES])
        self._unfinished = unfinished(nights_folder())
        if self._unfinished is None or (self.voice and not self._unfinished.voice):
            return self._new_night(lines)  # a typed night is carried on at a keyboard; it is kept aside
        self.stage = Stage.OFFER
        self._host = Host(loaded.key, source=loaded.source, voice=self.voice)
        night = self._unfinished
        return self._reply([*lines, words.offer_unfinished(began_at(night), night.played, self._today())])

    def _hear_offer(self, choice: Choice | None) -> Reply:
        assert self._unfinished is not None
        if choice is Choice.CARRY_ON:
            return self._carry_on()
        if choice is Choice.NEW_NIGHT:
            return self._new_night([words.NIGHT_SET_ASIDE])
        if choice is Choice.HELP:
            return self._reply([words.help_line((Choice.CARRY_ON, Choice.NEW_NIGHT))])
        return self._reply([words.CARRY_ON_OR_NEW])

    def _hear_no_key(self, choice: Choice | None) -> Reply:
        if choice is Choice.PRACTICE:
            self._holding = Holding(self._practice, words.HOLDS_PRACTICE)
            return self._after_key([])
        if choice is Choice.TRY_AGAIN:
            self._holding = self._keys()
            return self._after_key([self._holding.line] if self._holding.line else [])
        if choice is Choice.HELP:
            return self._reply([words.help_line((Choice.PRACTICE, Choice.TRY_AGAIN))])
        return self._reply([words.NO_KEY_CHOICES])

    def _hear_after(self, choice: Choice | None) -> Reply:
        if choice in (Choice.NEW_NIGHT, Choice.TRY_AGAIN):
            return self._new_night([])
        if choice is Choice.HELP:
            return self._reply([words.AFTER_NIGHT_HELP])
        return self._reply([words.ANOTHER_NIGHT])

    # --- a night -----------------------------------------------------------------------------------------

    def _take(self, started: Started) -> Reply:
        self.close()
        if self._on_night is not None:
            self._on_night()
        self.stage = Stage.NIGHT
        self._host, self._keeper = started.host, started.keeper
        return started.first

    def _new_night(self, lines: Sequence[str | Said]) -> Reply:
        """A new night on the key held; an unfinished night still waiting is kept aside at its first message."""
        loaded = self._holding.loaded
        opening = self._take(begin(loaded, voice=self.voice, notice=self._notice, command=self._command))
        self._record(None, opening)
        return self._reply([*lines, *opening.said])

    def _carry_on(self) -> Reply:
        """The unfinished night replayed on its own key; the table hears where it stands."""
        try:
            started = resume("", None, voice=self.voice, notice=self._notice, command=self._command)
        except Refused as error:
            return self._reply([str(error), words.NEW_NIGHT_ONLY])
        last = self._take(started)
        return Reply((Remark.of(words.CARRYING_ON), *last.said), last.ledger, last.save_block, over=False)

    def _night_turn(self, message: str, by: By) -> Reply:
        reply = self._host.hear(message, by)
        kept = self._record(message, reply, by)
        extra: list[Said] = []
        if kept is not None:
            extra.append(Remark.of(Line(f"(The save is also kept in {kept}.)", spoken=False)))
        if reply.over:
            self.close()
            self.stage = Stage.AFTER
            extra.append(Remark.of(words.ANOTHER_NIGHT))
        return Reply((*reply.said, *extra), reply.ledger, reply.save_block, over=False)

    def _record(self, message: str | None, reply: Reply, by: By = By.TABLE) -> Path | None:
        """Keep the turn in the night's journal before it is shown; where a save asked for was kept."""
        return self._keeper.record(message, reply, by) if self._keeper is not None else None

    def _reply(self, parts: Sequence[str | Said]) -> Reply:
        """A reply of the session's own words (each a remark) and any parts of a night's replies."""
        said = tuple(Remark.of(part) if isinstance(part, str) else part for part in parts)
        return Reply(said, self._host.ledger())
