"""Every reply moves the table on: words that cannot be taken say so and what can be said now, a team's name
without a colon starts its answer, a dispute or a Candle-End year out of place says where it belongs, and a
ruling the table may not expect says why (issue 42)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk import Host, Key, KeySource
from kiosk import cartridge as card
from kiosk.engine.by import By
from kiosk.engine.finale_words import EPILOGUE_HERE, NOT_USED_UP
from kiosk.engine.kiosk_lines import after_card_line
from kiosk.engine.say import AFTER_THE_NIGHT, NOT_SEALED_COMMITMENT
from kiosk.keys import LoadedKey
from kiosk.records.carrying import carry_on
from kiosk.records.journal import Journal
from kiosk.records.night_records import KeyIdentity, list_nights

from .conftest import Played, play_board

# --- words that cannot be taken ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "Bats echolocation. Ghosts echo location. Owls sonar",
        "bats echolocation ghosts echo location owls sonar",
    ],
)
def test_a_team_name_without_a_colon_is_that_teams_answer(practice_key: Key, said: str) -> None:
    table = Played(practice_key, source=KeySource.PRACTICE)
    table.say("three", "D1")
    reply = table.say(said)
    assert card.START_WITH_TEAM not in reply.speech
    assert "Bats: wrong, 0 points." in reply.speech and "Owls: wrong, 0 points." in reply.speech
    assert table.ledger.q == 1


def test_a_team_name_alone_starts_one_answer_and_asks_for_the_rest(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    reply = table.say("Bats answera1")
    assert table.ledger.got == ("Bats",)
    assert reply.speech.startswith(card.STILL_TO_ANSWER.format(teams="Ghosts"))


def test_wait_during_a_question_says_it_locks_nothing(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1")
    reply = table.say("wait")
    assert card.START_WITH_TEAM not in reply.speech
    assert reply.speech.startswith("Take your time: 'wait' locks nothing")
    assert card.STILL_TO_ANSWER.format(teams="Bats and Ghosts") in reply.speech
    assert table.ledger.got == ()


@pytest.mark.parametrize("said", ["Z9", "undo", "go back"])
def test_words_not_understood_between_questions_say_so_and_what_can_be_said(
    plain_key: Key, said: str
) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "All: pass")
    reply = table.say(said)
    assert reply.speech.startswith("I did not understand that, so nothing has changed.")
    assert "a pick, or board, save, help or end the night" in reply.speech
    assert reply.speech.endswith("Ghosts, pick a category and points, like D3.")


def test_a_team_count_after_play_began_says_the_teams_are_fixed(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "All: pass")
    assert table.say("three teams").speech.startswith("The teams are fixed once play has begun")


@pytest.mark.parametrize("during", [False, True])
def test_a_dispute_outside_the_read_back_says_when_one_can_be_made(plain_key: Key, during: bool) -> None:
    table = Played(plain_key)
    table.say("three", "A1")
    if not during:
        table.say("All: pass")
    reply = table.say("Owls dispute that, eigth is only a letter out")
    assert reply.speech.startswith("A dispute is made before the ruling, by voice in the read-back")
    assert table.ledger.got == ()  # never taken as the Owls' answer


def test_a_year_from_a_team_outside_the_tie_is_told_who_answers(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("three")
    play_board(table, {"A2": "Bats", "B2": "Ghosts", "A1": "Owls"})
    reply = table.say("Owls: 1897")
    assert reply.speech.startswith(
        "Owls are not in the tie, so their year does not count: only Bats and Ghosts answer the Candle-End."
    )
    assert table.ledger.got == ()


def test_off_topic_on_a_practice_night_names_the_practice_key(practice_key: Key, plain_key: Key) -> None:
    practice = Played(practice_key, source=KeySource.PRACTICE)
    practice.say("two")
    for asked in ("how do we win?", "can kids play?", "Who wrote Dracula?"):
        speech = practice.say(asked).speech
        assert "sealed key" not in speech, asked
    assert practice.say("Who wrote Dracula?").speech == AFTER_THE_NIGHT
    sealed = Played(plain_key, source=KeySource.SEALED)
    sealed.say("two")
    assert sealed.say("Who wrote Dracula?").speech == card.AFTER_THE_NIGHT


def test_a_misspelled_number_word_is_ruled_wrong_and_says_why(practice_key: Key) -> None:
    # Rule 8: a correctly spelled number word becomes digits, and a number allows no letter out.
    table = Played(practice_key, source=KeySource.PRACTICE)
    table.say("three", "D2")
    lines = [line.text for line in table.say("Bats: 8. Ghosts: eight. Owls: eigth").lines]
    assert "Owls: wrong, 0 points." in lines and "Ghosts: right, 2 points." in lines
    source = next(index for index, line in enumerate(lines) if line.startswith("Source: "))
    assert lines[source + 1] == (
        "Why Owls scored 0: only a number word spelled right counts as the number (Rule 8), and 'eigth' is not "
        "'eight'. A letter out is allowed in other words."
    )


def test_a_letter_out_in_a_word_needs_no_explaining(button_key: Key) -> None:
    table = Played(button_key)
    table.say("two", "D1")
    speech = table.say("Bats: buton. Ghosts: nine").speech
    assert "Bats: right" in speech and "Why" not in speech


# --- chat-window words -----------------------------------------------------------------------------------


def test_a_night_ended_early_does_not_claim_the_whole_key(practice_key: Key, plain_key: Key) -> None:
    practice = Played(practice_key, source=KeySource.PRACTICE)
    practice.say("two", "A1", "All: pass", "end the night")
    lines = [line.text for line in practice.say("Bats: yes. Ghosts: yes").lines]
    assert "That is the whole practice key." not in " ".join(lines)
    assert lines[-4:] == [
        "The night was ended early: 24 of the key's 25 questions were never read.",
        NOT_USED_UP[KeySource.PRACTICE],
        card.EPILOGUE,
        EPILOGUE_HERE,
    ]
    sealed = Played(plain_key, source=KeySource.SEALED)
    sealed.say("two", "A1", "All: pass", "end the night")
    lines = [line.text for line in sealed.say("Bats: yes. Ghosts: yes").lines]
    assert lines[-4:-2] == [
        card.WHOLE_KEY,
        "Here, the night was ended early: 24 of the key's 25 questions were never read.",
    ]


def test_the_closest_year_line_names_the_answers_year(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two")
    play_board(table, {})
    speech = table.say("Bats: 1896. Ghosts: 1800").speech
    assert "Bats were closest: 1896, and the answer was 1897." in speech
    assert " against " not in speech


def test_the_practice_opening_says_whose_commitment_it_states(practice_key: Key, plain_key: Key) -> None:
    lines = [line.text for line in Played(practice_key, source=KeySource.PRACTICE).replies[0].lines]
    opening = next(
        index for index, line in enumerate(lines) if line.startswith("Welcome to Snap-Apple Night")
    )
    assert lines[opening + 1] == NOT_SEALED_COMMITMENT[KeySource.PRACTICE]
    sealed = [line.text for line in Played(plain_key, source=KeySource.SEALED).replies[0].lines]
    assert not any(line.startswith("Here, that commitment") for line in sealed)


def test_the_save_says_how_to_carry_on_at_this_kiosk(plain_key: Key) -> None:
    table = Played(plain_key)
    table.say("two", "A1", "All: pass")
    speech = table.say("save").speech
    assert "send it" not in speech and "The kiosk keeps the night as well" in speech


# --- a message typed on the table screen's keyboard during a voice night ----------------------------------


def test_a_message_typed_on_the_screen_during_a_voice_night_gets_words_for_typing(plain_key: Key) -> None:
    host = Host(plain_key, voice=True)
    host.opening()
    host.hear("two")
    host.hear("A1")
    typed = host.hear("Bats: answera1", By.KEYBOARD).speech
    spoken_here = after_card_line(card.STILL_TO_ANSWER, voice=True)[0]
    typed_here = after_card_line(card.STILL_TO_ANSWER, voice=False)[0]
    assert typed_here in typed and spoken_here not in typed
    # the next message heard from the table is answered for speaking again: the night is still by voice
    assert spoken_here in host.hear("wait").speech
    assert host.night.voice


def test_a_voice_night_with_typed_turns_carries_on_from_its_journal(plain_key: Key, tmp_path: Path) -> None:
    loaded = LoadedKey(plain_key, KeySource.FILE)
    host = Host(plain_key, voice=True)
    journal = Journal.begin(KeyIdentity.of(loaded), tmp_path, voice=True)
    journal.record(None, host.opening())
    for message, by in (("two", By.TABLE), ("A1", By.KEYBOARD), ("Bats: answera1", By.KEYBOARD)):
        journal.record(message, host.hear(message, by), by)
    journal.close()
    (record,) = list_nights(tmp_path).kept
    assert [turn.by for turn in record.turns] == [By.TABLE, By.TABLE, By.KEYBOARD, By.KEYBOARD]
    carried, again, last = carry_on(record, loaded)  # CannotCarryOn if the typed turns replayed otherwise
    again.close()
    assert last.text == record.turns[-1].reply
    assert carried.ledger() == host.ledger()
