"""The settings a host changes, in one TOML file in the per-user config folder; flags override them.

    ~/.config/snap-apple-kiosk/kiosk.toml   (platformdirs' user config folder; $SNAP_APPLE_CONFIG overrides)

The installer writes the file with every setting and a comment saying what it does. A file that cannot be
read is reported in one line and the defaults are used: a typo in a setting never stops a party.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import dataclass, fields, replace
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the same parser, published as tomli
    import tomli as tomllib

import platformdirs

from kiosk.records.storage import APP

FILE_NAME = "kiosk.toml"
SCREEN_OFF = "off"
SCREEN_ON = "8177"
"""The table screen's default: port 8177 on every interface."""


class ConfigError(Exception):
    """The settings file is not valid TOML, or a setting has the wrong type; the message says which."""


@dataclass(frozen=True)
class Settings:
    input: str = ""
    """The microphone: a device name or index as `python -m kiosk devices` lists it; "" for the default."""
    output: str = ""
    """The speaker: a device name or index; "" for the default."""
    voice: str = "gmw/en-us"
    """The espeak-ng voice id the kiosk speaks with."""
    speaker: str = "pyttsx3"
    """pyttsx3 (espeak-ng: light, robotic) or piper (a natural neural voice, about 450 MB more memory)."""
    rate: int = 140
    """Speaking rate, words per minute (espeak's own default is 175; slower suits young players)."""
    model: str = ""
    """The Vosk model folder; "" for models/vosk-model-small-en-us-0.15 beside the kiosk."""
    key: str = "auto"
    """auto: the sealed key if one is kept, else the practice key; sealed; practice; or a key file's path."""
    screen: str = SCREEN_ON
    """Where the table screen listens, "[HOST:]PORT" (a port alone: every interface, for phones and TVs on
    the network); "off" for none."""


_COMMENTS = {
    "input": "microphone: a name or index from `python -m kiosk devices`; empty for the default",
    "output": "speaker: a name or index from `python -m kiosk devices`; empty for the default",
    "voice": "espeak-ng voice, e.g. gmw/en-us or gmw/en-gb-x-rp",
    "speaker": "pyttsx3 (espeak-ng, light) or piper (natural, neural; about 450 MB more memory)",
    "rate": "speaking rate in words per minute",
    "model": "speech model folder; empty for the small English model in models/",
    "key": "auto (the sealed key if kept, else the practice key), sealed, practice, or a key file",
    "screen": "table screen at [HOST:]PORT (a port alone: every network interface), or off",
}


SPEAKERS = ("pyttsx3", "piper")


def config_path() -> Path:
    override = os.environ.get("SNAP_APPLE_CONFIG")
    if override:
        return Path(override)
    return platformdirs.user_config_path(APP) / FILE_NAME


def parse(text: str, source: str = FILE_NAME) -> Settings:
    """Settings from TOML text; unknown names and wrong types raise ConfigError naming the file."""
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{source} is not valid TOML: {error}") from error
    known = {field.name: field for field in fields(Settings)}
    values: dict[str, object] = {}
    for name, value in table.items():
        if name not in known:
            raise ConfigError(f"{source}: unknown setting {name!r} (known: {', '.join(known)})")
        expected = type(getattr(Settings(), name))
        if name == "screen" and type(value) is bool:
            value = SCREEN_ON if value else SCREEN_OFF  # files written when the setting was on/off
        # TOML has no int/bool confusion, but Python's bool is an int: check it apart.
        if type(value) is not expected:
            raise ConfigError(f"{source}: {name} should be a {expected.__name__}, not {value!r}")
        if name == "speaker" and value not in SPEAKERS:
            raise ConfigError(f"{source}: speaker should be one of {', '.join(SPEAKERS)}, not {value!r}")
        values[name] = value
    return Settings(**values)  # type: ignore[arg-type]


def load(path: Path | None = None) -> tuple[Settings, str]:
    """The settings in the file (the defaults if there is none), and a problem to report, or ""."""
    path = path or config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), ""
    except (OSError, UnicodeDecodeError) as error:
        return Settings(), f"cannot read {path} ({error}); using the default settings"
    try:
        return parse(text, str(path)), ""
    except ConfigError as error:
        return Settings(), f"{error}; using the default settings"


def render(settings: Settings) -> str:
    """The settings as a TOML file, each with a comment saying what it does."""
    lines = ["# Snap-Apple Night kiosk settings. Flags given to `python -m kiosk serve` override these.", ""]
    for field in fields(Settings):
        value = getattr(settings, field.name)
        if isinstance(value, bool):
            shown = "true" if value else "false"
        elif isinstance(value, int):
            shown = str(value)
        else:
            shown = json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string
        lines += [f"# {_COMMENTS[field.name]}", f"{field.name} = {shown}", ""]
    return "\n".join(lines)


def with_flags(settings: Settings, args: argparse.Namespace) -> Settings:
    """The settings with every flag that was given put in place of the file's value."""
    changes: dict[str, object] = {}
    for name, flag in (
        ("input", "input"),
        ("output", "output"),
        ("voice", "speaker_voice"),
        ("speaker", "speaker"),
    ):
        value = getattr(args, flag, None)
        if value is not None:
            changes[name] = str(value)
    if getattr(args, "rate", None) is not None:
        changes["rate"] = int(args.rate)
    if getattr(args, "model", None) is not None:
        changes["model"] = str(args.model)
    if getattr(args, "sealed", False):
        changes["key"] = "sealed"
    elif getattr(args, "key", None) is not None:
        changes["key"] = str(args.key)
    if getattr(args, "no_screen", False):
        changes["screen"] = SCREEN_OFF
    elif getattr(args, "screen", None) is not None:
        changes["screen"] = str(args.screen)
    return replace(settings, **changes)  # type: ignore[arg-type]
