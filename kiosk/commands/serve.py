"""`python -m kiosk serve`: the party appliance, ready at power-on, night after night (kiosk.appliance).
By voice by default; `--typed` reads lines from standard input and prints each reply as `play` does."""

from __future__ import annotations

import argparse
from pathlib import Path

from kiosk import config, settings_flags
from kiosk.appliance.table_screen import screen_text
from kiosk.keychoice import add_key_options

NAME = "serve"
HELP = "the party appliance: ready at power-on, night after night"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_key_options(parser)
    parser.add_argument("--typed", action="store_true", help="read lines from standard input, print replies")
    parser.add_argument("--input", help="microphone: device name or index (python -m kiosk devices)")
    parser.add_argument("--output", help="speaker: device name or index (python -m kiosk devices)")
    parser.add_argument("--model", type=Path, help="Vosk model folder (default: models/…)")
    settings_flags.add_voice_arguments(parser)
    settings_flags.add_keep_audio_argument(parser)
    parser.add_argument("--audio-in", type=Path, metavar="WAV", help="hear a recorded table instead")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--screen",
        type=screen_text,
        metavar="[HOST:]PORT",
        help=f"the table screen's address (default: the settings file's, else {config.SCREEN_ON})",
    )
    shown.add_argument("--no-screen", action="store_true", help="no table screen")
    settings_flags.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from kiosk.appliance.serve import serve

    return serve(settings_flags.settings_for(args), typed=args.typed, audio_in=args.audio_in)
