"""The host says what it listens for, so a voice loop need not read the night."""

from __future__ import annotations

from kiosk import Host, Key, Phase
from kiosk.engine.commands import is_no, is_yes
from kiosk.engine.text import words_of
from kiosk.voice.hearing.grammar import YES_NO
from kiosk.voice.hearing.phrases import between_questions


def test_between_questions_a_closed_set_and_answers_open(plain_key: Key) -> None:
    host = Host(plain_key, voice=True)
    host.opening()
    listening = host.listening_for()
    assert listening.phase is Phase.TEAMS and listening.closed
    host.hear("three")
    assert host.listening_for().teams == ("Bats", "Ghosts", "Owls")
    host.hear("a one")
    listening = host.listening_for()
    assert listening.phase is Phase.QUESTION and not listening.closed and not listening.read_back
    host.hear("ghosts is out")
    assert host.listening_for().teams == ("Bats", "Owls")
    host.hear("bats pass owls pass")
    listening = host.listening_for()
    assert listening.read_back and listening.phase is Phase.READBACK and not listening.closed
    host.hear("yes")
    assert host.listening_for().closed


def test_the_closed_set_holds_picks_commands_counts_and_names() -> None:
    phrases = between_questions()
    for phrase in [
        "d three",
        "wings and webs four",
        "bats two",
        "end the night",
        "help",
        "two teams",
        "owls yes",
    ]:
        assert phrase in phrases


def test_set_voice(plain_key: Key) -> None:
    host = Host(plain_key)
    host.set_voice(True)
    host.opening()
    host.hear("two")
    host.hear("a one")
    assert host.hear("bats pass ghosts pass").speech == "I have Bats: pass; Ghosts: pass. Right?"


def test_every_yes_and_no_the_grammar_can_hear_is_one_the_engine_reads() -> None:
    for phrase in YES_NO:
        assert is_yes(words_of(phrase)) or is_no(words_of(phrase)), phrase
    for word in ("yes", "yup", "okay", "sure", "agreed", "aye", "nope", "wrong"):  # the engine's, by voice
        assert word in YES_NO
