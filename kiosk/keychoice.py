"""Which key a night plays on, chosen in one place for every command.

A key setting is "auto" (the sealed key if one is kept, else the practice key), "sealed", "practice", or a
key file's path: `serve` takes it from the settings file, `play`, `voice` and `replay` from --sealed and
--key. Those three play the practice key when given neither, whatever the settings file says, so that
trying the kiosk out never opens the sealed night before the party.
"""

from __future__ import annotations

import argparse
import logging
from dataclasses import dataclass
from pathlib import Path

from kiosk import keys
from kiosk.appliance import words
from kiosk.cartridge import NOTICE, SealedNotice
from kiosk.keystore import KeyStore, load_for_night

_LOG = logging.getLogger(__name__)

AUTO, SEALED, PRACTICE = "auto", "sealed", "practice"


@dataclass(frozen=True)
class Holding:
    """The key the kiosk holds, and the sentence that says which (empty when there is none to say)."""

    loaded: keys.LoadedKey
    line: str


def add_key_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--key", type=Path, metavar="FILE", help="play on this reveal file")
    group.add_argument(
        "--sealed", action="store_true", help="play the real night on the sealed key kept on this device"
    )


def setting_from_flags(args: argparse.Namespace) -> str | None:
    """The key --sealed or --key names; None when neither was given."""
    if getattr(args, "sealed", False):
        return SEALED
    key = getattr(args, "key", None)
    return str(key) if key is not None else None


def choose_key(setting: str, store: KeyStore | None = None, notice: SealedNotice = NOTICE) -> Holding:
    """The key a setting names, and the sentence that tells the table which key the kiosk holds (empty when
    there is none to say). A key that cannot be loaded is logged in one line; the Holding then has no key."""
    holding = _choose(setting, store, notice)
    if holding.loaded.problem:
        _LOG.warning("key: %s", holding.loaded.problem)
    return holding


def _choose(setting: str, store: KeyStore | None, notice: SealedNotice) -> Holding:
    if setting == PRACTICE:
        return Holding(keys.load_practice(), words.HOLDS_PRACTICE)
    if setting not in (AUTO, SEALED):
        path = Path(setting).expanduser()
        loaded = keys.load_file(path)
        return Holding(loaded, words.holds_file(path.name) if loaded.key else "")
    store = store or KeyStore()
    if setting == AUTO and not store.key_path.exists() and not store.record_path.exists():
        return Holding(keys.load_practice(), words.HOLDS_PRACTICE_NONE_KEPT)
    # Something is kept (or the sealed key is asked for): it is the sealed key, or there is no night on it.
    loaded = load_for_night(store, notice=notice, progress=_LOG.info)
    return Holding(loaded, words.HOLDS_SEALED if loaded.key else "")
