"""The yes or no to words the kiosk said back or offered (a pick, a team count, a team leaving, whose words
they were), and how the kiosk asks again when it caught neither."""

from __future__ import annotations

from kiosk.voice.asr import Utterance
from kiosk.voice.doubt import likely_alternatives
from kiosk.voice.read_back_yes import SURE_YES

YES = frozenset(("yes", "right", "correct", "that's right"))
NO = frozenset(("no", "wrong"))
RHYMES_WITH_NIGHT = "right"
"""A yes to a pick said back that, in a loud room, is asked again: over the simulated table's nights a
reader's "yes" was never heard as a lone "right", and "end the night" twice was, reading a cell nobody
picked."""
NO_YES_HEARD = "I didn't catch a yes."
"""Said before words said back are asked about again, for the yes the closed lists hear most surely: on the
tuning voices in babble at 10 dB "that's right" 22 of 24, "yes" 21; held out, 47 and 37 of 48
(docs/decisions/0011-thats-right-as-the-sure-yes.md). The same words are asked for at the read-back (read_back_yes.SURE_YES)."""
QUOTED_SURE_YES = f'"{SURE_YES}"'
"""The yes asked for, in quotes as the read-back asks for it."""


def doubted_yes(heard: Utterance, loud: bool) -> bool:
    """In a loud room, a yes to words said back or offered (a pick, a team count) other than SURE_YES and
    other than a lone "right" (no yes there at all): asked about once before a cell is read or a night
    begun, neither of which is taken back."""
    return loud and heard.text in YES and heard.text != SURE_YES and not lone_right(heard, loud)


def lone_right(heard: Utterance, loud: bool) -> bool:
    """In a loud room, a lone "right" is no yes to words said back (a pick, a team count, a team leaving):
    "end the night" and "four teams" were heard so, and a reader's "yes" never was. Not lone where SURE_YES
    was about as likely a reading (doubt.likely_alternatives): a voice whose "that's" the room drowns
    says "that's right" as "right", the full yes just below it; a plain yes, asked about once. In babble
    one reader's four "that's right"s to a pick said back were each heard so, and the night stuck."""
    return loud and heard.text == RHYMES_WITH_NIGHT and SURE_YES not in likely_alternatives(heard)
