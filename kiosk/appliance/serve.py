"""`python -m kiosk serve`: the appliance a Pi starts at power-on. By voice by default; `--typed` reads lines
from standard input and prints each reply as `play` does (for tests, and as a keyboard fallback at the Pi).

Settings come from the settings file (kiosk.config), each overridden by its flag when given.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from pathlib import Path
from types import FrameType
from typing import TextIO

from kiosk import config, keys
from kiosk.appliance import words
from kiosk.appliance.session import Holding, Session
from kiosk.appliance.table_screen import open_screen, screen_text, screen_words
from kiosk.cartridge import NOTICE, SealedNotice
from kiosk.keystore import KeyStore, load_for_night
from kiosk.table import Lines, Table, Terminal

_LOG = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """serve's own options (the key options are shared with `play`)."""
    parser.add_argument("--typed", action="store_true", help="read lines from standard input, print replies")
    config.add_arguments(parser)
    parser.add_argument("--input", help="microphone: device name or index (python -m kiosk devices)")
    parser.add_argument("--output", help="speaker: device name or index (python -m kiosk devices)")
    parser.add_argument("--model", type=Path, help="Vosk model folder (default: models/…)")
    config.add_voice_arguments(parser)
    parser.add_argument("--audio-in", type=Path, metavar="WAV", help="hear a recorded table instead")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--screen",
        type=screen_text,
        metavar="[HOST:]PORT",
        help=f"the table screen's address (default: the settings file's, else {config.SCREEN_ON})",
    )
    shown.add_argument("--no-screen", action="store_true", help="no table screen")


def _progress(line: str) -> None:
    _LOG.info(line)


def choose_key(setting: str, store: KeyStore | None = None, notice: SealedNotice = NOTICE) -> Holding:
    """The key a setting names, and the sentence that tells the table which key the kiosk holds."""
    if setting == "practice":
        return Holding(keys.load_practice(), words.HOLDS_PRACTICE)
    if setting not in ("auto", "sealed"):
        path = Path(setting).expanduser()
        loaded = keys.load_file(path)
        return Holding(loaded, words.holds_file(path.name) if loaded.key else "")
    store = store or KeyStore()
    if setting == "auto" and not store.key_path.exists() and not store.record_path.exists():
        return Holding(keys.load_practice(), words.HOLDS_PRACTICE_NONE_KEPT)
    # Something is kept (or the sealed key is asked for): it is the sealed key, or there is no night on it.
    loaded = load_for_night(store, notice=notice, progress=_progress)
    return Holding(loaded, words.HOLDS_SEALED if loaded.key else "")


def serve_typed(table: Table, lines: Lines, out: TextIO) -> int:
    """One line a message, each reply printed whole, ledger included. Ends only when the input does."""
    opening = table.opening()
    print(opening.text, file=out, flush=True)
    table.presented(opening)
    while True:
        try:
            out.write("> ")
            out.flush()
            line, by = lines.readline()
        except KeyboardInterrupt:
            print(
                "\nGoodbye. A night not yet over is kept, and offered when the kiosk starts again.", file=out
            )
            return 0
        if not line:
            return 0
        reply = table.hear(line.rstrip("\n"), by)
        print(reply.text, file=out, flush=True)
        table.presented(reply)


def _stopped(signum: int, frame: FrameType | None) -> None:
    """systemd stops the kiosk with SIGTERM: end as on Ctrl-C, the night's journal closed."""
    raise KeyboardInterrupt(signum)


def serve(args: argparse.Namespace) -> int:
    for stop in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(stop, _stopped)
    settings = config.settings_for(args)

    def holding() -> Holding:
        chosen = choose_key(settings.key)
        if chosen.loaded.problem:
            _LOG.warning("key: %s", chosen.loaded.problem)
        return chosen

    screen = open_screen(settings.screen)
    session = Session(
        holding,
        _progress,
        voice=not args.typed,
        on_night=screen.new_night if screen is not None else None,
        # By voice, where the screen is and its PIN are said at power-on (never shown on the page).
        announce=screen_words(screen.url, screen.keyboard.pin)
        if screen is not None and not args.typed
        else "",
        # "new PIN", said at any moment: the old PIN was overheard, or seen over the adult's shoulder.
        new_pin=screen.keyboard.new_pin if screen is not None else None,
    )
    # The screen follows the session as it follows a night: every reply, between nights too, reaches it.
    table = Table(session, (screen,) if screen is not None else ())
    try:
        if args.typed:
            lines: Lines = Terminal(sys.stdin) if screen is None else screen.typed_lines(sys.stdin)
            return serve_typed(table, lines, sys.stdout)
        try:
            from kiosk.appliance.voice import serve_by_voice
        except ImportError as error:  # the speech stack is an extra: a keyboard night needs none of it
            _LOG.error(words.SPEECH_PACKAGES.format(name=error.name))
            return 2
        return serve_by_voice(table, settings, args.audio_in, screen)
    finally:
        session.close()
        if screen is not None:
            screen.stop()
