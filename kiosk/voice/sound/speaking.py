"""The kiosk's words out loud: each sentence rendered while the one before it plays, so no gap is heard."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from queue import Queue

import numpy as np

from kiosk.voice.parts import Renders
from kiosk.voice.sound.audio import Output
from kiosk.voice.sound.tts import Speech, sentences

_LOG = logging.getLogger(__name__)


def speak(speaker: Renders, output: Output, text: str) -> float | None:
    """Say `text` sentence by sentence; time.monotonic() of the first sample played, None if none was."""
    first: float | None = None
    for speech in rendered(speaker, sentences(text)):
        if not len(speech.samples):
            continue
        played = output.play(speech)
        first = played if first is None else first
    return first


def rendered(speaker: Renders, texts: list[str]) -> Iterator[Speech]:
    """Each sentence rendered while the one before plays; one that cannot be rendered comes as no samples."""
    if not texts:
        return
    ready: Queue[Speech] = Queue(maxsize=2)

    def render_all() -> None:
        for text in texts:
            try:
                ready.put(speaker.render(text))
            except Exception as error:  # SpeechError, or anything else: never leave the reader waiting
                _LOG.exception("(speech) %s", error)  # in the log with its cause, never said to the table
                ready.put(Speech(np.zeros(0, dtype=np.int16), 22_050))

    worker = threading.Thread(target=render_all, name="render", daemon=True)
    worker.start()
    for _ in texts:
        yield ready.get()
    worker.join()
