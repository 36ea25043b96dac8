"""Rule 8's comparison: is a cleaned phrase right by the key's A, ALSO and NOT forms?

Right: the phrase holds A or an ALSO form as whole words, together and in order, joined or split words
counting, each word allowed a final s added or dropped plus slips (a letter missing, added or changed, or two
neighbours swapped): none in a key word of three letters or fewer, one in four to eight, two in nine or more.
A NOT form found exactly (a final s aside) makes it wrong, unless it is part of the form found or follows it
after a word in no key form.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from kiosk.engine.key import Entry, NotForm
from kiosk.engine.numbers import NUMBER_WORDS, TENS, UNITS, words_to_digits
from kiosk.engine.text import APOSTROPHES

ARTICLES = frozenset({"a", "an", "the"})
_APOSTROPHES = re.compile(f"['{APOSTROPHES}]")


def clean(text: str) -> tuple[str, ...]:
    """Lower case; drop accents, apostrophes, full stops, a, an and the; other punctuation becomes spaces;
    a correctly spelled number word becomes digits."""
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(char for char in text if not unicodedata.combining(char))
    text = _APOSTROPHES.sub("", text).replace(".", "")
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)  # "1,000" is one number
    text = re.sub(r"[\W_]+", " ", text)
    words = [word for word in text.split() if word not in ARTICLES]
    return tuple(words_to_digits(words))


def slip_budget(key_word: str) -> int:
    """Slips allowed in a key word: none up to three letters, one in four to eight, two in nine or more.
    Digits are not letters: a number must be exact."""
    if any(char.isdigit() for char in key_word):
        return 0
    if len(key_word) <= 3:
        return 0
    return 1 if len(key_word) <= 8 else 2


def slips(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (missing, added, changed letters; neighbours swapped),
    or limit + 1 once it is certain to exceed limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def _s_variants(word: str) -> tuple[str, ...]:
    """A word with a final s added or dropped."""
    if word.endswith("s") and len(word) > 1:
        return (word, word[:-1], word + "s")
    return (word, word + "s")


@lru_cache(maxsize=65536)
def word_matches(word: str, key_word: str) -> bool:
    """One phrase word against one key word, with a final s added or dropped plus slips."""
    if word == key_word:
        return True
    if key_word.isdigit() or word.isdigit():
        return False
    budget = slip_budget(key_word)
    return any(slips(variant, key_word, budget) <= budget for variant in _s_variants(word))


@lru_cache(maxsize=65536)
def _segments(joined: str, key_words: tuple[str, ...]) -> bool:
    """Whether joined text splits into consecutive pieces matching the key words in order."""
    if not key_words:
        return not joined
    first, rest = key_words[0], key_words[1:]
    low = max(1, len(first) - slip_budget(first) - 1)
    high = len(first) + slip_budget(first) + 1
    for size in range(low, min(high, len(joined)) + 1):
        if word_matches(joined[:size], first) and _segments(joined[size:], rest):
            return True
    return False


@dataclass(frozen=True)
class Found:
    """A key form found in the phrase, over phrase words [start, end)."""

    form: tuple[str, ...]
    start: int
    end: int


def find_form(words: tuple[str, ...], form: tuple[str, ...]) -> list[Found]:
    """Every place a form stands in the phrase as whole words, joined or split words counting."""
    if not form:
        return []
    found = []
    form_letters = sum(len(word) for word in form)
    for start in range(len(words)):
        for end in range(start + 1, min(len(words), start + 2 * len(form) + 1) + 1):
            span = words[start:end]
            if len(span) == len(form):
                hit = all(word_matches(word, key_word) for word, key_word in zip(span, form, strict=False))
            else:
                joined = "".join(span)
                slack = sum(slip_budget(word) + 1 for word in form)
                hit = abs(len(joined) - form_letters) <= slack and _segments(joined, form)
            if hit:
                found.append(Found(form, start, end))
    return found


def find_exact(words: tuple[str, ...], form: tuple[str, ...]) -> list[int]:
    """Start positions of a NOT form: exactly and as whole words, a final s aside."""
    size = len(form)
    if not size:
        return []
    return [
        start
        for start in range(len(words) - size + 1)
        if all(
            key_word in _s_variants(word)
            for word, key_word in zip(words[start : start + size], form, strict=False)
        )
    ]


def _contains(form: tuple[str, ...], part: tuple[str, ...]) -> bool:
    return any(form[i : i + len(part)] == part for i in range(len(form) - len(part) + 1))


@dataclass(frozen=True)
class Match:
    """How a locked phrase stands against an entry's forms (Rule 8)."""

    right: bool
    not_form: NotForm | None = None
    """The NOT form that made the phrase wrong, if one did."""


def rule(phrase: str, entry: Entry) -> Match:
    """Rule a locked phrase by the entry's forms."""
    words = clean(phrase)
    forms = [clean(form) for form in entry.forms]
    nots = [(clean(nf.form), nf) for nf in entry.nots]
    key_vocabulary = {word for form in forms for word in form} | {word for form, _ in nots for word in form}

    def in_key(word: str) -> bool:
        return any(variant in key_vocabulary for variant in _s_variants(word))

    not_hits = [
        (start, start + len(form), form, nf) for form, nf in nots for start in find_exact(words, form)
    ]
    first_not: NotForm | None = None
    for form in forms:
        for found in find_form(words, form):
            blocking = [
                nf
                for start, end, not_words, nf in not_hits
                if not (start >= found.start and end <= found.end and _contains(found.form, not_words))
                and not (start >= found.end and any(not in_key(word) for word in words[found.end : start]))
            ]
            if not blocking:
                return Match(right=True)
            first_not = first_not or blocking[0]
    if first_not is None and not_hits:
        first_not = not_hits[0][3]
    return Match(right=False, not_form=first_not)


def misspelled_number(phrase: str, entry: Entry) -> tuple[str, str] | None:
    """A word of a phrase a letter out from a number word whose digits a key form holds ("eigth" for
    "eight"), as (the word, the number word): Rule 8 turns only a correctly spelled number word into digits,
    and a number allows no slips, so such a phrase is wrong and the table should hear why."""
    digits = {word for form in entry.forms for word in clean(form) if word.isdigit()}
    numbers = {**UNITS, **TENS}
    for word in clean(phrase):
        if word.isdigit() or word in NUMBER_WORDS:
            continue
        for number_word, value in numbers.items():
            if str(value) in digits and len(number_word) >= 4 and slips(word, number_word, 1) <= 1:
                return word, number_word
    return None
