"""`python -m kiosk serve`: the appliance a Pi starts at power-on. By voice by default; `--typed` reads lines
from standard input and prints each reply as `play` does (for tests, and as a keyboard fallback at the Pi).

Its options are kiosk.commands.serve's; the settings come to it read once (kiosk.config), the key through
kiosk.keychoice, as for every command.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TextIO

from kiosk import config
from kiosk.appliance import words
from kiosk.appliance.session import Session
from kiosk.appliance.table_only import table_checks
from kiosk.appliance.table_screen import open_screen, screen_words
from kiosk.keychoice import choose_key
from kiosk.table import Lines, Table, Terminal

_LOG = logging.getLogger(__name__)


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


def serve(settings: config.Settings, *, typed: bool = False, audio_in: Path | None = None) -> int:
    """The appliance until it is stopped: by voice, or typed lines (`typed`); never for want of a device."""
    screen = open_screen(settings.screen)
    session = Session(
        lambda: choose_key(settings.key),  # at power-on, and again on "try again"
        _LOG.warning,  # the records' one-line notices (a night not kept, kept aside)
        voice=not typed,
        on_night=screen.new_night if screen is not None else None,
        # By voice, where the screen is and how to pair a phone are said at power-on; never a code unasked.
        announce=screen_words(screen.url) if screen is not None and not typed else "",
    )
    # The screen follows the session as it follows a night: every reply, between nights too, reaches it.
    table = Table(session, (screen,) if screen is not None else (), table_checks(screen))
    try:
        if typed:
            lines: Lines = Terminal(sys.stdin) if screen is None else screen.typed_lines(sys.stdin)
            return serve_typed(table, lines, sys.stdout)
        try:
            from kiosk.appliance.voice import serve_by_voice
        except ImportError as error:  # the speech stack is an extra: a keyboard night needs none of it
            _LOG.error(words.SPEECH_PACKAGES.format(name=error.name))
            return 2
        return serve_by_voice(table, settings, audio_in, screen, session.journal_path)
    finally:
        session.close()
        if screen is not None:
            screen.stop()
