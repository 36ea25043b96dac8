"""The Candle-End's years list: every phrase in it is a team's name and a year the engine reads as that
year (or a pass), every year as likely as any other."""

from __future__ import annotations

from collections import Counter

from kiosk.engine.teams import TEAM_ORDER, Team
from kiosk.engine.years import parse_year
from kiosk.voice.hearing.spoken_years import FIRST_YEAR, LAST_YEAR, PASSES, no_year_in, said_as, year_phrases


def test_each_way_a_year_is_said_reads_as_that_year() -> None:
    for year in range(FIRST_YEAR, LAST_YEAR + 1):
        ways = said_as(year)
        assert ways, year
        for way in ways:
            assert parse_year(way) == year, (year, way)
    assert said_as(1890) == ("eighteen ninety",)
    assert said_as(1905) == ("nineteen oh five",)
    assert said_as(1800) == ("eighteen hundred",)
    assert said_as(2005) == ("twenty oh five", "two thousand and five")
    assert said_as(2024) == ("twenty twenty four", "two thousand and twenty four")
    assert said_as(2000) == ("twenty hundred", "two thousand")


def test_every_phrase_opens_with_a_team_and_says_one_year_or_a_pass() -> None:
    years: Counter[int] = Counter()
    for phrase in year_phrases():
        name, _, said = phrase.partition(" ")
        assert Team.from_name(name) in TEAM_ORDER, phrase
        year = parse_year(said)
        assert year is not None or said in PASSES, phrase
        if year is not None:
            years[year] += 1
    assert set(years) == set(range(FIRST_YEAR, LAST_YEAR + 1))
    # No year is likelier than another of its kind: each is said as many ways by each team, after each lead-in.
    assert {count for year, count in years.items() if year < 2000} == {8}


def test_numbers_that_make_no_year_are_told_from_a_year_a_pass_and_two_teams_words() -> None:
    for heard in ("about eighteen and ninety", "eighteen", "the eighteen nineties", "ninety seven"):
        assert no_year_in(heard.split()), heard
    for heard in ("about eighteen ninety", "pass", "no idea", "", "eighteen ninety ghosts nineteen hundred"):
        assert not no_year_in(heard.split()), heard
