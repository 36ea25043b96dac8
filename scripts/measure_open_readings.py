"""How the open recogniser hears answers on its single best path, with its n-best readings kept
(listening.OPEN_READINGS) for every answer, and as the kiosk hears them: on the best path, an answer heard
opening with a stall heard again with n-best readings and taken as one that locks (misheard_stall.py).

    nice -n 10 .venv/bin/python scripts/measure_open_readings.py [--held-out]

Every team's written answer in the simulated table's scripts is said the way the adult reads it ("Bats, barn
owl.") by each voice of the TUNING set, or with --held-out the HELD-OUT set (to report, never to choose by),
clean and in babble and music at 10 dB SNR (measure_hearing.mixed). Each is heard by three open
recognisers fed the same audio, as the kiosk feeds one: best path only; n-best, its likeliest reading; and
the kiosk's way. Prints, per condition, the
answers heard word for word, those whose first word is the right team, those whose words lock nothing
(opening with a stall), and the word error rate on the answers' words; and the CPU seconds each spent.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.phrase import Outcome, extract  # noqa: E402
from kiosk.voice.asr import Recognizer, Utterance, joined, load_model  # noqa: E402
from kiosk.voice.listening import OPEN_READINGS  # noqa: E402
from kiosk.voice.misheard_stall import misheard_stall, reading_that_locks  # noqa: E402
from kiosk.voice.model import default_model_path  # noqa: E402
from scripts.measure_hearing import mixed  # noqa: E402
from scripts.measure_second_opinion import answers, scored  # noqa: E402
from scripts.table.beds import bed  # noqa: E402
from scripts.table.voices import held_out_voices, tuning_voices  # noqa: E402

SNR_DB = 10.0
STEP = 3200
"""Bytes fed at a time: 0.1 s, as the kiosk's microphone gives them."""
WAYS = ("best path", "n-best", "the kiosk's way")


def pieces_of(recognizer: Recognizer, pcm: bytes) -> list[Utterance]:
    """The utterances the recogniser's endpoint closes in the audio, and the last one finished."""
    pieces = [piece for at in range(0, len(pcm), STEP) if (piece := recognizer.feed(pcm[at : at + STEP]))]
    last = recognizer.finish()
    recognizer.reset()
    return [*pieces, *([last] if last is not None else [])]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--held-out", action="store_true")
    arguments = parser.parse_args()
    if arguments.held_out:
        voices, beds = held_out_voices(), {"babble": "babble-held-out", "music": "music-held-out"}
    else:
        voices, beds = tuning_voices(), {"babble": "babble", "music": "music"}
    model = load_model(default_model_path())
    best, nbest = Recognizer(model), Recognizer(model, alternatives=OPEN_READINGS)
    said = answers()
    print(f"{'held-out' if arguments.held_out else 'tuning'} voices: {', '.join(v.name for v in voices)}")
    cpu: Counter[str] = Counter()
    for condition, noise in [
        ("clean", None),
        *((f"{kind} {SNR_DB:g} dB", bed(name)) for kind, name in beds.items()),
    ]:
        tally: Counter[tuple[str, str]] = Counter()
        count = 0
        for number, voice in enumerate(voices):
            for index, (team, answer) in enumerate(said):
                speech = voice.render(f"{team.value}, {answer}.")
                audio = mixed(
                    speech, noise, SNR_DB if noise is not None else None, index * 7919 + number * 104729
                )
                pcm = audio.tobytes()
                count += 1
                heard: dict[str, str] = {}
                for way, recognizer in ((WAYS[0], best), (WAYS[1], nbest)):
                    start = time.process_time()
                    first = joined(pieces_of(recognizer, pcm))
                    cpu[way] += time.process_time() - start
                    heard[way] = first.text if first else ""
                    if way == WAYS[0]:
                        kiosk = first
                        if first is not None and misheard_stall(first) is not None:
                            start = time.process_time()
                            kiosk = reading_that_locks(first, best.readings_of(pcm, OPEN_READINGS))
                            cpu[WAYS[2]] += time.process_time() - start
                        heard[WAYS[2]] = kiosk.text if kiosk else ""
                for way, text in heard.items():
                    score = scored(team, answer, text)
                    words = text.split()
                    locks = extract(" ".join(words[1:])).outcome is not Outcome.NOTHING if words else False
                    tally[(way, "exact")] += score.answer_exact
                    tally[(way, "team")] += score.team_right
                    tally[(way, "nothing")] += not locks
                    tally[(way, "errors")] += score.answer_errors
                    tally[(way, "words")] += score.answer_words
        for way in WAYS:
            rate = tally[(way, "errors")] / max(1, tally[(way, "words")])
            print(
                f"  {condition:14} {way:27} word for word {tally[(way, 'exact')]:3}/{count}  "
                f"team first {tally[(way, 'team')]:3}/{count}  locks nothing {tally[(way, 'nothing')]:3}  "
                f"word error {rate:.2f}",
                flush=True,
            )
    print(
        f"CPU seconds: best path {cpu[WAYS[0]]:.1f}, n-best {cpu[WAYS[1]]:.1f}, "
        f"stalls heard again {cpu[WAYS[2]]:.1f}"
    )


if __name__ == "__main__":
    main()
