"""Nights on record: a journal read back (which key, every turn, where the night stands), the nights kept
on the device, and keeping one aside. Reading never fails on damage: a line cut short by a pulled plug is
dropped, and a file that is not a journal is reported as damaged, in one line.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from dataclasses import dataclass, replace
from pathlib import Path

from kiosk.cartridge import CELL_COUNT, NOTICE
from kiosk.engine.by import By
from kiosk.engine.host import KeySource
from kiosk.engine.ledger import Ledger
from kiosk.keys import LoadedKey
from kiosk.records.kept_turn import KeptTurn, UnreadableTurn
from kiosk.records.storage import (
    StorageError,
    UnreadableFile,
    data_dir,
    describe,
    fsync_folder,
    make_folder,
    read_small_file,
    runtime_dir,
)

JOURNAL_LIMIT = 32 * 1024 * 1024
"""Bytes: a night's journal is far smaller (messages are cut at 4,001 characters); a larger file is no journal."""
FORMAT = 1
ASIDE = "aside"


def nights_folder() -> Path:
    return data_dir() / "nights"


def fallback_folder(folder: Path) -> Path:
    """Where the nights of a folder are kept while its disk cannot keep them: in memory, which outlives a
    crash or restart of the kiosk, one fallback per data folder (named by a digest of its path)."""
    digest = hashlib.sha256(str(folder.absolute()).encode()).hexdigest()[:12]
    return runtime_dir() / digest / folder.name


def fallback_for(path: Path) -> Path:
    """The fallback copy of a night's file on the data disk (kept aside or not)."""
    if path.parent.name == ASIDE:
        return fallback_folder(path.parent.parent) / ASIDE / path.name
    return fallback_folder(path.parent) / path.name


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
class NightOnRecord:
    """A night as its journal holds it."""

    path: Path
    began: str
    """UTC, ISO 8601."""
    key: KeyIdentity
    voice: bool
    turns: tuple[KeptTurn, ...]
    kept_bytes: int
    """Bytes of the journal that hold whole lines; anything after was cut short or damaged."""
    damaged_at: int | None = None
    """The line number of the first unreadable line that is not a plain cut-short tail."""
    in_use: bool = False
    """Another kiosk holds this journal open right now."""
    home: Path | None = None
    """Where the night belongs on the data disk, when it was read from its fallback copy (the fuller one)."""
    copies: tuple[Path, ...] = ()
    """Other files that hold this night: the data disk's shorter copy, or a fallback copy."""

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def belongs(self) -> Path:
        """The night's file on the data disk, where it goes back to."""
        return self.home or self.path

    @property
    def over(self) -> bool:
        return any(turn.over for turn in self.turns)

    @property
    def aside(self) -> bool:
        return self.belongs.parent.name == ASIDE

    @property
    def messages(self) -> tuple[str, ...]:
        return tuple(turn.message for turn in self.turns if turn.message is not None)

    @property
    def sent(self) -> tuple[tuple[str, By], ...]:
        """Each message and who sent it, in order: what a replay hears."""
        return tuple((turn.message, turn.by) for turn in self.turns if turn.message is not None)

    @property
    def standing(self) -> Ledger | None:
        """Where the night stood after its last reply."""
        return self.turns[-1].ledger if self.turns else None

    @property
    def played(self) -> int:
        """Questions played, of the board's 25."""
        return self.standing.q if self.standing else 0

    @property
    def teams(self) -> tuple[str, ...]:
        return tuple(team.name for team in self.standing.scores) if self.standing else ()

    def describe(self) -> str:
        teams = ", ".join(self.teams) or "teams not named yet"
        state = "over" if self.over else f"{self.played} of {CELL_COUNT} questions played"
        if self.standing and self.standing.open and not self.over:
            state += f", {self.standing.open} open"
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
        data = read_small_file(
            path, JOURNAL_LIMIT, "a journal", give="give a night's journal (nights lists them)",
            usual="a night's journal is well under 1 MB",
        )  # fmt: skip
    except UnreadableFile as error:
        raise DamagedJournal(str(error)) from error
    lines = data.split(b"\n")
    header = _entry(lines[0]) if len(lines) > 1 else None
    key = header.get("key") if header else None
    if not header or header.get("journal") != FORMAT or not isinstance(key, dict):
        what = "empty" if not data.strip() else "not a journal of this kiosk (or cut short in its first line)"
        raise DamagedJournal(f"{path} is {what}")
    identity = KeyIdentity(
        str(key.get("source")), str(key.get("sha256")), _text(key.get("path")), _text(key.get("notice"))
    )
    turns: list[KeptTurn] = []
    kept = len(lines[0]) + 1
    damaged_at = None
    whole = lines[1:-1]  # the last piece follows the last newline: empty, or a line cut short
    for number, raw in enumerate(whole, start=2):
        entry = _entry(raw)
        try:
            if entry is None:
                raise UnreadableTurn("not JSON")
            turns.append(KeptTurn.from_json(entry))
        except UnreadableTurn:
            damaged_at = number
            break
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


def list_nights(folder: Path | None = None, fallback: Path | None = None) -> Nights:
    """Every night kept in the folder, in its fallback, and kept aside, newest first, and the journals that
    are damaged. A night with a copy in both places is read from the copy holding more turns."""
    folder = folder or nights_folder()
    fallback = fallback or fallback_folder(folder)
    found: dict[str, list[tuple[Path, Path]]] = {}
    for place, home in ((folder, folder), (folder / ASIDE, folder / ASIDE)):
        for path in _journals_in(place):
            found.setdefault(path.name, []).append((path, home / path.name))
    for place, home in ((fallback, folder), (fallback / ASIDE, folder / ASIDE)):
        for path in _journals_in(place):
            found.setdefault(path.name, []).append((path, home / path.name))
    kept, damaged = [], []
    for copies in found.values():
        readable: list[tuple[NightOnRecord, Path]] = []
        unreadable: list[Damaged] = []
        for path, home in copies:
            try:
                readable.append((read_night(path), home))
            except DamagedJournal as error:
                unreadable.append(Damaged(path, str(error)))
        if not readable:
            damaged += unreadable
            continue
        best, home = max(readable, key=lambda copy: (len(copy[0].turns), copy[0].path == copy[1]))
        others = tuple(path for path, _ in copies if path != best.path)
        in_use = any(record.in_use for record, _ in readable)
        kept.append(replace(best, home=None if home == best.path else home, copies=others, in_use=in_use))
    kept.sort(key=lambda night: (night.began, night.name), reverse=True)
    return Nights(tuple(kept), tuple(damaged))


def _journals_in(place: Path) -> list[Path]:
    try:
        return [p for p in place.iterdir() if p.suffix == ".jsonl" and p.is_file()]
    except OSError:
        return []  # no folder yet, or not a folder: nothing kept there


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
    """Move a night out of the way of a new one: kept and listed, no longer the one `--resume` takes.
    Every copy moves; the night's file is returned where it now is."""
    moved = record.path
    for path in (record.path, *record.copies):
        folder = path.parent / ASIDE
        make_folder(folder)
        try:
            path.rename(folder / path.name)
            fsync_folder(folder)
        except OSError as error:
            raise StorageError(describe(error, path)) from error
        moved = folder / path.name if path == record.path else moved
    return moved


def remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError as error:
        raise StorageError(describe(error, path)) from error


def remove_night(record: NightOnRecord) -> None:
    """Remove a night, every copy of it."""
    for path in (record.path, *record.copies):
        remove(path)
