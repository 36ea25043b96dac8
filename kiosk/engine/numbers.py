"""Number words to digits ("twenty five" -> "25") and spoken or written years ("eighteen ninety-seven")."""

from __future__ import annotations

import re

UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
NUMBER_WORDS = frozenset(UNITS) | frozenset(TENS) | frozenset(SCALES)


def _value(words: list[str]) -> int | None:
    """The value of a run of cardinal number words, or None if they do not make one number."""
    total, current, last = 0, 0, ""
    for word in words:
        if word in UNITS:
            if last in UNITS or (last in TENS and UNITS[word] >= 10) or (last in TENS and UNITS[word] == 0):
                return None
            current += UNITS[word]
        elif word in TENS:
            if last in UNITS or last in TENS or current % 100:
                return None
            current += TENS[word]
        elif word == "hundred":
            if not current or current >= 100 or last == "hundred":
                return None
            current *= 100
        else:
            scale = SCALES[word]
            if not (current or total) or last in SCALES:
                return None
            total = (total + current) * scale if scale > 1000 else total + current * scale
            current = 0
        last = word
    return total + current


def words_to_digits(words: list[str]) -> list[str]:
    """Replace each run of number words that makes one number by its digits; other words stay."""
    out: list[str] = []
    index = 0
    while index < len(words):
        if words[index] not in NUMBER_WORDS:
            out.append(words[index])
            index += 1
            continue
        end = index
        while end < len(words) and words[end] in NUMBER_WORDS:
            end += 1
        # Take the longest run from here that reads as one number; a word that does not fits alone.
        for stop in range(end, index, -1):
            value = _value(words[index:stop])
            if value is not None:
                out.append(str(value))
                index = stop
                break
        else:
            out.append(words[index])
            index += 1
    return out


def _pair(words: list[str]) -> int | None:
    """A two-digit group said as words: "ninety seven", "oh five", "nineteen"."""
    if len(words) == 2 and words[0] in ("oh", "o", "zero") and words[1] in UNITS and UNITS[words[1]] < 10:
        return UNITS[words[1]]
    value = _value(words) if words and all(word in UNITS or word in TENS for word in words) else None
    return value if value is not None and value < 100 else None


def year_from_words(words: list[str]) -> int | None:
    """A year said in words: "eighteen ninety seven", "nineteen oh five", "eighteen hundred",
    "two thousand and five", "one thousand eight hundred ninety seven". None if it is not one year."""
    words = [word for word in words if word != "and"]
    if not words or not all(word in NUMBER_WORDS or word in ("oh", "o") for word in words):
        return None
    if (words[0] in UNITS and 10 <= UNITS[words[0]] <= 99) or words[0] in TENS:
        # "eighteen ninety seven": a century pair then a year pair, or "eighteen hundred ..."
        for split in (1, 2):
            head = _pair(words[:split])
            if head is None or head < 10:
                continue
            rest = words[split:]
            if rest and rest[0] == "hundred":
                tail = _pair(rest[1:]) if rest[1:] else 0
                if tail is not None:
                    return head * 100 + tail
            elif rest:
                tail = _pair(rest)
                if tail is not None:
                    return head * 100 + tail
    value = _value([word for word in words if word not in ("oh", "o")])
    if value is not None and 1000 <= value <= 9999 and "thousand" in words:
        return value
    return None


_WORD = re.compile(r"[a-z]+|\d+")


def parse_year(text: str) -> int | None:
    """One year from a team's Candle-End answer, or None if it holds no single year.

    A year is four digits or words saying them; "about 1890" is 1890. "97", "the 1890s", a range,
    two years or a pass are no year."""
    lowered = text.lower().replace("-", " ").replace("–", " ")
    if re.search(r"\d{4}\s*s\b|'s\b|\d+s\b", lowered):
        return None  # a decade such as "the 1890s"
    tokens = _WORD.findall(lowered)
    hedges = {
        "about",
        "around",
        "circa",
        "c",
        "ca",
        "approximately",
        "roughly",
        "maybe",
        "probably",
        "in",
        "year",
        "the",
        "ad",
        "ce",
    }
    tokens = [token for token in tokens if token not in hedges]
    if not tokens:
        return None
    if len(tokens) == 1 and tokens[0].isdigit():
        return int(tokens[0]) if len(tokens[0]) == 4 else None
    if any(token.isdigit() for token in tokens):
        return None
    return year_from_words(tokens)
