"""The kiosk's settings: one tree of frozen dataclasses, read once, defaults <- the settings file <- flags.

    Settings
        devices: Devices               the microphone and the speaker's sound device
        speaker: SpeakerSettings       the voice the kiosk speaks with: engine, espeak-ng voice, rate
        recogniser: RecogniserSettings the speech model
        key, screen, log_level

The file is one TOML file in the per-user config folder, flat as the installer writes it (`rate = 140`):

    ~/.config/snap-apple-kiosk/kiosk.toml   (platformdirs' user config folder; $SNAP_APPLE_CONFIG overrides)

Each name in it has one place in the tree (FILE_SETTINGS). A bad value or an unknown name is reported in one
line and ignored alone: the rest of the file holds, so a typo in one setting never undoes the others.
"""

from __future__ import annotations

import enum
import json
import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the same parser, published as tomli
    import tomli as tomllib

import platformdirs

from kiosk import logs
from kiosk.records.storage import APP, UnreadableFile, read_small_file

SETTINGS_LIMIT = 64 * 1024
"""Bytes: a settings file larger than this is refused in one line."""


_LOG = logging.getLogger(__name__)

FILE_NAME = "kiosk.toml"
SCREEN_OFF = "off"
SCREEN_ON = "8177"
"""The table screen's default: port 8177 on every interface."""
PIPER_MEMORY = "the kiosk peaks at about 570 MB with it, against about 300 MB with espeak-ng"
"""Piper's cost in memory, as the README's measures found it: said in one way wherever it is said."""
RATES = range(80, 401)
"""Words per minute a voice is asked for: espeak-ng's own range is 80 to 450; faster
than 400 is no speech a table can follow."""


class ConfigError(Exception):
    """The settings file is not valid TOML, or a setting has the wrong type; the message says which."""


class Engine(enum.Enum):
    """The speech engine: the value is the name the settings file and `--speaker` use."""

    ESPEAK = "pyttsx3"
    """espeak-ng through pyttsx3's binding of its library: fast, robotic, light on memory."""
    PIPER = "piper"
    """Piper's neural joe voice: natural, slower to render, and heavier (PIPER_MEMORY)."""


SPEAKERS = tuple(engine.value for engine in Engine)


@dataclass(frozen=True)
class Devices:
    input: str = ""
    """The microphone: a sounddevice name or index as `python -m kiosk devices` lists it; "" for the default."""
    output: str = ""
    """The speaker's sound device: a name or index; "" for the default."""


@dataclass(frozen=True)
class SpeakerSettings:
    """The voice the kiosk speaks with."""

    rate: int = 140
    """Words per minute (espeak-ng's own default is 175; slower suits young players)."""
    voice: str = "gmw/en-us"
    """An espeak-ng voice id such as gmw/en-us or gmw/en-gb-x-rp (espeak-ng only)."""
    engine: Engine = Engine.ESPEAK


@dataclass(frozen=True)
class RecogniserSettings:
    model: Path | None = None
    """The Vosk model folder; None for models/vosk-model-small-en-us-0.15 beside the kiosk."""
    confirm_picks: bool = True
    """Say back a pick the kiosk is unsure of ("Wings & Webs 3?": a letter that sounds like another, any pick
    in a loud room) and take it on a yes (voice/dialogue/picking.py); false takes every pick at once, as a
    recorded table that cannot answer needs."""
    keep_audio: bool = False
    """Keep what each voice night heard (its audio, and each recogniser's readings) beside its journal, to
    replay it later (`python -m kiosk replay-audio`); off unless set, in the settings file or by flag."""


@dataclass(frozen=True)
class Settings:
    devices: Devices = field(default_factory=Devices)
    speaker: SpeakerSettings = field(default_factory=SpeakerSettings)
    recogniser: RecogniserSettings = field(default_factory=RecogniserSettings)
    key: str = "auto"
    """auto: the sealed key if one is kept, else the practice key; sealed; practice; or a key file's path."""
    screen: str = SCREEN_ON
    """Where the appliance's table screen listens, "[HOST:]PORT" (a port alone: every interface, for phones
    and TVs on the network); "off" for none. `play` and `voice` show a screen only when given --screen."""
    log_level: str = "info"
    """How much goes to the log: debug, info, warning or error."""


# --- the file's names and their places in the tree ----------------------------------------------------------


def _text(value: object) -> str:
    if type(value) is not str:
        raise ValueError(f"should be a str, not {value!r}")
    return value


def _rate(value: object) -> int:
    if type(value) is not int:  # a bool is an int to Python, never to TOML: checked apart
        raise ValueError(f"should be a whole number, not {value!r}")
    if value not in RATES:
        raise ValueError(f"should be words per minute from {RATES.start} to {RATES.stop - 1}, not {value}")
    return value


def _engine(value: object) -> Engine:
    if _text(value) not in SPEAKERS:
        raise ValueError(f"should be one of {', '.join(SPEAKERS)}, not {value!r}")
    return Engine(value)


def _model(value: object) -> Path | None:
    return Path(_text(value)).expanduser() if _text(value) else None


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise ValueError(f"should be true or false, not {value!r}")
    return value


def _screen(value: object) -> str:
    """The address itself is checked where the screen opens: a bad one leaves the kiosk without its screen
    (said in one line), rather than listening on every interface by default."""
    if type(value) is bool:
        return SCREEN_ON if value else SCREEN_OFF  # files written when the setting was on/off
    return _text(value)


def _log_level(value: object) -> str:
    if _text(value).lower() not in logs.LEVELS:
        raise ValueError(f"should be one of {', '.join(logs.LEVELS)}, not {value!r}")
    return _text(value).lower()


@dataclass(frozen=True)
class FileSetting:
    """One name in the settings file: where it sits in the tree, how its value is read, what it does."""

    name: str
    node: str
    """The branch of Settings it lives on ("" for Settings itself)."""
    attribute: str
    read: Callable[[object], object]
    """The file's value as the tree holds it; ValueError saying what is wrong with it."""
    comment: str


FILE_SETTINGS = (
    FileSetting(
        "input",
        "devices",
        "input",
        _text,
        "microphone: a name or index from `python -m kiosk devices`; empty for the default",
    ),
    FileSetting(
        "output",
        "devices",
        "output",
        _text,
        "speaker: a name or index from `python -m kiosk devices`; empty for the default",
    ),
    FileSetting("voice", "speaker", "voice", _text, "espeak-ng voice, e.g. gmw/en-us or gmw/en-gb-x-rp"),
    FileSetting(
        "speaker",
        "speaker",
        "engine",
        _engine,
        f"pyttsx3 (espeak-ng, light) or piper (natural; {PIPER_MEMORY})",
    ),
    FileSetting("rate", "speaker", "rate", _rate, "speaking rate in words per minute"),
    FileSetting(
        "model",
        "recogniser",
        "model",
        _model,
        "speech model folder; empty for the small English model in models/",
    ),
    FileSetting(
        "confirm_picks",
        "recogniser",
        "confirm_picks",
        _flag,
        "say back a pick the kiosk is unsure of (a letter that sounds like another, any pick in a loud room), and take it on a yes",
    ),
    FileSetting(
        "keep_audio",
        "recogniser",
        "keep_audio",
        _flag,
        "keep what each voice night heard beside its journal, to replay it (python -m kiosk replay-audio)",
    ),
    FileSetting(
        "key",
        "",
        "key",
        _text,
        "auto (the sealed key if kept, else the practice key), sealed, practice, or a key file",
    ),
    FileSetting(
        "screen",
        "",
        "screen",
        _screen,
        "table screen at [HOST:]PORT (a port alone: every network interface), or off",
    ),
    FileSetting(
        "log_level", "", "log_level", _log_level, "how much goes to the log: debug, info, warning or error"
    ),
)
_BY_NAME = {setting.name: setting for setting in FILE_SETTINGS}


def _put(settings: Settings, setting: FileSetting, value: object) -> Settings:
    """The tree with one setting changed (each value already read to its field's type)."""
    change: dict[str, Any] = {setting.attribute: value}
    if not setting.node:
        return replace(settings, **change)
    return replace(settings, **{setting.node: replace(getattr(settings, setting.node), **change)})


def with_setting(settings: Settings, name: str, value: object) -> Settings:
    """The settings with one setting, by its name in the file, given a value already read."""
    return _put(settings, _BY_NAME[name], value)


def _get(settings: Settings, setting: FileSetting) -> object:
    holder = getattr(settings, setting.node) if setting.node else settings
    return getattr(holder, setting.attribute)


# --- reading and writing the file ---------------------------------------------------------------------------


def config_path() -> Path:
    override = os.environ.get("SNAP_APPLE_CONFIG")
    if override:
        return Path(override)
    return platformdirs.user_config_path(APP) / FILE_NAME


def _table(text: str, source: str) -> dict[str, object]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{source} is not valid TOML: {error}") from error
    except RecursionError:  # nesting deeper than the parser can follow: one line, never a traceback
        raise ConfigError(f"{source} is nested too deeply to be a settings file") from None


def read(text: str, source: str = FILE_NAME) -> tuple[Settings, tuple[str, ...]]:
    """Settings from TOML text, and one line for each setting that was ignored (an unknown name or a bad
    value: that setting keeps its default, every other one holds). ConfigError if it is not TOML at all."""
    settings = Settings()
    problems: list[str] = []
    for name, value in _table(text, source).items():
        setting = _BY_NAME.get(name)
        if setting is None:
            problems.append(f"{source}: unknown setting {name!r} ignored (known: {', '.join(_BY_NAME)})")
            continue
        try:
            settings = _put(settings, setting, setting.read(value))
        except ValueError as error:
            default = _shown(_get(Settings(), setting))
            problems.append(f"{source}: {name} {error}; {name} keeps its default, {default}")
    return settings, tuple(problems)


def parse(text: str, source: str = FILE_NAME) -> Settings:
    """Settings from TOML text, strictly: ConfigError naming the first setting that is wrong."""
    settings, problems = read(text, source)
    if problems:
        raise ConfigError(problems[0])
    return settings


def load(path: Path | None = None) -> tuple[Settings, tuple[str, ...]]:
    """The settings in the file (the defaults if there is none), and a line for each problem found in it."""
    path = path or config_path()
    if not os.path.lexists(path):
        return Settings(), ()
    try:
        # Never waits (a FIFO), never reads a device: one line, and the kiosk starts on its defaults.
        data = read_small_file(
            path, SETTINGS_LIMIT, "a settings file", give="give the kiosk's settings file (kiosk.toml)",
            usual="a settings file is a few hundred bytes",
        )  # fmt: skip
        text = data.decode("utf-8")
    except UnreadableFile as error:
        return Settings(), (f"{error}; using the default settings",)
    except UnicodeDecodeError as error:
        return Settings(), (f"cannot read {path} ({error}); using the default settings",)
    try:
        return read(text, str(path))
    except ConfigError as error:
        return Settings(), (f"{error}; using the default settings",)


def report(problems: tuple[str, ...]) -> None:
    """Each problem the settings file had, one log line each."""
    for problem in problems:
        _LOG.warning("settings: %s", problem)


def _shown(value: object) -> str:
    """A value as TOML writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Engine):
        value = value.value
    return json.dumps("" if value is None else str(value), ensure_ascii=False)  # a JSON string is TOML's too


def render(settings: Settings) -> str:
    """The settings as a TOML file, each with a comment saying what it does."""
    lines = ["# Snap-Apple Night kiosk settings. Flags given to `python -m kiosk serve` override these.", ""]
    for setting in FILE_SETTINGS:
        lines += [f"# {setting.comment}", f"{setting.name} = {_shown(_get(settings, setting))}", ""]
    return "\n".join(lines)
