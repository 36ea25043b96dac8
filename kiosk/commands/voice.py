"""`python -m kiosk voice`: the hands-free kiosk for one night: microphone, recogniser, speaker."""

from __future__ import annotations

import argparse
import contextlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from kiosk import settings_flags
from kiosk.commands.options import add_carry_on_options, notice, open_night, output_closed
from kiosk.keychoice import add_key_options
from kiosk.screen import add_screen_option
from kiosk.screen.phone_words import HOW_TO_PAIR

if TYPE_CHECKING:
    from kiosk.voice.stack import VoiceParts

_LOG = logging.getLogger(__name__)

NAME = "voice"
HELP = "the hands-free kiosk: microphone, recogniser, speaker"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_key_options(parser)
    parser.add_argument("--audio-in", type=Path, metavar="WAV", help="hear a recorded table instead")
    parser.add_argument("--audio-out", type=Path, metavar="WAV", help="write the host's speech to a file")
    parser.add_argument("--input", help="microphone: sounddevice device name or index")
    parser.add_argument("--output", help="speaker: sounddevice device name or index")
    parser.add_argument("--device", help="one device for both microphone and speaker (name or index)")
    parser.add_argument("--model", type=Path, help="Vosk model folder (default: models/…)")
    parser.add_argument(
        "--acts",
        type=Path,
        metavar="FILE",
        help="also write each thing the kiosk says to FILE, one JSON line each (for a simulated table)",
    )
    settings_flags.add_voice_arguments(parser)
    settings_flags.add_keep_audio_argument(parser)
    add_carry_on_options(parser)
    add_screen_option(parser)
    settings_flags.add_arguments(parser)


def run(
    args: argparse.Namespace,
    *,
    parts: VoiceParts | None = None,
    printout: TextIO | None = None,
    acts: TextIO | None = None,
) -> int:
    """The night by voice; `parts` and `printout` in place of the devices and the terminal, and `acts` for
    what the kiosk says as values (a simulated table, testbed/table/virtual_line.py; else `--acts FILE`)."""
    with contextlib.ExitStack() as opened_acts:
        if acts is None and getattr(args, "acts", None) is not None:
            try:
                acts = opened_acts.enter_context(args.acts.open("w", encoding="utf-8"))
            except OSError as error:
                _LOG.error("The acts cannot be written to %s: %s", args.acts, error.strerror)
                return 2
        return _night(args, parts, printout, acts)


def _night(
    args: argparse.Namespace, parts: VoiceParts | None, printout: TextIO | None, acts: TextIO | None
) -> int:
    settings = settings_flags.settings_for(args)
    try:
        from kiosk.records.kept_audio import BesideEachNight
        from kiosk.voice.command import run_voice
        from kiosk.voice.kept_hearing import Listened
    except ImportError as error:
        _LOG.error(
            "The voice kiosk needs its speech packages (%s is missing): scripts/setup.sh --voice", error.name
        )
        return 2
    opened = open_night(args, True)
    if opened is None:
        return 2
    keeper, screen = opened.started.keeper, opened.screen
    keeping = (
        BesideEachNight(
            lambda: keeper.journal.path if keeper.journal is not None else None,
            notice,
            Listened(settings.recogniser.confirm_picks, keyboard=screen is not None),
        )
        if settings.recogniser.keep_audio
        else None
    )
    try:
        try:
            code = run_voice(
                args,
                settings,
                opened.table,
                opened.save_text,
                typed=None if screen is None else screen.typed_messages(),
                notices=None if screen is None else screen.notices(),
                announce="" if screen is None else HOW_TO_PAIR,
                keeping=keeping,
                parts=parts,
                printout=printout,
                acts=acts,
            )
        except KeyboardInterrupt:  # stopped while the model loads: the night is as kept
            code = 0
        if keeper.messages:
            # How to carry a night on is news for the host, not a fault, unless the night was not kept whole.
            _LOG.log(logging.WARNING if keeper.farewell_is_trouble else logging.INFO, "%s", keeper.farewell())
        return code
    except BrokenPipeError:
        return output_closed(keeper.farewell())
    finally:
        if keeping is not None:
            keeping.close()
        opened.close()
