"""The settings file (read, written, overridden by flags) and the appliance's own words between nights."""

from __future__ import annotations

import argparse
from datetime import date, datetime
from pathlib import Path

import pytest

from kiosk import config
from kiosk.appliance.words import Intent, day_words, intent_of, number_words, offer_unfinished
from kiosk.config import ConfigError, Settings


def test_the_written_file_reads_back_as_the_same_settings(tmp_path: Path) -> None:
    chosen = Settings(
        input="plughw:CARD=Mic,DEV=0", output="2", voice='en "quoted"', rate=120, screen="127.0.0.1:9000"
    )
    path = tmp_path / "kiosk.toml"
    path.write_text(config.render(chosen))
    assert config.load(path) == (chosen, "")
    assert "# microphone:" in path.read_text()


def test_no_file_means_the_defaults(tmp_path: Path) -> None:
    assert config.load(tmp_path / "missing.toml") == (Settings(), "")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("rate = fast", "not valid TOML"),
        ('rate = "fast"', "rate should be a int"),
        ("screen = 1", "screen should be a str"),
        ("rate = true", "rate should be a int"),
        ('volume = "loud"', "unknown setting 'volume'"),
        ('speaker = "robot"', "speaker should be one of pyttsx3, piper"),
    ],
)
def test_a_bad_setting_is_named_and_the_defaults_used(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text(text + "\n")
    with pytest.raises(ConfigError, match=problem):
        config.parse(text)
    settings, said = config.load(path)
    assert settings == Settings()
    assert problem in said and str(path) in said and "using the default settings" in said


def test_the_config_folder_is_the_users_by_platform_convention(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SNAP_APPLE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert config.config_path() == tmp_path / "snap-apple-kiosk" / "kiosk.toml"


def test_the_voice_is_chosen_in_the_file_or_by_flag() -> None:
    chosen = config.parse('speaker = "piper"\n')
    assert chosen.speaker == "piper"
    assert config.with_flags(chosen, argparse.Namespace(speaker="pyttsx3")).speaker == "pyttsx3"
    assert config.with_flags(chosen, argparse.Namespace(speaker=None)).speaker == "piper"


def test_flags_override_the_file() -> None:
    from_file = Settings(input="1", output="2", voice="gmw/en-us", rate=140, key="practice")
    flags = argparse.Namespace(
        input="3", output=None, speaker_voice="gmw/en-gb-x-rp", rate=None, model=None, sealed=True, key=None
    )
    assert config.with_flags(from_file, flags) == Settings(
        input="3", output="2", voice="gmw/en-gb-x-rp", rate=140, key="sealed"
    )
    key_file = argparse.Namespace(sealed=False, key=Path("reveal.md"), rate=130)
    assert config.with_flags(from_file, key_file).key == "reveal.md"
    assert config.with_flags(from_file, key_file).rate == 130


@pytest.mark.parametrize(
    ("said", "intent"),
    [
        ("carry on", Intent.CARRY_ON),
        ("kerry on please", Intent.CARRY_ON),
        ("new night", Intent.NEW_NIGHT),
        ("a new i it", Intent.NEW_NIGHT),
        ("play again", Intent.NEW_NIGHT),
        ("again", Intent.TRY_AGAIN),
        ("Practice night!", Intent.PRACTICE),
        ("help", Intent.HELP),
        ("renewal", None),
        ("bats yes", None),
    ],
)
def test_what_the_table_says_between_nights(said: str, intent: Intent | None) -> None:
    assert intent_of(said) is intent


def test_the_offer_reads_as_a_table_would_say_it() -> None:
    saturday = datetime(2026, 10, 31, 21, 30)
    assert offer_unfinished(saturday, 10, date(2026, 11, 2)) == (
        "There is a night from Saturday, ten of twenty-five played: say carry on, or new night."
    )
    assert day_words(saturday, date(2026, 10, 31)) == "today"
    assert day_words(saturday, date(2026, 11, 1)) == "yesterday"
    assert day_words(saturday, date(2026, 11, 20)) == "31 October"
    assert [number_words(n) for n in (0, 7, 19, 20, 21, 25)] == [
        "zero",
        "seven",
        "nineteen",
        "twenty",
        "twenty-one",
        "twenty-five",
    ]
