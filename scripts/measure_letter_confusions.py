"""Which letter a letter's word said on its own is heard as, while a word is spelled one letter at a time
(kiosk.voice.letter_by_letter): for each letter, how often its word came out as itself, as no letter, and as
each other letter; and each letter heard as another, heard again without that one, as the kiosk hears a
reply heard as a letter the table said no to in its place (letter_by_letter.past_refused).

    nice -n 10 .venv/bin/python scripts/measure_letter_confusions.py [--snr DB] [--bed babble|music] [--held-out]

Each NATO word is said by each TUNING voice of the simulated table (scripts/table/voices.py), mixed into a
noise bed (none without --snr) at DRAWS places, and heard through the one-letter list as the kiosk hears a
reply (its n-best readings, a "no" among them taken as the no). --held-out uses the held-out voices and beds
instead, to report, never to choose by. Also prints the CPU seconds of hearing a reply again without a
letter against hearing it first (medians, this machine).

Tuning voices (espeak-ng US, Piper joe, flite kal), 6 draws, at 10 dB: in babble P ("Papa.") came out
right 8 times in 18 and as A 4 times, the worst letter but Q and D; 27 letters came out as another, and heard
again without it 18 came out right, 3 as another still (music: 5, all right again). Held out (six voices,
the held-out beds): babble 100 as another, 25 right again, 14 another; music 26, 18 right again, none another,
"Papa." heard as L 8 times. Hearing a reply again costs 1.07 to 1.13 times hearing it first (0.04 s, median).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.text import letter_of, letter_words  # noqa: E402
from kiosk.voice.asr import Utterance  # noqa: E402
from kiosk.voice.grammar import UNKNOWN, letters_but  # noqa: E402
from kiosk.voice.letter_by_letter import letter_or_no  # noqa: E402
from kiosk.voice.listening import Listening  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402
from scripts.table.kiosk_lines import NATO  # noqa: E402

DRAWS = 6


def heard_as(heard: Utterance) -> str:
    """The letter a reply is taken as, "no", or "-" for none."""
    text = letter_or_no(heard)
    words = letter_words(text.split())
    if text == "no":
        return "no"
    return (letter_of(words[0]) or "-") if len(words) == 1 else "-"


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    one_letter = room.recognizers[Listening.ONE_LETTER]
    counts: dict[str, Counter[str]] = {letter: Counter() for letter in NATO}
    again: Counter[str] = Counter()
    first_seconds: list[float] = []
    again_seconds: list[float] = []
    for voice in room.voices:
        for index, (letter, word) in enumerate(NATO.items()):
            audio = voice.render(f"{word.capitalize()}.")
            for draw in range(room.draws):
                pcm = room.mixed(audio, index * room.draws + draw)
                started = time.process_time()
                got = heard_as(one_letter.decode(pcm) or Utterance(""))
                first_seconds.append(time.process_time() - started)
                counts[letter][got] += 1
                if got in (letter, "-", "no"):
                    continue
                started = time.process_time()
                second = one_letter.decode_within(pcm, (*letters_but(frozenset(got)), UNKNOWN))
                again_seconds.append(time.process_time() - started)
                then = heard_as(second or Utterance(""))
                again["right" if then == letter else "none" if then == "-" else "another"] += 1
    print(room.heading)
    mistaken: dict[str, Counter[str]] = {}
    for letter, heard in counts.items():
        total = sum(heard.values())
        others = ", ".join(f"{what} {n}" for what, n in heard.most_common() if what != letter)
        print(f"  {letter} ({NATO[letter]:8}) right {heard[letter]}/{total}; {others}")
        for what, n in heard.items():
            if what not in (letter, "-", "no"):
                mistaken.setdefault(what, Counter())[letter] += n
    print("  a letter heard wrongly, and what was said most often in its place:")
    for what, said in sorted(mistaken.items()):
        print(f"    {what} <- {', '.join(f'{letter} {n}' for letter, n in said.most_common(3))}")
    wrong = sum(again.values())
    print(
        f"  {wrong} heard as another letter, heard again without it: right {again['right']}, "
        f"another {again['another']}, none {again['none']}"
    )
    if again_seconds:
        first, second = statistics.median(first_seconds), statistics.median(again_seconds)
        print(
            f"  CPU s a reply, median: heard {first:.3f}, heard again without a letter {second:.3f} ({second / first:.2f}x)"
        )


if __name__ == "__main__":
    main()
