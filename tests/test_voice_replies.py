"""A reply heard as no word (conversation.py, Hearing.not_caught): the first utterance after the kiosk spoke
in which no list heard a word is asked about again, once; after an utterance heard as nothing, the next
words are the table's reply, never words under way before the kiosk listened."""

from __future__ import annotations

from dataclasses import replace

from kiosk import Host, KeySource
from kiosk.keys import load_practice
from kiosk.voice.dialogue.prompts import Confirm, Fixed, Lead, NotCaught, PickSlowly
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.hearing.under_way import Hearing

from .support.voice import Quiet, Spoken, fake_table

SAID_BACK = Confirm("Wings & Webs 3").words
UNHEARD = Spoken("[unk]", closed="[unk]", names="")
"""Voice in which no list heard a word ("yes" in party babble)."""
AGAIN = Confirm("Wings & Webs 3", Lead.NO_YES_HEARD).words


def practice_host() -> Host:
    return Host(load_practice().key, source=KeySource.PRACTICE)


def test_a_yes_to_a_pick_said_back_heard_as_no_word_is_asked_for_again_once() -> None:
    # In babble a reader's "yes" to "The Treat Bag 3?" was heard as no word: the kiosk waited in silence,
    # and the night stuck.
    script = [
        "two",
        "voice",
        "dee three",
        Quiet(4.0),
        UNHEARD,
        Quiet(6.0),
        UNHEARD,
        Quiet(1.5),
        "that's right",
    ]
    table = fake_table(practice_host(), script)
    table.run()
    asked = [turn.asked for turn in table.kiosk.turns]
    assert asked == ["", "", SAID_BACK, AGAIN, ""]  # the second no-word sound is the room's: nothing asked
    assert table.heard[-1] == "wings and webs three"
    assert "Wings and Webs, 3 points: What is the name for the way many bats find food" in table.said


def test_a_read_back_reply_heard_as_no_word_is_asked_for_again() -> None:
    script = [
        "two",
        "voice",
        "wings and webs one",
        "bats fly",
        "ghosts they glide",
        Quiet(9.0),
        UNHEARD,
        Quiet(4.0),
    ]
    table = fake_table(practice_host(), [*script, "yes"])
    table.run()
    assert [turn.asked for turn in table.kiosk.turns[-2:]] == [NotCaught().words, ""]
    assert "The answer: fly." in table.said


def test_a_reply_to_any_prompt_heard_as_no_word_is_asked_for_again() -> None:
    # In babble a reader's "E four", said to "Bats, pick a category and points", was heard as no word, and
    # the kiosk waited in silence.
    script = ["two", "voice", Quiet(4.0), UNHEARD, Quiet(4.0), "dee three", "yes"]
    table = fake_table(practice_host(), script)
    table.run()
    assert [turn.asked for turn in table.kiosk.turns] == [
        "",
        "",
        Fixed.SAY_IT_AGAIN.words,
        SAID_BACK,
        "",
    ]


def test_only_the_first_utterance_since_the_kiosk_listened_can_be_under_way() -> None:
    # Voice at once, as the kiosk began to listen: the tail of words said over its reply.
    hearing = Hearing(Listening.ANSWERS, opened_at=10.0, started_at=10.0, first_word=0.1)
    assert hearing.under_way
    # The same right after an utterance heard as nothing (party talk): the reader's answer to the team the
    # kiosk called, which had gone to "whose answer was that?" instead.
    assert not replace(hearing, first=False).under_way
    # An awaited reply heard as no word is an empty reply; nothing awaited, it is nothing.
    awaited = Hearing(Listening.READ_BACK, replying=True, started_at=3.0, awaited=True)
    assert awaited.not_caught() is not None and awaited.not_caught().text == ""  # type: ignore[union-attr]
    assert replace(awaited, awaited=False).not_caught() is None
    assert replace(awaited, replying=False).not_caught() is None


def test_a_pick_missed_again_and_again_heard_as_no_word_or_other_words_offers_the_free_cells() -> None:
    # In babble a reader's "E four" and "The Treat Bag four" were heard as no word, "one", "three" and party
    # talk, and the night stuck: words heard as nothing are picks missed as much as other words are.
    script = ["two", "voice", Quiet(4.0), UNHEARD, Quiet(4.0), "mumble", Quiet(6.0)]
    script += [UNHEARD, Quiet(4.0), "mumble", Quiet(8.0), "no", Quiet(4.0), "that's right"]
    table = fake_table(practice_host(), script)
    table.run()
    assert [turn.asked for turn in table.kiosk.turns] == [
        "",
        "",
        Fixed.SAY_IT_AGAIN.words,
        "",
        Fixed.SAY_IT_AGAIN.words,
        "",
        Confirm("Old Customs 2").words,
        "",
    ]
    assert PickSlowly("Old Customs 1").words in table.said
    assert Confirm("Old Customs 1", Lead.ONE_AT_A_TIME).words in table.said
    assert table.heard[-1] == "old customs two"
