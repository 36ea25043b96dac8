"""Every year a table may say in the Candle-End, in the words it says it: the phrases of the years list.
Whole years after a team's name teach the recogniser which number word follows which (decision 0007)."""

from __future__ import annotations

from functools import cache

from kiosk.engine.numbers import NUMBER_WORDS, number_words
from kiosk.engine.teams import Team
from kiosk.engine.years import parse_year
from kiosk.voice.hearing.phrases import TEAM_WORDS

FIRST_YEAR = 1000
LAST_YEAR = 2099
LEAD_INS = ("", "about ")
"""Said before a year ("about eighteen ninety" is 1890); "around" and "roughly" are in the list as words."""
PASSES = ("pass", "no idea", "skip")


def _under_a_hundred(number: int) -> str:
    """1 to 99 as the recogniser writes them: "seven", "nineteen", "ninety seven"."""
    return number_words(number, joiner=" ")


def said_as(year: int) -> tuple[str, ...]:
    """The usual ways a year is said ("nineteen oh five"); the list's words write the others word by word."""
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
    years = [way for year in range(FIRST_YEAR, LAST_YEAR + 1) for way in said_as(year)]
    phrases: list[str] = []
    for name in TEAM_WORDS:
        phrases += [f"{name} {lead}{year}" for lead in LEAD_INS for year in years]
        phrases += [f"{name} {word}" for word in PASSES]
    return tuple(phrases)


def no_year_in(words: list[str]) -> bool:
    """One team's Candle-End words with numbers that make no year: most likely a year misheard. Words naming
    another team are left to the read-back."""
    if any(Team.from_name(word) for word in words) or not any(word in NUMBER_WORDS for word in words):
        return False
    return parse_year(" ".join(words)) is None
