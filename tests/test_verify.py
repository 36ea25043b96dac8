"""`verify` checks every field a journal holds: each reply's text, its "over" flag and its ledger value."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import pytest

from kiosk import Host
from kiosk.engine.host import KeySource
from kiosk.hints import kiosk_command
from kiosk.keys import from_bytes, load_file
from kiosk.keystore import KeyStore
from kiosk.records.journal import Journal
from kiosk.records.night_records import KeyIdentity, list_nights
from kiosk.records.verify import verify

from .conftest import KeyText
from .support.journals import journalled
from .support.kiosk_process import run_kiosk, run_play


def night_on_key_file(folder: Path, messages: list[str]) -> tuple[Path, Path]:
    key = folder / "reveal.md"
    key.write_text(KeyText().render())
    return journalled(folder, messages, load_file(key))[1].path, key


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


def run_verify(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_kiosk(home, "verify", *args)


@pytest.mark.process
def test_a_practice_night_verifies_by_its_name_with_no_key_given(tmp_path: Path) -> None:
    run_play(tmp_path, ["two", "D1", "All: fly", "end the night", "Bats: yes", "Ghosts: yes"])
    (night,) = list_nights(tmp_path / "nights").kept
    name = night.name
    assert f"{name}: " in run_kiosk(tmp_path, "nights").stdout
    run = run_verify(tmp_path, name)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith(
        f"Verified: all 7 replies of {name} follow from its 6 messages on the practice key"
    )
    assert run.stdout.splitlines()[1].startswith("RESULT:")
    assert run_verify(tmp_path, str(night.path)).stdout == run.stdout


@pytest.mark.process
def test_a_sealed_night_verifies_on_the_sealed_key_kept_on_the_device(tmp_path: Path) -> None:
    store = KeyStore(tmp_path / "sealed")
    data = KeyText().render().encode()
    store.keep(data, "https://example.invalid/reveal.md", "2026-10-31T18:00:00Z")
    loaded = from_bytes(data, KeySource.SEALED, store.key_path)
    assert loaded.key is not None
    host = Host(loaded.key, source=loaded.source)
    journal = Journal.begin(
        KeyIdentity(KeySource.SEALED.value, loaded.key.sha256, str(store.key_path)), tmp_path / "nights"
    )
    journal.record(None, host.opening())
    for message in ("two", "A1", "All: answera1"):
        journal.record(message, host.hear(message))
    journal.close()
    run = run_verify(tmp_path, journal.path.stem)
    assert run.returncode == 0 and "on the sealed key kept on this device" in run.stdout, run.stdout
    store.key_path.unlink()
    store.record_path.unlink()
    gone = run_verify(tmp_path, journal.path.stem)
    assert gone.returncode == 2
    assert gone.stdout == (
        "Cannot verify: the night was played on the sealed key and none is kept on this device: "
        "give the revealed key with --key FILE.\n"
    )


@pytest.mark.process
def test_a_night_on_a_key_file_needs_that_file_and_an_unknown_name_is_said(tmp_path: Path) -> None:
    (tmp_path / "nights").mkdir()
    path, key = night_on_key_file(tmp_path / "nights", ["two"])
    run = run_verify(tmp_path, path.stem)
    assert run.returncode == 2 and "give that file with --key FILE" in run.stdout
    assert run_verify(tmp_path, path.stem, "--key", str(key)).returncode == 0
    unknown = run_verify(tmp_path, "night-20261031-180000-1-abcdef")
    assert unknown.returncode == 2
    assert unknown.stdout == (
        "Cannot verify: no night named night-20261031-180000-1-abcdef is kept here "
        f"({kiosk_command('nights')} lists them).\n"
    )
