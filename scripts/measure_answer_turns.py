"""Whether an answer said in a noisy room ("Bats, barn owl.") comes out of the kiosk's turn-taking as one
utterance that opens with its team's name.

    nice -n 10 .venv/bin/python scripts/measure_answer_turns.py [--snr DB] [--bed babble|music] [--held-out]

The reader pauses after the team's name. Where the kiosk ends the utterance in that pause, the name is heard
alone or as nothing, and the answer after it comes with no name: the kiosk must ask whose it was, or gives
it to the team it called. Every team's written answer in the simulated table's scripts is said the way the
adult reads it by each TUNING voice, mixed into a noise bed (none without --snr) with the bed going on after
it, and streamed through the kiosk's own listening (VoiceKiosk.utterances: its recognisers, end of speech
and turn-taking) while answers come in. Prints the answers heard as one utterance, those whose first
utterance opens with the right team, and those heard word for word; on stderr, each answer heard in
pieces. --held-out uses the held-out voices and beds instead, to report, never to choose by.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk import Host, KeySource  # noqa: E402
from kiosk.engine.night import Phase  # noqa: E402
from kiosk.engine.teams import Team  # noqa: E402
from kiosk.engine.text import words_of  # noqa: E402
from kiosk.keys import load_practice  # noqa: E402
from kiosk.table import Table  # noqa: E402
from kiosk.voice.audio import WavOutput  # noqa: E402
from kiosk.voice.kiosk import VoiceKiosk  # noqa: E402
from kiosk.voice.listening import Listening, Recognizers  # noqa: E402
from kiosk.voice.tts import Speaker  # noqa: E402
from scripts.measure_read_back_turns import heard_in_turns  # noqa: E402
from scripts.measure_second_opinion import answers  # noqa: E402
from scripts.read_back_room import read_back_room  # noqa: E402

DRAWS = 2
TO_ANSWERS = ("four", "voice", "wings and webs one")
"""Typed into the night to reach a four-team question's answers (the practice key's D1)."""


def at_the_answers(recognizers: Recognizers, folder: Path, screen: TextIO) -> VoiceKiosk:
    """A kiosk whose night is waiting for answers, listening the way it would there."""
    table = Table(Host(load_practice().key, source=KeySource.PRACTICE))
    kiosk = VoiceKiosk(
        table, None, Speaker(), WavOutput(folder / "kiosk.wav"), printout=screen, recognizer_set=recognizers
    )
    table.opening()
    for message in TO_ANSWERS:
        table.hear(message)
    assert table.night is not None and table.night.phase is Phase.QUESTION, "the night is not taking answers"
    return kiosk


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    counts: Counter[str] = Counter()
    said = answers()
    with tempfile.TemporaryDirectory() as folder, open(os.devnull, "w") as screen:
        kiosk = at_the_answers(room.recognizers, Path(folder), screen)
        for voice in room.voices:
            for index, (team, answer) in enumerate(said):
                audio = voice.render(f"{team.value}, {answer}.")
                for draw in range(room.draws):
                    place = index * room.draws + draw
                    heard = heard_in_turns(kiosk, room, audio, place, Listening.ANSWERS)
                    counts["one"] += len(heard) == 1
                    first = heard[0].split() if heard else []
                    counts["team"] += bool(first) and Team.from_name(first[0]) is team
                    counts["whole"] += heard == [f"{team.value.lower()} {words_of(answer)}"]
                    if len(heard) != 1 or not first or Team.from_name(first[0]) is not team:
                        print(
                            f"{voice.name} {team.value}, {answer}: {' | '.join(heard) or '-'}",
                            file=sys.stderr,
                        )
    total = len(room.voices) * len(said) * room.draws
    print(room.heading)
    print(
        f"  one utterance {counts['one']}/{total}  opens with its team {counts['team']}/{total}  "
        f"word for word {counts['whole']}/{total}"
    )


if __name__ == "__main__":
    main()
