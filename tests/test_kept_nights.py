"""Nights kept with keep_audio (tests/kept_nights/, made by scripts/keep_nights.sh from the recorded
tables) replayed through today's dialogue: a change that alters what the kiosk says in one fails here, with
the first difference shown. Keeping them never harms a night; the setting is off unless set."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import pytest

from kiosk import config, settings_flags
from kiosk.records.kept_audio import HeardKeeper, heard_folder, read_heard
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.kept_hearing import Came, HeardTurn, Listened, Reading
from kiosk.voice.replay_night import find_kept, replay_night, report, table_for
from kiosk.voice.replaying import differences, replay_audio, replay_readings
from kiosk.voice.sound.asr import Utterance, Word
from kiosk.voice.sound.audio import read_wav

KEPT = Path(__file__).parent / "kept_nights"
NIGHTS = sorted(KEPT.glob("*.jsonl"))


@pytest.mark.parametrize("journal", NIGHTS, ids=lambda path: path.stem)
def test_each_kept_night_replays_from_its_readings_as_it_was(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    heard, loaded = find_kept(str(journal))
    replayed = replay_readings(heard, table_for(loaded))
    assert len(heard.turns) >= 5 and heard.unreadable == 0
    assert report(heard, replayed) == 0, capsys.readouterr().out


def test_the_corpus_holds_a_night_heard_whole_and_small_enough_for_the_repository() -> None:
    assert len(NIGHTS) >= 3
    kept = [
        heard_folder(night) / "heard.wav" for night in NIGHTS if (heard_folder(night) / "heard.wav").exists()
    ]
    assert kept and all(path.stat().st_size < 1_000_000 for path in kept)


def test_a_night_that_now_goes_otherwise_is_said_turn_by_turn_with_the_first_difference_in_full(
    capsys: pytest.CaptureFixture[str],
) -> None:
    heard, loaded = find_kept(str(KEPT / "two-teams.piper-normal.jsonl"))
    changed = list(heard.turns)
    changed[3] = replace(changed[3], said=("Bats locked in something else.",))
    then = replace(heard, turns=tuple(changed))
    replayed = replay_readings(then, table_for(loaded))
    assert [d.number for d in differences(then.turns, replayed.turns)] == [4]
    assert report(then, replayed) == 1
    out = capsys.readouterr().out
    assert f"1 of {len(heard.turns)} turns differ. The first, turn 4:" in out
    assert "then: " in out and "Bats locked in something else." in out
    assert f'now:  "{heard.turns[3].taken.text}"' in out and heard.turns[3].said[0].splitlines()[0] in out


def test_a_turn_heard_another_way_now_differs() -> None:
    heard, _ = find_kept(str(KEPT / "table-night.jsonl"))
    now = [replace(turn, way=Listening.ANSWERS) if n == 2 else turn for n, turn in enumerate(heard.turns)]
    assert [d.number for d in differences(heard.turns, now)] == [3]
    assert [d.number for d in differences(heard.turns, now[:-1])][-1] == len(heard.turns)


def _turn(text: str) -> HeardTurn:
    heard = Utterance(text, (Word(text, 1.25, 1.5, 0.875),), ("other",), (-1.5, -2.25), unknown=True)
    readings = (Reading("main", heard), Reading("beside", Utterance("bats")))
    return HeardTurn(Came.HEARD, Listening.ANSWERS, heard, ("Bats locked.",), readings, True, (0.0, 0.5))


def test_kept_turns_and_audio_read_back_as_they_were_kept(tmp_path: Path) -> None:
    notices: list[str] = []
    keeper = HeardKeeper.beside(tmp_path / "night-1.jsonl", notices.append, Listened(False, True))
    keeper.heard_audio(b"\1\0" * 8000)
    keeper.took(_turn("bats echolocation"))
    keeper.took(replace(_turn("yes"), came=Came.TYPED, audio=None))
    keeper.close()
    night = read_heard(tmp_path / "night-1.heard")
    assert night.turns == (_turn("bats echolocation"), replace(_turn("yes"), came=Came.TYPED, audio=None))
    assert night.listened == Listened(False, True) and notices == []
    assert night.audio is not None and len(read_wav(night.audio)) == 8000


def test_a_wav_cut_off_by_a_pulled_plug_is_read_to_its_end(tmp_path: Path) -> None:
    keeper = HeardKeeper.beside(tmp_path / "night-1.jsonl", print, Listened())
    keeper.heard_audio(b"\2\0" * 1600)  # never closed: the header still says "to the end of the file"
    assert len(read_wav(tmp_path / "night-1.heard" / "heard.wav")) == 1600


def test_a_fault_is_said_once_and_the_night_goes_on(tmp_path: Path) -> None:
    (tmp_path / "night-1.heard").write_text("a file where the folder should be")
    notices: list[str] = []
    keeper = HeardKeeper.beside(tmp_path / "night-1.jsonl", notices.append, Listened())
    keeper.heard_audio(b"\0\0" * 100)
    keeper.took(_turn("yes"))
    keeper.close()
    assert len(notices) == 1 and "no longer kept for replay: a file stands where" in notices[0]


def test_the_hearing_stops_at_its_limit_the_readings_after_it(tmp_path: Path) -> None:
    notices: list[str] = []
    limit = 1024 * 1024 + 4000
    keeper = HeardKeeper.beside(tmp_path / "night-1.jsonl", notices.append, Listened(), limit)
    for _ in range(10):
        keeper.heard_audio(b"\0\0" * 1000)  # the fourth and after pass the audio's share
    assert keeper.audio_bytes == 2000 * 2 and len(notices) == 1 and "limit" in notices[0]
    while keeper.readings_bytes < 1024 * 1024 and len(notices) == 1:
        keeper.took(_turn("bats echolocation"))
    keeper.took(_turn("yes"))
    assert len(notices) == 2 and keeper.audio_bytes + keeper.readings_bytes <= limit
    lines = (tmp_path / "night-1.heard" / "readings.jsonl").read_bytes().splitlines()
    assert json.loads(lines[0])["heard"] == 1


def test_keep_audio_is_off_unless_set_in_the_file_or_by_flag() -> None:
    assert config.Settings().recogniser.keep_audio is False
    assert config.parse("keep_audio = true\n").recogniser.keep_audio is True
    flags = argparse.Namespace(keep_audio=True)
    assert settings_flags.with_flags(config.Settings(), flags).recogniser.keep_audio is True
    assert settings_flags.with_flags(config.Settings(), argparse.Namespace()).recogniser.keep_audio is False


@pytest.mark.voice
@pytest.mark.english
def test_a_kept_night_replays_from_its_audio_through_real_vosk_as_it_was(
    english_model_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from kiosk.voice.hearing.listening import Recognizers
    from kiosk.voice.sound.asr import load_model, supports_grammar

    heard, loaded = find_kept(str(KEPT / "table-night.jsonl"))
    recognizers = Recognizers(load_model(english_model_path), grammar=supports_grammar(english_model_path))
    replayed = replay_audio(heard, table_for(loaded), recognizers)
    assert report(heard, replayed) == 0, capsys.readouterr().out
    assert replayed.heard_seconds > 15 and replayed.seconds < replayed.heard_seconds


@pytest.mark.parametrize("name", ["", ".", "/"])
def test_a_name_that_is_no_night_is_one_line_never_a_traceback(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("SNAP_APPLE_HOME", str(tmp_path))
    assert replay_night(name, config.Settings()) == 2
    assert "names no kept night" in caplog.text
