"""`python -m kiosk key fetch | status`: the sealed key, kept on this device for an offline party."""

from __future__ import annotations

import argparse

NAME = "key"
HELP = "the sealed key, kept on this device for an offline party"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="key_command", required=True)
    actions.add_parser("fetch", help="download the sealed key from its one home and keep it")
    actions.add_parser("status", help="say whether a key is kept, and whether it is the sealed one")


def run(args: argparse.Namespace) -> int:
    from kiosk.keystore import fetch_command, status_command

    return fetch_command() if args.key_command == "fetch" else status_command()
