"""The yes or no to words the kiosk said back or offered (a pick, a team count, a team leaving, whose words
they were), and how the kiosk asks again when it caught neither."""

from __future__ import annotations

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
(scripts/measure_yes_words.py). The same words are asked for at the read-back (read_back_yes.SURE_YES)."""
QUOTED_SURE_YES = f'"{SURE_YES}"'
"""The yes asked for, in quotes as the read-back asks for it."""


def doubted_yes(text: str, loud: bool) -> bool:
    """In a loud room, a yes to words said back or offered (a pick, a team count) other than SURE_YES and
    other than a lone "right" (no yes there at all): asked about once before a cell is read or a night
    begun, neither of which is taken back."""
    return loud and text in YES and text != SURE_YES and not lone_right(text, loud)


def lone_right(text: str, loud: bool) -> bool:
    """In a loud room, a lone "right" is no yes to words said back (a pick, a team count, a team leaving):
    "end the night" and "four teams" were heard so, and a reader's "yes" never was."""
    return loud and text == RHYMES_WITH_NIGHT
