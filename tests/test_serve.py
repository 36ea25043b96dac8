"""`python -m kiosk serve --typed` through whole lifecycles, each a real process on a real data folder:
power-on with and without an unfinished night, carry on, new night, nights in a row, no key kept."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

from kiosk import cartridge
from kiosk.appliance import words
from kiosk.engine.ledger import is_ledger_line, parse_ledger
from kiosk.keys import practice_key_bytes
from kiosk.keystore import KeyStore

PROMPT = "> "


def serve(
    home: Path, lines: list[str], *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kiosk", "serve", "--typed", *args],
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


def leave_a_night(home: Path) -> None:
    """A night left between questions, one cell ruled, as when the plug is pulled."""
    replies(serve(home, ["two", "D1", "All: fly"]))
    assert (home / "saves" / "autosave.txt").exists()


def test_power_on_with_no_key_kept_plays_the_practice_key_and_says_so(tmp_path: Path) -> None:
    said = replies(serve(tmp_path, []))
    assert len(said) == 1
    opening = said[0].splitlines()
    assert opening[:2] == [words.READY, words.HOLDS_PRACTICE_NONE_KEPT]
    assert opening[2].startswith("Practice night:")
    assert opening[3].startswith("Welcome to Snap-Apple Night")


def test_two_nights_in_a_row_without_a_keyboard_restart(tmp_path: Path) -> None:
    first = ["two", "D1", "All: fly", "end the night", "Bats: yes", "Ghosts: yes"]
    said = replies(serve(tmp_path, [*first, "what now", "new night", "solo", "D2"]))
    first_end = said[6]
    assert "RESULT: AIGC|halloween-trivia|board|v1.0.0|end:closed|ch:1|turns:1|teams:2" in first_end
    # The closing words stand as the card says them; the offer of another night comes after them.
    lines = first_end.splitlines()
    assert lines.index(cartridge.WHOLE_KEY) < lines.index(words.ANOTHER_NIGHT)
    assert said[7].splitlines()[0] == "You can say 'new night'."
    assert "Welcome to Snap-Apple Night" in said[8]
    assert "[L] q:0/25" in said[8].splitlines()[-1]  # the second night starts on a clean board
    assert said[9].startswith(cartridge.SOLO_LINE)
    assert said[10].startswith("Wings & Webs, 2 points:")
    # The second night was left before its first ruling: nothing to offer at the next power-on.
    assert "There is a night" not in replies(serve(tmp_path, []))[0]


def test_power_on_offers_an_unfinished_night_and_carries_it_on(tmp_path: Path) -> None:
    leave_a_night(tmp_path)
    said = replies(serve(tmp_path, ["pardon", "carry on", "E2"]))
    assert said[0].splitlines()[2] == (
        "There is a night from today, one of twenty-five played: say carry on, or new night."
    )
    assert "Welcome" not in said[0]  # the night waits for the table's choice
    assert said[1].splitlines()[0] == words.CARRY_ON_OR_NEW
    assert said[2].splitlines()[:3] == [
        "Save resumed: 1 of 25 cells played.",
        "Scores: Bats 1, Ghosts 1.",
        "Ghosts, pick a category and points, like D3.",
    ]
    assert said[3].startswith("The Treat Bag, 2 points:")
    assert "| Bats 1 Ghosts 1 |" in said[3]


def test_the_offer_names_the_day_the_night_was_left(tmp_path: Path) -> None:
    leave_a_night(tmp_path)
    left = datetime.now() - timedelta(days=3)
    stamp = time.mktime(left.timetuple())
    os.utime(tmp_path / "saves" / "autosave.txt", (stamp, stamp))
    said = replies(serve(tmp_path, []))
    assert f"There is a night from {left.strftime('%A')}, one of twenty-five played" in said[0]


def test_a_new_night_keeps_the_unfinished_one_aside(tmp_path: Path) -> None:
    leave_a_night(tmp_path)
    kept = (tmp_path / "saves" / "autosave.txt").read_text()
    said = replies(serve(tmp_path, ["new night", "three"]))
    assert said[1].splitlines()[0] == words.NIGHT_SET_ASIDE
    assert "Welcome to Snap-Apple Night" in said[1]
    assert said[2].startswith("You are Bats, Ghosts and Owls.")
    aside = list((tmp_path / "saves").glob("set-aside-*.txt"))
    assert len(aside) == 1 and aside[0].read_text() == kept
    # Nothing unfinished is offered at the next power-on: the set-aside night stays out of the way.
    again = replies(serve(tmp_path, []))
    assert "There is a night" not in again[0] and "Welcome" in again[0]


def offline() -> dict[str, str]:
    """A kiosk with no way out: every HTTPS request goes to a closed port on this machine."""
    return {"HTTPS_PROXY": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"}


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


def test_a_kept_sealed_key_is_held_and_named(tmp_path: Path) -> None:
    keep_sealed(tmp_path)
    said = replies(serve(tmp_path, []))
    lines = said[0].splitlines()
    assert lines[:2] == [words.READY, words.HOLDS_SEALED]
    assert lines[2].startswith("Welcome to Snap-Apple Night")
    assert cartridge.NOTICE.commitment in lines[2]
    assert "practice" not in said[0].lower()


def test_a_tampered_kept_key_is_refused_and_the_practice_key_offered(tmp_path: Path) -> None:
    keep_sealed(tmp_path)
    key_file = tmp_path / "sealed" / "reveal.md"
    key_file.write_bytes(key_file.read_bytes().replace(b"fly", b"swim", 1))
    run = serve(tmp_path, ["practice night"])
    said = replies(run)
    assert said[0].splitlines()[:2] == [words.READY, cartridge.NO_KEY]
    assert "Welcome to Snap-Apple Night" in said[1]
    assert "refused as tampered" in run.stderr


def test_the_settings_file_chooses_the_key_and_a_flag_overrides_it(tmp_path: Path) -> None:
    keep_sealed(tmp_path)
    (tmp_path / "kiosk.toml").write_text('key = "practice"\n')
    assert replies(serve(tmp_path, []))[0].splitlines()[1] == words.HOLDS_PRACTICE
    assert replies(serve(tmp_path, [], "--sealed"))[0].splitlines()[1] == words.HOLDS_SEALED
    reveal = tmp_path / "reveal.md"
    reveal.write_bytes(practice_key_bytes())
    assert replies(serve(tmp_path, [], "--key", str(reveal)))[0].splitlines()[1] == words.holds_file(
        "reveal.md"
    )


def test_a_broken_settings_file_is_reported_and_the_kiosk_still_serves(tmp_path: Path) -> None:
    (tmp_path / "kiosk.toml").write_text("rate = fast\n")
    run = serve(tmp_path, ["solo"])
    said = replies(run)
    assert "settings:" in run.stderr and "not valid TOML" in run.stderr
    assert said[1].startswith(cartridge.SOLO_LINE)
