"""Picks: a cell named by letter and points ("D3", "a two"), by category title ("Old Customs 2",
"wings and webs three"), by "bats", "owls" or "spiders" with points (Wings & Webs), or "pass" / "you choose".

A team name alone is not a pick.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kiosk.cartridge import CATEGORIES, WINGS_AND_WEBS_WORDS
from kiosk.engine.numbers import UNITS

ANY_CELL = "any"
"""What "pass" or "you choose" asks for: the lowest open value in the first category that has one."""

# Letters as they are typed or as a recogniser writes them when they are spoken.
_LETTER_WORDS = {
    "a": "A",
    "ay": "A",
    "eh": "A",
    "b": "B",
    "bee": "B",
    "be": "B",
    "c": "C",
    "see": "C",
    "sea": "C",
    "cee": "C",
    "d": "D",
    "dee": "D",
    "e": "E",
    "ee": "E",
}


def _title_pattern(title: str) -> str:
    words = title.lower().replace("&", "and").split()
    if words[0] == "the":
        words = words[1:]
        return r"(?:the\s+)?" + r"\s+".join(map(re.escape, words))
    return r"\s+".join(map(re.escape, words))


_TITLES = [(re.compile(_title_pattern(category.title)), category.letter) for category in CATEGORIES]
_PREFIX = re.compile(
    r"^(?:(?:we(?:ll| will)?|i(?:ll| will)?|let ?s|can we|could we|please|ok|okay|um|so)\s+)*"
    r"(?:(?:pick|picks|take|choose|have|do|try|go for|want|go with)\s+)?"
)
_POINTS = r"(?:for\s+)?(?P<points>[1-5])(?:\s+points?)?"
_SUFFIX = r"(?:\s+please)?"


@dataclass(frozen=True)
class Pick:
    cell: str
    """A cell id such as "D3", or ANY_CELL for "pass" / "you choose"."""


def _normal(text: str) -> str:
    text = text.lower().replace("&", " and ").replace("’", "'").replace("'", "")
    text = re.sub(r"[^\w\s]", " ", text)
    words = [str(UNITS[word]) if word in UNITS and UNITS[word] <= 9 else word for word in text.split()]
    return " ".join(words)


def parse_pick(text: str) -> Pick | None:
    """The pick a whole message makes, or None if it is not just a pick."""
    words = _normal(text)
    if words in ("pass", "you choose", "you pick", "your choice", "surprise us", "pass you choose"):
        return Pick(ANY_CELL)
    body = _PREFIX.sub("", words, count=1).strip()
    compact = re.fullmatch(r"(?P<letter>[a-e])\s*(?P<points>[1-5])" + _SUFFIX, body)
    if compact:
        return Pick(compact["letter"].upper() + compact["points"])
    spoken = re.fullmatch(r"(?P<letter>\w+)\s+" + _POINTS + _SUFFIX, body)
    if spoken and spoken["letter"] in _LETTER_WORDS:
        return Pick(_LETTER_WORDS[spoken["letter"]] + spoken["points"])
    if spoken and spoken["letter"] in WINGS_AND_WEBS_WORDS:
        return Pick("D" + spoken["points"])
    for pattern, letter in _TITLES:
        titled = re.fullmatch(pattern.pattern + r"\s+" + _POINTS + _SUFFIX, body)
        if titled:
            return Pick(letter + titled["points"])
    return None
