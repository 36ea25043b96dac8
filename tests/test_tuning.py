"""One tuning tree (kiosk/voice/tuning.py): every tuning number of the voice in it, each with its unit and
why in a line, and no new numeric constant grown in a module beside it."""

from __future__ import annotations

import ast
import dataclasses
import itertools
import os
import subprocess
import sys
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


def test_a_measurement_moves_one_value_and_names_what_it_moved() -> None:
    moved_tree = tuning.tuned(VoiceTuning(), "confirming.margin=3, room.loud_margin_db=20")
    assert moved_tree.confirming.margin == 3.0 and moved_tree.room.loud_margin_db == 20.0
    assert moved_tree.confirming.pick_misses == TUNING.confirming.pick_misses
    assert tuning.moved(moved_tree) == ("confirming.margin=3.0", "room.loud_margin_db=20.0")
    assert tuning.moved(VoiceTuning()) == () and tuning.tuned(VoiceTuning(), "") == VoiceTuning()


def test_a_setting_the_tree_lacks_or_cannot_take_is_named() -> None:
    for setting, said in (
        ("confirming.nope=1", "not a tuning setting"),
        ("nope.margin=1", "not a tuning setting"),
        ("confirming.margin", "not a tuning setting"),
        ("confirming.pick_misses=2.5", "pick_misses takes a whole number"),
        ("confirming.margin=wide", "margin takes a number"),
    ):
        try:
            tuning.tuned(VoiceTuning(), setting)
        except ValueError as error:
            assert said in str(error) and setting in str(error)
        else:
            raise AssertionError(f"{setting} was taken")


def test_the_kiosk_runs_with_the_tuning_its_environment_names() -> None:
    shown = "from kiosk.voice.tuning import TUNING, moved; print(moved(TUNING))"
    env = {**os.environ, tuning.TUNING_VARIABLE: "hangovers.final=0.4"}
    ran = subprocess.run([sys.executable, "-c", shown], env=env, capture_output=True, text=True, check=True)
    assert ran.stdout.strip() == "('hangovers.final=0.4',)"


def test_the_bench_refuses_a_tuning_the_tree_lacks_before_it_plays() -> None:
    bench = Path(__file__).resolve().parent.parent / "scripts" / "bench_table.py"
    ran = subprocess.run(
        [sys.executable, str(bench), "--tune", "room.loudness=3"], capture_output=True, text=True, check=False
    )
    assert ran.returncode == 2 and "'room.loudness=3': not a tuning setting" in ran.stderr
