"""Which way of spelling a fix the letters list hears best: plain letters ("T, U, R"), a letter and its word
("T for tango, U for uniform"), the words alone ("tango, uniform, romeo"), the words alone said slowly (a
full stop after each: "Tango. Uniform. Romeo."), or one word at a time, each a reply of its own. The kiosk
asks for the words (kiosk.voice.listening.WITH_WORDS), slowly when it reads a spelling back, and in a loud
room takes a word one at a time (kiosk.voice.team_by_team, kiosk.voice.letter_by_letter).

    nice -n 10 .venv/bin/python scripts/measure_spelling_styles.py [--snr DB] [--bed babble|music] [--held-out]

Each word is spelled after a team name by each TUNING voice of the simulated table (scripts/table/voices.py),
mixed into a noise bed (none without --snr) at DRAWS places, and heard as the kiosk hears a read-back: the
read-back list and the letters list beside it (listening.with_letters). Prints, per style, the words whose letters were
heard right, those heard within Rule 8's slips of the word (a fix that rules as the word would), and the
fixes whose team was; and, one at a time, each letter heard right, as another letter, or as none.
--held-out uses the held-out voices and beds instead, to report, never to choose by.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.matching import slip_budget, slips  # noqa: E402
from kiosk.engine.spelling import spelled_word  # noqa: E402
from kiosk.engine.teams import TEAM_ORDER, Team  # noqa: E402
from kiosk.engine.text import letter_of  # noqa: E402
from kiosk.voice.asr import Utterance  # noqa: E402
from kiosk.voice.listening import Listening, with_letters  # noqa: E402
from scripts.read_back_room import ReadBackRoom, read_back_room  # noqa: E402
from scripts.table.kiosk_lines import NATO  # noqa: E402
from scripts.table.voices import Voice  # noqa: E402

WORDS = ("potato", "turnip", "spuds", "nevermore", "barn", "brack", "stoker", "pellets", "samhain", "owl")
STYLES = ("letters", "letter for word", "words alone", "words, slowly", "one at a time")
DRAWS = 3
"""Places in the noise bed each spelling is mixed at (the same for every style)."""


def spelled(word: str, style: str) -> str:
    if style == "letters":
        return ", ".join(letter.upper() for letter in word)
    if style == "letter for word":
        return ", ".join(f"{letter.upper()} for {NATO[letter]}" for letter in word)
    if style == "words, slowly":
        return ". ".join(NATO[letter] for letter in word)
    return ", ".join(NATO[letter] for letter in word)


def heard_word(
    room: ReadBackRoom, voice: Voice, word: str, team: Team, style: str, place: int
) -> tuple[str, bool]:
    """The letters heard for `word` spelled by `team` in `style`, and whether its team was heard. One at a
    time, each letter's word is a reply of its own, heard through the kiosk's one-letter list, and a reply
    heard as no letter or as more adds "?"; the team is the kiosk's to name."""
    if style == "one at a time":
        letters = room.recognizers[Listening.ONE_LETTER]
        got = ""
        for offset, letter in enumerate(word):
            pcm = room.mixed(voice.render(f"{NATO[letter].capitalize()}."), place * 17 + offset)
            words = (letters.decode(pcm) or Utterance("")).text.split()
            got += (letter_of(words[0]) if len(words) == 1 else None) or "?"
        return got, True
    heard, letters_heard = room.heard(
        room.mixed(voice.render(f"{team.value}. {spelled(word, style)}."), place)
    )
    said = with_letters(heard, letters_heard).text.split()
    named = Team.from_name(said[0]) if said else None
    return spelled_word(said[1:] if named else said) or "", named is team


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    right: Counter[tuple[str, str]] = Counter()
    for voice in room.voices:
        for index, word in enumerate(WORDS):
            team = TEAM_ORDER[index % len(TEAM_ORDER)]
            for style in STYLES:
                for draw in range(room.draws):  # every style at the same places in the bed
                    got, named = heard_word(room, voice, word, team, style, index * room.draws + draw)
                    right[(style, "word")] += got == word
                    budget = slip_budget(word)
                    right[(style, "slips")] += bool(got) and slips(got, word, budget) <= budget
                    right[(style, "team")] += named
                    if style == "one at a time":
                        for heard, said in zip(got, word, strict=True):
                            right[
                                (
                                    style,
                                    "no letter" if heard == "?" else "right" if heard == said else "wrong",
                                )
                            ] += 1
    total = len(room.voices) * len(WORDS) * room.draws
    print(room.heading)
    for style in STYLES:
        word, near, team = (right[(style, what)] for what in ("word", "slips", "team"))
        print(f"  {style:16} word {word}/{total}  within slips {near}/{total}  team {team}/{total}")
    letters = sum(right[("one at a time", what)] for what in ("right", "wrong", "no letter"))
    print(
        f"  one at a time, by letter: right {right[('one at a time', 'right')]}/{letters}, "
        f"another letter {right[('one at a time', 'wrong')]}, no letter {right[('one at a time', 'no letter')]}"
        " (the kiosk says each letter back and asks again for one not caught)"
    )


if __name__ == "__main__":
    main()
