"""Which word for "no" the one-letter list hears best in party noise: the list a loud room's read-back is
answered through team by team (kiosk.voice.team_by_team) and a word spelled one letter at a time
(kiosk.voice.letter_by_letter), where the no takes a letter back; and the one-digit list of a loud
Candle-End's year taken one digit at a time.

    nice -n 10 .venv/bin/python scripts/measure_no_words.py [--snr DB] [--bed babble|music] [--held-out]

Each word is added to the one-letter list (beside "no", which a table says whatever it is asked) and said by
each TUNING voice of the simulated table (scripts/table/voices.py), mixed into a noise bed (none without
--snr) at several places; taken as the kiosk takes a no, when it is among the reply's n-best readings. The
same list then hears "That's right." and some letters' words: a yes or a letter heard as the word refuses
what the table meant to keep. --held-out uses the held-out voices and beds instead, to report, never to
choose by.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.voice.asr import Recognizer, Utterance, grammar_for  # noqa: E402
from kiosk.voice.grammar import DIGITS, DOUBLE_NO, UNKNOWN, one_digit, one_letter  # noqa: E402
from kiosk.voice.listening import LETTER_READINGS  # noqa: E402
from scripts.read_back_room import ReadBackRoom, read_back_room  # noqa: E402
from scripts.table.kiosk_lines import NATO  # noqa: E402

WORDS = ("No.", "Nope.", "Wrong.", "That's wrong.", "No, no.", "Not right.")
LISTS = {
    "one letter": (one_letter, ("That's right.", *(f"{NATO[c].capitalize()}." for c in "pasrunotebl"))),
    "one digit": (one_digit, ("That's right.", *(f"{digit.capitalize()}." for digit in DIGITS[1:]))),
}
"""Each list, and what a refusal must not be heard in there: the yes, and the letters' words the simulated
table spells most (or the digits)."""
DRAWS = 6
WORD_DRAWS = 3 * DRAWS


def refusal(word: str) -> str:
    """The word as the list holds it: "That's wrong." -> "that's wrong"."""
    return word.lower().rstrip(".").replace(",", "")


def refused(heard: Utterance, word: str) -> bool:
    """Taken as a refusal the way the kiosk takes a no (letter_by_letter.letter_or_no): among the readings."""
    return word in heard.alternatives or heard.text == word


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    print(room.heading)
    for name, (phrases_of, kept) in LISTS.items():
        print(f" {name} list:")
        counts = heard_in(room, phrases_of(), kept)
        for word in WORDS:
            print(
                f"  {word:14} heard {counts[(word, 'heard')]:3}/{counts[(word, 'said')]}"
                f" (as nothing {counts[(word, 'nothing')]})"
                f" | yes heard as it {counts[(word, 'yes refused')]}/{counts[(word, 'yes said')]}"
                f" | {'letters' if name == 'one letter' else 'digits'} heard as it"
                f" {counts[(word, 'unit refused')]}/{counts[(word, 'unit said')]}"
            )


def heard_in(room: ReadBackRoom, listed: tuple[str, ...], kept: tuple[str, ...]) -> Counter[tuple[str, str]]:
    """Each word said into `room`, heard through `listed` (without the kiosk's own "no no") with it added;
    then the `kept` lines, heard through the same list."""
    model = room.recognizers.model
    counts: Counter[tuple[str, str]] = Counter()
    rendered = {voice.name: {line: voice.render(line) for line in (*WORDS, *kept)} for voice in room.voices}
    for word in WORDS:
        said = refusal(word)
        phrases = tuple(dict.fromkeys((*(p for p in listed if p != DOUBLE_NO), said, UNKNOWN)))
        heard_by = Recognizer(model, grammar=grammar_for(model, phrases), alternatives=LETTER_READINGS)
        for voice in room.voices:
            for index, line in enumerate((word, *kept)):
                draws = (WORD_DRAWS if line == word else room.draws) if room.noise is not None else 1
                for draw in range(draws):
                    heard = heard_by.decode(room.mixed(rendered[voice.name][line], index * WORD_DRAWS + draw))
                    heard = heard or Utterance("")
                    if line == word:
                        counts[(word, "heard")] += refused(heard, said)
                        counts[(word, "said")] += 1
                        counts[(word, "nothing")] += heard.text in ("", UNKNOWN)
                    else:
                        kind = "yes" if line == "That's right." else "unit"
                        counts[(word, f"{kind} said")] += 1
                        counts[(word, f"{kind} refused")] += refused(heard, said)
    return counts


if __name__ == "__main__":
    main()
