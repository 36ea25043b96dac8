"""The nights a bench plays (testbed/table/plan.py): a condition's nights are its own, whatever is played
beside it."""

from __future__ import annotations

from testbed.table.plan import plan


def _by_condition(conditions: list[str]) -> dict[str, list[tuple[str, str]]]:
    nights: dict[str, list[tuple[str, str]]] = {}
    for condition, voice, script in plan(conditions, held_out=36, tuning=9):
        nights.setdefault(condition, []).append((voice.name, script.name))
    return nights


def test_a_conditions_nights_are_the_same_whatever_else_is_played_and_in_any_order() -> None:
    alone = _by_condition(["room-0.8-1.5m"])
    among = _by_condition(["clean", "babble-10", "music-10-room-0.5", "room-0.8-1.5m"])
    reversed_ = _by_condition(["room-0.8-1.5m", "music-10-room-0.5", "babble-10", "clean"])
    assert alone["room-0.8-1.5m"] == among["room-0.8-1.5m"] == reversed_["room-0.8-1.5m"]
    assert among["clean"] == reversed_["clean"]


def test_conditions_are_dealt_different_nights_and_every_question_is_played() -> None:
    nights = _by_condition(["clean", "babble-10"])
    assert nights["clean"] != nights["babble-10"]
    for condition, voice, _ in plan(["clean"], held_out=36, tuning=0):
        assert condition == "clean" and voice.held_out
    assert sum(len(script.questions) for _, _, script in plan(["clean"], held_out=36, tuning=0)) == 36
