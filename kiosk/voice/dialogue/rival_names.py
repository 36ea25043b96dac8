"""A team name the name list alone heard at an answer's start, doubted when the list's other readings lead
with another team's name: reverberation smears a name ("Toads" heard as "ghosts" in a 0.8 s room), and an
answer given to the wrong team is ruled on silently. Doubted, the name is not taken, and the kiosk asks whose
the words were, or gives them to the team it called (answering.py). Decision record 0017.
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
