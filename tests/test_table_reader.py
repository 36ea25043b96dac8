"""The simulated reader's human habits (testbed/table/reader.py): what each does to a line's words and timing,
with a seeded generator, so a night with habits is the same night every run."""

from __future__ import annotations

import numpy as np
import pytest

from testbed.table.reader import CHILD_CALLS, FALSE_STARTS, FILLERS, SHARE, Habit, HumanReader, spoken
from testbed.table.voices import RATE

LINES = ["Bats, a big brass button.", "Ghosts, bram stoker.", "Owls, turnip.", "Toads, all saints day."]


def _said(habits: set[Habit], seed: int = 7, lines: int = 200) -> list:  # type: ignore[type-arg]
    rng = np.random.default_rng(seed)
    return [spoken(LINES[n % len(LINES)], frozenset(habits), rng) for n in range(lines)]


def test_a_fluent_reader_says_each_line_as_written() -> None:
    for line, speech in zip(LINES * 50, _said(set()), strict=True):
        assert speech.parts == ((line, 0.0),)
        assert (speech.gain_db, speech.lead_seconds, speech.child) == (0.0, None, None)


def test_the_same_seed_gives_the_same_night() -> None:
    assert _said(set(Habit), seed=3) == _said(set(Habit), seed=3)
    assert _said(set(Habit), seed=3) != _said(set(Habit), seed=4)


def test_each_habit_touches_the_same_lines_whatever_else_is_on() -> None:
    alone = [s.text != LINES[n % 4] for n, s in enumerate(_said({Habit.HESITATES}))]
    together = [
        any(f in s.text for f in (", um,", ", uh,", "let me see", ", er,")) for s in _said(set(Habit))
    ]
    assert alone == together
    assert sum(alone) / len(alone) == pytest.approx(SHARE, abs=0.1)


def test_a_hesitation_comes_after_the_team_name() -> None:
    touched = [s for s in _said({Habit.HESITATES}) if s.text not in LINES]
    assert touched
    for speech in touched:
        team, filler, rest = speech.text.split(", ", 2)
        assert team in ("Bats", "Ghosts", "Owls", "Toads") and filler in FILLERS
        assert f"{team}, {rest}" in LINES


def test_a_restart_takes_back_a_false_start() -> None:
    touched = [s.text for s in _said({Habit.RESTARTS}) if s.text not in LINES]
    assert touched
    for text in touched:
        team, start, rest = text.split(", ", 2)
        assert start in FALSE_STARTS and rest.startswith("no, ")
        assert f"{team}, {rest[4:]}" in LINES


def test_a_pause_splits_an_answer_between_two_of_its_words() -> None:
    touched = [s for s in _said({Habit.PAUSES}) if len(s.parts) == 2]
    assert touched
    for speech in touched:
        (first, pause), (second, after) = speech.parts
        assert 0.4 <= pause <= 0.9 and after == 0.0
        assert f"{first} {second}" in LINES
        assert len(first.split(", ", 1)[1]) > 0  # never between the team's name and its answer


def test_quieter_and_early_touch_any_line_and_change_no_word() -> None:
    rng = np.random.default_rng(1)
    said = [spoken(line, frozenset({Habit.QUIETER, Habit.EARLY}), rng) for line in ["yes", "D three"] * 100]
    quiet = [s.gain_db for s in said if s.gain_db]
    assert quiet and all(-6.0 <= gain <= -3.0 for gain in quiet)
    assert any(s.lead_seconds == 0.0 for s in said) and any(s.lead_seconds is None for s in said)
    assert {s.text for s in said} == {"yes", "D three"}


def test_a_spelled_fix_keeps_its_letters() -> None:
    rng = np.random.default_rng(2)
    line = "Bats. T, U, R, N, I, P."
    every = frozenset({Habit.HESITATES, Habit.RESTARTS, Habit.PAUSES, Habit.CHILD})
    assert all(spoken(line, every, rng).parts == ((line, 0.0),) for _ in range(100))


def _tone(text: str) -> np.ndarray:
    """A stand-in voice: 0.1 s of steady level per character, so lengths and levels can be read back."""
    return np.full(int(0.1 * RATE) * len(text), 1000, dtype=np.int16)


def test_the_reader_renders_pauses_quieter_lines_and_the_childs_call() -> None:
    reader = HumanReader(frozenset(Habit), 11, render_voice=_tone, render_child=lambda t: _tone(t) // 2)
    for line in LINES * 20:
        lead = reader.lead(line, 0.5)
        drawn = reader._next[1] if reader._next else None
        assert drawn is not None and lead == (0.5 if drawn.lead_seconds is None else 0.0)
        audio = reader.render(line).astype(np.float64)
        spoken_length = sum(len(_tone(text)) + int(pause * RATE) for text, pause in drawn.parts)
        level = 1000 * 10 ** (drawn.gain_db / 20)
        assert audio[0] == pytest.approx(level, abs=1)
        if len(drawn.parts) == 2 and drawn.child is None:
            gap = len(_tone(drawn.parts[0][0]))
            assert not audio[gap : gap + int(drawn.parts[0][1] * RATE)].any()  # the pause is silent
        if drawn.child is None:
            assert len(audio) == spoken_length
        else:
            call, after = drawn.child
            assert call in CHILD_CALLS
            start = int(after * RATE)
            assert audio[start] == pytest.approx(level + 500, abs=1)  # the call over the reader
