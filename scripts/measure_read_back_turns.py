"""Whether a spelled fix said in a noisy room comes out of the kiosk's turn-taking as one utterance.

    nice -n 10 .venv/bin/python scripts/measure_read_back_turns.py [--snr DB] [--bed babble|music] [--held-out]

A spelling said slowly ("Bats. Tango. Uniform. Romeo.") pauses after each word. Where the kiosk ends the
utterance inside it, the team and first letters go one way and the rest another: the kiosk asks whose the
tail was, or that the whole word be spelled again. Each word is spelled after a team name by each TUNING
voice of the simulated table, in the two ways the kiosk asks for (a word for each letter; the same,
slowly), mixed into a noise bed (none without --snr) at DRAWS places with the bed going on after it, and
streamed through the kiosk's own listening (VoiceKiosk.utterances: its recognisers, end of speech and
turn-taking) in the read-back. Prints, per style, the spellings heard as one utterance, and those whose
team and word (within Rule 8's slips) came out right; on stderr, each spelling heard in pieces.
--held-out uses the held-out voices and beds instead, to report, never to choose by.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk import Host, KeySource  # noqa: E402
from kiosk.engine.matching import slip_budget, slips  # noqa: E402
from kiosk.engine.night import Phase  # noqa: E402
from kiosk.engine.spelling import spelled_word  # noqa: E402
from kiosk.engine.teams import TEAM_ORDER, Team  # noqa: E402
from kiosk.keys import load_practice  # noqa: E402
from kiosk.table import Table  # noqa: E402
from kiosk.voice.asr import SAMPLE_RATE  # noqa: E402
from kiosk.voice.audio import CHUNK_SECONDS, Chunk, WavOutput  # noqa: E402
from kiosk.voice.kiosk import VoiceKiosk  # noqa: E402
from kiosk.voice.listening import Listening, Recognizers  # noqa: E402
from kiosk.voice.tts import Speaker  # noqa: E402
from scripts.measure_hearing import Samples  # noqa: E402
from scripts.measure_spelling_styles import WORDS, spelled  # noqa: E402
from scripts.read_back_room import ReadBackRoom, read_back_room  # noqa: E402

STYLES = ("words alone", "words, slowly")
DRAWS = 3
AFTER_SECONDS = 2.5
"""The room's noise going on after the spelling: long enough for the longest wait to end the utterance."""
TO_READ_BACK = ("two", "voice", "wings and webs one", "bats fly", "ghosts they glide")
"""Typed into the night to reach the read-back of a two-team question (the practice key's D1)."""


class Streamed:
    """Audio as the microphone would give it, in chunks, read faster than real time."""

    realtime = False

    def __init__(self, samples: np.ndarray) -> None:
        self.samples = samples

    def chunks(self) -> Iterator[Chunk]:
        step = int(CHUNK_SECONDS * SAMPLE_RATE)
        for offset in range(0, len(self.samples), step):
            yield Chunk(self.samples[offset : offset + step].tobytes(), offset / SAMPLE_RATE)


def at_the_read_back(recognizers: Recognizers, folder: Path, screen: TextIO) -> VoiceKiosk:
    """A kiosk whose night is waiting at a read-back, listening the way it would there."""
    table = Table(Host(load_practice().key, source=KeySource.PRACTICE))
    output = WavOutput(folder / "kiosk.wav")
    kiosk = VoiceKiosk(table, None, Speaker(), output, printout=screen, recognizer_set=recognizers)
    table.opening()
    for message in TO_READ_BACK:
        table.hear(message)
    assert table.night is not None and table.night.phase is Phase.READBACK, (
        "the night is not at its read-back"
    )
    return kiosk


def heard_in_turns(
    kiosk: VoiceKiosk, room: ReadBackRoom, audio: Samples, place: int, way: Listening
) -> list[str]:
    """What the kiosk's own turn-taking makes of `audio` said in the room (its bed at `place`, going on for
    AFTER_SECONDS after it): the words of each utterance heard `way`, in order."""
    padded = np.concatenate([audio, np.zeros(int(AFTER_SECONDS * SAMPLE_RATE), dtype=audio.dtype)])
    kiosk.recognizers.reset()
    kiosk.end_of_speech.reset()
    samples = np.frombuffer(room.mixed(padded, place), dtype=np.int16)
    return [
        utterance.text
        for utterance, _, heard_way in kiosk.utterances(Streamed(samples))
        if heard_way is way and utterance.text
    ]


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    counts: Counter[tuple[str, str]] = Counter()
    with tempfile.TemporaryDirectory() as folder, open(os.devnull, "w") as screen:
        kiosk = at_the_read_back(room.recognizers, Path(folder), screen)
        for voice in room.voices:
            for index, word in enumerate(WORDS):
                team = TEAM_ORDER[index % 2]
                for style in STYLES:
                    audio = voice.render(f"{team.value}. {spelled(word, style)}.")
                    for draw in range(room.draws):
                        place = index * room.draws + draw
                        heard = heard_in_turns(kiosk, room, audio, place, Listening.READ_BACK)
                        counts[(style, "one")] += len(heard) == 1
                        if len(heard) != 1:
                            print(f"{voice.name} {style}: {' | '.join(heard) or '-'}", file=sys.stderr)
                        said = heard[0].split() if len(heard) == 1 else []
                        named = Team.from_name(said[0]) if said else None
                        got = spelled_word(said[1:] if named else said)
                        budget = slip_budget(word)
                        near = got is not None and slips(got, word, budget) <= budget
                        counts[(style, "right")] += named is team and near
    total = len(room.voices) * len(WORDS) * room.draws
    print(room.heading)
    for style in STYLES:
        one, right = counts[(style, "one")], counts[(style, "right")]
        print(f"  {style:14} one utterance {one}/{total}  team and word right {right}/{total}")


if __name__ == "__main__":
    main()
