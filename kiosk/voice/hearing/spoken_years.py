"""Every year a table may say in the Candle-End, in the words it says it: the phrases of the years list.

A list of number words lets the recogniser write any run of them, and it writes "eighteen ninety" as "eighty
ninety" and "nineteen oh five" as "ninety oh five" as often as not. Whole years after a team's name teach it
which number words follow which, so the likeliest run is a year. Every year from 1000 to 2099 is here, and
each as likely as any other: the key plays no part.
"""

from __future__ import annotations

from functools import cache

from kiosk.engine.numbers import NUMBER_WORDS, number_words
from kiosk.engine.teams import TEAM_ORDER, Team
from kiosk.engine.years import parse_year

FIRST_YEAR = 1000
LAST_YEAR = 2099
LEAD_INS = ("", "about ")
"""Said before a year ("about eighteen ninety" is 1890); "around" and "roughly" are in the list as words."""
PASSES = ("pass", "no idea", "skip")


def _under_a_hundred(number: int) -> str:
    """1 to 99 as the recogniser writes them: "seven", "nineteen", "ninety seven"."""
    return number_words(number, joiner=" ")


def said_as(year: int) -> tuple[str, ...]:
    """The usual ways a year is said: "eighteen ninety seven", "nineteen oh five", "eighteen hundred",
    "two thousand and five", "twenty twenty four". The engine reads more ("eighteen hundred and ninety
    seven", "one eight nine seven"); the recogniser can still write them, word by word, from the words here."""
    century, rest = divmod(year, 100)
    head = _under_a_hundred(century)
    if rest == 0:
        ways = [f"{head} hundred"]
    else:
        ways = [f"{head} oh {_under_a_hundred(rest)}" if rest < 10 else f"{head} {_under_a_hundred(rest)}"]
    if year >= 2000:
        thousands = year - 2000
        ways += [f"two thousand and {_under_a_hundred(thousands)}"] if thousands else ["two thousand"]
    return tuple(ways)


@cache
def year_phrases() -> tuple[str, ...]:
    """Each team's name followed by a year (after a lead-in or none) or a pass."""
    years = [way for year in range(FIRST_YEAR, LAST_YEAR + 1) for way in said_as(year)]
    phrases: list[str] = []
    for team in TEAM_ORDER:
        name = team.value.lower()
        phrases += [f"{name} {lead}{year}" for lead in LEAD_INS for year in years]
        phrases += [f"{name} {word}" for word in PASSES]
    return tuple(phrases)


def no_year_in(words: list[str]) -> bool:
    """One team's Candle-End words say numbers that make no year ("about eighteen and ninety"): most likely a
    year misheard, where a pass or words without a number are meant as said. Words naming another team are
    more than one team's and are left to the read-back."""
    if any(Team.from_name(word) for word in words) or not any(word in NUMBER_WORDS for word in words):
        return False
    return parse_year(" ".join(words)) is None
