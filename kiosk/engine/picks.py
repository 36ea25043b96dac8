"""Picks: a cell named by letter and points ("D3", "a two"), by category title ("Old Customs 2",
"wings and webs three"), by "bats", "owls" or "spiders" with points (Wings & Webs), or "pass" / "you choose".

A team name alone is not a pick.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kiosk.cartridge import CATEGORIES, WINGS_AND_WEBS_WORDS
from kiosk.engine.cells import Cell
from kiosk.engine.numbers import UNITS
from kiosk.engine.text import letter_of, words_of


def _title_pattern(title: str) -> str:
    words = title.lower().replace("&", "and").split()
    if words[0] == "the":
        words = words[1:]
        return r"(?:the\s+)?" + r"\s+".join(map(re.escape, words))
    return r"\s+".join(map(re.escape, words))


_PREFIX = re.compile(
    r"^(?:(?:we(?:ll| will)?|i(?:ll| will)?|let ?s|can we|could we|please|ok|okay|um|so)\s+)*"
    r"(?:(?:pick|picks|take|choose|have|do|try|go for|want|go with)\s+)?"
)
_POINTS = r"(?:for\s+)?(?P<points>[1-5])(?:\s+points?)?"
_SUFFIX = r"(?:\s+please)?"
_COMPACT = re.compile(r"(?P<letter>[a-e])\s*(?P<points>[1-5])" + _SUFFIX)
_SPOKEN = re.compile(r"(?P<letter>\w+)\s+" + _POINTS + _SUFFIX)
_TITLED = [
    (re.compile(_title_pattern(category.title) + r"\s+" + _POINTS + _SUFFIX), category.letter)
    for category in CATEGORIES
]


@dataclass(frozen=True)
class Pick:
    cell: Cell | None
    """The cell named, or None for "pass" / "you choose": the lowest open value in the first category."""


def _normal(text: str) -> str:
    words = words_of(text.replace("&", " and ")).split()
    return " ".join(str(UNITS[word]) if word in UNITS and UNITS[word] <= 9 else word for word in words)


def _cell(letter: str, points: str) -> Cell:
    return Cell(letter.upper(), int(points))


def parse_pick(text: str) -> Pick | None:
    """The pick a whole message makes, or None if it is not just a pick."""
    words = _normal(text)
    if words in ("pass", "you choose", "you pick", "your choice", "surprise us", "pass you choose"):
        return Pick(None)
    body = _PREFIX.sub("", words, count=1).strip()
    compact = _COMPACT.fullmatch(body)
    if compact:
        return Pick(_cell(compact["letter"], compact["points"]))
    spoken = _SPOKEN.fullmatch(body)
    if spoken and spoken["letter"] in WINGS_AND_WEBS_WORDS:
        return Pick(_cell("D", spoken["points"]))
    letter = letter_of(spoken["letter"]) if spoken else None
    if spoken and letter is not None and letter in "abcde":
        return Pick(_cell(letter, spoken["points"]))
    for pattern, category_letter in _TITLED:
        titled = pattern.fullmatch(body)
        if titled:
            return Pick(_cell(category_letter, titled["points"]))
    return None
