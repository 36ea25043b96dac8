"""No turn lost when the data disk fails: on a real small tmpfs, full or read-only, each turn still goes to
the fallback in the runtime folder before it is shown, a real `play` killed with SIGKILL loses nothing the
table saw, and the night goes back to the data disk as soon as the disk takes it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.records.night_records import fallback_folder, list_nights, read_night

from .support.disks import fill, mounted_disk, remount
from .support.kiosk_process import PlayProcess, carried_on, run_kiosk, run_play, shown, uninterrupted

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("runtime_folder")]

CELLS = ("A1", "B1", "C1", "D1", "E1", "A2", "B2", "C2", "D2", "E2")
TWENTY = [m for cell in CELLS for m in (cell, "All: pass")]
FELL_BACK = "The data disk cannot keep the night now:"
BACK = "The data disk takes the night again"


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    yield from mounted_disk(tmp_path / "disk", "size=64k")


def one_line(stderr: str, *words: str) -> None:
    assert "Traceback" not in stderr
    assert len([line for line in stderr.splitlines() if all(word in line for word in words)]) == 1, stderr


@pytest.mark.process
def test_full_for_twenty_messages_killed_while_full_then_space_again_loses_nothing(tiny_disk: Path) -> None:
    kiosk = PlayProcess(tiny_disk)
    kiosk.say("two")
    filler = fill(tiny_disk)
    table_saw = [kiosk.say(message) for message in TWENTY]
    code, _, err = kiosk.kill()
    assert code == -9
    one_line(err, FELL_BACK, "is full", str(fallback_folder(tiny_disk / "nights")))
    expected = uninterrupted(["two", *TWENTY])
    assert table_saw == [reply.text + "\n" for reply in expected[2:]]
    (night,) = list_nights(tiny_disk / "nights").kept
    assert night.messages == ("two", *TWENTY) and night.home is not None  # read from the fallback

    filler.unlink()
    carried = run_play(tiny_disk, ["E3"], "--resume")
    assert carried.returncode == 0 and "Traceback" not in carried.stderr
    # where the night stood when the table last saw it, said again: its ledger holds every turn's outcome
    assert carried.stdout.startswith(carried_on(["two", *TWENTY]).text)
    one_line(carried.stderr, "while the data disk was full or read-only; it is whole there again")
    on_disk = read_night(night.belongs)  # the data disk's own copy, not the fallback's
    assert on_disk.messages == ("two", *TWENTY, "E3") and on_disk.damaged_at is None
    assert [turn.reply for turn in on_disk.turns] == [r.text for r in uninterrupted(["two", *TWENTY, "E3"])]
    assert not list(fallback_folder(tiny_disk / "nights").glob("*.jsonl"))


@pytest.mark.process
def test_killed_while_full_carries_on_while_still_full(tiny_disk: Path) -> None:
    kiosk = PlayProcess(tiny_disk)
    kiosk.say("two")
    fill(tiny_disk)
    for message in TWENTY[:6]:
        kiosk.say(message)
    kiosk.kill()
    carried = run_play(tiny_disk, TWENTY[6:8], "--resume")
    assert carried.returncode == 0 and "Traceback" not in carried.stderr
    one_line(carried.stderr, FELL_BACK, "is full")
    (night,) = list_nights(tiny_disk / "nights").kept
    assert night.messages == ("two", *TWENTY[:8])


@pytest.mark.process
def test_space_given_back_mid_night_the_journal_holds_every_turn_before_the_next_reply(
    tiny_disk: Path,
) -> None:
    kiosk = PlayProcess(tiny_disk)
    kiosk.say("two")
    filler = fill(tiny_disk)
    for message in TWENTY[:10]:
        kiosk.say(message)
    filler.unlink()
    kiosk.say(TWENTY[10])
    # The reply to that message is on the screen: the data disk's journal already holds every turn.
    home = next((tiny_disk / "nights").glob("*.jsonl"))
    assert read_night(home).messages == ("two", *TWENTY[:11])
    assert not list((tiny_disk.parent / "run").iterdir())  # nor any folder left in the runtime folder
    kiosk.say(TWENTY[11])
    _, _, err = kiosk.kill()
    one_line(err, FELL_BACK)
    one_line(err, BACK)
    assert read_night(home).messages == ("two", *TWENTY[:12])


@pytest.mark.process
def test_a_night_begun_on_a_read_only_data_folder_is_kept_and_carried_on(tmp_path: Path) -> None:
    for disk in mounted_disk(tmp_path / "card", "size=256k,ro"):
        kiosk = PlayProcess(disk)
        for message in ["two", *TWENTY[:4]]:
            kiosk.say(message)
        _, _, err = kiosk.kill()
        one_line(err, FELL_BACK, "is on a read-only disk")
        expected = uninterrupted(["two", *TWENTY[:6]])

        carried = run_play(disk, TWENTY[4:6], "--resume")  # the card still read-only: carried on anyway
        assert carried.returncode == 0 and "Traceback" not in carried.stderr
        first = carried_on(["two", *TWENTY[:4]])
        farewell = carried.stdout.rstrip().rsplit("\n", 1)[-1]
        assert carried.stdout == shown([first, *expected[6:]], farewell=farewell)
        (night,) = list_nights(disk / "nights").kept
        assert night.messages == ("two", *TWENTY[:6])

        remount(disk, "rw")
        again = run_play(disk, TWENTY[6:7], "--resume")
        assert again.returncode == 0 and "Traceback" not in again.stderr
        on_card = read_night(night.belongs)
        assert on_card.messages == ("two", *TWENTY[:7])
        assert not [p for p in fallback_folder(disk / "nights").rglob("*") if p.is_file()]


@pytest.mark.process
def test_nights_lists_a_night_held_in_the_fallback(tiny_disk: Path) -> None:
    fill(tiny_disk)
    run_play(tiny_disk, ["two", "D1"])
    listed = run_kiosk(tiny_disk, "nights").stdout
    assert "0 of 25 questions played, D1 open" in listed and "until the data disk has room" in listed


@pytest.mark.process
def test_a_kept_night_carries_on_from_a_card_turned_read_only(small_disk: Path) -> None:
    kiosk = PlayProcess(small_disk)
    for message in ["two", "D1"]:
        kiosk.say(message)
    kiosk.kill()
    remount(small_disk, "ro")
    carried = run_play(small_disk, ["All: fly"], "--resume")
    assert carried.returncode == 0 and "Bats: right, 1 point." in carried.stdout
    one_line(carried.stderr, FELL_BACK, "is on a read-only disk")
    (night,) = list_nights(small_disk / "nights").kept
    assert night.messages == ("two", "D1", "All: fly") and night.home is not None


@pytest.mark.process
def test_serve_offers_a_night_kept_in_the_fallback_at_the_next_power_on(tiny_disk: Path) -> None:
    fill(tiny_disk)
    first = run_kiosk(tiny_disk, "serve", "--typed", "--no-screen", lines=["two", "D1", "All: fly"])
    assert first.returncode == 0 and "Traceback" not in first.stderr
    assert FELL_BACK in first.stderr and "Bats: right, 1 point." in first.stdout
    again = run_kiosk(tiny_disk, "serve", "--typed", "--no-screen", lines=["carry on", "E2"])
    assert again.returncode == 0 and "Traceback" not in again.stderr
    assert "There is a night from today, one of twenty-five played" in again.stdout
    assert "The Treat Bag, 2 points:" in again.stdout
    (night,) = list_nights(tiny_disk / "nights").kept
    assert night.messages == ("two", "D1", "All: fly", "E2")


@pytest.mark.process
def test_with_the_runtime_folder_full_too_the_night_waits_in_memory_until_one_has_room(
    tiny_disk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for runtime in mounted_disk(tmp_path / "full-run", "size=64k"):
        monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
        fill(tiny_disk)
        room = fill(runtime)
        kiosk = PlayProcess(tiny_disk)
        for message in ["two", *TWENTY[:4]]:
            kiosk.say(message)
        assert list_nights(tiny_disk / "nights").kept == ()
        room.unlink()
        kiosk.say(TWENTY[4])
        # The reply is on the screen, and every turn of the night is written, in the fallback.
        (night,) = list_nights(tiny_disk / "nights").kept
        assert night.messages == ("two", *TWENTY[:5]) and night.home is not None
        _, _, err = kiosk.kill()
        one_line(
            err, "This night is not being kept now:", "is full", "as soon as the data disk or the runtime"
        )
        one_line(err, "The night is kept again: every turn so far is written in")
        carried = run_play(tiny_disk, TWENTY[5:6], "--resume")
        assert carried.returncode == 0 and carried.stdout.startswith(carried_on(["two", *TWENTY[:5]]).text)
