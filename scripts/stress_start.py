"""Start the voice kiosk again and again with the CPU busy beside it, and count the starts that hang.

    python scripts/stress_start.py [--runs 50] [--load 2] [--speaker-runs 5] [--model DIR]

Each run is `python -m kiosk voice` on a second of silence: it loads the model, speaks the whole opening
(rendered sentence by sentence) and stops when the recording ends. A run that has not ended within
--timeout seconds is a hang; it is aborted and its threads' stacks are printed. --load processes spin
beside every run, as a Raspberry Pi's slower CPU would.

Runs first write the speech to a WAV file (the render path, where starts used to hang), then
--speaker-runs more play it through the real PortAudio path into a private virtual speaker (needs
pulseaudio; the opening then takes as long as it takes to say).
"""

from __future__ import annotations

import argparse
import multiprocessing
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def spin() -> None:
    while True:
        pass


def silence(path: Path, seconds: float = 1.0) -> None:
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(16000)
        file.writeframes(bytes(int(seconds * 16000) * 2))


def one_start(command: list[str], env: dict[str, str] | None, timeout: float) -> tuple[str, float, str]:
    """("ok" | "hang" | "failed", seconds, its stderr)."""
    began = time.monotonic()
    with subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGABRT)  # faulthandler prints every thread's stack
            _, err = process.communicate()
            return "hang", time.monotonic() - began, err
    seconds = time.monotonic() - began
    if process.returncode != 0 or "Welcome to Snap-Apple Night" not in out:
        return "failed", seconds, err
    return "ok", seconds, err


def series(name: str, runs: int, command: list[str], env: dict[str, str], timeout: float) -> dict[str, int]:
    counts = {"ok": 0, "hang": 0, "failed": 0}
    times: list[float] = []
    underruns = 0
    for run in range(1, runs + 1):
        outcome, seconds, err = one_start(command, env, timeout)
        counts[outcome] += 1
        times.append(seconds)
        underruns += err.count("underrun occurred")
        if outcome != "ok":
            print(f"  {name} run {run}: {outcome} after {seconds:.1f} s\n{err[-3000:]}", file=sys.stderr)
    median = statistics.median(times) if times else 0.0
    print(
        f"| {name} | {runs} | {counts['ok']} | {counts['hang']} | {counts['failed']} | {median:.1f} s "
        f"| {underruns} |",
        flush=True,
    )
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--speaker-runs", type=int, default=5)
    parser.add_argument("--load", type=int, default=2, help="busy processes beside each run")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--model", type=Path)
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="stress-start-"))
    quiet = folder / "silence.wav"
    silence(quiet)
    base = [sys.executable, "-X", "faulthandler", "-m", "kiosk", "voice", "--audio-in", str(quiet)]
    if args.model:
        base += ["--model", str(args.model)]
    env = {**__import__("os").environ, "SNAP_APPLE_HOME": str(folder / "home")}

    spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.load)]
    for spinner in spinners:
        spinner.start()
    print(f"CPU load: {args.load} busy processes on {multiprocessing.cpu_count()} cores\n")
    print("| start | runs | ended | hung | failed | median run | ALSA underruns |")
    print("|---|---|---|---|---|---|---|")
    hangs = 0
    try:
        if args.runs:
            wav = [*base, "--audio-out", str(folder / "o.wav")]
            counts = series("opening to a WAV file", args.runs, wav, env, args.timeout)
            hangs += counts["hang"] + counts["failed"]
        if args.speaker_runs:
            from testbed.virtual_audio import VirtualAudio

            if not VirtualAudio.available():
                print("(no pulseaudio: the speaker runs are skipped)")
            else:
                audio = VirtualAudio(folder / "pulse")
                audio.start()
                try:
                    counts = series(
                        "opening on the virtual speaker",
                        args.speaker_runs,
                        [*base, "--rate", "300"],
                        {**audio.env, "SNAP_APPLE_HOME": str(folder / "home")},
                        args.timeout,
                    )
                    hangs += counts["hang"] + counts["failed"]
                finally:
                    audio.stop()
    finally:
        for spinner in spinners:
            spinner.terminate()
            spinner.join()
    return 1 if hangs else 0


if __name__ == "__main__":
    sys.exit(main())
