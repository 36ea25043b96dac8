"""The host's whole night, typed: opening, table, collecting, ruling, endgame, save and resume."""

from __future__ import annotations

import pytest

from kiosk import Host, Key, KeySource, Phase
from kiosk import cartridge as card
from kiosk.engine import ruling
from kiosk.engine.board import CELL_IDS
from kiosk.engine.cells import Cell
from kiosk.engine.ledger import parse_ledger
from kiosk.engine.night import Night
from kiosk.engine.say import WHOLE_KEY

from .conftest import Table


def answer(cell: str) -> str:
    """The right answer to a default test cell."""
    return f"answer{cell.lower()}"


# --- opening -----------------------------------------------------------------------------------------------


def test_opening_is_said_exactly_with_the_keys_commitment(plain_key: Key) -> None:
    reply = Host(plain_key).opening()
    assert reply.lines[0].text == card.OPENING.format(commitment=plain_key.commitment)
    assert reply.ledger == (
        "[L] q:0/25 | open:— got:— | pick:— | A:1.2.3.4.5 B:1.2.3.4.5 C:1.2.3.4.5 D:1.2.3.4.5 E:1.2.3.4.5 | — | v1.0.0"
    )


def test_sealed_night_states_the_notices_commitment(plain_key: Key) -> None:
    reply = Host(plain_key, source=KeySource.SEALED).opening()
    assert "commitment 43b5205725d6469a;" in reply.speech


def test_practice_key_is_announced_before_the_opening(practice_key: Key) -> None:
    reply = Host(practice_key, source=KeySource.PRACTICE).opening()
    assert "practice key" in reply.lines[0].text and "not the sealed key" in reply.lines[0].text
    assert reply.lines[1].text.startswith("Welcome to Snap-Apple Night")


@pytest.mark.parametrize(
    ("said", "teams"),
    [
        ("two", "Bats and Ghosts"),
        ("3 teams", "Bats, Ghosts and Owls"),
        ("We're four", "Bats, Ghosts, Owls and Toads"),
    ],
)
def test_naming_the_teams(plain_key: Key, said: str, teams: str) -> None:
    table = Table(plain_key)
    reply = table.say(said)
    first = reply.lines[0].text
    assert first == card.TEAMS_LINE.format(teams=teams, first="Bats", second="Ghosts")
    assert reply.lines[1].text == card.HOW_TO_PLAY
    assert reply.lines[2].text == card.BOARD_HEADING
    assert reply.lines[3].text == "A · Old Customs: Halloween's name and customs. 1 2 3 4 5"
    assert reply.lines[-1].text == "Bats, pick a category and points, like D3."
    assert table.ledger.pick == "Bats"


def test_solo(plain_key: Key) -> None:
    table = Table(plain_key)
    reply = table.say("solo")
    assert reply.lines[0].text == card.SOLO_LINE
    assert table.ledger.pick == "You"
    assert [s.name for s in table.ledger.scores] == ["You"]


def test_unclear_team_count_asks_again(plain_key: Key) -> None:
    table = Table(plain_key)
    assert table.say("banana").speech == "Playing solo, or as two, three or four teams?"
    assert "Four teams at most" in table.say("six teams").speech
    assert table.host.night.phase is Phase.TEAMS


# --- picks -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pick", "cell"),
    [
        ("D3", "D3"),
        ("d 3", "D3"),
        ("Old Customs 2", "A2"),
        ("old customs for 2 points", "A2"),
        ("The Haunted Shelf 4", "C4"),
        ("haunted shelf four", "C4"),
        ("Wings & Webs 5", "D5"),
        ("wings and webs one", "D1"),
        ("bats 3", "D3"),
        ("Owls for 2", "D2"),
        ("spiders 4", "D4"),
        ("Far and Wide 1", "B1"),
        ("treat bag 5", "E5"),
        ("We'll take E2 please", "E2"),
        ("pass", "A1"),
        ("you choose", "A1"),
    ],
)
def test_picks(plain_key: Key, pick: str, cell: str) -> None:
    table = Table(plain_key)
    table.say("two")
    reply = table.say(pick)
    assert table.ledger.open == cell
    assert reply.speech.endswith(f"Question {cell}?")
    assert table.ledger.pick == "Ghosts"  # the pick passes the moment a cell is picked


def test_reading_names_category_and_points_then_q_and_stops(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    assert table.say("C1").speech == "The Haunted Shelf, 1 point: Question C1?"
    assert table.say("repeat").speech == "Question C1?"


def test_pass_takes_the_lowest_open_value_in_the_first_category(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", f"All: {answer('A1')}", "you choose")
    assert table.ledger.open == "A2"


def test_a_team_name_alone_is_not_a_pick(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    reply = table.say("Bats")
    assert reply.speech.startswith("A team name alone is not a pick.")
    assert table.ledger.open is None


def test_only_the_team_on_pick_picks(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    reply = table.say("Ghosts: D3")
    assert "Bats" in reply.speech and table.ledger.open is None
    table.say("Bats: D3")
    assert table.ledger.open == "D3"


def test_a_played_cell_is_refused_and_asked_again(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", f"All: {answer('A1')}")
    reply = table.say("A1")
    assert reply.speech == "A1 has been played. Ghosts, pick a category and points, like D3."


def test_picks_rotate_and_skip_a_team_that_is_out(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("three", "A1")
    assert table.ledger.pick == "Ghosts"
    table.say("Ghosts is out")
    assert table.ledger.pick == "Owls"


# --- collecting answers (Rule 7) ---------------------------------------------------------------------------


def test_answers_lock_and_still_to_answer_is_said_exactly(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("three", "A1")
    reply = table.say(f"Bats: {answer('A1')}")
    assert reply.speech == card.STILL_TO_ANSWER.format(teams="Ghosts and Owls")
    assert table.ledger.got == ("Bats",)


def test_labels_bold_colon_comma_dash_lines_and_after_punctuation(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("four", "A1")
    table.say(f"**Bats:** {answer('A1')}. **Ghosts**, wrong\nOwls - pass")
    assert table.ledger.got == ("Bats", "Ghosts", "Owls")
    reply = table.say("toads: nope")
    assert "The answer: answera1." in reply.speech
    assert table.ledger.rows["A"] == "B.2.3.4.5"


def test_a_name_not_after_punctuation_is_no_label(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1")
    table.say(f"Bats: {answer('A1')} Ghosts: something")
    assert table.ledger.got == ("Bats",)


def test_all_labels_every_team_still_to_answer(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("three", "A1", "Bats: wrong")
    reply = table.say(f"All: {answer('A1')}")
    assert "Bats: wrong, 0 points." in reply.speech
    assert "Ghosts: right, 1 point." in reply.speech and "Owls: right, 1 point." in reply.speech


def test_no_label_gets_start_with_team_and_a_question_gets_rule_6(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1")
    assert table.say("button").speech == card.START_WITH_TEAM
    assert table.say("What does answera1 mean?").speech == card.AFTER_THE_NIGHT
    assert table.ledger.got == ()


def test_with_one_team_left_an_unlabelled_answer_is_theirs(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", "Bats: pass")
    reply = table.say(answer("A1"))
    assert "Ghosts: right, 1 point." in reply.speech


def test_the_first_answer_that_locks_counts(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", "Bats: wrong")
    reply = table.say(f"Bats: {answer('A1')}")
    assert "Bats already answered; the first answer counts." in reply.speech
    reply = table.say("Ghosts: pass")
    assert "Bats: wrong, 0 points." in reply.speech


def test_a_stall_locks_nothing_and_the_team_can_answer_later(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", "Bats: hang on. Ghosts: pass")
    assert table.ledger.got == ("Ghosts",)
    reply = table.say(f"Bats: {answer('A1')}")
    assert "Bats: right, 1 point." in reply.speech


def test_a_question_mark_locks_nothing_and_says_so(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1")
    reply = table.say(f"Bats: {answer('A1')}? Ghosts: pass")
    assert reply.speech == card.DROP_QUESTION_MARK + " " + card.STILL_TO_ANSWER.format(teams="Bats")


def test_solo_answers_and_take_your_time(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("solo", "B2")
    assert table.say("um, let me think").speech == card.TAKE_YOUR_TIME
    assert table.say("is it answerb2?").speech == card.DROP_QUESTION_MARK + " " + card.TAKE_YOUR_TIME
    assert table.say("what's the score?").speech.startswith("Your total: 0 out of 75.")
    reply = table.say(answer("B2"))
    assert "You: right, 2 points." in reply.speech
    assert table.ledger.rows["B"] == "1.Y.3.4.5"


def test_not_playing_and_out_teams_are_skipped(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1")
    assert "Toads are not playing tonight." in table.say("Toads: x").speech
    table.say("Ghosts are out")
    assert "Ghosts are out" in table.say("Ghosts: x").speech


# --- ruling (Rule 9) ---------------------------------------------------------------------------------------


def test_ruling_says_answer_each_team_reason_and_source(button_key: Key) -> None:
    table = Table(button_key)
    table.say("three", "D4")
    reply = table.say("Bats: a big brass button. Ghosts: mutton. Owls: pass")
    assert [line.text for line in reply.lines] == [
        "The answer: button.",
        "Bats: right, 4 points.",
        "Ghosts: wrong, 0 points (mutton: that is meat).",
        "Owls: pass, 0 points.",
        "Source: The Button Book.",
        "Ghosts, pick a category and points, like D3. Or say save to keep the night for later.",
    ]
    ledger = table.ledger
    assert ledger.q == 1 and ledger.open is None and ledger.got == () and ledger.rows["D"] == "1.2.3.B.5"
    assert [s.score for s in ledger.scores] == [4, 0, 0]


def test_nobody_scoring_writes_a_dash(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "E5", "All: pass")
    assert table.ledger.rows["E"] == "1.2.3.4.-"


def test_a_cell_named_while_a_question_is_open_is_read_after_the_ruling(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1")
    assert "B3 comes next" in table.say("B3").speech
    reply = table.say("All: pass")
    assert reply.speech.endswith("Far and Wide, 3 points: Question B3?")
    assert table.ledger.open == "B3" and table.ledger.pick == "Bats"


def test_arguing_with_the_key_changes_nothing(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", "All: wrong")
    before = table.ledger
    reply = table.say("That's wrong! We should get the point")
    assert reply.speech.startswith(card.ARGUING)
    assert table.ledger == before


def test_questions_on_rules_board_and_score_are_answered_from_the_card(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    assert table.say("What's the score?").lines[0].text == "Scores: Bats 0, Ghosts 0."
    assert table.say("What's left on the board?").lines[0].text == card.BOARD_HEADING
    assert table.say("How do we play?").lines[0].text == card.HOW_TO_PLAY
    assert table.say("Who wrote Dracula?").lines[0].text == card.AFTER_THE_NIGHT


# --- commands ----------------------------------------------------------------------------------------------


def test_board_shows_slots(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A2", "Bats: answera2. Ghosts: pass")
    reply = table.say("board")
    assert "A · Old Customs: Halloween's name and customs. 1 B 3 4 5" in reply.shown


def test_save_only_between_questions(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1")
    assert table.say("save").save_block is None
    table.say("All: pass")
    reply = table.say("save")
    assert reply.save_block is not None
    assert reply.save_block in reply.text
    assert reply.save_block not in reply.speech


def test_end_the_night_needs_every_playing_team_by_name(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("three", "A1")
    assert "between questions" in table.say("end the night").speech
    table.say("All: pass", "end the night")
    reply = table.say("yes")
    assert "by name" in reply.speech
    assert "Still to say yes: Ghosts and Owls" in table.say("Bats: yes").speech
    table.say("Owls is out")
    reply = table.say("Ghosts: yes")
    assert table.host.night.phase is Phase.OVER
    assert (
        "RESULT: AIGC|halloween-trivia|board|v1.0.0|end:closed|ch:1|turns:1|teams:3|score:0|win:shared|tape:0|sha:none"
        in reply.text
    )


def test_a_no_or_anything_else_keeps_the_night_going(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "end the night", "Bats: yes. Ghosts: no")
    assert table.host.night.phase is Phase.PICK
    table.say("end the night", "Bats: yes", "D2")
    assert table.ledger.open == "D2"


def test_a_team_out_and_back(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("three", "A1", "Bats: answera1")
    reply = table.say("Bats is out")
    assert "keep their 0 points and their locked answer" in reply.speech
    assert parse_ledger(reply.ledger).scores[0].out
    reply = table.say("Ghosts: pass. Owls: pass")
    assert "Bats: right, 1 point." in reply.speech  # an out team keeps its locked answer
    table.say("Bats is back")
    assert not table.ledger.scores[0].out


def test_every_team_out_closes_the_night(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", "Bats: answera1", "Bats is out")
    reply = table.say("Ghosts is out")
    assert "Bats: right, 1 point." in reply.speech
    assert "end:closed" in reply.text and "win:Bats" in reply.text
    assert reply.over


def test_a_latecomer_joins_a_team(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    assert table.say("Sam joins Ghosts").speech.startswith("Welcome, Sam: you join Ghosts.")
    assert [s.name for s in table.ledger.scores] == ["Bats", "Ghosts"]


# --- Rule 10 -----------------------------------------------------------------------------------------------


def test_ledger_lines_the_table_types_are_ignored(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1")
    fake = "[L] q:24/25 | open:— got:— | pick:Bats | A:B.B.B.B.B B:1.2.3.4.5 C:1.2.3.4.5 D:1.2.3.4.5 E:1.2.3.4.5 | Bats 99 Ghosts 0 | v1.0.0"
    before = table.ledger
    assert "ledger myself" in table.say(fake).speech
    assert table.ledger == before
    table.say(fake + "\nBats: answera1")
    assert table.ledger.got == ("Bats",)


# --- endgame -----------------------------------------------------------------------------------------------


def play_board(table: Table, rights: dict[str, str]) -> None:
    """Play every cell in order; rights maps a cell to the label of the teams who answer right."""
    for cell in CELL_IDS:
        table.say(cell)
        team_line = rights.get(cell)
        if team_line:
            table.say(f"{team_line}: {answer(cell)}")
        table.say("All: pass") if table.host.night.phase is Phase.QUESTION else None


def test_a_played_night_with_a_winner(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    play_board(table, {"A1": "Bats", "E5": "Ghosts", "B2": "Ghosts"})
    final = table.replies[-1]
    lines = [line.text for line in final.lines]
    assert card.CANDLE_BURNS in lines
    assert "Totals out of 75: Bats 1, Ghosts 7." in lines
    assert "Ghosts win the night!" in lines
    assert (
        "RESULT: AIGC|halloween-trivia|board|v1.0.0|end:played|ch:1|turns:25|teams:2|score:7|win:Ghosts|tape:0|sha:none"
        in lines
    )
    # A key file the table gave is not vouched for as the sealed key, so the card's closing line is not said.
    assert lines[-2:] == [WHOLE_KEY[KeySource.FILE], card.EPILOGUE]
    assert any(card.NOTICE.reveal_url in line for line in lines)
    assert any(plain_key.sha256 in line for line in lines)
    assert "RESULT" not in final.speech and plain_key.sha256 not in final.speech
    assert table.host.night.phase is Phase.OVER
    assert "night is over" in table.say("D1").speech


def test_a_tie_goes_to_the_candle_end(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("three")
    play_board(table, {"A2": "Bats", "B2": "Ghosts", "A1": "Owls"})  # Bats 2, Ghosts 2, Owls 1
    reply = table.replies[-1]
    assert card.CANDLE_END in reply.speech
    assert reply.speech.endswith("Bats and Ghosts, Candle-End question 1: Year of TB1?")
    assert table.ledger.ce == ("Bats", "Ghosts") and table.ledger.open == "TB1"
    reply = table.say("Bats: about 1890. Owls: 1897")
    assert reply.speech == card.STILL_TO_ANSWER.format(teams="Ghosts")
    reply = table.say("Ghosts: eighteen hundred")
    assert "The answer: 1897." in reply.speech and "Source: TB1 source." in reply.speech
    assert "Bats win the night!" in reply.speech
    assert "|turns:26|teams:3|score:2|win:Bats|" in reply.text


def test_candle_end_still_level_goes_to_tb2_then_shares(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    play_board(table, {"A1": "All"})
    reply = table.say("Bats: 1890. Ghosts: 1904")  # both 7 off TB1's 1897
    assert "Still level: Bats and Ghosts." in reply.speech
    assert reply.speech.endswith("Candle-End question 2: Year of TB2?")
    reply = table.say("Bats: 97. Ghosts: the 1840s")  # neither is a year
    assert "Bats and Ghosts share the win!" in reply.speech
    assert "|end:played|ch:1|turns:27|teams:2|score:1|win:shared|" in reply.text


def test_any_year_beats_no_year(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    play_board(table, {"A1": "All"})
    reply = table.say("Bats: 1500. Ghosts: pass")
    assert "Bats win the night!" in reply.speech


def test_solo_endgame(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("solo")
    play_board(table, {"C5": "You"})
    reply = table.replies[-1]
    assert "Your total: 5 out of 75." in reply.speech
    assert "|teams:1|score:5|win:solo|" in reply.text


# --- save and resume ---------------------------------------------------------------------------------------


def test_save_then_resume_in_a_new_night(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("three", "A3", "Bats: answera3. Ghosts: pass. Owls: answera3", "Ghosts is out")
    block = table.say("save").save_block
    assert block is not None
    assert "teams:Bats,Ghosts-,Owls" in block and "score:Bats=3,Ghosts=0,Owls=3" in block
    fresh = Table(plain_key)
    reply = fresh.say(block)
    assert reply.lines[0].text == "Save resumed: 1 of 25 cells played."
    assert fresh.ledger == table.ledger
    assert fresh.host.save().block() == block


def test_a_save_is_read_before_teams_are_named_or_after(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", "All: pass")
    block = table.say("save").save_block
    assert block is not None
    later = Table(plain_key)
    later.say("four", block)
    assert [s.name for s in later.ledger.scores] == ["Bats", "Ghosts"]


def test_a_save_after_the_first_question_is_ignored(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", "All: pass")
    block = table.say("save").save_block
    assert block is not None
    other = Table(plain_key)
    other.say("two", "B1", "All: answerb1")
    before = other.ledger
    assert "changes nothing" in other.say(block).speech
    assert other.ledger == before


def test_a_bad_save_is_refused_with_its_reason(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two", "A1", "All: pass")
    block = table.say("save").save_block
    assert block is not None
    fresh = Table(plain_key)
    reply = fresh.say(block.replace("score:Bats=0", "score:Bats=5"))
    assert reply.speech.startswith(
        "I can't resume that save: score: gives Bats 5, but the board adds up to 0."
    )
    assert fresh.host.night.phase is Phase.TEAMS


def test_a_save_for_another_game_is_not_this_cards(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    block = table.say("save").save_block
    assert block is not None
    reply = Table(plain_key).say(block.replace("rules:1", "rules:2"))
    assert "not this card's" in reply.speech and "fresh night" in reply.speech


def test_a_candle_end_save_resumes_with_its_question(plain_key: Key) -> None:
    table = Table(plain_key)
    table.say("two")
    play_board(table, {"A1": "All"})
    block = table.say("save").save_block
    assert block is not None and "ce:Bats+Ghosts@TB1" in block
    fresh = Table(plain_key)
    reply = fresh.say(block)
    assert reply.speech.endswith("Candle-End question 1: Year of TB1?")
    reply = fresh.say("Bats: 1897. Ghosts: 1900")
    assert "|turns:26|" in reply.text and "win:Bats" in reply.text


# --- robustness --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    ["", " ", "\x00\x01", "🎃" * 50, "x" * 10_000, "\u202e\u0301", "[L]", "-----BEGIN AIGC SAVE-----"],
)
def test_odd_messages_get_a_reply_and_change_nothing(plain_key: Key, message: str) -> None:
    table = Table(plain_key)
    table.say("two", "A1", "Bats: answera1")
    before = table.ledger
    reply = table.say(message)
    assert reply.ledger
    assert table.ledger == before


def test_the_engine_is_deterministic(practice_key: Key) -> None:
    messages = [
        "three",
        "D3",
        "Bats: echolocation. Ghosts: sonar. Owls: bat radar",
        "A1",
        "All: All Saints",
        "save",
    ]
    first = Table(practice_key)
    second = Table(practice_key)
    assert [r.text for r in first.play(messages)] == [r.text for r in second.play(messages)]


def test_a_key_with_a_longer_example(practice_key: Key) -> None:
    table = Table(practice_key, source=KeySource.PRACTICE)
    table.say("two", "C3")
    reply = table.say("Bats: evermore. Ghosts: nevermoore")
    assert 'Bats: wrong, 0 points (evermore: the raven says "Nevermore").' in reply.speech
    assert "Ghosts: right, 3 points." in reply.speech


def test_a_rule_that_breaks_midway_leaves_the_night_as_it_was(
    plain_key: Key, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fault_after_the_cell_is_written(night: Night, key: Key) -> list[object]:
        night.out.add(night.teams[0])  # half a step, then a fault
        raise RuntimeError("a fault in a rule")

    host = Host(plain_key)
    host.opening()
    host.hear("two")
    host.hear("A1")
    host.hear("Bats: answera1")
    before = host.ledger()
    monkeypatch.setattr(ruling, "after_cell", fault_after_the_cell_is_written)
    reply = host.hear("Ghosts: pass")
    assert reply.speech.startswith("I could not follow that message, so nothing has changed.")
    assert host.failures == 1
    assert host.ledger() == before
    assert host.night.board.slots[Cell("A", 1)].open and not host.night.out


def test_only_the_sealed_key_is_called_the_whole_sealed_key(plain_key: Key, practice_key: Key) -> None:
    for key, source, closing in [
        (plain_key, KeySource.SEALED, card.WHOLE_KEY),
        (practice_key, KeySource.PRACTICE, WHOLE_KEY[KeySource.PRACTICE]),
    ]:
        table = Table(key, source=source)
        table.say("solo", "end the night")
        lines = [line.text for line in table.say("yes").lines]
        assert lines[-2] == closing
        assert ("sealed key" in lines[-2]) is (source is KeySource.SEALED)
