"""Whether a word spelled twice is heard right more often from both spellings merged than from the later
alone (kiosk.voice.respelling).

    nice -n 10 .venv/bin/python scripts/measure_respelling.py [--snr DB] [--bed babble|music] [--held-out]

Each word is spelled slowly with a word for each letter after a team name ("Bats. Tango. Uniform. ..."), as
the kiosk asks in a loud room, by each TUNING voice of the simulated table, mixed into a noise bed (none
without --snr) at DRAWS places, and heard as the kiosk hears a read-back (the read-back list and the
letters list beside it). Every ordered pair of one word's draws stands for a first spelling and a second:
prints the pairs whose later spelling alone, and whose merge, is within Rule 8's slips of the word, and
those the merge made right or wrong. --held-out uses the held-out voices and beds instead, to report,
never to choose by.
"""

from __future__ import annotations

import sys
from collections import Counter
from itertools import permutations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.matching import slip_budget, slips  # noqa: E402
from kiosk.engine.spelling import alike, spelled_word  # noqa: E402
from kiosk.engine.teams import Team  # noqa: E402
from kiosk.voice.listening import with_letters  # noqa: E402
from kiosk.voice.respelling import merged  # noqa: E402
from scripts.measure_spelling_styles import WORDS, spelled  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402

DRAWS = 3


def near(got: str, word: str) -> bool:
    budget = slip_budget(word)
    return bool(got) and slips(got, word, budget) <= budget


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    counts: Counter[str] = Counter()
    for voice in room.voices:
        for index, word in enumerate(WORDS):
            audio = voice.render(f"Bats. {spelled(word, 'words, slowly')}.")
            heard = []
            for draw in range(room.draws):
                read_back, letters = room.heard(room.mixed(audio, index * room.draws + draw))
                said = with_letters(read_back, letters).text.split()
                named = Team.from_name(said[0]) if said else None
                heard.append(spelled_word(said[1:] if named else said) or "")
            for before, after in permutations(heard, 2):
                both = merged(before, after) if before and after and alike(before, after) else after
                counts["pairs"] += 1
                counts["later"] += near(after, word)
                counts["merged"] += near(both, word)
                counts["mended"] += near(both, word) and not near(after, word)
                counts["marred"] += near(after, word) and not near(both, word)
    print(room.heading)
    print(
        f"  within slips: later spelling alone {counts['later']}/{counts['pairs']}, merged {counts['merged']}"
        f"/{counts['pairs']} (made right {counts['mended']}, made wrong {counts['marred']})"
    )


if __name__ == "__main__":
    main()
