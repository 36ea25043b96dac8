"""Command line: `python -m kiosk play | replay | voice | devices | model fetch | key fetch | key status`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from kiosk import keys
from kiosk.engine.host import Host
from kiosk.engine.reply import Reply
from kiosk.nightlog import NightLog, autosave_path


def _add_key_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--key", type=Path, metavar="FILE", help="play on this reveal file")
    group.add_argument(
        "--sealed", action="store_true", help="play the real night on the sealed key kept on this device"
    )


def _load(args: argparse.Namespace) -> keys.LoadedKey:
    if args.sealed:
        from kiosk.keystore import load_for_night

        return load_for_night(progress=lambda line: print(line, file=sys.stderr))
    if args.key is not None:
        return keys.load_file(args.key)
    return keys.load_practice()


def build_host(args: argparse.Namespace) -> tuple[Host, keys.LoadedKey]:
    loaded = _load(args)
    if loaded.problem:
        print(f"key: {loaded.problem}", file=sys.stderr)
    return Host(loaded.key, source=loaded.source, voice=getattr(args, "voice", False)), loaded


def replay(messages: Iterable[str], host: Host, out: TextIO) -> int:
    """JSON Lines in ({"say": ...}), JSON Lines out ({"reply": ...}): the opening, then one reply per line."""

    def emit(reply: Reply) -> None:
        out.write(json.dumps({"reply": reply.text}, ensure_ascii=False) + "\n")
        out.flush()

    opening = host.opening()
    emit(opening)
    if host.key is None:
        return 2
    for raw in messages:
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
            said = record["say"] if isinstance(record, dict) else None
        except (ValueError, KeyError):
            said = None
        if not isinstance(said, str):
            line = host.ledger().format()
            text = 'That line is not a message of the form {"say": "..."}; nothing has changed.\n' + line
            out.write(json.dumps({"reply": text}, ensure_ascii=False) + "\n")
            continue
        emit(host.hear(said))
    return 0


def resume_message(args: argparse.Namespace) -> str | None:
    """With --resume, the night kept between questions before the kiosk stopped, sent as the table would."""
    if not getattr(args, "resume", False):
        return None
    path = autosave_path()
    try:
        return path.read_text()
    except OSError:
        print(f"No night to resume ({path} is not there): a new night begins.", file=sys.stderr)
        return None


def play(host: Host, log: NightLog | None, stdin: TextIO, out: TextIO, resume: str | None = None) -> int:
    """The night at a terminal: a line is a message."""

    def show(message: str | None, reply: Reply) -> None:
        print(reply.text, file=out)
        kept = log.record(message, reply, host.resumable_save()) if log else None
        if kept:
            print(f"(The save is also kept in {kept}.)", file=out)

    show(None, host.opening())
    if host.key is None:
        return 2
    if resume:
        show(resume, host.hear(resume))
    while True:
        try:
            out.write("> ")
            out.flush()
            line = stdin.readline()
        except KeyboardInterrupt:
            print("\nGoodbye. Say 'save' next time to keep a night for later.", file=out)
            return 0
        if not line:
            return 0
        message = line.rstrip("\n")
        reply = host.hear(message)
        show(message, reply)
        if reply.over:
            return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m kiosk", description="Snap-Apple Night, a Halloween trivia kiosk."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    play_parser = commands.add_parser("play", help="play a night at a terminal, typing")
    _add_key_options(play_parser)
    play_parser.add_argument("--voice", action="store_true", help="take each line as a spoken utterance")
    play_parser.add_argument(
        "--resume", action="store_true", help="carry on the night kept when the kiosk stopped"
    )

    replay_parser = commands.add_parser("replay", help="JSON Lines of table messages in, host replies out")
    _add_key_options(replay_parser)
    replay_parser.add_argument("--voice", action="store_true", help="the table plays by voice from the start")

    voice_parser = commands.add_parser("voice", help="the hands-free kiosk: microphone, recogniser, speaker")
    _add_key_options(voice_parser)
    voice_parser.add_argument("--audio-in", type=Path, metavar="WAV", help="hear a recorded table instead")
    voice_parser.add_argument(
        "--audio-out", type=Path, metavar="WAV", help="write the host's speech to a file"
    )
    voice_parser.add_argument("--input", help="microphone: sounddevice device name or index")
    voice_parser.add_argument("--output", help="speaker: sounddevice device name or index")
    voice_parser.add_argument("--device", help="one device for both microphone and speaker (name or index)")
    voice_parser.add_argument("--model", type=Path, help="Vosk model folder (default: models/…)")
    voice_parser.add_argument("--rate", type=int, default=150, help="speaking rate, words per minute")
    voice_parser.add_argument(
        "--resume", action="store_true", help="carry on the night kept when the kiosk stopped"
    )
    voice_parser.add_argument("--speaker-voice", default="", help="espeak-ng voice id, e.g. gmw/en-gb-x-rp")
    voice_parser.add_argument(
        "--speaker",
        choices=["pyttsx3", "piper"],
        default="pyttsx3",
        help="the voice: pyttsx3 (espeak-ng, light) or piper (natural, neural; about 450 MB more memory)",
    )

    commands.add_parser("devices", help="list audio devices")

    model_parser = commands.add_parser("model", help="the speech recognition model")
    model_commands = model_parser.add_subparsers(dest="model_command", required=True)
    fetch_model = model_commands.add_parser("fetch", help="download the small English Vosk model")
    fetch_model.add_argument("--url", help="download from here instead (a mirror)")
    fetch_model.add_argument("--dest", type=Path, help="models folder (default: models/)")

    key_parser = commands.add_parser("key", help="the sealed key, kept on this device for an offline party")
    key_commands = key_parser.add_subparsers(dest="key_command", required=True)
    key_commands.add_parser("fetch", help="download the sealed key from its one home and keep it")
    key_commands.add_parser("status", help="say whether a key is kept, and whether it is the sealed one")

    args = parser.parse_args(argv)
    if args.command == "replay":
        host, _ = build_host(args)
        return replay(sys.stdin, host, sys.stdout)
    if args.command == "play":
        host, loaded = build_host(args)
        log = NightLog.start(loaded) if loaded.key is not None else None
        return play(host, log, sys.stdin, sys.stdout, resume_message(args))
    if args.command == "voice":
        from kiosk.voice.kiosk import run_voice

        host, loaded = build_host(args)
        return run_voice(args, host, loaded, resume_message(args))
    if args.command == "devices":
        from kiosk.voice.audio import describe_devices

        print(describe_devices())
        return 0
    if args.command == "model":
        from kiosk.voice.model import fetch_command as fetch_speech_model

        return fetch_speech_model(args.url, args.dest)
    if args.command == "key":
        from kiosk.keystore import fetch_command, status_command

        return fetch_command() if args.key_command == "fetch" else status_command()
    return 2
