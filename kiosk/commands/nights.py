"""`python -m kiosk nights [remove NIGHT...]`: the nights kept on this device, or remove some."""

from __future__ import annotations

import argparse
import sys

from kiosk.records.nights import nights_command

NAME = "nights"
HELP = "list the nights kept on this device, or remove some"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="nights_command")
    remove = actions.add_parser("remove", help="remove kept nights by name")
    remove.add_argument("names", nargs="+", metavar="NIGHT")


def run(args: argparse.Namespace) -> int:
    return nights_command(args.names if args.nights_command == "remove" else None, sys.stdout)
