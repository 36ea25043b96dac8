"""How the "no" that takes a letter back is heard while a word is spelled one letter at a time
(kiosk.voice.letter_by_letter), against each letter's word said on its own: through the one-letter list's
best path alone, and with its n-best readings, a reply heard as a letter taken as the no when "no" is among
its other readings (letter_by_letter.letter_or_no).

    nice -n 10 .venv/bin/python scripts/measure_letter_no.py [--snr DB] [--bed babble|music] [--held-out]

Each line is said by each TUNING voice of the simulated table (scripts/table/voices.py), mixed into a noise
bed (none without --snr) at DRAWS places (three times as many for the no). A "no" heard as a letter adds a
wrong letter the table must take back with another no; a letter heard as the no takes back a right one.
--held-out uses the held-out voices and beds instead, to report, never to choose by.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.text import letter_of  # noqa: E402
from kiosk.voice.asr import Recognizer, Utterance, grammar_for  # noqa: E402
from kiosk.voice.grammar import UNKNOWN, one_letter  # noqa: E402
from kiosk.voice.letter_by_letter import letter_or_no  # noqa: E402
from kiosk.voice.listening import LETTER_READINGS, Listening  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402
from scripts.table.kiosk_lines import NATO  # noqa: E402

LETTERS = "pasrunotebligc"
"""The letters of the words the simulated table spells most (potato, spuds, turnip, barn owl, stoker...)."""
DRAWS = 6
NO_DRAWS = 3 * DRAWS


def kind(text: str, said: str) -> str:
    """What a reply heard as `text` does when `said` was meant: a letter's word ("tango") or "no"."""
    words = text.split()
    if text == "no":
        return "right" if said == "no" else "no"
    if len(words) != 1 or letter_of(words[0]) is None:
        return "nothing"
    if said == "no":
        return "letter"
    return "right" if letter_of(words[0]) == said else "wrong"


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    best = room.recognizers[Listening.ONE_LETTER]
    model = room.recognizers.model
    nbest = Recognizer(
        model, grammar=grammar_for(model, (*one_letter(), UNKNOWN)), alternatives=LETTER_READINGS
    )
    counts: Counter[tuple[str, str, str]] = Counter()
    for voice in room.voices:
        lines = [("No.", "no", NO_DRAWS), *((f"{NATO[c].capitalize()}.", c, room.draws) for c in LETTERS)]
        for index, (line, said, draws) in enumerate(lines):
            audio = voice.render(line)
            for draw in range(draws if room.noise is not None else 1):
                pcm = room.mixed(audio, index * NO_DRAWS + draw)
                target = "no" if said == "no" else "letter"
                plain = best.decode(pcm) or Utterance("")
                counts[("best path", target, kind(plain.text, said))] += 1
                both = nbest.decode(pcm) or Utterance("")
                counts[("n-best, no among readings", target, kind(letter_or_no(both), said))] += 1
    print(room.heading)
    for way in ("best path", "n-best, no among readings"):
        no = {what: counts[(way, "no", what)] for what in ("right", "letter", "nothing")}
        letter = {what: counts[(way, "letter", what)] for what in ("right", "wrong", "no", "nothing")}
        print(
            f"  {way:26} no: heard {no['right']}/{sum(no.values())}, as a letter {no['letter']}, "
            f"as nothing {no['nothing']} | letters: right {letter['right']}/{sum(letter.values())}, "
            f"another {letter['wrong']}, as the no {letter['no']}, nothing {letter['nothing']}"
        )


if __name__ == "__main__":
    main()
