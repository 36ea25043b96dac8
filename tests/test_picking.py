"""Picks by voice taken only when sure (kiosk/voice/dialogue/picking.py): a sound-alike letter's pick is said back by
its category's name and taken on a yes; a pick by name, or one with no sound-alike cell left, at once."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from kiosk import config
from kiosk.engine.board import Board
from kiosk.engine.cells import Cell
from kiosk.engine.night import Night, Phase
from kiosk.engine.teams import Team
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.pick_readings import by_letter, rivals, said_by_name
from kiosk.voice.dialogue.picking import Picks
from kiosk.voice.dialogue.prompts import Confirm, Lead, PickSlowly, WhichDidYouMean, WhichPickThen
from kiosk.voice.sound.asr import Utterance


def test_a_letter_pick_is_said_back_then_taken_on_yes_by_its_name() -> None:
    picks, board = Picks(), Board()
    assert picks.take(Utterance("dee three"), board) == Ask(Confirm("Wings & Webs 3"))
    assert picks.take(Utterance("yes"), board) == "wings and webs three"
    assert picks.waiting is None
    assert picks.take(Utterance("yes"), board) == "yes"  # a second yes confirms nothing: the host hears it


def test_words_that_are_no_yes_no_pick_nor_command_keep_the_pick_said_back_and_ask_again() -> None:
    picks, board = Picks(), Board()
    picks.take(Utterance("dee three"), board)
    # "yes" heard in babble as a team's name, or as other voices' words.
    assert picks.take(Utterance("owls"), board) == Ask(Confirm("Wings & Webs 3", Lead.NO_YES_HEARD))
    assert picks.take(Utterance("that's right"), board) == "wings and webs three"
    # Missed twice running: the category's cells offered one at a time, the one said back first.
    picks.take(Utterance("dee three"), board)
    for heard in ("owls", "that was my own minister mean"):
        asked = picks.take(Utterance(heard), board)
    assert asked == Ask(Confirm("Wings & Webs 3", Lead.ONE_AT_A_TIME))
    assert picks.take(Utterance("no"), board) == Ask(Confirm("Wings & Webs 1"))
    assert picks.take(Utterance("that's right"), board) == "wings and webs one"
    picks.take(Utterance("dee three"), board)
    assert picks.take(Utterance("board"), board) == "board"  # a command is the table's, and the pick let go
    assert picks.waiting is None


def test_no_asks_for_the_name_and_another_pick_starts_again() -> None:
    picks, board = Picks(), Board()
    picks.take(Utterance("e two"), board)
    assert picks.take(Utterance("no"), board) == Ask(WhichPickThen("The Treat Bag 2"))
    picks.take(Utterance("e two"), board)
    assert picks.take(Utterance("b two"), board) == Ask(Confirm("Far and Wide 2"))
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
    assert picks.take(Utterance("wings and webs one"), board, loud=True) == Ask(Confirm("Wings & Webs 1"))
    assert picks.take(Utterance("wings and webs three"), board, loud=True) == Ask(Confirm("Wings & Webs 3"))
    assert picks.take(Utterance("that's right"), board, loud=True) == "wings and webs three"
    # A plain yes is asked about once: in babble a reader's "no", ten seconds of the room's talk around it,
    # was heard as "yes", and a cell nobody picked was read.
    picks.take(Utterance("wings and webs three"), board, loud=True)
    assert picks.take(Utterance("yes"), board, loud=True) == Ask(
        Confirm("Wings & Webs 3", Lead.WAS_THAT_A_YES)
    )
    assert picks.take(Utterance("yes"), board, loud=True) == "wings and webs three"
    # "End the night" heard as "right": in a loud room a lone "right" reads no cell.
    picks.take(Utterance("wings and webs three"), board, loud=True)
    assert picks.take(Utterance("right"), board, loud=True) == Ask(
        Confirm("Wings & Webs 3", Lead.NO_YES_HEARD)
    )
    assert picks.take(Utterance("that's right"), board, loud=True) == "wings and webs three"
    # Unless "that's right" was about as likely a reading: a voice whose "that's" the room drowned. A plain
    # yes, asked about once; far below, it is none.
    clipped = Utterance("right", alternatives=("that's right",), scores=(69.9, 69.8))
    picks.take(Utterance("the haunted shelf four"), board, loud=True)
    assert picks.take(clipped, board, loud=True) == Ask(Confirm("The Haunted Shelf 4", Lead.WAS_THAT_A_YES))
    assert picks.take(clipped, board, loud=True) == "the haunted shelf four"
    picks.take(Utterance("the haunted shelf five"), board, loud=True)
    assert picks.take(replace(clipped, scores=(69.9, 66.0)), board, loud=True) == Ask(
        Confirm("The Haunted Shelf 5", Lead.NO_YES_HEARD)
    )
    # "That's right" with a reading about as likely that means no yes (policy.read): the reader may have
    # named a pick ("Far and Wide four" heard so, "far right" beside it), or said no ("No." heard as "that's
    # right" 49.1, "the night owls" 48.7): asked about once, in any room. Far below, it is the yes.
    named = Utterance("that's right", alternatives=("far right",), scores=(78.3, 76.4))
    owls = replace(named, alternatives=("the night owls",), scores=(49.1, 48.7))
    for pick, said, beside in (
        ("old customs three", "Old Customs 3", named),
        ("old customs four", "Old Customs 4", owls),
    ):
        for room in (True, False):
            picks = Picks()
            picks.take(Utterance(pick), board, loud=True)
            assert picks.take(beside, board, loud=room) == Ask(Confirm(said, Lead.WAS_THAT_A_YES))
            assert picks.take(beside, board, loud=room) == pick
    picks.take(Utterance("old customs three"), board, loud=True)
    assert picks.take(replace(named, scores=(78.3, 75.0)), board, loud=True) == "old customs three"
    assert picks.take(Utterance("board"), board, loud=True) == "board"  # commands go straight on
    assert picks.take(Utterance("pass"), board, loud=True) == Ask(Confirm("Old Customs 1"))
    assert picks.take(Utterance("pass"), board) == "pass"  # in a quiet room, as the host reads it
    # Readings that mean two cells: the likeliest is said back, not asked about.
    doubted = Utterance("old customs two", alternatives=("old customs one",), scores=(67.2, 67.0))
    assert picks.take(doubted, board, loud=True) == Ask(Confirm("Old Customs 2"))
    assert picks.take(doubted, board) == Ask(WhichDidYouMean("Old Customs 2", "Old Customs 1"))
    assert Picks(confirm=False).take(Utterance("owls three"), board, loud=True) == "owls three"
    # A command as likely as a cell: in a loud room the cell is said back; in a quiet one, asked about.
    saved = Utterance("save", alternatives=("the treat bag five", "five"), scores=(62.8, 61.7, 61.7))
    assert picks.take(saved, board, loud=True) == Ask(Confirm("The Treat Bag 5"))
    assert picks.take(Utterance("save"), board, loud=True) == "save"
    assert Picks().take(saved, board) == Ask(WhichDidYouMean("save", "The Treat Bag 5"))


def test_a_yes_with_nothing_asked_gives_way_to_a_reading_as_likely_that_means_something() -> None:
    board = Board()
    # "End the night" heard as "right" in babble, "the night" 0.1 below it.
    ended = Utterance("right", alternatives=("the night",), scores=(50.9, 50.8))
    assert Picks().take(ended, board) == "end the night"
    # Or "night" alone beside it (four times running for a held-out voice): the command's own last word.
    ended = Utterance("right", alternatives=("night",), scores=(56.7, 55.5))
    assert Picks().take(ended, board) == "end the night"
    # A cell so read is said back, in any room: a read cell cannot be taken back.
    picked = Utterance("no", alternatives=("old customs two",), scores=(60.0, 59.0))
    assert Picks().take(picked, board) == Ask(Confirm("Old Customs 2"))
    # Readings far below, played cells, or a lone reading: the words go on as heard.
    assert (
        Picks().take(Utterance("right", alternatives=("the night",), scores=(50.9, 47.0)), board) == "right"
    )
    board.play(Cell("A", 2), ())
    assert Picks().take(picked, board) == "no"
    assert Picks().take(Utterance("yes"), board) == "yes"


def test_the_points_heard_alone_offer_the_free_cells_at_those_points_one_at_a_time() -> None:
    board = Board()
    board.play(Cell("B", 3), ())
    picks = Picks()
    # "The Treat Bag three" heard as a lone "three", three times running in babble.
    assert picks.take(Utterance("three"), board) == Ask(Confirm("Old Customs 3", Lead.ONE_AT_A_TIME))
    assert picks.take(Utterance("no"), board) == Ask(Confirm("The Haunted Shelf 3"))
    # The cell offered said by its letter rhymes ("bee three" was heard for "The Treat Bag three"): the yes
    # is asked for.
    assert picks.take(Utterance("see three"), board) == Ask(Confirm("The Haunted Shelf 3", Lead.NO_YES_HEARD))
    assert picks.take(Utterance("no"), board) == Ask(Confirm("Wings & Webs 3"))
    assert picks.take(Utterance("that's right"), board) == "wings and webs three"
    # Any other pick is a pick, taken as any pick is: in a loud room, said back.
    picks.take(Utterance("three"), board, loud=True)
    assert picks.take(Utterance("the treat bag three"), board, loud=True) == Ask(Confirm("The Treat Bag 3"))
    assert picks.take(Utterance("that's right"), board, loud=True) == "the treat bag three"
    # The points alone mean more than another reading's command: "E four" heard as "four", with "night"
    # 0.3 below it, was read as "end the night".
    four = Utterance("four", alternatives=("night",), scores=(105.1, 104.8))
    assert Picks().take(four, board, loud=True) == Ask(Confirm("Old Customs 4", Lead.ONE_AT_A_TIME))
    # Another reading with a word of a category's title and no points names the category first: in babble
    # "The Treat Bag three" was heard as "three", "treat" and "the treat" beside it.
    treat = Utterance("three", alternatives=("treat", "the treat"), scores=(62.7, 61.7, 61.3))
    assert Picks().take(treat, board, loud=True) == Ask(Confirm("The Treat Bag 3", Lead.ONE_AT_A_TIME))
    # No free cell at those points: the host's to answer.
    for letter in "ACDE":
        board.play(Cell(letter, 3), ())
    assert Picks().take(Utterance("three"), board) == "three"


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


def test_a_played_cell_heard_gives_way_to_a_free_reading_said_back() -> None:
    board = Board()
    for cell in board.free_cells():
        if cell not in (Cell("D", 5), Cell("E", 4)):
            board.play(cell, ())
    # "The Treat Bag four" heard as three, a played cell; the n-best holds the free one, far below.
    heard = Utterance("the treat bag three", alternatives=("the treat bag four",), scores=(70.0, 64.0))
    assert Picks().take(heard, board) == Ask(Confirm("The Treat Bag 4"))
    # Readings as likely as each other, one of them played: nothing to choose between.
    close = Utterance("the treat bag four", alternatives=("the treat bag three",), scores=(70.0, 69.5))
    assert Picks().take(close, board) == "the treat bag four"
    # No free reading: the host says the cell was played and asks again (the card's THE TABLE).
    assert Picks().take(Utterance("the treat bag three"), board) == "the treat bag three"


def test_a_cell_said_no_to_and_heard_again_has_its_category_offered_one_cell_at_a_time() -> None:
    picks, board = Picks(), Board()
    board.play(Cell("B", 2), ())
    # "Far and Wide four" heard as "one", time after time, in babble.
    heard = Utterance("far and wide one", alternatives=("far and wide three",), scores=(75.2, 74.0))
    assert picks.take(heard, board, loud=True) == Ask(Confirm("Far and Wide 1"))
    assert picks.take(heard, board, loud=True) == Ask(Confirm("Far and Wide 3", Lead.ONE_AT_A_TIME))
    assert picks.take(heard, board, loud=True) == Ask(Confirm("Far and Wide 4"))  # another pick: the next
    assert picks.take(Utterance("owls"), board, loud=True) == Ask(
        Confirm("Far and Wide 4", Lead.NO_YES_HEARD)
    )
    # Missed twice running, the cell offered gives way to the next and comes round again after it.
    assert picks.take(Utterance("right"), board, loud=True) == Ask(
        Confirm("Far and Wide 5", Lead.NEXT_OFFERED)
    )
    assert picks.take(Utterance("no"), board, loud=True) == Ask(Confirm("Far and Wide 4"))
    assert picks.take(Utterance("that's right"), board, loud=True) == "far and wide four"
    # A no to every free cell of the category: every other free cell offered. Asked afresh for the pick
    # slowly, a babble table's "The Treat Bag four" was heard as a cell played, and the offer was gone.
    picks = Picks()
    picks.take(heard, board, loud=True)
    picks.take(heard, board, loud=True)
    for _ in range(3):  # three, four and five offered, each said no to
        last = picks.take(Utterance("no"), board, loud=True)
    assert last == Ask(Confirm("Old Customs 1"))
    assert picks.take(Utterance("no"), board, loud=True) == Ask(Confirm("Old Customs 2"))
    # Offered, the cell itself said is as good as a yes; a pick in another category, or a command, goes on.
    picks = Picks()
    picks.take(heard, board, loud=True)
    picks.take(heard, board, loud=True)
    assert picks.take(Utterance("far and wide three"), board, loud=True) == "far and wide three"
    picks.take(heard, board, loud=True)
    picks.take(heard, board, loud=True)
    assert picks.take(Utterance("old customs two"), board, loud=True) == Ask(Confirm("Old Customs 2"))
    picks.take(heard, board, loud=True)
    picks.take(heard, board, loud=True)
    assert picks.take(Utterance("board"), board, loud=True) == "board"
    # "pass" said to an offer is a pass, said back in a loud room like any other: it would read a cell.
    picks.take(heard, board, loud=True)
    picks.take(heard, board, loud=True)
    assert picks.take(Utterance("pass"), board, loud=True) == Ask(Confirm("Old Customs 1"))


def test_a_cell_passed_over_and_said_again_after_another_was_said_back_is_offered_first() -> None:
    # In babble the yes to "Wings & Webs 3?" was heard as "bats five", Wings & Webs 5 was said back, and the
    # reader's "Wings and Webs three" had every cell of the category offered but 3, until the table gave up.
    picks, board = Picks(), Board()
    assert picks.take(Utterance("wings and webs three"), board, loud=True) == Ask(Confirm("Wings & Webs 3"))
    assert picks.take(Utterance("bats five"), board, loud=True) == Ask(Confirm("Wings & Webs 5"))
    said_again = picks.take(Utterance("wings and webs three"), board, loud=True)
    assert said_again == Ask(Confirm("Wings & Webs 3", Lead.ONE_AT_A_TIME))
    assert picks.take(Utterance("that's right"), board, loud=True) == "wings and webs three"


def test_a_cell_of_the_category_named_while_another_is_offered_is_offered_next() -> None:
    # In babble the yes to "Far and Wide 1?" was heard as a lone "right" until Far and Wide 2 was offered in
    # its place; the reader's "Far and Wide one" then had Far and Wide 3 offered, and the night stuck.
    picks, board = Picks(), Board()
    assert picks.take(Utterance("far and wide one"), board, loud=True) == Ask(Confirm("Far and Wide 1"))
    picks.take(Utterance("right"), board, loud=True)
    assert picks.take(Utterance("right"), board, loud=True) == Ask(
        Confirm("Far and Wide 1", Lead.ONE_AT_A_TIME)
    )
    picks.take(Utterance("right"), board, loud=True)
    assert picks.take(Utterance("right"), board, loud=True) == Ask(
        Confirm("Far and Wide 2", Lead.NEXT_OFFERED)
    )
    assert picks.take(Utterance("far and wide one"), board, loud=True) == Ask(Confirm("Far and Wide 1"))
    assert picks.take(Utterance("that's right"), board, loud=True) == "far and wide one"
    # A cell said no to is not offered again for its name: the next is.
    assert picks.take(Utterance("far and wide two"), board, loud=True) == Ask(Confirm("Far and Wide 2"))
    picks.take(Utterance("far and wide two"), board, loud=True)  # Far and Wide 2 said no to: 1 offered
    assert picks.take(Utterance("far and wide two"), board, loud=True) == Ask(Confirm("Far and Wide 3"))


def test_a_cell_said_no_to_heard_again_with_another_categorys_reading_says_that_one_back() -> None:
    # In babble "Far and Wide one" was heard as "one" with "five one" beside it (taken for Wings & Webs 1),
    # then as "spiders one", "and wide one" beside it: Wings & Webs' cells were offered, each said no to.
    picks, board = Picks(), Board()
    first = Utterance("one", alternatives=("five one", "far and wide one"), scores=(68.0, 67.4, 67.1))
    assert picks.take(first, board, loud=True) == Ask(Confirm("Far and Wide 1"))
    picks = Picks()
    picks.take(Utterance("spiders one"), board, loud=True)
    again = Utterance("spiders one", alternatives=("and wide one",), scores=(73.1, 72.8))
    assert picks.take(again, board, loud=True) == Ask(Confirm("Far and Wide 1"))
    assert picks.take(Utterance("that's right"), board, loud=True) == "far and wide one"


def test_picks_missed_twice_late_in_the_night_offer_the_cells_still_free_one_at_a_time() -> None:
    # Named and asked for slowly, "E four" and "The Treat Bag four" were heard in babble as no word, "one",
    # "three" and party talk, and the night stuck with two cells left.
    night = Night(phase=Phase.PICK, voice=True, teams=(Team.BATS, Team.GHOSTS), picker=Team.BATS)
    for cell in night.board.free_cells():
        if cell not in (Cell("D", 5), Cell("E", 4)):
            night.board.play(cell, ())
    picks = Picks()
    assert picks.after(night, "bats, pick") is None  # the kiosk asked for a pick
    assert picks.after(night, "the treat bag three") is None
    assert picks.after(night, "the treat bag three") == Ask(Confirm("Wings & Webs 5", Lead.ONE_AT_A_TIME))
    assert picks.take(Utterance("no"), night.board, loud=True) == Ask(Confirm("The Treat Bag 4"))
    assert picks.take(Utterance(""), night.board, loud=True) == Ask(
        Confirm("The Treat Bag 4", Lead.NO_YES_HEARD)
    )
    # A played cell heard in reply is no reply anyone meant ("that's right" heard as "bats five"): the same
    # cell is offered again.
    night.board.play(Cell("D", 5), ())
    assert picks.take(Utterance("bats five"), night.board, loud=True) == Ask(
        Confirm("The Treat Bag 4", Lead.NO_YES_HEARD)
    )
    assert picks.take(Utterance("that's right"), night.board, loud=True) == "the treat bag four"


def test_the_only_cell_offered_missed_twice_gives_way_to_the_other_cells_still_free() -> None:
    # With The Treat Bag 4 and 5 left, "E four" was heard as "five": The Treat Bag 5 was offered, and its
    # "no" was heard as no word and as "right", six times, and the night stuck.
    night = Night(phase=Phase.PICK, voice=True, teams=(Team.BATS, Team.GHOSTS), picker=Team.BATS)
    for cell in night.board.free_cells():
        if cell not in (Cell("E", 4), Cell("E", 5)):
            night.board.play(cell, ())
    picks = Picks()
    assert picks.take(Utterance("five"), night.board, loud=True) == Ask(
        Confirm("The Treat Bag 5", Lead.ONE_AT_A_TIME)
    )
    assert picks.again(night.board) == Ask(Confirm("The Treat Bag 5", Lead.NO_YES_HEARD))  # no word
    assert picks.take(Utterance("right"), night.board, loud=True) == Ask(
        Confirm("The Treat Bag 4", Lead.NEXT_OFFERED)
    )
    assert picks.take(Utterance("that's right"), night.board, loud=True) == "the treat bag four"


def test_late_in_a_loud_night_a_played_cell_heard_offers_the_cells_left_and_a_plain_yes_is_asked_about() -> (
    None
):
    # With The Treat Bag 4 and 5 left, "The Treat Bag four" was heard in babble as "d three", and the host
    # said D3 had been played; a reader's "no" to an offered cell, the room's talk around it for ten
    # seconds, was heard as "yes", and a cell nobody picked was read.
    board = Board()
    for cell in board.free_cells():
        if cell not in (Cell("E", 4), Cell("E", 5)):
            board.play(cell, ())
    picks = Picks()
    played = Utterance("d three", alternatives=("dee three", "far and"), scores=(60.8, 60.8, 60.1))
    assert picks.take(played, board, loud=True) == Ask(Confirm("The Treat Bag 4", Lead.ONE_AT_A_TIME))
    assert picks.take(Utterance("yes"), board, loud=True) == Ask(
        Confirm("The Treat Bag 4", Lead.WAS_THAT_A_YES)
    )
    assert picks.take(Utterance("no"), board, loud=True) == Ask(Confirm("The Treat Bag 5"))
    assert picks.take(Utterance("yes"), board, loud=True) == Ask(
        Confirm("The Treat Bag 5", Lead.WAS_THAT_A_YES)
    )
    assert picks.take(Utterance("yes"), board, loud=True) == "the treat bag five"  # asked once, taken
    # A plain yes after "I didn't catch a yes" is asked about too: a reader's "no" heard as "owls", then as
    # "yes", read a cell nobody picked.
    picks = Picks()
    picks.take(Utterance("five"), board, loud=True)
    assert picks.take(Utterance("owls"), board, loud=True) == Ask(
        Confirm("The Treat Bag 5", Lead.NO_YES_HEARD)
    )
    assert picks.take(Utterance("yes"), board, loud=True) == Ask(
        Confirm("The Treat Bag 5", Lead.WAS_THAT_A_YES)
    )
    assert picks.take(Utterance("no"), board, loud=True) == Ask(Confirm("The Treat Bag 4"))
    # In a quiet room, or with more cells free, the host says the cell was played (the card's THE TABLE).
    assert Picks().take(played, board) == "d three"
    assert Picks().take(played, _played_d3(), loud=True) == "d three"


def _played_d3() -> Board:
    board = Board()
    board.play(Cell("D", 3), ())
    return board


def test_picks_missed_twice_ask_by_name_and_missed_again_offer_every_free_cell() -> None:
    night = Night(phase=Phase.PICK, voice=True, teams=(Team.BATS, Team.GHOSTS), picker=Team.BATS)
    picks = Picks()
    answers = [picks.after(night, said) for said in ("bats, pick", "mumble", "mumble")]
    assert answers == [
        None,
        None,
        Ask(PickSlowly("Old Customs 1")),
    ]
    # Words heard as nothing are picks missed too (Conversation._not_heard).
    assert picks.missed(night) is None
    assert picks.missed(night) == Ask(Confirm("Old Customs 1", Lead.ONE_AT_A_TIME))
    # Any pick said to an offer of every free cell is a pick, taken as any pick is.
    assert picks.take(Utterance("far and wide two"), night.board) == "far and wide two"
    assert picks.take(Utterance("dee three"), night.board) == Ask(Confirm("Wings & Webs 3"))


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
