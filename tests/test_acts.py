"""The kiosk's acts (kiosk/voice/acts.py): each thing it says, one JSON line, by kind and value. Every kind of
its own question and every part of a host's reply is written with its kind and fields and read back as the
same value, and a voice night writes one act for each thing printed, in order."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from kiosk import Host, KeySource
from kiosk.engine.reply import Reply
from kiosk.engine.said import Finale, FixTaken, QuestionAsked, ReadBack, Remark, Ruling, TeamSaid
from kiosk.engine.teams import Team
from kiosk.keys import load_practice
from kiosk.voice.acts import (
    ActError,
    Asked,
    Replied,
    act_of,
    act_of_reply,
    act_of_words,
    read_act,
)
from kiosk.voice.dialogue.prompts import Confirm, Fixed, IsThatRight, Lead, Prefaced, WhoseAnswer
from testbed.prompt_examples import EXAMPLES

from .support.voice import LoudRoom, fake_table


@pytest.mark.parametrize("prompt", EXAMPLES, ids=lambda prompt: type(prompt).__name__)
def test_every_kind_of_the_kiosks_question_is_written_by_kind_and_fields_and_read_back(
    prompt: object,
) -> None:
    act = act_of(prompt)  # type: ignore[arg-type]
    line = json.dumps(act)
    found = json.loads(line)
    assert found["act"] == "ask" and found["kind"] == type(prompt).__name__
    assert found["words"] == prompt.words  # type: ignore[attr-defined]
    if isinstance(prompt, Fixed):
        assert found["name"] == prompt.name
    else:
        assert {field.name for field in dataclasses.fields(prompt)} <= set(found)  # type: ignore[arg-type]
    assert read_act(line) == Asked(prompt, prompt.words)  # type: ignore[arg-type, attr-defined]


def test_a_prompts_values_are_written_plainly() -> None:
    assert act_of(IsThatRight(Team.BATS, "barn owl")) == {
        "act": "ask",
        "kind": "IsThatRight",
        "team": "Bats",
        "answer": "barn owl",
        "words": IsThatRight(Team.BATS, "barn owl").words,
    }
    assert act_of(WhoseAnswer((Team.BATS, Team.OWLS)))["teams"] == ["Bats", "Owls"]
    led = act_of(Prefaced(Lead.SORRY, Confirm("Wings & Webs 3", Lead.ONE_AT_A_TIME)))
    assert led["lead"] == "SORRY"
    assert led["question"] == {"kind": "Confirm", "subject": "Wings & Webs 3", "lead": "ONE_AT_A_TIME"}
    assert act_of(Fixed.NAME_FIRST)["name"] == "NAME_FIRST"


def _replies() -> list[Reply]:
    """A short night's replies, typed: the opening, the count, a question, its read-back, a fix, a ruling,
    and the night ended."""
    host = Host(load_practice().key, source=KeySource.PRACTICE, voice=True)
    lines = ["two", "D3", "Bats, sonar. Ghosts, radar.", "Bats. S, O, N, A, R.", "yes", "end the night"]
    return [host.opening(), *(host.hear(line) for line in [*lines, "Bats, yes.", "Ghosts, yes."])]


def test_every_part_of_a_hosts_reply_is_written_by_kind_and_fields_and_read_back() -> None:
    replies = _replies()
    kinds = {type(part) for reply in replies for part in reply.said}
    assert {QuestionAsked, ReadBack, FixTaken, Ruling, Finale, Remark} <= kinds
    for reply in replies:
        line = json.dumps(act_of_reply(reply))
        found = json.loads(line)
        assert (
            found["act"] == "reply" and found["ledger"] == reply.ledger_line and found["words"] == reply.text
        )
        assert [part["kind"] for part in found["said"]] == [type(part).__name__ for part in reply.said]
        assert read_act(line) == Replied(reply.said, reply.ledger_line, reply.text)
    read_back = ReadBack((TeamSaid("Bats", "sonar"), TeamSaid("Ghosts", "radar")))
    assert act_of_reply(Reply((read_back,), replies[0].ledger))["said"] == [
        {
            "kind": "ReadBack",
            "answers": [
                {"kind": "TeamSaid", "team": "Bats", "said": "sonar"},
                {"kind": "TeamSaid", "team": "Ghosts", "said": "radar"},
            ],
        }
    ]


def test_the_kiosks_own_words_around_a_night_are_a_reply_without_a_ledger() -> None:
    act = read_act(json.dumps(act_of_words("To pair a phone, open the page.")))
    assert act == Replied(
        (Remark.of("To pair a phone, open the page."),), None, "To pair a phone, open the page."
    )


@pytest.mark.parametrize(
    "line", ["", "{}", '{"act": "ask", "kind": "Nothing", "words": ""}', '{"act": "sing"}']
)
def test_a_line_that_is_no_act_is_refused_with_the_line_quoted(line: str) -> None:
    with pytest.raises(ActError, match="not an act"):
        read_act(line)


def test_a_voice_night_writes_an_act_for_each_thing_it_prints_in_order() -> None:
    acts = io.StringIO()
    steps = ["two", "that's right", "voice", "owls two", "that's right", "hate", "zip", "no"]
    table = fake_table(Host(load_practice().key, source=KeySource.PRACTICE), steps, acts=acts)
    table.kiosk.room = LoudRoom()
    table.run()
    read = [read_act(line) for line in acts.getvalue().splitlines()]
    assert "\n".join(act.words for act in read) + "\n" == table.screen.getvalue()
    asked = [act.prompt for act in read if isinstance(act, Asked)]
    assert asked == table.asked and any(isinstance(prompt, IsThatRight) for prompt in asked)
    assert all(act.ledger is not None for act in read if isinstance(act, Replied))


def test_a_kiosk_without_acts_writes_none() -> None:
    table = fake_table(Host(load_practice().key, source=KeySource.PRACTICE), ["two"])
    table.run()
    assert table.kiosk.acts is None and table.screen.getvalue()
