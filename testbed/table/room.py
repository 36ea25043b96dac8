"""The room the simulated table sits in: a private PulseAudio server whose virtual microphone (`vmic`, the
monitor of the null sink `micsink`) the kiosk listens to, a noise bed playing into it without a break, and
the adult's utterances played over the bed. PulseAudio mixes the two streams, as a room would.

The server is the tests' own (testbed/virtual_audio.py): started before anything imports sounddevice, a
reader kept on the monitor so that the sink never idles, stopped by PID. The room adds its noise and voice.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import numpy as np

from testbed.virtual_audio import VirtualAudio

from .voices import RATE, SPEECH_RMS, Samples, write_wav

PACAT = ["pacat", "--playback", "--device=micsink", "--format=s16le", f"--rate={RATE}", "--channels=1"]
PACAT += ["--latency-msec=100"]
HISS_RMS = 20.0
"""A quiet room's own hiss, as in the recorded tables: a clean night is never digital silence."""


def bed_loop(bed: Samples | None, snr_db: float | None, seed: int = 0) -> Samples:
    """The room's sound between utterances, looped: the bed at snr_db below SPEECH_RMS from a seeded start,
    or a quiet room's hiss, always with the hiss."""
    rng = np.random.default_rng(seed)
    if bed is None or snr_db is None:
        loop = rng.normal(0, HISS_RMS, RATE * 10)
    else:
        x = bed.astype(np.float64)
        gain = SPEECH_RMS / 10 ** (snr_db / 20) / (float(np.sqrt((x**2).mean())) or 1.0)
        start = int(rng.integers(0, len(x)))
        loop = np.roll(x, -start) * gain + rng.normal(0, HISS_RMS, len(x))
    return np.clip(loop, -32768, 32767).astype(np.int16)


def tools_available() -> bool:
    return all(shutil.which(tool) for tool in ("pulseaudio", "pactl", "paplay", "parec", "pacat", "flite"))


class Room:
    """Start with `with Room(folder) as room:`; `env` is what the kiosk's process needs to find it."""

    def __init__(self, folder: Path) -> None:
        self.audio = VirtualAudio(folder)
        """The private sound server: the kiosk's microphone is its vmic, fed through micsink."""
        self.env = self.audio.env
        self._noise: subprocess.Popen[bytes] | None = None
        self._noise_thread: threading.Thread | None = None
        self._quiet = threading.Event()

    def __enter__(self) -> Room:
        self.audio.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop_noise()
        self.audio.stop()

    # --- the room's sound -----------------------------------------------------------------------------

    def play_noise(self, bed: Samples | None, snr_db: float | None, seed: int = 0) -> None:
        """Loop a noise bed into the microphone at snr_db below SPEECH_RMS, from a seeded start; no bed is a
        quiet room's hiss."""
        self.stop_noise()
        pcm = bed_loop(bed, snr_db, seed).tobytes()
        self._quiet.clear()
        self._noise = subprocess.Popen(
            PACAT,
            env=self.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
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
