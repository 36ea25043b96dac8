"""Rule 7 and RESOLUTION 2: collecting answers (and Candle-End years) until every team has answered.

A typed collector locks a team's first answer that locks; a voice collector joins a team's pieces in order
while it is the team last named, and keeps even a piece that locks nothing, since more may follow.
"""

from __future__ import annotations

from collections.abc import Sequence

from kiosk.engine.facts import Fact, Note, Noted, Part
from kiosk.engine.key import Key
from kiosk.engine.labels import ALL, Labelled
from kiosk.engine.night import Answer, Night, Phase
from kiosk.engine.phrase import Outcome, extract
from kiosk.engine.ruling import rule_now
from kiosk.engine.spelling import spelled_word
from kiosk.engine.teams import Team
from kiosk.engine.years import parse_year


def lock(night: Night, text: str) -> Answer:
    """Rule 8 a-e on a team's text; in the Candle-End, the year it says (Rule 7, not cut by Rule 8)."""
    phrase = extract(text)
    if night.open_tiebreak is not None:
        return Answer(text, phrase, parse_year(text) if phrase.outcome is Outcome.LOCKED else None)
    return Answer(text, phrase)


def collect(night: Night, key: Key, pieces: Sequence[Labelled]) -> list[Fact]:
    notes: list[Fact] = []
    question_mark = False
    for piece in pieces:
        targets = night.still_to_answer() if piece.who is ALL else [piece.who]
        for team in targets:
            assert isinstance(team, Team)
            question_mark = _give(night, team, piece.text, notes) or question_mark
    if question_mark:
        notes.append(Noted(Note.QUESTION_MARK))
    if not night.still_to_answer():
        return [*notes, *all_answered(night, key)]
    return [*notes, Part.PROMPT]


def _give(night: Night, team: Team, text: str, notes: list[Fact]) -> bool:
    """Take one team's piece. Returns whether it was cut at a question mark."""
    if team not in night.teams:
        notes.append(Noted(Note.NOT_PLAYING, team=team))
        return False
    if team not in night.answering():
        if team in night.out:
            notes.append(Noted(Note.OUT_CANNOT_ANSWER, team=team))
        elif night.open_tiebreak is not None:
            notes.append(
                Noted(Note.NOT_IN_CANDLE_END, team=team, others=night.answering())
            )  # ignored, but never silently
        return False
    collector = _voice_piece if night.voice else _typed_piece
    return collector(night, team, text, notes)


def _typed_piece(night: Night, team: Team, text: str, notes: list[Fact]) -> bool:
    """Typed: the first answer that locks counts, and it stands."""
    if night.locked(team):
        notes.append(Noted(Note.ALREADY_ANSWERED, team=team))
        return False
    answer = lock(night, text)
    if answer.locked:
        night.answers[team] = answer
    return answer.phrase.question_mark


def _voice_piece(night: Night, team: Team, text: str, notes: list[Fact]) -> bool:
    """By voice: the team last named goes on adding pieces in order; a spelled word is that word; a piece
    that locks nothing is kept too, since more may follow, but never holds back a later piece that locks
    on its own."""
    current = night.answers.get(team)
    continuing = night.last_named is team and current is not None
    if current is not None and current.locked and not continuing:
        notes.append(Noted(Note.ALREADY_ANSWERED, team=team))
        return False
    text = spelled_word(text.split()) or text
    answer = lock(night, text)
    if continuing and current is not None:
        joined = lock(night, f"{current.text} {text}".strip())
        # Pieces join in order; but a start that locks nothing ("ghosts or same day", a stall misheard)
        # must not hold every later piece: the first answer that locks counts, so a piece that locks on its
        # own is taken when the pieces joined do not.
        answer = answer if answer.locked and not joined.locked else joined
    night.last_named = team
    night.answers[team] = answer
    return answer.phrase.question_mark


def all_answered(night: Night, key: Key) -> list[Fact]:
    """Every team has answered or passed: by voice, read back first; typed, rule at once."""
    if night.voice:
        night.phase = Phase.CANDLE_READBACK if night.open_tiebreak is not None else Phase.READBACK
        return [Part.READ_BACK]
    return rule_now(night, key)
