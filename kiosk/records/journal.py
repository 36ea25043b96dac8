"""The journal of a night: every message heard and every reply, made durable before the reply is shown or
spoken, with the identity of the key it was played on. A night is a fold over its messages, so carrying a
night on is replaying its journal through a fresh Host: the open question, locked answers, read-backs,
fixes and Candle-End years all come back exactly as they stood.

The API, for every front end (typed, voice, appliance)::

    journal = Journal.begin(KeyIdentity.of(loaded), folder, voice=False)   # a new night, its own file
    journal.record(None, host.opening())       # the opening; then, for each message, BEFORE showing it:
    journal.record(message, reply)             # appended and fsynced; raises StorageError (one line)
    journal.trouble                            # why the data disk is not taking turns now, else None
    journal.close()

    record = unfinished(folder)                # NightOnRecord | None: the last night not over, not aside
    record.describe()                          # when, which key, teams, "3 of 25 questions played"
    host, journal, last = carry_on(record, key_for(record))   # kiosk/records/carrying.py
    keep_aside(record)                         # a new night begins; the old one stays kept and listed
    nights = list_nights(folder)               # Nights(kept=(NightOnRecord, ...), damaged=(Damaged, ...))
    remove(path)                               # a night no longer wanted

Errors, each one line for the person at the kiosk::

    StorageError (storage)         neither the data disk nor the fallback can keep the journal
    CannotCarryOn                  another or changed key, a night in use elsewhere, a replay that differs
    DamagedJournal                 a journal that is empty or does not begin as a journal

Reading journals back (NightOnRecord, list_nights, unfinished, keep_aside, remove) lives in
kiosk/records/night_records.py, and StorageError in kiosk/records/storage.py: import each from there.

When the data disk is full or read-only, each turn still goes, before it is shown, to a fallback copy of
the whole journal in memory (`fallback_folder`: the user's runtime folder), which outlives a crash or restart
of the kiosk. Every turn tries the data disk first; as soon as it takes the lines it lacks, the fallback copy
is removed. Reading nights back takes whichever copy holds more turns.

A journal is JSON Lines (ASCII, so any bytes a player typed survive): a header line, then one line per
turn. Each kiosk writes its own file (time, process and a random part in the name, created exclusively),
holds an advisory lock on it while the night is played, and fsyncs each line. A line cut short by a pulled
plug is a reply that was never shown; it is dropped when the night is read.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import secrets
import time
from pathlib import Path

from kiosk.engine.by import By
from kiosk.engine.reply import Reply
from kiosk.records.kept_turn import KeptTurn
from kiosk.records.night_records import FORMAT, KeyIdentity, NightOnRecord, fallback_for, nights_folder
from kiosk.records.storage import StorageError, describe, fsync_folder, write_atomic

_LOG = logging.getLogger(__name__)
"""Details only: what the table is told of the journal, the front end says (and logs) through its notices."""


def _line(entry: dict[str, object]) -> bytes:
    return (json.dumps(entry, ensure_ascii=True) + "\n").encode("ascii")


def _write_all(fd: int, data: bytes) -> None:
    while data:  # a short write means the disk filled mid-line; the next write says so
        data = data[os.write(fd, data) :]
    os.fdatasync(fd)


def _lock(fd: int) -> None:
    with contextlib.suppress(OSError):  # a filesystem without locks: the lock is only advisory
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class Journal:
    """The open journal of the night being played: append-only, each line fsynced before it returns, on
    the data disk, or in the fallback while the data disk cannot take it."""

    def __init__(self, path: Path, lines: list[bytes], fallback: Path) -> None:
        self.path = path
        """The night's file on the data disk."""
        self.fallback = fallback
        """Where the whole journal is kept while the data disk cannot take it."""
        self.trouble: str | None = None
        """Why the data disk does not hold every turn, while it does not; None when it does."""
        self.held = False
        """When neither the data disk nor the fallback can take a turn: hold the lines here and try both again
        at the next turn (`lost` says why), rather than raise StorageError."""
        self.lost: str | None = None
        """Why neither place holds every turn, while a held journal's lines wait in memory."""
        self._lines = lines
        """Every line of the night, its header first: what the data disk must come to hold."""
        self._home_fd = -1
        self._home_lines = 0
        """Lines the data disk holds whole; after a failed write, anything past them is cut off."""
        self._home_bytes = 0
        self._home_cut = False
        """The data disk's file may hold bytes past the lines it holds whole: cut them before writing."""
        self._home_new = True
        self._fallback_fd = -1
        self._fallback_lines = 0

    @classmethod
    def begin(
        cls,
        key: KeyIdentity,
        folder: Path | None = None,
        *,
        voice: bool = False,
        now: float | None = None,
        held: bool = False,
    ) -> Journal:
        """A new night's journal in its own new file; StorageError (one line) if neither the data disk nor
        the fallback can keep it, unless `held`."""
        folder = folder or nights_folder()
        moment = time.gmtime(now)
        name = f"night-{time.strftime('%Y%m%d-%H%M%S', moment)}-{os.getpid()}-{secrets.token_hex(3)}.jsonl"
        began = time.strftime("%Y-%m-%dT%H:%M:%SZ", moment)
        header = _line({"journal": FORMAT, "began": began, "key": key.as_json(), "voice": voice})
        journal = cls(folder / name, [header], fallback_for(folder / name))
        journal.held = held
        journal._keep()
        return journal

    @classmethod
    def reopen(cls, record: NightOnRecord) -> Journal:
        """The journal of a night read back, to carry it on: what it holds whole is what the data disk
        must hold (the fallback's copy if that is the fuller one). BlockingIOError if another kiosk holds it;
        StorageError if neither the data disk nor the fallback can keep it."""
        try:
            kept = record.path.read_bytes()[: record.kept_bytes]
        except OSError as error:
            raise StorageError(describe(error, record.path)) from error
        lines = [line + b"\n" for line in kept.split(b"\n")[:-1]]  # whole lines only end in a newline
        journal = cls(record.belongs, lines, fallback_for(record.belongs))
        journal._home_new = False
        journal._take_fallback()
        try:
            try:
                journal._open_home(kept)
            except BlockingIOError:
                raise
            except OSError as error:
                journal.trouble = describe(error, journal.path)
            journal._keep()
        except BaseException:
            journal.close()
            raise
        return journal

    def _take_fallback(self) -> None:
        """Hold a fallback copy left by the kiosk that played the night, rewritten whole when next used."""
        try:
            fd = os.open(self.fallback, os.O_RDONLY)
        except OSError:
            return  # no fallback copy: the data disk held the whole night
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise
        except OSError:
            pass  # a filesystem without locks: the lock is only advisory
        self._fallback_fd = fd

    def _open_home(self, kept: bytes) -> None:
        """Take the data disk's copy as far as it agrees with the whole night; BlockingIOError if in use."""
        fd = os.open(self.path, os.O_RDWR | os.O_APPEND)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            held = os.pread(fd, len(kept), 0)
        except BaseException:
            os.close(fd)
            raise
        self._home_fd = fd
        agreed = 0
        for line in self._lines:
            if held[agreed : agreed + len(line)] != line:
                break
            agreed += len(line)
            self._home_lines += 1
        self._home_bytes = agreed
        self._home_cut = True
        self._home_new = False

    def record(self, message: str | None, reply: Reply, by: By = By.TABLE) -> None:
        """One turn, made durable before the reply is shown: the message (None for the opening), its reply,
        and who sent it."""
        self._lines.append(_line(KeptTurn.of(message, reply, by).as_json()))
        self._keep()

    def _keep(self) -> None:
        trouble = self._to_home()
        if trouble is None:
            if self._fallback_fd >= 0:
                _LOG.debug("the journal %s is whole on the data disk again", self.path)
            if self.trouble is not None or self._fallback_fd >= 0:
                self._drop_fallback()
            self.trouble = self.lost = None
            return
        if self.trouble is None:
            _LOG.debug("the data disk cannot keep the journal (%s): kept in %s", trouble, self.fallback)
        self.trouble = trouble
        try:
            self._to_fallback()
        except (OSError, StorageError) as error:
            self._fallback_lines = 0  # it may end in a line cut short: written whole next time
            why = describe(error, self.fallback) if isinstance(error, OSError) else str(error)
            if self.lost is None:
                _LOG.debug(
                    "neither the data disk nor %s can keep the journal: %s; %s", self.fallback, trouble, why
                )
            self.lost = f"{trouble}; and {why}"
            if not self.held:
                raise StorageError(self.lost) from error
            return
        if self.lost is not None:
            _LOG.debug("the journal is whole again in %s", self.fallback)
        self.lost = None

    def _to_home(self) -> str | None:
        """Write the lines the data disk lacks; None when it holds them all, else why it does not."""
        try:
            if self._home_fd < 0:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._home_fd = os.open(
                    self.path,
                    os.O_RDWR | os.O_APPEND | os.O_CREAT | (os.O_EXCL if self._home_new else 0),
                    0o644,
                )
                self._home_cut = not self._home_new  # an older attempt's file may end mid-line
                self._home_new = False
                _lock(self._home_fd)
                fsync_folder(self.path.parent)
            if self._home_cut:
                os.ftruncate(self._home_fd, self._home_bytes)  # a line cut short by the full disk
                self._home_cut = False
            pending = b"".join(self._lines[self._home_lines :])
            _write_all(self._home_fd, pending)
        except OSError as error:
            self._home_cut = True
            self._forget_empty_home()
            return describe(error, self.path)
        self._home_lines = len(self._lines)
        self._home_bytes += len(pending)
        return None

    def _forget_empty_home(self) -> None:
        """A data disk file without even its header would only be damage to report: remove it."""
        if self._home_lines or self._home_fd < 0:
            return
        os.close(self._home_fd)
        self._home_fd = -1
        with contextlib.suppress(OSError):
            self.path.unlink()

    def _to_fallback(self) -> None:
        if self._fallback_lines == 0:  # the whole journal, in a new file that replaces any older copy
            write_atomic(self.fallback, b"".join(self._lines))
            fd = os.open(self.fallback, os.O_WRONLY | os.O_APPEND)
            _lock(fd)
            if self._fallback_fd >= 0:
                os.close(self._fallback_fd)
            self._fallback_fd = fd
        else:
            _write_all(self._fallback_fd, b"".join(self._lines[self._fallback_lines :]))
        self._fallback_lines = len(self._lines)

    def _drop_fallback(self) -> None:
        """The data disk holds every line again: the fallback copy, and its folders once empty, go."""
        with contextlib.suppress(FileNotFoundError):
            self.fallback.unlink()
        if self._fallback_fd >= 0:
            os.close(self._fallback_fd)
            self._fallback_fd = -1
        self._fallback_lines = 0
        for folder in self.fallback.parents[:3]:  # nights (or aside), then the data folder's own, then up
            with contextlib.suppress(OSError):  # not empty: another night is held there
                folder.rmdir()

    def close(self) -> None:
        for fd in (self._home_fd, self._fallback_fd):
            if fd >= 0:
                os.close(fd)
        self._home_fd = self._fallback_fd = -1
        self._fallback_lines = 0

    def discard(self) -> None:
        """Close and remove the night, every copy (a night that never heard a message leaves nothing)."""
        self.close()
        for path in (self.path, self.fallback):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
