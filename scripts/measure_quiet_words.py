"""How many answers the kiosk hears word for word with and without the words far quieter than the answer's own
voice (kiosk.voice.reader.loud_words, used in a loud room).

    nice -n 10 .venv/bin/python scripts/measure_quiet_words.py [--held-out] [--quieter-db 6,8,10,12]

Every team's written answer in the simulated table's scripts is said the way the adult reads it ("Bats, barn
owl.") by each voice of the TUNING set (the project's voices and beds), or with --held-out the HELD-OUT set
(scripts/table/voices.py, scripts/table/beds.py: to report, never to choose by), clean and in babble and
music at 10 dB SNR (scripts/measure_hearing.py's `mixed`: half a second of the room before the speech and
a second and a half after it). Each is heard as the kiosk hears an answer (the open recogniser, led by the
name list's team: measure_second_opinion.vosk_read), then without the words QUIETER_DB or more below the
whole's voiced level, for each level given. Prints, per condition and level, the answers heard word for
word, those whose first word is the right team, and the word error rate on the answers' words.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import kiosk.voice.reader as reader  # noqa: E402
from kiosk.voice.asr import load_model  # noqa: E402
from kiosk.voice.listening import Recognizers  # noqa: E402
from kiosk.voice.model import default_model_path  # noqa: E402
from scripts.measure_hearing import mixed  # noqa: E402
from scripts.measure_second_opinion import answers, scored, vosk_read  # noqa: E402
from scripts.table.beds import bed  # noqa: E402
from scripts.table.voices import held_out_voices, tuning_voices  # noqa: E402

SNR_DB = 10.0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--held-out", action="store_true")
    parser.add_argument("--quieter-db", default=str(reader.QUIETER_DB), help="comma-separated levels to try")
    arguments = parser.parse_args()
    levels: list[float | None] = [None, *(float(level) for level in arguments.quieter_db.split(","))]
    if arguments.held_out:
        voices, beds = held_out_voices(), {"babble": "babble-held-out", "music": "music-held-out"}
    else:
        voices, beds = tuning_voices(), {"babble": "babble", "music": "music"}
    recognizers = Recognizers(load_model(default_model_path()))
    said = answers()
    which = "held-out" if arguments.held_out else "tuning"
    print(f"{which} voices: {', '.join(voice.name for voice in voices)}")
    for condition, noise in [
        ("clean", None),
        *((f"{kind} {SNR_DB:g} dB", bed(name)) for kind, name in beds.items()),
    ]:
        tally: Counter[tuple[float | None, str]] = Counter()
        count = 0
        for number, voice in enumerate(voices):
            for index, (team, answer) in enumerate(said):
                speech = voice.render(f"{team.value}, {answer}.")
                snr = SNR_DB if noise is not None else None
                audio = mixed(speech, noise, snr, index * 7919 + number * 104729)
                heard, _ = vosk_read(recognizers, audio)
                end = recognizers.open.fed
                count += 1
                for level in levels:
                    text = ""
                    if heard is not None and level is None:
                        text = heard.text
                    elif heard is not None and level is not None:
                        reader.QUIETER_DB = level  # the kiosk's own function, at the level tried
                        text = reader.loud_words(heard, audio.tobytes(), end).text
                    score = scored(team, answer, text)
                    tally[(level, "exact")] += score.answer_exact
                    tally[(level, "team")] += score.team_right
                    tally[(level, "errors")] += score.answer_errors
                    tally[(level, "words")] += score.answer_words
        for level in levels:
            name = "all words" if level is None else f"{level:g} dB"
            exact, team = tally[(level, "exact")], tally[(level, "team")]
            rate = tally[(level, "errors")] / max(1, tally[(level, "words")])
            print(
                f"  {condition:14} {name:10} word for word {exact:3}/{count}  team first {team:3}/{count}  "
                f"word error {rate:.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
