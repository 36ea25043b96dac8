"""`python -m kiosk verify NIGHT [--key FILE]`: anyone can check a kept night after it is over.

The journal holds every message and every reply; the night is a fold over its messages, so replaying them
on the revealed key through a fresh Host must give every reply again, word for word, and the same RESULT
line. Verification names the first reply that does not follow, or confirms them all.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TextIO

from kiosk.engine.host import KeySource
from kiosk.engine.said import Finale
from kiosk.hints import kiosk_command
from kiosk.keys import LoadedKey, from_bytes, load_file, load_practice
from kiosk.keystore import KeyStore, TamperedKey
from kiosk.records.carrying import first_difference, fold_night
from kiosk.records.kept_turn import KeptTurn, ledger_as_json
from kiosk.records.night_records import DamagedJournal, NightOnRecord, find_night, read_night


def _apart(kept: KeptTurn, replayed: KeptTurn) -> tuple[str, str]:
    """What the journal holds and what the key gives, at the first field of a turn where they part."""
    theirs, ours = kept.reply.split("\n"), replayed.reply.split("\n")
    for index in range(max(len(theirs), len(ours))):
        a = theirs[index] if index < len(theirs) else "(nothing)"
        b = ours[index] if index < len(ours) else "(nothing)"
        if a != b:
            return a, b
    if kept.over != replayed.over:
        return f'"over": {str(kept.over).lower()}', f'"over": {str(replayed.over).lower()}'
    theirs_value = "(none)" if kept.ledger is None else json.dumps(ledger_as_json(kept.ledger))
    assert replayed.ledger is not None
    return f"ledger {theirs_value}", f"ledger {json.dumps(ledger_as_json(replayed.ledger))}"


def _key_problem(record: NightOnRecord, loaded: LoadedKey, key_name: str) -> str | None:
    if loaded.key is None:
        return f"{key_name} cannot be played: {loaded.problem}"
    digest = loaded.key.sha256
    if record.key.notice and not digest.startswith(record.key.notice):
        return (
            f"{key_name} is not the sealed key the night stated: its SHA-256 {digest} does not "
            f"begin with the notice's commitment {record.key.notice}"
        )
    if digest != record.key.sha256:
        return f"{key_name} has SHA-256 {digest}, but the night was played on {record.key.sha256}"
    return None


def _night(journal: str) -> NightOnRecord:
    """The night at a journal's path, or kept under a name as `nights` lists it; CannotVerify if neither."""
    path = Path(journal)
    if path.exists() or path.name != journal:  # a path, not a name
        try:
            return read_night(path)
        except DamagedJournal as error:
            raise CannotVerify(str(error)) from error
    found = find_night(journal.removesuffix(".jsonl"))
    if found is None:
        raise CannotVerify(f"no night named {journal} is kept here ({kiosk_command('nights')} lists them)")
    return found


def _named_key(record: NightOnRecord) -> tuple[LoadedKey, str]:
    """The key the journal names, when the kiosk holds it itself: the practice key or the kept sealed key."""
    if record.key.source == KeySource.PRACTICE.value:
        return load_practice(), "the practice key"
    if record.key.source == KeySource.SEALED.value:
        store = KeyStore()
        try:
            kept = store.load()
        except TamperedKey as error:
            raise CannotVerify(
                f"the sealed key kept on this device is refused as tampered: {error}"
            ) from error
        if kept is None:
            raise CannotVerify(
                "the night was played on the sealed key and none is kept on this device: "
                "give the revealed key with --key FILE"
            )
        return from_bytes(kept.data, KeySource.SEALED, store.key_path), "the sealed key kept on this device"
    raise CannotVerify(f"the night was played on {record.key.describe()}: give that file with --key FILE")


class CannotVerify(Exception):
    """Verification cannot run; the message is one line saying why."""


def verify(journal: str | Path, key_path: Path | None, out: TextIO) -> int:
    """0 when every reply follows from the messages on the key; 1 when one does not; 2 when it cannot run.
    The journal is a path or a night's name as `nights` lists it; without a key file, the key the journal
    names is used when the kiosk holds it (the practice key, or the sealed key kept on the device)."""
    try:
        record = _night(str(journal))
        if not record.turns:
            raise CannotVerify(f"{record.path} holds no reply, not even the opening")
        if key_path is None:
            loaded, key_name = _named_key(record)
        else:
            loaded, key_name = load_file(key_path), f"the key {key_path}"
    except CannotVerify as error:
        print(f"Cannot verify: {error}.", file=out)
        return 2
    problem = _key_problem(record, loaded, key_name)
    try:
        source = KeySource(record.key.source)
    except ValueError:
        problem = problem or f"the journal names an unknown kind of key ({record.key.source!r})"
    if problem or loaded.key is None:
        print(f"Not verified: {problem}.", file=out)
        return 1 if loaded.key is not None else 2
    _, replies = fold_night(record, LoadedKey(loaded.key, source, path=loaded.path))
    differs = first_difference(record, replies)
    if differs is not None:
        turn = record.turns[differs]
        said = "the opening" if turn.message is None else f"the reply to {turn.message!r}"
        recorded, replayed = _apart(turn, KeptTurn.of(turn.message, replies[differs]))
        print(
            f"Not verified: turn {differs}, {said}, does not follow from the messages on this key.", file=out
        )
        print(f"  the journal says: {recorded}", file=out)
        print(f"  the key gives:    {replayed}", file=out)
        return 1
    # The replayed replies equal the journal's, so the night's end is read from their values.
    result = [part.result for reply in replies for part in reply.said if isinstance(part, Finale)]
    print(
        f"Verified: all {len(record.turns)} replies of {record.name} follow from its "
        f"{len(record.messages)} messages on {key_name} (SHA-256 {record.key.sha256}).",
        file=out,
    )
    print(result[0] if result else "The night is not over: there is no RESULT line yet.", file=out)
    if record.damaged_at is not None:
        print(
            f"The journal is damaged from line {record.damaged_at}: only the turns before it were checked.",
            file=out,
        )
        return 1
    return 0
