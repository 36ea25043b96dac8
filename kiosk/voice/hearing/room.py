"""How loud the room is: the reader's voice against the sound under it, heard on every utterance; a loud
room is asked more carefully (decision 0010). An utterance's margin is its loudest frames over its
quietest, which carry the room's talk or music, or in a quiet room only the microphone's hiss."""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass, field

import numpy as np

from kiosk.voice.hearing.reader import frame_powers, voiced_level
from kiosk.voice.tuning import TUNING

_LOG = logging.getLogger(__name__)


def margin(pcm: bytes) -> float | None:
    """How far, in dB, an utterance's loudest frames stand above its quietest; None for too little audio."""
    power = frame_powers(pcm)
    if power is None:
        return None
    return voiced_level(power) - float(
        10 * np.log10(np.percentile(power, TUNING.room.quiet_percentile) + 1.0)
    )


@dataclass
class RoomLevel:
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
        """The median recent margin is under TUNING.room.loud_margin_db; a room not heard yet is quiet."""
        return bool(self.recent) and float(np.median(list(self.recent))) < TUNING.room.loud_margin_db
