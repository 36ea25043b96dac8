"""Figures for the voice pipeline on this machine, printed as tables.

    python -m testbed.measure pipeline [--model DIR] [--runs 3] [--skip-live]

- end of speech: seconds from the last word to the close of the utterance, table speech rendered by
  espeak-ng, clean and mixed with steady noise or babble (four other voices) at 20, 10 and 5 dB; missed
  ends (an utterance never closed) and false ends (closed inside an utterance);
- recognisers: decoding time of a first utterance by a fresh recogniser and by one warmed as the kiosk warms
  them during the opening;
- time to first sample: from a fresh process's start to the first sample of the opening on a (virtual)
  speaker, each voice, median of --runs;
- reply latency: from the end of the table's last word to the first sample of the reply, the kiosk live on
  a virtual speaker with a table that speaks whenever the kiosk listens (paced in real time), by kind of
  utterance.

The live figures need pulseaudio (the tests' private virtual sound server).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import SAMPLE_RATE, Recognizer, load_model
from kiosk.voice.sound.audio import CHUNK_SECONDS, Chunk, resample
from kiosk.voice.sound.model import default_model_path
from kiosk.voice.sound.tts import Speaker, SpeakerSettings
from testbed.rendered import ends, rendered_table, room_noise, with_noise

ROOT = Path(__file__).resolve().parents[2]

LINES = [
    "Bats, echolocation.",
    "Yes.",
    "Ghosts, the Hungry Ghost Festival.",
    "D three.",
    "Owls, a barn owl.",
    "No.",
    "Toads, pellets.",
    "End the night.",
]
BABBLE = [
    "Did you bring the candles for the lanterns this year?",
    "My cousin carved a turnip instead of a pumpkin, can you believe it.",
    "Pass the apples, the bobbing tub is nearly empty now.",
    "We went guising round the whole street last night.",
]


def babble(speaker: Speaker, count: int) -> npt.NDArray[np.float64]:
    """Four other voices talking over each other without a break."""
    rng = np.random.default_rng(7)
    total = np.zeros(count, dtype=np.float64)
    for text in BABBLE:
        speech = speaker.render(text)
        voice = resample(speech.samples, speech.rate, SAMPLE_RATE).astype(np.float64)
        track = np.tile(voice, count // len(voice) + 2)
        start = int(rng.integers(0, len(voice)))
        total += track[start : start + count]
    return total


def end_of_speech(speaker: Speaker) -> None:
    print("\n## End of speech (seconds from the last word to the close; espeak-ng speech, 8 utterances)\n")
    print("| noise | SNR | median | 95th pct | worst | missed | false ends |")
    print("|---|---|---|---|---|---|---|")
    parts: list[str | float] = [1.5]
    for line in LINES:
        parts += [line, 2.0]
    clean, spans = rendered_table(speaker, parts)
    noises = {"steady": room_noise(len(clean)), "babble": babble(speaker, len(clean))}
    cases: list[tuple[str, float | None]] = [("none", None)]
    cases += [(name, snr) for name in noises for snr in (20.0, 10.0, 5.0)]
    for name, snr in cases:
        samples = clean if snr is None else with_noise(clean, noises[name], snr)
        found = ends(samples)
        delays, missed, false = [], 0, 0
        for start, end in spans:
            inside = [at for at in found if start < at <= end]
            after = [at for at in found if end < at < end + 2.0]
            false += len(inside)
            if after:
                delays.append(after[0] - end)
            else:
                missed += 1
        if delays:
            ordered = sorted(delays)
            p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
            figures = f"{statistics.median(delays):.2f} | {p95:.2f} | {max(delays):.2f}"
        else:
            figures = "- | - | -"
        level = "-" if snr is None else f"{snr:.0f} dB"
        print(f"| {name} | {level} | {figures} | {missed} | {false} |")


def warm_and_cold(model: object, speaker: Speaker) -> None:
    print("\n## Recognisers: decoding a first utterance (2 to 3 s of speech), open vocabulary\n")
    speech = speaker.render("Ghosts, the Hungry Ghost Festival, in China.")
    pcm = resample(speech.samples, speech.rate, SAMPLE_RATE).tobytes()
    warmer = speaker.render("Bats, D three. Ghosts: a broomstick. Yes. B U T T O N. What's the score?")
    warm_pcm = resample(warmer.samples, warmer.rate, SAMPLE_RATE).tobytes()
    cold, warm = [], []
    for _ in range(3):
        fresh = Recognizer(model)
        began = time.perf_counter()
        fresh.decode(pcm)
        cold.append(time.perf_counter() - began)
        kept = Recognizer(model)
        kept.decode(warm_pcm)
        began = time.perf_counter()
        kept.decode(pcm)
        warm.append(time.perf_counter() - began)
    print("| recogniser | median decode | real-time factor |")
    print("|---|---|---|")
    seconds = speech.seconds
    for name, times in (("fresh (rebuilt per utterance)", cold), ("kept and warmed", warm)):
        median = statistics.median(times)
        print(f"| {name} | {median * 1000:.0f} ms | {median / seconds:.3f} |")


FIRST_SAMPLE = """
import sys, time
began = time.monotonic()
from kiosk.voice.sound import audio
play = audio.SpeakerOutput.play
def first_play(self, speech):
    at = play(self, speech)
    print(f"FIRST {at - began:.3f}", flush=True)
    sys.stdout.flush()
    import os; os._exit(0)
audio.SpeakerOutput.play = first_play
from kiosk.cli import main
main(sys.argv[1:])
"""


def time_to_first_sample(env: dict[str, str], model: Path, runs: int, silence: Path) -> None:
    print("\n## Time to first sample (fresh process start to the opening's first sample)\n")
    print("| voice | median | worst |")
    print("|---|---|---|")
    for voice in ("pyttsx3", "piper"):
        times = []
        for _ in range(runs):
            command = [sys.executable, "-c", FIRST_SAMPLE, "voice", "--model", str(model)]
            command += ["--audio-in", str(silence), "--speaker", voice]
            run = subprocess.run(command, env=env, capture_output=True, text=True, timeout=180, check=False)
            lines = [line for line in run.stdout.splitlines() if line.startswith("FIRST ")]
            if lines:
                times.append(float(lines[0].split()[1]))
            else:
                print(f"  ({voice}: no first sample: {run.stderr[-500:]})", file=sys.stderr)
        if times:
            print(f"| {voice} | {statistics.median(times):.2f} s | {max(times):.2f} s |")


class PacedTable:
    """A table that speaks its next line a moment after the kiosk starts listening, in real time, with a
    quiet room's hiss between lines."""

    realtime = True

    def __init__(self, lines: list[npt.NDArray[np.int16]], pause: float = 0.6) -> None:
        self.lines = lines
        self.pause = pause
        self.listening = threading.Event()

    def heard_ready(self) -> None:
        self.listening.set()

    def chunks(self) -> Iterator[Chunk]:
        step = int(CHUNK_SECONDS * SAMPLE_RATE)
        rng = np.random.default_rng(5)
        start = time.monotonic()
        position = 0
        queue = list(self.lines)
        pending: npt.NDArray[np.int16] = np.zeros(0, dtype=np.int16)
        ready_at: float | None = None
        while queue or len(pending):
            if not len(pending) and self.listening.is_set():
                ready_at, pending = time.monotonic() + self.pause, queue.pop(0)
                self.listening.clear()
            if len(pending) and ready_at is not None and time.monotonic() >= ready_at:
                block, pending = pending[:step], pending[step:]
            else:
                block = np.zeros(step, dtype=np.int16)
            if len(block) < step:
                block = np.concatenate([block, np.zeros(step - len(block), dtype=np.int16)])
            hiss = rng.normal(0, 20, step)
            pcm = np.clip(block + hiss, -32768, 32767).astype(np.int16).tobytes()
            due = start + (position + step) / SAMPLE_RATE
            delay = due - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            yield Chunk(pcm, position / SAMPLE_RATE, time.monotonic())
            position += step
        for _ in range(int(3 / CHUNK_SECONDS)):  # the room after the last line
            yield Chunk(bytes(step * 2), position / SAMPLE_RATE, time.monotonic())
            position += step


LIVE = """
import json, sys
sys.path.insert(0, {root!r})
from pathlib import Path
from kiosk import Host, KeySource
from kiosk.table import Table
from kiosk.keys import load_practice
from kiosk.voice.sound.asr import load_model, supports_grammar
from kiosk.voice.sound.audio import SpeakerOutput, resample
from kiosk.voice.kiosk import VoiceKiosk
from kiosk.voice.sound.tts import Speaker, SpeakerSettings
from testbed.measure.pipeline import PacedTable
output = SpeakerOutput()
output.open()
speaker = Speaker(SpeakerSettings(rate=400))
model = load_model(Path({model!r}))
voice = Speaker(SpeakerSettings(rate=140))
lines = []
for text in {lines!r}:
    speech = voice.render(text)
    lines.append(resample(speech.samples, speech.rate, 16000))
source = PacedTable(lines)
host = Host(load_practice().key, source=KeySource.PRACTICE)
import io
kiosk = VoiceKiosk(Table(host), model, speaker, output, printout=io.StringIO(), grammar=supports_grammar(Path({model!r})),
                   on_listening=source.heard_ready)
kiosk.run(source)
output.close()
for turn in kiosk.turns:
    print(json.dumps({{"heard": turn.heard, "way": turn.listening.value, "latency": turn.latency}}))
"""

LIVE_LINES = [
    "Two.", "D three.", "Bats, echolocation.", "Ghosts, sonar.", "Yes.",
    "The Haunted Shelf, two.", "Bats, Bram Stoker.", "Ghosts, Mary Shelley.", "Right.",
    "What's the score?", "End the night.", "Bats, yes.", "Ghosts, yes.",
]  # fmt: skip


def reply_latency(env: dict[str, str], model: Path, load: int) -> None:
    label = f", {load} busy processes beside it" if load else ""
    print(f"\n## Reply latency (last word to first sample of the reply, live on a virtual speaker{label})\n")
    spinners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], stdin=subprocess.DEVNULL)
        for _ in range(load)
    ]
    try:
        code = LIVE.format(root=str(ROOT), model=str(model), lines=LIVE_LINES)
        run = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=900, check=False
        )
    finally:
        for spinner in spinners:
            spinner.terminate()
            spinner.wait()
    import json

    turns = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    if not turns:
        print(f"(the live run failed: {run.stderr[-800:]})")
        return
    closed = [t["latency"] for t in turns if t["latency"] is not None and t["way"] != Listening.ANSWERS.value]
    answers = [
        t["latency"] for t in turns if t["latency"] is not None and t["way"] == Listening.ANSWERS.value
    ]
    print("| utterances | count | median | worst |")
    print("|---|---|---|---|")
    for name, values in (("closed set (picks, yes/no, commands)", closed), ("answers", answers)):
        if values:
            print(f"| {name} | {len(values)} | {statistics.median(values):.2f} s | {max(values):.2f} s |")
    everything = closed + answers
    if everything:
        print(
            f"| all | {len(everything)} | {statistics.median(everything):.2f} s | {max(everything):.2f} s |"
        )
    print("\nHeard: " + " / ".join(f"{t['heard']}" for t in turns))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--model", type=Path, default=None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--skip-live", action="store_true")
    args = parser.parse_args()
    model_path = args.model or default_model_path()
    model = load_model(model_path)
    speaker = Speaker(SpeakerSettings(rate=140))
    print(f"Model: {model_path}")
    end_of_speech(speaker)
    warm_and_cold(model, speaker)
    speaker.close()
    if args.skip_live:
        return 0
    from testbed.virtual_audio import VirtualAudio

    if not VirtualAudio.available():
        print("\n(no pulseaudio: the live figures are skipped)")
        return 0
    folder = Path(tempfile.mkdtemp(prefix="measure-voice-"))
    audio = VirtualAudio(folder / "pulse")
    audio.start()
    try:
        env = {**audio.env, "SNAP_APPLE_HOME": str(folder / "home")}
        silence = folder / "silence.wav"
        import wave

        with wave.open(str(silence), "wb") as file:
            file.setnchannels(1)
            file.setsampwidth(2)
            file.setframerate(SAMPLE_RATE)
            file.writeframes(bytes(SAMPLE_RATE * 2))
        time_to_first_sample(env, model_path, args.runs, silence)
        reply_latency(env, model_path, load=0)
        reply_latency(env, model_path, load=2)
    finally:
        audio.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
