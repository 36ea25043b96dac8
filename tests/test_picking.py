"""Picks by voice taken only when sure (kiosk/voice/picking.py): a sound-alike letter's pick is said back by
its category's name and taken on a yes; a pick by name, or one with no sound-alike cell left, at once."""

from __future__ import annotations

from pathlib import Path

from kiosk import config
from kiosk.engine.board import Board
from kiosk.engine.cells import Cell
from kiosk.voice.answering import Ask
from kiosk.voice.asr import Utterance
from kiosk.voice.picking import Picks, by_letter, rivals, said_by_name


def test_a_letter_pick_is_said_back_then_taken_on_yes_by_its_name() -> None:
    picks, board = Picks(), Board()
    assert picks.take(Utterance("dee three"), board) == Ask(
        "Wings & Webs 3? Say yes, or say the category's name."
    )
    assert picks.take(Utterance("yes"), board) == "wings and webs three"
    assert picks.waiting is None
    assert picks.take(Utterance("yes"), board) == "yes"  # a second yes confirms nothing: the host hears it


def test_words_that_are_no_yes_no_pick_nor_command_keep_the_pick_said_back_and_ask_again() -> None:
    picks, board = Picks(), Board()
    picks.take(Utterance("dee three"), board)
    # "yes" heard in babble as a team's name, or as other voices' words.
    for heard in ("owls", "that was my own minister mean"):
        assert picks.take(Utterance(heard), board) == Ask(
            "I didn't catch a yes. Wings & Webs 3? Say \"that's right\", or say the category's name."
        )
    assert picks.take(Utterance("that's right"), board) == "wings and webs three"
    picks.take(Utterance("dee three"), board)
    assert picks.take(Utterance("board"), board) == "board"  # a command is the table's, and the pick let go
    assert picks.waiting is None


def test_no_asks_for_the_name_and_another_pick_starts_again() -> None:
    picks, board = Picks(), Board()
    picks.take(Utterance("e two"), board)
    assert picks.take(Utterance("no"), board) == Ask("Which one, then? Say its name, like The Treat Bag 2.")
    picks.take(Utterance("e two"), board)
    assert picks.take(Utterance("b two"), board) == Ask(
        "Far and Wide 2? Say yes, or say the category's name."
    )
    assert picks.take(Utterance("far and wide two"), board) == "far and wide two"


def test_picks_by_name_commands_and_confirm_off_go_straight_on() -> None:
    board = Board()
    for said in (
        "wings and webs three",
        "owls three",
        "the treat bag one",
        "board",
        "you choose",
        "two teams",
    ):
        assert Picks().take(Utterance(said), board) == said
    assert Picks(confirm=False).take(Utterance("d three"), board) == "d three"


def test_in_a_loud_room_every_pick_is_said_back_even_by_name() -> None:
    picks, board = Picks(), Board()
    for letter in "BCE":
        board.play(Cell(letter, 1), ())
    # Heard in party noise for "wings and webs three", with no other reading.
    assert picks.take(Utterance("wings and webs one"), board, loud=True) == Ask(
        "Wings & Webs 1? Say yes, or say the category's name."
    )
    assert picks.take(Utterance("wings and webs three"), board, loud=True) == Ask(
        "Wings & Webs 3? Say yes, or say the category's name."
    )
    assert picks.take(Utterance("yes"), board, loud=True) == "wings and webs three"
    # "End the night" heard as "right": in a loud room a lone "right" reads no cell.
    picks.take(Utterance("wings and webs three"), board, loud=True)
    assert picks.take(Utterance("right"), board, loud=True) == Ask(
        "I didn't catch a yes. Wings & Webs 3? Say \"that's right\", or say the category's name."
    )
    assert picks.take(Utterance("that's right"), board, loud=True) == "wings and webs three"
    assert picks.take(Utterance("board"), board, loud=True) == "board"  # commands go straight on
    assert picks.take(Utterance("pass"), board, loud=True) == Ask(
        "Old Customs 1? Say yes, or say the category's name."
    )
    assert picks.take(Utterance("pass"), board) == "pass"  # in a quiet room, as the host reads it
    # Readings that mean two cells: the likeliest is said back, not asked about.
    doubted = Utterance("old customs two", alternatives=("old customs one",), scores=(67.2, 67.0))
    assert picks.take(doubted, board, loud=True) == Ask("Old Customs 2? Say yes, or say the category's name.")
    assert picks.take(doubted, board) == Ask(
        "Was that Old Customs 2, or Old Customs 1? Say the one you meant."
    )
    assert Picks(confirm=False).take(Utterance("owls three"), board, loud=True) == "owls three"


def test_a_letter_with_no_sound_alike_cell_left_is_taken_at_once() -> None:
    board = Board()
    for letter in "BCE":
        board.play(Cell(letter, 3), ())
    assert not rivals(Cell("D", 3), board) and rivals(Cell("D", 2), board)
    assert Picks().take(Utterance("d three"), board) == "d three"
    assert not rivals(Cell("A", 3), board)  # A sounds only like E, and E3 is played
    assert rivals(Cell("A", 4), board)
    board.play(Cell("E", 4), ())
    assert not rivals(Cell("A", 4), board)


def test_by_letter_and_by_name() -> None:
    assert by_letter("d three") and by_letter("bee five") and by_letter("a one")
    assert not by_letter("wings and webs three") and not by_letter("owls three") and not by_letter("d")
    assert said_by_name(Cell("B", 1)) == "far and wide one"


def test_the_setting_reads_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text("confirm_picks = false\n")
    settings, said = config.load(path)
    assert said == () and settings.recogniser.confirm_picks is False
    assert config.Settings().recogniser.confirm_picks is True
