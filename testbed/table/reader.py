"""A reader who sounds like a person: the simulated adult's habits, each a named option of the table, each
reported apart (a condition per habit, testbed/table/__init__.py).

Each habit touches a share of the lines, chosen by a seeded generator, so that a night is the same every run:
- HESITATES: "um", "uh" or "let me see" before a team's answer ("Bats, um, a big brass button.");
- RESTARTS: a false start taken back ("Ghosts, the, no, Bram Stoker.");
- PAUSES: a pause of 0.4-0.9 s inside an answer, between two of its words;
- QUIETER: the whole line 3-6 dB quieter (the head turned to the table);
- EARLY: the line begun with no pause after the kiosk's last word, into its deaf tail and its room's echo;
- CHILD: a child calls out over the reader, in another voice, from across the table.

Hesitations, restarts, pauses and the child touch only a team's answer as read out; a spelled fix or a
closed-set line ("yes", "D three") is said as it is, if quieter or early.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .voices import RATE, Samples

SHARE = 0.35
"""The share of lines (of answers, for the habits that touch only answers) each habit touches."""
FILLERS = ("um", "uh", "let me see", "er")
FALSE_STARTS = ("the", "a", "it was")
CHILD_CALLS = ("Pumpkin!", "It's a bat!", "Spiders!", "I know, I know!", "Ghosts!")
ANSWER = re.compile(r"^(Bats|Ghosts|Owls|Toads), (.+?)\.?$")
"""A team's answer as the adult reads it out ("Bats, a turnip."); a spelled fix has a full stop after the name."""


class Habit(enum.Enum):
    HESITATES = "hesitates"
    RESTARTS = "restarts"
    PAUSES = "pauses"
    QUIETER = "quieter"
    EARLY = "early"
    CHILD = "child"


@dataclass(frozen=True)
class Speech:
    """A line as the reader will say it: its parts with the silence after each, its gain, how long the reader
    waits after the kiosk's reply, and what a child calls out over it (with seconds into the line)."""

    parts: tuple[tuple[str, float], ...]
    gain_db: float = 0.0
    lead_seconds: float | None = None
    """None: the table's own reaction time."""
    child: tuple[str, float] | None = None

    @property
    def text(self) -> str:
        return " ".join(part for part, _ in self.parts)


def spoken(line: str, habits: frozenset[Habit], rng: np.random.Generator) -> Speech:
    """The line with the reader's habits. Every draw is made for every line, habits on or off, so that a
    habit touches the same lines whatever else is on (the same seed, the same night)."""
    draws = {habit: bool(rng.random() < SHARE) for habit in Habit}
    gain, filler, start = rng.uniform(3.0, 6.0), rng.integers(len(FILLERS)), rng.integers(len(FALSE_STARTS))
    split, pause = rng.random(), rng.uniform(0.4, 0.9)
    call, after = rng.integers(len(CHILD_CALLS)), rng.uniform(0.2, 1.0)
    touched = {habit for habit in habits if draws[habit]}
    gain_db = -float(gain) if Habit.QUIETER in touched else 0.0
    lead = 0.0 if Habit.EARLY in touched else None
    answer = ANSWER.match(line)
    if answer is None:
        return Speech(((line, 0.0),), gain_db, lead)
    team, said = answer.group(1), answer.group(2)
    if Habit.RESTARTS in touched:
        said = f"{FALSE_STARTS[int(start)]}, no, {said}"
    if Habit.HESITATES in touched:
        said = f"{FILLERS[int(filler)]}, {said}"
    words = said.split()
    parts: tuple[tuple[str, float], ...] = ((f"{team}, {said}.", 0.0),)
    if Habit.PAUSES in touched and len(words) >= 2:
        at = 1 + int(split * (len(words) - 1))
        parts = ((f"{team}, {' '.join(words[:at])}", float(pause)), (f"{' '.join(words[at:])}.", 0.0))
    child = (CHILD_CALLS[int(call)], float(after)) if Habit.CHILD in touched else None
    return Speech(parts, gain_db, lead, child)


@dataclass
class HumanReader:
    """Renders the adult's lines with its habits; `lead` says how long to wait before each."""

    habits: frozenset[Habit]
    seed: int
    render_voice: Callable[[str], Samples]
    render_child: Callable[[str], Samples]
    place_child: Callable[[Samples], Samples] = field(default=lambda samples: samples)
    """The child's call as it reaches the microphone (through the room, from the child's place)."""
    _rng: np.random.Generator = field(init=False)
    _next: tuple[str, Speech] | None = field(default=None, init=False)
    """The speech `lead` drew, for the line it drew it for."""

    def __post_init__(self) -> None:
        self._rng = np.random.default_rng(self.seed)

    def lead(self, line: str, usual: float) -> float:
        """Seconds to wait after the kiosk's reply before this line (drawn now, said by `render` next)."""
        speech = spoken(line, self.habits, self._rng)
        self._next = (line, speech)
        return usual if speech.lead_seconds is None else speech.lead_seconds

    def render(self, line: str) -> Samples:
        drawn, self._next = self._next, None
        speech = drawn[1] if drawn is not None and drawn[0] == line else spoken(line, self.habits, self._rng)
        pieces: list[np.ndarray] = []
        for text, pause in speech.parts:
            pieces += [self.render_voice(text).astype(np.float64), np.zeros(int(pause * RATE))]
        voice = np.concatenate(pieces) * 10 ** (speech.gain_db / 20)
        if speech.child is not None:
            call, after = speech.child
            shout = self.place_child(self.render_child(call)).astype(np.float64)
            start = min(int(after * RATE), len(voice))
            voice = np.concatenate([voice, np.zeros(max(0, start + len(shout) - len(voice)))])
            voice[start : start + len(shout)] += shout
        return np.clip(np.round(voice), -32768, 32767).astype(np.int16)
