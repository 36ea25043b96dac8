"""Rule 8, steps a to e: from the words a team sent to the phrase that is ruled, or to nothing locked.

a) the first bold words if any, else quoted words opening it, else all;
b) only what follows the last "wait", "actually", "I mean", or "no" before punctuation or at the end;
c) drop from its start, again and again, punctuation, lead-ins and cut words (but not "not");
d) empty, or opening with a stall: nothing is locked;
e) cut before the first comma, bracket, slash, &, semicolon, colon, ! or ?, dash, line break or
   sentence-ending full stop, and before the first cut word. Cut at "?": nothing is locked.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cache

from kiosk.engine.text import straighten

# THE TABLE's lists, as the card gives them.
LEAD_INS = [
    "here",
    "yes",
    "yeah",
    "ok",
    "okay",
    "oh",
    "um",
    "er",
    "erm",
    "uh",
    "ugh",
    "hmm",
    "well",
    "lol",
    "haha",
    "maybe",
    "probably",
    "definitely",
    "answer",
    "final",
    "guess",
    "my",
    "our",
    "i",
    "i'm",
    "i'd",
    "we",
    "we're",
    "think",
    "say",
    "it's",
]
STALLS = [
    "wait",
    "hang on",
    "hold on",
    "one sec",
    "let me",
    "give",
    "brb",
    "still",
    "need",
    "want",
    "ready",
    "are",
    "would",
    "thinking",
    "sorry",
    "merry",
    "happy",
    "ho",
    "wow",
    "good",
    "nice",
    "tough",
    "tricky",
    "same",
    "ditto",
]
CUT_WORDS = [
    "because",
    "since",
    "as",
    "so",
    "which",
    "who",
    "that",
    "but",
    "and",
    "or",
    "not",
    "near",
    "aka",
    "before",
    "after",
]
PASSES = ("pass", "skip", "no idea")
ABBREVIATIONS = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "dr",
        "st",
        "mt",
        "jr",
        "sr",
        "vs",
        "etc",
        "eg",
        "ie",
        "prof",
        "gen",
        "col",
        "lt",
        "sgt",
        "capt",
        "rev",
        "fr",
        "ft",
        "ave",
        "rd",
        "co",
        "inc",
        "ltd",
        "no",
        "approx",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    ]
)
QUOTES = {'"': '"', "“": "”", "'": "'", "‘": "’", "«": "»"}


@cache
def stretched(word: str) -> str:
    """A pattern for a word and its longer spellings: "um" also matches "ummm" ("longer spellings count")."""
    return "".join(re.escape(char) + ("+" if char.isalpha() else "") for char in word)


def _word_list_pattern(words: list[str] | tuple[str, ...], *, longer: bool) -> re.Pattern[str]:
    spell = stretched if longer else re.escape
    body = "|".join(r"\s+".join(spell(part) for part in word.split()) for word in words)
    return re.compile(rf"(?:{body})", re.IGNORECASE)


# "Longer spellings count" is said of the lead-ins and stalls; the cut words are exact.
_LEAD_IN = _word_list_pattern(LEAD_INS, longer=True)
_STALL = _word_list_pattern([*STALLS, "one second"], longer=True)
_CUT_WORD = _word_list_pattern(CUT_WORDS, longer=False)
_CUT_WORD_NOT_NOT = _word_list_pattern([word for word in CUT_WORDS if word != "not"], longer=False)
_CORRECTION = re.compile(
    rf"(?<![\w'])(?:{stretched('wait')}|{stretched('actually')}|i\s+mean|no(?=\s*(?:[^\w\s]|$)))(?![\w'])",
    re.IGNORECASE,
)
_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__", re.DOTALL)
_WORD_AT_START = re.compile(r"[\w']+")


class Outcome(enum.Enum):
    LOCKED = "locked"
    PASS = "pass"
    NOTHING = "nothing"
    """Locks nothing: empty, a stall, or cut at a question mark."""


@dataclass(frozen=True)
class Phrase:
    outcome: Outcome
    text: str = ""
    """The phrase that is ruled (when locked)."""
    question_mark: bool = False
    """Cut at "?": the team is told to send it without the question mark."""


def _whole(pattern: re.Pattern[str], text: str) -> bool:
    return pattern.fullmatch(text) is not None


def select(text: str) -> str:
    """Step a: the first bold words, else quoted words opening the text, else all of it."""
    bold = _BOLD.search(text)
    if bold:
        return bold[1] if bold[1] is not None else bold[2]
    stripped = text.lstrip()
    if stripped and stripped[0] in QUOTES:
        close = stripped.find(QUOTES[stripped[0]], 1)
        if close > 1:
            return stripped[1:close]
    return text


def after_last_correction(text: str) -> str:
    """Step b: only what follows the last "wait", "actually", "I mean", or a "no" before punctuation/end."""
    last = None
    for last in _CORRECTION.finditer(text):  # noqa: B007 - only the last one matters
        pass
    return text[last.end() :] if last else text


def drop_lead_ins(text: str) -> str:
    """Step c: drop punctuation, lead-ins and cut words (but not "not") from the start, again and again."""
    while True:
        text = text.lstrip()
        if not text:
            return text
        if not (text[0].isalnum() or text[0] in "'_"):
            text = text[1:]
            continue
        word = _WORD_AT_START.match(text)
        if word is None:
            return text
        if _whole(_LEAD_IN, word[0]) or _whole(_CUT_WORD_NOT_NOT, word[0]):
            text = text[word.end() :]
            continue
        return text


def opens_with_stall(text: str) -> bool:
    match = _STALL.match(text)
    return match is not None and (match.end() == len(text) or not (text[match.end()].isalnum()))


def _sentence_end(text: str, index: int) -> bool:
    """Whether the full stop at index ends a sentence rather than an abbreviation, initial or number."""
    after = text[index + 1 : index + 2]
    if after and (after.isalnum() or after in "."):
        return after == "." and text[index : index + 3] == "..."  # an ellipsis ends; "u.s." does not
    before = re.search(r"([\w.]+)$", text[:index])
    if before is None:
        return True
    word = before[1].lower()
    if "." in word:  # "u.s" of "u.s." or "e.g"
        return False
    if len(word) == 1 and word.isalpha():
        return False  # an initial, "J. K. Rowling"
    return word not in ABBREVIATIONS


_CUT_CHARS = re.compile(r"[,()\[\]{}/&;:!?\n\r—–]|(?<!\w)-|-(?!\w)")


def cut(text: str) -> tuple[str, bool]:
    """Step e: the text before the first cut; and whether that cut was a question mark."""
    end, at_question = len(text), False
    char = _CUT_CHARS.search(text)
    if char:
        end, at_question = char.start(), char[0] == "?"
    for stop in re.finditer(r"\.", text[:end]):
        if _sentence_end(text, stop.start()):
            end, at_question = stop.start(), False
            break
    for word in re.finditer(r"[\w']+", text[:end]):
        if _whole(_CUT_WORD, word[0]):
            end, at_question = word.start(), False
            break
    return text[:end], at_question


def extract(text: str) -> Phrase:
    """Rule 8 a-e for one team's text: the phrase it locks, a pass, or nothing."""
    text = straighten(text)
    text = after_last_correction(select(text))
    text = drop_lead_ins(text)
    if not text.strip() or opens_with_stall(text):
        return Phrase(Outcome.NOTHING)
    phrase, at_question = cut(text)
    if at_question:
        return Phrase(Outcome.NOTHING, question_mark=True)
    phrase = phrase.strip()
    if not re.search(r"\w", phrase):
        return Phrase(Outcome.NOTHING)
    if " ".join(re.findall(r"\w+", phrase.lower())) in PASSES:
        return Phrase(Outcome.PASS, phrase)
    return Phrase(Outcome.LOCKED, phrase)


def phrase_words(words: list[str]) -> range:
    """Which of an answer's words its phrase holds: the words a read-back said of it, which a spelled fix
    replaces one of. All of them when nothing is locked, or when bold or quoted words were taken."""
    text = " ".join(words)
    phrase = extract(text)
    straight = straighten(text)
    if phrase.outcome is Outcome.NOTHING or select(straight) != straight:
        return range(len(words))
    opened = drop_lead_ins(after_last_correction(straight)).split()
    start, length = len(words) - len(opened), len(phrase.text.split())
    if " ".join(opened[:length]) != phrase.text:  # punctuation inside: the words do not line up
        return range(len(words))
    return range(start, start + length)
