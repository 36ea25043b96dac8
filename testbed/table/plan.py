"""The nights a bench plays: for each condition, nights until its questions are asked, two teams, four teams and
a Candle-End from a save in turn, the voices in turn. A condition's nights are its own, whichever other
conditions are played beside it and in whatever order: they are dealt from the condition's place in
CONDITIONS, not from its place on the command line (dealt so, the same kiosk's 0.8 s room ruled 29 of 36 in
one run and 21 in another, on other voices' nights)."""

from __future__ import annotations

from dataclasses import replace

from . import CONDITIONS
from .nights import NightScript, candle_end, fresh
from .voices import Voice, held_out_voices, tuning_voices

Night = tuple[str, Voice, NightScript]


def nights_for(condition: str, voices: list[Voice], questions: int) -> list[Night]:
    """Nights of one condition until `questions` are asked; the last night cut short to the questions
    left."""
    number = list(CONDITIONS).index(condition)
    nights: list[Night] = []
    left, turn = questions, 0
    while left > 0:
        kind = turn % 3
        script = candle_end() if kind == 2 and left >= 3 else fresh(2 if kind == 0 else 4, number + turn)
        if len(script.questions) > left:
            script = replace(script, name=f"{script.name}-first-{left}", questions=script.questions[:left])
        nights.append((condition, voices[(number + turn) % len(voices)], script))
        left -= len(script.questions)
        turn += 1
    return nights


def plan(conditions: list[str], held_out: int, tuning: int) -> list[Night]:
    """Each condition's held-out nights, then its tuning nights (reported apart)."""
    nights: list[Night] = []
    for condition in conditions:
        nights += nights_for(condition, held_out_voices(), held_out)
        nights += nights_for(condition, tuning_voices(), tuning) if tuning else []
    return nights
