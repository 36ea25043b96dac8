"""RESOLUTION 3-5 and Rule 9: rule each answer by Rule 8, write the cell, then what comes next.

Right scores the cell's points; wrong or pass, 0. The ruling says the answer, each team's result and points
with the reason after any NOT form matched, then the source.
"""

from __future__ import annotations

from kiosk.engine.cells import CELLS
from kiosk.engine.endgame import decide_tiebreak, endgame, finale
from kiosk.engine.facts import Fact, NumberMisspelled, PickPrompt, Result, Ruled, Verdict
from kiosk.engine.key import Key
from kiosk.engine.matching import misspelled_number, rule
from kiosk.engine.night import End, Night, Phase
from kiosk.engine.phrase import Outcome
from kiosk.engine.picking import open_cell


def rule_now(night: Night, key: Key) -> list[Fact]:
    """Every team has answered (and, by voice, the read-back was confirmed): rule the open question."""
    if night.open_tiebreak is not None:
        night.phase = Phase.CANDLE
        return decide_tiebreak(night, key)
    return [*rule_cell(night, key), *after_cell(night, key)]


def rule_cell(night: Night, key: Key) -> list[Fact]:
    """Rule the open cell, write its scorers and clear it."""
    cell = night.open_cell
    assert cell is not None
    entry = key.entries[cell.id]
    results = []
    why_wrong: list[Fact] = []
    for team in night.teams:
        answer = night.answers.get(team)
        if answer is None or not answer.locked:
            results.append(Result(team, Verdict.OUT if team in night.out else Verdict.NO_ANSWER))
        elif answer.phrase.outcome is Outcome.PASS:
            results.append(Result(team, Verdict.PASS))
        else:
            verdict = rule(answer.phrase.text, entry)
            if verdict.right:
                results.append(Result(team, Verdict.RIGHT, cell.points))
            else:
                results.append(Result(team, Verdict.WRONG, not_form=verdict.not_form))
                slipped = None if verdict.not_form else misspelled_number(answer.phrase.text, entry)
                why_wrong += [NumberMisspelled(team, *slipped)] if slipped else []
    night.board.play(cell, tuple(result.team for result in results if result.verdict is Verdict.RIGHT))
    night.open = None
    night.clear_answers()
    night.phase = Phase.PICK
    return [Ruled(cell, entry.answer, tuple(results), entry.source), *why_wrong]


def after_cell(night: Night, key: Key) -> list[Fact]:
    """RESOLUTION 5-6: the 25th ruling goes to the endgame; if the next picker named a cell, read it now;
    else ask them (and offer SAVE between questions, Rule 10)."""
    if night.board.played_count() == len(CELLS):
        return endgame(night, key, End.PLAYED)
    if not night.playing:
        return finale(night, End.CLOSED)
    if night.next_pick is not None and night.board.is_free(night.next_pick):
        return open_cell(night, night.next_pick)
    return [PickPrompt(offer_save=True)]
