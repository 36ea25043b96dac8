"""Voice fixes: a team spells a word ("b u t t o n", "bee you double tee oh en") to replace the word of its
answer that the spelling most resembles."""

from __future__ import annotations

from difflib import SequenceMatcher

from kiosk.engine.matching import slips
from kiosk.engine.numbers import UNITS
from kiosk.engine.text import LETTER_NAMES, letter_of, letter_words
from kiosk.engine.years import ZERO_WORDS

_TWO_LETTERS = {"okay": "ok"}
"""Letters said quickly together that a recogniser writes as one word ("s t o k e r" heard as "s tee okay ee
r"). Only inside a spelling with other letters: "Ghosts okay" alone is no spelling."""


SHORTEST = 2
"""Letters in the shortest spelling: a lone letter is more likely a word than a spelling."""
_EXAMPLES = frozenset(word for word, letter in LETTER_NAMES.items() if len(word) > 3 and word[0] == letter)
"""The NATO words (and a few long letter names) a speller gives as the example of a letter."""
_CASE_WORDS = frozenset(("capital", "capitals", "big", "small", "little", "lowercase", "uppercase"))
"""Words a speller says before a letter about its case ("capital b"): the answer is matched without case."""


def spelled_word(words: list[str]) -> str | None:
    """The word spelled by a run of letters ("double t" is "tt"), or None if any word is not a letter.
    "b as in bravo" (or "b for bravo", "b like bravo") is b: the letter the example word starts with, as a
    letter name is easily misheard ("ee as in golf"); "capital" before a letter says its case only. SHORTEST
    letters at least."""
    letters: list[str] = []
    index = 0
    words = letter_words(words)
    if words and all(word in _TWO_LETTERS for word in words):
        return None
    if sum(word in _EXAMPLES for word in words) >= 2:
        by_words = _by_examples(words)
        if by_words is not None:
            return by_words if len(by_words) >= SHORTEST else None
    plain = _plain_letters(words)
    if plain is None:
        return None
    words = plain
    while index < len(words):
        word = words[index]
        if word in _TWO_LETTERS:
            letters.append(_TWO_LETTERS[word])
            index += 1
            continue
        if word in ("double", "dubble") and index + 1 < len(words):
            letter = letter_of(words[index + 1])
            if letter is None:
                return None
            letters.append(letter * 2)
            index += 2
            continue
        if word == "double" and index + 1 == len(words):
            return None
        letter = letter_of(word)
        if letter is None:
            return None
        letters.append(letter)
        index += 1
    spelled = "".join(letters)
    return spelled if len(spelled) >= SHORTEST else None


SPOKEN_DIGITS = {
    **{word: str(value) for word, value in UNITS.items() if value < 10},
    **{word: "0" for word in ZERO_WORDS},
}
"""A digit as said: the number words one to nine, and the ways a year says its nought ("nineteen oh five")."""
YEAR_DIGITS = 4
"""A Candle-End year is four digits (Rule 2 of the endgame)."""


_BETWEEN_DIGITS = frozenset(("the",))
"""A word a recogniser's read-back list puts between digits said slowly ("one eight the nine seven"): no
year is said with it."""


def spelled_year(words: list[str]) -> str | None:
    """A year spelled digit by digit ("one eight nine seven" or "1 8 9 7" -> "1897"): how a team spells
    a Candle-End year the read-back misheard. None unless the words are four digits and nothing else."""
    said = [word for word in words if word not in _BETWEEN_DIGITS]
    digits = [word if word.isdigit() and len(word) == 1 else SPOKEN_DIGITS.get(word) for word in said]
    if len(digits) != YEAR_DIGITS or any(digit is None for digit in digits):
        return None
    return "".join(digit for digit in digits if digit is not None)


def closest_word(
    words: list[str], spelled: str, after: int = -1, skip: frozenset[int] = frozenset()
) -> int | None:
    """The index of the answer word the spelling most resembles; None if no words. Of equals, the first
    after index `after` if any (a table fixes an answer's words in order), else the first. Words at `skip`
    are passed over while any other is left."""
    if not words:
        return None
    among = [index for index in range(len(words)) if index not in skip] or list(range(len(words)))
    scores = {index: slips(words[index], spelled, max(len(words[index]), len(spelled))) for index in among}
    equals = [index for index in among if scores[index] == min(scores.values())]
    return next((index for index in equals if index > after), equals[0])


ALIKE = 0.5
"""How alike two spellings must be (difflib's ratio) to be taken as one word spelled twice."""


def alike(before: str, after: str) -> bool:
    """Two spellings of one word, as far as their letters tell."""
    return SequenceMatcher(a=before, b=after, autojunk=False).ratio() >= ALIKE


_JOINING = frozenset(("as", "in", "for", "like"))
"""Words between a letter and its example word ("b as in bravo", "t for tango")."""


def _by_examples(words: list[str]) -> str | None:
    """A word spelled with an example word for each letter, as the kiosk asks (slowly, in a loud room),
    read by its example words: they are heard far more surely than the letters before them or
    the "for" between. The letter said before an example word is taken as that example's letter, however
    it was heard ("dee tango" is t); a letter with no example after it stands for itself (the example was
    lost). "are" before an example word is a "for" heard so ("s are sierra"). None if a word is neither a
    letter, an example nor a joining word: then it is read letter by letter, or is no spelling."""
    letters: list[str] = []
    said: list[str] = []
    """Letters heard since the last example word."""
    for index, word in enumerate(words):
        following = words[index + 1] if index + 1 < len(words) else ""
        if word in _EXAMPLES:
            letters += said[:-1]
            letters.append(word[0])
            said = []
        elif word in _JOINING or word in _CASE_WORDS or (word == "are" and following in _EXAMPLES and said):
            continue
        elif (letter := letter_of(word)) is not None:
            said.append(letter)
        else:
            return None
    return "".join(letters + said)


def _plain_letters(words: list[str]) -> list[str] | None:
    """The words with case words before a letter taken out, and each "<letter> as in <word>" made the
    word's first letter; None when "as in" stands anywhere else (then it is no spelling). Spelling by
    words ("T for tango"), a recogniser may lose a letter ("for alpha") or the "for" ("n november"): a
    lone "for <NATO word>" is that word's letter, and a letter then its own NATO word is one letter."""
    plain: list[str] = []
    exampled = False
    """The last letter came from an example word: a "for <word>" after it is the next letter."""
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else ""
        if word in _CASE_WORDS and letter_of(following) is not None:
            index += 1
            continue
        if word in ("as", "for", "like") and (plain or following in _EXAMPLES):
            step = 2 if word == "as" and following == "in" else 1
            if index + step >= len(words):
                return None
            example = words[index + step]
            if plain and letter_of(plain[-1]) is not None and not exampled and example[:1].isalpha():
                plain[-1] = example[0]  # "ee as in golf": the example word is heard more surely than a letter
            elif example in _EXAMPLES:
                plain.append(example[0])
            else:
                return None
            exampled = True
            index += step + 1
            continue
        said_twice = plain and plain[-1] not in _EXAMPLES and letter_of(plain[-1]) == word[0]
        if word in _EXAMPLES and not exampled and said_twice:  # "n november": one letter, said both ways
            exampled = True
            index += 1
            continue
        plain.append(word)
        exampled = False
        index += 1
    return plain
