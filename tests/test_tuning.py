"""One tuning tree (kiosk/voice/tuning.py): every tuning number of the voice in it, each with its unit and
why in a line, and no new numeric constant grown in a module beside it."""

from __future__ import annotations

import ast
import dataclasses
import itertools
from pathlib import Path

from kiosk.voice import tuning
from kiosk.voice.tuning import TUNING, VoiceTuning

VOICE = Path(tuning.__file__).parent
FACTS = {
    "asr.py": {"SAMPLE_RATE", "_STEP"},
    "audio.py": {"CHUNK_SECONDS", "SILENT_DEVICE_SECONDS", "LATENCY", "STALLED_SECONDS"},
    "vad.py": {"FRAME_SECONDS"},
    "kept_hearing.py": {"FORMAT"},
    "letter_by_letter.py": {"LONGEST"},
    "model.py": {"TIMEOUT"},
    "patient.py": {"RETRY_SECONDS"},
    "piper.py": {"NATURAL_RATE", "MOST_WORDS", "PAUSE_SECONDS"},
    "read_back_yes.py": {"LONGEST_YES"},
    "spoken_years.py": {"FIRST_YEAR", "LAST_YEAR"},
    "tts.py": {"RENDER_TIMEOUT"},
}
"""Numbers that are facts of a format, a device or the card, not tuning: they stay beside their code."""


def _numeric_constants(path: Path) -> set[str]:
    names = set()
    for node in ast.parse(path.read_text()).body:
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", None)
        value = getattr(node, "value", None)
        if (
            isinstance(target, ast.Name)
            and isinstance(value, ast.Constant)
            and type(value.value) in (int, float)
        ):
            names.add(target.id)
    return names


def test_no_module_of_the_voice_keeps_a_tuning_number_of_its_own() -> None:
    for path in sorted(VOICE.rglob("*.py")):
        if path.name == "tuning.py":
            continue
        assert _numeric_constants(path) <= FACTS.get(path.name, set()), f"{path.name}: move it to tuning.py"


def test_every_tuning_value_says_what_it_is() -> None:
    source = ast.parse(Path(tuning.__file__).read_text())
    documented = set()
    for cls in (node for node in source.body if isinstance(node, ast.ClassDef)):
        body = cls.body
        for field, after in itertools.pairwise(body):
            said = isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
            if isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name) and said:
                documented.add((cls.name, field.target.id))
    for branch in dataclasses.fields(VoiceTuning):
        for leaf in dataclasses.fields(getattr(TUNING, branch.name)):
            assert (type(getattr(TUNING, branch.name)).__name__, leaf.name) in documented, leaf.name


def test_the_tree_is_frozen_and_a_branch_can_be_swept() -> None:
    swept = dataclasses.replace(TUNING, confirming=dataclasses.replace(TUNING.confirming, margin=3.0))
    assert swept.confirming.margin == 3.0 and TUNING.confirming.margin == 2.0
    try:
        TUNING.confirming.margin = 1.0  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        return
    raise AssertionError("the tuning tree can be changed in place")
