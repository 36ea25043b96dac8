"""Whether a one-word reply is ended in a loud room once its voice has left the utterance's loudest moment for
reader.READER_GONE seconds (reader.LoudestSoFar, kiosk.voice.hearing.Hearing.reader_done), and how soon.

    nice -n 10 .venv/bin/python scripts/measure_reader_gone.py [--snr DB] [--bed babble|music] [--held-out]

Each reply is said by each TUNING voice of the simulated table (scripts/table/voices.py) after two seconds of
the room's noise bed and before TAIL seconds more, at DRAWS places in the bed, and fed in the kiosk's chunks
from half a second before it. Prints, per reply, the median seconds from its last word to the reader gone,
the replies it would cut short (gone before the last word), and, beside it, the end-of-speech detector's
own end. The kiosk honours the detector's end only once its list has heard a word, so a reply heard as no
word of the list (a letter's word as [unk]) waited on the room's talk for seconds: the simulated table's
nights measure what the rule saves (scripts/bench_table.py). --held-out uses the held-out voices and beds
instead, to report, never to choose by.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.voice.asr import SAMPLE_RATE  # noqa: E402
from kiosk.voice.audio import CHUNK_SECONDS  # noqa: E402
from kiosk.voice.reader import LoudestSoFar  # noqa: E402
from kiosk.voice.turns import CLOSED_HANGOVER  # noqa: E402
from kiosk.voice.vad import EndOfSpeech  # noqa: E402
from scripts.measure_loudest_stretch import CONTEXT, in_the_room  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402

REPLIES = ("No.", "No, no.", "That's right.", "Sierra.", "Tango.", "Seven.", "Bats.", "Bats, yes.")
"""One-word replies by design (a letter's or digit's word, a team's name, the yes or no to one team's answer),
and a team's yes with its name."""
TAIL = 8.0
"""Seconds of the room after the reply."""
DRAWS = 6
VOICED = 300
"""A sample louder than this is the reply's, in the voice rendered alone (its last marks the last word)."""


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    print(room.heading)
    for reply in REPLIES:
        detected: list[float] = []
        gone: list[float] = []
        cut = 0
        for voice in room.voices:
            speech = voice.render(reply)
            said = np.nonzero(np.abs(speech.astype(np.int32)) > VOICED)[0]
            last_word = CONTEXT + (said[-1] + 1) / SAMPLE_RATE if len(said) else CONTEXT
            tail = np.zeros(int((TAIL - CONTEXT) * SAMPLE_RATE), dtype=speech.dtype)
            for draw in range(room.draws):
                pcm = in_the_room(room, np.concatenate([speech, tail]), sum(map(ord, reply)) + draw * 7919)
                by_detector, by_reader = ends(pcm)
                end = len(pcm) / 2 / SAMPLE_RATE
                detected.append((by_detector if by_detector is not None else end) - last_word)
                gone.append((by_reader if by_reader is not None else end) - last_word)
                cut += by_reader is not None and by_reader < last_word
        print(
            f" {reply:14} after its last word, median: the reader gone {statistics.median(gone):5.2f} s"
            f" (cut short {cut}), the end of speech {statistics.median(detected):5.2f} s",
            flush=True,
        )


def ends(pcm: bytes) -> tuple[float | None, float | None]:
    """Seconds into `pcm` at which the end-of-speech detector ends the utterance, and at which the reader is
    gone; None if never. The detector hears the room until half a second before the reply, then starts an
    utterance afresh, as the kiosk does once it has spoken."""
    detector, loudest = EndOfSpeech(), LoudestSoFar()
    step = int(CHUNK_SECONDS * SAMPLE_RATE) * 2
    started: float | None = None
    by_detector: float | None = None
    by_reader: float | None = None
    for offset in range(0, len(pcm) - step + 1, step):
        at = offset / 2 / SAMPLE_RATE
        chunk = pcm[offset : offset + step]
        if at < CONTEXT - 0.5:
            detector.feed(chunk, at, CLOSED_HANGOVER)
            detector.reset()
            continue
        voiced_before = detector.last_voice_at
        ended = detector.feed(chunk, at, CLOSED_HANGOVER)
        if detector.last_voice_at != voiced_before and started is None:
            started = at
        if started is None:
            continue
        loudest.feed(chunk, at)
        quiet = ended or (not detector.speaking and detector.quiet_seconds >= CLOSED_HANGOVER)
        by_detector = at if quiet and by_detector is None else by_detector
        by_reader = at if loudest.gone(at) and by_reader is None else by_reader
        if by_detector is not None and by_reader is not None:
            break
    return by_detector, by_reader


if __name__ == "__main__":
    main()
