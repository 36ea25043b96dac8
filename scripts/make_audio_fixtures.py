"""Make the recorded tables in audio_fixtures/: each utterance of a transcript spoken by espeak-ng, with a
pause between, as 16 kHz mono WAV, and the real digits recording copied from shared/audio.

    python scripts/make_audio_fixtures.py

espeak-ng speech is hard for recognisers; these files exercise the pipeline, and the real human recording
(digits.wav) checks that recognition hears real speech.
"""

from __future__ import annotations

import shutil
import wave
from pathlib import Path

import numpy as np

from kiosk.voice.asr import SAMPLE_RATE
from kiosk.voice.audio import resample
from kiosk.voice.tts import Speaker, SpeakerSettings

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "audio_fixtures"
SHARED_DIGITS = ROOT.parent / "shared" / "audio" / "vosk-test-digits.wav"
PAUSE_SECONDS = 1.5

TABLES = {
    # A short two-team night by voice on the practice key, ending the night early.
    "table-night": [
        "two",
        "d three",
        "bats echolocation",
        "ghosts sonar",
        "yes",
        "end the night",
        "bats yes",
        "ghosts yes",
    ],
}


def write_wav(path: Path, samples: np.ndarray) -> None:  # type: ignore[type-arg]
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(SAMPLE_RATE)
        file.writeframes(samples.astype(np.int16).tobytes())


def main() -> None:
    FIXTURES.mkdir(exist_ok=True)
    speaker = Speaker(SpeakerSettings(rate=140))
    pause = np.zeros(int(PAUSE_SECONDS * SAMPLE_RATE), dtype=np.int16)
    for name, lines in TABLES.items():
        parts = [pause]
        for line in lines:
            speech = speaker.render(line)
            parts += [resample(speech.samples, speech.rate, SAMPLE_RATE), pause]
        write_wav(FIXTURES / f"{name}.wav", np.concatenate(parts))
        (FIXTURES / f"{name}.txt").write_text("\n".join(lines) + "\n")
    speaker.close()
    if SHARED_DIGITS.exists():
        shutil.copyfile(SHARED_DIGITS, FIXTURES / "digits.wav")
        shutil.copyfile(SHARED_DIGITS.with_suffix(".txt"), FIXTURES / "digits.txt")


if __name__ == "__main__":
    main()
