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

    StorageError (kiosk.storage)   the journal cannot be written: the night goes on in memory, not kept
    CannotCarryOn                  another or changed key, a night in use elsewhere, a replay that differs
    DamagedJournal                 a journal that is empty or does not begin as a journal

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
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from kiosk.cartridge import CELL_COUNT, NOTICE
from kiosk.engine.host import Host, KeySource
from kiosk.engine.reply import Reply
from kiosk.keys import LoadedKey, load_file, load_practice
from kiosk.storage import StorageError, data_dir, describe, fsync_folder, make_folder

FORMAT = 1
ASIDE = "aside"
_LEDGER_Q = re.compile(r"\[L\] q:(\d+)/\d+ \| open:(\S+)")
_TEAM = re.compile(r"\b([A-Z][a-z]+) \d+")


def nights_folder() -> Path:
    return data_dir() / "nights"


class CannotCarryOn(Exception):
    """The night cannot carry on as asked; the message says why in one line. Nothing was changed."""


class DamagedJournal(Exception):
    """A journal that cannot be read as one: empty, or not beginning with a journal's header."""


@dataclass(frozen=True)
class KeyIdentity:
    """Which key a night is played on: enough to find it again and to tell if it changed."""

    source: str
    """"practice", "file" or "sealed" (KeySource values)."""
    sha256: str
    """Hex SHA-256 of the key file's exact bytes."""
    path: str | None = None
    """The key file, or the sealed key kept on the device; None for the bundled practice key."""
    notice: str | None = None
    """For the sealed key: the notice's commitment stated in the opening."""

    @classmethod
    def of(cls, loaded: LoadedKey) -> KeyIdentity:
        assert loaded.key is not None, "a night is journalled only on a key"
        sealed = loaded.source is KeySource.SEALED
        path = str(loaded.path) if loaded.path is not None else None
        return cls(loaded.source.value, loaded.key.sha256, path, NOTICE.commitment if sealed else None)

    def describe(self) -> str:
        if self.source == KeySource.SEALED.value:
            return f"the sealed key (notice {self.notice}, SHA-256 {self.sha256[:16]}…)"
        if self.source == KeySource.PRACTICE.value:
            return f"the practice key (SHA-256 {self.sha256[:16]}…)"
        return f"the key file {self.path} (SHA-256 {self.sha256[:16]}…)"

    def option(self) -> str:
        """The command-line option that plays on this key."""
        if self.source == KeySource.SEALED.value:
            return "--sealed"
        if self.source == KeySource.FILE.value:
            return f"--key {self.path}"
        return ""

    def as_json(self) -> dict[str, str | None]:
        return {"source": self.source, "sha256": self.sha256, "path": self.path, "notice": self.notice}


@dataclass(frozen=True)
class Turn:
    message: str | None
    """What the table said; None for the opening."""
    reply: str
    """The reply's whole text, ending with its ledger line."""
    over: bool


@dataclass(frozen=True)
class NightOnRecord:
    """A night as its journal holds it."""

    path: Path
    began: str
    """UTC, ISO 8601."""
    key: KeyIdentity
    voice: bool
    turns: tuple[Turn, ...]
    kept_bytes: int
    """Bytes of the journal that hold whole lines; anything after was cut short or damaged."""
    damaged_at: int | None = None
    """The line number of the first unreadable line that is not a plain cut-short tail."""
    in_use: bool = False
    """Another kiosk holds this journal open right now."""

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def over(self) -> bool:
        return any(turn.over for turn in self.turns)

    @property
    def aside(self) -> bool:
        return self.path.parent.name == ASIDE

    @property
    def messages(self) -> tuple[str, ...]:
        return tuple(turn.message for turn in self.turns if turn.message is not None)

    @property
    def played(self) -> int:
        """Questions played, of the board's 25."""
        found = _LEDGER_Q.search(self.turns[-1].reply) if self.turns else None
        return int(found[1]) if found else 0

    @property
    def teams(self) -> tuple[str, ...]:
        if not self.turns:
            return ()
        scores = self.turns[-1].reply.rsplit("\n", 1)[-1].split(" | ")
        return tuple(_TEAM.findall(scores[4])) if len(scores) > 4 else ()

    def describe(self) -> str:
        teams = ", ".join(self.teams) or "teams not named yet"
        state = "over" if self.over else f"{self.played} of {CELL_COUNT} questions played"
        found = _LEDGER_Q.search(self.turns[-1].reply) if self.turns else None
        if found and found[2] not in ("—", "-") and not self.over:
            state += f", {found[2]} open"
        return f"begun {self.began.replace('T', ' ')} on {self.key.describe()}: {teams}; {state}"


@dataclass(frozen=True)
class Damaged:
    path: Path
    reason: str


@dataclass(frozen=True)
class Nights:
    kept: tuple[NightOnRecord, ...]
    """Newest first."""
    damaged: tuple[Damaged, ...]


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
        self._append({"say": message, "reply": reply.text, "over": reply.over})

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


def _in_use(path: Path) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def _entry(raw: bytes) -> dict[str, object] | None:
    try:
        entry = json.loads(raw.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return None
    return entry if isinstance(entry, dict) else None


def read_night(path: Path) -> NightOnRecord:
    """Read a journal; DamagedJournal if it is not one. Turns stop at the first unreadable line."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise DamagedJournal(describe(error, path)) from error
    lines = data.split(b"\n")
    header = _entry(lines[0]) if len(lines) > 1 else None
    key = header.get("key") if header else None
    if not header or header.get("journal") != FORMAT or not isinstance(key, dict):
        what = "empty" if not data.strip() else "not a journal of this kiosk (or cut short in its first line)"
        raise DamagedJournal(f"{path} is {what}")
    identity = KeyIdentity(
        str(key.get("source")), str(key.get("sha256")), _text(key.get("path")), _text(key.get("notice"))
    )
    turns: list[Turn] = []
    kept = len(lines[0]) + 1
    damaged_at = None
    whole = lines[1:-1]  # the last piece follows the last newline: empty, or a line cut short
    for number, raw in enumerate(whole, start=2):
        entry = _entry(raw)
        message, reply = (entry.get("say"), entry.get("reply")) if entry else (None, None)
        if entry is None or not isinstance(reply, str) or not isinstance(message, (str, type(None))):
            damaged_at = number
            break
        turns.append(Turn(message, reply, entry.get("over") is True))
        kept += len(raw) + 1
    return NightOnRecord(
        path=path,
        began=str(header.get("began", "")),
        key=identity,
        voice=header.get("voice") is True,
        turns=tuple(turns),
        kept_bytes=kept,
        damaged_at=damaged_at,
        in_use=_in_use(path),
    )


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def list_nights(folder: Path | None = None) -> Nights:
    """Every night kept in the folder and kept aside, newest first, and the journals that are damaged."""
    folder = folder or nights_folder()
    paths: list[Path] = []
    for place in (folder, folder / ASIDE):
        try:
            paths += [p for p in place.iterdir() if p.suffix == ".jsonl" and p.is_file()]
        except OSError:
            continue  # no folder yet, or not a folder: nothing kept there
    kept, damaged = [], []
    for path in paths:
        try:
            kept.append(read_night(path))
        except DamagedJournal as error:
            damaged.append(Damaged(path, str(error)))
    kept.sort(key=lambda night: (night.began, night.name), reverse=True)
    return Nights(tuple(kept), tuple(damaged))


def unfinished(folder: Path | None = None) -> NightOnRecord | None:
    """The newest night that is not over, not kept aside, not in use, and had at least one message."""
    for night in list_nights(folder).kept:
        if not night.over and not night.aside and not night.in_use and night.messages:
            return night
    return None


def find_night(name: str, folder: Path | None = None) -> NightOnRecord | None:
    """A kept night by its name (as `nights` lists it) or by its file's path."""
    for night in list_nights(folder).kept:
        if name in (night.name, night.path.name, str(night.path)):
            return night
    return None


def keep_aside(record: NightOnRecord) -> Path:
    """Move a night out of the way of a new one: kept and listed, no longer the one `--resume` takes."""
    folder = record.path.parent / ASIDE
    make_folder(folder)
    target = folder / record.path.name
    try:
        record.path.rename(target)
        fsync_folder(folder)
    except OSError as error:
        raise StorageError(describe(error, record.path)) from error
    return target


def remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError as error:
        raise StorageError(describe(error, path)) from error


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
    """The index of the first recorded turn whose reply the replay does not give, else None."""
    for index, (turn, reply) in enumerate(zip(record.turns, replies, strict=False)):
        if turn.reply != reply.text:
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
    if record.damaged_at is None:
        journal = _reopen(record)
    else:  # keep the damaged file whole, aside, and carry on in a clean copy of what could be read
        keep_aside(record)
        journal = Journal.begin(record.key, record.path.parent, voice=record.voice)
        for message, reply in zip((None, *record.messages), replies, strict=True):
            journal.record(message, reply)
    return CarriedOn(host, journal, replies[-1])


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
