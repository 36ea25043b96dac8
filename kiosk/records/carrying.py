"""Carrying a night on: a night is a fold over its messages, so it is replayed through a fresh Host on the
key it was played on, checked turn by turn against what the table saw, and journalled on in the same file
(or, where the data disk cannot take it, in its fallback until it can).

    host, journal, last = carry_on(record, key_for(record))   # CannotCarryOn(reason) for another key
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import NamedTuple

from kiosk.engine.host import Host, KeySource
from kiosk.engine.reply import Reply
from kiosk.keys import LoadedKey, load_file, load_practice
from kiosk.records.journal import Journal
from kiosk.records.kept_turn import KeptTurn
from kiosk.records.night_records import NightOnRecord, keep_aside
from kiosk.records.storage import StorageError


class CannotCarryOn(Exception):
    """The night cannot carry on as asked; the message says why in one line. Nothing was changed."""


def key_for(record: NightOnRecord) -> LoadedKey:
    """The key the night was played on, loaded again from where it was (the sealed key: as kept)."""
    if record.key.source == KeySource.SEALED.value:
        from kiosk.keystore import load_for_night

        return load_for_night()
    if record.key.source == KeySource.FILE.value and record.key.path:
        return load_file(Path(record.key.path))
    return load_practice()


class ResumedJournal(NamedTuple):
    """A night carried on from its journal: the host replayed to where it stood, and the journal reopened."""

    host: Host
    journal: Journal
    last: Reply
    """The last reply the table had, as the journal keeps it."""


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


def fold_night(record: NightOnRecord, loaded: LoadedKey) -> tuple[Host, list[Reply]]:
    """A fresh Host on the key, folded over the night's messages: its opening and every reply."""
    assert loaded.key is not None
    host = Host(loaded.key, source=loaded.source, voice=record.voice)
    replies = [host.opening()]
    replies += [host.hear(message, by) for message, by in record.sent]
    return host, replies


def first_difference(record: NightOnRecord, replies: list[Reply]) -> int | None:
    """The index of the first kept turn the replay does not give, field for field, else None."""
    for index, (turn, reply) in enumerate(zip(record.turns, replies, strict=False)):
        if turn != KeptTurn.of(turn.message, reply, turn.by):  # its text, "over" flag, ledger and sender
            return index
    return None


def carry_on(record: NightOnRecord, loaded: LoadedKey) -> ResumedJournal:
    """Replay the night on its own key through a fresh Host and keep journalling it in the same file."""
    if record.in_use:
        raise CannotCarryOn(f"{record.name} is being played on another kiosk right now")
    if record.over:
        raise CannotCarryOn(f"{record.name} is over; its RESULT line stands")
    check_key(record, loaded)
    host, replies = fold_night(record, loaded)
    differs = first_difference(record, replies)
    if differs is not None:
        raise CannotCarryOn(
            f"replaying it gives a different reply at turn {differs} than the table was given, "
            "so it cannot be carried on faithfully"
        )
    if record.damaged_at is None:
        try:
            journal = Journal.reopen(record)
        except BlockingIOError as error:
            raise CannotCarryOn(f"{record.name} is being played on another kiosk right now") from error
    else:
        journal = _clean_copy(record, replies)
    return ResumedJournal(host, journal, replies[-1])


def _clean_copy(record: NightOnRecord, replies: list[Reply]) -> Journal:
    """A damaged night goes on in a new journal of what could be read; the damaged file is then kept aside
    whole. A copy the disk cannot finish is removed and the damaged file stays: --resume must never find a
    night shorter than the one the table saw."""
    journal = Journal.begin(record.key, record.belongs.parent, voice=record.voice)
    try:
        for turn, reply in zip(record.turns, replies, strict=True):
            journal.record(turn.message, reply, turn.by)
        keep_aside(record)
    except StorageError:
        with contextlib.suppress(StorageError):
            journal.discard()
        raise
    return journal
