"""The kiosk and the table on one simulated line: no sound server and no wall clock. The real kiosk
(`kiosk.commands.voice`, its recognisers and its voice) runs in a thread of this process; its microphone
hears the room the table sits in, and the two sides take turns on one clock that moves only as the
microphone is read. A night is heard as fast as the machine can recognise it, and the same way every run,
whatever else the machine is doing.

What reaches the microphone is what a room would carry: the noise bed looped, the adult's utterances, and
(in a room) the kiosk's own voice through the room's response from its speaker. The kiosk's speech takes
the seconds it lasts; the table reads a reply once the kiosk's voice has ended, as a person hears it.

    line = VirtualLine(bed, echo)          the room's sound and the shared clock
    line.parts(speaker, recognizers)       the kiosk's microphone and speaker on it (kiosk.voice.stack)
    Screen(line), Acts(line)               its printout, and what it says as acts (kiosk/voice/acts.py)
    kiosk = VirtualKiosk(line)             the kiosk as the table meets it (kiosk_process.KioskLine)
"""

from __future__ import annotations

import enum
import io
import logging
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from kiosk.voice.sound.audio import Chunk, resample
from kiosk.voice.sound.tts import Speech

from .kiosk_process import HEARING, LISTENING
from .kiosk_reply import ActsFollowed, KioskReply
from .talk import Stuck
from .voices import RATE, Samples

CHUNK = RATE // 10
"""A tenth of a second a chunk, as the kiosk's microphone gives them."""
WATCHDOG_SECONDS = 600.0
"""Wall-clock seconds one side may run while the other waits: past it, a side has hung and the night is
stuck (the kiosk recognising one long utterance with three recognisers takes a few seconds)."""
Float = npt.NDArray[np.float64]


class Side(enum.Enum):
    KIOSK = "kiosk"
    TABLE = "table"


class Hung(Stuck):
    """One side of the line stopped taking its turns."""


@dataclass
class Turns:
    """Two threads taking turns: only the side holding the turn runs, so the clock moves for both alike."""

    holder: Side = Side.TABLE
    closed: bool = False
    """One side has finished: neither waits for the other again."""
    _ready: threading.Condition = field(default_factory=threading.Condition)

    def hand(self, to: Side, me: Side) -> None:
        """Give the turn to `to` and wait for it back (or for the line to close)."""
        with self._ready:
            self.holder = to
            self._ready.notify_all()
            if not self._ready.wait_for(lambda: self.holder is me or self.closed, WATCHDOG_SECONDS):
                raise Hung(f"the {to.value} side took no turn for {WATCHDOG_SECONDS:.0f} s")

    def wait_for_turn(self, me: Side) -> None:
        with self._ready:
            if not self._ready.wait_for(lambda: self.holder is me or self.closed, WATCHDOG_SECONDS):
                raise Hung(f"the {me.value} side was given no turn for {WATCHDOG_SECONDS:.0f} s")

    def close(self) -> None:
        with self._ready:
            self.closed = True
            self._ready.notify_all()


@dataclass
class Sounds:
    """What reaches the microphone over the bed, each sound from its first sample on."""

    playing: list[tuple[int, Float]] = field(default_factory=list)

    def add(self, start: int, samples: Float) -> int:
        """Place a sound; the sample after its last."""
        self.playing.append((start, samples))
        return start + len(samples)

    def take(self, start: int, count: int) -> Float:
        """The sounds' sum over [start, start + count); sounds wholly heard are let go."""
        out = np.zeros(count)
        for begins, samples in self.playing:
            lo, hi = max(start, begins), min(start + count, begins + len(samples))
            if lo < hi:
                out[lo - start : hi - start] += samples[lo - begins : hi - begins]
        self.playing = [(b, s) for b, s in self.playing if b + len(s) > start + count]
        return out


@dataclass
class VirtualLine:
    """The room's sound at the kiosk's microphone, and the one clock both sides read."""

    bed: Samples
    """The room between utterances, looped (room.bed_loop)."""
    echo: Float | None = None
    """The response from the kiosk's speaker to its microphone, at the speaker's gain; None: the kiosk's
    voice does not reach its microphone (no room)."""
    sample: int = 0
    """Samples the microphone has given: the clock."""
    sounds: Sounds = field(default_factory=Sounds)
    turns: Turns = field(default_factory=Turns)
    printed: list[tuple[float, str]] = field(default_factory=list)
    """Every line the kiosk printed or logged, with the clock when it did."""
    acts: list[str] = field(default_factory=list)
    """Every act the kiosk wrote (a JSON line), in order."""
    kiosk_quiet_at: float = 0.0
    """When the kiosk's voice ends (what it has said so far)."""
    table_until: int = 0
    """The sample after the adult's last utterance."""
    wake: Callable[[], bool] | None = None
    """What the waiting table waits for; the kiosk hands it the turn once it holds."""
    ended: bool = False
    """The kiosk has finished (the night over, or the kiosk stopped)."""
    done: bool = False
    """The table has finished: the microphone gives no more."""
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def now(self) -> float:
        return self.sample / RATE

    def print(self, line: str) -> None:
        with self._lock:
            self.printed.append((self.now(), line))

    def act(self, line: str) -> None:
        with self._lock:
            self.acts.append(line)

    # --- the kiosk's side ------------------------------------------------------------------------------

    def chunks(self) -> Iterator[Chunk]:
        """The microphone: a chunk at a time, the table given its turn first whenever what it waits for
        has come."""
        self.turns.wait_for_turn(Side.KIOSK)
        while not self.done:
            if self.wake is not None and self.wake():
                self.turns.hand(Side.TABLE, Side.KIOSK)
                continue
            start = self.sample
            mixed = self.bed[np.arange(start, start + CHUNK) % len(self.bed)] + self.sounds.take(start, CHUNK)
            self.sample += CHUNK
            pcm = np.clip(np.round(mixed), -32768, 32767).astype(np.int16).tobytes()
            yield Chunk(pcm, start / RATE, self.now())

    def play(self, speech: Speech) -> float:
        """The kiosk says a sentence: after what it is saying, for as long as it lasts, and through the room
        to its own microphone; the clock when it begins."""
        samples = resample(speech.samples, speech.rate, RATE).astype(np.float64)
        begins = max(self.now(), self.kiosk_quiet_at)
        self.kiosk_quiet_at = begins + len(samples) / RATE
        if self.echo is not None and len(samples):
            from scipy.signal import fftconvolve

            self.sounds.add(round(begins * RATE), fftconvolve(samples, self.echo))
        return begins

    def kiosk_finished(self) -> None:
        self.ended = True
        self.turns.close()

    # --- the table's side ------------------------------------------------------------------------------

    def wait_until(self, holds: Callable[[], bool]) -> None:
        """The table waits, the kiosk running and the clock moving, until `holds` (or the kiosk ends)."""
        if self.ended or holds():
            return
        self.wake = holds
        try:
            self.turns.hand(Side.KIOSK, Side.TABLE)
        finally:
            self.wake = None

    def say(self, samples: Samples) -> None:
        """The adult's utterance into the room: from now (or once its last has been said), until it ends.
        The kiosk's voice and its echo do not hold it back: a reader may talk over them."""
        begins = max(self.sample, self.table_until)
        self.table_until = ends = self.sounds.add(begins, samples.astype(np.float64))
        self.wait_until(lambda: self.sample >= ends)

    def table_finished(self) -> None:
        self.done = True
        self.turns.close()


class Speaker:
    """The kiosk's speaker on the line (kiosk.voice.sound.audio.Output)."""

    def __init__(self, line: VirtualLine) -> None:
        self.line = line

    def open(self) -> None:
        pass

    def play(self, speech: Speech) -> float:
        return self.line.play(speech)

    def quiet_at(self) -> float:
        return max(self.line.kiosk_quiet_at, self.line.now())

    def close(self) -> None:
        pass


class Microphone:
    """The kiosk's microphone on the line (kiosk.voice.sound.audio.Source): stamped on the line's clock."""

    realtime = True

    def __init__(self, line: VirtualLine) -> None:
        self.line = line

    def chunks(self) -> Iterator[Chunk]:
        return self.line.chunks()


class Screen(io.TextIOBase):
    """The kiosk's printout and its log, line by line onto the line (each stamped with the clock)."""

    def __init__(self, line: VirtualLine) -> None:
        self.line = line
        self._part = ""

    def write(self, text: str) -> int:
        *whole, self._part = (self._part + text).split("\n")
        for line in whole:
            self.line.print(line)
        return len(text)

    def handler(self) -> logging.Handler:
        """The kiosk's log lines, formatted as `python -m kiosk` writes them (kiosk.logs.FORMAT)."""
        handler = logging.StreamHandler(self)
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        return handler


class Acts(io.TextIOBase):
    """What the kiosk says as acts, a JSON line each, onto the line."""

    def __init__(self, line: VirtualLine) -> None:
        self.line = line
        self._part = ""

    def write(self, text: str) -> int:
        *whole, self._part = (self._part + text).split("\n")
        for act in whole:
            self.line.act(act)
        return len(text)


class VirtualKiosk:
    """The kiosk on the line as the table meets it (kiosk_process.KioskLine): its replies, each read once
    its voice has ended, and the line's clock."""

    def __init__(self, line: VirtualLine) -> None:
        self.line = line
        self._transcript: list[tuple[float, str]] = []
        self._read = 0
        """Lines of line.printed already read into the transcript."""
        self._acts = ActsFollowed()
        self._acts_read = 0
        """Acts of line.acts already followed."""

    @property
    def transcript(self) -> list[tuple[float, str]]:
        """Every line the kiosk printed and the table said, in the order of the line's clock."""
        return sorted(self._transcript, key=lambda timed: timed[0])

    @property
    def ended(self) -> bool:
        return self.line.ended and self._reply_end() is None and self._read >= len(self.line.printed)

    def _reply_end(self) -> int | None:
        """The index of the next "(listening)" among the lines not yet read, once the kiosk is quiet."""
        if self.line.now() < self.line.kiosk_quiet_at and not self.line.ended:
            return None
        printed = self.line.printed
        return next((i for i in range(self._read, len(printed)) if LISTENING.match(printed[i][1])), None)

    def _replying(self) -> bool:
        """The kiosk has begun a reply not yet read: the table hears it out, however long it speaks."""
        return any(not HEARING.match(line) for _, line in self.line.printed[self._read :])

    def _take(self, upto: int) -> KioskReply:
        """The reply's lines up to `upto` (not included), read into the transcript, with their acts (each
        written before its words were printed)."""
        taken = self.line.printed[self._read : upto]
        self._transcript += taken
        self._read = upto
        for act in self.line.acts[self._acts_read :]:
            self._acts.add(act)
        self._acts_read = len(self.line.acts)
        lines = [line for _, line in taken if not HEARING.match(line) and not LISTENING.match(line)]
        return self._acts.reply(lines)

    def block(self, timeout: float) -> KioskReply | None:
        """The kiosk's next reply, up to its "(listening)" or the end of the night; None if nothing came
        within timeout seconds on the line's clock."""
        deadline = self.now() + timeout
        self.line.wait_until(
            lambda: self._reply_end() is not None or (self.now() >= deadline and not self._replying())
        )
        end = self._reply_end()
        if end is not None:
            return self._take(end + 1)
        if self.line.ended:
            rest = self._take(len(self.line.printed))
            return rest if rest.text else None
        return None

    def note(self, said: str) -> None:
        self._transcript.append((self.now(), f"> {said}"))

    def shown(self) -> list[str]:
        return [line for _, line in self.transcript if not HEARING.match(line) and not line.startswith("> ")]

    def now(self) -> float:
        return self.line.now()

    def wait(self, seconds: float) -> None:
        until = self.now() + seconds
        self.line.wait_until(lambda: self.now() >= until)

    def say(self, samples: Samples) -> None:
        self.line.say(samples)
