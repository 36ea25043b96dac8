"""What a voice night heard, kept beside its journal to be replayed (the `keep_audio` setting, off unless
set): for the journal `night-….jsonl`, the folder `night-….heard/` holds

    heard.wav        every chunk the listening loop heard, 16 kHz mono 16-bit, in order (the kiosk's own
                     voice, which it never hears, left out): replayed, the same code hears the same night
    readings.jsonl   one line per utterance or typed message acted on (voice/kept_hearing.HeardTurn)

Keeping it never harms the night: a write fault or a full disk is said once, in one line, and keeping stops
while the night goes on; a night keeps at most `limit` bytes (the audio stops first, the readings after).
A pulled plug leaves a WAV whose header says "to the end of the file", which readers take as it is.
"""

from __future__ import annotations

import json
import logging
import os
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kiosk.records.storage import StorageError, describe, make_folder
from kiosk.voice.kept_hearing import HeardTurn, Listened
from kiosk.voice.sound.asr import SAMPLE_RATE

_LOG = logging.getLogger(__name__)

SUFFIX = ".heard"
AUDIO = "heard.wav"
READINGS = "readings.jsonl"
LIMIT_BYTES = 256 * 1024 * 1024
"""A night's kept hearing at most: over two hours of heard audio at 32 KB a second."""
READINGS_RESERVE = 1024 * 1024
"""Bytes of the limit left to the readings once the audio has stopped (some thousands of turns)."""
_HEADER_BYTES = 44
_STREAMING = 0xFFFFFFFF
"""A RIFF size meaning "to the end of the file": what a WAV cut off by a pulled plug says."""


def _wav_header(data_bytes: int) -> bytes:
    riff = _STREAMING if data_bytes == _STREAMING else 36 + data_bytes
    fmt = struct.pack("<IHHIIHH", 16, 1, 1, SAMPLE_RATE, SAMPLE_RATE * 2, 2, 16)
    return b"RIFF" + struct.pack("<I", riff) + b"WAVEfmt " + fmt + b"data" + struct.pack("<I", data_bytes)


def heard_folder(journal: Path) -> Path:
    """Where the hearing of the night kept in `journal` is kept."""
    return journal.with_suffix(SUFFIX)


@dataclass
class HeardKeeper:
    """Keeps the night's heard audio and readings as it goes (voice/parts.KeepsHearing)."""

    folder: Path
    notice: Callable[[str], None]
    limit: int = LIMIT_BYTES
    audio_bytes: int = field(init=False, default=0)
    readings_bytes: int = field(init=False, default=0)
    _audio: int = field(init=False, default=-1)
    _readings: int = field(init=False, default=-1)

    @classmethod
    def beside(
        cls, journal: Path, notice: Callable[[str], None], listened: Listened, limit: int = LIMIT_BYTES
    ) -> HeardKeeper:
        """A keeper for the night kept in `journal`, heard as `listened`; a fault is said once and keeps
        nothing."""
        keeper = cls(heard_folder(journal), notice, limit)
        if keeper.folder.is_dir():  # a night carried on: what it heard before is kept as it was
            notice(f"What this night heard before is kept in {keeper.folder}; what it hears now is not kept.")
            return keeper
        try:
            make_folder(keeper.folder)
            keeper._audio = _create(keeper.folder / AUDIO)
            os.write(keeper._audio, _wav_header(_STREAMING))
            keeper._readings = _create(keeper.folder / READINGS)
            header = json.dumps(listened.as_json()) + "\n"
            _write_all(keeper._readings, header.encode("ascii"))
        except (StorageError, OSError) as error:
            keeper._stop(error)
        return keeper

    @property
    def heard_seconds(self) -> float:
        """Seconds of audio kept so far: where the next chunk begins in heard.wav."""
        return self.audio_bytes / 2 / SAMPLE_RATE

    def heard_audio(self, pcm: bytes) -> None:
        if self._audio < 0:
            return
        if self.audio_bytes + len(pcm) > self.limit - READINGS_RESERVE:
            self.notice(
                f"The night's kept sound reached its limit ({self.limit // 2**20} MB): what is heard from now "
                "on is not kept, only what the kiosk made of it."
            )
            self._close_audio()
            return
        try:
            _write_all(self._audio, pcm)
        except OSError as error:
            self._stop(error)
            return
        self.audio_bytes += len(pcm)

    def took(self, turn: HeardTurn) -> None:
        if self._readings < 0:
            return
        line = (json.dumps(turn.as_json(), ensure_ascii=True) + "\n").encode("ascii")
        if self.audio_bytes + self.readings_bytes + len(line) > self.limit:
            self.notice(
                f"The night's kept hearing reached its limit ({self.limit // 2**20} MB): no more is kept."
            )
            self.close()
            return
        try:
            _write_all(self._readings, line)
        except OSError as error:
            self._stop(error)
            return
        self.readings_bytes += len(line)

    def close(self) -> None:
        """Close both files, the WAV's header saying its length."""
        self._close_audio()
        if self._readings >= 0:
            os.close(self._readings)
            self._readings = -1

    def _close_audio(self) -> None:
        if self._audio < 0:
            return
        fd, self._audio = self._audio, -1
        try:
            os.pwrite(fd, _wav_header(self.audio_bytes), 0)
        except OSError:
            pass  # the header keeps saying "to the end of the file", which readers take
        finally:
            os.close(fd)

    def _stop(self, error: Exception) -> None:
        """Keep nothing more; say why once. The night itself goes on as it was."""
        why = describe(error, self.folder) if isinstance(error, OSError) else str(error)
        self.notice(f"What the kiosk hears is no longer kept for replay: {why}.")
        _LOG.debug("kept hearing stopped", exc_info=error)
        for fd in (self._audio, self._readings):
            if fd >= 0:
                os.close(fd)
        self._audio = self._readings = -1


def _create(path: Path) -> int:
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)


def _write_all(fd: int, data: bytes) -> None:
    while data:  # a short write means the disk filled: the next write raises
        data = data[os.write(fd, data) :]


@dataclass(frozen=True)
class HeardNight:
    """A kept night's hearing, read back."""

    folder: Path
    listened: Listened
    turns: tuple[HeardTurn, ...]
    audio: Path | None
    """heard.wav, when it is kept."""
    unreadable: int = 0
    """Lines of readings that could not be read (a line cut short by a pulled plug)."""


def read_heard(folder: Path) -> HeardNight:
    """The hearing kept in `folder`; StorageError (one line) when it holds no readings."""
    try:
        lines = (folder / READINGS).read_bytes().splitlines()
    except OSError as error:
        raise StorageError(f"no kept hearing in {folder}: {error.strerror or error}") from error
    turns: list[HeardTurn] = []
    listened, unreadable = Listened(), 0
    for raw in lines:
        try:
            fields = json.loads(raw)
            if "heard" in fields:
                listened = Listened.from_json(fields)
            else:
                turns.append(HeardTurn.from_json(fields))
        except (ValueError, KeyError, TypeError, IndexError):
            unreadable += 1
    audio = folder / AUDIO
    return HeardNight(folder, listened, tuple(turns), audio if audio.is_file() else None, unreadable)


@dataclass
class BesideEachNight:
    """Keeps the hearing beside whichever night is being played (the appliance plays one after another);
    between nights, nothing is kept (voice/parts.KeepsHearing)."""

    journal: Callable[[], Path | None]
    """The journal of the night in play, if it is kept."""
    notice: Callable[[str], None]
    listened: Listened
    limit: int = LIMIT_BYTES
    _path: Path | None = field(init=False, default=None)
    _keeper: HeardKeeper | None = field(init=False, default=None)

    @property
    def heard_seconds(self) -> float:
        return self._keeper.heard_seconds if self._keeper is not None else 0.0

    def heard_audio(self, pcm: bytes) -> None:
        keeper = self._current()
        if keeper is not None:
            keeper.heard_audio(pcm)

    def took(self, turn: HeardTurn) -> None:
        keeper = self._current()
        if keeper is not None:
            keeper.took(turn)

    def close(self) -> None:
        if self._keeper is not None:
            self._keeper.close()
        self._keeper = self._path = None

    def _current(self) -> HeardKeeper | None:
        path = self.journal()
        if path != self._path:
            self.close()
            self._path = path
            self._keeper = (
                HeardKeeper.beside(path, self.notice, self.listened, self.limit) if path is not None else None
            )
        return self._keeper
