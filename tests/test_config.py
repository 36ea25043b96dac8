"""The settings file (read, written, overridden by flags) and the appliance's own words between nights."""

from __future__ import annotations

import argparse
import dataclasses
import re
from datetime import date, datetime
from pathlib import Path

import pytest

from kiosk import config, settings_flags
from kiosk.appliance.words import Choice, choice_of, day_words, number_words, offer_unfinished
from kiosk.config import ConfigError, Devices, Engine, RecogniserSettings, Settings, SpeakerSettings


def test_the_written_file_reads_back_as_the_same_settings(tmp_path: Path) -> None:
    chosen = Settings(
        devices=Devices(input="plughw:CARD=Mic,DEV=0", output="2"),
        speaker=SpeakerSettings(voice='en "quoted"', rate=120, engine=Engine.PIPER),
        recogniser=RecogniserSettings(model=tmp_path / "model"),
        screen="127.0.0.1:9000",
        log_level="debug",
    )
    path = tmp_path / "kiosk.toml"
    path.write_text(config.render(chosen))
    assert config.load(path) == (chosen, ())
    assert "# microphone:" in path.read_text()


def test_no_file_means_the_defaults(tmp_path: Path) -> None:
    assert config.load(tmp_path / "missing.toml") == (Settings(), ())


def test_one_default_rate_for_every_command() -> None:
    from kiosk.voice.sound.tts import SpeakerSettings as VoiceSettings

    assert VoiceSettings is SpeakerSettings
    assert Settings().speaker.rate == 140
    assert "rate = 140" in config.render(Settings())


def test_not_toml_at_all_means_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text("rate = fast\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        config.parse("rate = fast")
    settings, said = config.load(path)
    assert settings == Settings()
    assert len(said) == 1 and "not valid TOML" in said[0] and str(path) in said[0]
    assert "using the default settings" in said[0]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('rate = "fast"', "rate should be a whole number"),
        ("screen = 1", "screen should be a str"),
        ("rate = true", "rate should be a whole number"),
        ("rate = 5000", "rate should be words per minute from 80 to 400"),
        ('volume = "loud"', "unknown setting 'volume'"),
        ('speaker = "robot"', "speaker should be one of pyttsx3, piper"),
        ('log_level = "loud"', "log_level should be one of debug, info, warning, error"),
        ('confirm_picks = "no"', "confirm_picks should be true or false"),
    ],
)
def test_a_bad_setting_is_named_and_ignored_alone(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text(f'{text}\nscreen = "off"\nvoice = "gmw/en-gb-x-rp"\n' if "screen" not in text else text)
    with pytest.raises(ConfigError, match=re.escape(problem)):
        config.parse(text)
    settings, said = config.load(path)
    assert len(said) == 1, said
    assert problem in said[0] and str(path) in said[0] and "\n" not in said[0]
    if "screen" in text:
        assert settings == Settings()
        return
    # The rest of the file holds: the screen stays off, the voice chosen.
    assert settings.screen == "off" and settings.speaker.voice == "gmw/en-gb-x-rp"
    assert dataclasses.replace(settings, screen=Settings().screen, speaker=Settings().speaker) == Settings()


def test_a_fast_rate_and_the_screen_off_keep_the_screen_off(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.toml"
    path.write_text('rate = "fast"\nscreen = "off"\nvolumme = 3\n')
    settings, said = config.load(path)
    assert settings.screen == "off" and settings.speaker.rate == 140
    assert [line.split(": ")[1].split()[0] for line in said] == ["rate", "unknown"]


@pytest.mark.parametrize("opening", ["[", "{a="])
def test_a_file_nested_500_deep_is_one_line(tmp_path: Path, opening: str) -> None:
    closing = {"[": "]", "{a=": "}"}[opening]
    path = tmp_path / "kiosk.toml"
    path.write_text("rate = " + opening * 500 + ("1" if opening != "[" else "") + closing * 500 + "\n")
    settings, said = config.load(path)
    assert settings == Settings()
    assert said == (f"{path} is nested too deeply to be a settings file; using the default settings",)


def test_the_config_folder_is_the_users_by_platform_convention(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SNAP_APPLE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert config.config_path() == tmp_path / "snap-apple-kiosk" / "kiosk.toml"


def test_the_voice_is_chosen_in_the_file_or_by_flag() -> None:
    chosen = config.parse('speaker = "piper"\n')
    assert chosen.speaker.engine is Engine.PIPER
    assert (
        settings_flags.with_flags(chosen, argparse.Namespace(speaker="pyttsx3")).speaker.engine
        is Engine.ESPEAK
    )
    assert settings_flags.with_flags(chosen, argparse.Namespace(speaker=None)).speaker.engine is Engine.PIPER


def test_flags_override_the_file() -> None:
    from_file = Settings(
        devices=Devices(input="1", output="2"),
        speaker=SpeakerSettings(voice="gmw/en-us", rate=140),
        key="practice",
    )
    flags = argparse.Namespace(
        input="3", output=None, speaker_voice="gmw/en-gb-x-rp", rate=None, model=None, sealed=True, key=None
    )
    assert settings_flags.with_flags(from_file, flags) == Settings(
        devices=Devices(input="3", output="2"),
        speaker=SpeakerSettings(voice="gmw/en-gb-x-rp", rate=140),
        key="sealed",
    )
    key_file = argparse.Namespace(sealed=False, key=Path("reveal.md"), rate=130)
    assert settings_flags.with_flags(from_file, key_file).key == "reveal.md"
    assert settings_flags.with_flags(from_file, key_file).speaker.rate == 130
    one_device = argparse.Namespace(input=None, output="5", device="7")
    assert settings_flags.with_flags(from_file, one_device).devices == Devices(input="7", output="5")


def test_every_settings_command_reads_the_same_file_the_same_way(tmp_path: Path) -> None:
    from kiosk.cli import parser as _parser

    path = tmp_path / "kiosk.toml"
    path.write_text('rate = 120\nspeaker = "piper"\ninput = "4"\n')
    for command in (["voice"], ["serve"], ["check-audio"], ["play"]):
        settings = settings_flags.settings_for(_parser().parse_args([*command, "--config", str(path)]))
        assert (settings.speaker.rate, settings.speaker.engine, settings.devices.input) == (
            120,
            Engine.PIPER,
            "4",
        )
    flagged = _parser().parse_args(["voice", "--config", str(path), "--rate", "160", "--device", "2"])
    assert settings_flags.settings_for(flagged).speaker.rate == 160
    assert settings_flags.settings_for(flagged).devices == Devices("2", "2")


@pytest.mark.parametrize(
    ("said", "intent"),
    [
        ("carry on", Choice.CARRY_ON),
        ("kerry on please", Choice.CARRY_ON),
        ("new night", Choice.NEW_NIGHT),
        ("a new i it", Choice.NEW_NIGHT),
        ("play again", Choice.NEW_NIGHT),
        ("again", Choice.TRY_AGAIN),
        ("Practice night!", Choice.PRACTICE),
        ("help", Choice.HELP),
        ("renewal", None),
        ("bats yes", None),
    ],
)
def test_what_the_table_says_between_nights(said: str, intent: Choice | None) -> None:
    assert choice_of(said) is intent


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


@pytest.mark.process
def test_the_voice_command_reads_the_settings_file(tmp_path: Path) -> None:
    """`voice` speaks with the file's voice: an espeak-ng voice that does not exist, chosen only in the
    file, is what stops it (before any model is loaded or device opened)."""
    import subprocess
    import sys

    path = tmp_path / "kiosk.toml"
    path.write_text('voice = "en-martian"\nrate = "fast"\n')
    run = subprocess.run(
        [sys.executable, "-m", "kiosk", "voice", "--audio-out", str(tmp_path / "host.wav")],
        env={
            "SNAP_APPLE_CONFIG": str(path),
            "SNAP_APPLE_HOME": str(tmp_path / "home"),
            "HOME": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 2, run.stderr
    assert "espeak-ng has no voice 'en-martian'" in run.stderr
    assert f"{path}: rate should be a whole number, not 'fast'; rate keeps its default, 140" in run.stderr
    assert "Traceback" not in run.stderr
