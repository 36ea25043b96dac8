"""The host's night, typed: opening, picks, collecting, ruling; and messages that break nothing.

Between questions: test_host_table.py; the endgame, save and resume: test_host_endgame.py."""

from __future__ import annotations

import pytest

from kiosk import Host, Key, KeySource, Phase
from kiosk import cartridge as card
from kiosk.engine import ruling
from kiosk.engine.cells import Cell
from kiosk.engine.finale_words import EPILOGUE_HERE, NOT_USED_UP
from kiosk.engine.kiosk_lines import AFTER_CARD_LINE
from kiosk.engine.night import Night

from .conftest import Played, answer


def still_to_answer(teams: str) -> str:
    """The card's Still to answer line, exactly, and the kiosk's typed line after it."""
    return card.STILL_TO_ANSWER.format(teams=teams) + " " + AFTER_CARD_LINE[card.STILL_TO_ANSWER].typed


# --- opening -----------------------------------------------------------------------------------------------


def test_opening_is_said_exactly_with_the_keys_commitment(plain_key: Key) -> None:
    reply = Host(plain_key).opening()
    assert reply.lines[0].text == card.OPENING.format(commitment=plain_key.commitment)
    assert reply.ledger_line == (
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
    table = Played(plain_key)
    reply = table.say(said)
    first = reply.lines[0].text
    assert first == card.TEAMS_LINE.format(teams=teams, first="Bats", second="Ghosts")
    assert reply.lines[1].text == AFTER_CARD_LINE[card.TEAMS_LINE].typed
    assert reply.lines[2].text == card.HOW_TO_PLAY
    assert reply.lines[3].text == AFTER_CARD_LINE[card.HOW_TO_PLAY].typed
    assert reply.lines[4].text == card.BOARD_HEADING
    assert reply.lines[5].text == "A · Old Customs: Halloween's name and customs. 1 2 3 4 5"
    assert reply.lines[-1].text == "Bats, pick a category and points, like D3."
    assert table.ledger.pick == "Bats"


def test_solo(plain_key: Key) -> None:
    table = Played(plain_key)
    reply = table.say("solo")
    assert reply.lines[0].text == card.SOLO_LINE
    assert reply.lines[1].text == AFTER_CARD_LINE[card.SOLO_LINE].typed
    assert table.ledger.pick == "You"
    assert [s.name for s in table.ledger.scores] == ["You"]


def test_unclear_team_count_asks_again(plain_key: Key) -> None:
    table = Played(plain_key)
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
    table = Played(plain_key)
    table.say("two")
    reply = table.say(pick)
    assert table.ledger.open == cell
    assert reply.speech.endswith(f"Question {cell}?")
    assert table.ledger.pick == "Ghosts"  # the pick passes the moment a cell is picked


def test_reading_names_category_and_points_then_q_and_stops(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    assert table.say("C1").speech == "The Haunted Shelf, 1 point: Question C1?"
    assert table.say("repeat").speech == "Question C1?"


def test_pass_takes_the_lowest_open_value_in_the_first_category(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", f"All: {answer('A1')}", "you choose")
    assert table.ledger.open == "A2"


def test_a_team_name_alone_is_not_a_pick(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    reply = table.say("Bats")
    assert reply.speech.startswith("A team name alone is not a pick.")
    assert table.ledger.open is None


def test_only_the_team_on_pick_picks(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    reply = table.say("Ghosts: D3")
    assert "Bats" in reply.speech and table.ledger.open is None
    table.say("Bats: D3")
    assert table.ledger.open == "D3"


def test_a_played_cell_is_refused_and_asked_again(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", f"All: {answer('A1')}")
    reply = table.say("A1")
    assert reply.speech == "A1 has been played. Ghosts, pick a category and points, like D3."


def test_picks_rotate_and_skip_a_team_that_is_out(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("three", "A1")
    assert table.ledger.pick == "Ghosts"
    table.say("Ghosts is out")
    assert table.ledger.pick == "Owls"


# --- collecting answers (Rule 7) ---------------------------------------------------------------------------


def test_answers_lock_and_still_to_answer_is_said_exactly(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("three", "A1")
    reply = table.say(f"Bats: {answer('A1')}")
    assert reply.speech == still_to_answer("Ghosts and Owls")
    assert table.ledger.got == ("Bats",)


def test_labels_bold_colon_comma_dash_lines_and_after_punctuation(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("four", "A1")
    table.say(f"**Bats:** {answer('A1')}. **Ghosts**, wrong\nOwls - pass")
    assert table.ledger.got == ("Bats", "Ghosts", "Owls")
    reply = table.say("toads: nope")
    assert "The answer: answera1." in reply.speech
    assert table.ledger.rows["A"] == "B.2.3.4.5"


def test_a_name_not_after_punctuation_is_no_label(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    table.say(f"Bats: {answer('A1')} Ghosts: something")
    assert table.ledger.got == ("Bats",)


def test_all_labels_every_team_still_to_answer(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("three", "A1", "Bats: wrong")
    reply = table.say(f"All: {answer('A1')}")
    assert "Bats: wrong, 0 points." in reply.speech
    assert "Ghosts: right, 1 point." in reply.speech and "Owls: right, 1 point." in reply.speech


def test_no_label_gets_start_with_team_and_a_question_gets_rule_6(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    assert table.say("button").speech == card.START_WITH_TEAM
    assert table.say("What does answera1 mean?").speech == card.AFTER_THE_NIGHT
    assert table.ledger.got == ()


def test_with_one_team_left_an_unlabelled_answer_is_theirs(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "Bats: pass")
    reply = table.say(answer("A1"))
    assert "Ghosts: right, 1 point." in reply.speech


def test_the_first_answer_that_locks_counts(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "Bats: wrong")
    reply = table.say(f"Bats: {answer('A1')}")
    assert "Bats already answered; the first answer counts." in reply.speech
    reply = table.say("Ghosts: pass")
    assert "Bats: wrong, 0 points." in reply.speech


def test_a_stall_locks_nothing_and_the_team_can_answer_later(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "Bats: hang on. Ghosts: pass")
    assert table.ledger.got == ("Ghosts",)
    reply = table.say(f"Bats: {answer('A1')}")
    assert "Bats: right, 1 point." in reply.speech


def test_a_question_mark_locks_nothing_and_says_so(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    reply = table.say(f"Bats: {answer('A1')}? Ghosts: pass")
    assert reply.speech == " ".join(
        (card.DROP_QUESTION_MARK, AFTER_CARD_LINE[card.DROP_QUESTION_MARK].typed, still_to_answer("Bats"))
    )


def test_solo_answers_and_take_your_time(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("solo", "B2")
    take_your_time = card.TAKE_YOUR_TIME + " " + AFTER_CARD_LINE[card.TAKE_YOUR_TIME].typed
    assert table.say("um, let me think").speech == take_your_time
    drop = card.DROP_QUESTION_MARK + " " + AFTER_CARD_LINE[card.DROP_QUESTION_MARK].typed
    assert table.say("is it answerb2?").speech == drop + " " + take_your_time
    assert table.say("what's the score?").speech.startswith("Your total: 0 out of 75.")
    reply = table.say(answer("B2"))
    assert "You: right, 2 points." in reply.speech
    assert table.ledger.rows["B"] == "1.Y.3.4.5"


def test_not_playing_and_out_teams_are_skipped(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    assert "Toads are not playing tonight." in table.say("Toads: x").speech
    table.say("Ghosts are out")
    assert "Ghosts are out" in table.say("Ghosts: x").speech


# --- ruling (Rule 9) ---------------------------------------------------------------------------------------


def test_ruling_says_answer_each_team_reason_and_source(button_key: Key) -> None:
    table = Played(button_key)
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
    table = Played(plain_key)
    table.say("two", "E5", "All: pass")
    assert table.ledger.rows["E"] == "1.2.3.4.-"


def test_a_cell_named_while_a_question_is_open_is_read_after_the_ruling(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    assert "B3 comes next" in table.say("B3").speech
    reply = table.say("All: pass")
    assert reply.speech.endswith("Far and Wide, 3 points: Question B3?")
    assert table.ledger.open == "B3" and table.ledger.pick == "Bats"


def test_arguing_with_the_key_changes_nothing(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "All: wrong")
    before = table.ledger
    reply = table.say("That's wrong! We should get the point")
    assert reply.speech.startswith(card.ARGUING)
    assert table.ledger == before


def test_questions_on_rules_board_and_score_are_answered_from_the_card(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    assert table.say("What's the score?").lines[0].text == "Scores: Bats 0, Ghosts 0."
    assert table.say("What's left on the board?").lines[0].text == card.BOARD_HEADING
    assert table.say("How do we play?").lines[0].text == card.HOW_TO_PLAY
    assert table.say("Who wrote Dracula?").lines[0].text == card.AFTER_THE_NIGHT


# --- robustness --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    ["", " ", "\x00\x01", "🎃" * 50, "x" * 10_000, "\u202e\u0301", "[L]", "-----BEGIN AIGC SAVE-----"],
)
def test_odd_messages_get_a_reply_and_change_nothing(plain_key: Key, message: str) -> None:
    table = Played(plain_key)
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
    first = Played(practice_key)
    second = Played(practice_key)
    assert [r.text for r in first.play(messages)] == [r.text for r in second.play(messages)]


def test_a_key_with_a_longer_example(practice_key: Key) -> None:
    table = Played(practice_key, source=KeySource.PRACTICE)
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
    early = "the night was ended early: 25 of the key's 25 questions were never read."
    for key, source, closing in [
        (plain_key, KeySource.SEALED, [card.WHOLE_KEY, f"Here, {early}"]),
        (practice_key, KeySource.PRACTICE, [early.capitalize(), NOT_USED_UP[KeySource.PRACTICE]]),
    ]:
        table = Played(key, source=source)
        table.say("solo", "end the night")
        lines = [line.text for line in table.say("yes").lines]
        assert lines[-4:] == [*closing, card.EPILOGUE, EPILOGUE_HERE]
        assert ("sealed key" in " ".join(lines[-4:])) is (source is KeySource.SEALED)
