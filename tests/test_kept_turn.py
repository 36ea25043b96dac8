"""Each turn keeps its ledger as a value beside the reply's text; nights are read back from the value, and
a journal written before the value was kept is still read from its text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kiosk import Host
from kiosk.engine.ledger import parse_ledger
from kiosk.keys import load_practice
from kiosk.records.kept_turn import KeptTurn, UnreadableTurn, ledger_as_json, ledger_from_json
from kiosk.records.night_records import read_night

from .support.journals import journalled

PRACTICE = load_practice()


def journalled_at(folder: Path, messages: list[str]) -> Path:
    return journalled(folder, messages)[1].path


def test_each_turn_keeps_the_replys_ledger_as_a_value(tmp_path: Path) -> None:
    path = journalled_at(tmp_path, ["two", "D1", "All: fly"])
    for line in path.read_text().splitlines()[1:]:
        entry = json.loads(line)
        assert entry["ledger"] == ledger_as_json(parse_ledger(entry["reply"].rsplit("\n", 1)[-1]))
    last = json.loads(path.read_text().splitlines()[-1])["ledger"]
    assert last["q"] == 1 and last["open"] is None
    assert [team["name"] for team in last["scores"]] == ["Bats", "Ghosts"]


def test_a_night_is_described_from_the_ledger_value_not_the_replys_wording(tmp_path: Path) -> None:
    path = journalled_at(tmp_path, ["two", "D1"])
    lines = path.read_text().split("\n")
    entry = json.loads(lines[-2])
    entry["reply"] = "A reply worded some other way, with no ledger line."
    lines[-2] = json.dumps(entry)
    path.write_text("\n".join(lines))
    night = read_night(path)
    assert night.damaged_at is None and night.teams == ("Bats", "Ghosts")
    assert night.describe().endswith("Bats, Ghosts; 0 of 25 questions played, D1 open")


def test_a_journal_kept_before_the_ledger_value_is_read_from_its_text(tmp_path: Path) -> None:
    path = journalled_at(tmp_path, ["two", "D1", "All: fly", "E2"])
    lines = path.read_text().split("\n")
    old = [lines[0]] + [
        json.dumps({k: v for k, v in json.loads(line).items() if k != "ledger"}) for line in lines[1:-1]
    ]
    path.write_text("\n".join([*old, ""]))
    night = read_night(path)
    assert night.damaged_at is None and len(night.turns) == 5
    assert night.describe().endswith("Bats, Ghosts; 1 of 25 questions played, E2 open")
    assert night.turns == read_night(path).turns and all(turn.ledger for turn in night.turns)


@pytest.mark.parametrize(
    "broken",
    [
        None,
        [],
        {"q": -1},
        {"q": True},
        {"scores": [{"name": "Bats", "score": "4", "out": False}]},
        {"rows": {}},
    ],
)
def test_a_ledger_value_that_is_not_one_is_a_damaged_line(broken: object, tmp_path: Path) -> None:
    path = journalled_at(tmp_path, ["two", "D1"])
    lines = path.read_text().split("\n")
    entry = json.loads(lines[3])
    entry["ledger"] = {**entry["ledger"], **broken} if isinstance(broken, dict) else broken
    lines[3] = json.dumps(entry)
    path.write_text("\n".join(lines))
    with pytest.raises(UnreadableTurn):
        ledger_from_json(entry["ledger"])
    night = read_night(path)
    assert night.damaged_at == 4 and night.messages == ("two",)


def test_a_kept_turn_round_trips_through_json() -> None:
    assert PRACTICE.key is not None
    host = Host(PRACTICE.key, source=PRACTICE.source)
    host.opening()
    for message in ("two", "D1", "All: fly", "E2"):
        turn = KeptTurn.of(message, host.hear(message))
        assert KeptTurn.from_json(json.loads(json.dumps(turn.as_json()))) == turn
