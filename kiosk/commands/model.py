"""`python -m kiosk model fetch`: the speech recognition model, downloaded once while online."""

from __future__ import annotations

import argparse
from pathlib import Path

NAME = "model"
HELP = "the speech recognition model"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="model_command", required=True)
    fetch = actions.add_parser("fetch", help="download the small English Vosk model")
    fetch.add_argument("--url", help="download from here instead (a mirror)")
    fetch.add_argument("--dest", type=Path, help="models folder (default: models/)")


def run(args: argparse.Namespace) -> int:
    from kiosk.voice.sound.model import fetch_command

    return fetch_command(args.url, args.dest)
