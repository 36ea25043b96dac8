"""The benches' 95% intervals (testbed/intervals.py), against values worked out by hand and published
tables (Newcombe 1998, table I: Wilson's interval for 81/263 is 0.2553-0.3662)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from testbed.intervals import Rate, wilson


@pytest.mark.parametrize(
    ("part", "whole", "low", "high"),
    [(81, 263, 0.2553, 0.3662), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (5, 10, 0.2366, 0.7634)],
)
def test_wilson_matches_the_worked_values(part: int, whole: int, low: float, high: float) -> None:
    assert wilson(part, whole) == pytest.approx((low, high), abs=5e-4)


@given(st.integers(0, 500).flatmap(lambda whole: st.tuples(st.integers(0, whole), st.just(whole))))
def test_the_interval_holds_the_rate_inside_zero_to_one(case: tuple[int, int]) -> None:
    part, whole = case
    low, high = wilson(part, whole)
    rate = part / whole if whole else 0.5
    assert 0.0 <= low <= rate <= high <= 1.0


def test_more_questions_narrow_the_interval() -> None:
    narrow = [high - low for low, high in (wilson(7, 9), wilson(28, 36), wilson(280, 360))]
    assert narrow == sorted(narrow, reverse=True)


def test_rates_differ_only_beyond_their_intervals() -> None:
    # The run-to-run spread seen on 9 questions (5/9 against 9/9) is within the intervals.
    assert not Rate(5, 9).differs_from(Rate(9, 9))
    assert Rate(18, 36).differs_from(Rate(35, 36))
    assert Rate(35, 36).differs_from(Rate(18, 36))


def test_a_rate_prints_with_its_interval() -> None:
    assert str(Rate(30, 36)) == "30/36 83% [68-92]"
    assert str(Rate(0, 0)) == "-"
    with pytest.raises(ValueError):
        Rate(4, 3)
