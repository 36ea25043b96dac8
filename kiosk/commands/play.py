"""`python -m kiosk play`: a night at a terminal, typing; each turn journalled before it is shown."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from kiosk import settings_flags
from kiosk.commands.options import add_carry_on_options, open_night, output_closed
from kiosk.engine.by import By
from kiosk.engine.reply import Reply
from kiosk.engine.save import holds_save
from kiosk.keychoice import add_key_options
from kiosk.screen import add_screen_option
from kiosk.table import KeptNight, Lines, Table, Terminal

NAME = "play"
HELP = "play a night at a terminal, typing"
MAX_SAVE_LINES = 20
"""A save block is 13 lines; a paste is read as one message up to its END line, or this many lines."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_key_options(parser)
    parser.add_argument("--voice", action="store_true", help="take each line as a spoken utterance")
    add_carry_on_options(parser)
    add_screen_option(parser)
    settings_flags.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    settings_flags.settings_for(args)  # the log's level; a typed night needs no other setting
    opened = open_night(args, args.voice)
    if opened is None:
        return 2
    try:
        screen = opened.screen
        lines: Lines = Terminal(sys.stdin) if screen is None else screen.typed_lines(sys.stdin)
        code = play(opened.table, opened.night, lines, sys.stdout, opened.save_text)
        if screen is not None and opened.night.over:
            keep_the_result_shown(screen.url, lines, sys.stdout)
        return code
    except BrokenPipeError:
        return output_closed(opened.started.keeper.farewell())
    finally:
        opened.close()


def keep_the_result_shown(url: str, lines: Lines, out: TextIO) -> None:
    """After the night's end the screen goes on showing its result, to pages open and pages loaded later,
    until the host presses Enter at the terminal (or Ctrl-C, or the input ends)."""
    print(
        f"The table screen goes on showing the result at {url}: press Enter to close it.",
        file=out,
        flush=True,
    )
    try:
        while True:
            line, by = lines.readline()
            if not line or by is By.TABLE:
                return  # the screen's own keyboard cannot close it: only the host at the terminal
    except KeyboardInterrupt:
        out.write("\n")


def read_message(lines: Lines) -> tuple[str, By] | None:
    """One message and who typed it: a line, or a save block pasted over several lines read up to its END line."""
    line, by = lines.readline()
    if not line:
        return None
    message = line.rstrip("\n")
    if holds_save(message) and "END AIGC SAVE" not in message.upper():
        parts = [message]
        while len(parts) < MAX_SAVE_LINES:
            more, _ = lines.readline()
            if not more:
                break
            parts.append(more.rstrip("\n"))
            if "END AIGC SAVE" in more.upper():
                break
        message = "\n".join(parts)
    return message, by


def play(table: Table, night: KeptNight, lines: Lines, out: TextIO, resume_with: str | None = None) -> int:
    """The night at a terminal: a line is a message. Each turn is journalled before it is shown."""

    def show(reply: Reply) -> None:
        print(reply.text, file=out, flush=True)
        table.presented(reply)

    try:
        opening = table.opening()
        show(opening)
        if opening.over:
            return 2  # no key, so no night
        if resume_with:
            show(table.hear(resume_with))
        while not night.over:
            out.write("> ")
            out.flush()
            taken = read_message(lines)
            if taken is None:
                out.write("\n")
                break
            show(table.hear(*taken))
    except KeyboardInterrupt:
        out.write("\n")
    print(night.farewell(), file=out, flush=True)
    return 0
