"""Voice fixes: a team spells a word ("b u t t o n", "bee you double tee oh en") to replace the word of its
answer that the spelling most resembles."""

from __future__ import annotations

from kiosk.engine.matching import slips
from kiosk.engine.text import letter_of

_TWO_LETTERS = {"okay": "ok"}
"""Letters said quickly together that a recogniser writes as one word ("s t o k e r" heard as "s tee okay ee
r"). Only inside a spelling with other letters: "Ghosts okay" alone is no spelling."""


def spelled_word(words: list[str]) -> str | None:
    """The word spelled by a run of letters ("double t" is "tt"), or None if any word is not a letter.
    Two letters at least: a lone letter is more likely a word than a spelling."""
    letters: list[str] = []
    index = 0
    if words and all(word in _TWO_LETTERS for word in words):
        return None
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
    return spelled if len(spelled) >= 2 else None


def closest_word(words: list[str], spelled: str) -> int | None:
    """The index of the answer word the spelling most resembles (the first of equals); None if no words."""
    if not words:
        return None
    scores = [slips(word, spelled, max(len(word), len(spelled))) for word in words]
    return scores.index(min(scores))
