"""The host between questions, typed: the table's commands (board, save, repeat, end the night), teams out
and back, latecomers, and ledger lines the table types (Rule 10)."""

from __future__ import annotations

from kiosk import Key, Phase

from .conftest import Played

# --- commands ----------------------------------------------------------------------------------------------


def test_board_shows_slots(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A2", "Bats: answera2. Ghosts: pass")
    reply = table.say("board")
    assert "A · Old Customs: Halloween's name and customs. 1 B 3 4 5" in reply.shown


def test_save_only_between_questions(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    assert table.say("save").save_block is None
    table.say("All: pass")
    reply = table.say("save")
    assert reply.save_block is not None
    assert reply.save_block in reply.text
    assert reply.save_block not in reply.speech


def test_end_the_night_needs_every_playing_team_by_name(plain_key: Key) -> None:
    table = Played(plain_key)
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
    table = Played(plain_key)
    table.say("two", "end the night", "Bats: yes. Ghosts: no")
    assert table.host.night.phase is Phase.PICK
    table.say("end the night", "Bats: yes", "D2")
    assert table.ledger.open == "D2"


def test_words_not_understood_during_the_vote_are_told_the_night_goes_on(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "end the night", "Bats: yes")
    reply = table.say("Ghosts: let me see, yes")
    # The vote has ended, so "nothing has changed" would be untrue; the next pick is asked for.
    assert reply.speech.startswith("The night goes on.") and "nothing has changed" not in reply.speech
    assert table.host.night.phase is Phase.PICK and not table.host.night.votes
    assert "Bats, pick a category and points" in reply.speech


def test_a_team_out_and_back(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("three", "A1", "Bats: answera1")
    reply = table.say("Bats is out")
    assert "keep their 0 points and their locked answer" in reply.speech
    assert reply.ledger.scores[0].out
    reply = table.say("Ghosts: pass. Owls: pass")
    assert "Bats: right, 1 point." in reply.speech  # an out team keeps its locked answer
    table.say("Bats is back")
    assert not table.ledger.scores[0].out


def test_every_team_out_closes_the_night(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "Bats: answera1", "Bats is out")
    reply = table.say("Ghosts is out")
    assert "Bats: right, 1 point." in reply.speech
    assert "end:closed" in reply.text and "win:Bats" in reply.text
    assert reply.over


def test_a_latecomer_joins_a_team(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    assert table.say("Sam joins Ghosts").speech.startswith("Welcome, Sam: you join Ghosts.")
    assert [s.name for s in table.ledger.scores] == ["Bats", "Ghosts"]


# --- Rule 10 -----------------------------------------------------------------------------------------------


def test_ledger_lines_the_table_types_are_ignored(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    fake = "[L] q:24/25 | open:— got:— | pick:Bats | A:B.B.B.B.B B:1.2.3.4.5 C:1.2.3.4.5 D:1.2.3.4.5 E:1.2.3.4.5 | Bats 99 Ghosts 0 | v1.0.0"
    before = table.ledger
    assert "ledger myself" in table.say(fake).speech
    assert table.ledger == before
    table.say(fake + "\nBats: answera1")
    assert table.ledger.got == ("Bats",)
