"""A letter taken one at a time (kiosk.voice.letter_by_letter) said by its name ("P.") instead of its word
("Papa."): whether a letter whose word the room keeps losing would come through so. Each letter is said by
its name and heard through the letter names alone, or by its word and heard through the one-letter list's
words, for up to TRIES replies, each heard without the letters said no to before it in its place (as
letter_by_letter.past_refused hears a word). A reply heard as no letter is said again.

    nice -n 10 .venv/bin/python scripts/measure_letter_names.py [--snr DB] [--bed babble|music] [--held-out]

Each letter is said by each TUNING voice of the simulated table (scripts/table/voices.py), mixed into a
noise bed (none without --snr) at DRAWS places, each try at a place of its own. --held-out uses the
held-out voices and beds instead, to report, never to choose by.

Tuning voices in babble at 10 dB, of 468: by name right at once 214, within four tries 361; by word 364 and
443 (Piper renders with randomness: a run moves by a few); over music 318 and 416, against 444 and 447. Held out
(reported), babble, of 936: by name 254 and 524, by word 590 and 777. Not adopted: a name is no way round a
word the room loses.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.text import LETTER_NAMES, NATO_WORDS, letter_of  # noqa: E402
from kiosk.voice.asr import Utterance  # noqa: E402
from kiosk.voice.grammar import UNKNOWN, letters_but  # noqa: E402
from kiosk.voice.listening import Listening  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402
from scripts.table.kiosk_lines import NATO  # noqa: E402

DRAWS = 6
TRIES = 4

NAMES = tuple(name for name in LETTER_NAMES if name not in NATO_WORDS and len(name) > 1)
"""Every letter's name as the recogniser writes it ("pee", "pea"), without the NATO words."""


def names_but(refused: frozenset[str]) -> tuple[str, ...]:
    """The letter names alone, but those of `refused`."""
    return (*(name for name in NAMES if LETTER_NAMES[name] not in refused), UNKNOWN)


def words_but(refused: frozenset[str]) -> tuple[str, ...]:
    """The one-letter list's words, but those of `refused`."""
    return (*letters_but(refused), UNKNOWN)


def heard_letter(heard: Utterance | None) -> str | None:
    words = heard.text.split() if heard is not None else []
    return letter_of(words[0]) if len(words) == 1 else None


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    recognizer = room.recognizers[Listening.ONE_LETTER]
    ways: dict[str, tuple[Callable[[str, str], str], Callable[[frozenset[str]], tuple[str, ...]]]] = {
        "by name": (lambda letter, _: f"{letter.upper()}.", names_but),
        "by word": (lambda _, word: f"{word.capitalize()}.", words_but),
    }
    taken: dict[str, Counter[int]] = {way: Counter() for way in ways}
    for voice in room.voices:
        for index, (letter, word) in enumerate(NATO.items()):
            for way, (said, phrases) in ways.items():
                audio = voice.render(said(letter, word))
                for draw in range(room.draws):
                    refused: frozenset[str] = frozenset()
                    for attempt in range(1, TRIES + 1):
                        pcm = room.mixed(audio, (index * room.draws + draw) * (TRIES + 1) + attempt - 1)
                        got = heard_letter(recognizer.decode_within(pcm, phrases(refused)))
                        if got == letter:
                            taken[way][attempt] += 1
                            break
                        refused |= {got} if got else frozenset()
                    else:
                        taken[way][0] += 1
    print(room.heading)
    for way, counts in taken.items():
        total = sum(counts.values())
        within = [sum(counts[attempt] for attempt in range(1, last + 1)) for last in range(1, TRIES + 1)]
        print(
            f"  {way}: of {total}, right at once {within[0]}; within "
            + ", ".join(f"{n} tries {w}" for n, w in enumerate(within[1:], 2))
        )


if __name__ == "__main__":
    main()
