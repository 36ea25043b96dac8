"""`verify` checks every field a journal holds: each reply's text, its "over" flag and its ledger value."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from kiosk import Host
from kiosk.keys import load_file
from kiosk.records.journal import Journal
from kiosk.records.night_records import KeyIdentity
from kiosk.records.verify import verify

from .conftest import KeyText


def night_on_key_file(folder: Path, messages: list[str]) -> tuple[Path, Path]:
    key = folder / "reveal.md"
    key.write_text(KeyText().render())
    loaded = load_file(key)
    assert loaded.key is not None
    host = Host(loaded.key, source=loaded.source)
    journal = Journal.begin(KeyIdentity.of(loaded), folder)
    journal.record(None, host.opening())
    for message in messages:
        journal.record(message, host.hear(message))
    journal.close()
    return journal.path, key


def rewrite_turn(path: Path, number: int, change: dict[str, object]) -> None:
    lines = path.read_text().split("\n")
    entry = json.loads(lines[number])
    entry.update(change)
    lines[number] = json.dumps(entry, ensure_ascii=True)
    path.write_text("\n".join(lines))


def verified(path: Path, key: Path) -> tuple[int, str]:
    out = io.StringIO()
    return verify(path, key, out), out.getvalue()


def test_an_unfinished_night_marked_over_is_not_verified(tmp_path: Path) -> None:
    path, key = night_on_key_file(tmp_path, ["two", "A1", "All: answera1"])
    assert verified(path, key)[0] == 0
    rewrite_turn(path, 4, {"over": True})
    code, said = verified(path, key)
    assert code == 1
    assert "Not verified: turn 3, the reply to 'All: answera1'" in said
    assert '"over": true' in said and '"over": false' in said


@pytest.mark.parametrize(
    "forged",
    [{"q": 9}, {"scores": [{"name": "Bats", "score": 9, "out": False}]}, {"ce": ["Bats", "Ghosts"]}],
    ids=["question-count", "scores", "candle-end"],
)
def test_a_ledger_value_that_differs_from_the_reply_is_not_verified(
    forged: dict[str, object], tmp_path: Path
) -> None:
    path, key = night_on_key_file(tmp_path, ["two", "A1", "All: answera1"])
    lines = path.read_text().split("\n")
    ledger = json.loads(lines[4])["ledger"]
    rewrite_turn(path, 4, {"ledger": {**ledger, **forged}})
    code, said = verified(path, key)
    assert code == 1 and "Not verified: turn 3" in said and "ledger {" in said
