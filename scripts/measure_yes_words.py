"""Which word for "yes" the kiosk's lists hear best in party noise: the kiosk asks for the winner once a yes to
the read-back has been missed twice (kiosk.voice.answering.NOT_CAUGHT_AGAIN), and once a yes to a pick said
back has been (kiosk.voice.picking).

    nice -n 10 .venv/bin/python scripts/measure_yes_words.py [--snr DB] [--bed babble|music] [--held-out]

Each word is said by each TUNING voice of the simulated table (scripts/table/voices.py), mixed into a noise
bed (none without --snr) at several places, and heard as the kiosk hears a read-back: the read-back list and
the letters list beside it, a yes with a spelling's worth of letters beside it doubted
(listening.yes_over_a_spelling); and as the kiosk hears a yes to a pick said back: the between-questions
list, its reading taken to the nearest phrase. Prints, per word, the takes heard as a yes the kiosk would
rule on, those heard as a spelled fix (which would change an answer: the harm a missed yes can do), and the
takes heard as a yes between questions. --held-out uses the held-out voices and beds instead, to report,
never to choose by.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.commands import is_yes  # noqa: E402
from kiosk.engine.spelling import spelled_word  # noqa: E402
from kiosk.engine.teams import Team  # noqa: E402
from kiosk.voice.grammar import nearest  # noqa: E402
from kiosk.voice.listening import Listening, with_letters  # noqa: E402
from kiosk.voice.phrases import between_questions  # noqa: E402
from kiosk.voice.read_back_yes import yes_over_a_spelling  # noqa: E402
from kiosk.voice.yes_or_no import YES  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402

WORDS = ("Yes.", "Yeah.", "Correct.", "That's right.", "Right.", "Okay.")
TAKES = 8
"""Places in the bed each word is mixed at (clean: said once)."""


def main() -> None:
    room = read_back_room(__doc__ or "", TAKES)
    between = room.recognizers[Listening.BETWEEN_QUESTIONS]
    counted: Counter[tuple[str, str]] = Counter()
    for voice in room.voices:
        for index, word in enumerate(WORDS):
            audio = voice.render(word)
            for take in range(room.draws):
                pcm = room.mixed(audio, index * room.draws + take)
                picked = between.decode(pcm)
                if picked is not None:
                    nearest_phrase = nearest(
                        picked.text, between_questions(), alternatives=picked.alternatives
                    )
                    counted[(word, "between")] += nearest_phrase in YES
                heard, letters = room.heard(pcm)
                if is_yes(heard.text.replace("'", "")) and not yes_over_a_spelling(heard, letters):
                    counted[(word, "yes")] += 1
                    continue
                said = with_letters(heard, letters).text.split()
                named = Team.from_name(said[0]) if said else None
                counted[(word, "spelling")] += spelled_word(said[1:] if named else said) is not None
    total = len(room.voices) * room.draws
    print(room.heading)
    for word in WORDS:
        print(
            f"  {word:14} yes {counted[(word, 'yes')]:3}/{total}  heard as a spelling {counted[(word, 'spelling')]}"
            f"  between questions yes {counted[(word, 'between')]:3}/{total}"
        )


if __name__ == "__main__":
    main()
