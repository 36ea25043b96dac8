"""Turn-taking: how long a silence ends what the table is saying, from the words heard so far. A whole phrase
nothing could extend ends soon, an answer gets the full wait, and words that cannot end anything wait
longer, so a reader squinting at the paper is not cut off."""

from __future__ import annotations

from kiosk.engine.commands import is_yes
from kiosk.engine.teams import Team
from kiosk.engine.text import letter_of, letter_words
from kiosk.voice.dialogue.yes_or_no import SURE_NO, SURE_YES
from kiosk.voice.hearing.grammar import COMMANDS, DIGITS, DISPUTES, YES_NO, is_final
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.tuning import TUNING

_CANNOT_END = frozenset(
    ("and", "the", "of", "a", "an", "or", "to", "with", "double", "um", "uh", "er", "erm")
)
"""Words no answer ends on; not "our", "in", "is": the model writes those for unknown words' tails."""

_NOT_IN_A_READ_BACK = frozenset(
    ("pass", "you choose", "voice", "save", "new pin", "pair a phone", "forget the phones")
)
"""Commands meaningless in a read-back: heard there, most likely a spelling's team ("Bats." as "pass")."""
_READ_BACK_FINAL = frozenset((*YES_NO, *DISPUTES, *COMMANDS)) - _NOT_IN_A_READ_BACK
_SPELLING_GOES_ON = frozenset(("as", "in", "for", "capital"))


def hangover(heard_so_far: str, way: Listening, label: str = "", loud: bool = False) -> float:
    """Seconds of silence that end the utterance, from what has been heard of it so far and, for answers, the
    name list's `label` (a lone name: its answer still to come); `loud`: the room is loud."""
    hangovers, words = TUNING.hangovers, heard_so_far.split()
    if way is Listening.WHOSE:
        return hangovers.final if len(words) == 1 and Team.from_name(words[0]) else hangovers.closed
    if way.one_at_a_time or (way.reading_back and heard_so_far == "no"):
        # The no and "that's right" end at once; a lone "no" not: the "no, no" asked for has a pause.
        return hangovers.final if heard_so_far in (SURE_NO, SURE_YES) else hangovers.closed
    if way is Listening.ANSWERS and len(words) <= 1 and Team.from_name(label):
        # A team's name, its answer to come; one open word at most, as the list's partial can lag its [unk].
        return hangovers.unfinished
    if way.reading_back and heard_so_far in _READ_BACK_FINAL:
        if loud and is_yes(heard_so_far.replace("'", "")):
            return hangovers.loud_yes  # the yes locks the answers: a spelling's start must not pass for one
        return hangovers.final  # not a letter: a spelling goes on
    if way.reading_back and len(words) <= 1:
        # A spelling's first word is its team's name, which the list may mishear: the pause after is no end.
        return hangovers.unfinished
    if not words:
        return hangovers.answer if way is Listening.ANSWERS else hangovers.closed
    if words[-1] in _CANNOT_END:
        return hangovers.unfinished
    if way is not Listening.BETWEEN_QUESTIONS and len(words) == 1 and Team.from_name(words[0]):
        return hangovers.unfinished
    if (
        way is Listening.BETWEEN_QUESTIONS
        and words[-1] == "yes"
        and len(words) >= 2
        and Team.from_name(words[-2])
    ):
        return hangovers.vote
    if way is Listening.BETWEEN_QUESTIONS and is_final(heard_so_far, way.phrases or ()):
        return hangovers.final
    if way is Listening.READ_BACK and (letter_of(letter_words(words)[-1]) or words[-1] in _SPELLING_GOES_ON):
        return hangovers.unfinished  # a speller pauses between letters, and a fix must be heard whole
    if way is Listening.YEARS_READ_BACK and words[-1] in DIGITS:
        return hangovers.unfinished  # and between a year's digits
    if way is Listening.BETWEEN_QUESTIONS:
        return hangovers.closed
    return hangovers.answer
