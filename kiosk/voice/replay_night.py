"""`python -m kiosk replay-audio`: find the kept night, replay it (replaying.py), and say what differs."""

from __future__ import annotations

import logging
from pathlib import Path

from kiosk.config import Settings
from kiosk.engine.host import Host
from kiosk.keys import LoadedKey
from kiosk.records.carrying import key_for
from kiosk.records.kept_audio import HeardNight, heard_folder, read_heard
from kiosk.records.night_records import DamagedJournal, find_night, read_night
from kiosk.records.storage import StorageError
from kiosk.table import Table
from kiosk.voice.hearing.listening import Recognizers
from kiosk.voice.replaying import Replayed, differences, replay_audio, replay_readings, told_turn
from kiosk.voice.sound.asr import ModelMissing, load_model, supports_grammar
from kiosk.voice.stack import model_path

_LOG = logging.getLogger(__name__)


class Unkept(Exception):
    """No kept night to replay; the message says why in one line."""


def find_kept(name: str) -> tuple[HeardNight, LoadedKey]:
    """The kept hearing of the night `name` (as `nights` lists it, or its journal or .heard) and its key."""
    path = Path(name)
    if path.suffix == ".heard":
        journal = path.with_suffix(".jsonl")
    elif not name.strip() or path.is_dir():
        raise Unkept(f"{name!r} names no kept night: give a night as `python -m kiosk nights` lists it")
    elif path.suffix == ".jsonl":
        journal = path
    else:
        record = find_night(name)
        if record is None:
            raise Unkept(f"no night called {name} is kept: `python -m kiosk nights` lists them")
        journal = record.path
    try:
        heard = read_heard(heard_folder(journal))
        loaded = key_for(read_night(journal))
    except (StorageError, DamagedJournal) as error:
        raise Unkept(f"{error} (a night is kept for replay only with the keep_audio setting on)") from error
    if loaded.key is None:
        raise Unkept(f"the key the night was played on cannot be loaded: {loaded.problem}")
    return heard, loaded


def table_for(loaded: LoadedKey) -> Table:
    """A fresh night on the key, by voice, kept nowhere: the host itself is the table's face."""
    return Table(Host(loaded.key, source=loaded.source, voice=True))


def replay_night(name: str, settings: Settings, *, readings: bool = False) -> int:
    """Replay the night and print each turn, then and now: 0 all agree, 1 any differs, 2 no replay."""
    try:
        heard, loaded = find_kept(name)
        if readings:
            replayed = replay_readings(heard, table_for(loaded))
        else:
            replayed = replay_audio(heard, table_for(loaded), _recognizers(settings))
    except (Unkept, ModelMissing, FileNotFoundError) as error:
        _LOG.error("%s", error)
        return 2
    return report(heard, replayed)


def _recognizers(settings: Settings) -> Recognizers:
    path = model_path(settings)
    return Recognizers(load_model(path), grammar=supports_grammar(path))


def report(heard: HeardNight, replayed: Replayed) -> int:
    """Each turn then and now, the first difference in full; 0 when all agree, else 1."""
    found = differences(heard.turns, replayed.turns)
    differing = {difference.number for difference in found}
    for number, then in enumerate(heard.turns, start=1):
        print(f"{'DIFFERS' if number in differing else 'same   '} {number:3} {told_turn(then)}")
    how = "from its audio" if replayed.heard_seconds else "from its readings"
    pace = f", {replayed.heard_seconds / replayed.seconds:.0f}x real time" if replayed.heard_seconds else ""
    print(
        f"Replayed {heard.folder.name} {how}: {len(replayed.turns)} turns in {replayed.seconds:.2f} s{pace}."
    )
    if not found:
        print(f"Every one of its {len(heard.turns)} turns agrees with the night as kept.")
        return 0
    first = found[0]
    print(
        f"{len(found)} of {max(len(heard.turns), len(replayed.turns))} turns differ. The first, turn {first.number}:"
    )
    print(f"  then: {told_turn(first.then, whole=True)}")
    print(f"  now:  {told_turn(first.now, whole=True)}")
    return 1
