"""`python -m kiosk voice`: the voice kiosk, with one clear line, never a traceback, for what is missing."""

from __future__ import annotations

import argparse
import logging
import sys
from dataclasses import replace
from typing import TextIO

from kiosk.config import Settings
from kiosk.engine.by import By
from kiosk.engine.reply import Reply
from kiosk.table import Table
from kiosk.voice.heard import TypedMessages
from kiosk.voice.kiosk import VoiceKiosk
from kiosk.voice.parts import KeepsHearing
from kiosk.voice.sound.audio import AudioError
from kiosk.voice.stack import StackError, VoiceParts, build
from kiosk.voice.tuning import TUNING, moved

_LOG = logging.getLogger(__name__)


class HearingLogged:
    """A follower of the night (kiosk.table.Follower) that logs what the kiosk hears as it hears it."""

    def took(self, message: str, by: By) -> None:
        pass

    def hearing(self, words: str) -> None:
        _LOG.info("(hearing) %s", words)

    def asking(self, words: str) -> None:
        pass

    def replied(self, reply: Reply) -> None:
        pass

    def presented(self, reply: Reply) -> None:
        pass


def run_voice(
    args: argparse.Namespace,
    settings: Settings,
    table: Table,
    resume: str | None = None,
    *,
    typed: TypedMessages | None = None,
    notices: TypedMessages | None = None,
    announce: str = "",
    keeping: KeepsHearing | None = None,
    parts: VoiceParts | None = None,
    printout: TextIO | None = None,
    acts: TextIO | None = None,
) -> int:
    """The voice night; `parts` and `printout` replace the devices and the terminal (a simulated table's),
    `announce` is said after the opening, never shown, and `acts` gets each thing said as an act."""
    if moved_settings := moved(TUNING):
        _LOG.info("voice tuning moved from its defaults: %s", ", ".join(moved_settings))
    try:
        parts = parts or build(
            settings,
            audio_in=args.audio_in,
            audio_out=args.audio_out,
            realtime=bool(getattr(args, "realtime", False)),
        )
    except StackError as error:
        _LOG.error("%s", error)
        return 2
    except AudioError as error:
        _LOG.error("Audio problem: %s", error)
        return 2
    try:
        kiosk = VoiceKiosk(
            replace(table, followers=(*table.followers, HearingLogged())),
            None,
            parts.speaker,
            parts.output,
            printout=printout or sys.stdout,
            acts=acts,
            recognizer_set=parts.recognizers,
            confirm_picks=settings.recogniser.confirm_picks,
            on_listening=lambda: _LOG.info("(listening)"),
            typed=typed,
            notices=notices,
            announce=announce,
            keeping=keeping,
            clock=parts.clock,
        )
        return kiosk.run(parts.source, resume)
    except AudioError as error:
        _LOG.error("Audio problem: %s", error)
        return 2
    except KeyboardInterrupt:
        return 0
    finally:
        parts.close()
