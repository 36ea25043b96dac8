"""The simulated adult's voices (testbed/table/voices.py): Piper draws its own noise, unseeded, so each text's
first rendering is kept and played from then on, the same in every process and every run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from testbed.table import voices
from testbed.table.voices import voice_named

RENDER = (
    "import sys, hashlib; from testbed.table.voices import voice_named; "
    "print(hashlib.sha256(voice_named(sys.argv[1]).render(sys.argv[2]).tobytes()).hexdigest())"
)


@pytest.mark.voice
@pytest.mark.process
def test_a_piper_text_is_the_same_samples_in_every_process(tmp_path: Path) -> None:
    pytest.importorskip("piper")
    root = Path(__file__).resolve().parent.parent
    env = {"XDG_CACHE_HOME": str(tmp_path), "PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}

    def rendered(voice: str, text: str) -> str:
        command = [sys.executable, "-c", RENDER, voice, text]
        return subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout

    first = rendered("piper-joe-lively", "Ghosts, mary shelley.")
    assert rendered("piper-joe-lively", "Owls, turnip.") != first
    assert rendered("piper-joe-lively", "Ghosts, mary shelley.") == first  # after another text, too
    assert len(list((tmp_path / "snap-apple-night" / "piper").glob("*.npy"))) == 2


def test_a_kept_rendering_is_played_and_not_rendered_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(voices, "PIPER_KEPT", tmp_path)
    monkeypatch.setattr(voices, "_piper_model_path", lambda: str(Path(__file__)))  # any file: the key's model
    made = np.arange(-500, 500, dtype=np.int16)
    monkeypatch.setattr(voices, "_piper_rendered", lambda voice, text: (made, 22_050))
    lively = voice_named("piper-joe-lively")
    assert np.array_equal(voices._piper(lively, "Bats, echolocation.")[0], made)

    def never(voice: object, text: str) -> tuple[object, int]:
        raise AssertionError("rendered again")

    monkeypatch.setattr(voices, "_piper_rendered", never)
    samples, rate = voices._piper(lively, "Bats, echolocation.")
    assert np.array_equal(samples, made) and samples.dtype == np.int16 and rate == 22_050
    assert not list(tmp_path.glob("*.part.npy"))
