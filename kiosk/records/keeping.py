"""How a front end (typed or voice) begins a night or carries one on, and keeps it in its journal.

Nothing here is said to the table as a traceback: each fault is one line through `notice`, and the night
goes on in memory when it cannot be kept (and says so).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kiosk.engine.by import By
from kiosk.engine.host import Host
from kiosk.engine.reply import Reply
from kiosk.engine.save import holds_save
from kiosk.hints import kiosk_command
from kiosk.keys import LoadedKey
from kiosk.records.carrying import CannotCarryOn, carry_on, key_for
from kiosk.records.journal import Journal
from kiosk.records.night_records import (
    KeyIdentity,
    NightOnRecord,
    find_night,
    keep_aside,
    list_nights,
    nights_folder,
    remove_night,
    unfinished,
)
from kiosk.records.nightlog import keep_save, saves_folder
from kiosk.records.storage import StorageError, UnreadableFile, clean_parts, read_small_file

Notice = Callable[[str], None]
_LOG = logging.getLogger(__name__)
CARRY_ON = kiosk_command("{command} --resume")
"""The hint to carry a night on, with the interpreter running the kiosk now (kiosk.hints)."""


@dataclass
class Keeper:
    """The night's journal, or the reason the night is not being kept; and saves kept as files."""

    journal: Journal | None
    notice: Notice
    command: str = "play"
    shown_again: Reply | None = None
    """What a night carried on says first (where it stands): the night has not moved, so it is not recorded."""
    aside: NightOnRecord | None = None
    """An unfinished night to keep aside once this new night hears its first message."""
    messages: int = 0
    over: bool = False
    saves: Path = field(default_factory=saves_folder)

    def record(self, message: str | None, reply: Reply, by: By = By.TABLE) -> Path | None:
        """Keep one turn before it is shown; return where a save block the table asked for was kept."""
        self.over = self.over or reply.over
        if reply is not self.shown_again:
            self._journal(message, reply, by)
        if reply is self.shown_again or not reply.save_block:
            return None
        try:
            return keep_save(reply.save_block, self.saves)
        except StorageError as error:
            self.notice(f"The save block could not be kept as a file: {error}. Copy it from the screen.")
            return None

    def _journal(self, message: str | None, reply: Reply, by: By) -> None:
        if message is not None:
            self.messages += 1
            self._keep_aside()
        if self.journal is None:
            return
        trouble, lost = self.journal.trouble, self.journal.lost
        self.journal.record(message, reply, by)
        if lost is None and self.journal.lost is not None:
            self.notice(lost_notice(self.journal))
        elif lost is not None and self.journal.lost is None:
            where = "on the data disk" if self.journal.trouble is None else f"in {self.journal.fallback}"
            self.notice(f"The night is kept again: every turn so far is written {where}.")
        elif trouble is None and self.journal.trouble is not None:
            self.notice(fallback_notice(self.journal))
        elif trouble is not None and self.journal.trouble is None:
            self.notice("The data disk takes the night again: every turn is kept there once more.")

    def _keep_aside(self) -> None:
        if self.aside is None:
            return
        record, self.aside = self.aside, None
        try:
            kept = keep_aside(record)
        except StorageError as error:
            self.notice(f"The unfinished night {record.name} stays where it was: {error}.")
            return
        _LOG.info(
            "The unfinished night is kept aside as %s: %s lists it.", kept.stem, kiosk_command("nights")
        )

    @property
    def kept(self) -> bool:
        return self.journal is not None and self.journal.lost is None

    @property
    def farewell_is_trouble(self) -> bool:
        """Whether the farewell tells of a night not safely kept, which a log shows as a warning."""
        return (
            bool(self.messages)
            and not self.over
            and (self.journal is None or self.journal.lost is not None or self.journal.trouble is not None)
        )

    def farewell(self) -> str:
        """The line said when the kiosk stops: how to carry the night on, or why it cannot be."""
        if self.over or not self.messages:
            return "Goodbye."
        if self.journal is None or self.journal.lost is not None:
            return "Goodbye. This night was not kept on the device; a save block shown on screen can carry it on."
        if self.journal.trouble is not None:
            return (
                f"Goodbye. The night is kept in {self.journal.fallback} until the data disk can take it (it is "
                f"lost if the power goes): to carry it on, start the kiosk with {CARRY_ON.format(command=self.command)}"
            )
        return f"Goodbye. The night is kept: to carry it on, start the kiosk with {CARRY_ON.format(command=self.command)}"

    def close(self) -> None:
        """Close the journal; a night that never heard a message leaves nothing behind."""
        if self.journal is None:
            return
        if not self.messages and not self.shown_again:
            # An empty journal left behind is skipped when nights are read: nothing to tell the table.
            with contextlib.suppress(OSError):
                self.journal.discard()
        self.journal.close()
        self.journal = None


@dataclass(frozen=True)
class Started:
    host: Host
    keeper: Keeper
    first: Reply
    """The opening, or where a night carried on stands (the open question read again, or whose pick it is)."""


class Refused(Exception):
    """The kiosk should not start as asked; the message is one line saying why and what to do."""


def _tidy(folder: Path) -> None:
    """Remove what a kiosk stopped by a pulled plug leaves behind: temporary files, and journals of nights
    that never heard a message (unlocked, so no kiosk is playing them; whole, so no message is hidden
    behind damage)."""
    for place in (folder, folder / "aside", saves_folder()):
        clean_parts(place)
    for night in list_nights(folder).kept:
        if not night.messages and not night.in_use and night.damaged_at is None:
            with contextlib.suppress(StorageError):
                remove_night(night)


def begin(loaded: LoadedKey, *, voice: bool, notice: Notice, command: str = "play") -> Started:
    """A new night on the loaded key, journalled when the device allows; an unfinished night is said."""
    host = Host(loaded.key, source=loaded.source, voice=voice)
    keeper = Keeper(None, notice, command)
    first = host.opening()
    if loaded.key is None:
        return Started(host, keeper, first)
    folder = nights_folder()
    _tidy(folder)
    waiting = unfinished(folder)
    if waiting is not None:
        notice(
            f"An unfinished night is kept ({waiting.describe()}). To carry it on, stop this kiosk and start "
            f"it with {CARRY_ON.format(command=command)}. If this new night begins, that one is kept aside."
        )
        keeper.aside = waiting
    keeper.journal = Journal.begin(KeyIdentity.of(loaded), folder, voice=voice, held=True)
    if keeper.journal.lost is not None:
        notice(lost_notice(keeper.journal))
    elif keeper.journal.trouble is not None:
        notice(fallback_notice(keeper.journal))
    return Started(host, keeper, first)


def lost_notice(journal: Journal) -> str:
    """The one line said when neither the data disk nor the runtime folder can take the night."""
    return (
        f"This night is not being kept now: {journal.lost}. It goes on here, in memory, and is written as "
        "soon as the data disk or the runtime folder can take it."
    )


def fallback_notice(journal: Journal) -> str:
    """The one line said when the data disk stops taking the night's turns."""
    return (
        f"The data disk cannot keep the night now: {journal.trouble}. Until it can, each turn is kept in "
        f"{journal.fallback}, and goes back to the data disk as soon as it has room."
    )


def resume(
    name: str, explicit: LoadedKey | None, *, voice: bool, notice: Notice, command: str = "play"
) -> Started:
    """Carry on the night named (or the last unfinished one) on the key it was played on; Refused if not."""
    folder = nights_folder()
    _tidy(folder)
    record = find_night(name, folder) if name else unfinished(folder)
    if record is None:
        for damaged in list_nights(folder).damaged:
            notice(
                f"A kept journal cannot be read: {damaged.reason}. Remove it: {kiosk_command('nights remove')} {damaged.path.stem}"
            )
        if name:
            raise Refused(f"No night named {name} is kept: {kiosk_command('nights')} lists the nights kept.")
        raise Refused(
            "No night to resume: no unfinished night is kept. Start without --resume for a new night."
        )
    if voice and not record.voice:
        raise Refused(
            f"The night {record.name} was played by typing: carry it on with {CARRY_ON.format(command='play')}"
        )
    loaded = explicit if explicit is not None else key_for(record)
    try:
        host, journal, _ = carry_on(record, loaded)
    except CannotCarryOn as error:
        raise Refused(
            f"The night {record.name} cannot be carried on: {error}. Nothing was changed."
        ) from error
    except StorageError as error:
        raise Refused(
            f"The night {record.name} cannot be carried on here: {error}. Nothing was changed."
        ) from error
    journal.held = True  # from here on, a turn neither place can take waits in memory for the next try
    _LOG.info("Carrying on the night %s (%s).", record.name, record.describe())  # as asked: nothing is wrong
    if journal.trouble is not None:
        notice(fallback_notice(journal))
    elif record.home is not None:
        notice(
            f"It was held in {record.path} while the data disk was full or read-only; it is whole there again."
        )
    if record.damaged_at is not None:
        notice(
            f"Its journal is damaged from line {record.damaged_at}, so it carries on from the last turn before "
            f"that; the damaged journal is kept aside, and the night goes on in {journal.path.stem}."
        )
    # The table hears where the night stands (the open question read again, or whose pick it is), not only
    # the last reply; it is said, never journalled, since the night has not moved.
    again = host.carry_on()
    keeper = Keeper(journal, notice, command, shown_again=again, messages=len(record.messages))
    return Started(host, keeper, again)


SAVE_FILE_LIMIT = 64 * 1024
"""A save block is under 1 KB; a file kept for one (with a note or a chat pasted around it) stays far below."""


def read_save_file(path: Path) -> str:
    """The text of a save kept in a file, any bytes read; Refused with one line if it holds no save."""
    try:
        data = read_small_file(
            path, SAVE_FILE_LIMIT, "a save file", give="give the file the save block was kept in",
            usual="a save block is under 1 KB",
        )  # fmt: skip
    except UnreadableFile as error:
        raise Refused(f"Cannot read the save: {error}.") from error
    text = data.decode("utf-8", errors="replace")
    if not holds_save(text):
        raise Refused(f"{path} holds no save block (it should begin -----BEGIN AIGC SAVE-----).")
    return text
