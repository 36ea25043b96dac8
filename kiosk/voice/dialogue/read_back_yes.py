"""The read-back's yes: the one the kiosk asks for in a loud room, and the yeses it asks about before it
rules, since a yes locks the answers (a spelling heard as a short yes, words begun before the kiosk
listened, a plain yes in a loud room, a word of the room's talk after one)."""

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
    """The read-back list heard a yes where the letters list heard more words than any yes has: a long
    spelling in party noise, heard by the read-back list as its likeliest short phrase ("E for echo, C for
    charlie, ..." as "okay"). A yes locks the answers, so the kiosk asks rather than rule."""
    if letters is None or not _said_yes(heard):
        return False
    return len(letters.words) > LONGEST_YES


def yes_and_a_word(heard: Utterance) -> Utterance:
    """In a loud room the read-back's yes waits out a speller's pause (TUNING.hangovers.loud_yes), and the
    room's talk may add a word to it: "that's right lima", twice in one babble night, and the night stuck on
    "Sorry, I didn't catch that". SURE_YES and one word after it are the yes; a spelling begun as if with a
    yes ("Ghosts. Foxtrot. Alpha." heard as "that's right foxtrot alpha") goes on past one word."""
    words = heard.text.split()
    if len(words) != LONGEST_YES + 1 or " ".join(words[:LONGEST_YES]) != SURE_YES:
        return heard
    return Utterance(SURE_YES, heard.words[:LONGEST_YES], unknown=heard.unknown)


def read_back_reading(heard: Utterance, way: Listening, loud: bool) -> Reading | None:
    """A yes to the read-back (or to one team's answer in a loud room's), as the policy reads it; None for
    any other words. Contradicted: a spelling the letters list heard (understanding.py), or words begun
    before the kiosk listened, the rest of a longer line its reply cut off (in party babble, a spelling cut
    at a stall, its "india, tango" heard as "that's right"). Sure: any yes in a quiet room; in a loud one,
    where the kiosk asks for SURE_YES, that one only: over the simulated table's loud read-backs, 2 of 9
    one-word yeses were a spelling heard so ("Bats. Oscar. Whiskey. Lima." as "yeah"), and none of 134
    "that's right"."""
    if not heard.doubted_yes and not (way.reading_back and _said_yes(heard)):
        return None
    return locking_yes(heard, loud)


def locking_yes(heard: Utterance, loud: bool) -> Reading:
    """`heard`, a yes that locks answers (the read-back's, or one team's in a loud room's checking), as the
    policy reads it: contradicted when the letters list heard a spelling or its words began before the
    kiosk listened; unsure when plain in a loud room."""
    plain = loud and words_of(heard.text) != words_of(SURE_YES)
    contradicted = heard.doubted_yes or heard.under_way
    return Reading(Reply.YES, confidence=0.0 if plain else math.inf, contradicted=contradicted)


def _said_yes(heard: Utterance) -> bool:
    """The words are a yes the engine reads ("that's right" as the engine writes it, "thats right"), after
    a team's name too: a name of no team at the table is dropped as misheard (answering.py), and "owls
    right" in babble was taken as the read-back's yes, unasked."""
    words = heard.text.replace("'", "").split()
    named = len(words) > 1 and Team.from_name(words[0]) is not None
    return is_yes(" ".join(words[1:] if named else words))
