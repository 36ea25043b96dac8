"""How loud the room is: the reader's voice against the sound under it, heard on every utterance.

In a quiet room the small model hears a pick said by name, a team's name before its answer and spelled
letters well enough that asking again costs more than it saves. In party noise it does not: at 10 dB "Wings
and Webs three" was heard as "wings and webs one" and a question read that cannot be taken back, a leading
"Bats" was lost before most answers, and letters said plainly were heard as other letters nearly every time.
So the kiosk measures the room and, when it is loud, asks more carefully (picking.py, answering.py).

The measure is the utterance's margin: the level of its loudest frames (the reader's voice, reader.py's
`voiced_level`) over the level of its quietest (the room between and around the words: each utterance keeps a
second of audio from before the voice began). Party talk and music never fall silent, so the quiet frames
carry them; a quiet room's quiet frames carry only the microphone's hiss.
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from kiosk.voice.hearing.reader import frame_powers, voiced_level
from kiosk.voice.tuning import TUNING

_LOG = logging.getLogger(__name__)


def margin(pcm: bytes) -> float | None:
    """How far, in dB, the loudest frames of an utterance stand above its quietest; None for too little
    audio."""
    power = frame_powers(pcm)
    if power is None:
        return None
    return voiced_level(power) - float(
        10 * np.log10(np.percentile(power, TUNING.room.quiet_percentile) + 1.0)
    )


@dataclass
class RoomLevel:
    """The margins of the table's recent utterances, and whether the room is loud."""

    recent: deque[float] = field(default_factory=lambda: deque(maxlen=TUNING.room.kept))

    def heard(self, pcm: bytes) -> None:
        """Take in an utterance, whoever said it: other voices in the room are the room's sound too."""
        found = margin(pcm)
        if found is None:
            return
        was = self.loud
        self.recent.append(found)
        if self.loud and not was:
            _LOG.info("The room is loud: picks are said back, teams called by name, fixes asked with words.")
        elif was and not self.loud:
            _LOG.info("The room is quiet again.")

    @property
    def loud(self) -> bool:
        """The median recent margin is below TUNING.room.loud_margin_db; a room not heard yet is taken as
        quiet."""
        return bool(self.recent) and float(np.median(list(self.recent))) < TUNING.room.loud_margin_db
