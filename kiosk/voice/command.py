"""`python -m kiosk voice`: the voice kiosk from the command line, with one clear line (never a traceback)
for a missing model, voice or sound device."""

from __future__ import annotations

import argparse
import logging
from dataclasses import replace
from pathlib import Path

from kiosk.config import Settings
from kiosk.engine.reply import Reply
from kiosk.table import By, Table
from kiosk.voice.asr import ModelMissing, check_model, load_model, supports_grammar
from kiosk.voice.audio import AudioError, Microphone, Output, Source, SpeakerOutput, WavOutput, WavSource
from kiosk.voice.kiosk import TypedMessages, VoiceKiosk
from kiosk.voice.model import default_model_path
from kiosk.voice.tts import Speaker, SpeechError

_LOG = logging.getLogger(__name__)


def _source(args: argparse.Namespace, settings: Settings) -> Source:
    if args.audio_in is not None:
        return WavSource(Path(args.audio_in), realtime=bool(getattr(args, "realtime", False)))
    return Microphone(device=settings.devices.input or None)


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
    announce: str = "",
) -> int:
    """`python -m kiosk voice`: one clear line for a missing model, voice or device, never a traceback.
    `typed` holds messages typed on a screen; `announce` is said after the opening, never shown."""
    output: Output = (
        WavOutput(args.audio_out) if args.audio_out else SpeakerOutput(device=settings.devices.output or None)
    )
    speaker: Speaker | None = None
    model_path = settings.recogniser.model or default_model_path()

    try:
        check_model(model_path)
        output.open()  # early: a sound server takes a moment to start a stream, which the loading hides
        speaker = Speaker(settings.speaker)
        model = load_model(model_path)
        kiosk = VoiceKiosk(
            replace(table, followers=(*table.followers, HearingLogged())),
            model,
            speaker,
            output,
            grammar=supports_grammar(model_path),
            on_listening=lambda: _LOG.info("(listening)"),
            typed=typed,
            announce=announce,
        )
        return kiosk.run(_source(args, settings), resume)
    except (ModelMissing, SpeechError) as error:
        _LOG.error("%s", error)
        return 2
    except AudioError as error:
        _LOG.error("Audio problem: %s", error)
        return 2
    except KeyboardInterrupt:
        return 0
    finally:
        output.close()
        if speaker is not None:
            speaker.close()
