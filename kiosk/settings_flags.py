"""The command line's side of the settings: each command's flags, put in place of the settings file's values
(kiosk.config holds the tree, its defaults and the file)."""

from __future__ import annotations

import argparse
from pathlib import Path

from kiosk import config, logs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """--config: the settings file a command reads (every command that reads settings takes it)."""
    parser.add_argument("--config", type=Path, metavar="FILE", help="settings file (default: the user's)")


def add_voice_arguments(parser: argparse.ArgumentParser) -> None:
    """The voice's flags, each overriding its setting; none has a default of its own, so that a flag not
    given leaves the settings file's value (or the tree's default) in place."""
    parser.add_argument("--rate", type=int, help="speaking rate, words per minute (default 140)")
    parser.add_argument("--speaker-voice", help="espeak-ng voice id, e.g. gmw/en-gb-x-rp")
    parser.add_argument(
        "--speaker",
        choices=config.SPEAKERS,
        help=f"pyttsx3 (espeak-ng, light) or piper (natural; {config.PIPER_MEMORY})",
    )


def add_keep_audio_argument(parser: argparse.ArgumentParser) -> None:
    """--keep-audio: the keep_audio setting, for this run."""
    parser.add_argument(
        "--keep-audio",
        action="store_true",
        help="keep what each night heard beside its journal, to replay it (python -m kiosk replay-audio)",
    )


def with_flags(settings: config.Settings, args: argparse.Namespace) -> config.Settings:
    """The settings with every flag that was given put in place of the file's value."""
    given: dict[str, object] = {}
    device = getattr(args, "device", None)  # `voice --device`: one device for both
    for name, flag in (("input", "input"), ("output", "output"), ("voice", "speaker_voice"), ("key", "key")):
        value = getattr(args, flag, None)
        if value is None and name in ("input", "output"):
            value = device
        if value is not None:
            given[name] = str(value)
    if getattr(args, "speaker", None) is not None:
        given["speaker"] = config.Engine(args.speaker)
    if getattr(args, "rate", None) is not None:
        given["rate"] = int(args.rate)
    if getattr(args, "keep_audio", False):
        given["keep_audio"] = True
    if getattr(args, "model", None) is not None:
        given["model"] = Path(args.model)
    if getattr(args, "sealed", False):
        given["key"] = "sealed"
    if getattr(args, "no_screen", False):
        given["screen"] = config.SCREEN_OFF
    elif isinstance(getattr(args, "screen", None), str):
        given["screen"] = args.screen
    if getattr(args, "log_level", None) is not None:  # --log-level, which every command takes
        given["log_level"] = str(args.log_level).lower()
    for name, value in given.items():
        settings = config.with_setting(settings, name, value)
    return settings


def settings_for(args: argparse.Namespace) -> config.Settings:
    """The settings a command runs with, read once: the defaults, then the file (each problem logged in one
    line), then the flags given. The log's level is set from them here, for every command alike."""
    settings, problems = config.load(getattr(args, "config", None))
    config.report(problems)
    settings = with_flags(settings, args)
    logs.set_level(settings.log_level)
    return settings
