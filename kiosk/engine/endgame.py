"""SCORING & ENDGAME and THE CANDLE-END: after the 25th ruling or a confirmed "end the night".

A played night with two or more playing teams level at the top goes to the Candle-End: TB1 to the tied
teams, years collected like answers, closest wins (any year beats no year); still level, TB2 the same way;
still level after TB2, they share. A closed night ends as it stands.
"""

from __future__ import annotations

from kiosk.engine.cells import Tiebreak
from kiosk.engine.facts import (
    Fact,
    NightEnded,
    Part,
    StillLevel,
    TiebreakDecided,
    TiebreakRead,
    Why,
    YearGiven,
)
from kiosk.engine.key import Key
from kiosk.engine.night import End, Night, Phase
from kiosk.engine.teams import Team


def endgame(night: Night, key: Key, end: End) -> list[Fact]:
    contenders = night.contenders()
    if end is End.PLAYED and len(contenders) > 1 and all(t not in night.out for t in contenders):
        night.tied = contenders
        return [Part.CANDLE_END, *read_tiebreak(night, key, Tiebreak.TB1)]
    return finale(night, end)


def read_tiebreak(night: Night, key: Key, tiebreak: Tiebreak) -> list[Fact]:
    night.phase = Phase.CANDLE
    night.open = tiebreak
    night.clear_answers()
    night.tiebreaks_read += 1
    night.questions_read += 1
    return [TiebreakRead(night.tied, tiebreak, key.tiebreaks[tiebreak.value].question)]


def decide_tiebreak(night: Night, key: Key) -> list[Fact]:
    """Closest to A wins, over or under alike; any year beats no year."""
    tiebreak = night.open_tiebreak
    assert tiebreak is not None
    entry = key.tiebreaks[tiebreak.value]
    years = []
    for team in night.tied:
        answer = night.answers.get(team)
        years.append(YearGiven.of(team, answer.year if answer else None, entry.year))
    with_year = [given.off for given in years if given.off is not None]
    best = min(with_year) if with_year else None
    level = tuple(given.team for given in years if given.off == best)
    decided = TiebreakDecided(entry.answer, entry.year, tuple(years), entry.source, level)
    night.clear_answers()
    night.tied = level
    if len(level) > 1 and tiebreak is Tiebreak.TB1:
        return [decided, StillLevel(level), *read_tiebreak(night, key, Tiebreak.TB2)]
    if len(level) > 1:
        return [decided, *finale(night, End.PLAYED, Why.STILL_LEVEL, decided)]
    why = Why.CLOSEST if len(with_year) > 1 else Why.ONLY_YEAR
    return [decided, *finale(night, End.PLAYED, why, decided)]


def drop_from_tie(night: Night, team: Team) -> list[Fact] | None:
    """A tied team that goes out leaves the Candle-End; with one team left it has won."""
    if night.phase is not Phase.CANDLE or team not in night.tied:
        return None
    night.tied = tuple(t for t in night.tied if t is not team)
    return finale(night, End.PLAYED, Why.LAST_IN_CANDLE) if len(night.tied) < 2 else None


def finale(
    night: Night, end: End, why: Why | None = None, decided: TiebreakDecided | None = None
) -> list[Fact]:
    """SCORING & ENDGAME 4-7: the night ends; `say` words the totals, the winner, why, and the RESULT line."""
    winners = night.tied or night.contenders()
    if why is None:
        why = _why_by_totals(night, winners)
    night.end = end
    night.open = None
    night.phase = Phase.OVER
    night.votes = set()
    night.tied = ()
    return [NightEnded(end, winners, night.top(), why, decided)]


def _why_by_totals(night: Night, winners: tuple[Team, ...]) -> Why:
    if night.solo:
        return Why.SOLO
    if len(winners) > 1:
        return Why.SHARED_TOTAL
    level = [team for team in night.teams if night.score(team) == night.top()]
    return Why.PLAYING_ABOVE_OUT if len(level) > 1 else Why.TOP_TOTAL
