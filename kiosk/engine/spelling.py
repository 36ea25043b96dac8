"""Voice fixes: a team spells a word ("b u t t o n", "bee you double tee oh en") to replace the word of its
answer that the spelling most resembles."""

from __future__ import annotations

from kiosk.engine.matching import slips

# Letter names as a recogniser writes them, and the NATO words.
_LETTER_NAMES = {
    "ay": "a",
    "eh": "a",
    "bee": "b",
    "be": "b",
    "see": "c",
    "sea": "c",
    "cee": "c",
    "dee": "d",
    "ee": "e",
    "ef": "f",
    "eff": "f",
    "gee": "g",
    "aitch": "h",
    "haitch": "h",
    "eye": "i",
    "jay": "j",
    "kay": "k",
    "el": "l",
    "ell": "l",
    "em": "m",
    "en": "n",
    "oh": "o",
    "pee": "p",
    "pea": "p",
    "cue": "q",
    "queue": "q",
    "ar": "r",
    "are": "r",
    "ess": "s",
    "es": "s",
    "tee": "t",
    "tea": "t",
    "you": "u",
    "yew": "u",
    "vee": "v",
    "ex": "x",
    "why": "y",
    "zed": "z",
    "zee": "z",
    "alpha": "a",
    "alfa": "a",
    "bravo": "b",
    "charlie": "c",
    "delta": "d",
    "echo": "e",
    "foxtrot": "f",
    "golf": "g",
    "hotel": "h",
    "india": "i",
    "juliet": "j",
    "juliett": "j",
    "kilo": "k",
    "lima": "l",
    "mike": "m",
    "november": "n",
    "oscar": "o",
    "papa": "p",
    "quebec": "q",
    "romeo": "r",
    "sierra": "s",
    "tango": "t",
    "uniform": "u",
    "victor": "v",
    "whiskey": "w",
    "whisky": "w",
    "xray": "x",
    "yankee": "y",
    "zulu": "z",
}


def _letter(word: str) -> str | None:
    if len(word) == 1 and word.isalpha():
        return word
    return _LETTER_NAMES.get(word)


def spelled_word(words: list[str]) -> str | None:
    """The word spelled by a run of letters ("double t" is "tt"), or None if any word is not a letter.
    Two letters at least: a lone letter is more likely a word than a spelling."""
    letters: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word in ("double", "dubble") and index + 1 < len(words):
            letter = _letter(words[index + 1])
            if letter is None:
                return None
            letters.append(letter * 2)
            index += 2
            continue
        if word == "double" and index + 1 == len(words):
            return None
        letter = _letter(word)
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
