"""`python -m kiosk check-audio`: is the microphone loud enough and not clipping, is the speaker heard, and
what does the room do (echo, noise)? (kiosk.checkaudio measures; the settings file and these flags choose the
devices and the voice.)"""

from __future__ import annotations

import argparse

from kiosk import settings_flags

NAME = "check-audio"
HELP = "check the microphone, the speaker and the room"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=5.0, help="how long to record (default 5)")
    parser.add_argument("--input", help="microphone: device name or index (python -m kiosk devices)")
    parser.add_argument("--output", help="speaker: device name or index")
    settings_flags.add_voice_arguments(parser)
    settings_flags.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from kiosk.checkaudio import check_audio

    return check_audio(settings_flags.settings_for(args), args.seconds)
