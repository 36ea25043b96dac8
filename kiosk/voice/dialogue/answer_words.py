"""What an answer's or a reply's words say before whose they are is settled: a name of no team at this
table, words the engine would give to the team last named, a year cut short."""

from __future__ import annotations

from kiosk.engine import intent
from kiosk.engine.labels import voice_labels
from kiosk.engine.night import Night
from kiosk.engine.spelling import SPOKEN_DIGITS, YEAR_DIGITS
from kiosk.engine.teams import TEAM_ORDER, Team


def without_stray_name(words: list[str], night: Night) -> list[str]:
    """The words without a first name of no team here (another name misheard); a name alone is kept."""
    first = Team.from_name(words[0]) if words else None
    return words[1:] if first is not None and first not in night.teams and len(words) > 1 else words


def unlabelled(read: intent.Intent, words: list[str]) -> bool:
    """Words the engine would give to the team last named, or refuse for want of a name."""
    if read is intent.Plain.START_WITH_TEAM:
        return True
    if not isinstance(read, intent.Answers):
        return False
    lead, parts = voice_labels(words)
    return not parts and bool(lead)


def year_cut_short(words: list[str]) -> str | None:
    """A Candle-End year fix heard with fewer digits than a year's ("one zero zero"), as heard; else None."""
    if not 0 < len(words) < YEAR_DIGITS or not all(word in SPOKEN_DIGITS for word in words):
        return None
    return ", ".join(words)


def in_order(teams: set[Team]) -> tuple[Team, ...]:
    return tuple(team for team in TEAM_ORDER if team in teams)
