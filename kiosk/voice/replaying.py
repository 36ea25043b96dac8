"""A kept night replayed through today's hearing and dialogue, offline and as fast as it can go, from its
audio or from the words each turn was taken as, and where the replay differs from the night as it was.
The kiosk speaks into silence here: nothing is played, nothing waits on a clock."""

from __future__ import annotations

import io
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from kiosk.records.kept_audio import HeardNight
from kiosk.table import Table
from kiosk.voice.heard import Notice, Typed
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.hearing.room import RoomLevel
from kiosk.voice.kept_hearing import Came, HeardTurn
from kiosk.voice.kiosk import VoiceKiosk
from kiosk.voice.parts import Hears, HearsEachWay
from kiosk.voice.sound.asr import SAMPLE_RATE, Utterance
from kiosk.voice.sound.audio import WavSource
from kiosk.voice.sound.tts import Speech


class Silent:
    """A speaker and an output that say nothing, at once (audio.Output, parts.Renders)."""

    def render(self, text: str) -> Speech:
        return Speech(np.zeros(0, dtype=np.int16), SAMPLE_RATE)

    def open(self) -> None:
        pass

    def play(self, speech: Speech) -> float:
        return time.monotonic()

    def quiet_at(self) -> float:
        return time.monotonic()

    def close(self) -> None:
        pass


@dataclass
class Collected:
    """Each turn the replayed loop takes (parts.KeepsHearing), kept in memory to compare."""

    turns: list[HeardTurn] = field(default_factory=list)
    heard_seconds: float = 0.0

    def heard_audio(self, pcm: bytes) -> None:
        self.heard_seconds += len(pcm) / 2 / SAMPLE_RATE

    def took(self, turn: HeardTurn) -> None:
        self.turns.append(turn)


class _Deaf:
    """A recogniser that hears nothing: the readings replay feeds the loop's words, never audio."""

    fed = 0.0

    def feed(self, chunk: bytes) -> Utterance | None:
        return None

    def partial(self, keep_unknown: bool = False) -> str:
        return ""

    def finish(self) -> Utterance | None:
        return None

    def reset(self) -> None:
        pass

    def decode(self, pcm: bytes) -> Utterance | None:
        return None

    def readings_of(self, pcm: bytes, count: int) -> list[Utterance]:
        return []

    def decode_within(self, pcm: bytes, phrases: Sequence[str]) -> Utterance | None:
        return None


class _NoRecognizers:
    """Recognisers for the readings replay, which hears no audio (parts.HearsEachWay)."""

    def __init__(self) -> None:
        self._deaf: Hears = _Deaf()

    @property
    def open(self) -> Hears:
        return self._deaf

    def __getitem__(self, way: Listening) -> Hears:
        return self._deaf

    def beside(self, way: Listening) -> Hears | None:
        return None

    def warm(self, samples: npt.NDArray[np.int16]) -> None:
        pass

    def renew_open(self, samples: npt.NDArray[np.int16]) -> bool:
        return False

    def reset(self) -> None:
        pass


@dataclass
class _AsKept(RoomLevel):
    """The room as loud as it was measured when the turn was taken."""

    was_loud: bool = False

    @property
    def loud(self) -> bool:
        return self.was_loud


@dataclass(frozen=True)
class Replayed:
    turns: tuple[HeardTurn, ...]
    seconds: float
    """Wall-clock seconds the replay took."""
    heard_seconds: float
    """Seconds of audio heard (0 for a replay of readings)."""


def _kiosk(table: Table, night: HeardNight, recognizers: HearsEachWay, kept: Collected) -> VoiceKiosk:
    silent = Silent()
    return VoiceKiosk(
        table,
        None,
        silent,
        silent,
        printout=io.StringIO(),
        recognizer_set=recognizers,
        confirm_picks=night.listened.confirm_picks,
        keeping=kept,
    )


def replay_audio(night: HeardNight, table: Table, recognizers: HearsEachWay) -> Replayed:
    """The night's heard audio through the listening loop as it is now, faster than real time."""
    if night.audio is None:
        raise FileNotFoundError(f"no audio is kept in {night.folder}")
    kept = Collected()
    kiosk = _kiosk(table, night, recognizers, kept)
    began = time.monotonic()
    kiosk.run(WavSource(night.audio, realtime=False, tail_seconds=0.0))
    return Replayed(tuple(kept.turns), time.monotonic() - began, kept.heard_seconds)


def replay_readings(night: HeardNight, table: Table) -> Replayed:
    """Each kept turn's words through today's dialogue, heard as then; the way it listens now kept beside."""
    kept = Collected()
    kiosk = _kiosk(table, night, _NoRecognizers(), kept)
    began = time.monotonic()
    if kiosk.begin():
        for turn in night.turns:
            now = kiosk.listening_now()
            kiosk.room = _AsKept(was_loud=turn.loud)
            if kiosk.respond(_message(turn), None, turn.way):
                _listened_now(kept, now)
                break
            _listened_now(kept, now)
    return Replayed(tuple(kept.turns), time.monotonic() - began, 0.0)


def _listened_now(kept: Collected, way: Listening) -> None:
    if kept.turns:
        kept.turns[-1] = replace(kept.turns[-1], way=way)


def _message(turn: HeardTurn) -> Utterance:
    if turn.came is Came.TYPED:
        return Typed(turn.taken.text)
    if turn.came is Came.NOTICE:
        return Notice(turn.taken.text)
    return turn.taken


@dataclass(frozen=True)
class Difference:
    """A turn where the replay differs from the night as kept (either side None: no such turn)."""

    number: int
    """1 for the first turn."""
    then: HeardTurn | None
    now: HeardTurn | None


def differences(then: Sequence[HeardTurn], now: Sequence[HeardTurn]) -> list[Difference]:
    """Every turn where the way listened or what the kiosk said back differs, in order."""
    found = []
    for number in range(max(len(then), len(now))):
        was = then[number] if number < len(then) else None
        is_ = now[number] if number < len(now) else None
        same = was is not None and is_ is not None and _compared(was) == _compared(is_)
        if not same:
            found.append(Difference(number + 1, was, is_))
    return found


_SAVE_KEPT = re.compile(r"^\(The save is also kept in .*\)\n", re.MULTILINE)
"""Where the night's records kept a save the table asked for (table.KeptNight): a file, not the dialogue."""


def _compared(turn: HeardTurn) -> tuple[Listening, tuple[str, ...]]:
    return turn.way, tuple(_SAVE_KEPT.sub("", said) for said in turn.said)


def told_turn(turn: HeardTurn | None, whole: bool = False) -> str:
    """A turn in one line (its reply's first line), or `whole`, every line the kiosk said back."""
    if turn is None:
        return "(no such turn)"
    said = "\n      ".join(turn.said) if whole else (turn.said[0].splitlines()[0] if turn.said else "")
    return f'"{turn.taken.text}" heard {turn.way.value} -> {said or "(nothing said)"}'
