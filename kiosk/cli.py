"""Command line: `python -m kiosk play | replay | voice | nights | verify | devices | model | key`.

No traceback reaches a player: storage faults, bad bytes, a closed screen and the signals that stop a kiosk
(Ctrl-C, SIGTERM, SIGHUP) each end in one line, and the night's journal is kept for `--resume`.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import signal
import sys
from collections.abc import Iterable
from pathlib import Path
from types import FrameType
from typing import Any, TextIO

from kiosk import config, keys, logs
from kiosk.appliance.serve import add_arguments as add_serve_arguments
from kiosk.appliance.serve import serve
from kiosk.checkaudio import add_arguments as add_check_audio_arguments
from kiosk.checkaudio import check_audio
from kiosk.engine.host import Host
from kiosk.engine.reply import Reply
from kiosk.engine.save import holds_save
from kiosk.install import add_arguments as add_install_arguments
from kiosk.install import install
from kiosk.records.keeping import Refused, Started, begin, read_save_file, resume
from kiosk.records.nights import nights_command
from kiosk.screen import add_screen_option, screen_from_args
from kiosk.table import By, KeptNight, Lines, Table, Terminal

_LOG = logging.getLogger(__name__)

MAX_SAVE_LINES = 20
"""A save block is 13 lines; a paste is read as one message up to its END line, or this many lines."""


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP: the kiosk is being stopped; end as cleanly as on Ctrl-C."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


def _add_key_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--key", type=Path, metavar="FILE", help="play on this reveal file")
    group.add_argument(
        "--sealed", action="store_true", help="play the real night on the sealed key kept on this device"
    )


def _add_carry_on_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--resume",
        nargs="?",
        const="",
        metavar="NIGHT",
        help="carry on the night kept when the kiosk stopped (or a night `nights` lists), on its own key",
    )
    group.add_argument("--save", type=Path, metavar="FILE", help="carry on from a save block kept in a file")


def _load(args: argparse.Namespace) -> keys.LoadedKey:
    if args.sealed:
        from kiosk.keystore import load_for_night

        return load_for_night(progress=_LOG.info)
    if args.key is not None:
        return keys.load_file(args.key)
    return keys.load_practice()


def _explicit_key(args: argparse.Namespace) -> keys.LoadedKey | None:
    return _load(args) if args.sealed or args.key is not None else None


def build_host(args: argparse.Namespace) -> tuple[Host, keys.LoadedKey]:
    loaded = _load(args)
    if loaded.problem:
        _LOG.warning("key: %s", loaded.problem)
    return Host(loaded.key, source=loaded.source, voice=getattr(args, "voice", False)), loaded


def replay(messages: Iterable[str], host: Host, out: TextIO) -> int:
    """JSON Lines in ({"say": ...}), JSON Lines out ({"reply": ...}): the opening, then one reply per line."""

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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m kiosk", description="Snap-Apple Night, a Halloween trivia kiosk."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--log-level",
        type=str.lower,
        choices=logs.LEVELS,
        help="how much goes to the log on standard error (default: the settings file's log_level, else info)",
    )

    def add_parser(name: str, **kwargs: Any) -> argparse.ArgumentParser:
        return commands.add_parser(name, parents=[common], **kwargs)

    play_parser = add_parser("play", help="play a night at a terminal, typing")
    _add_key_options(play_parser)
    play_parser.add_argument("--voice", action="store_true", help="take each line as a spoken utterance")
    _add_carry_on_options(play_parser)
    add_screen_option(play_parser)
    config.add_arguments(play_parser)

    replay_parser = add_parser("replay", help="JSON Lines of table messages in, host replies out")
    _add_key_options(replay_parser)
    replay_parser.add_argument("--voice", action="store_true", help="the table plays by voice from the start")

    voice_parser = add_parser("voice", help="the hands-free kiosk: microphone, recogniser, speaker")
    _add_key_options(voice_parser)
    voice_parser.add_argument("--audio-in", type=Path, metavar="WAV", help="hear a recorded table instead")
    voice_parser.add_argument(
        "--audio-out", type=Path, metavar="WAV", help="write the host's speech to a file"
    )
    voice_parser.add_argument("--input", help="microphone: sounddevice device name or index")
    voice_parser.add_argument("--output", help="speaker: sounddevice device name or index")
    voice_parser.add_argument("--device", help="one device for both microphone and speaker (name or index)")
    voice_parser.add_argument("--model", type=Path, help="Vosk model folder (default: models/…)")
    config.add_voice_arguments(voice_parser)
    _add_carry_on_options(voice_parser)
    add_screen_option(voice_parser)
    config.add_arguments(voice_parser)

    serve_parser = add_parser("serve", help="the party appliance: ready at power-on, night after night")
    _add_key_options(serve_parser)
    add_serve_arguments(serve_parser)
    add_check_audio_arguments(add_parser("check-audio", help="check the microphone and speaker"))
    add_install_arguments(add_parser("install", help="set this Pi up to start the kiosk at power-on"))

    nights_parser = add_parser("nights", help="list the nights kept on this device, or remove some")
    nights_commands = nights_parser.add_subparsers(dest="nights_command")
    remove_parser = nights_commands.add_parser("remove", help="remove kept nights by name")
    remove_parser.add_argument("names", nargs="+", metavar="NIGHT")

    verify_parser = add_parser("verify", help="check that a kept night's replies follow from its key")
    verify_parser.add_argument(
        "journal", metavar="NIGHT", help="a journal's path, or a night's name as `nights` lists it"
    )
    verify_parser.add_argument(
        "--key",
        type=Path,
        metavar="FILE",
        help="the revealed key (default: the practice or kept sealed key the night names)",
    )

    add_parser("devices", help="list audio devices")

    model_parser = add_parser("model", help="the speech recognition model")
    model_commands = model_parser.add_subparsers(dest="model_command", required=True)
    fetch_model = model_commands.add_parser("fetch", help="download the small English Vosk model")
    fetch_model.add_argument("--url", help="download from here instead (a mirror)")
    fetch_model.add_argument("--dest", type=Path, help="models folder (default: models/)")

    key_parser = add_parser("key", help="the sealed key, kept on this device for an offline party")
    key_commands = key_parser.add_subparsers(dest="key_command", required=True)
    key_commands.add_parser("fetch", help="download the sealed key from its one home and keep it")
    key_commands.add_parser("status", help="say whether a key is kept, and whether it is the sealed one")
    return parser


def _notice(line: str) -> None:
    """A one-line notice from the night's records (kept aside, not kept, carrying on): for whoever runs it."""
    _LOG.warning(line)


def start(args: argparse.Namespace, voice: bool) -> Started:
    """Begin a night, or carry one on (--resume); Refused says in one line why the kiosk will not start."""
    if args.resume is not None:
        return resume(args.resume, _explicit_key(args), voice=voice, notice=_notice, command=args.command)
    loaded = _load(args)
    if loaded.problem:
        _notice(f"key: {loaded.problem}")
    return begin(loaded, voice=voice, notice=_notice, command=args.command)


def _night(args: argparse.Namespace) -> int:
    """`play` or `voice`: a night kept in its journal, stopped cleanly by any signal that ends a kiosk."""
    for stop in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(stop, _stop)
    voice = args.command == "voice" or args.voice
    settings = config.settings_for(args)
    if args.command == "voice":
        try:
            from kiosk.voice.command import run_voice
        except ImportError as error:
            _notice(
                f"The voice kiosk needs its speech packages ({error.name} is missing): scripts/setup.sh --voice"
            )
            return 2
    screen = screen_from_args(args)  # before the night's journal opens: a taken port changes nothing
    try:
        save_text = read_save_file(args.save) if args.save else None
        started = start(args, voice)
    except Refused as error:
        _LOG.error("%s", error)
        if screen is not None:
            screen.stop()
        return 2
    # The screen follows the night: each reply once it is journalled, the page moving on once it is shown
    # (by voice, once said).
    night = KeptNight(started.host, started.keeper, started.first)
    table = Table(night, (screen,) if screen is not None else ())
    try:
        if args.command == "play":
            lines: Lines = Terminal(sys.stdin) if screen is None else screen.typed_lines(sys.stdin)
            return play(table, night, lines, sys.stdout, save_text)
        try:
            code = run_voice(
                args,
                settings,
                table,
                save_text,
                typed=None if screen is None else screen.typed_messages(),
                announce="" if screen is None else screen.spoken_pin(),
            )
        except KeyboardInterrupt:  # stopped while the model loads: the night is as kept
            code = 0
        if started.keeper.messages:
            _notice(started.keeper.farewell())
        return code
    except BrokenPipeError:
        _quiet_stdout()
        _notice(f"The output was closed, so the kiosk stopped. {started.keeper.farewell()}")
        return 1
    finally:
        started.keeper.close()
        if screen is not None:
            screen.stop()


def _tolerant_streams() -> None:
    """Bytes that are not UTF-8 on any stream are read and written as replacement characters."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")


def _command(args: argparse.Namespace) -> int:
    if args.command == "replay":
        host, _ = build_host(args)
        return replay(sys.stdin, host, sys.stdout)
    if args.command in ("play", "voice"):
        args.voice = getattr(args, "voice", False)
        return _night(args)
    if args.command == "nights":
        return nights_command(args.names if args.nights_command == "remove" else None, sys.stdout)
    if args.command == "verify":
        from kiosk.records.verify import verify

        return verify(args.journal, args.key, sys.stdout)
    if args.command == "serve":
        return serve(args)
    if args.command == "check-audio":
        return check_audio(args)
    if args.command == "install":
        return install(args)
    if args.command == "devices":
        from kiosk.voice.devices import describe

        text, code = describe()
        print(text)
        return code
    if args.command == "model":
        from kiosk.voice.model import fetch_command as fetch_speech_model

        return fetch_speech_model(args.url, args.dest)
    if args.command == "key":
        from kiosk.keystore import fetch_command, status_command

        return fetch_command() if args.key_command == "fetch" else status_command()
    return 2


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    _tolerant_streams()
    logs.setup(args.log_level)
    try:
        return _command(args)
    except KeyboardInterrupt:
        return 0
    except BrokenPipeError:
        _quiet_stdout()
        _notice("The output was closed, so the kiosk stopped.")
        return 1


def _quiet_stdout() -> None:
    """The screen's end of the pipe is gone: whatever is still written there goes nowhere, quietly."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
