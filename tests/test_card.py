"""The card's conformance corpus: tests/card/<section>/<case>.jsonl, found by glob and run in-process.

Each file is a transcript. Its first line sets the table: {"key": "plain" | "button" | "practice",
"voice": false, "source": "file", "xfail": "why"}; a known gap carries "xfail" and must fail (strict). Each
further line is a message and what its reply must show:

    {"say": "two", "speech": "...", "has": ["..."], "lacks": ["..."], "got": ["Bats"], "open": "A1",
     "pick": "Ghosts", "q": 1, "ce": ["Bats", "Ghosts"], "over": false}

"speech" is the exact spoken reply; "has" and "lacks" are pieces of the whole reply (shown lines and
ledger); the rest are ledger fields ("open" and "pick" may be null); every key but "say" is optional.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kiosk import Key, KeySource, parse_key
from kiosk.keys import practice_key_bytes

from .conftest import KeyText, Played, button_cells

CORPUS = Path(__file__).parent / "card"
CASES = sorted(CORPUS.glob("*/*.jsonl"))
KEYS = {
    "plain": lambda: KeyText().key(),
    "button": lambda: KeyText(cells=button_cells()).key(),
    "practice": lambda: parse_key(practice_key_bytes()),
}


def _params() -> list[Any]:
    params = []
    for path in CASES:
        header = json.loads(path.read_text().splitlines()[0])
        marks = [pytest.mark.xfail(reason=header["xfail"], strict=True)] if "xfail" in header else []
        params.append(pytest.param(path, id=f"{path.parent.name}/{path.stem}", marks=marks))
    return params


def check(step: dict[str, Any], table: Played, number: int) -> None:
    reply = table.say(step["say"])
    where = f"line {number} ({step['say']!r})"
    if "speech" in step:
        assert reply.speech == step["speech"], where
    for piece in step.get("has", []):
        assert piece in reply.text, f"{where}: {piece!r} not in\n{reply.text}"
    for piece in step.get("lacks", []):
        assert piece not in reply.text, f"{where}: {piece!r} in\n{reply.text}"
    ledger = table.ledger
    fields = {"got": list(ledger.got), "open": ledger.open, "pick": ledger.pick, "q": ledger.q}
    fields["ce"] = None if ledger.ce is None else list(ledger.ce)
    for name, value in fields.items():
        if name in step:
            assert value == step[name], f"{where}: {name} is {value!r}, not {step[name]!r}"
    if "over" in step:
        assert reply.over is step["over"], where


@pytest.mark.parametrize("path", _params())
def test_card_case(path: Path) -> None:
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    key: Key = KEYS[header.get("key", "plain")]()
    table = Played(key, voice=header.get("voice", False), source=KeySource(header.get("source", "file")))
    for number, line in enumerate(lines[1:], start=2):
        if line.strip():
            check(json.loads(line), table, number)


def test_the_corpus_covers_each_section() -> None:
    sections = {path.parent.name for path in CASES}
    expected = {
        "opening",
        "rule-6",
        "rule-7",
        "rule-8",
        "the-table",
        "resolution",
        "voice",
        "candle-end",
        "save",
    }
    assert expected <= sections
