"""`python -m kiosk serve --typed` through whole lifecycles, each a real process on a real data folder:
power-on with and without an unfinished night, carry on, new night, nights in a row, no key kept."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from kiosk import KeySource, cartridge
from kiosk.appliance import words
from kiosk.appliance.session import Session
from kiosk.engine.by import By
from kiosk.engine.finale_words import NOT_USED_UP
from kiosk.engine.kiosk_lines import after_card_line
from kiosk.engine.ledger import is_ledger_line, parse_ledger
from kiosk.keychoice import choose_key
from kiosk.keys import practice_key_bytes
from kiosk.keystore import KeyStore
from kiosk.records.night_records import nights_folder, unfinished

PROMPT = "> "


def serve(
    home: Path, lines: list[str], *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk", "serve", "--typed", "--no-screen", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={
            **os.environ,
            "SNAP_APPLE_HOME": str(home),
            "SNAP_APPLE_CONFIG": str(home / "kiosk.toml"),
            **(env or {}),
        },
    )


def replies(run: subprocess.CompletedProcess[str]) -> list[str]:
    """Each reply printed, in order (the opening first); every one must end with a ledger line."""
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    parts = [part.strip("\n") for part in run.stdout.split(PROMPT)]
    found = [part for part in parts if part]
    for reply in found:
        last = reply.splitlines()[-1]
        assert is_ledger_line(last), reply
        parse_ledger(last)
    return found


def leave_a_night(home: Path) -> Path:
    """A night left between questions, one cell ruled, as when the plug is pulled; its journal."""
    replies(serve(home, ["two", "D1", "All: fly"]))
    journals = list((home / "nights").glob("night-*.jsonl"))
    assert len(journals) == 1
    return journals[0]


@pytest.mark.process
def test_power_on_with_no_key_kept_plays_the_practice_key_and_says_so(tmp_path: Path) -> None:
    said = replies(serve(tmp_path, []))
    assert len(said) == 1
    opening = said[0].splitlines()
    assert opening[:2] == [words.READY, words.HOLDS_PRACTICE_NONE_KEPT]
    assert opening[2].startswith("Practice night:")
    assert opening[3].startswith("Welcome to Snap-Apple Night")


@pytest.mark.process
def test_two_nights_in_a_row_without_a_keyboard_restart(tmp_path: Path) -> None:
    first = ["two", "D1", "All: fly", "end the night", "Bats: yes", "Ghosts: yes"]
    said = replies(serve(tmp_path, [*first, "what now", "new night", "solo", "D2"]))
    first_end = said[6]
    assert "RESULT: AIGC|halloween-trivia|board|v1.0.0|end:closed|ch:1|turns:1|teams:2" in first_end
    # The closing words (on the practice key, never claiming the sealed one) come before the offer of another
    # night.
    lines = first_end.splitlines()
    assert cartridge.WHOLE_KEY not in lines
    assert lines.index(NOT_USED_UP[KeySource.PRACTICE]) < lines.index(words.ANOTHER_NIGHT)
    assert said[7].splitlines()[0] == words.AFTER_NIGHT_HELP
    assert "Welcome to Snap-Apple Night" in said[8]
    assert "[L] q:0/25" in said[8].splitlines()[-1]  # the second night starts on a clean board
    assert said[9].startswith(cartridge.SOLO_LINE)
    assert said[10].startswith("Wings & Webs, 2 points:")
    # The first night is over; the second was left with D2 open, and is the one offered.
    offered = replies(serve(tmp_path, ["carry on"]))
    assert "There is a night from today, zero of twenty-five played" in offered[0]
    carried = offered[1].splitlines()
    assert carried[0] == words.CARRYING_ON and said[10].splitlines()[0] in carried  # D2 read again


@pytest.mark.process
def test_power_on_offers_an_unfinished_night_and_carries_it_on(tmp_path: Path) -> None:
    leave_a_night(tmp_path)
    said = replies(serve(tmp_path, ["pardon", "carry on", "E2"]))
    assert said[0].splitlines()[2] == (
        "There is a night from today, one of twenty-five played: say carry on, or new night."
    )
    assert "Welcome" not in said[0]  # the night waits for the table's choice
    assert said[1].splitlines()[0] == words.CARRY_ON_OR_NEW
    # The night is replayed on its key; the table hears where it stood: the last reply it had.
    assert said[2].splitlines()[0] == words.CARRYING_ON
    assert (
        said[2].splitlines()[1]
        == "Welcome back: the night carries on where it stopped, and 1 of the 25 questions is played."
    )
    assert "Scores: Bats 1, Ghosts 1." in said[2]
    assert "Ghosts, pick a category and points, like D3." in said[2]
    assert said[3].startswith("The Treat Bag, 2 points:")
    assert "| Bats 1 Ghosts 1 |" in said[3]


@pytest.mark.process
def test_the_offer_names_the_day_the_night_was_begun(tmp_path: Path) -> None:
    journal = leave_a_night(tmp_path)
    lines = journal.read_text().splitlines()
    header = json.loads(lines[0])
    began = datetime.now(timezone.utc) - timedelta(days=3)
    header["began"] = began.strftime("%Y-%m-%dT%H:%M:%SZ")
    journal.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    said = replies(serve(tmp_path, []))
    weekday = began.astimezone().strftime("%A")
    assert f"There is a night from {weekday}, one of twenty-five played" in said[0]


@pytest.mark.process
def test_a_new_night_keeps_the_unfinished_one_aside(tmp_path: Path) -> None:
    journal = leave_a_night(tmp_path)
    kept = journal.read_text()
    said = replies(serve(tmp_path, ["new night", "three"]))
    assert said[1].splitlines()[0] == words.NIGHT_SET_ASIDE
    assert "Welcome to Snap-Apple Night" in said[1]
    assert said[2].startswith("You are Bats, Ghosts and Owls.")
    aside = list((tmp_path / "nights" / "aside").glob("night-*.jsonl"))
    assert len(aside) == 1 and aside[0].read_text() == kept
    # The night offered at the next power-on is the new one; the one set aside stays out of the way.
    again = replies(serve(tmp_path, []))
    assert "There is a night from today, zero of twenty-five played" in again[0]


def offline() -> dict[str, str]:
    """A kiosk with no way out: every HTTPS request goes to a closed port on this machine."""
    return {"HTTPS_PROXY": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"}


@pytest.mark.process
def test_sealed_with_no_key_kept_says_rule_2_then_offers_the_practice_key(tmp_path: Path) -> None:
    run = serve(tmp_path, ["hello", "try again", "practice night", "solo"], "--sealed", env=offline())
    said = replies(run)
    assert said[0].splitlines()[:2] == [words.READY, cartridge.NO_KEY]
    assert words.NO_KEY_CHOICES in said[0]
    assert said[1].splitlines()[0] == words.NO_KEY_CHOICES
    assert cartridge.NO_KEY in said[2] and words.NO_KEY_CHOICES in said[2]  # still offline
    assert said[3].startswith("Practice night:") and "Welcome to Snap-Apple Night" in said[3]
    assert said[4].startswith(cartridge.SOLO_LINE)
    assert "fetching it failed" in run.stderr


def keep_sealed(home: Path) -> None:
    KeyStore(home / "sealed").keep(practice_key_bytes(), cartridge.NOTICE.reveal_url, "2026-10-30T18:00:00Z")


@pytest.mark.process
def test_a_kept_key_that_is_not_the_sealed_one_is_refused(tmp_path: Path) -> None:
    keep_sealed(tmp_path)  # whole and untouched, but its SHA-256 is not the notice's commitment
    run = serve(tmp_path, ["practice night", "solo"])
    said = replies(run)
    assert said[0].splitlines()[:2] == [words.READY, cartridge.NO_KEY]
    assert said[1].startswith("Practice night:") and said[2].startswith(cartridge.SOLO_LINE)
    assert "does not begin with the sealed notice's commitment" in run.stderr


def test_a_kept_sealed_key_is_held_and_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SNAP_APPLE_HOME", str(tmp_path))
    keep_sealed(tmp_path)
    kept = KeyStore(tmp_path / "sealed").load()
    assert kept is not None
    notice = replace(cartridge.NOTICE, commitment=kept.sha256[:16])  # a notice this key was sealed under
    holding = choose_key("auto", KeyStore(tmp_path / "sealed"), notice)
    assert holding.line == words.HOLDS_SEALED and holding.loaded.source is KeySource.SEALED
    session = Session(lambda: holding, notice=lambda line: None)
    lines = session.opening().text.splitlines()
    session.close()
    assert lines[:2] == [words.READY, words.HOLDS_SEALED]
    assert lines[2].startswith("Welcome to Snap-Apple Night")
    assert cartridge.NOTICE.commitment in lines[2]  # the opening states the card's own notice
    assert not any("practice" in line.lower() for line in lines)


@pytest.mark.process
def test_a_tampered_kept_key_is_refused_and_the_practice_key_offered(tmp_path: Path) -> None:
    keep_sealed(tmp_path)
    key_file = tmp_path / "sealed" / "reveal.md"
    key_file.write_bytes(key_file.read_bytes().replace(b"fly", b"swim", 1))
    run = serve(tmp_path, ["practice night"])
    said = replies(run)
    assert said[0].splitlines()[:2] == [words.READY, cartridge.NO_KEY]
    assert "Welcome to Snap-Apple Night" in said[1]
    assert "refused as tampered" in run.stderr


@pytest.mark.process
def test_the_settings_file_chooses_the_key_and_a_flag_overrides_it(tmp_path: Path) -> None:
    keep_sealed(tmp_path)
    (tmp_path / "kiosk.toml").write_text('key = "practice"\n')
    assert replies(serve(tmp_path, []))[0].splitlines()[1] == words.HOLDS_PRACTICE
    assert replies(serve(tmp_path, [], "--sealed"))[0].splitlines()[1] == cartridge.NO_KEY
    reveal = tmp_path / "reveal.md"
    reveal.write_bytes(practice_key_bytes())
    assert replies(serve(tmp_path, [], "--key", str(reveal)))[0].splitlines()[1] == words.holds_file(
        "reveal.md"
    )


@pytest.mark.process
def test_a_broken_settings_file_is_reported_and_the_kiosk_still_serves(tmp_path: Path) -> None:
    (tmp_path / "kiosk.toml").write_text("rate = fast\n")
    run = serve(tmp_path, ["solo"])
    said = replies(run)
    assert "settings:" in run.stderr and "not valid TOML" in run.stderr
    assert said[1].startswith(cartridge.SOLO_LINE)


@pytest.mark.process
def test_stopped_by_systemd_mid_night_it_offers_the_night_at_the_next_power_on(tmp_path: Path) -> None:
    env = {**os.environ, "SNAP_APPLE_HOME": str(tmp_path), "SNAP_APPLE_CONFIG": str(tmp_path / "kiosk.toml")}
    command = [sys.executable, "-m", "kiosk", "serve", "--typed", "--no-screen"]
    with subprocess.Popen(
        command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as kiosk:
        assert kiosk.stdin is not None and kiosk.stdout is not None
        for line in ("two", "D1", "All: fly", "E2"):
            kiosk.stdin.write(line + "\n")
        kiosk.stdin.flush()
        shown = ""
        while "The Treat Bag, 2 points:" not in shown:
            line = kiosk.stdout.readline()
            assert line, shown
            shown += line
        kiosk.send_signal(signal.SIGTERM)  # what `systemctl stop` sends
        _, err = kiosk.communicate(timeout=30)
    assert kiosk.returncode == 0 and "Traceback" not in err, err
    said = replies(serve(tmp_path, ["carry on"]))
    assert "There is a night from today, one of twenty-five played" in said[0]
    assert said[1].splitlines()[0] == words.CARRYING_ON
    assert "The Treat Bag, 2 points:" in said[1] and "| open:E2 " in said[1]


@pytest.mark.process
def test_serve_by_voice_without_a_speech_model_says_so_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "kiosk.toml").write_text(f'model = "{tmp_path / "no-model"}"\n')
    run = subprocess.run(
        [sys.executable, "-m", "kiosk", "serve", "--no-screen"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={
            **os.environ,
            "SNAP_APPLE_HOME": str(tmp_path),
            "SNAP_APPLE_CONFIG": str(tmp_path / "kiosk.toml"),
        },
    )
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        f"ERROR kiosk.appliance.voice: No speech model at {tmp_path / 'no-model'}: fetch the small English model with `python -m kiosk model fetch`."
    ]


def test_in_voice_serve_a_message_typed_on_the_screen_is_answered_in_words_for_typing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNAP_APPLE_HOME", str(tmp_path))
    session = Session(lambda: choose_key("practice"), notice=lambda line: None, voice=True)
    session.opening()
    typed = session.hear("two", By.KEYBOARD).text
    session.hear("D1")
    spoken = session.hear("Bats: fly").text
    session.close()
    assert after_card_line(cartridge.TEAMS_LINE, voice=False)[0] in typed
    assert after_card_line(cartridge.TEAMS_LINE, voice=True)[0] not in typed
    assert after_card_line(cartridge.STILL_TO_ANSWER, voice=True)[0] in spoken  # heard: words for speaking
    kept = unfinished(nights_folder())
    assert kept is not None and [by for _, by in kept.sent] == [By.KEYBOARD, By.TABLE, By.TABLE]
