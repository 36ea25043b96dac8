"""A save block this kiosk did not print is read back and taken only on the table's yes (said aloud, or
typed at the kiosk): never at once, and never on a yes from the remote keyboard. A save it printed itself
(its own record in saves/) is taken at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk.engine.by import By
from kiosk.engine.night import Phase
from kiosk.keys import load_practice
from kiosk.records.foreign_saves import LEFT, ONLY_THE_TABLE, STILL_HELD, SaveCheck, kept_blocks
from kiosk.records.keeping import begin
from kiosk.table import KeptNight, Table

from .test_play import play
from .test_save_checks import rows, save

FORGED = save(
    turn="24",
    teams="Bats,Ghosts",
    board=rows("B.B.B.B.5", *["B.B.B.B.B"] * 4),
    ce="none",
    score="Bats=70,Ghosts=0",
)
CARRIES_ON = "The saved night carries on"


@pytest.fixture
def table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    monkeypatch.setenv("SNAP_APPLE_HOME", str(tmp_path))
    started = begin(load_practice(), voice=False, notice=lambda line: None)
    night = KeptNight(started.host, started.keeper, started.first)
    table = Table(night, (), (SaveCheck(tmp_path / "saves"),))
    table.opening()
    yield table
    started.keeper.close()


def test_a_forged_save_is_read_back_and_a_remote_yes_does_not_take_it(table: Table) -> None:
    asked = table.hear(FORGED.replace("\n", " "), By.KEYBOARD).text  # pasted on one line, from a phone
    assert "not made by this kiosk" in asked and "Bats, Ghosts; 24 of the 25 cells played" in asked
    assert "scores Bats 70, Ghosts 0" in asked and CARRIES_ON not in asked
    assert ONLY_THE_TABLE in table.hear("yes", By.KEYBOARD).text
    assert table.night is not None and table.night.board.played_count() == 0
    taken = table.hear("yes", By.TABLE).text  # the table's own yes, aloud or at the kiosk
    assert "The saved night carries on: 24 of the 25 questions are played." in taken
    assert table.night.board.played_count() == 24


def test_no_leaves_a_save_from_elsewhere_and_a_second_other_message_lets_it_go(table: Table) -> None:
    table.hear(FORGED)  # even typed at the kiosk itself, a save from elsewhere is read back first
    assert LEFT in table.hear("no").text
    assert CARRIES_ON not in table.hear("yes").text  # nothing is held any more
    table.hear(FORGED)
    again = table.hear("owls").text  # neither yes nor no (a misheard yes): the save is read back once more
    assert again.startswith(STILL_HELD) and "not made by this kiosk" in again
    assert table.night is not None and table.night.phase is Phase.TEAMS
    table.hear("two")  # the night's own message, a second time: the held save is let go
    assert CARRIES_ON not in table.hear("yes").text
    assert table.night.board.played_count() == 0


def test_the_table_says_it_holds_the_saves_question_until_a_yes_or_no(table: Table) -> None:
    # A voice loop hears the reply as the check's, not as the night's count (Expectation.held).
    assert not table.listening_for().held
    table.hear(FORGED)
    assert table.listening_for().held and table.listening_for().closed
    table.hear("owls")
    assert table.listening_for().held
    table.hear("no")
    assert not table.listening_for().held


def test_a_yes_after_the_save_is_read_back_again_takes_it(table: Table) -> None:
    table.hear(FORGED)
    assert table.hear("owls").text.startswith(STILL_HELD)
    assert "The saved night carries on: 24 of the 25 questions are played." in table.hear("yes").text


@pytest.mark.process
def test_play_save_takes_its_own_save_at_once_and_asks_for_anothers(tmp_path: Path) -> None:
    play(tmp_path, ["two", "D1", "All: fly", "save"])
    latest = tmp_path / "saves" / "latest.txt"
    assert len(kept_blocks(tmp_path / "saves")) == 1
    own = play(tmp_path, [], "--save", str(latest))
    assert "The saved night carries on: 1 of the 25 questions is played." in own.stdout
    elsewhere = tmp_path / "elsewhere"
    asked = play(elsewhere, ["yes"], "--save", str(latest))
    before, _, after = asked.stdout.partition("> ")
    assert "not made by this kiosk" in before and CARRIES_ON not in before
    assert "The saved night carries on: 1 of the 25 questions is played." in after
    left = play(elsewhere / "again", ["no"], "--save", str(latest))
    assert LEFT in left.stdout and CARRIES_ON not in left.stdout
