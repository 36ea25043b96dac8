"""The no-words measurement's own bookkeeping (testbed/measure/no_words.py): each word joins the lists as
they write it, a reading counts as the no, a yes or something else, and "No, no." is compared with "No."."""

from __future__ import annotations

from collections import Counter

from testbed.measure.conditions import CONDITIONS
from testbed.measure.no_words import LISTS, WORDS, Heard, Tally, compared, counted, meaning, phrase


def test_a_word_is_written_as_the_lists_hold_it() -> None:
    assert [phrase(word) for word in WORDS] == ["no", "no no", "that's wrong"]


def test_each_word_joins_every_list_once() -> None:
    for heeding in LISTS:
        for word in WORDS:
            phrases = heeding.phrases(word)
            assert phrases.count(phrase(word)) == 1
            assert set(heeding.way.phrases or ()) <= set(phrases)


def test_a_reading_is_the_no_a_yes_or_something_else() -> None:
    assert meaning("no") is meaning("no no") is meaning("that's wrong") is Heard.NO
    assert meaning("that's right") is meaning("yes") is Heard.YES
    assert meaning("toads no") is meaning("romeo") is meaning("") is Heard.ELSE


def _tally(double: tuple[int, int, int], single: tuple[int, int, int]) -> Tally:
    heard: Counter[tuple[tuple[str, str, str, str], Heard]] = Counter()
    for word, counts in (("No, no.", double), ("No.", single)):
        for way, count in zip(Heard, counts, strict=True):
            heard[((CONDITIONS[1].name, "read-back", word, word), way)] = count
    return Tally(heard, Counter())


def test_rates_are_counted_by_condition_and_over_all_four() -> None:
    tally = _tally((90, 0, 10), (60, 1, 39))
    babble = counted(tally, CONDITIONS[1].name, "read-back", "No.", "No.")
    assert (babble[Heard.NO].part, babble[Heard.NO].whole) == (60, 100)
    assert counted(tally, None, "read-back", "No.", "No.")[Heard.YES].part == 1
    assert counted(tally, CONDITIONS[0].name, "read-back", "No.", "No.")[Heard.NO].whole == 0


def test_the_comparison_says_which_is_ahead_beyond_the_intervals_and_which_is_safer() -> None:
    line = compared("tuning", "all four", "read-back", _tally((90, 0, 10), (60, 1, 39)), None)
    assert '"No, no." ahead beyond the intervals' in line and '"No, no." less often' in line
    line = compared("tuning", "all four", "read-back", _tally((88, 0, 12), (90, 0, 10)), None)
    assert "within the intervals" in line and "as often" in line
