"""The room the simulated table sits in: a private PulseAudio server whose virtual microphone (`vmic`, the
monitor of the null sink `micsink`) the kiosk listens to, a noise bed playing into it without a break, and
the adult's utterances played over the bed. PulseAudio mixes the two streams, as a room would.

This is the recipe of /work/shared/audio/VIRTUAL-AUDIO.md (and of tests/virtual_audio.py, which scripts may
not import): start the server before anything imports sounddevice, keep a reader on the monitor so that the
sink never idles, wait for low latency, stop everything by PID.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

import numpy as np

from .voices import RATE, SPEECH_RMS, Samples, write_wav

PACAT = ["pacat", "--playback", "--device=micsink", "--format=s16le", f"--rate={RATE}", "--channels=1"]
PACAT += ["--latency-msec=100"]
HISS_RMS = 20.0
"""A quiet room's own hiss, as in the recorded tables: a clean night is never digital silence."""


def tools_available() -> bool:
    return all(shutil.which(tool) for tool in ("pulseaudio", "pactl", "paplay", "parec", "pacat", "flite"))


class Room:
    """Start with `with Room(folder) as room:`; `env` is what the kiosk's process needs to find it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.socket = folder / "pulse.sock"
        self.env = {
            **os.environ,
            "XDG_RUNTIME_DIR": str(folder / "xdg"),
            "HOME": str(folder / "home"),
            "PULSE_SERVER": f"unix:{self.socket}",
        }
        self._processes: list[subprocess.Popen[bytes]] = []
        self._noise: subprocess.Popen[bytes] | None = None
        self._noise_thread: threading.Thread | None = None
        self._quiet = threading.Event()
        self._log: IO[bytes] | None = None

    def __enter__(self) -> Room:
        (self.folder / "xdg").mkdir(mode=0o700, parents=True, exist_ok=True)
        (self.folder / "home").mkdir(parents=True, exist_ok=True)
        self._log = (self.folder / "pulse.log").open("wb")
        modules = [
            f"module-native-protocol-unix socket={self.socket} auth-anonymous=1",
            "module-null-sink sink_name=spk rate=16000 channels=1",
            "module-null-sink sink_name=micsink rate=16000 channels=1",
            "module-remap-source master=micsink.monitor source_name=vmic",
        ]
        command = ["pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit"]
        command += ["--disable-shm=yes", "--log-target=stderr"]
        for module in modules:
            command += ["-L", module]
        server = self._start(command, stderr=self._log)
        deadline = time.monotonic() + 20
        while subprocess.run(["pactl", "info"], env=self.env, capture_output=True, check=False).returncode:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("the virtual sound server did not start; see " + str(self._log.name))
            time.sleep(0.1)
        self._pactl("set-default-sink", "spk")
        self._pactl("set-default-source", "vmic")
        self._start(["parec", "--latency-msec=20", "--device=micsink.monitor"])
        self._wait_for_low_latency()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop_noise()
        for process in reversed(self._processes):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        if self._log is not None:
            self._log.close()

    def _start(
        self, command: list[str], stderr: IO[bytes] | int = subprocess.DEVNULL
    ) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(
            command, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=stderr
        )
        self._processes.append(process)
        return process

    def _pactl(self, *args: str) -> str:
        return subprocess.run(
            ["pactl", *args], env=self.env, capture_output=True, text=True, check=True
        ).stdout

    def _wait_for_low_latency(self) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            for block in self._pactl("list", "sinks").split("Sink #"):
                if "Name: micsink" not in block:
                    continue
                for line in block.splitlines():
                    if line.strip().startswith("Latency:") and int(line.split()[1]) < 50_000:
                        return
            time.sleep(0.2)

    # --- the room's sound -----------------------------------------------------------------------------

    def play_noise(self, bed: Samples | None, snr_db: float | None, seed: int = 0) -> None:
        """Loop a noise bed into the microphone at snr_db below SPEECH_RMS, from a seeded start; no bed is a
        quiet room's hiss."""
        self.stop_noise()
        rng = np.random.default_rng(seed)
        if bed is None or snr_db is None:
            loop = rng.normal(0, HISS_RMS, RATE * 10)
        else:
            x = bed.astype(np.float64)
            gain = SPEECH_RMS / 10 ** (snr_db / 20) / (float(np.sqrt((x**2).mean())) or 1.0)
            start = int(rng.integers(0, len(x)))
            loop = np.roll(x, -start) * gain + rng.normal(0, HISS_RMS, len(x))
        pcm = np.clip(loop, -32768, 32767).astype(np.int16).tobytes()
        self._quiet.clear()
        self._noise = subprocess.Popen(
            PACAT,
            env=self.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._processes.append(self._noise)
        writer = self._noise

        def loop_forever() -> None:
            assert writer.stdin is not None
            try:
                while not self._quiet.is_set():
                    writer.stdin.write(pcm)  # blocks while pacat's buffer is full: real-time pacing
                    writer.stdin.flush()
            except (BrokenPipeError, ValueError, OSError):
                return

        self._noise_thread = threading.Thread(target=loop_forever, name="room-noise", daemon=True)
        self._noise_thread.start()

    def stop_noise(self) -> None:
        self._quiet.set()
        if self._noise is not None:
            self._noise.kill()
            self._noise.wait()
            if self._noise.stdin is not None:
                with contextlib.suppress(OSError):
                    self._noise.stdin.close()
            if self._noise in self._processes:
                self._processes.remove(self._noise)
            self._noise = None
        if self._noise_thread is not None:
            self._noise_thread.join(timeout=5)
            self._noise_thread = None

    def say(self, samples: Samples) -> None:
        """Play one utterance into the microphone, over the noise; returns when it has been played."""
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "say.wav"
            write_wav(path, samples)
            subprocess.run(
                ["paplay", "--device=micsink", str(path)],
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                check=True,
                timeout=120,
            )
