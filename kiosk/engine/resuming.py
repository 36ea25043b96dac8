"""SAVE / RESUME: a save is read only before the first question; its scores are rebuilt from its board and
checked, and the night carries on from it: the picker is asked, or the Candle-End question is read."""

from __future__ import annotations

from kiosk.engine.cells import Tiebreak
from kiosk.engine.endgame import finale, read_tiebreak
from kiosk.engine.errors import ForeignSave, SaveError
from kiosk.engine.facts import Fact, Note, Noted, Part, PickPrompt, SaveRefused, SaveResumed
from kiosk.engine.key import Key
from kiosk.engine.night import End, Night, Phase
from kiosk.engine.save import CandleEndMark, Save, parse_save


def takes_save(night: Night) -> bool:
    """Whether a save may be read now: before the first question, with no cell played."""
    return (
        not night.questions_read
        and night.phase in (Phase.TEAMS, Phase.PICK)
        and not night.board.played_count()
    )


def resume(night: Night, key: Key, text: str) -> list[Fact]:
    if not takes_save(night):
        return [Noted(Note.SAVE_TOO_LATE), Part.PROMPT]
    try:
        save = parse_save(text)
    except ForeignSave as error:
        return [SaveRefused(str(error), foreign=True), Part.PROMPT]
    except SaveError as error:
        return [SaveRefused(str(error), foreign=False), Part.PROMPT]
    night.teams = save.teams
    night.out = set(save.out)
    for letter, slots in save.rows.items():
        night.board.set_row(letter, slots)
    night.picker = save.pick
    night.votes = set()
    if night.picker in night.out:
        night.pass_pick()
    facts: list[Fact] = [SaveResumed(save.turn), Part.SCORES]
    if save.ce is not None:
        night.tied = save.ce.teams
        tiebreak = Tiebreak(save.ce.question)
        night.tiebreaks_read = tiebreak.number - 1
        return [*facts, *read_tiebreak(night, key, tiebreak)]
    night.phase = Phase.PICK
    if not night.playing:
        return [*facts, *finale(night, End.CLOSED)]
    return [*facts, PickPrompt()]


def save_of(night: Night) -> Save:
    """The night between questions as a save (in the Candle-End, with the question to read)."""
    assert night.picker is not None
    ce = CandleEndMark(night.tied, night.open_id or f"TB{night.tiebreaks_read + 1}") if night.tied else None
    return Save(
        turn=night.board.played_count(),
        teams=night.teams,
        out=frozenset(night.out),
        pick=night.picker,
        rows=night.board.rows(),
        ce=ce,
        scores={team: night.score(team) for team in night.teams},
    )
