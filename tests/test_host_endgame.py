"""The host's endgame, typed: a played night to its winner, the Candle-End, a solo total; and a night saved
and resumed."""

from __future__ import annotations

from kiosk import Key, KeySource, Phase
from kiosk import cartridge as card
from kiosk.engine.finale_words import EPILOGUE_HERE
from kiosk.engine.kiosk_lines import IN_THE_CANDLE_END
from kiosk.engine.say import WHOLE_KEY

from .conftest import Played, play_board

# --- endgame -----------------------------------------------------------------------------------------------


def test_a_played_night_with_a_winner(plain_key: Key) -> None:
    table = Played(plain_key)
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
    assert lines[-3:] == [WHOLE_KEY[KeySource.FILE], card.EPILOGUE, EPILOGUE_HERE]
    assert any(card.NOTICE.reveal_url in line for line in lines)
    assert any(plain_key.sha256 in line for line in lines)
    assert "RESULT" not in final.speech and plain_key.sha256 not in final.speech
    assert table.host.night.phase is Phase.OVER
    assert "night is over" in table.say("D1").speech


def test_a_tie_goes_to_the_candle_end(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("three")
    play_board(table, {"A2": "Bats", "B2": "Ghosts", "A1": "Owls"})  # Bats 2, Ghosts 2, Owls 1
    reply = table.replies[-1]
    assert card.CANDLE_END in reply.speech
    assert reply.speech.endswith("Bats and Ghosts, Candle-End question 1: Year of TB1?")
    assert table.ledger.ce == ("Bats", "Ghosts") and table.ledger.open == "TB1"
    reply = table.say("Bats: about 1890. Owls: 1897")
    assert reply.speech == " ".join(
        (
            "Owls are not in the tie, so their year does not count: only Bats and Ghosts answer the Candle-End.",
            card.STILL_TO_ANSWER.format(teams="Ghosts"),
            IN_THE_CANDLE_END[card.STILL_TO_ANSWER].typed,
        )
    )
    reply = table.say("Ghosts: eighteen hundred")
    assert "The answer: 1897." in reply.speech and "Source: TB1 source." in reply.speech
    assert "Bats win the night!" in reply.speech
    assert "|turns:26|teams:3|score:2|win:Bats|" in reply.text


def test_candle_end_still_level_goes_to_tb2_then_shares(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    play_board(table, {"A1": "All"})
    reply = table.say("Bats: 1890. Ghosts: 1904")  # both 7 off TB1's 1897
    assert "Still level: Bats and Ghosts." in reply.speech
    assert reply.speech.endswith("Candle-End question 2: Year of TB2?")
    reply = table.say("Bats: 97. Ghosts: the 1840s")  # neither is a year
    assert "Bats and Ghosts share the win!" in reply.speech
    assert "|end:played|ch:1|turns:27|teams:2|score:1|win:shared|" in reply.text


def test_any_year_beats_no_year(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    play_board(table, {"A1": "All"})
    reply = table.say("Bats: 1500. Ghosts: pass")
    assert "Bats win the night!" in reply.speech


def test_solo_endgame(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("solo")
    play_board(table, {"C5": "You"})
    reply = table.replies[-1]
    assert "Your total: 5 out of 75." in reply.speech
    assert "|teams:1|score:5|win:solo|" in reply.text


# --- save and resume ---------------------------------------------------------------------------------------


def test_save_then_resume_in_a_new_night(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("three", "A3", "Bats: answera3. Ghosts: pass. Owls: answera3", "Ghosts is out")
    block = table.say("save").save_block
    assert block is not None
    assert "teams:Bats,Ghosts-,Owls" in block and "score:Bats=3,Ghosts=0,Owls=3" in block
    fresh = Played(plain_key)
    reply = fresh.say(block)
    assert reply.lines[0].text == "The saved night carries on: 1 of the 25 questions is played."
    assert fresh.ledger == table.ledger
    assert fresh.host.save().block() == block


def test_a_save_is_read_before_teams_are_named_or_after(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "All: pass")
    block = table.say("save").save_block
    assert block is not None
    later = Played(plain_key)
    later.say("four", block)
    assert [s.name for s in later.ledger.scores] == ["Bats", "Ghosts"]


def test_a_save_after_the_first_question_is_ignored(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "All: pass")
    block = table.say("save").save_block
    assert block is not None
    other = Played(plain_key)
    other.say("two", "B1", "All: answerb1")
    before = other.ledger
    assert "changes nothing" in other.say(block).speech
    assert other.ledger == before


def test_a_bad_save_is_refused_with_its_reason(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "All: pass")
    block = table.say("save").save_block
    assert block is not None
    fresh = Played(plain_key)
    reply = fresh.say(block.replace("score:Bats=0", "score:Bats=5"))
    assert reply.speech.startswith(
        "I can't resume that save: score: gives Bats 5, but the board adds up to 0."
    )
    assert fresh.host.night.phase is Phase.TEAMS


def test_a_save_for_another_game_is_not_this_cards(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    block = table.say("save").save_block
    assert block is not None
    reply = Played(plain_key).say(block.replace("rules:1", "rules:2"))
    assert "not this card's" in reply.speech and "fresh night" in reply.speech


def test_a_candle_end_save_resumes_with_its_question(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    play_board(table, {"A1": "All"})
    block = table.say("save").save_block
    assert block is not None and "ce:Bats+Ghosts@TB1" in block
    fresh = Played(plain_key)
    reply = fresh.say(block)
    assert reply.speech.endswith("Candle-End question 1: Year of TB1?")
    reply = fresh.say("Bats: 1897. Ghosts: 1900")
    assert "|turns:26|" in reply.text and "win:Bats" in reply.text


def test_the_practice_keys_hash_is_shown_not_read_aloud(practice_key: Key) -> None:
    table = Played(practice_key, voice=True, source=KeySource.PRACTICE)
    table.say("two", "end the night", "bats yes", "ghosts yes")
    final = table.replies[-1]
    assert f"Its SHA-256 is {practice_key.sha256}." in final.text.splitlines()
    assert "practice key, not the sealed key." in final.speech and practice_key.sha256 not in final.speech
