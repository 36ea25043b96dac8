"""How surely the kiosk hears who is answering, spelled fixes, years and closed sets, by way of hearing.

    python -m testbed.measure hearing [--model DIR] [--only labels,spelling,years,closed] [--quick]
        [--front-end SUPPRESSION,GAIN_DBFS | rnnoise | deepfilter | wpe] [--noise babble,music] [--held-out-only]
        [--bed-shift SAMPLES] [--room RT60,METRES]

Each utterance is rendered by a voice, mixed into a noise bed at a signal-to-noise ratio (measured over the
speech), and decoded by the kiosk's own recognisers (listening.py) one way and another. Figures are printed
per voice set and condition, the TUNING set (the voices of the recorded tables: espeak-ng gmw/en-us at
165 and 125 words a minute, Piper's joe voice; their babble and music beds) apart from the frozen HELD-OUT
set nothing is tuned on: the voices and beds testbed/held_out.toml lists, as the simulated table reads them.

With `--room`, every utterance passes through a room (testbed/room_acoustics.py: a 5 x 4 x 2.6 m room of that
RT60, the reader that far from the microphone) and each bed comes from its own place in it; the ratio is then
the bed's level against a dry reader's a metre away.

A front end (noise suppression, or WPE dereverberation, in front of the recogniser) is run on every utterance,
with fresh state for RNNoise, DeepFilterNet and WPE; its CPU seconds per second of audio are printed at the end.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import numpy as np

from kiosk.engine.spelling import spelled_word
from kiosk.engine.teams import TEAM_ORDER, Team
from kiosk.engine.years import parse_year
from kiosk.voice.dialogue.rival_names import rival_name
from kiosk.voice.hearing.grammar import UNKNOWN, read_back, spelling, years
from kiosk.voice.hearing.listening import Recognizers, with_label
from kiosk.voice.sound.asr import SAMPLE_RATE, Recognizer, Utterance, grammar_for, load_model
from kiosk.voice.sound.model import default_model_path
from testbed.measure import spread
from testbed.measure.front_ends import front_end
from testbed.measure.hearing_voices import Samples, Voice, tuning_voices, wav
from testbed.room_acoustics import RoomSpec, Source, in_room, looped_in_room
from testbed.table.beds import bed as named_bed
from testbed.table.held_out import voice_set
from testbed.table.voices import held_out_voices

ROOT = Path(__file__).resolve().parents[2]

NOISE = ROOT / "audio_fixtures" / "noise"


def mixed(
    speech: Samples,
    noise: Samples | None,
    snr_db: float | None,
    at: int,
    room: RoomSpec | None = None,
    source: Source = Source.READER,
) -> Samples:
    """Speech padded with quiet room either side, through the room if any (from the source's place in it),
    with noise from `at` in the bed at the given ratio (to the dry speech)."""
    pad = np.zeros(SAMPLE_RATE // 2, dtype=np.float64)
    heard = in_room(speech, room, source) if room is not None else speech
    clean = np.concatenate([pad, heard.astype(np.float64), pad, pad])[: len(speech) + 3 * len(pad)]
    hiss = np.random.default_rng(at).normal(0, 20, len(clean))
    if noise is None or snr_db is None:
        return np.clip(clean + hiss, -32768, 32767).astype(np.int16)
    bed = np.tile(noise, len(clean) // len(noise) + 2)[at % len(noise) :][: len(clean)].astype(np.float64)
    voiced = speech.astype(np.float64)
    speech_rms = float(np.sqrt(np.mean(voiced[np.abs(voiced) > 100] ** 2)))
    bed *= speech_rms / (float(np.sqrt(np.mean(bed**2))) * 10 ** (snr_db / 20))
    return np.clip(clean + bed + hiss, -32768, 32767).astype(np.int16)


def room_of(text: str) -> RoomSpec:
    """`--room 0.5,1` as a RoomSpec; a clear message for anything else."""
    try:
        rt60, metres = (float(part) for part in text.split(","))
        return RoomSpec(rt60, metres)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"--room wants RT60,METRES such as 0.5,1 ({error})") from None


def placed(bed: Samples, name: str, room: RoomSpec | None) -> Samples:
    """A bed as it reaches the microphone from its own place in the room."""
    return bed if room is None else looped_in_room(bed, room, Source(name))


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


def answer_lines(answers: Sequence[str]) -> list[tuple[Team, str]]:
    """Each answer as the reader says it: led by its team's name, the four teams in turn."""
    teams = [TEAM_ORDER[index % 4] for index in range(len(answers))]
    return [(team, f"{team.value}, {answer}.") for team, answer in zip(teams, answers, strict=True)]


def spelled_lines() -> list[tuple[Team, str, str]]:
    """Each spelled fix as the reader says it, (team, word, said): two teams in turn, the word spelled by
    its letters' names and by NATO words in turn."""
    return [
        (TEAM_ORDER[index % 2], word, f"{TEAM_ORDER[index % 2].value}. {spelled_aloud(word, index % 2)}.")
        for index, word in enumerate(SPELLED)
    ]


def year_lines() -> list[tuple[Team, int, str]]:
    """Each Candle-End year as the reader says it, (team, year, said): two teams in turn."""
    return [
        (TEAM_ORDER[index % 2], year, f"{TEAM_ORDER[index % 2].value}, {said}.")
        for index, (said, year) in enumerate(YEARS)
    ]


def decoded(recognizer: Recognizer, pcm: bytes) -> Utterance | None:
    return recognizer.decode(pcm)


def label_of(text: str) -> Team | None:
    words = text.split()
    return Team.from_name(words[0]) if words else None


LABEL_WAYS = ("open", "with list", "with list, rivals asked")
"""How an answer's team is heard: the open recogniser alone; with the name list beside; and with a name the
list alone heard asked about when its other readings lead with another team (rival_names.py), as the kiosk
hears answers."""


def answer_teams(recognizers: Recognizers, audio: Samples) -> dict[str, Team | None]:
    """An answer's leading team, each of LABEL_WAYS; None where no team is heard (the kiosk asks)."""
    labels = recognizers.labels
    assert labels is not None
    pcm = audio.tobytes()
    since, label_since = recognizers.open.fed, labels.fed
    heard = decoded(recognizers.open, pcm)
    beside = decoded(labels, pcm)
    text = heard.text if heard else ""
    listed = with_label(heard, since, beside, label_since) if heard else None
    doubted = listed is not None and heard is not None and rival_name(listed, heard, labels, pcm)
    found = label_of(listed.text) if listed else None
    return dict(zip(LABEL_WAYS, (label_of(text), found, None if doubted else found), strict=True))


def measure_labels(recognizers: Recognizers, cases: list[tuple[Team, Samples]]) -> Counter[str]:
    """Each answer's leading team heard each of LABEL_WAYS."""
    counts: Counter[str] = Counter()
    for team, audio in cases:
        for way, found in answer_teams(recognizers, audio).items():
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
            found, said = year_of(heard.text if heard else "")
            counts[f"{name}: team right"] += found is team
            counts[f"{name}: year right"] += said == year
        counts["n"] += 1
    return counts


def year_of(text: str) -> tuple[Team | None, int | None]:
    """A Candle-End year as the engine reads it: the team opening it and the year after the team's name."""
    words = text.split()
    return (Team.from_name(words[0]) if words else None), parse_year(" ".join(words[1:]))


CLOSED = [("D, three.", "d three"), ("Old Customs, two.", "old customs two"), ("End the night.", "end the night"),
          ("What's the score?", "what's the score"), ("Yes.", "yes"), ("Two teams.", "two teams"),
          ("B, one.", "b one"), ("Repeat.", "repeat"), ("Bats, four.", "bats four")]  # fmt: skip


def closed_phrase(recognizers: Recognizers, audio: Samples) -> str:
    """A pick, command, count or yes between questions, through the closed list and corrected to the nearest
    phrase, as the kiosk hears it; "" when nothing is heard."""
    from kiosk.voice.hearing.grammar import between_questions, nearest
    from kiosk.voice.hearing.listening import Listening

    heard = recognizers[Listening.BETWEEN_QUESTIONS].decode(audio.tobytes())
    return nearest(heard.text, between_questions(), alternatives=heard.alternatives) if heard else ""


def measure_closed(recognizers: Recognizers, cases: list[tuple[str, Samples]]) -> Counter[str]:
    """Picks, commands, counts and yes between questions, through the closed list and corrected to the
    nearest phrase, as the kiosk hears them."""
    from kiosk.voice.hearing.grammar import between_questions

    counts: Counter[str] = Counter()
    for expected, audio in cases:
        text = closed_phrase(recognizers, audio)
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
        help="SUPPRESSION,GAIN_DBFS for webrtc-noise-gain (e.g. 2,0), rnnoise, deepfilter, or wpe",
    )
    parser.add_argument("--noise", default="babble,music", help="comma-separated beds, each at 10 dB")
    parser.add_argument("--held-out-only", action="store_true")
    parser.add_argument(
        "--bed-shift", type=int, default=0, help="samples added to where in the beds each mix starts"
    )
    parser.add_argument(
        "--room", type=room_of, default=None, help="RT60,METRES: every voice and bed through this room"
    )
    arguments = parser.parse_args()
    room: RoomSpec | None = arguments.room
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
            {name: partial(wav, NOISE / f"{name}.wav") for name in ("babble", "music")},
        ),
        "held-out": (
            held_out_voices,  # type: ignore[dict-item]
            {name: partial(named_bed, voice_set(True).beds[name]) for name in ("babble", "music")},
        ),
    }
    if arguments.held_out_only:
        del sets["tuning"]
    answers = ANSWERS[:6] if arguments.quick else ANSWERS
    shift = arguments.bed_shift
    for set_name, (voices_of, beds) in sets.items():
        voices = voices_of()
        conditions = [
            ("clean", None, None),
            *((f"{name} 10 dB", placed(beds[name](), name, room), 10.0) for name in noise),
        ]
        if room is not None:
            conditions = [(f"{condition}, {room.name}", bed, snr) for condition, bed, snr in conditions]
        for condition, bed, snr in conditions:
            if "labels" in only:
                total: Counter[str] = Counter()
                for voice in voices:
                    cases = []
                    for index, (team, said) in enumerate(answer_lines(answers)):
                        audio = voice.render(said)
                        cases.append((team, front(mixed(audio, bed, snr, shift + index * 7919, room))))
                    total += measure_labels(recognizers, cases)
                show("labels", set_name, condition, total)
            if "spelling" in only:
                total = Counter()
                for voice in voices:
                    spelled = []
                    for index, (team, word, said) in enumerate(spelled_lines()):
                        audio = voice.render(said)
                        spelled.append(
                            (team, word, front(mixed(audio, bed, snr, shift + index * 104729, room)))
                        )
                    total += measure_spelling(model, recognizers, spelled)
                show("spelling", set_name, condition, total)
            if "years" in only:
                total = Counter()
                for voice in voices:
                    years = []
                    for index, (team, year, said) in enumerate(year_lines()):
                        audio = voice.render(said)
                        years.append(
                            (team, year, front(mixed(audio, bed, snr, shift + index * 15485863, room)))
                        )
                    total += measure_years(model, years)
                show("years", set_name, condition, total)
            if "closed" in only:
                total = Counter()
                for voice in voices:
                    closed = [
                        (expected, front(mixed(voice.render(said), bed, snr, shift + index * 3571, room)))
                        for index, (said, expected) in enumerate(CLOSED)
                    ]
                    total += measure_closed(recognizers, closed)
                show("closed", set_name, condition, total)
    cpu = sorted(getattr(front, "cpu", []))
    if cpu:
        print(
            f"front end | {arguments.front_end} | CPU s per s of audio (process_time) | {spread(cpu)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
