"""The numpy ECAPA-TDNN embedder the voice gate measurement can use (testbed/measure/ecapa.py): its front end and
convolution against their definitions, the forward pass's shapes on small random weights, and, where
models/ecapa-voxceleb/embedding.npz has been made (scripts/fetch_ecapa.py), the real weights on espeak-ng
voices."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt
import pytest

from testbed.measure.ecapa import N_MELS, Ecapa, fbank, mel_filters, weights_path

Weights = dict[str, npt.NDArray[np.float32]]


def test_one_second_is_a_hundred_and_one_frames_of_eighty_log_mels() -> None:
    tone = (3000 * np.sin(2 * np.pi * 1000 * np.arange(16_000) / 16_000)).astype(np.int16)
    features = fbank(tone)
    assert features.shape == (101, N_MELS)  # torch.stft's centred frames: 1 + 16000 // 160
    centres = mel_filters().argmax(axis=0) * 40  # each filter's peak bin, in hertz
    loudest = int(np.median(features.argmax(axis=1)))
    assert abs(centres[loudest] - 1000) <= 40
    assert features.max() - features.min() <= 80 + 1e-3  # floored 80 dB under the top


def test_the_filters_widen_up_the_mel_scale_and_each_takes_some_bin() -> None:
    filters = mel_filters()
    assert filters.shape == (201, N_MELS) and np.all(filters >= 0) and np.all(filters <= 1)
    assert np.all(filters.max(axis=0) > 0.1)  # the lowest are narrower than a bin (40 Hz) but reach one
    assert np.all(np.diff(filters.argmax(axis=0)) >= 0)
    widths = (filters > 0).sum(axis=0)
    assert widths[:5].max() == 1 and widths[-5:].min() >= 12
    assert filters[0].sum() == 0 and filters[-1].sum() == 0  # nothing at 0 Hz or at 8 kHz


@pytest.mark.parametrize("dilation", [1, 2, 3, 4])
def test_the_convolution_is_torchs_with_reflection_padding(dilation: int) -> None:
    rng = np.random.default_rng(dilation)
    weight = rng.standard_normal((6, 4, 3)).astype(np.float32)
    bias = rng.standard_normal(6).astype(np.float32)
    x = rng.standard_normal((4, 20)).astype(np.float32)
    model = Ecapa(
        {"blocks.0.conv.conv.weight": weight, "fc.conv.weight": weight, "c.weight": weight, "c.bias": bias}
    )
    left, right = x[:, 1 : dilation + 1][:, ::-1], x[:, -dilation - 1 : -1][:, ::-1]
    padded = np.concatenate([left, x, right], axis=1)
    naive = np.array(
        [
            [
                sum(weight[o, :, k] @ padded[:, t + k * dilation] for k in range(3)) + bias[o]
                for t in range(20)
            ]
            for o in range(6)
        ]
    )
    assert np.allclose(model.conv(x, "c", dilation), naive, atol=1e-4)


def test_the_forward_pass_gives_one_vector_of_the_last_layers_width() -> None:
    rng = np.random.default_rng(7)
    model = Ecapa(small_weights(rng, channels=16, attention=4, out=6))
    embedding = model.embed(rng.standard_normal(8000).astype(np.float32))
    assert embedding.shape == (6,) and embedding.dtype == np.float32 and np.isfinite(embedding).all()
    with pytest.raises(ValueError):
        model.embed(np.zeros(800, np.float32))


def small_weights(rng: np.random.Generator, channels: int, attention: int, out: int) -> Weights:
    """ECAPA-TDNN's layers under SpeechBrain's names, at a small width, with BatchNorms that change nothing."""
    weights: Weights = {}

    def conv(name: str, shape: tuple[int, int, int]) -> None:
        weights[f"{name}.weight"] = (rng.standard_normal(shape) / np.sqrt(shape[1] * shape[2])).astype(
            np.float32
        )
        weights[f"{name}.bias"] = np.zeros(shape[0], np.float32)

    def batch_norm(name: str, width: int) -> None:
        for part, value in (("weight", 1.0), ("bias", 0.0), ("running_mean", 0.0), ("running_var", 1.0)):
            weights[f"{name}.{part}"] = np.full(width, value, np.float32)

    def tdnn(name: str, shape: tuple[int, int, int]) -> None:
        conv(f"{name}.conv.conv", shape)
        batch_norm(f"{name}.norm.norm", shape[0])

    tdnn("blocks.0", (channels, N_MELS, 5))
    for block in ("blocks.1", "blocks.2", "blocks.3"):
        tdnn(f"{block}.tdnn1", (channels, channels, 1))
        for group in range(7):
            tdnn(f"{block}.res2net_block.blocks.{group}", (channels // 8, channels // 8, 3))
        tdnn(f"{block}.tdnn2", (channels, channels, 1))
        conv(f"{block}.se_block.conv1.conv", (4, channels, 1))
        conv(f"{block}.se_block.conv2.conv", (channels, 4, 1))
    tdnn("mfa", (3 * channels, 3 * channels, 1))
    tdnn("asp.tdnn", (attention, 9 * channels, 1))
    conv("asp.conv.conv", (3 * channels, attention, 1))
    batch_norm("asp_bn.norm", 6 * channels)
    conv("fc.conv", (out, 6 * channels, 1))
    return weights


@pytest.fixture(scope="module")
def ecapa() -> Iterator[Ecapa]:
    if not weights_path().exists():
        pytest.skip(f"{weights_path()} is absent: make it with `PYTHONPATH=. python scripts/fetch_ecapa.py`")
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    yield Ecapa.load()


def test_the_real_weights_give_192_finite_numbers_of_speechbrains_scale(ecapa: Ecapa) -> None:
    from testbed.table.voices import voice_named

    embedding = ecapa.embed(voice_named("espeak-us").render("That's right."))
    assert embedding.shape == (192,) and np.isfinite(embedding).all()
    unit = embedding / np.linalg.norm(embedding)
    assert np.linalg.norm(unit) == pytest.approx(1.0)
    # SpeechBrain's own embeddings run to tens a number (its pull request 2773 prints one)
    assert 1 < float(np.sqrt(np.mean(embedding**2))) < 100


def test_a_voice_is_closer_to_itself_than_to_another_voice(ecapa: Ecapa) -> None:
    from testbed.table.voices import voice_named

    us, rp = voice_named("espeak-us"), voice_named("espeak-rp-f3")
    sentence = "Good evening, everyone, and welcome to Snap-Apple Night."
    rng = np.random.default_rng(3)

    def heard(speech: npt.NDArray[np.int16]) -> npt.NDArray[np.float32]:
        hiss = rng.normal(0, 30, len(speech))  # two renders differ only by the room's hiss
        return ecapa.embed(np.clip(speech + hiss, -32768, 32767).astype(np.int16))

    first, again = heard(us.render(sentence)), heard(us.render(sentence))
    other_voice = heard(rp.render(sentence))
    other_sentence = heard(us.render("The Bats. The answer is nineteen twelve."))
    assert cosine(first, again) > cosine(first, other_voice)
    assert cosine(first, other_sentence) > cosine(first, other_voice)


def cosine(a: npt.NDArray[np.float32], b: npt.NDArray[np.float32]) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
