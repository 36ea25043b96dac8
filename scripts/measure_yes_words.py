"""Which word for "the read-back is right" the read-back lists hear best in party noise: the kiosk asks for the
winner once a yes has been missed twice (kiosk.voice.answering.NOT_CAUGHT_AGAIN).

    nice -n 10 .venv/bin/python scripts/measure_yes_words.py [--snr DB] [--bed babble|music] [--held-out]

Each word is said by each TUNING voice of the simulated table (scripts/table/voices.py), mixed into a noise
bed (none without --snr) at several places, and heard as the kiosk hears a read-back: the read-back list and
the letters list beside it, a yes with a spelling's worth of letters beside it doubted
(listening.yes_over_a_spelling). Prints, per word, the takes heard as a yes the kiosk would rule on, and
those heard as a spelled fix (which would change an answer: the harm a missed yes can do). --held-out uses
the held-out voices and beds instead, to report, never to choose by.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.commands import is_yes  # noqa: E402
from kiosk.engine.spelling import spelled_word  # noqa: E402
from kiosk.engine.teams import Team  # noqa: E402
from kiosk.voice.asr import Utterance, load_model  # noqa: E402
from kiosk.voice.listening import (  # noqa: E402
    Listening,
    Recognizers,
    with_letters,
    yes_over_a_spelling,
)
from kiosk.voice.model import default_model_path  # noqa: E402
from scripts.measure_hearing import mixed  # noqa: E402
from scripts.table.beds import bed  # noqa: E402
from scripts.table.voices import held_out_voices, tuning_voices  # noqa: E402

WORDS = ("Yes.", "Yeah.", "Correct.", "That's right.", "Right.", "Okay.")
TAKES = 8
"""Places in the bed each word is mixed at (clean: said once)."""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--snr", type=float, default=None, help="dB of the voice over the bed; none: clean")
    parser.add_argument("--bed", default="babble", choices=("babble", "music"))
    parser.add_argument("--held-out", action="store_true")
    arguments = parser.parse_args()
    voices = held_out_voices() if arguments.held_out else tuning_voices()
    noise = None
    if arguments.snr is not None:
        noise = bed(f"{arguments.bed}-held-out" if arguments.held_out else arguments.bed)
    takes = TAKES if noise is not None else 1
    recognizers = Recognizers(load_model(default_model_path()))
    read_back, letters = recognizers[Listening.READ_BACK], recognizers.letters
    counted: Counter[tuple[str, str]] = Counter()
    for voice in voices:
        for index, word in enumerate(WORDS):
            audio = voice.render(word)
            for take in range(takes):
                pcm = mixed(audio, noise, arguments.snr, (index * takes + take) * 7919).tobytes()
                heard = read_back.decode(pcm) or Utterance("")
                beside = letters.decode(pcm) if letters else None
                if is_yes(heard.text.replace("'", "")) and not yes_over_a_spelling(heard, beside):
                    counted[(word, "yes")] += 1
                    continue
                said = with_letters(heard, beside).text.split()
                named = Team.from_name(said[0]) if said else None
                counted[(word, "spelling")] += spelled_word(said[1:] if named else said) is not None
    room = "clean" if arguments.snr is None else f"{arguments.bed} at {arguments.snr:g} dB"
    total = len(voices) * takes
    which = "held-out" if arguments.held_out else "tuning"
    print(f"{which} voices ({', '.join(voice.name for voice in voices)}), {room}:")
    for word in WORDS:
        print(
            f"  {word:14} yes {counted[(word, 'yes')]:3}/{total}  heard as a spelling {counted[(word, 'spelling')]}"
        )


if __name__ == "__main__":
    main()
