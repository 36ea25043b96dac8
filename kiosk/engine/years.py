"""THE CANDLE-END's years: "A year is four digits, or words saying them ("eighteen ninety-seven"); "about
1890" is 1890; anything else (97, the 1890s, a range, two years, pass) is no year."

A team's text is read whole (Rule 7, not cut by Rule 8): it says a year when it holds exactly one number and
that number is a year. Every other word is ignored ("about", "because Dracula"); a decade, a second number
(a range, two years, "give or take ten") or a number that is not four digits makes it no year, never
another year.
"""

from __future__ import annotations

import re

from kiosk.engine.numbers import SCALES, TENS, UNITS, _value
from kiosk.engine.phrase import after_last_correction, select

# Digits 0 to 9 only: \d would take Arabic-Indic and other digits, which are not numbers here.
_TOKEN = re.compile(r"[0-9]+(?:,[0-9]{3})*|[a-z]+")
# "the 1890s", "1890's", "'90s", "90s", "the eighteen nineties"
_DECADE = re.compile(
    r"[0-9]0\s*'?\s*s\b|\b(?:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b"
)
ZERO_WORDS = ("oh", "o", "zero", "nought")


def _pair(words: list[str], *, lone_digit: bool = False) -> int | None:
    """A two-digit group said as words: "ninety seven", "oh five", "nineteen", "ten"; a lone digit only
    after "hundred" ("eleven hundred and one"), since "twenty five" is 25, not 2005."""
    if len(words) == 2 and words[0] in ZERO_WORDS and words[1] in UNITS and UNITS[words[1]] < 10:
        return UNITS[words[1]]
    if not words or not all(word in UNITS or word in TENS for word in words):
        return None
    value = _value(words)
    return value if value is not None and (10 if not lone_digit else 1) <= value < 100 else None


def year_from_words(words: list[str]) -> int | None:
    """The four-digit year a run of number words says, or None: "eighteen ninety seven", "nineteen oh
    five", "eighteen hundred (and) ninety seven", "two thousand (and) five", "twenty twenty four",
    "one eight nine seven"."""
    if len(words) == 4 and all(word in UNITS and UNITS[word] < 10 for word in words):
        year = int("".join(str(UNITS[word]) for word in words))
        return year if year >= 1000 else None
    plain = [word for word in words if word != "and"]
    if "thousand" in plain:
        if plain.count("thousand") > 1 or plain.count("hundred") > 1:
            return None  # two numbers said back to back, not one year
        value = _value(plain)
        return value if value is not None and 1000 <= value <= 9999 else None
    for split in (1, 2):
        head = _pair(plain[:split])
        if head is None or head < 10:
            continue
        rest = plain[split:]
        if rest and rest[0] == "hundred":
            tail = _pair(rest[1:], lone_digit=True) if rest[1:] else 0
            if tail is not None and (rest[1:] or "and" not in words):
                return head * 100 + tail
        elif rest and "and" not in words:
            tail = _pair(rest)
            if tail is not None:
                return head * 100 + tail
    return None


def _numbers(text: str) -> list[str | list[str]]:
    """Each number the text says: digits as written, or a run of number words. "and" joins a run only
    after "hundred" or "thousand"; "oh" only after a number word; a lone "one" is a word, not a number."""
    tokens = _TOKEN.findall(text)
    found: list[str | list[str]] = []
    run: list[str] = []
    for index, token in enumerate(tokens):
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if token in UNITS or token in TENS or token in SCALES:
            run.append(token)
            continue
        if run and token in ZERO_WORDS and following in UNITS:
            run.append(token)
            continue
        if run and token == "and" and run[-1] in ("hundred", "thousand") and following in {**UNITS, **TENS}:
            run.append(token)
            continue
        if run:
            found.append(run)
            run = []
        if token[0].isdigit():
            found.append(token.replace(",", ""))
    if run:
        found.append(run)
    return [number for number in found if number != ["one"]]


def parse_year(text: str) -> int | None:
    """The one year a team's Candle-End answer says, or None (no year)."""
    said = after_last_correction(select(text)).lower().replace("’", "'")
    if _DECADE.search(said):
        return None
    numbers = _numbers(said)
    if len(numbers) != 1:
        return None  # none, or a range, two years, a year and another number
    number = numbers[0]
    if isinstance(number, str):
        return int(number) if len(number) == 4 else None
    return year_from_words(number)
