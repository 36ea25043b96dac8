"""What the host listens for next, as meanings, for a voice loop choosing how to hear the table.

Between questions the table says one of a closed set (team counts, picks, commands, team names, yes and no),
so a recogniser may be held to it; while a question is open, answers are open words. The phrases
themselves, and the grammars made of them, are the voice's (kiosk/voice/hearing/phrases.py, grammar.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.night import Night, Phase


@dataclass(frozen=True)
class Expectation:
    phase: Phase
    teams: tuple[str, ...]
    """The team names that may be said now (those playing, or tied in the Candle-End)."""
    read_back: bool
    """Answers are being read back: yes, no, or a spelled fix."""
    closed: bool
    """No question is open: the table says one of a closed set (team counts, picks, commands, team names,
    yes and no), which a voice loop may hold its recogniser to (kiosk.voice.hearing.phrases)."""
    held: bool = False
    """A check of the table's holds a question of its own (a save from elsewhere) for a yes or a no: the
    next reply is the check's, not the night's (kiosk.table.Check)."""


def listening_for(night: Night) -> Expectation:
    between = night.phase in (Phase.TEAMS, Phase.PICK, Phase.VOTING)
    teams = night.answering() if night.open is not None else night.playing
    return Expectation(
        phase=night.phase,
        teams=tuple(team.value for team in teams),
        read_back=night.phase.reading_back,
        closed=between,
    )
