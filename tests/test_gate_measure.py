"""The reader's voice gate measurement's own arithmetic (testbed/measure/gate.py): the cosine, the threshold
chosen on the tuning voices, the rates refused and let through, and who counts as the same speaker."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from testbed.measure.enrolment import ENROLMENT
from testbed.measure.gate import (
    cosine,
    kind_of,
    let_through,
    phrases,
    refused_by,
    shown,
    threshold_for,
)
from testbed.table.voices import Family, Voice


def test_cosine_of_parallel_opposite_and_square_vectors() -> None:
    a = np.array([3.0, 4.0])
    assert cosine(a, 2 * a) == pytest.approx(1.0)
    assert cosine(a, -a) == pytest.approx(-1.0)
    assert cosine(a, np.array([-4.0, 3.0])) == pytest.approx(0.0)
    assert cosine(np.array([1.0, 1.0]), np.array([1.0, 0.0])) == pytest.approx(2**-0.5)
    assert cosine(np.zeros(2), a) == 0.0


def test_the_threshold_refuses_one_in_a_hundred_and_no_more() -> None:
    own = [index / 100 for index in range(100)]
    threshold = threshold_for(own, 0.01)
    assert threshold == pytest.approx(0.01)
    assert refused_by(own, threshold).part == 1
    assert threshold_for(own, 0.05) == pytest.approx(0.05)
    assert threshold_for(own[:50], 0.01) == 0.0  # half a reply in a hundred rounds down: none refused


def test_a_score_at_the_threshold_is_let_through() -> None:
    assert refused_by([0.5, 0.5, 0.2], 0.5).part == 1
    assert let_through([0.5, 0.49, 0.7], 0.5).part == 2


@given(st.lists(st.floats(-1, 1), min_size=1, max_size=300), st.floats(0, 0.2))
def test_the_threshold_is_the_highest_that_keeps_to_the_share(own: list[float], share: float) -> None:
    threshold = threshold_for(own, share)
    assert refused_by(own, threshold).part <= len(own) * share + 1e-9
    higher = [score for score in own if score > threshold]
    if higher:  # the next score up as the threshold would refuse too many
        assert refused_by(own, min(higher)).part > len(own) * share


def test_no_scores_or_a_share_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError):
        threshold_for([])
    with pytest.raises(ValueError):
        threshold_for([0.5], 1.0)


def test_a_rate_is_shown_with_one_decimal_and_its_interval() -> None:
    assert shown(refused_by([0.1] + [0.9] * 99, 0.5)) == "1/100 1.0% [0.2-5.4]"
    assert shown(refused_by([], 0.5)) == "-"


def test_joe_at_another_pace_is_the_same_speaker_and_espeak_variants_are_not() -> None:
    joe, joe_quick = Voice("a", Family.PIPER, speed=1.0), Voice("b", Family.PIPER, speed=0.85)
    us, rp = Voice("c", Family.ESPEAK, "gmw/en-us"), Voice("d", Family.ESPEAK, "gmw/en-gb-x-rp+f3")
    slt = Voice("e", Family.FLITE, "slt")
    assert kind_of(joe, joe_quick) == "same speaker model"
    assert kind_of(us, rp) == "same family"
    assert kind_of(us, slt) == kind_of(joe, slt) == "other family"


def test_the_enrolment_is_none_of_the_measured_replies() -> None:
    measured = phrases()
    assert {"That's right.", "No.", "Bats.", "Bravo."} <= set(measured)
    assert len(set(measured)) == len(measured)
    enrolment = " ".join(words(ENROLMENT))
    assert not [phrase for phrase in measured if f" {' '.join(words(phrase))} " in f" {enrolment} "]


def words(text: str) -> list[str]:
    return "".join(c if c.isalnum() or c in "' " else " " for c in text.lower()).split()
