"""One no for every confirming question (decision 0022): each of the policy's slots asks for "no, no" and
takes it, as its list writes it ("no no"), through the voice loop with in-memory recognisers; a plain "no"
and a no said over and over are taken too. Nothing here depends on how a recogniser hears noise."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from kiosk import Host, KeySource
from kiosk.engine.night import Phase
from kiosk.engine.teams import Team
from kiosk.keys import load_practice
from kiosk.records.foreign_saves import LEFT, SaveCheck
from kiosk.voice.dialogue.policy import POLICY, Reply, Slot, read
from kiosk.voice.dialogue.prompts import (
    Confirm,
    Fixed,
    IsThatRight,
    PlayOn,
    Prompt,
    SpellOneAtATime,
    TeamLeaving,
    WasItTheirs,
    WhichPickThen,
)
from kiosk.voice.dialogue.prompts.forms import SAY_NO
from kiosk.voice.dialogue.yes_or_no import SAID_NO, SURE_NO, refuses
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance

from .support.voice import FakeTable, LoudRoom, Quiet, Spoken, fake_table
from .test_foreign_saves import FORGED

NOES = (SURE_NO, "no", "no no no")
"""The no asked for as the lists write it, a plain no, and the no said over and over."""
ANSWERED = ("two", "voice", "wings and webs two", "bats a big brass button", "ghosts mutton")
"""A quiet night's question answered by both teams (the practice key's D2)."""
LOUD_ANSWERED = ("two", "that's right", "voice", "owls two", "that's right", "hate", "zip")
"""The same in a loud room: the count and pick said back, each team called by name."""
Step = Spoken | Quiet | str


@dataclass(frozen=True)
class Scene:
    """A slot's question put, its reply the no, and what shows the no was taken."""

    before: tuple[Step, ...]
    loud: bool
    taken: Callable[[FakeTable], bool]
    resume: str | None = None
    """A message the table heard before the first reply (a save pasted)."""


def _asked_after(table: FakeTable, asked: Prompt, then: Prompt) -> bool:
    """The kiosk asked `asked`, and straight after the reply to it, `then`."""
    prompts = table.asked
    return any(prompts[n] == asked and prompts[n + 1] == then for n in range(len(prompts) - 1))


def _whose(no: str) -> tuple[Step, ...]:
    """A spelling whose team every list lost, then a name lost too: a team is offered for the yes or the no."""
    spelling = (Spoken("b u t t o n", closed="b u t t o n"), Quiet(4.0))
    lost = (Spoken("the family legacy", names="[unk]"), Quiet(4.0))
    return (*ANSWERED, *spelling, *lost, Spoken(no, names="[unk]"), Quiet(2.0))


SCENES: dict[Slot, Callable[[str], Scene]] = {
    Slot.PICK: lambda no: Scene(
        ("two", "voice", "e two", no),
        False,
        lambda table: (
            _asked_after(table, Confirm("The Treat Bag 2"), WhichPickThen("The Treat Bag 2"))
            and table.host.ledger().open is None
        ),
    ),
    Slot.COUNT: lambda no: Scene(
        ("three teams", no),
        True,
        lambda table: (
            _asked_after(table, Confirm("Three teams"), Fixed.HOW_MANY) and table.host.night.teams == ()
        ),
    ),
    Slot.LEAVING: lambda no: Scene(
        (*ANSWERED[:4], "ghosts leave", no),
        False,
        lambda table: (
            _asked_after(table, TeamLeaving(Team.GHOSTS), PlayOn(Team.GHOSTS))
            and table.host.night.out == set()
        ),
    ),
    Slot.WHOSE: lambda no: Scene(
        _whose(no),
        False,
        lambda table: _asked_after(
            table, WasItTheirs(Team.BATS, spelling=True), WasItTheirs(Team.GHOSTS, spelling=True)
        ),
    ),
    Slot.READ_BACK: lambda no: Scene(
        (*LOUD_ANSWERED, no),
        True,
        lambda table: table.asked[-1] == IsThatRight(Team.BATS, "hate"),
    ),
    Slot.TEAM_CHECK: lambda no: Scene(
        (*LOUD_ANSWERED, no, Spoken(no, closed=no), Quiet(4.0)),
        True,
        lambda table: _asked_after(table, IsThatRight(Team.BATS, "hate"), SpellOneAtATime(Team.BATS)),
    ),
    Slot.VOTE: lambda no: Scene(
        ("two", "voice", "end the night", f"bats {no}"),  # the card's vote: each team by name
        False,
        lambda table: "The night goes on." in table.said and table.host.night.phase is Phase.PICK,
    ),
    Slot.SAVE: lambda no: Scene(
        (no,),
        False,
        lambda table: LEFT in table.said and table.host.night.board.played_count() == 0,
        resume=FORGED,
    ),
}
"""Each slot's question, and what its no does: a pick or count said back asks which then, a team leaving
plays on, whose words offers the next team, a loud read-back asks about each team, one team's answer is
spelled one letter at a time, the vote ends with the night going on, and a save from elsewhere is left."""


def test_every_slot_of_the_policy_has_its_scene() -> None:
    assert set(SCENES) == set(POLICY)


@pytest.mark.parametrize("no", NOES)
@pytest.mark.parametrize("slot", list(Slot))
def test_the_no_is_taken_in_every_slot(slot: Slot, no: str, tmp_path: Path) -> None:
    scene = SCENES[slot](no)
    host = Host(load_practice().key, source=KeySource.PRACTICE)
    table = fake_table(host, list(scene.before), checks=(SaveCheck(tmp_path / "saves"),))
    if scene.loud:
        table.kiosk.room = LoudRoom()
    table.run(scene.resume)
    assert scene.taken(table), table.said


@pytest.mark.parametrize("loud", [False, True])
@pytest.mark.parametrize("no", NOES)
def test_the_policy_reads_every_no_as_the_no_in_either_room(no: str, loud: bool) -> None:
    assert refuses(no) and read(Utterance(no), loud).reply is Reply.NO
    assert not refuses("toads no") and not refuses("no lima")


@pytest.mark.parametrize("padded", ["the no no no", "one no no", "the wrong"])
def test_the_no_after_one_padding_word_is_the_no(padded: str) -> None:
    # A closed list pads a short reply with a word of its own; the policy and the read-back read it alike.
    assert refuses(padded) and read(Utterance(padded), loud=True).reply is Reply.NO


@pytest.mark.parametrize("meant", ["toads no", "right no", "that's no", "no lima", "no d three", "the no d"])
def test_a_no_with_a_meaning_besides_is_not_the_plain_no(meant: str) -> None:
    # "that's no" may be "that's right" as much as "no, no": a word of a yes is never padding.
    assert not refuses(meant)


@pytest.mark.parametrize(
    "way",
    [way for way in Listening if way.phrases is not None and way not in (Listening.ANSWERS, Listening.YEARS)],
)
def test_every_list_a_confirming_question_is_heard_through_holds_the_no(way: Listening) -> None:
    assert SURE_NO in (way.phrases or ())


def test_the_no_is_asked_for_as_the_lists_write_it() -> None:
    assert SAID_NO.replace(",", "") == SURE_NO
    assert all(SAY_NO in Confirm(subject).words for subject in ("Two teams", "Wings & Webs 3"))
