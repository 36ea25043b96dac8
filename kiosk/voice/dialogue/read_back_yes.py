"""The read-back's yes: the one the kiosk asks for in a loud room, and the yeses it asks about before it
rules, since a yes locks the answers (a spelling heard as a short yes, words begun before the kiosk
listened, a plain yes in a loud room, a word of the room's talk after one)."""

from __future__ import annotations

from kiosk.engine.commands import is_yes
from kiosk.engine.teams import Team
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance

LONGEST_YES = 2
"""Words in the longest yes of the read-back ("that's right")."""
SURE_YES = "that's right"
"""The yes the read-back lists hear most surely in party noise: asked for in a loud room, and once a yes is
missed (docs/decisions/0011-thats-right-as-the-sure-yes.md, the tuning voices in babble at 10 dB: "that's right" 24 of 24, "okay"
21, "right" 19, "yes" 17, "yeah" 16, "correct" 9; over music every one 24; held out, "that's right" 36 of
48 against 30 for "yes")."""
NOT_SURE_OF_YES = f'Was that a yes? Say "{SURE_YES}", or spell the fix again.'
NOT_SURE_OF_YES_LOUD = f'Was that a yes? Say "{SURE_YES}", or say no.'
"""The same in a loud room, where a no to the read-back has the kiosk ask about each team's answer in turn
(team_by_team.py): in babble a reader's "no" was heard as "yeah", and asked to spell a fix again, the
reader had no fix to spell."""


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


def yes_under_way(heard: Utterance, way: Listening) -> bool:
    """A yes to the read-back whose words were begun before the kiosk listened: the rest of a longer line
    its reply cut off (in party babble, a spelling cut at a stall, its "india, tango" heard as "that's
    right"), not a reply to the read-back. A yes locks the answers, so the kiosk asks."""
    return way.reading_back and heard.under_way and _said_yes(heard)


def plain_yes(heard: Utterance, way: Listening) -> bool:
    """A yes to the read-back other than SURE_YES ("yes", "yeah", "right"): in a loud room, where the kiosk
    asks for "that's right", the kiosk asks about it before it rules. Over the simulated table's loud
    read-backs, 2 of 9 one-word yeses were a spelling heard so ("Bats. Oscar. Whiskey. Lima." as "yeah"),
    and none of 134 "that's right"."""
    return way.reading_back and heard.text != SURE_YES and _said_yes(heard)


def _said_yes(heard: Utterance) -> bool:
    """The words are a yes the engine reads ("that's right" as the engine writes it, "thats right"), after
    a team's name too: a name of no team at the table is dropped as misheard (answering.py), and "owls
    right" in babble was taken as the read-back's yes, unasked."""
    words = heard.text.replace("'", "").split()
    named = len(words) > 1 and Team.from_name(words[0]) is not None
    return is_yes(" ".join(words[1:] if named else words))


def loose_yes(
    heard: Utterance, way: Listening, loud: bool, asked: tuple[str, ...], yes_asked: bool = False
) -> bool:
    """A yes other than the one the kiosk asks for in a loud room (read_back_yes.plain_yes), unless the kiosk
    has asked since the host last replied (`asked`) whether it was one, or has asked in this read-back for
    a plain yes (`yes_asked`): asked once, a reader who says "yes" again means it (flite rms's "that's
    right" was heard as "right", then "see right", then "right" in babble)."""
    return loud and plain_yes(heard, way) and not yes_asked and NOT_SURE_OF_YES_LOUD not in asked
