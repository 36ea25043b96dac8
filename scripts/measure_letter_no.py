"""How a reply is heard while a word is spelled one letter at a time (kiosk.voice.letter_by_letter): the
"no" that takes a letter back, and each letter's word said on its own. Through the one-letter list's best
path alone; with its n-best readings, the no taken when "no" is among them, as the kiosk takes a reply
(letter_by_letter.letter_or_no); and, tried and not adopted, a reply of several words ("bravo lima", the
room's word heard beside the letter's) also taken as its likeliest one-word reading.

    nice -n 10 .venv/bin/python scripts/measure_letter_no.py [--snr DB] [--bed babble|music] [--held-out]

Each line is said by each TUNING voice of the simulated table (scripts/table/voices.py), mixed into a noise
bed (none without --snr) at DRAWS places (three times as many for the no). A "no" heard as a letter adds a
wrong letter the table must take back with another no; a letter heard as the no takes back a right one.
--held-out uses the held-out voices and beds instead, to report, never to choose by. Figures move by a few
between runs: espeak-ng keeps state between renders.
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


def _one_word(heard: Utterance) -> str:
    """Tried: as the kiosk takes a reply, and one of several words taken as its likeliest one-word reading.
    Tuning voices in babble at 10 dB, of 252 letters: right 206 -> 215, another letter 8 -> 11, none 38 ->
    26; held out, 504: right 329 -> 337, another 50 -> 57, none 117 -> 102. A wrong letter costs a no and
    the letter again where a reply asked for again costs the letter again: held out, no gain."""
    taken = letter_or_no(heard)
    if len(taken.split()) <= 1:
        return taken
    return next((reading for reading in heard.alternatives if len(reading.split()) == 1), taken)


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
                counts[("the kiosk's: no among readings", target, kind(letter_or_no(both), said))] += 1
                counts[("tried: + one-word reading", target, kind(_one_word(both), said))] += 1
    print(room.heading)
    for way in ("best path", "the kiosk's: no among readings", "tried: + one-word reading"):
        no = {what: counts[(way, "no", what)] for what in ("right", "letter", "nothing")}
        letter = {what: counts[(way, "letter", what)] for what in ("right", "wrong", "no", "nothing")}
        print(
            f"  {way:30} no: heard {no['right']}/{sum(no.values())}, as a letter {no['letter']}, "
            f"as nothing {no['nothing']} | letters: right {letter['right']}/{sum(letter.values())}, "
            f"another {letter['wrong']}, as the no {letter['no']}, nothing {letter['nothing']}"
        )


if __name__ == "__main__":
    main()
