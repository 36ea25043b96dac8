"""The journal's API as the typed, voice and appliance front ends use it: begin, record, read, carry on,
keep aside, list, remove; and a fuzzed round trip: any messages, journalled and replayed, give the same
replies."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kiosk import Host
from kiosk.engine.host import KeySource
from kiosk.keys import LoadedKey, from_bytes, load_practice
from kiosk.records.carrying import CannotCarryOn, carry_on
from kiosk.records.journal import Journal
from kiosk.records.night_records import KeyIdentity, keep_aside, list_nights, read_night, remove, unfinished

from .conftest import KeyText
from .support.talk import messages as table_messages

PRACTICE = load_practice()


def journalled(
    folder: Path, messages: list[str], loaded: LoadedKey = PRACTICE, *, voice: bool = False
) -> Host:
    assert loaded.key is not None
    host = Host(loaded.key, source=loaded.source, voice=voice)
    journal = Journal.begin(KeyIdentity.of(loaded), folder, voice=voice)
    journal.record(None, host.opening())
    for message in messages:
        journal.record(message, host.hear(message))
    journal.close()
    return host


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(table_messages, max_size=30), st.booleans())
def test_any_night_journalled_and_replayed_gives_the_same_replies(talk: list[str], voice: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        host = journalled(Path(folder), talk, voice=voice)
        (record,) = list_nights(Path(folder)).kept
        assert record.messages == tuple(talk) and record.voice is voice
        if record.over or not talk:
            return
        carried, journal, last = carry_on(record, PRACTICE)
        journal.close()
        assert last.text == record.turns[-1].reply
        assert carried.ledger() == host.ledger()
        assert carried.hear("board").text == host.hear("board").text


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300), st.integers(min_value=0, max_value=2000))
def test_a_journal_with_any_bytes_after_any_cut_is_read_without_a_crash(tail: bytes, cut: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        journalled(Path(folder), ["two", "D1"])
        (path,) = Path(folder).glob("*.jsonl")
        whole = path.read_bytes()
        path.write_bytes(whole[: len(whole) - cut] + tail)
        nights = list_nights(Path(folder))
        assert len(nights.kept) + len(nights.damaged) == 1
        for record in nights.kept:
            assert record.messages == ("two", "D1")[: len(record.messages)]


def test_two_kiosks_in_the_same_second_never_share_a_journal(tmp_path: Path) -> None:
    identity = KeyIdentity.of(PRACTICE)
    first = Journal.begin(identity, tmp_path, now=1_761_933_600.0)
    second = Journal.begin(identity, tmp_path, now=1_761_933_600.0)
    assert first.path != second.path and first.path.name[:21] == second.path.name[:21]
    first.close()
    second.close()


def test_a_night_in_play_is_not_offered_to_another_kiosk(tmp_path: Path) -> None:
    host = Host(PRACTICE.key, source=PRACTICE.source)
    journal = Journal.begin(KeyIdentity.of(PRACTICE), tmp_path)
    journal.record(None, host.opening())
    journal.record("two", host.hear("two"))
    (record,) = list_nights(tmp_path).kept
    assert record.in_use and unfinished(tmp_path) is None
    with pytest.raises(CannotCarryOn, match="being played on another kiosk"):
        carry_on(record, PRACTICE)
    journal.close()
    assert unfinished(tmp_path) == read_night(record.path)


def test_a_night_carries_on_only_on_its_own_key(tmp_path: Path) -> None:
    journalled(tmp_path, ["two", "D1"])
    record = unfinished(tmp_path)
    assert record is not None
    assert record.describe().endswith("Bats, Ghosts; 0 of 25 questions played, D1 open")
    other = from_bytes(KeyText().render().encode(), KeySource.FILE, tmp_path / "reveal.md")
    with pytest.raises(CannotCarryOn, match="carry it on with neither --key nor --sealed"):
        carry_on(record, other)
    same_bytes_other_source = LoadedKey(PRACTICE.key, KeySource.SEALED)
    with pytest.raises(CannotCarryOn, match="played on the practice key"):
        carry_on(record, same_bytes_other_source)
    assert read_night(record.path) == record  # nothing was changed by a refusal


def test_a_replay_that_differs_from_what_the_table_saw_is_refused(tmp_path: Path) -> None:
    journalled(tmp_path, ["two", "D1", "All: fly"])
    (path,) = tmp_path.glob("*.jsonl")
    path.write_text(path.read_text().replace("right, 1 point", "right, 9 points"))
    record = unfinished(tmp_path)
    assert record is not None
    with pytest.raises(CannotCarryOn, match="different reply at turn 3"):
        carry_on(record, PRACTICE)


def test_a_journal_damaged_mid_way_carries_on_in_a_clean_copy_and_keeps_the_damaged_one(
    tmp_path: Path,
) -> None:
    journalled(tmp_path, ["two", "D1", "All: fly", "E2"])
    (path,) = tmp_path.glob("*.jsonl")
    lines = path.read_bytes().split(b"\n")
    lines[4] = b"\x00\xffgarbage"
    path.write_bytes(b"\n".join(lines))
    record = read_night(path)
    assert record.damaged_at == 5 and record.messages == ("two", "D1")
    _, journal, last = carry_on(record, PRACTICE)
    journal.close()
    assert "open:D1" in last.ledger_line and journal.path != path
    kept = {night.path: night for night in list_nights(tmp_path).kept}
    assert kept[journal.path].messages == ("two", "D1") and kept[journal.path].damaged_at is None
    assert (tmp_path / "aside" / path.name).read_bytes() == b"\n".join(lines)


def test_kept_aside_listed_and_removed(tmp_path: Path) -> None:
    journalled(tmp_path, ["two"])
    record = unfinished(tmp_path)
    assert record is not None
    moved = keep_aside(record)
    assert unfinished(tmp_path) is None
    (aside,) = list_nights(tmp_path).kept
    assert aside.aside and aside.path == moved
    remove(moved)
    assert list_nights(tmp_path).kept == ()


def test_each_line_is_ascii_json_whatever_was_typed(tmp_path: Path) -> None:
    journalled(tmp_path, ["two", "Bats: \udcff\u2603 \x00"])
    (path,) = tmp_path.glob("*.jsonl")
    data = path.read_bytes()
    assert data.isascii()
    assert json.loads(data.split(b"\n")[3])["say"] == "Bats: \udcff\u2603 \x00"


@pytest.mark.usefixtures("runtime_folder")
def test_a_night_begun_with_no_file_descriptor_free_is_written_whole_once_one_is(tmp_path: Path) -> None:
    # A kiosk out of open files (a flood of screen clients) can open neither its journal nor a fallback: the
    # night's lines wait in memory and are written at the first turn that can open a file again.
    assert PRACTICE.key is not None
    host = Host(PRACTICE.key, source=PRACTICE.source)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    hogs: list[int] = []
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    try:
        with contextlib.suppress(OSError):
            while True:
                hogs.append(os.open("/dev/null", os.O_RDONLY))
        journal = Journal.begin(KeyIdentity.of(PRACTICE), tmp_path, held=True)
        journal.record(None, host.opening())
        journal.record("two", host.hear("two"))
        assert journal.lost is not None and "Too many open files" in journal.lost
    finally:
        for fd in hogs:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert list_nights(tmp_path).kept == ()
    journal.record("D1", host.hear("D1"))
    journal.close()
    assert journal.lost is None and journal.trouble is None
    (night,) = list_nights(tmp_path).kept
    assert night.messages == ("two", "D1") and night.path == journal.path
    assert list((tmp_path / "run").iterdir()) == []  # nothing left behind in the runtime folder
