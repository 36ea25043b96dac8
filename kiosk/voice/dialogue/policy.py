"""What a misheard reply costs, and how sure the kiosk must be before it acts on one: one table for the
questions the kiosk confirms, and one reading of a yes or a no for all of them (decision 0018).

    read(heard, loud)           a reply to a confirming question: yes, no or neither, and one confidence
    decide(slot, reading, n)    what the kiosk does with it: take it, ask whether it was a yes, or ask again

A yes that cannot be undone (a cell read, a night begun, a team sent out) is taken only when the kiosk is
sure of it; an unsure one is asked about once ("Was that a yes?"), and a second yes is taken: two readings
agreeing. A no is taken, since it undoes nothing, except where the no itself cannot be undone (a save from
elsewhere left aside): there an unsure no is asked about once too. The cost of a wrong act chooses the rung
of the confirmation ladder, not the place in the code.

A yes is sure by the n-best margin of its likeliest reading over the likeliest meaning something else; in a
loud room only yes_or_no.SURE_YES is (decision 0011). A contradicted yes is asked about every time it comes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final

from kiosk.voice.dialogue.doubt import likely_alternatives
from kiosk.voice.dialogue.yes_or_no import NO, SURE_YES, YES, refuses
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING


class Cost(Enum):
    """What acting on a misheard yes costs."""

    IRREVERSIBLE = "irreversible"
    """Cannot be taken back: an unsure yes is asked about before it is taken."""
    FIXABLE = "fixable"
    """Put right by the next words: an unsure yes is taken."""


class Slot(Enum):
    """A question the kiosk asks the reader to confirm with a yes or a no."""

    PICK = "a pick said back or offered"
    COUNT = "the team count said back or offered"
    LEAVING = "a team leaving the night"
    WHOSE = "whose answer it was"
    READ_BACK = "the answers read back"
    TEAM_CHECK = "one team's answer, in a loud room's read-back"
    VOTE = "a team's yes to end the night"
    SAVE = "a save from elsewhere, to carry on from"


class Reply(Enum):
    YES = "yes"
    NO = "no"
    NEITHER = "neither"


class Act(Enum):
    """What the kiosk does with a reply to a confirming question."""

    TAKE = "take"
    """The yes is acted on."""
    REFUSED = "refused"
    """A no: the kiosk asks what was meant instead."""
    ASK_IF_YES = "ask if yes"
    """An unsure yes to what cannot be undone: "Was that a yes?"."""
    ASK_IF_NO = "ask if no"
    """An unsure no where the no cannot be undone: "Was that a no?"."""
    NOT_HEARD = "not heard"
    """Neither a yes nor a no: the question is asked again."""


@dataclass(frozen=True)
class Row:
    slot: Slot
    cost: Cost
    asks_if_yes: int
    """Unsure yeses asked about before the next one is taken."""
    asks_if_no: int = 0
    """Unsure noes asked about before the next one is taken: a no costs nothing in every row but one."""
    sure_at: float = TUNING.confirming.margin
    """The confidence (score points, as Reading's) at which a yes, or a costly no, is sure."""


POLICY: Final = MappingProxyType(
    {
        row.slot: row
        for row in (
            Row(Slot.PICK, Cost.IRREVERSIBLE, asks_if_yes=1),  # a cell read is never un-picked
            Row(Slot.COUNT, Cost.IRREVERSIBLE, asks_if_yes=1),  # the night begins with its teams
            Row(Slot.LEAVING, Cost.IRREVERSIBLE, asks_if_yes=1),  # a team out loses its answer
            Row(Slot.WHOSE, Cost.FIXABLE, asks_if_yes=0),  # the read-back puts a team's words right
            Row(Slot.READ_BACK, Cost.IRREVERSIBLE, asks_if_yes=1),  # a yes locks the answers and rules
            Row(Slot.TEAM_CHECK, Cost.IRREVERSIBLE, asks_if_yes=1),  # every team's yes is the read-back's
            Row(Slot.VOTE, Cost.IRREVERSIBLE, asks_if_yes=1),  # the last team's yes ends the night
            # Either way: the saved night replaces the one begun, or is left and not offered again.
            Row(Slot.SAVE, Cost.IRREVERSIBLE, asks_if_yes=1, asks_if_no=1),
        )
    }
)

WEAK_YES: Final = "right"
"""A loud room's yes only with another yes about as likely beside it: noise passes for it (decision 0011)."""


@dataclass(frozen=True)
class Reading:
    """A reply to a confirming question, as the kiosk understands it."""

    reply: Reply
    confidence: float
    """Score points by which the likeliest reading stands above the likeliest meaning something else
    (infinite with none or no scores); 0 where the room says the words are not to be trusted alone."""
    contradicted: bool = False
    """Something besides its readings says it was no reply (a spelling heard, words begun before the kiosk
    listened): asked about every time, since the same words again are no second reading agreeing."""


def read(heard: Utterance, loud: bool, near: float = TUNING.confirming.margin) -> Reading:
    """The yes, no or neither of `heard`, and how sure; `near`: the score gap that counts as beside."""
    readings = _scored(heard)
    meant = _meaning(heard.text)
    if loud and heard.text == WEAK_YES:
        beside = any(
            text != WEAK_YES and _leaning(text) is Reply.YES for text in likely_alternatives(heard, near)
        )
        return Reading(Reply.YES if beside else Reply.NEITHER, confidence=0.0)
    plain = loud and meant is Reply.YES and heard.text != SURE_YES
    return Reading(meant, confidence=0.0 if plain else _margin(readings, meant))


def decide(slot: Slot, reading: Reading, asked: int) -> Act:
    """What the kiosk does with `reading`; `asked`: unsure replies asked about since the question was put."""
    if reading.reply is Reply.NEITHER:
        return Act.NOT_HEARD
    row = POLICY[slot]
    if reading.reply is Reply.NO:
        unsure = reading.confidence < row.sure_at and asked < row.asks_if_no
        return Act.ASK_IF_NO if unsure else Act.REFUSED
    if reading.contradicted:
        return Act.ASK_IF_YES
    sure = reading.confidence >= row.sure_at
    if sure or row.cost is Cost.FIXABLE or asked >= row.asks_if_yes:
        return Act.TAKE
    return Act.ASK_IF_YES


def _meaning(text: str) -> Reply:
    if text in YES:
        return Reply.YES
    if refuses(text):
        return Reply.NO
    return Reply.NEITHER


def _scored(heard: Utterance) -> tuple[tuple[str, float], ...]:
    """Each reading with its score, likeliest first; none without n-best scores."""
    return tuple(zip((heard.text, *heard.alternatives), heard.scores, strict=False))


def _leaning(text: str) -> Reply:
    """What a reading beside the likeliest leans to: a closed list pads a short reply with a word ("see yes"),
    which is no other meaning (decision 0018)."""
    words = text.split()
    yes = text == WEAK_YES or SURE_YES in text or any(word in YES - {WEAK_YES} for word in words)
    no = any(word in NO for word in words)
    if yes != no:
        return Reply.YES if yes else Reply.NO
    return Reply.NEITHER


def _margin(readings: tuple[tuple[str, float], ...], meant: Reply) -> float:
    if not readings:
        return math.inf
    rivals = [score for text, score in readings[1:] if _leaning(text) is not meant]
    return readings[0][1] - max(rivals) if rivals else math.inf
