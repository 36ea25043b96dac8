"""`python -m kiosk replay-audio NIGHT`: a night kept with the keep_audio setting, replayed through today's
hearing and dialogue, offline; each turn said with the kiosk's reply then and now, the first difference in
full. Exit status 0 when every turn agrees, 1 when any differs, 2 when the night cannot be replayed."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from kiosk import settings_flags

_LOG = logging.getLogger(__name__)

NAME = "replay-audio"
HELP = "replay a night kept with keep_audio through today's hearing and dialogue, and say what differs"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "night", metavar="NIGHT", help="a night as `nights` lists it, its journal, or its .heard folder"
    )
    parser.add_argument(
        "--readings", action="store_true", help="replay the words as they were heard (no speech model needed)"
    )
    parser.add_argument("--model", type=Path, help="Vosk model folder (default: models/…)")
    settings_flags.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    settings = settings_flags.settings_for(args)
    try:
        from kiosk.voice.replay_night import replay_night
    except ImportError as error:
        _LOG.error(
            "Replaying needs the speech packages (%s is missing): scripts/setup.sh --voice", error.name
        )
        return 2
    return replay_night(args.night, settings, readings=args.readings)
