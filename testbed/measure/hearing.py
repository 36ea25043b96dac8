"""How surely the kiosk hears who is answering, spelled fixes, years and closed sets, by way of hearing.

    python -m testbed.measure hearing [--model DIR] [--only labels,spelling,years,closed] [--quick]
        [--front-end SUPPRESSION,GAIN_DBFS | rnnoise | deepfilter] [--noise babble,music] [--held-out-only]
        [--bed-shift SAMPLES]

Each utterance is rendered by a voice, mixed into a noise bed at a signal-to-noise ratio (measured over the
speech), and decoded by the kiosk's own recognisers (listening.py) one way and another. Figures are printed
per voice set and condition, the TUNING set (the voices of the recorded tables: espeak-ng gmw/en-us at
165 and 125 words a minute, Piper's joe voice; their babble and music beds) apart from the HELD-OUT set,
which nothing was tuned on: espeak-ng voices and pitches the tables never use, Debian's flite voices, a
babble bed of flite voices reading other text, and the simulated table's held-out music bed
(testbed/table/beds.py).

A front end (noise suppression in front of the recogniser) is run on every utterance, with fresh state for
RNNoise and DeepFilterNet; its CPU seconds per second of audio are printed at the end.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import wave
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np
import numpy.typing as npt

from kiosk.engine.spelling import spelled_word
from kiosk.engine.teams import TEAM_ORDER, Team
from kiosk.engine.years import parse_year
from kiosk.voice.asr import SAMPLE_RATE, Recognizer, Utterance, grammar_for, load_model
from kiosk.voice.audio import resample
from kiosk.voice.grammar import UNKNOWN, read_back, spelling, years
from kiosk.voice.listening import Recognizers, with_label
from kiosk.voice.model import default_model_path
from testbed.measure.front_ends import front_end

ROOT = Path(__file__).resolve().parents[2]

Samples = npt.NDArray[np.int16]
NOISE = ROOT / "audio_fixtures" / "noise"


@dataclass(frozen=True)
class Voice:
    name: str
    render: Callable[[str], Samples]


def _wav(path: Path) -> Samples:
    with wave.open(str(path)) as file:
        rate = file.getframerate()
        samples = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
    return resample(samples, rate, SAMPLE_RATE)


def espeak(voice: str, rate: int, pitch: int = 50) -> Voice:
    def render(text: str) -> Samples:
        with tempfile.NamedTemporaryFile(suffix=".wav") as out:
            subprocess.run(
                ["espeak-ng", "-v", voice, "-s", str(rate), "-p", str(pitch), "-w", out.name, text],
                check=True,
            )
            return _wav(Path(out.name))

    return Voice(f"espeak-ng {voice} {rate} p{pitch}", render)


def flite(voice: str) -> Voice:
    def render(text: str) -> Samples:
        with tempfile.NamedTemporaryFile(suffix=".wav") as out:
            subprocess.run(["flite", "-voice", voice, "-t", text, "-o", out.name], check=True)
            return _wav(Path(out.name))

    return Voice(f"flite {voice}", render)


def piper() -> Voice:
    from kiosk.config import Engine, SpeakerSettings
    from kiosk.voice.piper import PiperVoice

    loaded = PiperVoice(SpeakerSettings(rate=170, engine=Engine.PIPER))

    def render(text: str) -> Samples:
        speech = loaded.render(text)
        return resample(speech.samples, speech.rate, SAMPLE_RATE)

    return Voice("piper joe", render)


def tuning_voices() -> list[Voice]:
    return [espeak("gmw/en-us", 165), espeak("gmw/en-us", 125), piper()]


def held_out_voices() -> list[Voice]:
    return [
        espeak("gmw/en-GB-scotland", 150, 35),
        espeak("gmw/en-029", 140, 70),
        espeak("gmw/en-GB-x-gbclan", 175, 60),
        flite("slt"),
        flite("rms"),
        flite("awb"),
    ]


HELD_OUT_BABBLE_TEXT = [
    "The bus was late again so we walked the long way round by the river.",
    "Have you tried the new bakery on the corner, their bread is lovely.",
    "I think the match on Saturday was the best game of the season so far.",
    "My sister is moving to a flat near the station next month.",
    "Could you turn the heating up a little, it is getting cold in here.",
    "We should book the tickets before the prices go up in the spring.",
]


def held_out_babble() -> Samples:
    """Six flite and espeak voices the tables never use, reading everyday talk at once, 40 s long."""
    voices = [flite("kal16"), flite("rms"), flite("slt"), flite("awb"), espeak("gmw/en-GB-x-rp", 160, 30)]
    length = 40 * SAMPLE_RATE
    bed = np.zeros(length, dtype=np.float64)
    rng = np.random.default_rng(7)
    for index, voice in enumerate(voices):
        speech = np.concatenate([voice.render(text) for text in np.roll(HELD_OUT_BABBLE_TEXT, index)])
        speech = np.tile(speech, length // len(speech) + 1)[:length].astype(np.float64)
        speech *= rng.uniform(0.6, 1.0) / max(1.0, float(np.sqrt(np.mean(speech**2))))
        bed += np.roll(speech, int(rng.integers(0, length)))
    return (bed / np.sqrt(np.mean(bed**2)) * 3000).astype(np.int16)


def held_out_music() -> Samples:
    """The simulated table's held-out music bed (plucked strings in three-four), made in memory, not cached."""
    from testbed.table.beds import _held_out_music

    return _held_out_music()


def mixed(speech: Samples, noise: Samples | None, snr_db: float | None, at: int) -> Samples:
    """Speech padded with quiet room either side, with noise from `at` in the bed at the given ratio."""
    pad = np.zeros(SAMPLE_RATE // 2, dtype=np.float64)
    clean = np.concatenate([pad, speech.astype(np.float64), pad, pad])
    hiss = np.random.default_rng(at).normal(0, 20, len(clean))
    if noise is None or snr_db is None:
        return np.clip(clean + hiss, -32768, 32767).astype(np.int16)
    bed = np.tile(noise, len(clean) // len(noise) + 2)[at % len(noise) :][: len(clean)].astype(np.float64)
    voiced = speech.astype(np.float64)
    speech_rms = float(np.sqrt(np.mean(voiced[np.abs(voiced) > 100] ** 2)))
    bed *= speech_rms / (float(np.sqrt(np.mean(bed**2))) * 10 ** (snr_db / 20))
    return np.clip(clean + bed + hiss, -32768, 32767).astype(np.int16)


ANSWERS = [
    "a big brass button", "all saints day", "a little owl", "barmbrack", "bram stoker", "mary shelley",
    "echolocation", "the hungry ghost festival", "pellets", "samhain", "a broomstick", "mutton",
]  # fmt: skip
SPELLED = ["button", "stoker", "owl", "brack", "pellets", "samhain"]
YEARS = [("eighteen ninety", 1890), ("nineteen oh five", 1905), ("about eighteen fifty", 1850),
         ("seventeen ninety seven", 1797), ("two thousand and five", 2005), ("eighteen hundred", 1800)]  # fmt: skip


def spelled_aloud(word: str, style: int) -> str:
    """A word spelled as a reader would: letters with pauses, letter names, or NATO words."""
    nato = {"b": "bravo", "u": "uniform", "t": "tango", "o": "oscar", "n": "november", "s": "sierra",
            "k": "kilo", "e": "echo", "r": "romeo", "w": "whiskey", "l": "lima", "a": "alpha", "c": "charlie",
            "p": "papa", "m": "mike", "h": "hotel", "i": "india"}  # fmt: skip
    if style == 1:
        return ", ".join(nato[letter] for letter in word)
    return ", ".join(letter.upper() for letter in word)


def decoded(recognizer: Recognizer, pcm: bytes) -> Utterance | None:
    return recognizer.decode(pcm)


def label_of(text: str) -> Team | None:
    words = text.split()
    return Team.from_name(words[0]) if words else None


def measure_labels(recognizers: Recognizers, cases: list[tuple[Team, Samples]]) -> Counter[str]:
    """Each answer's leading team as the open recogniser alone hears it, and with the name list beside."""
    counts: Counter[str] = Counter()
    labels = recognizers.labels
    assert labels is not None
    for team, audio in cases:
        pcm = audio.tobytes()
        since, label_since = recognizers.open.fed, labels.fed
        heard = decoded(recognizers.open, pcm)
        beside = decoded(labels, pcm)
        text = heard.text if heard else ""
        for way, found in (
            ("open", label_of(text)),
            ("with list", label_of(with_label(heard, since, beside, label_since).text) if heard else None),
        ):
            counts[f"{way} right"] += found is team
            counts[f"{way} wrong team"] += found is not None and found is not team
            counts[f"{way} no name (asked)"] += found is None
        counts["n"] += 1
    return counts


def fix_of(text: str) -> tuple[Team | None, str | None]:
    """A spelled fix as the engine reads it: the team opening it and the word its letters spell."""
    words = text.split()
    if not words:
        return None, None
    team = Team.from_name(words[0])
    return team, spelled_word(words[1:] if team else words)


def measure_spelling(
    model: object, recognizers: Recognizers, cases: list[tuple[Team, str, Samples]]
) -> Counter[str]:
    """Spelled fixes heard through the read-back list (everything the table may say then) and through a
    letters-only list with the team names; the team also from the team-name list beside."""
    ways = {
        "read-back list": Recognizer(model, grammar=grammar_for(model, (*read_back(), UNKNOWN))),
        "letters list": Recognizer(model, grammar=grammar_for(model, (*spelling(), UNKNOWN))),
    }
    labels = recognizers.labels
    assert labels is not None
    counts: Counter[str] = Counter()
    for team, word, audio in cases:
        pcm = audio.tobytes()
        label_since = labels.fed
        beside = labels.decode(pcm)
        for name, recognizer in ways.items():
            since = recognizer.fed
            heard = recognizer.decode(pcm)
            text = heard.text if heard else ""
            found, spelled = fix_of(text)
            counts[f"{name}: team right"] += found is team
            counts[f"{name}: team wrong"] += found is not None and found is not team
            counts[f"{name}: word right"] += spelled == word
            if heard is not None:
                listed = with_label(heard, since, beside, label_since).text
                found, _ = fix_of(listed)
                counts[f"{name} + name list: team right"] += found is team
                counts[f"{name} + name list: team wrong"] += found is not None and found is not team
        counts["n"] += 1
    return counts


def measure_years(model: object, cases: list[tuple[Team, int, Samples]]) -> Counter[str]:
    """Candle-End years heard with the full vocabulary and through the kiosk's number-words list."""
    ways = {
        "open": Recognizer(model),
        "number list": Recognizer(model, grammar=grammar_for(model, (*years(), UNKNOWN))),
    }
    counts: Counter[str] = Counter()
    for team, year, audio in cases:
        pcm = audio.tobytes()
        for name, recognizer in ways.items():
            heard = recognizer.decode(pcm)
            words = heard.text.split() if heard else []
            counts[f"{name}: team right"] += bool(words) and Team.from_name(words[0]) is team
            counts[f"{name}: year right"] += parse_year(" ".join(words[1:])) == year
        counts["n"] += 1
    return counts


CLOSED = [("D, three.", "d three"), ("Old Customs, two.", "old customs two"), ("End the night.", "end the night"),
          ("What's the score?", "what's the score"), ("Yes.", "yes"), ("Two teams.", "two teams"),
          ("B, one.", "b one"), ("Repeat.", "repeat"), ("Bats, four.", "bats four")]  # fmt: skip


def measure_closed(recognizers: Recognizers, cases: list[tuple[str, Samples]]) -> Counter[str]:
    """Picks, commands, counts and yes between questions, through the closed list and corrected to the
    nearest phrase, as the kiosk hears them."""
    from kiosk.voice.grammar import between_questions, nearest
    from kiosk.voice.listening import Listening

    counts: Counter[str] = Counter()
    recognizer = recognizers[Listening.BETWEEN_QUESTIONS]
    for expected, audio in cases:
        heard = recognizer.decode(audio.tobytes())
        text = nearest(heard.text, between_questions(), alternatives=heard.alternatives) if heard else ""
        counts["right"] += text == expected
        counts["other phrase (wrong)"] += text != expected and text in between_questions()
        counts["n"] += 1
    return counts


def show(kind: str, set_name: str, condition: str, total: Counter[str]) -> None:
    n = total.pop("n")
    shown = ", ".join(f"{key} {value}/{n}" for key, value in sorted(total.items()))
    print(f"{kind} | {set_name} | {condition} | {shown}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--model", type=Path, default=None)
    parser.add_argument("--quick", action="store_true", help="fewer utterances per voice")
    parser.add_argument("--only", default="labels,spelling,years,closed", help="comma-separated sections")
    parser.add_argument(
        "--front-end",
        default="",
        help="SUPPRESSION,GAIN_DBFS for webrtc-noise-gain (e.g. 2,0), rnnoise, or deepfilter",
    )
    parser.add_argument("--noise", default="babble,music", help="comma-separated beds, each at 10 dB")
    parser.add_argument("--held-out-only", action="store_true")
    parser.add_argument(
        "--bed-shift", type=int, default=0, help="samples added to where in the beds each mix starts"
    )
    arguments = parser.parse_args()
    only = arguments.only.split(",")
    front: Callable[[Samples], Samples] = lambda samples: samples  # noqa: E731
    if arguments.front_end:
        front = front_end(arguments.front_end)
    model = load_model(arguments.model or default_model_path())
    recognizers = Recognizers(model)
    noise = arguments.noise.split(",") if arguments.noise else []
    sets: dict[str, tuple[Callable[[], list[Voice]], dict[str, Callable[[], Samples]]]] = {
        "tuning": (
            tuning_voices,
            {name: partial(_wav, NOISE / f"{name}.wav") for name in ("babble", "music")},
        ),
        "held-out": (held_out_voices, {"babble": held_out_babble, "music": held_out_music}),
    }
    if arguments.held_out_only:
        del sets["tuning"]
    answers = ANSWERS[:6] if arguments.quick else ANSWERS
    shift = arguments.bed_shift
    for set_name, (voices_of, beds) in sets.items():
        voices = voices_of()
        conditions = [("clean", None, None), *((f"{name} 10 dB", beds[name](), 10.0) for name in noise)]
        for condition, bed, snr in conditions:
            if "labels" in only:
                total: Counter[str] = Counter()
                for voice in voices:
                    cases = []
                    for index, answer in enumerate(answers):
                        team = TEAM_ORDER[index % 4]
                        audio = voice.render(f"{team.value}, {answer}.")
                        cases.append((team, front(mixed(audio, bed, snr, shift + index * 7919))))
                    total += measure_labels(recognizers, cases)
                show("labels", set_name, condition, total)
            if "spelling" in only:
                total = Counter()
                for voice in voices:
                    spelled = []
                    for index, word in enumerate(SPELLED):
                        team = TEAM_ORDER[index % 2]
                        audio = voice.render(f"{team.value}. {spelled_aloud(word, index % 2)}.")
                        spelled.append((team, word, front(mixed(audio, bed, snr, shift + index * 104729))))
                    total += measure_spelling(model, recognizers, spelled)
                show("spelling", set_name, condition, total)
            if "years" in only:
                total = Counter()
                for voice in voices:
                    years = []
                    for index, (said, year) in enumerate(YEARS):
                        team = TEAM_ORDER[index % 2]
                        audio = voice.render(f"{team.value}, {said}.")
                        years.append((team, year, front(mixed(audio, bed, snr, shift + index * 15485863))))
                    total += measure_years(model, years)
                show("years", set_name, condition, total)
            if "closed" in only:
                total = Counter()
                for voice in voices:
                    closed = [
                        (expected, front(mixed(voice.render(said), bed, snr, shift + index * 3571)))
                        for index, (said, expected) in enumerate(CLOSED)
                    ]
                    total += measure_closed(recognizers, closed)
                show("closed", set_name, condition, total)
    cpu = sorted(getattr(front, "cpu", []))
    if cpu:
        print(
            f"front end | {arguments.front_end} | CPU s per s of audio (process_time) | "
            f"median {statistics.median(cpu):.4f}, p90 {cpu[int(len(cpu) * 0.9)]:.4f}, n {len(cpu)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
