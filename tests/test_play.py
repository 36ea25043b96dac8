"""`python -m kiosk play` at a terminal: the night's journal, saves kept as files, carrying a night on
(--resume, --save), an unfinished night never thrown away, `nights` and `verify`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.hints import kiosk_command
from kiosk.keys import load_file, load_practice
from kiosk.records.journal import Journal
from kiosk.records.night_records import KeyIdentity, list_nights

from .conftest import KeyText


def play(home: Path, lines: list[str], *args: str, command: str = "play") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk", command, *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "SNAP_APPLE_HOME": str(home)},
    )


@pytest.mark.process
def test_a_typed_night_is_journalled_with_the_keys_identity(tmp_path: Path) -> None:
    run = play(tmp_path, ["two", "D1", "Bats: fly. Ghosts: glide", "save"])
    assert run.returncode == 0
    assert "Welcome to Snap-Apple Night" in run.stdout and "Bats: right, 1 point." in run.stdout
    journals = list((tmp_path / "nights").glob("night-*.jsonl"))
    assert len(journals) == 1
    records = [json.loads(line) for line in journals[0].read_text().splitlines()]
    loaded = load_practice()
    assert loaded.key is not None
    assert records[0]["key"] == {
        "source": "practice",
        "sha256": loaded.key.sha256,
        "path": None,
        "notice": None,
    }
    assert [r["say"] for r in records[1:]] == [None, "two", "D1", "Bats: fly. Ghosts: glide", "save"]
    assert all(r["reply"] in run.stdout for r in records[1:])
    kept = (tmp_path / "saves" / "latest.txt").read_text()
    assert (
        kept.startswith("-----BEGIN AIGC SAVE-----")
        and "board:A:1.2.3.4.5,B:1.2.3.4.5,C:1.2.3.4.5,D:B.2.3.4.5" in kept
    )


@pytest.mark.process
def test_a_stopped_kiosk_carries_on_mid_question_with_the_answers_locked(tmp_path: Path) -> None:
    first = play(tmp_path, ["three", "D1", "All: fly", "E2", "Bats: barmbrack"])
    assert first.returncode == 0
    assert (
        f"The night is kept: to carry it on, start the kiosk with {kiosk_command('play --resume')}"
        in first.stdout
    )
    second = play(tmp_path, ["Ghosts: pass. Owls: barmbrack"], "--resume")
    assert "Carrying on the night" in second.stderr and "1 of 25 questions played, E2 open" in second.stderr
    assert "Bats: right, 2 points." in second.stdout  # the answer locked before the kiosk stopped
    assert "| Bats 3 Ghosts 1 Owls 3 | v1.0.0" in second.stdout


@pytest.mark.process
def test_resume_with_nothing_kept_refuses_and_starts_nothing(tmp_path: Path) -> None:
    run = play(tmp_path, ["solo"], "--resume")
    assert run.returncode == 2
    assert "No night to resume" in run.stderr
    assert run.stdout == ""


@pytest.mark.process
def test_an_unfinished_night_is_said_and_kept_aside_by_a_new_night(tmp_path: Path) -> None:
    play(tmp_path, ["two", "D1"])
    run = play(tmp_path, ["solo"])
    assert "An unfinished night is kept (" in run.stderr and "play --resume" in run.stderr
    assert "kept aside" in run.stderr
    nights = list_nights(tmp_path / "nights").kept
    assert len(nights) == 2 and [night.aside for night in nights] == [False, True]
    listing = subprocess.run(
        [sys.executable, "-m", "kiosk", "nights"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "SNAP_APPLE_HOME": str(tmp_path)},
    ).stdout
    assert "Bats, Ghosts; 0 of 25 questions played, D1 open [unfinished, kept aside]" in listing
    assert "You; 0 of 25 questions played [unfinished]" in listing
    aside = nights[1].name
    again = play(tmp_path, ["All: fly"], "--resume", aside)
    assert "Bats: right, 1 point." in again.stdout
    removed = play(tmp_path, [], "remove", aside, command="nights")
    assert f"Removed {aside}." in removed.stdout
    assert len(list_nights(tmp_path / "nights").kept) == 1


@pytest.mark.process
def test_a_night_on_a_key_file_carries_on_only_on_that_key(tmp_path: Path) -> None:
    key = tmp_path / "reveal.md"
    key.write_text(KeyText().render())
    play(tmp_path, ["two", "A1"], "--key", str(key))
    other = tmp_path / "other.md"
    other.write_text(KeyText(salt="0000000000000000").render())
    refused = play(tmp_path, ["All: x"], "--resume", "--key", str(other))
    assert refused.returncode == 2 and "a different or changed key" in refused.stderr
    practice = play(tmp_path, ["All: x"], "--resume", "--sealed")
    assert practice.returncode == 2 and "cannot be carried on" in practice.stderr
    key.write_text(KeyText().render().replace("answera1", "changed"))  # the file changed since
    changed = play(tmp_path, ["All: x"], "--resume")
    assert changed.returncode == 2 and "a different or changed key" in changed.stderr
    key.write_text(KeyText().render())
    carried = play(tmp_path, ["All: answera1"], "--resume")  # the key the night was played on, by itself
    assert "Bats: right, 1 point." in carried.stdout


@pytest.mark.process
def test_a_save_block_in_a_file_or_pasted_over_lines_is_one_message(tmp_path: Path) -> None:
    first = play(tmp_path, ["two", "D1", "All: fly", "save"])
    block = (tmp_path / "saves" / "latest.txt").read_text()
    assert block.count("\n") > 5
    # From another kiosk's saves: read back first, then taken on the table's yes (tests/test_foreign_saves.py).
    from_file = play(tmp_path / "b", ["yes"], "--save", str(tmp_path / "saves" / "latest.txt"))
    assert (
        "The saved night carries on: 1 of the 25 questions is played." in from_file.stdout
        and first.returncode == 0
    )
    pasted = play(tmp_path / "c", [*block.splitlines(), "yes"])
    assert "The saved night carries on: 1 of the 25 questions is played." in pasted.stdout
    assert "Playing solo, or" not in pasted.stdout.split("The saved night carries on")[1]
    garbage = tmp_path / "garbage.txt"
    garbage.write_bytes(b"\xff\xfe not a save")
    refused = play(tmp_path / "d", [], "--save", str(garbage))
    assert refused.returncode == 2 and "holds no save block" in refused.stderr


@pytest.mark.process
def test_a_finished_night_verifies_on_its_key_and_a_forged_reply_is_named(tmp_path: Path) -> None:
    key = tmp_path / "reveal.md"
    key.write_text(KeyText().render())
    play(
        tmp_path,
        ["two", "A1", "All: answera1", "end the night", "Bats: yes", "Ghosts: yes"],
        "--key",
        str(key),
    )
    journal = next((tmp_path / "nights").glob("*.jsonl"))
    ok = play(tmp_path, [], str(journal), "--key", str(key), command="verify")
    assert ok.returncode == 0 and "Verified: all 7 replies" in ok.stdout
    assert ok.stdout.splitlines()[1].startswith("RESULT: AIGC|halloween-trivia|board|v1.0.0|end:")
    forged = journal.read_text().replace("Bats: right, 1 point.", "Bats: right, 5 points.")
    journal.write_text(forged)
    bad = play(tmp_path, [], str(journal), "--key", str(key), command="verify")
    assert bad.returncode == 1 and "Not verified: turn 3, the reply to 'All: answera1'" in bad.stdout
    other = tmp_path / "other.md"
    other.write_text(KeyText(salt="0000000000000000").render())
    wrong_key = play(tmp_path, [], str(journal), "--key", str(other), command="verify")
    assert wrong_key.returncode == 1 and "but the night was played on" in wrong_key.stdout


@pytest.mark.process
def test_a_journal_without_a_reply_cannot_be_verified_and_says_so(tmp_path: Path) -> None:
    key = tmp_path / "reveal.md"
    key.write_text(KeyText().render())
    loaded = load_file(key)
    journal = Journal.begin(KeyIdentity.of(loaded), tmp_path)
    journal.close()
    for ending in (b"", b"not a turn\n"):
        with journal.path.open("ab") as kept:
            kept.write(ending)
        run = play(tmp_path, [], str(journal.path), "--key", str(key), command="verify")
        assert run.returncode == 2 and "Traceback" not in run.stderr
        assert run.stdout == f"Cannot verify: {journal.path} holds no reply, not even the opening.\n"


@pytest.mark.process
def test_a_journal_that_is_not_there_cannot_be_read_not_written(tmp_path: Path) -> None:
    key = tmp_path / "reveal.md"
    key.write_text(KeyText().render())
    missing = tmp_path / "night-gone.jsonl"
    run = play(tmp_path, [], str(missing), "--key", str(key), command="verify")
    assert run.returncode == 2
    assert run.stdout == f"Cannot verify: cannot read {missing}: No such file or directory.\n"


@pytest.mark.process
def test_a_finished_night_is_not_offered_again(tmp_path: Path) -> None:
    play(tmp_path, ["two", "D1", "All: pass", "end the night", "Bats: yes", "Ghosts: yes"])
    assert play(tmp_path, [], "--resume").returncode == 2
    run = play(tmp_path, ["solo"])
    assert "unfinished" not in run.stderr


@pytest.mark.process
def test_the_hint_to_carry_a_night_on_works_as_printed(tmp_path: Path) -> None:
    """Typed as printed, in a shell whose PATH knows nothing of the kiosk's virtual environment, from
    another folder: the night carries on (a bare `python -m kiosk` once ended in ModuleNotFoundError)."""
    first = play(tmp_path, ["two", "D1"])
    hint = first.stdout.rsplit("start the kiosk with ", 1)[1].strip()
    assert hint.endswith(" -m kiosk play --resume")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    carried = subprocess.run(
        hint,
        shell=True,
        cwd=elsewhere,
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "SNAP_APPLE_HOME": str(tmp_path)},
    )
    assert carried.returncode == 0, carried.stderr
    assert "Carrying on the night" in carried.stderr and "Traceback" not in carried.stderr
