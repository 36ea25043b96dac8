"""A save from elsewhere, read back by the table's check, is carried on or left by the reader's voice as the
policy rules (policy.Slot.SAVE): the sure yes takes it, an unsure yes or no is asked about once, a no
leaves it, and other words have the question asked again. The voice loop runs with in-memory
recognisers over a real host and a real save check."""

from __future__ import annotations

from pathlib import Path

from kiosk import Host, KeySource
from kiosk.engine.night import Phase
from kiosk.keys import load_practice
from kiosk.records.foreign_saves import LEFT, STILL_HELD, SaveCheck
from kiosk.voice.dialogue.prompts import SAVE_AGAIN, SAVE_NO, SAVE_YES, Fixed
from kiosk.voice.hearing.listening import Listening

from .support.voice import FakeTable, LoudRoom, Quiet, Spoken, fake_table
from .test_foreign_saves import CARRIES_ON, FORGED

ASKED_IF_YES = SAVE_YES


def _table(tmp_path: Path, script: list[Spoken | Quiet | str], loud: bool = False) -> FakeTable:
    host = Host(load_practice().key, source=KeySource.PRACTICE)
    table = fake_table(host, script, checks=(SaveCheck(tmp_path / "saves"),))
    if loud:
        table.kiosk.room = LoudRoom()
    table.run(resume=FORGED)
    return table


def test_the_sure_yes_carries_on_a_save_from_elsewhere(tmp_path: Path) -> None:
    table = _table(tmp_path, ["that's right"])
    assert "not made by this kiosk" in table.said and CARRIES_ON in table.said
    assert table.host.night.board.played_count() == 24
    assert ASKED_IF_YES not in table.asked


def test_a_no_leaves_the_save_and_the_night_begins_afresh(tmp_path: Path) -> None:
    table = _table(tmp_path, ["no no", "two"])
    assert LEFT in table.said and CARRIES_ON not in table.said
    assert table.host.night.board.played_count() == 0 and len(table.host.night.teams) == 2


def test_an_unsure_yes_is_asked_about_once_before_the_save_is_taken(tmp_path: Path) -> None:
    coin_toss = Spoken("yes", alternatives=("no",), scores=(36.3, 35.9))
    table = _table(tmp_path, [coin_toss, Quiet(1.5), coin_toss, Quiet(1.5)])
    assert table.asked.count(ASKED_IF_YES) == 1
    assert CARRIES_ON in table.said and table.host.night.board.played_count() == 24


def test_an_unsure_no_is_asked_about_once_since_a_save_left_is_not_offered_again(tmp_path: Path) -> None:
    coin_toss = Spoken("no", alternatives=("yes",), scores=(36.3, 35.9))
    table = _table(tmp_path, [coin_toss, Quiet(1.5), "that's right"])
    assert table.asked == [SAVE_NO]
    assert CARRIES_ON in table.said and table.host.night.board.played_count() == 24


def test_a_plain_yes_in_a_loud_room_is_asked_about_once(tmp_path: Path) -> None:
    table = _table(tmp_path, ["yes"], loud=True)
    assert table.asked == [ASKED_IF_YES]
    assert CARRIES_ON not in table.said and table.host.night.board.played_count() == 0


def test_other_words_ask_again_and_never_let_the_save_go(tmp_path: Path) -> None:
    table = _table(tmp_path, ["owls", "two", "help", "that's right"])
    assert table.asked == [SAVE_AGAIN] * 3 and STILL_HELD not in table.said
    assert table.host.night.board.played_count() == 24 and table.host.night.phase is not Phase.TEAMS


def test_a_reply_heard_as_no_word_is_asked_again_and_the_save_still_waits(tmp_path: Path) -> None:
    table = _table(tmp_path, [Spoken("[unk]", names="[unk]"), Quiet(1.5), "that's right"])
    assert table.asked == [Fixed.SAY_IT_AGAIN]
    assert CARRIES_ON in table.said and table.host.night.board.played_count() == 24


def test_a_held_save_is_heard_through_the_between_questions_list(tmp_path: Path) -> None:
    table = _table(tmp_path, [])
    assert table.kiosk.listening_now() is Listening.BETWEEN_QUESTIONS
    assert table.kiosk.table.listening_for().held
