"""Which way of spelling a fix the letters list hears best: plain letters ("T, U, R"), a letter and its word
("T for tango, U for uniform"), the words alone ("tango, uniform, romeo"), or the words alone said slowly (a
full stop after each: "Tango. Uniform. Romeo."). The kiosk asks for the one that wins here
(kiosk.voice.listening.WITH_WORDS; slowly in a loud room, answering.LOUD_SPELLING).

    nice -n 10 .venv/bin/python scripts/measure_spelling_styles.py [--snr DB] [--bed babble|music] [--held-out]

Each word is spelled after a team name by each TUNING voice of the simulated table (scripts/table/voices.py),
mixed into a noise bed (none without --snr) at DRAWS places, and heard as the kiosk hears a read-back: the read-back list
and the letters list beside it (listening.with_letters). Prints, per style, the words whose letters were
heard right, those heard within Rule 8's slips of the word (a fix that rules as the word would), and the
fixes whose team was. --held-out uses the held-out voices and beds instead, to report,
never to choose by.
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
from kiosk.voice.listening import with_letters  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402
from scripts.table.kiosk_lines import NATO  # noqa: E402

WORDS = ("potato", "turnip", "spuds", "nevermore", "barn", "brack", "stoker", "pellets", "samhain", "owl")
STYLES = ("letters", "letter for word", "words alone", "words, slowly")
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


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    right: Counter[tuple[str, str]] = Counter()
    for voice in room.voices:
        for index, word in enumerate(WORDS):
            team = TEAM_ORDER[index % len(TEAM_ORDER)]
            for style in STYLES:
                audio = voice.render(f"{team.value}. {spelled(word, style)}.")
                for draw in range(room.draws):  # every style at the same places in the bed
                    heard, letters = room.heard(room.mixed(audio, index * room.draws + draw))
                    said = with_letters(heard, letters).text.split()
                    named = Team.from_name(said[0]) if said else None
                    got = spelled_word(said[1:] if named else said)
                    right[(style, "word")] += got == word
                    budget = slip_budget(word)
                    right[(style, "slips")] += got is not None and slips(got, word, budget) <= budget
                    right[(style, "team")] += named is team
    total = len(room.voices) * len(WORDS) * room.draws
    print(room.heading)
    for style in STYLES:
        word, near, team = (right[(style, what)] for what in ("word", "slips", "team"))
        print(f"  {style:16} word {word}/{total}  within slips {near}/{total}  team {team}/{total}")


if __name__ == "__main__":
    main()
