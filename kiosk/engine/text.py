"""How the engine reads a table's words: one normaliser, one apostrophe table, one letter-name table.

Typed or spoken, a command, a pick or a team name is compared as `words_of(text)`: lower case, apostrophes
gone, every other mark a space.
"""

from __future__ import annotations

import re

APOSTROPHES = "’‘`ʼ"
"""Curly and look-alike apostrophes, each read as the straight one."""
_APOSTROPHE = re.compile(f"[{APOSTROPHES}]")
_MARKS = re.compile(r"[^\w\s]")


def straighten(text: str) -> str:
    """Every apostrophe made the straight one, so that "it’s" and "it's" read alike."""
    return _APOSTROPHE.sub("'", text)


def words_of(text: str) -> str:
    """Lower-case words with apostrophes dropped and other punctuation gone: how the table's words are
    compared, typed or spoken ("What’s the score?" -> "whats the score")."""
    text = straighten(text.lower()).replace("'", "")
    return " ".join(_MARKS.sub(" ", text).split())


NATO_WORDS = (
    "alpha", "alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet",
    "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango",
    "uniform", "victor", "whiskey", "whisky", "xray", "yankee", "zulu",
)  # fmt: skip
"""The NATO words, with the other spellings a recogniser writes ("alfa", "juliett", "whisky"): each is the
word for its first letter."""
# Letters as a recogniser writes their names, and the NATO words: for picks ("dee four") and spelled fixes.
LETTER_NAMES = {
    "ay": "a", "eh": "a", "bee": "b", "be": "b", "see": "c", "sea": "c", "cee": "c", "dee": "d", "ee": "e",
    "ef": "f", "eff": "f", "gee": "g", "aitch": "h", "haitch": "h", "eye": "i", "jay": "j", "kay": "k",
    "el": "l", "ell": "l", "em": "m", "en": "n", "oh": "o", "pee": "p", "pea": "p", "cue": "q", "queue": "q",
    "ar": "r", "are": "r", "ess": "s", "es": "s", "tee": "t", "tea": "t", "you": "u", "yew": "u", "vee": "v",
    "ex": "x", "why": "y", "zed": "z", "zee": "z",
    **{word: word[0] for word in NATO_WORDS},
}  # fmt: skip


LETTER_WORDS_IN_TWO = {"x ray": "xray"}
"""Letter words a recogniser writes as two words: the small English model knows no "xray", so its phrase
lists hear X's NATO word as "x ray"."""


def letter_words(words: list[str]) -> list[str]:
    """`words` with each letter word written as two made one again (["b", "o", "x", "ray"] -> ["b", "o",
    "xray"])."""
    joined: list[str] = []
    for word in words:
        pair = f"{joined[-1]} {word}" if joined else ""
        if pair in LETTER_WORDS_IN_TWO:
            joined[-1] = LETTER_WORDS_IN_TWO[pair]
        else:
            joined.append(word)
    return joined


def letter_of(word: str) -> str | None:
    """The letter a word writes or names ("b", "bee", "bravo" -> "b"); None for any other word."""
    if len(word) == 1 and word.isalpha():
        return word.lower()
    return LETTER_NAMES.get(word.lower())
