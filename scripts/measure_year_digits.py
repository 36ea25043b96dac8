"""How a Candle-End year is heard when the kiosk names the team itself and only the year is left to hear: the
whole year digit by digit in one reply ("One, eight, nine, zero."), and each digit said on its own as a reply
("Eight."), with the "no" that takes a digit back and the "that's right" that ends the year.

    nice -n 10 .venv/bin/python scripts/measure_year_digits.py [--snr DB] [--bed babble|music] [--held-out]

Through the kiosk's Candle-End read-back list (team names, commands, digits and their pairs), and through a
list of the digits, "no" and "that's right" alone (kiosk.voice.grammar.one_digit), with its n-best readings
and the no taken when it is among them, as a letter's reply is (letter_by_letter.letter_or_no). Each line is
said by each TUNING voice of the simulated table (scripts/table/voices.py), mixed into a noise bed (none
without --snr) at DRAWS places. --held-out uses the held-out voices and beds instead, to report, never to
choose by.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.spelling import SPOKEN_DIGITS, spelled_year  # noqa: E402
from kiosk.voice.asr import Recognizer, Utterance, grammar_for  # noqa: E402
from kiosk.voice.grammar import UNKNOWN, one_digit  # noqa: E402
from kiosk.voice.letter_by_letter import letter_or_no  # noqa: E402
from kiosk.voice.listening import LETTER_READINGS, Listening  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402
from scripts.table.kiosk_lines import spelled  # noqa: E402

YEARS = ("1897", "1900", "1066", "2005", "1890", "1847")
WORDS = {"0": "Zero.", **{str(n): f"{word.capitalize()}." for word, n in SPOKEN_DIGITS.items() if n != "0"}}
"""Each digit's reply, as a reader says it."""
DRAWS = 3


def digit_kind(text: str, said: str) -> str:
    """What a one-word reply does when `said` was meant: a digit ("8"), "no" or "that's right"."""
    if text in ("no", "that's right"):
        return "right" if text == said else "wrong"
    words = text.split()
    if len(words) != 1 or words[0] not in SPOKEN_DIGITS:
        return "nothing"
    if said in ("no", "that's right"):
        return "wrong"
    return "right" if SPOKEN_DIGITS[words[0]] == said else "wrong"


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    model = room.recognizers.model
    lists = {
        "read-back list": room.recognizers[Listening.YEARS_READ_BACK],
        "digits alone": Recognizer(
            model, grammar=grammar_for(model, (*one_digit(), UNKNOWN)), alternatives=LETTER_READINGS
        ),
    }
    whole: Counter[str] = Counter()
    alone: Counter[tuple[str, str, str]] = Counter()
    replies = [
        *((word, digit) for digit, word in sorted(WORDS.items())),
        ("No.", "no"),
        ("That's right.", "that's right"),
    ]
    for voice in room.voices:
        for index, year in enumerate(YEARS):
            audio = voice.render(spelled(year))
            for draw in range(room.draws):
                pcm = room.mixed(audio, index * room.draws + draw)
                for name, recognizer in lists.items():
                    heard = recognizer.decode(pcm)
                    whole[name] += spelled_year(heard.text.split() if heard else []) == year
        for index, (line, said) in enumerate(replies):
            audio = voice.render(line)
            target = said if said in ("no", "that's right") else "digit"
            for draw in range(room.draws):
                pcm = room.mixed(audio, (len(YEARS) + index) * room.draws + draw)
                for name, recognizer in lists.items():
                    heard = recognizer.decode(pcm) or Utterance("")
                    text = letter_or_no(heard) if heard.alternatives else heard.text
                    alone[(name, target, digit_kind(text, said))] += 1
    print(room.heading)
    years = len(room.voices) * len(YEARS) * room.draws
    for name in lists:
        print(f"  {name:15} whole year right {whole[name]}/{years}")
        for target in ("digit", "no", "that's right"):
            kinds = {kind: alone[(name, target, kind)] for kind in ("right", "wrong", "nothing")}
            print(
                f"  {name:15} {target:>12} alone: right {kinds['right']}/{sum(kinds.values())}, "
                f"another {kinds['wrong']}, nothing {kinds['nothing']}"
            )


if __name__ == "__main__":
    main()
