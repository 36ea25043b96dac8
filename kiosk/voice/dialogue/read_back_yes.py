"""The read-back's yes, which locks the answers: the yes a loud room asks for, and the yeses asked about
before the kiosk rules (decisions 0011, 0018)."""

from __future__ import annotations

import math

from kiosk.engine.commands import is_yes
from kiosk.engine.teams import Team
from kiosk.engine.text import words_of
from kiosk.voice.dialogue.policy import Reading, Reply
from kiosk.voice.dialogue.yes_or_no import SURE_YES
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance

LONGEST_YES = 2
"""Words in the longest yes of the read-back ("that's right")."""


def yes_over_a_spelling(heard: Utterance, letters: Utterance | None) -> bool:
    """The read-back list heard a yes where the letters list heard a spelling longer than any yes."""
    if letters is None or not _said_yes(heard):
        return False
    return len(letters.words) > LONGEST_YES


def yes_under_a_spelling(names: Utterance | None) -> Utterance | None:
    """The reader's yes, doubted, where the name list heard nothing but a yes in what the read-back lists took
    for a spelling with no team: a reverberant "yes" is heard as letters ("ee s"), and asking whose they were
    would go round again at every yes."""
    if names is None or names.unknown or not names.words or not is_yes(names.text.replace("'", "")):
        return None
    return Utterance(names.text, names.words, doubted_yes=True)


def yes_and_a_word(heard: Utterance) -> Utterance:
    """SURE_YES and one word after it, the yes: its wait for a speller's pause (TUNING.hangovers.loud_yes)
    lets the room add a word. A spelling begun as if with a yes goes on past one word."""
    words = heard.text.split()
    if len(words) != LONGEST_YES + 1 or " ".join(words[:LONGEST_YES]) != SURE_YES:
        return heard
    return Utterance(SURE_YES, heard.words[:LONGEST_YES], unknown=heard.unknown)


def read_back_reading(heard: Utterance, way: Listening, loud: bool) -> Reading | None:
    """A yes to the read-back (or to a team's, in a loud room's checking) as the policy reads it, or None."""
    if not heard.doubted_yes and not (way.reading_back and _said_yes(heard)):
        return None
    return locking_yes(heard, loud)


def locking_yes(heard: Utterance, loud: bool) -> Reading:
    """`heard`, a yes that locks answers, as the policy reads it: contradicted when the letters list heard a
    spelling (understanding.py) or its words began before the kiosk listened; unsure when plain in a loud
    room, where only SURE_YES is sure (decision 0011)."""
    plain = loud and words_of(heard.text) != words_of(SURE_YES)
    contradicted = heard.doubted_yes or heard.under_way
    return Reading(Reply.YES, confidence=0.0 if plain else math.inf, contradicted=contradicted)


def _said_yes(heard: Utterance) -> bool:
    """A yes the engine reads, after a team's name too, lest answering.py drop the name and pass it on."""
    words = heard.text.replace("'", "").split()
    named = len(words) > 1 and Team.from_name(words[0]) is not None
    return is_yes(" ".join(words[1:] if named else words))
