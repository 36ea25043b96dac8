"""The dialogue's nodes: where the talk stands, and the list each node's replies are heard through."""

from __future__ import annotations

import pytest

from kiosk.engine.cells import Cell
from kiosk.engine.listening import Expectation
from kiosk.engine.night import Phase
from kiosk.engine.teams import Team
from kiosk.keys import load_practice
from kiosk.voice.dialogue.conversation import Conversation
from kiosk.voice.dialogue.letter_by_letter import LetterByLetter, Unit
from kiosk.voice.dialogue.state import (
    AskingWhose,
    CallingTeam,
    CheckingTeam,
    CountSaidBack,
    HostLed,
    LeavingSaidBack,
    Node,
    OneAtATime,
    Picking,
    PickSaidBack,
    ReadingBack,
    heard_with,
)
from kiosk.voice.dialogue.team_by_team import TeamByTeam
from kiosk.voice.dialogue.whose import Whose
from kiosk.voice.hearing.listening import Listening

from .conftest import Played

D2 = Cell.parse("D2")
assert D2 is not None


class Expects:
    """A host that expects the answers to a question."""

    def listening_for(self) -> Expectation:
        return Expectation(phase=Phase.QUESTION, teams=("Bats",), read_back=False, closed=False)


@pytest.mark.parametrize(
    ("node", "way"),
    [
        (AskingWhose((Team.BATS, Team.GHOSTS)), Listening.WHOSE),
        (OneAtATime(Team.BATS, Unit.LETTER), Listening.ONE_LETTER),
        (OneAtATime(Team.BATS, Unit.DIGIT), Listening.ONE_DIGIT),
        (CheckingTeam(Team.BATS), Listening.ONE_LETTER),
        (PickSaidBack(D2, CheckingTeam(Team.BATS)), Listening.ONE_LETTER),
        (CountSaidBack(2, HostLed()), Listening.ANSWERS),
        (LeavingSaidBack("bats are leaving", ReadingBack()), Listening.ANSWERS),
        (ReadingBack(), Listening.ANSWERS),
        (CallingTeam(Team.BATS), Listening.ANSWERS),
        (Picking(), Listening.ANSWERS),
        (HostLed(), Listening.ANSWERS),
    ],
)
def test_each_node_is_heard_through_its_own_list_or_the_hosts(node: Node, way: Listening) -> None:
    assert heard_with(node, Expects()) is way


def test_a_night_at_its_pick_is_picking_and_a_pick_said_back_waits_over_it() -> None:
    played = Played(load_practice().key, voice=True)
    played.say("two")
    night = played.host.night
    assert night.phase is Phase.PICK
    conversation = Conversation()
    assert conversation.node(night) == Picking()
    conversation.picks.confirming.say_back(D2)
    assert conversation.node(night) == PickSaidBack(D2, Picking())
    assert conversation.listening(played.host, night) is Listening.BETWEEN_QUESTIONS


def test_the_kiosks_own_questions_come_before_the_hosts() -> None:
    played = Played(load_practice().key, voice=True)
    for said in ("two", "wings and webs two", "bats hate", "ghosts zip"):
        played.say(said)
    night = played.host.night
    conversation = Conversation()
    assert conversation.node(night) == ReadingBack()
    conversation.checking = TeamByTeam(asking=Team.BATS, left=(Team.GHOSTS,))
    assert conversation.node(night) == CheckingTeam(Team.BATS)
    conversation.counts.confirming.say_back(2)
    assert conversation.node(night) == CountSaidBack(2, CheckingTeam(Team.BATS))
    conversation.answerers.by_letter = LetterByLetter(Team.GHOSTS)
    assert conversation.node(night) == OneAtATime(Team.GHOSTS, Unit.LETTER)
    conversation.answerers.holding = Whose("zip", (Team.BATS, Team.GHOSTS))
    assert conversation.node(night) == AskingWhose((Team.BATS, Team.GHOSTS))
    assert conversation.listening(played.host, night) is Listening.WHOSE


def test_a_team_called_for_its_answer_is_called_no_more_once_the_night_moves_on() -> None:
    played = Played(load_practice().key, voice=True)
    for said in ("two", "wings and webs two", "bats hate"):
        played.say(said)
    night = played.host.night
    conversation = Conversation()
    conversation.answerers.calling = Team.GHOSTS  # "Ghosts, your answer?", then the answer typed
    assert conversation.node(night) == CallingTeam(Team.GHOSTS)
    for said in ("ghosts zip", "yes"):
        reply = played.say(said)
        conversation.after(night, reply, said, loud=True)
    assert night.phase is Phase.PICK
    assert conversation.node(night) == Picking()  # a reply heard as no word asks for the pick, not Ghosts
