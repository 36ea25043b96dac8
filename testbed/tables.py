"""The recorded party tables in audio_fixtures/: what each file says, when, and how the night must end;
and the same tables in party noise, mixed on demand from the clean files and two recorded noise beds.

Each table WAV (16 kHz mono 16-bit) has a JSON file beside it: every utterance with its kind, the words
the table says, and the seconds at which the speech starts and the last word ends; the save block the night
resumes from, if any; and the ledger and RESULT line the night must end with.

Noisy mixes are not kept in git: `mixed()` makes them from the clean file, a noise bed (overlapping voices,
or music-like noise) and a seed, at a signal-to-noise ratio measured over the speech only.
"""

from __future__ import annotations

import enum
import json
import wave
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kiosk import Host, KeySource
from kiosk.keys import load_practice

FIXTURES = Path(__file__).resolve().parent.parent / "audio_fixtures"
RATE = 16_000
SNRS = (20, 10, 5)
"""Decibels of speech over noise at which the tables are heard in the benchmark."""
NOISE_SEED = 20261031
"""Where each noise bed starts for each table: fixed, so that every run hears the same mix."""

Samples = npt.NDArray[np.int16]


class Kind(enum.Enum):
    """What an utterance is, for recognition figures per kind."""

    TEAM_COUNT = "team count"
    PICK = "pick"
    COMMAND = "command"
    TEAM_NAME = "team name"
    """A team naming itself with a word: "bats yes", "toads is out"."""
    YES_NO = "yes/no"
    ANSWER = "answer"
    """A team name followed by its answer, from the practice key, right or wrong."""
    PIECE = "answer piece"
    """The rest of an answer, said after a pause, with no team name."""
    SPELLED = "spelled word"
    DISPUTE = "dispute"
    YEAR = "year"
    """Candle-End years, with their team names."""


CLOSED_SET = (Kind.PICK, Kind.YES_NO, Kind.COMMAND)
"""Utterances that are whole as soon as they are heard: the kiosk may answer them sooner."""


@dataclass(frozen=True)
class Utterance:
    kind: Kind
    text: str
    start: float
    """Seconds into the file at which the speech starts."""
    end: float
    """Seconds into the file at which the last word ends."""
    pauses: tuple[tuple[float, float], ...] = ()
    """Silences inside the utterance (a speaker thinking mid-answer), as (start, end) seconds."""


@dataclass(frozen=True)
class Table:
    name: str
    """The scripted night, e.g. "two-teams"."""
    voice: str
    """Who speaks: "espeak-ng" or "piper"."""
    pace: str
    """"normal" or "slow"."""
    path: Path
    utterances: tuple[Utterance, ...]
    resume: str | None
    """A save block the night resumes from (as `--resume` does), or None for a new night."""
    ledger: str
    """The ledger line the night ends with."""
    result: str
    """The RESULT line the night ends with."""

    @property
    def label(self) -> str:
        return f"{self.name} ({self.voice}, {self.pace})"

    def samples(self) -> Samples:
        return read_wav(self.path)


def read_wav(path: Path) -> Samples:
    with wave.open(str(path), "rb") as file:
        if (file.getnchannels(), file.getsampwidth(), file.getframerate()) != (1, 2, RATE):
            raise ValueError(f"{path} is not 16 kHz mono 16-bit")
        return np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16).copy()


def write_wav(path: Path, samples: Samples) -> Path:
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(samples.astype(np.int16).tobytes())
    return path


def load_table(description: Path) -> Table:
    data = json.loads(description.read_text())
    utterances = tuple(
        Utterance(
            Kind(item["kind"]),
            item["text"],
            float(item["start"]),
            float(item["end"]),
            tuple((float(a), float(b)) for a, b in item.get("pauses", [])),
        )
        for item in data["utterances"]
    )
    return Table(
        data["table"],
        data["voice"],
        data["pace"],
        description.with_suffix(".wav"),
        utterances,
        data.get("resume"),
        data["expected"]["ledger"],
        data["expected"]["result"],
    )


def tables() -> list[Table]:
    """Every scripted table night in audio_fixtures/tables/, in name order."""
    return [load_table(path) for path in sorted((FIXTURES / "tables").glob("*.json"))]


NOISES = ("babble", "music")


def noise_bed(name: str) -> Samples:
    if name not in NOISES:
        raise ValueError(f"no noise bed called {name}")
    return read_wav(FIXTURES / "noise" / f"{name}.wav")


def speech_power(table: Table, samples: Samples) -> float:
    """Mean power of the speech alone (pauses between utterances left out)."""
    parts = [samples[int(u.start * RATE) : int(u.end * RATE)].astype(np.float64) for u in table.utterances]
    speech = np.concatenate(parts)
    return float(np.mean(speech * speech))


def mixed(table: Table, noise: str, snr_db: float) -> Samples:
    """The table in noise at snr_db decibels of speech over noise, the noise bed looped from a seeded offset."""
    clean = table.samples()
    bed = noise_bed(noise).astype(np.float64)
    rng = np.random.default_rng([NOISE_SEED, zlib.crc32(table.path.stem.encode()), NOISES.index(noise)])
    offset = int(rng.integers(0, len(bed)))
    looped = np.resize(np.roll(bed, -offset), len(clean))
    noise_power = float(np.mean(looped * looped))
    gain = np.sqrt(speech_power(table, clean) / (noise_power * 10 ** (snr_db / 10)))
    out = clean.astype(np.float64) + gain * looped
    noisy: Samples = np.clip(np.round(out), -32768, 32767).astype(np.int16)
    return noisy


def mixed_path(table: Table, noise: str, snr_db: float, folder: Path) -> Path:
    """The mix written as a WAV file in folder (made once per folder)."""
    path = folder / f"{table.path.stem}.{noise}-{snr_db:g}dB.wav"
    if not path.exists():
        write_wav(path, mixed(table, noise, snr_db))
    return path


class Referee:
    """Whether the engine receives an utterance correctly: given the night so far as the table said it,
    the reply to what was heard is the reply to what was said, word for word."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self._key = load_practice().key

    def _host_before(self, index: int) -> Host:
        host = Host(self._key, source=KeySource.PRACTICE, voice=True)
        host.opening()
        if self._table.resume:
            host.hear(self._table.resume)
        for utterance in self._table.utterances[:index]:
            host.hear(utterance.text)
        return host

    def received(self, index: int, heard: str) -> bool:
        said = self._table.utterances[index].text
        if heard == said:
            return True
        return self._host_before(index).hear(heard).text == self._host_before(index).hear(said).text
