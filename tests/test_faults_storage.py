"""Storage faults on a real filesystem: a small tmpfs mounted for the test where the machine allows it (root,
as in CI), permissions otherwise. Each fault gets one clear line, the night is kept in the runtime folder
while the data disk cannot take it (tests/test_faults_fallback.py has the kills), and no traceback reaches a
player."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kiosk import Host
from kiosk.keys import load_practice
from kiosk.records.carrying import carry_on
from kiosk.records.journal import Journal
from kiosk.records.night_records import KeyIdentity, list_nights, read_night, unfinished
from kiosk.records.storage import StorageError

from .support.disks import fill, mount_small_disk
from .support.kiosk_process import PlayProcess, carried_on, run_play

pytestmark = pytest.mark.usefixtures("runtime_folder")

NIGHT = ["two", "D1", "All: fly"]
RULED = "Bats: right, 1 point."
FALLBACK_FAREWELL = (
    "until the data disk can take it (it is lost if the power goes): to carry it on, start the kiosk with"
)


def assert_one_clear_line(stderr: str, *words: str) -> None:
    assert "Traceback" not in stderr
    lines = [line for line in stderr.splitlines() if all(word in line for word in words)]
    assert len(lines) == 1, stderr


@pytest.mark.process
def test_a_read_only_data_folder(tmp_path: Path) -> None:
    home = tmp_path / "disk"
    if mount_small_disk(home, "size=256k,ro"):
        words = ("is on a read-only disk",)
    elif os.geteuid() == 0:
        pytest.skip("root may write anywhere, and this machine does not let it mount a read-only tmpfs")
    else:
        home.mkdir()
        home.chmod(0o555)
        words = ("may not be written by this user",)
    try:
        run = play_in(home, NIGHT)
    finally:
        subprocess.run(["umount", "-l", str(home)], check=False, capture_output=True)
    assert run.returncode == 0 and RULED in run.stdout
    assert_one_clear_line(
        run.stderr, "The data disk cannot keep the night now:", *words, "each turn is kept in"
    )
    assert FALLBACK_FAREWELL in run.stdout.rstrip().rsplit("\n", 1)[-1]
    (night,) = list_nights(home / "nights").kept
    assert night.messages == tuple(NIGHT) and night.home is not None


def play_in(home: Path, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    return run_play(home, lines, *args)


@pytest.mark.process
def test_a_full_disk_before_the_night(small_disk: Path) -> None:
    (small_disk / "nights").mkdir()
    fill(small_disk)
    run = play_in(small_disk, NIGHT)
    assert run.returncode == 0 and RULED in run.stdout
    assert_one_clear_line(run.stderr, "The data disk cannot keep the night now:", "is full: free some space")
    assert list(small_disk.glob("nights/*")) == []  # no half-begun journal left to be mistaken for damage
    (night,) = list_nights(small_disk / "nights").kept
    assert night.messages == tuple(NIGHT)


@pytest.mark.process
def test_a_disk_that_fills_up_mid_night_keeps_every_turn_in_its_fallback(small_disk: Path) -> None:
    kiosk = PlayProcess(small_disk)
    kiosk.say("two")
    filler = fill(small_disk)
    said = ["D1", "All: fly", *["board"] * 8]
    shown = [kiosk.say(message) for message in said]
    assert RULED in shown[1] and all(text.startswith("THE HARVEST BOARD") for text in shown[2:])
    code, out, err = kiosk.stop(15)
    assert code == 0 and FALLBACK_FAREWELL in out.rstrip().rsplit("\n", 1)[-1]
    assert_one_clear_line(err, "The data disk cannot keep the night now:", "is full", "each turn is kept in")
    filler.unlink()
    (night,) = list_nights(small_disk / "nights").kept
    assert night.messages == ("two", *said)
    carried = play_in(small_disk, ["board"], "--resume")
    assert carried.returncode == 0 and "Traceback" not in carried.stderr
    # where the night stands (one ruled question, the scores) said again, then the board asked for
    assert carried.stdout.startswith(carried_on(["two", *said]).text)
    assert carried.stdout.count("THE HARVEST BOARD") == 1
    (night,) = list_nights(small_disk / "nights").kept
    assert night.home is None and night.copies == () and night.messages == ("two", *said, "board")


@pytest.mark.process
def test_a_folder_where_the_save_file_should_be(tmp_path: Path) -> None:
    (tmp_path / "saves" / "latest.txt").mkdir(parents=True)
    run = play_in(tmp_path, [*NIGHT, "save"])
    assert "-----BEGIN AIGC SAVE-----" in run.stdout
    assert_one_clear_line(
        run.stderr, "The save block could not be kept as a file:", "is a folder where a file should be"
    )
    assert not [p for p in (tmp_path / "saves").iterdir() if p.name.endswith(".part")]


@pytest.mark.process
@pytest.mark.parametrize("where", ["nights", "home"])
def test_a_file_where_a_folder_should_be(where: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    if where == "nights":
        home.mkdir()
        (home / "nights").write_text("not a folder")
    else:
        home.write_text("not a folder")
    run = play_in(home, NIGHT)
    assert run.returncode == 0 and RULED in run.stdout
    assert_one_clear_line(
        run.stderr, "The data disk cannot keep the night now:", "a file stands where the folder"
    )
    (night,) = list_nights(home / "nights").kept
    assert night.messages == tuple(NIGHT)


@pytest.mark.process
@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "is empty"),
        (b"\xff\xfe\x00garbage\x80\n" * 20, "not a journal of this kiosk"),
        (b"[" * 100_000 + b"\n", "not a journal of this kiosk"),
        (b'{"journal": 1, "began": "2026-10-31T18:00:00Z", "key": {"sou', "not a journal of this kiosk"),
        (
            b'{"at": "2026-10-31T18:00:00", "key_sha256": "44e2", "key_source": "practice"}\n',
            "not a journal of this kiosk",
        ),
    ],
    ids=["empty", "garbage", "deep-json", "cut-in-its-header", "earlier-night-log"],
)
def test_a_journal_that_cannot_be_read(content: bytes, reason: str, tmp_path: Path) -> None:
    (tmp_path / "nights").mkdir()
    (tmp_path / "nights" / "night-20261031-180000-1-aaaaaa.jsonl").write_bytes(content)
    resumed = play_in(tmp_path, ["two"], "--resume")
    assert resumed.returncode == 2 and "No night to resume" in resumed.stderr
    assert_one_clear_line(resumed.stderr, "A kept journal cannot be read:", reason, "nights remove")
    fresh = play_in(tmp_path, NIGHT)
    assert fresh.returncode == 0 and RULED in fresh.stdout and "Traceback" not in fresh.stderr
    listed = run_nights(tmp_path)
    assert "night-20261031-180000-1-aaaaaa: cannot be read" in listed


def run_nights(home: Path, *args: str) -> str:
    return subprocess.run(
        [sys.executable, "-m", "kiosk", "nights", *args],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "SNAP_APPLE_HOME": str(home)},
    ).stdout


@pytest.mark.process
def test_a_journal_cut_short_at_any_byte_carries_on_from_its_last_whole_line(tmp_path: Path) -> None:
    play_in(tmp_path, NIGHT[:2])
    (journal,) = (tmp_path / "nights").glob("*.jsonl")
    whole = journal.read_bytes()
    last_line_starts = whole.rstrip(b"\n").rfind(b"\n") + 1
    for cut in range(last_line_starts + 1, len(whole), 97):
        journal.write_bytes(whole[:cut])
        run = play_in(tmp_path, ["D1", "All: fly"], "--resume")  # "D1" was never shown: it is said again
        assert run.returncode == 0 and RULED in run.stdout and "Traceback" not in run.stderr
        journal.write_bytes(whole[:cut])
        assert list_nights(tmp_path / "nights").kept[0].messages == ("two",)


@pytest.mark.process
def test_leftover_temporary_files_are_cleaned_but_not_a_write_in_progress(tmp_path: Path) -> None:
    old, young = [], []
    for folder in ("nights", "saves"):
        (tmp_path / folder).mkdir()
        stale = tmp_path / folder / ".latest.txt.abc123.part"
        stale.write_text("half a save")
        os.utime(stale, (time.time() - 3600, time.time() - 3600))
        old.append(stale)
        fresh = tmp_path / folder / ".latest.txt.def456.part"
        fresh.write_text("another kiosk is writing this")
        young.append(fresh)
    play_in(tmp_path, NIGHT)
    assert not any(path.exists() for path in old)
    assert all(path.exists() for path in young)


@pytest.mark.process
def test_two_kiosks_started_in_the_same_second_keep_two_journals(tmp_path: Path) -> None:
    kiosks = [PlayProcess(tmp_path), PlayProcess(tmp_path)]
    for kiosk, teams in zip(kiosks, ["two", "three"], strict=True):
        kiosk.say(teams)
    for kiosk in kiosks:
        kiosk.stop(15)
    nights = list_nights(tmp_path / "nights").kept
    assert sorted(night.messages for night in nights) == [("three",), ("two",)]


@pytest.mark.process
@pytest.mark.parametrize("fallback", ["full", "with room"])
def test_a_damaged_night_the_full_disk_cannot_copy_stays_the_night_to_carry_on(
    fallback: str, small_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A damaged journal is carried on in a clean copy; a copy neither the disk nor the fallback can finish
    # must not become the night --resume takes, or the rulings after where it stopped would be lost.
    loaded = load_practice()
    assert loaded.key is not None
    folder = small_disk / "nights"
    host = Host(loaded.key, source=loaded.source)
    journal = Journal.begin(KeyIdentity.of(loaded), folder)
    journal.record(None, host.opening())
    messages = ["two", *(m for cell in ("A1", "B1", "C1", "D1", "E1", "A2") for m in (cell, "All: pass"))]
    for message in messages:
        journal.record(message, host.hear(message))
    journal.close()
    with (folder / journal.path.name).open("ab") as damaged:
        damaged.write(b"\xff not a turn\n")
    if fallback == "full":
        runtime = tmp_path / "full-run"
        assert mount_small_disk(runtime, "size=64k")
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
        fill(runtime)
    spare = small_disk / "spare"
    spare.write_bytes(b"\0" * 4096)
    fill(small_disk)
    spare.unlink()  # a page free: room for the copy's start, not for all of it
    record = read_night(journal.path)
    assert record.damaged_at is not None and record.messages == tuple(messages)
    try:
        if fallback == "full":
            with pytest.raises(StorageError):
                carry_on(record, loaded)
            waiting = unfinished(folder)
            assert (
                waiting is not None and waiting.path == journal.path and waiting.messages == tuple(messages)
            )
            assert [night.path for night in list_nights(folder).kept] == [journal.path]
        else:
            _, copy, _ = carry_on(record, loaded)
            copy.close()
            waiting = unfinished(folder)
            assert waiting is not None and waiting.messages == tuple(messages) and waiting.damaged_at is None
    finally:
        if fallback == "full":
            subprocess.run(["umount", "-l", str(tmp_path / "full-run")], check=False)


@pytest.mark.process
def test_a_journal_damaged_in_its_first_turn_is_never_tidied_away(tmp_path: Path) -> None:
    # Tidying removes journals of nights that never heard a message; one whose turns cannot be read past
    # the damage still holds the night's lines after it, for a person to look at.
    play_in(tmp_path, NIGHT)
    (journal,) = (tmp_path / "nights").glob("*.jsonl")
    header, _opening, *turns = journal.read_bytes().split(b"\n")
    journal.write_bytes(b"\n".join([header, b"\xff\xfe not a turn", *turns]))
    assert list_nights(tmp_path / "nights").kept[0].damaged_at == 2
    fresh = play_in(tmp_path, NIGHT)
    assert fresh.returncode == 0 and RULED in fresh.stdout
    assert journal.exists()


@pytest.mark.process
def test_a_journal_damaged_midway_carries_on_from_before_the_damage_and_says_so(tmp_path: Path) -> None:
    play_in(tmp_path, NIGHT)
    (journal,) = (tmp_path / "nights").glob("*.jsonl")
    lines = journal.read_bytes().split(b"\n")
    lines[3] = b"\xff\xfe not a turn"  # the turn of "D1": the night stands as it did after "two"
    journal.write_bytes(b"\n".join(lines))
    assert "damaged from line 4" in run_nights(tmp_path)
    resumed = play_in(tmp_path, ["D1", "All: fly"], "--resume")
    assert resumed.returncode == 0 and RULED in resumed.stdout
    assert_one_clear_line(resumed.stderr, "Its journal is damaged from line 4", "kept aside")
    assert (tmp_path / "nights" / "aside" / journal.name).exists()
