"""`python -m kiosk replay`: JSON Lines of table messages in ({"say": ...}), host replies out ({"reply": ...})."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from kiosk.engine.host import Host
from kiosk.keychoice import PRACTICE, add_key_options, choose_key, setting_from_flags

NAME = "replay"
HELP = "JSON Lines of table messages in, host replies out"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_key_options(parser)
    parser.add_argument("--voice", action="store_true", help="the table plays by voice from the start")


def run(args: argparse.Namespace) -> int:
    loaded = choose_key(setting_from_flags(args) or PRACTICE).loaded
    return replay(sys.stdin, Host(loaded.key, source=loaded.source, voice=args.voice), sys.stdout)


def replay(messages: Iterable[str], host: Host, out: TextIO) -> int:
    """The opening, then one reply per line; 2 when there is no key to play."""

    def emit(text: str) -> None:
        out.write(json.dumps({"reply": text}, ensure_ascii=False) + "\n")
        out.flush()

    emit(host.opening().text)
    if host.key is None:
        return 2
    for raw in messages:
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except (ValueError, RecursionError):  # any depth of nesting is one refusal, not a crash
            record = None
        said = record.get("say") if isinstance(record, dict) else None
        if not isinstance(said, str):
            line = host.ledger().format()
            emit('That line is not a message of the form {"say": "..."}; nothing has changed.\n' + line)
            continue
        emit(host.hear(said).text)
    return 0
