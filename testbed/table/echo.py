"""The kiosk's own voice reaching its microphone through the room: what it plays on the virtual speaker is
read back from the speaker's monitor, convolved with the room's response from the speaker to the microphone,
and played into the microphone, block by block, as it is said. Its deaf tail after speaking and anything
that listens while it speaks meet the echo a real room gives. The sound server adds about 0.1 s of its own
latency on the way: an echo a little later than a real one, never earlier."""

from __future__ import annotations

import contextlib
import subprocess
import threading

import numpy as np
import numpy.typing as npt

from testbed.room_acoustics import RoomSpec, Source, impulse_response

from .voices import RATE

SPEAKER_GAIN = 0.5
"""The kiosk's speaker turned down 6 dB from full scale: its voice, rendered about as loud as a reader's, then
reaches the microphone from 0.5 m as loud as a reader a metre away, and is not clipped."""
BLOCK = RATE // 20
"""50 ms a block: short enough that the echo is not held back, long enough for the FFT to pay."""


class Convolver:
    """Convolution of a stream with a fixed response, a block at a time (overlap-add): each block out is what
    the whole stream convolved would hold at those samples."""

    def __init__(self, response: npt.NDArray[np.float64]) -> None:
        self.response = response
        self._tail = np.zeros(max(len(response) - 1, 0))

    def push(self, block: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        from scipy.signal import fftconvolve

        wet = fftconvolve(block, self.response)
        wet[: len(self._tail)] += self._tail[: len(wet)]
        rest = self._tail[len(wet) :] if len(self._tail) > len(wet) else np.zeros(0)
        tail = wet[len(block) :].copy()
        tail[: len(rest)] += rest
        self._tail = tail
        return wet[: len(block)]


class EchoPath:
    """Start with `with EchoPath(env, spec):` while the kiosk speaks aloud into the room's server."""

    def __init__(self, env: dict[str, str], spec: RoomSpec) -> None:
        self.env = env
        self.convolver = Convolver(impulse_response(spec, Source.KIOSK) * SPEAKER_GAIN)
        self._processes: list[subprocess.Popen[bytes]] = []
        self._thread: threading.Thread | None = None

    def __enter__(self) -> EchoPath:
        audio = ["--format=s16le", f"--rate={RATE}", "--channels=1", "--latency-msec=20"]
        listen = subprocess.Popen(
            ["parec", "--device=spk.monitor", *audio],
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        play = subprocess.Popen(
            ["pacat", "--playback", "--device=micsink", *audio],
            env=self.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._processes = [listen, play]
        self._thread = threading.Thread(target=self._carry, args=(listen, play), name="echo", daemon=True)
        self._thread.start()
        return self

    def _carry(self, listen: subprocess.Popen[bytes], play: subprocess.Popen[bytes]) -> None:
        assert listen.stdout is not None and play.stdin is not None
        try:
            while block := listen.stdout.read(BLOCK * 2):
                dry = np.frombuffer(block[: len(block) // 2 * 2], dtype=np.int16).astype(np.float64)
                wet = self.convolver.push(dry)
                play.stdin.write(np.clip(np.round(wet), -32768, 32767).astype(np.int16).tobytes())
                play.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            return

    def __exit__(self, *exc: object) -> None:
        for process in self._processes:
            process.kill()
            process.wait()
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    with contextlib.suppress(OSError):
                        pipe.close()
        if self._thread is not None:
            self._thread.join(timeout=5)
