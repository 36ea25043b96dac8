"""A team name the name list alone heard at an answer's start, doubted when the list's other readings lead
with another team's: an answer given to a wrong team is ruled on silently (decision 0017).
"""

from __future__ import annotations

from kiosk.engine.teams import Team
from kiosk.voice.parts import Hears
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING


def rival_name(labelled: Utterance, heard: Utterance, names: Hears | None, audio: bytes) -> bool:
    """True when `labelled` leads with a team name the open vocabulary did not hear (`heard`), and one of
    the name list's TUNING.readings.names readings of `audio` leads with another team's."""
    said = labelled.text.split()
    first = heard.text.split()
    if names is None or not said or (first and first[0] == said[0]):
        return False
    taken = Team.from_name(said[0])
    if taken is None:
        return False
    for reading in names.readings_of(audio, TUNING.readings.names):
        words = reading.text.split()
        other = Team.from_name(words[0]) if words else None
        if other is not None and other is not taken:
            return True
    return False
