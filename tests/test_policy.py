"""The one policy for replies to the kiosk's confirming questions (kiosk/voice/dialogue/policy.py): the reply, the
room and the tries in; the act out."""

from __future__ import annotations

import math

import pytest

from kiosk.voice.dialogue.confirming import Confirming
from kiosk.voice.dialogue.policy import POLICY, Act, Cost, Reading, Reply, Slot, decide, read
from kiosk.voice.dialogue.read_back_yes import read_back_reading
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING

SURE = Utterance("that's right")
PLAIN = Utterance("yes")
COIN_TOSS = Utterance("that's right", alternatives=("the night owls",), scores=(49.1, 48.7))
"""A reader's "No." in babble, heard so: the likeliest reading a yes by 0.4."""
FAR_BELOW = Utterance("that's right", alternatives=("the night owls",), scores=(49.1, 45.0))
LONE_RIGHT = Utterance("right")
RIGHT_BESIDE_A_YES = Utterance("right", alternatives=("that's right",), scores=(69.9, 69.8))
NO = Utterance("no")
UNSURE_NO = Utterance("no", alternatives=("that's right",), scores=(50.0, 49.9))
NEITHER = Utterance("owls")
SURE_AT = TUNING.confirming.margin
"""The confidence at which every row takes a yes as sure, by default."""


@pytest.mark.parametrize(
    ("heard", "loud", "reply", "sure"),
    [
        (SURE, False, Reply.YES, True),
        (SURE, True, Reply.YES, True),
        (PLAIN, False, Reply.YES, True),
        (PLAIN, True, Reply.YES, False),  # only the yes heard most surely is sure in a loud room
        (COIN_TOSS, False, Reply.YES, False),
        (COIN_TOSS, True, Reply.YES, False),
        (FAR_BELOW, True, Reply.YES, True),
        (LONE_RIGHT, False, Reply.YES, True),
        (LONE_RIGHT, True, Reply.NEITHER, False),
        (RIGHT_BESIDE_A_YES, True, Reply.YES, False),
        (NO, True, Reply.NO, True),
        (UNSURE_NO, False, Reply.NO, False),
        (NEITHER, False, Reply.NEITHER, True),
    ],
)
def test_a_reply_is_read_as_yes_no_or_neither_and_sure_or_not(
    heard: Utterance, loud: bool, reply: Reply, sure: bool
) -> None:
    reading = read(heard, loud)
    assert (reading.reply, reading.confidence >= SURE_AT) == (reply, sure)


def test_the_confidence_is_how_far_the_likeliest_stands_above_another_meaning() -> None:
    assert read(COIN_TOSS, loud=False).confidence == pytest.approx(0.4)
    assert read(SURE, loud=False).confidence == math.inf  # no scores: nothing to weigh
    agreeing = Utterance("yes", alternatives=("that's right", "no"), scores=(60.0, 59.5, 55.0))
    assert read(agreeing, loud=False).confidence == pytest.approx(5.0)  # another yes is no rival
    padded = Utterance("yes", alternatives=("see yes", "c yes"), scores=(364.8, 363.6, 363.6))
    assert read(padded, loud=False).confidence == math.inf  # a closed list's padding is no other meaning
    named = Utterance("that's right", alternatives=("far right", "no yes"), scores=(78.3, 76.4, 70.0))
    assert read(named, loud=False).confidence == pytest.approx(1.9)  # "far right" may be "Far and Wide"


def test_the_room_is_one_input_to_the_confidence_not_the_policy() -> None:
    plain = Utterance("yes", alternatives=("no",), scores=(60.0, 50.0))
    assert read(plain, loud=False).confidence == pytest.approx(10.0)
    assert read(plain, loud=True).confidence == 0.0  # a loud room trusts only the sure yes alone
    assert read(
        Utterance("that's right", alternatives=("no",), scores=(60.0, 50.0)), loud=True
    ).confidence == (pytest.approx(10.0))


@pytest.mark.parametrize("slot", list(Slot))
def test_each_rows_threshold_says_when_a_yes_is_sure(slot: Slot) -> None:
    row = POLICY[slot]
    just_below = Reading(Reply.YES, confidence=row.sure_at - 0.01)
    assert decide(slot, Reading(Reply.YES, confidence=row.sure_at), asked=0) is Act.TAKE
    assert decide(slot, just_below, asked=0) is (
        Act.ASK_IF_YES if row.cost is Cost.IRREVERSIBLE else Act.TAKE
    )


IRREVERSIBLE = [slot for slot, row in POLICY.items() if row.cost is Cost.IRREVERSIBLE]


@pytest.mark.parametrize("slot", list(Slot))
@pytest.mark.parametrize(
    ("heard", "loud", "asked", "irreversible_act", "fixable_act"),
    [
        (SURE, True, 0, Act.TAKE, Act.TAKE),
        (PLAIN, False, 0, Act.TAKE, Act.TAKE),
        (PLAIN, True, 0, Act.ASK_IF_YES, Act.TAKE),
        (PLAIN, True, 1, Act.TAKE, Act.TAKE),  # two readings agreeing
        (COIN_TOSS, False, 0, Act.ASK_IF_YES, Act.TAKE),
        (COIN_TOSS, True, 1, Act.TAKE, Act.TAKE),
        (LONE_RIGHT, True, 0, Act.NOT_HEARD, Act.NOT_HEARD),
        (NO, True, 0, Act.REFUSED, Act.REFUSED),
        (NEITHER, False, 0, Act.NOT_HEARD, Act.NOT_HEARD),
    ],
)
def test_what_a_mistake_costs_chooses_the_act(
    slot: Slot, heard: Utterance, loud: bool, asked: int, irreversible_act: Act, fixable_act: Act
) -> None:
    expected = irreversible_act if slot in IRREVERSIBLE else fixable_act
    assert decide(slot, read(heard, loud), asked) is expected


@pytest.mark.parametrize("slot", list(Slot))
def test_an_unsure_no_is_asked_about_only_where_the_no_cannot_be_undone(slot: Slot) -> None:
    # A no undoes nothing, except a save from elsewhere left aside: it is not offered again.
    costly = slot is Slot.SAVE
    assert (POLICY[slot].asks_if_no == 1) is costly
    assert decide(slot, read(UNSURE_NO, loud=True), asked=0) is (Act.ASK_IF_NO if costly else Act.REFUSED)
    assert decide(slot, read(UNSURE_NO, loud=True), asked=1) is Act.REFUSED  # asked once: the next is taken
    assert decide(slot, read(NO, loud=True), asked=0) is Act.REFUSED


def test_every_slot_has_one_row_and_nothing_irreversible_is_taken_unsure_at_the_first_ask() -> None:
    assert set(POLICY) == set(Slot)
    assert IRREVERSIBLE  # a pick, the count and a team leaving cannot be undone
    for slot in IRREVERSIBLE:
        assert POLICY[slot].asks_if_yes >= 1
        assert decide(slot, read(COIN_TOSS, loud=True), asked=0) is Act.ASK_IF_YES


def test_one_confirming_sub_dialogue_keeps_what_waits_until_a_yes_or_a_no() -> None:
    confirming = Confirming[int](Slot.COUNT)
    assert confirming.reply(SURE, loud=True) is None  # nothing said back: no reply to it
    confirming.say_back(2)
    assert confirming.reply(PLAIN, loud=True) == (Act.ASK_IF_YES, 2)
    assert confirming.reply(NEITHER, loud=True) == (Act.NOT_HEARD, 2)
    assert confirming.reply(PLAIN, loud=True) == (Act.TAKE, 2)  # asked about once: the next yes is taken
    assert confirming.waiting is None
    confirming.say_back(3)
    assert confirming.reply(PLAIN, loud=True) == (Act.ASK_IF_YES, 3)  # each thing said back asked about anew
    assert confirming.reply(NO, loud=True) == (Act.REFUSED, 3)
    assert confirming.waiting is None


def test_a_yes_ruled_on_while_one_asked_about_waits_is_its_second_reading() -> None:
    confirming = Confirming[int](Slot.COUNT)
    assert confirming.rule_on(2, read(PLAIN, loud=True)) is Act.ASK_IF_YES  # said back now, asked about
    assert confirming.rule_on(2, read(PLAIN, loud=True)) is Act.TAKE  # the asking still counted
    assert confirming.waiting is None
    assert confirming.rule_on(3, read(PLAIN, loud=True)) is Act.ASK_IF_YES  # nothing waited: counted anew


@pytest.mark.parametrize("slot", IRREVERSIBLE)
def test_a_contradicted_yes_is_asked_about_however_often_it_comes(slot: Slot) -> None:
    contradicted = Reading(Reply.YES, confidence=math.inf, contradicted=True)
    assert [decide(slot, contradicted, asked) for asked in range(3)] == [Act.ASK_IF_YES] * 3


@pytest.mark.parametrize(
    ("heard", "loud", "sure", "contradicted"),
    [
        (Utterance("that's right"), True, True, False),
        (Utterance("yes"), False, True, False),
        (Utterance("yes"), True, False, False),  # a loud room asks for "that's right"
        (Utterance("owls right"), True, False, False),  # a name of no team at the table before a yes
        (Utterance("that's right", under_way=True), False, True, True),  # begun before the kiosk listened
        (Utterance("yes", doubted_yes=True), False, True, True),  # the letters list heard a spelling
    ],
)
def test_a_yes_to_the_read_back_is_read_by_the_room_and_what_contradicts_it(
    heard: Utterance, loud: bool, sure: bool, contradicted: bool
) -> None:
    reading = read_back_reading(heard, Listening.READ_BACK, loud)
    assert reading is not None and reading.reply is Reply.YES
    assert (reading.confidence >= SURE_AT, reading.contradicted) == (sure, contradicted)


def test_words_that_are_no_yes_to_the_read_back_are_no_reading() -> None:
    assert read_back_reading(Utterance("bats oscar whiskey"), Listening.READ_BACK, loud=True) is None
    assert read_back_reading(Utterance("yes"), Listening.BETWEEN_QUESTIONS, loud=True) is None
