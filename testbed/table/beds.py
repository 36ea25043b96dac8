"""Noise beds for the simulated table's room. For tuning: the project's own (`audio_fixtures/noise/`) and two
made here, which were held out until 2026-12 and were tuned on all the same (decision 0015):

- `babble-made`: eight other voices (flite's awb and kal, six espeak-ng variants none of the project's bed
  uses) talking party small talk, not the practice key's questions;
- `music-made`: plucked strings (Karplus-Strong) in three-four at 96 beats a minute over a sawtooth bass,
  with a brushed snare: made differently from the project's chords, kick and hi-hats.

The HELD-OUT beds are made the same ways from what testbed/held_out.toml lists: other voices and other talk,
the music in another key and time, with their own seeds.

Generated beds are kept in build/table-beds/ (not in git) and made again when missing.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import numpy as np

from kiosk.voice.sound.audio import resample

from .voices import RATE, Samples, read_wav, write_wav

ROOT = Path(__file__).resolve().parents[2]
PROJECT_BEDS = ROOT / "audio_fixtures" / "noise"
GENERATED = ROOT / "build" / "table-beds"
BED_SECONDS = 40
TUNING_BEDS = ("babble", "music")
MADE_BEDS = ("babble-made", "music-made")

CHATTER = (  # party small talk: the made babble's, and a second talker's in the voice filter measurement
    "Did you bring the sparklers from the garage or are they still in the car?",
    "My sister made the toffee this year and it nearly pulled my tooth out.",
    "Honestly the best costume last year was the walking lamp post with the little moths.",
    "Can somebody turn the oven down, the sausage rolls are catching on the bottom.",
    "We walked all the way round the estate and only got three satsumas and a sticker.",
    "No no, the parking is round the back, by the recycling bins, past the gate.",
    "Is that your coat on the stairs? Somebody has spilt the lemonade over it.",
    "I told him the fireworks start at eight but he never listens to a word.",
    "The dog is terrified of the doorbell tonight, we should have put a note up.",
    "Grandad says in his day you got a penny and a lecture about the weather.",
    "Pass me the crisps would you, the salt and vinegar ones, not the cheese.",
    "She is carving a cat this time, with whiskers made of cocktail sticks.",
    "We need more paper plates, the kids are using them as masks again.",
    "Tell me that is not the same playlist as last year, every single song.",
)
_BABBLE_VOICES = (
    ("flite", "awb"),
    ("flite", "kal"),
    ("espeak-ng", "gmw/en-gb-scotland+f2"),
    ("espeak-ng", "gmw/en-us-nyc+m4"),
    ("espeak-ng", "gmw/en-gb-x-gbclan+f4"),
    ("espeak-ng", "gmw/en-gb-x-gbcwmd+m2"),
    ("espeak-ng", "gmw/en+f5"),
    ("espeak-ng", "gmw/en-us+m6"),
)


def bed(name: str) -> Samples:
    """A noise bed by name, at 16 kHz: a project bed, or one made here (on first use, then kept)."""
    from .held_out import babble_bed, music_bed

    if name in TUNING_BEDS:
        samples, rate = read_wav(PROJECT_BEDS / f"{name}.wav")
        return resample(samples, rate, RATE)
    babble, music = babble_bed(), music_bed()
    makers = {
        "babble-made": lambda: made_babble(_BABBLE_VOICES, CHATTER, 18),
        "music-made": lambda: made_music(96, 0, 96),
        babble.name: lambda: made_babble(
            tuple(("espeak-ng", voice) for voice in babble.voices), babble.chatter, babble.seed
        ),
        music.name: lambda: made_music(music.beats_a_minute, music.semitones, music.seed),
    }
    if name not in makers:
        raise KeyError(f"no noise bed {name!r}; beds: {', '.join((*TUNING_BEDS, *makers))}")
    path = GENERATED / f"{name}.wav"
    if not path.exists():
        GENERATED.mkdir(parents=True, exist_ok=True)
        write_wav(path, makers[name]())
    return read_wav(path)[0]


def _speak(engine: str, voice: str, text: str, speed: int) -> Samples:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "talk.wav"
        if engine == "flite":
            command = ["flite", "-voice", voice, "-t", text, "-o", str(out)]
        else:
            command = ["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(out), text]
        subprocess.run(command, check=True, capture_output=True, timeout=60)
        samples, rate = read_wav(out)
    return resample(samples, rate, RATE)


def made_babble(voices: tuple[tuple[str, str], ...], chatter: tuple[str, ...], seed: int) -> Samples:
    """Each voice talking its way through the chatter in its own order and pace, all at once."""
    rng = np.random.default_rng(seed)
    length = BED_SECONDS * RATE
    room = np.zeros(length, dtype=np.float64)
    for number, (engine, voice) in enumerate(voices):
        talk: list[Samples] = []
        order = rng.permutation(len(chatter))
        while sum(len(part) for part in talk) < length:
            for index in order:
                talk.append(_speak(engine, voice, chatter[index], 140 + 12 * number))
                talk.append(np.zeros(int(rng.uniform(0.2, 0.9) * RATE), dtype=np.int16))
        speech = np.concatenate(talk).astype(np.float64)
        start = int(rng.integers(0, len(speech) - length + 1))
        part = speech[start : start + length]
        room += part / (part.std() or 1.0) * rng.uniform(0.6, 1.0)
    return _scaled(room)


def _pluck(frequency: float, seconds: float, rng: np.random.Generator) -> np.ndarray:
    period = int(RATE / frequency)
    ring = rng.uniform(-1, 1, period)
    out = np.empty(int(seconds * RATE))
    for index in range(len(out)):
        out[index] = ring[index % period]
        ring[index % period] = 0.996 * 0.5 * (ring[index % period] + ring[(index + 1) % period])
    return out


def made_music(beats_a_minute: float, semitones: int, seed: int) -> Samples:
    """Plucked arpeggios in three-four over a sawtooth bass with a brushed snare, transposed by `semitones`."""
    rng = np.random.default_rng(seed)
    length = BED_SECONDS * RATE
    music = np.zeros(length + RATE * 2)
    beat = 60 / beats_a_minute
    shift = 2 ** (semitones / 12)
    chords = tuple(
        tuple(note * shift for note in chord)
        for chord in (
            (220.0, 277.2, 329.6),
            (196.0, 246.9, 293.7),
            (174.6, 220.0, 261.6),
            (164.8, 207.7, 246.9),
        )
    )
    bar = 0
    time = 0.0
    while time < BED_SECONDS:
        chord = chords[bar % len(chords)]
        for step in range(6):  # quavers: an arpeggio up and down
            at = int((time + step * beat / 2) * RATE)
            note = chord[(0, 1, 2, 1, 2, 1)[step]] * (2 if step == 2 else 1)
            pluck = _pluck(note, 1.2, rng)
            music[at : at + len(pluck)] += pluck[: len(music) - at] * 0.5
        bass_at = int(time * RATE)
        bass_t = np.arange(int(3 * beat * RATE)) / RATE
        bass = ((bass_t * chord[0] / 2) % 1.0 - 0.5) * np.exp(-bass_t * 1.5) * 0.6
        music[bass_at : bass_at + len(bass)] += bass[: len(music) - bass_at]
        for snare in (1, 2):
            at = int((time + snare * beat) * RATE)
            brush = rng.normal(0, 0.25, int(0.18 * RATE)) * np.exp(-np.arange(int(0.18 * RATE)) / RATE * 20)
            brush = np.convolve(brush, np.ones(4) / 4, mode="same")
            music[at : at + len(brush)] += brush[: len(music) - at]
        time += 3 * beat
        bar += 1
    return _scaled(music[:length])


def _scaled(samples: np.ndarray) -> Samples:
    peak = np.abs(samples).max() or 1.0
    return (samples / peak * 20000).astype(np.int16)
