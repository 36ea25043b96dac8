"""A reply heard again alone: in a loud room, the loudest stretch of an utterance, the reader's word without
the room's talk around it (decision 0008). A reply said in more than one breath is heard whole."""

from __future__ import annotations

import logging

from kiosk.engine.commands import is_yes
from kiosk.engine.text import words_of
from kiosk.voice.dialogue.yes_or_no import refuses
from kiosk.voice.hearing.reader import loudest_stretch
from kiosk.voice.parts import Hears
from kiosk.voice.sound.asr import Utterance, told

_LOG = logging.getLogger(__name__)


def heard_alone(heard: Utterance | None, recognizer: Hears, pcm: bytes) -> Utterance | None:
    """A one-word reply taken from its loudest stretch when the list hears a word there (decision 0008)."""
    again = _in_loudest_stretch(recognizer, pcm)
    if again is None or not again.text:
        return heard
    _LOG.debug("heard again in its loudest stretch: %s (first %s)", told(again), told(heard))
    return again


def no_heard_alone(heard: Utterance, recognizer: Hears, pcm: bytes) -> Utterance:
    """Neither yes nor no to a loud read-back: a no if its loudest stretch holds one (decision 0008)."""
    words = words_of(heard.text)
    if is_yes(words) or refuses(words):
        return heard
    again = _in_loudest_stretch(recognizer, pcm)
    if again is None or not refuses(words_of(again.text)):
        return heard
    _LOG.debug("a no in its loudest stretch: %s (first %s)", told(again), told(heard))
    return again


def _in_loudest_stretch(recognizer: Hears, pcm: bytes) -> Utterance | None:
    stretch = loudest_stretch(pcm)
    return recognizer.decode(stretch) if stretch is not None else None
