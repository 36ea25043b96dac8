"""serve by voice: the ready sound, then the voice kiosk driving the session instead of a single night.

Kept thin on purpose: everything about listening and speaking is the voice package's; this module only
builds its parts from the settings and hands it the session.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from kiosk.config import Settings
from kiosk.hints import kiosk_command
from kiosk.records.kept_audio import BesideEachNight
from kiosk.table import Table
from kiosk.voice.command import HearingLogged
from kiosk.voice.kept_hearing import Listened
from kiosk.voice.kiosk import VoiceKiosk
from kiosk.voice.sound.audio import AudioError
from kiosk.voice.sound.tts import Speech
from kiosk.voice.stack import StackError, build

_LOG = logging.getLogger(__name__)

if TYPE_CHECKING:
    from kiosk.screen.screen import Screen

CHIME_RATE = 22_050
"""Hertz."""


def ready_chime() -> Speech:
    """Two rising notes, a fifth apart: heard across a room before the first words. A short silence
    leads, since a sound device just woken can drop its first samples."""
    notes: list[npt.NDArray[np.float64]] = [np.zeros(int(0.25 * CHIME_RATE))]
    for frequency, seconds in ((660.0, 0.16), (990.0, 0.28)):
        t = np.arange(int(seconds * CHIME_RATE)) / CHIME_RATE
        envelope = np.minimum(1.0, t / 0.01) * np.exp(-t * 6)  # a soft attack, a bell-like decay
        notes.append(np.sin(2 * np.pi * frequency * t) * envelope)
    samples = np.concatenate(notes) * 12_000
    return Speech(samples.astype(np.int16), CHIME_RATE)


def serve_by_voice(
    table: Table,
    settings: Settings,
    audio_in: Path | None = None,
    screen: Screen | None = None,
    journal: Callable[[], Path | None] | None = None,
) -> int:
    """Microphone in, speaker out, until the process is stopped (or a recorded table ends). `table` is the
    session and its followers (the table screen); `screen` also gives the voice kiosk what is typed on it.
    A missing microphone or speaker never stops it: it is said in the log and on the screen, the table
    types on the screen meanwhile, and the kiosk listens and speaks as soon as the device is there. With
    the keep_audio setting, what each night heard is kept beside its `journal` (the night in play's)."""

    def tell(line: str) -> None:
        _LOG.warning(line)
        if screen is not None:
            screen.asking(line)  # captioned as the kiosk's own words, beside the night's

    try:
        parts = build(settings, audio_in=audio_in, patient=tell, screen=screen is not None)
    except StackError as error:  # no speech model or no voice: nothing to wait for
        _LOG.error("%s", error)
        return 2
    keeping = (
        BesideEachNight(
            journal, _LOG.warning, Listened(settings.recogniser.confirm_picks, keyboard=screen is not None)
        )
        if settings.recogniser.keep_audio and journal is not None
        else None
    )
    kiosk = VoiceKiosk(
        replace(table, followers=(*table.followers, HearingLogged())),
        None,
        parts.speaker,
        parts.output,
        recognizer_set=parts.recognizers,
        confirm_picks=settings.recogniser.confirm_picks,
        on_listening=lambda: _LOG.info("(listening)"),
        typed=None if screen is None else screen.typed_messages(),
        notices=None if screen is None else screen.notices(),
        keeping=keeping,
    )
    try:
        parts.output.play(ready_chime())
        return kiosk.run(parts.source)
    except AudioError as error:  # a recorded table that cannot be read
        _LOG.error("Audio problem: %s. Check the devices with: %s", error, kiosk_command("check-audio"))
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        if keeping is not None:
            keeping.close()
        parts.close()
