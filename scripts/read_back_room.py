"""The room a read-back measurement is made in (measure_spelling_styles.py, measure_yes_words.py): the simulated
table's TUNING voices, or its HELD-OUT ones to report and never to choose by; a noise bed at a signal-to-noise
ratio, or none; and the kiosk's two read-back lists, heard side by side as the kiosk hears a read-back."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.teams import TEAM_ORDER  # noqa: E402
from kiosk.engine.text import NATO_WORDS  # noqa: E402
from kiosk.voice.asr import Recognizer, Utterance, grammar_for, load_model  # noqa: E402
from kiosk.voice.grammar import SPELLING_WORDS, UNKNOWN  # noqa: E402
from kiosk.voice.listening import Listening, Recognizers  # noqa: E402
from kiosk.voice.model import default_model_path  # noqa: E402
from scripts.measure_hearing import Samples, mixed  # noqa: E402
from scripts.table.beds import bed  # noqa: E402
from scripts.table.voices import Voice, held_out_voices, tuning_voices  # noqa: E402

NATO_LIST = (
    *NATO_WORDS,
    *(team.value.lower() for team in TEAM_ORDER),
    *SPELLING_WORDS,
    UNKNOWN,
)
"""A letters list of the NATO words alone, with the team names and the words between a letter and its example."""


@dataclass(frozen=True)
class ReadBackRoom:
    voices: list[Voice]
    noise: Samples | None
    snr: float | None
    heading: str
    """Which voices, in which room: the line above the figures."""
    draws: int
    """Places in the bed each utterance is mixed at: `draws` in noise, one in a quiet room."""
    recognizers: Recognizers

    def mixed(self, audio: Samples, place: int) -> bytes:
        """The utterance in the room, the bed's noise taken from a place chosen by `place`."""
        return mixed(audio, self.noise, self.snr, place * 7919).tobytes()

    def heard(self, pcm: bytes) -> tuple[Utterance, Utterance | None]:
        """What the read-back list and the letters list beside it heard."""
        letters = self.recognizers.letters
        heard = self.recognizers[Listening.READ_BACK].decode(pcm) or Utterance("")
        return heard, letters.decode(pcm) if letters else None


def read_back_room(description: str, draws: int) -> ReadBackRoom:
    """The room the command line asks for: --snr DB, --bed babble|music, --held-out."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--snr", type=float, default=None, help="dB of the voice over the bed; none: clean")
    parser.add_argument("--bed", default="babble", choices=("babble", "music"))
    parser.add_argument("--held-out", action="store_true")
    parser.add_argument(
        "--letters-list",
        default="kiosk",
        choices=("kiosk", "nato"),
        help="nato: NATO words, team names and 'for', 'as in' alone beside the read-back list (tried, not adopted)",
    )
    arguments = parser.parse_args()
    voices = held_out_voices() if arguments.held_out else tuning_voices()
    noise = None
    if arguments.snr is not None:
        noise = bed(f"{arguments.bed}-held-out" if arguments.held_out else arguments.bed)
    room = "clean" if noise is None else f"{arguments.bed} at {arguments.snr:g} dB"
    which = "held-out" if arguments.held_out else "tuning"
    heading = f"{which} voices ({', '.join(voice.name for voice in voices)}), {room}:"
    recognizers = Recognizers(load_model(default_model_path()))
    if arguments.letters_list == "nato":
        recognizers.letters = Recognizer(recognizers.model, grammar=grammar_for(recognizers.model, NATO_LIST))
        heading = f"{heading[:-1]}, NATO words list:"
    return ReadBackRoom(voices, noise, arguments.snr, heading, draws if noise is not None else 1, recognizers)
