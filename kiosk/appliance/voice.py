"""serve by voice: the ready sound, then the voice kiosk driving the session instead of a single night.

Kept thin on purpose: everything about listening and speaking is the voice package's; this module only
builds its parts from the settings and hands it the session.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from kiosk.appliance import words
from kiosk.appliance.session import Session, Table
from kiosk.appliance.table_screen import screen_words
from kiosk.config import Settings
from kiosk.engine.host import Host
from kiosk.engine.reply import Line, Reply
from kiosk.voice.asr import ModelMissing, load_model, supports_grammar
from kiosk.voice.audio import AudioError, Microphone, Source, SpeakerOutput, WavSource
from kiosk.voice.kiosk import VoiceKiosk
from kiosk.voice.model import default_model_path
from kiosk.voice.tts import Speaker, Speech, SpeechError

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
    session: Session,
    settings: Settings,
    audio_in: Path | None = None,
    screen: Screen | None = None,
    table: Table | None = None,
) -> int:
    """Microphone in, speaker out, until the process is stopped (or a recorded table ends). `table` is the
    session as the screen follows it."""
    model_path = settings.recogniser.model or default_model_path()
    try:
        model = load_model(model_path)
    except ModelMissing as error:
        _LOG.error("%s", error)
        return 2
    except ImportError as error:
        _LOG.error(words.SPEECH_PACKAGES.format(name=error.name))
        return 2
    output = SpeakerOutput(device=settings.devices.output or None)
    try:
        speaker = Speaker(settings.speaker)
    except SpeechError as error:
        _LOG.error("%s", error)
        return 2
    source: Source = WavSource(audio_in) if audio_in else Microphone(device=settings.devices.input or None)
    face: Table = table or session
    if screen is not None:
        face = _ScreenSaid(face, session, screen_words(screen.url, screen.keyboard.pin))
    # The voice kiosk reads only a host's public face (opening, hear, key, listening_for, set_voice), which
    # the session shows.
    kiosk = VoiceKiosk(
        cast(Host, face),
        model,
        speaker,
        output,
        grammar=supports_grammar(model_path),
        on_listening=lambda: _LOG.info("(listening)"),
        on_partial=lambda heard: _hearing(heard, screen),
        on_asking=None if screen is None else screen.asking,
        on_said=None if screen is None else screen.said,
        typed=None if screen is None else screen.typed_messages(),
    )
    try:
        output.open()
        output.play(ready_chime())
        return kiosk.run(source)
    except AudioError as error:
        _LOG.error("Audio problem: %s. Check the devices with: python -m kiosk check-audio", error)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        output.close()
        speaker.close()


def _hearing(heard: str, screen: Screen | None) -> None:
    """The words heard so far: in the log, and as a live caption on the table screen."""
    _LOG.info("(hearing) %s", heard)
    if screen is not None and heard:
        from kiosk.screen.captions import TABLE, Caption

        screen.caption(Caption(TABLE, heard, final=False))


class _ScreenSaid:
    """The table's face by voice, its power-on lines followed by where the screen is and its keyboard PIN.
    Added outside the screen's view of the session: said aloud and logged, never shown on the page, where
    the PIN would unlock the keyboard for anyone who can see it."""

    def __init__(self, face: Table, session: Session, said: str) -> None:
        self._face = face
        self._session = session
        self._said = said

    def opening(self) -> Reply:
        reply = self._face.opening()
        at = self._session.ready_lines
        return replace(reply, lines=(*reply.lines[:at], Line(self._said), *reply.lines[at:]))

    def hear(self, message: str) -> Reply:
        return self._face.hear(message)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._face, name)
