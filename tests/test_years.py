"""The Candle-End year reader: every common spoken or written English year form, and never another year."""

from __future__ import annotations

import pytest

from kiosk.engine.years import parse_year


@pytest.mark.parametrize(
    ("said", "year"),
    [
        ("1897", 1897),
        ("about 1890", 1890),
        ("circa 1890", 1890),
        ("c. 1890", 1890),
        ("1890ish", 1890),
        ("in the year 1897", 1897),
        ("AD 1066", 1066),
        ("1897 because Dracula came out then", 1897),
        ("eighteen ninety-seven", 1897),
        ("eighteen ninety seven", 1897),
        ("Eighteen Ninety-Seven", 1897),
        ("eighteen hundred", 1800),
        ("eighteen hundred and ninety seven", 1897),
        ("eighteen hundred ninety-seven", 1897),
        ("one thousand eight hundred and ninety seven", 1897),
        ("one thousand eight hundred ninety seven", 1897),
        ("two thousand", 2000),
        ("two thousand and five", 2005),
        ("two thousand five", 2005),
        ("twenty twenty-four", 2024),
        ("twenty ten", 2010),
        ("nineteen oh five", 1905),
        ("nineteen o five", 1905),
        ("nineteen hundred", 1900),
        ("nineteen ten", 1910),
        ("ten sixty-six", 1066),
        ("one eight nine seven", 1897),
        ("about nineteen hundred", 1900),
        ("1890, no wait, 1897", 1897),
        ("**1897** or so", 1897),
    ],
)
def test_a_year_reads_as_the_year_it_says(said: str, year: int) -> None:
    assert parse_year(said) == year


@pytest.mark.parametrize(
    "said",
    [
        "97",
        "'97",
        "ninety seven",
        "twenty five",
        "nineteen",
        "eighteen seven",
        "the 1890s",
        "1890s",
        "1890's",
        "the '90s",
        "the eighteen nineties",
        "late nineties",
        "1890-1900",
        "1890 – 1900",
        "1890 — 1900",
        "1890 to 1900",
        "1890/1900",
        "1890, 1900",
        "1890 or 1900",
        "1890 and 1900",
        "between 1890 and 1900",
        "1890 to 95",
        "1890-95",
        "eighteen ninety or nineteen hundred",
        "eighteen ninety and nineteen hundred",
        "between eighteen ninety and nineteen hundred",
        "1890 give or take ten years",
        "18 97",
        "pass",
        "no idea",
        "the 19th century",
        "",
        "189",
        "18970",
    ],
)
def test_anything_else_is_no_year_never_another_year(said: str) -> None:
    assert parse_year(said) is None
