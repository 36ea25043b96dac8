"""One whole night by voice on the simulated line (virtual_line.py): the real kiosk in this process, the
adult beside it, the room between them, and no clock but the line's.

    record, kiosk = play_virtual_night(script, voice, condition, folder)

    python -m testbed.table.virtual_night NIGHT.pickle RECORD.pickle
        the night pickled by scripts/bench_table.py ((script, voice, condition, folder)); its record and the
        kiosk's transcript pickled back. Run with the working folder holding the `kiosk` package to play
        against (this tree, or another version's copy) and this tree on PYTHONPATH.
"""

from __future__ import annotations

import inspect
import logging
import os
import pickle
import sys
import threading
from pathlib import Path
from typing import TextIO, cast

from kiosk import cli, settings_flags
from kiosk.commands import voice as voice_command
from kiosk.voice.hearing.listening import Recognizers
from kiosk.voice.sound.asr import load_model, supports_grammar
from kiosk.voice.stack import VoiceParts, model_path, speaker_for
from testbed.room_acoustics import Source, impulse_response

from . import Condition, bed_seed, night_record, play_adult, room_noise
from .echo import SPEAKER_GAIN
from .kiosk_process import MODEL
from .nights import NightScript
from .records import NightRecord
from .room import bed_loop
from .virtual_line import Acts, Microphone, Screen, Speaker, VirtualKiosk, VirtualLine
from .voices import Voice

KIOSK_RATE = 150
"""The kiosk's speaking rate, as the process-played bench gives it (kiosk_process.KioskProcess)."""
OPENING_SECONDS = 120.0
QUESTION_SECONDS = 360.0
"""A night is stuck past OPENING_SECONDS and this much a question on the line's clock, which counts the
kiosk's own speech (the board, each question, each read-back): a question in babble takes about four
minutes with its fixes."""


def play_virtual_night(
    script: NightScript,
    voice: Voice,
    condition: Condition,
    folder: Path,
    *,
    night_seconds: float | None = None,
) -> tuple[NightRecord, VirtualKiosk]:
    """The night played; its record, and the kiosk as the table met it (its transcript). `night_seconds`
    on the line's clock makes it stuck (by default, by its questions)."""
    if night_seconds is None:
        night_seconds = OPENING_SECONDS + QUESTION_SECONDS * len(script.questions)
    folder.mkdir(parents=True, exist_ok=True)
    held_out = voice.held_out
    spec = condition.room_for(held_out)
    echo = impulse_response(spec, Source.KIOSK) * SPEAKER_GAIN if spec is not None else None
    line = VirtualLine(
        bed_loop(room_noise(condition, held_out), condition.snr_db, bed_seed(script, voice)), echo
    )
    record = night_record(script, voice, condition)
    kiosk = VirtualKiosk(line)
    running = threading.Thread(target=_kiosk_night, args=(line, script, folder), name="kiosk", daemon=True)
    running.start()
    try:
        play_adult(script, voice, condition, kiosk, kiosk.say, record, night_seconds)
    finally:
        line.table_finished()
        running.join(timeout=60)
    kiosk.block(0.0)  # whatever the kiosk printed last, into the transcript
    return record, kiosk


def _kiosk_night(line: VirtualLine, script: NightScript, folder: Path) -> None:
    """`python -m kiosk voice` as the process-played bench runs it, its devices and terminal on the line."""
    screen = Screen(line)
    handler = screen.handler()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        os.environ["SNAP_APPLE_HOME"] = str(folder / "home")
        argv = ["voice", "--model", str(MODEL), "--rate", str(KIOSK_RATE), "--log-level", "debug"]
        if script.save:
            (folder / "save.txt").write_text(script.save + "\n")
            argv += ["--save", str(folder / "save.txt")]
        args = cli.parser().parse_args(argv)
        settings = settings_flags.settings_for(args)
        path = model_path(settings)
        parts = VoiceParts(
            Microphone(line),
            Recognizers(load_model(path), grammar=supports_grammar(path)),
            speaker_for(settings),
            Speaker(line),
            clock=line.now,
        )
        voice_command.run(args, parts=parts, printout=cast(TextIO, screen), acts=cast(TextIO, Acts(line)))
    except BaseException as error:  # the table is told the kiosk stopped, with why, never left waiting
        line.print(f"ERROR testbed.kiosk: the kiosk stopped: {error!r}")
    finally:
        root.removeHandler(handler)
        line.kiosk_finished()


def main(night: Path, out: Path) -> int:
    if "acts" not in inspect.signature(voice_command.run).parameters:
        print(
            "This kiosk writes no acts (its voice command takes no `acts`), and the simulated table reads what "
            "the kiosk says from its acts: play a kiosk from the commit that added them, or later",
            file=sys.stderr,
        )
        return 2
    script, voice, condition, folder = pickle.loads(night.read_bytes())
    record, kiosk = play_virtual_night(script, voice, condition, folder)
    out.write_bytes(pickle.dumps((record, kiosk.transcript)))
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2])))
