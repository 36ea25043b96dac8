"""The journal of a night: every message heard and every reply, made durable before the reply is shown or
spoken, with the identity of the key it was played on. A night is a fold over its messages, so carrying a
night on is replaying its journal through a fresh Host: the open question, locked answers, read-backs,
fixes and Candle-End years all come back exactly as they stood.

The API, for every front end (typed, voice, appliance)::

    journal = Journal.begin(KeyIdentity.of(loaded), folder, voice=False)   # a new night, its own file
    journal.record(None, host.opening())       # the opening; then, for each message, BEFORE showing it:
    journal.record(message, reply)             # appended and fsynced; raises StorageError (one line)
    journal.close()

    record = unfinished(folder)                # NightOnRecord | None: the last night not over, not aside
    record.describe()                          # when, which key, teams, "3 of 25 questions played"
    host, journal, last = carry_on(record, key_for(record))   # CannotCarryOn(reason) for another key
    keep_aside(record)                         # a new night begins; the old one stays kept and listed
    nights = list_nights(folder)               # Nights(kept=(NightOnRecord, ...), damaged=(Damaged, ...))
    remove(path)                               # a night no longer wanted

Errors, each one line for the person at the kiosk::

    StorageError (kiosk.records.storage)   the journal cannot be written: the night goes on in memory, not kept
    CannotCarryOn                  another or changed key, a night in use elsewhere, a replay that differs
    DamagedJournal                 a journal that is empty or does not begin as a journal

Reading journals back (NightOnRecord, list_nights, unfinished, keep_aside, remove) lives in
kiosk/records/night_records.py, and StorageError in kiosk/records/storage.py: import each from there.

A journal is JSON Lines (ASCII, so any bytes a player typed survive): a header line, then one line per
turn. Each kiosk writes its own file (time, process and a random part in the name, created exclusively),
holds an advisory lock on it while the night is played, and fsyncs each line. A line cut short by a pulled
plug is a reply that was never shown; it is dropped when the night is read.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
import time
from pathlib import Path
from typing import NamedTuple

from kiosk.engine.host import Host, KeySource
from kiosk.engine.reply import Reply
from kiosk.keys import LoadedKey, load_file, load_practice
from kiosk.records.kept_turn import KeptTurn
from kiosk.records.night_records import FORMAT, KeyIdentity, NightOnRecord, keep_aside, nights_folder
from kiosk.records.storage import StorageError, describe, fsync_folder, make_folder


class CannotCarryOn(Exception):
    """The night cannot carry on as asked; the message says why in one line. Nothing was changed."""


class Journal:
    """The open journal of the night being played: append-only, each line fsynced before it returns."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def begin(
        cls, key: KeyIdentity, folder: Path | None = None, *, voice: bool = False, now: float | None = None
    ) -> Journal:
        """A new night's journal in its own new file; StorageError (one line) if it cannot be kept."""
        folder = folder or nights_folder()
        make_folder(folder)
        moment = time.gmtime(now)
        name = f"night-{time.strftime('%Y%m%d-%H%M%S', moment)}-{os.getpid()}-{secrets.token_hex(3)}.jsonl"
        path = folder / name
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o644)
        except OSError as error:
            raise StorageError(describe(error, folder)) from error
        journal = cls(path, fd)
        with contextlib.suppress(OSError):  # a filesystem without locks: the lock is only advisory
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        began = time.strftime("%Y-%m-%dT%H:%M:%SZ", moment)
        try:
            journal._append({"journal": FORMAT, "began": began, "key": key.as_json(), "voice": voice})
            fsync_folder(folder)
        except (OSError, StorageError) as error:
            journal.close()
            with contextlib.suppress(OSError):  # a journal without its header would only be damage to report
                path.unlink()
            if isinstance(error, StorageError):
                raise
            raise StorageError(describe(error, folder)) from error
        return journal

    def record(self, message: str | None, reply: Reply) -> None:
        """One turn, made durable before the reply is shown: the message (None for the opening) and reply."""
        self._append(KeptTurn.of(message, reply).as_json())

    def _append(self, entry: dict[str, object]) -> None:
        line = (json.dumps(entry, ensure_ascii=True) + "\n").encode("ascii")
        try:
            written = os.write(self._fd, line)
            if written != len(line):  # a short write: the disk filled up mid-line
                raise OSError(28, "No space left on device", str(self.path))
            os.fdatasync(self._fd)
        except OSError as error:
            raise StorageError(describe(error, self.path)) from error

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def key_for(record: NightOnRecord) -> LoadedKey:
    """The key the night was played on, loaded again from where it was (the sealed key: as kept)."""
    if record.key.source == KeySource.SEALED.value:
        from kiosk.keystore import load_for_night

        return load_for_night()
    if record.key.source == KeySource.FILE.value and record.key.path:
        return load_file(Path(record.key.path))
    return load_practice()


class CarriedOn(NamedTuple):
    host: Host
    journal: Journal
    last: Reply
    """The last reply the table had: show or say it again, so everyone knows where the night stands."""


def check_key(record: NightOnRecord, loaded: LoadedKey) -> None:
    """CannotCarryOn unless the loaded key is the very key the night was played on."""
    if loaded.key is None:
        raise CannotCarryOn(f"the key it was played on cannot be loaded: {loaded.problem}")
    if loaded.source.value != record.key.source:
        option = record.key.option() or "neither --key nor --sealed"
        raise CannotCarryOn(f"it was played on {record.key.describe()}: carry it on with {option}")
    if loaded.key.sha256 != record.key.sha256:
        raise CannotCarryOn(
            f"it was played on {record.key.describe()}, and the key given now has SHA-256 "
            f"{loaded.key.sha256[:16]}…: a different or changed key cannot rule the rest of that night"
        )


def replay(record: NightOnRecord, loaded: LoadedKey) -> tuple[Host, list[Reply]]:
    """A fresh Host on the key, folded over the night's messages: its opening and every reply."""
    assert loaded.key is not None
    host = Host(loaded.key, source=loaded.source, voice=record.voice)
    replies = [host.opening()]
    replies += [host.hear(message) for message in record.messages]
    return host, replies


def first_difference(record: NightOnRecord, replies: list[Reply]) -> int | None:
    """The index of the first kept turn the replay does not give, field for field, else None."""
    for index, (turn, reply) in enumerate(zip(record.turns, replies, strict=False)):
        if turn != KeptTurn.of(turn.message, reply):  # its text, its "over" flag and its ledger value
            return index
    return None


def carry_on(record: NightOnRecord, loaded: LoadedKey) -> CarriedOn:
    """Replay the night on its own key through a fresh Host and keep journalling it in the same file."""
    if record.in_use:
        raise CannotCarryOn(f"{record.name} is being played on another kiosk right now")
    if record.over:
        raise CannotCarryOn(f"{record.name} is over; its RESULT line stands")
    check_key(record, loaded)
    host, replies = replay(record, loaded)
    differs = first_difference(record, replies)
    if differs is not None:
        raise CannotCarryOn(
            f"replaying it gives a different reply at turn {differs} than the table was given, "
            "so it cannot be carried on faithfully"
        )
    journal = _reopen(record) if record.damaged_at is None else _clean_copy(record, replies)
    return CarriedOn(host, journal, replies[-1])


def _clean_copy(record: NightOnRecord, replies: list[Reply]) -> Journal:
    """A damaged night goes on in a new journal of what could be read; the damaged file is then kept aside
    whole. A copy the disk cannot finish is removed and the damaged file stays: --resume must never find a
    night shorter than the one the table saw."""
    journal = Journal.begin(record.key, record.path.parent, voice=record.voice)
    try:
        for message, reply in zip((None, *record.messages), replies, strict=True):
            journal.record(message, reply)
        keep_aside(record)
    except StorageError:
        journal.close()
        with contextlib.suppress(OSError):
            journal.path.unlink()
        raise
    return journal


def _reopen(record: NightOnRecord) -> Journal:
    try:
        fd = os.open(record.path, os.O_WRONLY | os.O_APPEND)
    except OSError as error:
        raise StorageError(describe(error, record.path)) from error
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError as error:
        os.close(fd)
        raise CannotCarryOn(f"{record.name} is being played on another kiosk right now") from error
    try:
        os.ftruncate(fd, record.kept_bytes)  # a line cut short by the plug: its reply was never shown
        os.fsync(fd)
    except OSError as error:
        os.close(fd)
        raise StorageError(describe(error, record.path)) from error
    return Journal(record.path, fd)
