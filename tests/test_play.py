"""`python -m kiosk play` at a terminal: the night's log, saves kept as files, and a night that survives
the kiosk being unplugged (--resume)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from kiosk.keys import load_practice


def play(home: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk", "play", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "SNAP_APPLE_HOME": str(home)},
    )


def test_a_typed_night_is_logged_with_the_keys_sha256(tmp_path: Path) -> None:
    run = play(tmp_path, ["two", "D1", "Bats: fly. Ghosts: glide", "save"])
    assert run.returncode == 0
    assert "Welcome to Snap-Apple Night" in run.stdout and "Bats: right, 1 point." in run.stdout
    logs = list((tmp_path / "nights").glob("night-*.jsonl"))
    assert len(logs) == 1
    records = [json.loads(line) for line in logs[0].read_text().splitlines()]
    loaded = load_practice()
    assert loaded.key is not None
    assert records[0]["key_sha256"] == loaded.key.sha256 and records[0]["key_source"] == "practice"
    assert [r["say"] for r in records if "say" in r] == ["two", "D1", "Bats: fly. Ghosts: glide", "save"]
    kept = (tmp_path / "saves" / "latest.txt").read_text()
    assert (
        kept.startswith("-----BEGIN AIGC SAVE-----")
        and "board:A:1.2.3.4.5,B:1.2.3.4.5,C:1.2.3.4.5,D:B.2.3.4.5" in kept
    )


def test_an_unplugged_kiosk_resumes_the_night_between_questions(tmp_path: Path) -> None:
    # The night stops mid-question (end of input, as when the plug is pulled): the last ruled state is kept.
    first = play(tmp_path, ["three", "D1", "All: fly", "E2", "Bats: barmbrack"])
    assert first.returncode == 0
    autosave = (tmp_path / "saves" / "autosave.txt").read_text()
    assert "turn:1" in autosave and "D:BGO.2.3.4.5" in autosave
    second = play(tmp_path, ["E2", "All: brack"], "--resume")
    assert "Save resumed: 1 of 25 cells played." in second.stdout
    assert "Scores: Bats 1, Ghosts 1, Owls 1." in second.stdout
    assert "| Bats 3 Ghosts 3 Owls 3 | v1.0.0" in second.stdout


def test_resume_with_nothing_kept_starts_a_new_night(tmp_path: Path) -> None:
    run = play(tmp_path, ["solo"], "--resume")
    assert run.returncode == 0
    assert "No night to resume" in run.stderr
    assert "Just type your answer; the first counts." in run.stdout


def test_the_autosave_is_forgotten_when_the_night_ends(tmp_path: Path) -> None:
    play(tmp_path, ["two", "D1", "All: pass", "end the night", "Bats: yes", "Ghosts: yes"])
    assert not (tmp_path / "saves" / "autosave.txt").exists()
