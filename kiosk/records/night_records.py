"""Nights on record: a journal read back (which key, every turn, where the night stands), the nights kept
on the device, and keeping one aside. Reading never fails on damage: a line cut short by a pulled plug is
dropped, and a file that is not a journal is reported as damaged, in one line.
"""

from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass
from pathlib import Path

from kiosk.cartridge import CELL_COUNT, NOTICE
from kiosk.engine.host import KeySource
from kiosk.engine.ledger import Ledger
from kiosk.keys import LoadedKey
from kiosk.records.kept_turn import KeptTurn, UnreadableTurn
from kiosk.records.storage import StorageError, data_dir, describe, fsync_folder, make_folder

FORMAT = 1
ASIDE = "aside"


def nights_folder() -> Path:
    return data_dir() / "nights"


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
        data = path.read_bytes()
    except OSError as error:
        raise DamagedJournal(f"cannot read {path}: {error.strerror or error.__class__.__name__}") from error
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
