"""Whether the reader's voice filter in front of the kiosk's recognisers helps it hear the reader at a party,
and in front of which utterances.

    python -m testbed.measure voice_filter [--every N] [--quick] [--mask]

The filter is open-voicefilter-lite's (front_ends.ReadersVoiceFilter: int8 ONNX inside its wheel, one
onnxruntime thread, nothing downloaded); it is not a dependency of the kiosk. Each voice of a set is the reader
in turn, enrolled from one clean sentence (enrolment.py, as the gate is). Its utterances are the hearing
measurement's (hearing.py): answers led by their team, spelled fixes, Candle-End years and the closed set
between questions, each heard as the kiosk hears it (the name list beside answers with rival names asked
about, the letters list, the number-words list, the between-questions list). Conditions: quiet; babble and
music at 10 dB; the 0.5 s room with the reader a metre from the microphone; and a second talker at 10 dB: the
next voice of the set of the reader's own family, another speaker where the set has one (Piper's readers get
joe at another setting: the same speaker model), saying the set's party chatter.

Placements (filter_figures.py): no filter; the filter in front of everything; in front of answers only (the filter's
answers, the plain closed sets, spelled fixes and years); and a second reading, both heard and kept only where
they agree, else asked. A placement is chosen on the TUNING set (testbed/table/voices.py, with the project's
beds and room) by a rule fixed before either set was heard (filter_figures.why_not_adopted); the HELD-OUT set
(testbed/held_out.toml) is printed apart, with the same rule's verdict on it.

`--mask` prints instead what the filter does to each sound alone, the reader enrolled (tuning voices only):
the level it takes off and how much its mask moves.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from testbed.measure import spread
from testbed.measure.conditions import CONDITIONS, Condition
from testbed.measure.filter_figures import Figures, Placement, Section, alone, table, why_not_adopted
from testbed.measure.gate import speaker
from testbed.measure.hearing_voices import Samples

TALKER = Condition("same-family talker 10 dB", "talker", 10.0)
"""One other voice of the reader's family talking over the reader: the hardest case for a speaker filter."""
EVERY_CONDITION = (*CONDITIONS, TALKER)
GAP_SECONDS = 0.4
"""The second talker's pause between sentences."""


@dataclass(frozen=True)
class Case:
    """One utterance of the hearing measurement: what is said, and what the kiosk should make of it."""

    section: Section
    said: str
    expected: str
    """The team's name, the spelled word, the year's digits, or the closed-set phrase."""
    at: int
    """Where in the bed its mix starts, before the voice's own shift."""


def cases() -> list[Case]:
    """The hearing measurement's utterances, with its own places in the beds."""
    from testbed.measure.hearing import ANSWERS, CLOSED, answer_lines, spelled_lines, year_lines

    answers = [
        Case(Section.ANSWER_TEAM, said, team.value, index * 7919)
        for index, (team, said) in enumerate(answer_lines(ANSWERS))
    ]
    spelled = [
        Case(Section.SPELLED, said, word, index * 104729)
        for index, (_, word, said) in enumerate(spelled_lines())
    ]
    years = [
        Case(Section.YEAR, said, str(year), index * 15485863)
        for index, (_, year, said) in enumerate(year_lines())
    ]
    closed = [Case(Section.CLOSED, said, phrase, index * 3571) for index, (said, phrase) in enumerate(CLOSED)]
    return [*answers, *spelled, *years, *closed]


def thinned(every: Sequence[Case], step: int, start: int = 0) -> list[Case]:
    """Every `step`th case of each section from its `start`th: fewer phrases per voice, each section cut
    alike; each voice of a set starts one further on, so that the set still says every phrase."""
    kept: list[Case] = []
    for section in Section:
        kept += [case for case in every if case.section is section][start % step :: step]
    return kept


def heard(recognizers: Any, case: Case, audio: Samples) -> dict[Section, str | None]:
    """What the kiosk makes of one utterance, as the case's section is heard; None where it has nothing (it
    asks again). An answer gives its team both as the kiosk hears it and by the open recogniser alone."""
    from kiosk.voice.hearing.grammar import between_questions
    from kiosk.voice.hearing.listening import Listening
    from testbed.measure.hearing import answer_teams, closed_phrase, fix_of, year_of

    if case.section is Section.ANSWER_TEAM:
        teams = answer_teams(recognizers, audio)
        kiosk, alone = teams["with list, rivals asked"], teams["open"]
        return {
            Section.ANSWER_TEAM: kiosk.value if kiosk else None,
            Section.OPEN_TEAM: alone.value if alone else None,
        }
    if case.section is Section.CLOSED:
        phrase = closed_phrase(recognizers, audio)
        return {Section.CLOSED: phrase if phrase in between_questions() else None}
    pcm = audio.tobytes()
    if case.section is Section.SPELLED:
        letters = recognizers.letters.decode(pcm)
        return {Section.SPELLED: fix_of(letters.text if letters else "")[1]}
    numbers = recognizers[Listening.YEARS].decode(pcm)
    year = year_of(numbers.text if numbers else "")[1]
    return {Section.YEAR: None if year is None else str(year)}


def partner(reader: Any, voices: Sequence[Any]) -> Any | None:
    """The second talker for a reader: the next voice of the set of the reader's family, another speaker
    where there is one (gate.speaker), else the same speaker model at another setting; None if alone."""
    at = list(voices).index(reader)
    after = [*voices[at + 1 :], *voices[:at]]
    family = [voice for voice in after if voice.family is reader.family]
    others = [voice for voice in family if speaker(voice) != speaker(reader)]
    return (others or family or [None])[0]


def talker_bed(voice: Any, chatter: Sequence[str]) -> Samples:
    """One voice saying the chatter's sentences in turn, with a short pause after each."""
    pause = np.zeros(int(GAP_SECONDS * 16_000), dtype=np.int16)
    return np.concatenate([part for line in chatter for part in (voice.render(line), pause)])


def chatter_of(is_held_out: bool) -> tuple[str, ...]:
    """The set's party chatter: the held-out babble's own sentences, or the made tuning babble's."""
    from testbed.table.beds import CHATTER
    from testbed.table.held_out import babble_bed

    return babble_bed().chatter if is_held_out else CHATTER


def measure_set(
    set_name: str, is_held_out: bool, step: int, figures: Figures, front: Any, quick: bool
) -> None:
    """Every voice of the set as the reader, enrolled once, each utterance heard plain and filtered in every
    condition."""
    from kiosk.voice.hearing.listening import Recognizers
    from kiosk.voice.sound.asr import load_model
    from kiosk.voice.sound.model import default_model_path
    from testbed.measure.enrolment import enrolment
    from testbed.measure.hearing import mixed
    from testbed.room_acoustics import RoomSpec
    from testbed.table.beds import bed
    from testbed.table.held_out import voice_set

    chosen = voice_set(is_held_out)
    voices = list(chosen.voices)[: 3 if quick else None]
    beds = {noise: bed(chosen.beds[noise]) for noise in ("babble", "music")}
    room = replace(RoomSpec(0.5, 1.0), size=chosen.room_size, seat=chosen.room_seat)
    recognizers = Recognizers(load_model(default_model_path()))
    for number, voice in enumerate(voices):
        enrolled = enrolment(voice, number)
        front.enrol(enrolled)
        # The open recogniser's search grows with all it hears: renewed past the kiosk's own budget.
        recognizers.renew_open(enrolled)
        talker = partner(voice, voices)
        print(f"voice_filter | {set_name} | reader {voice.name} | second talker {talker and talker.name}")
        beds[TALKER.noise] = talker_bed(talker, chatter_of(is_held_out)) if talker else beds["babble"]
        spoken = [(case, voice.render(case.said)) for case in thinned(cases(), step, number)]
        for condition in EVERY_CONDITION:
            bed_now = beds[condition.noise] if condition.noise else None
            place = room if condition.in_room else None
            for case, speech in spoken:
                audio = mixed(speech, bed_now, condition.snr_db, case.at + number * 1_000_003, place)
                plain = heard(recognizers, case, audio)
                filtered = heard(recognizers, case, front(audio))
                for section, found in plain.items():
                    expected = case.expected
                    figures.add(set_name, condition.name, section, expected, found, filtered[section])


class MaskKept:
    """The filter's mask model with every mask it gives kept: how much it moves says whether it separates."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.masks: list[Any] = []

    def run(self, names: Any, feed: Any) -> Any:
        out = self.session.run(names, feed)
        self.masks.append(np.asarray(out[0]).ravel())
        return out


def level_db(samples: Samples) -> float:
    return float(10 * np.log10(np.mean(samples.astype(np.float64) ** 2) + 1e-9))


def what_it_does(front: Any, is_held_out: bool, readers: int = 3) -> list[str]:
    """Each sound alone through the filter, the reader enrolled: the level it takes off, and its mask's mean,
    range and spread over time (the standard deviation of each 10 ms frame's mean). A filter that hears the
    reader keeps the reader and takes the party off."""
    from testbed.measure.enrolment import enrolment
    from testbed.measure.hearing import mixed
    from testbed.table.beds import bed
    from testbed.table.held_out import voice_set

    chosen = voice_set(is_held_out)
    voices = list(chosen.voices)
    kept = MaskKept(front.filter._mask_sess)  # the package keeps its session private
    front.filter._mask_sess = kept
    lines = []
    for number, voice in enumerate(voices[:readers]):
        front.enrol(enrolment(voice, number))
        talker = partner(voice, voices)
        sounds = {
            "reader alone": mixed(voice.render("Bats, a big brass button."), None, None, number),
            "babble alone": bed(chosen.beds["babble"])[16_000:64_000],
            "music alone": bed(chosen.beds["music"])[16_000:64_000],
            "second talker alone": talker_bed(talker, chatter_of(is_held_out)[:1]) if talker else None,
        }
        for name, sound in sounds.items():
            if sound is None:
                continue
            kept.masks.clear()
            out = front(sound)
            masks = np.array(kept.masks)
            lines.append(
                f"voice_filter | mask | reader {voice.name} | {name} | level {level_db(out) - level_db(sound):+.1f} dB"
                f" | mask mean {masks.mean():.3f}, range {masks.min():.3f}-{masks.max():.3f}, spread over time "
                f"{masks.mean(axis=1).std():.4f}"
            )
    front.filter._mask_sess = kept.session
    return lines


def report(figures: Figures, set_name: str) -> None:
    """A set's table, then the rule's verdict on each placement."""
    print(f"\n### {set_name}\n", flush=True)
    conditions = [condition.name for condition in EVERY_CONDITION]
    print(table(figures, set_name, conditions), flush=True)
    print(flush=True)
    for line in alone(figures, set_name, conditions):
        print(line, flush=True)
    for placement in Placement:
        if placement is Placement.NONE:
            continue
        failing = why_not_adopted(figures, set_name, placement)
        verdict = "helps" if not failing else "does not help: " + "; ".join(failing)
        print(f"voice_filter | {set_name} | {placement.value} | {verdict}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--every", type=int, default=1, help="every Nth phrase of each section, per voice")
    parser.add_argument(
        "--quick", action="store_true", help="three voices a set, every third phrase: a trial"
    )
    parser.add_argument("--mask", action="store_true", help="the filter on each sound alone: level and mask")
    arguments = parser.parse_args()
    from testbed.measure.front_ends import ReadersVoiceFilter

    if arguments.mask:
        for line in what_it_does(ReadersVoiceFilter(), is_held_out=False):
            print(line, flush=True)
        return

    step = 3 if arguments.quick else arguments.every
    print(
        f"voice_filter | every {step} phrase(s) of each section a voice, each voice from the next one on: "
        f"{len(thinned(cases(), step))} of {len(cases())} utterances a voice or about so",
        flush=True,
    )
    front = ReadersVoiceFilter()
    figures = Figures()
    for set_name, is_held_out in (("tuning", False), ("held-out", True)):
        measure_set(set_name, is_held_out, step, figures, front, arguments.quick)
    for set_name in ("tuning", "held-out"):
        report(figures, set_name)
    passing = [
        place for place in Placement if place.filtered and not why_not_adopted(figures, "tuning", place)
    ]
    best = max(passing, key=lambda place: figures.babble_right("tuning", place), default=None)
    print(f"\nvoice_filter | chosen on tuning alone: {best.value if best else 'none'}", flush=True)
    cpu = sorted(front.cpu)
    print(
        f"voice_filter | filter | CPU s per s of audio (process_time, one onnxruntime thread) | "
        f"{spread(cpu)}",
        flush=True,
    )


if __name__ == "__main__":
    main()
