"""`python -m kiosk replay`: JSON Lines in, JSON Lines out, and whole nights kept as golden transcripts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk import cartridge as card
from kiosk.engine.ledger import parse_ledger

from .conftest import KeyText

GOLDEN = Path(__file__).parent / "golden"


def replay(lines: list[str], *args: str) -> tuple[int, list[str], str]:
    process = subprocess.run(
        [sys.executable, "-m", "kiosk", "replay", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    replies = [json.loads(line)["reply"] for line in process.stdout.splitlines()]
    return process.returncode, replies, process.stderr


@pytest.mark.process
@pytest.mark.parametrize("name", ["four-teams-closed", "solo", "voice"])
def test_golden_nights(name: str) -> None:
    lines = (GOLDEN / f"{name}.in.jsonl").read_text().splitlines()
    expected = [json.loads(line)["reply"] for line in (GOLDEN / f"{name}.out.jsonl").read_text().splitlines()]
    code, replies, _ = replay(lines, *(["--voice"] if name == "voice" else []))
    assert code == 0
    assert len(replies) == len(lines) + 1  # the opening, then one reply per message
    assert replies == expected


@pytest.mark.process
def test_one_reply_per_message_each_ending_with_its_ledger() -> None:
    messages = [
        json.dumps({"say": text}) for text in ["two", "D3", "Bats: x\nGhosts: y", "", "\u0000", "save"]
    ]
    code, replies, _ = replay(messages)
    assert code == 0 and len(replies) == 7
    for reply in replies:
        parse_ledger(reply.rsplit("\n", 1)[-1])


@pytest.mark.process
def test_a_line_that_is_not_a_message_gets_a_clear_reply_and_changes_nothing() -> None:
    code, replies, _ = replay(
        [json.dumps({"say": "two"}), "not json", json.dumps({"say": 3}), json.dumps({"say": "D3"})]
    )
    assert code == 0
    assert replies[2].startswith('That line is not a message of the form {"say": "..."}')
    assert replies[2].rsplit("\n", 1)[-1] == replies[1].rsplit("\n", 1)[-1]
    assert "open:D3" in replies[4]


@pytest.mark.process
def test_a_key_file_sets_the_commitment(tmp_path: Path) -> None:
    key = KeyText()
    path = tmp_path / "reveal.md"
    path.write_text(key.render())
    code, replies, _ = replay([], "--key", str(path))
    assert code == 0
    assert f"commitment {key.key().commitment};" in replies[0]
    assert "practice" not in replies[0]


@pytest.mark.process
def test_a_bad_key_gives_the_rule_2_line_as_the_one_reply_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "reveal.md"
    rendered = KeyText().render()
    path.write_text(rendered[: len(rendered) // 2])  # cut short
    code, replies, stderr = replay([json.dumps({"say": "two"})], "--key", str(path))
    assert code == 2
    assert len(replies) == 1 and replies[0].split("\n")[0] == card.NO_KEY
    assert "missing" in stderr


@pytest.mark.process
def test_a_missing_key_file_gives_the_rule_2_line(tmp_path: Path) -> None:
    code, replies, stderr = replay([], "--key", str(tmp_path / "nowhere.md"))
    assert code == 2 and replies[0].startswith(card.NO_KEY)
    assert "cannot read" in stderr
