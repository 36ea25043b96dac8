"""The words of a ruling, a Candle-End decision and the finale: what was decided, and why the winners won.

Worded from the facts the endgame returned (kiosk.engine.endgame) and the night as it ended; the card's own
lines (the candle line, the RESULT line, the closing words) come from kiosk.cartridge.
"""

from __future__ import annotations

from kiosk import cartridge as card
from kiosk.engine import facts as f
from kiosk.engine.facts import Verdict, Why
from kiosk.engine.key import Key
from kiosk.engine.keysource import KeySource
from kiosk.engine.night import End, Night
from kiosk.engine.said import Finale, Line, lines_of
from kiosk.engine.teams import Team, join_names

# The card's closing line claims the sealed key; a night on another key says so instead.
WHOLE_KEY = {
    KeySource.PRACTICE: "That is the whole practice key. Anything more from me would be my own questions, not "
    "checked or sealed.",
    KeySource.FILE: "That is the whole key file. Anything more from me would be my own questions, not checked or "
    "sealed.",
}
# A night ended early has not used up its key: said so, on any key, after the card's line where it has one.
ENDED_EARLY = "The night was ended early: {unread} of the key's {cells} questions were never read."
NOT_USED_UP = {
    KeySource.PRACTICE: "That is all from the practice key tonight. Anything more from me would be my own "
    "questions, not checked or sealed.",
    KeySource.FILE: "That is all from the key file tonight. Anything more from me would be my own questions, "
    "not checked or sealed.",
}
# The card's epilogue is a web address: at a kiosk with no browser, the table is told where to open it.
EPILOGUE_HERE = "Here, that is a web page to open later on a phone or computer."


def point_count(points: int) -> str:
    """Points with their noun, 1 point or 3 points, in one place: a total of 1 needs the singular too."""
    return f"{points} point" if points == 1 else f"{points} points"


def year_count(years: int) -> str:
    return "1 year" if years == 1 else f"{years} years"


def ruling(ruled: f.Ruled) -> list[str | Line]:
    out: list[str | Line] = [f"The answer: {ruled.answer.rstrip('.')}."]
    for result in ruled.results:
        name = result.team.value
        if result.verdict in (Verdict.OUT, Verdict.NO_ANSWER, Verdict.PASS):
            out.append(f"{name}: {result.verdict.value}, 0 points.")
        elif result.verdict is Verdict.RIGHT:
            out.append(f"{name}: right, {point_count(result.points)}.")
        elif result.not_form is not None:
            reason = result.not_form.reason or "not the answer"
            out.append(f"{name}: wrong, 0 points ({result.not_form.form}: {reason}).")
        else:
            out.append(f"{name}: wrong, 0 points.")
    out.append(f"Source: {ruled.source.rstrip('.')}.")
    return out


def tiebreak_decided(decided: f.TiebreakDecided) -> list[str | Line]:
    """The answer, each tied team's year and how far it is from the answer, then the source."""
    said: list[str | Line] = [f"The answer: {decided.answer.rstrip('.')}."]
    for given in decided.years:
        if given.year is None or given.off is None:
            said.append(f"{given.team.value}: no year.")
        elif given.off == 0:
            said.append(f"{given.team.value}: {given.year}, spot on.")
        else:
            said.append(f"{given.team.value}: {given.year}, {year_count(given.off)} off.")
    said.append(f"Source: {decided.source.rstrip('.')}.")
    return said


def totals(night: Night) -> str:
    """Each team's total, a team that left marked: "Bats 3, Ghosts 2 (out)"."""
    return ", ".join(
        f"{t.value} {night.score(t)}" + (" (out)" if t in night.out else "") for t in night.teams
    )


def why(ended: f.NightEnded, night: Night) -> str | None:
    """Why the winners won, in one sentence; None when the totals alone say it (a solo night)."""
    winners = ended.winners
    names = join_names(winners)
    decided = ended.decided
    if ended.why is Why.TOP_TOTAL:
        return f"{names} scored the most: {point_count(ended.top)}."
    if ended.why is Why.PLAYING_ABOVE_OUT:
        left = [t for t in night.teams if t in night.out and night.score(t) == ended.top]
        return (
            f"{names} and {join_names(left)} have {point_count(ended.top)} each, and a team still playing ranks "
            "above a team that left."
        )
    if ended.why is Why.SHARED_TOTAL:
        if ended.end is End.CLOSED:
            return (
                f"The night was ended early with {names} level on {point_count(ended.top)}, so they share it."
            )
        return f"{names} have {point_count(ended.top)} each and all left early, so they share it."
    if ended.why is Why.CLOSEST and decided is not None:
        winner = _given(decided, winners[0])
        if winner.off == 0:
            return f"{names} were spot on: {winner.year}, the very year."
        return f"{names} were closest: {winner.year}, and the answer was {decided.answer_year}."
    if ended.why is Why.ONLY_YEAR and decided is not None:
        winner = _given(decided, winners[0])
        return f"{names} gave the only year ({winner.year}), and any year beats no year."
    if ended.why is Why.STILL_LEVEL:
        return f"{names} were just as close on both Candle-End questions, so they share the win."
    if ended.why is Why.LAST_IN_CANDLE:
        return f"{names} are the last tied team still playing in the Candle-End."
    return None


def whole_key(night: Night, source: KeySource, sealed: bool) -> tuple[str, ...]:
    """SCORING & ENDGAME 7's first line, true to how the night ended: the key used up or not, sealed or not."""
    unread = card.CELL_COUNT - night.board.played_count()
    if not unread:
        return (card.WHOLE_KEY if sealed else WHOLE_KEY[source],)
    early = ENDED_EARLY.format(unread=unread, cells=card.CELL_COUNT)
    if sealed:
        return (card.WHOLE_KEY, f"Here, {early[0].lower()}{early[1:]}")
    return (early, NOT_USED_UP[source])


def _given(decided: f.TiebreakDecided, team: Team) -> f.YearGiven:
    return next(given for given in decided.years if given.team is team)


def finale(ended: f.NightEnded, night: Night, key: Key, source: KeySource, sealed: bool) -> Finale:
    """SCORING & ENDGAME 4-7: the candle line, the totals, why the winners won and who, checking the key,
    the RESULT line and the closing words."""
    totals_line = reason = None
    if night.solo:
        headline = f"Your total: {night.score(Team.YOU)} out of {card.MAX_TOTAL}."
        win = "solo"
    else:
        totals_line = f"Totals out of {card.MAX_TOTAL}: {totals(night)}."
        reason = why(ended, night)
        if len(ended.winners) == 1:
            headline = f"{ended.winners[0].value} win the night!"
            win = ended.winners[0].value
        else:
            headline = f"{join_names(ended.winners)} share the win!"
            win = "shared"
    before = [line for line in (totals_line, reason) if line is not None]
    after: list[str] = []
    # The SHA-256 and the reveal file's address are shown, not spoken: sixty-four hex digits or a long web
    # address read aloud would take the table half a minute and help nobody.
    if source is KeySource.PRACTICE:
        after.append("Tonight's key was the kiosk's practice key, not the sealed key.")
        check: tuple[Line, ...] = (Line(f"Its SHA-256 is {key.sha256}.", spoken=False),)
    else:
        check = (
            Line(
                "Open the reveal file, check that tonight's questions and answers are the ones in it, then "
                f"rebuild the hash at {card.VERIFY_SITE}."
            ),
            Line(f"The reveal file: {card.NOTICE.reveal_url}", spoken=False),
            Line(f"The key played tonight has SHA-256 {key.sha256}.", spoken=False),
        )
    teams = 1 if night.solo else len(night.teams)
    result = card.RESULT.format(end=ended.end.value, turns=night.turns, teams=teams, score=ended.top, win=win)
    closing = (*after, *whole_key(night, source, sealed), card.EPILOGUE, EPILOGUE_HERE)
    return Finale(
        headline=headline,
        body=(card.CANDLE_BURNS, *before, *closing),
        totals=totals_line,
        why=reason,
        closing=closing,
        result=result,
        sha256=key.sha256,
        check=tuple(line.text for line in check),
        lines=(
            *lines_of(card.CANDLE_BURNS, *before, headline, *after),
            *check,
            Line(result, spoken=False),
            *lines_of(*closing[len(after) :]),
        ),
    )
