"""Number words to digits: "twenty five" -> "25" (Rule 8: a correctly spelled number word becomes digits)."""

from __future__ import annotations

import re

_COUNT = re.compile(r"[0-9]{1,6}")

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
_UNIT_SAID = {value: word for word, value in UNITS.items()}
_TENS_SAID = {value: word for word, value in TENS.items()}


def number_words(number: int, joiner: str = "-") -> str:
    """0 to 99 in words, as the kiosk says them: "twenty-five"; `joiner` " " as a recogniser writes them."""
    if number < 20:
        return _UNIT_SAID[number]
    tens, units = divmod(number, 10)
    return _TENS_SAID[tens * 10] + (f"{joiner}{_UNIT_SAID[units]}" if units else "")


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


def is_count(text: str) -> bool:
    """Whole digits 0 to 9, at most six of them: what a save's counts and points are written in. Not
    str.isdigit, which takes "³" (then int() fails), nor int(), which reads Arabic-Indic digits, "+3",
    " 3" and "3_0"."""
    return _COUNT.fullmatch(text) is not None
