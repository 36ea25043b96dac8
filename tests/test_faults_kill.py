"""A real `play` process killed (SIGKILL, as a pulled plug) at every kind of point, then carried on with
--resume: the restored night goes on exactly as the same night played straight through. Nothing is lost:
not the question already read, not an answer locked, not a read-back or a fix, not a Candle-End year."""

from __future__ import annotations

import json
import re
import signal
import time
from pathlib import Path

import pytest

from kiosk.engine.board import CELL_IDS
from kiosk.engine.host import KeySource
from kiosk.hints import kiosk_command
from kiosk.keys import LoadedKey, load_file
from kiosk.records.night_records import list_nights, unfinished

from .conftest import KeyText
from .support.kiosk_process import PlayProcess, carried_on, run_play, shown, uninterrupted

GOLDEN = Path(__file__).parent / "golden"


def whole_board_to_the_candle_end() -> list[str]:
    """Two teams level on every cell, so the night goes to the Candle-End, where the years decide."""
    messages = ["two"]
    for cell in CELL_IDS[:-1]:
        messages += [cell, f"All: answer{cell.lower()}"]
    last = CELL_IDS[-1].lower()
    return [
        *messages,
        CELL_IDS[-1],
        f"Bats: answer{last}",
        f"Ghosts: answer{last}",
        "Bats: 1890",
        "Ghosts: 1700",
    ]


TYPED = whole_board_to_the_candle_end()
TYPED_POINTS = {
    "after the opening": 0,
    "before the first pick": 1,
    "after a pick, the question read": 2,
    "after a ruling, before the next pick": 3,
    "after the last pick": len(TYPED) - 4,
    "after one team's answer": len(TYPED) - 3,
    "in the Candle-End, its question read": len(TYPED) - 2,
    "in the Candle-End, one year locked": len(TYPED) - 1,
}
VOICE = [json.loads(line)["say"] for line in (GOLDEN / "voice.in.jsonl").read_text().splitlines()]


@pytest.fixture
def key_file(tmp_path: Path) -> LoadedKey:
    path = tmp_path / "reveal.md"
    path.write_text(KeyText().render())
    return load_file(path)


def carry_on_and_compare(
    home: Path, messages: list[str], answered: int, loaded: LoadedKey | None, *, voice: bool
) -> None:
    """After a kill with `answered` messages replied to: --resume plays the rest exactly as straight through."""
    expected = uninterrupted(messages, voice=voice, loaded=loaded)
    record = unfinished(home / "nights")
    if not answered:  # stopped before any message: there is no night to carry on, and a new one begins
        assert record is None
        args = ["--key", str(loaded.path)] if loaded else []
        resumed = run_play(home, messages, *args, *(["--voice"] if voice else []))
        assert "unfinished" not in resumed.stderr
    else:
        assert record is not None and record.messages == tuple(messages[:answered])
        resumed = run_play(home, messages[answered:], "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "Traceback" not in resumed.stderr
    screen = re.sub(r"\(The save is also kept in [^\n]*\)\n", "", resumed.stdout)
    first = carried_on(messages[:answered], voice=voice, loaded=loaded) if answered else expected[0]
    assert screen == shown([first, *expected[answered + 1 :]], farewell="Goodbye.")
    (night,) = list_nights(home / "nights").kept
    assert night.messages == tuple(messages) and night.over
    assert [turn.reply for turn in night.turns] == [reply.text for reply in expected]


@pytest.mark.process
@pytest.mark.parametrize("point", TYPED_POINTS, ids=list(TYPED_POINTS))
def test_a_typed_night_killed_carries_on_unchanged(point: str, tmp_path: Path, key_file: LoadedKey) -> None:
    answered = TYPED_POINTS[point]
    args = ["--key", str(key_file.path)]
    kiosk = PlayProcess(tmp_path, *args)
    for message in TYPED[:answered]:
        kiosk.say(message)
    kiosk.kill()
    carry_on_and_compare(tmp_path, TYPED, answered, key_file, voice=False)


@pytest.mark.process
@pytest.mark.parametrize(
    "answered", range(len(VOICE)), ids=[f"after-{m or 'opening'}" for m in ["", *VOICE[:-1]]]
)
def test_a_voice_night_killed_in_its_read_backs_and_fixes_carries_on_unchanged(
    answered: int, tmp_path: Path
) -> None:
    kiosk = PlayProcess(tmp_path, "--voice")
    for message in VOICE[:answered]:
        kiosk.say(message)
    kiosk.kill()
    carry_on_and_compare(tmp_path, VOICE, answered, None, voice=True)


@pytest.mark.process
@pytest.mark.parametrize("delay", [0.0, 0.002, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32])
def test_killed_at_any_moment_of_a_busy_night_every_reply_shown_was_kept(
    delay: float, tmp_path: Path, key_file: LoadedKey
) -> None:
    # All messages sent at once, the plug pulled a moment later: wherever it lands (hearing, writing the
    # journal, showing), every reply the table saw is in the journal, and the night carries on from there.
    kiosk = PlayProcess(tmp_path, "--key", str(key_file.path))
    kiosk.send_all(TYPED)
    time.sleep(delay)
    _, seen, _ = kiosk.kill()
    nights = list_nights(tmp_path / "nights").kept
    assert len(nights) == 1
    answered = len(nights[0].messages)
    assert seen.count("[L] q:") <= answered + 1  # nothing was shown that the journal does not hold
    if nights[0].over:
        return
    carry_on_and_compare(tmp_path, TYPED, answered, key_file, voice=False)


@pytest.mark.process
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=["INT", "TERM", "HUP"])
def test_stopping_signals_end_cleanly_with_the_night_kept(signum: int, tmp_path: Path) -> None:
    kiosk = PlayProcess(tmp_path)
    kiosk.say("two")
    kiosk.say("D1")
    code, out, err = kiosk.stop(signum)
    assert code == 0 and "Traceback" not in err
    assert out.rstrip().endswith(
        f"Goodbye. The night is kept: to carry it on, start the kiosk with {kiosk_command('play --resume')}"
    )
    record = unfinished(tmp_path / "nights")
    assert record is not None and record.messages == ("two", "D1")
    assert record.key.source == KeySource.PRACTICE.value
