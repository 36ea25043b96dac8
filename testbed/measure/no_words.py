"""Which no every confirming question asks for (decision 0022): "No.", "No, no." and "That's wrong." said as
replies through each list a confirming question is heard with, and "That's right." through the same lists.

    python -m testbed.measure no_words [--draws N] [--quick]

The lists (kiosk/voice/hearing/listening.py), each as the kiosk has it with the word added where it lacks it:
between questions (a pick, the team count or a team leaving said back), whose answer (a team offered), the
read-back, and one letter (a letter said back; one team's answer in a loud room's read-back). A reply is taken
as understanding.py takes it after that list: corrected to the nearest of the list's phrases between
questions, heard again with the open vocabulary where the list heard something outside it, a "no" among the
one-letter list's readings taken. It counts as THE NO when its words are all a no's (kiosk.engine.commands:
"no", "no no", "wrong", "that's wrong"...), as A YES when all a yes's (the dangerous case: what the reader
refused is taken), else as SOMETHING ELSE (a pick, a letter, a team's own "no", nothing), asked again.

Conditions (conditions.py): quiet and the room, one take a voice; babble and music at 10 dB, --draws places
in the bed a voice, the same places for every word. The TUNING set chooses; the HELD-OUT set is reported
apart and never chosen from. Not modelled: a loud room's second hearing of a reply in its loudest stretch
(decision 0008).
"""

from __future__ import annotations

import argparse
import enum
import sys
from collections import Counter
from dataclasses import dataclass

from kiosk.engine.commands import is_no, is_yes
from kiosk.engine.text import words_of
from kiosk.voice.dialogue.letter_by_letter import letter_or_no, no_once
from kiosk.voice.hearing.grammar import UNKNOWN, nearest
from kiosk.voice.hearing.listening import Listening, Recognizers, whose_reply
from kiosk.voice.sound.asr import Recognizer, Utterance, grammar_for, load_model
from kiosk.voice.sound.model import default_model_path
from testbed.intervals import Rate
from testbed.measure.conditions import CONDITIONS, Condition, VoiceSet, voice_sets

WORDS = ("No.", "No, no.", "That's wrong.")
"""The no's compared, as the reader says them."""
SURE_YES = "That's right."
"""Said through each word's lists too: a yes heard as the no costs a turn, never a wrong act."""
DRAWS = 12
"""Places in a bed each voice says each line at: about 30 minutes for both sets on two shared cores."""


class Heard(enum.Enum):
    NO = "the no"
    YES = "a yes"
    ELSE = "something else"


@dataclass(frozen=True)
class Heeding:
    """A list a confirming question's reply is heard with, and how the kiosk takes what it hears there."""

    name: str
    way: Listening

    def phrases(self, word: str) -> tuple[str, ...]:
        """The list as the kiosk has it, with `word` ("No, no.") added as the list writes it ("no no")."""
        listed = self.way.phrases
        assert listed is not None
        return tuple(dict.fromkeys((*listed, phrase(word))))

    def taken(self, heard: Utterance | None, pcm: bytes, phrases: tuple[str, ...], open_: Recognizer) -> str:
        """The reply's words as the kiosk takes them after this list (understanding.py, conversation.py)."""
        if heard is None:
            return ""
        if self.way.one_at_a_time:
            return letter_or_no(no_once(heard))
        if heard.unknown:
            again = open_.decode(pcm)
            if self.way is Listening.WHOSE:
                return whose_reply(heard, again).text
            return again.text if again is not None and again.text else heard.text
        if self.way is Listening.BETWEEN_QUESTIONS:
            return nearest(heard.text, phrases, alternatives=heard.alternatives)
        return heard.text


LISTS = (
    Heeding("between questions", Listening.BETWEEN_QUESTIONS),
    Heeding("whose answer", Listening.WHOSE),
    Heeding("read-back", Listening.READ_BACK),
    Heeding("one letter", Listening.ONE_LETTER),
)


def phrase(said: str) -> str:
    """A line as a list holds it: "That's wrong." -> "that's wrong", "No, no." -> "no no"."""
    return " ".join(said.lower().replace(",", " ").replace(".", " ").split())


def meaning(text: str) -> Heard:
    words = words_of(text)
    if is_no(words):
        return Heard.NO
    return Heard.YES if is_yes(words) else Heard.ELSE


Key = tuple[str, str, str, str]
"""Condition, list, the line said, the word its list was given."""


@dataclass
class Tally:
    """What each line was heard as, by condition and list; and what else, for the record."""

    heard: Counter[tuple[Key, Heard]]
    otherwise: Counter[tuple[str, str, str]]
    """The kiosk's reading of a word heard as something else, by list and word, over every condition."""


def measure(voices: VoiceSet, recognizers: Recognizers, draws: int) -> Tally:
    """Every voice says every word and the yes in every condition; each is heard through each list."""
    listening: dict[tuple[str, str], tuple[tuple[str, ...], Recognizer]] = {}
    for heeding in LISTS:
        readings = recognizers[heeding.way].alternatives
        for word in WORDS:
            phrases = heeding.phrases(word)
            kept = grammar_for(recognizers.model, (*phrases, UNKNOWN))
            listening[(heeding.name, word)] = phrases, Recognizer(recognizers.model, kept, readings)
    tally = Tally(Counter(), Counter())
    for number, voice in enumerate(voices.voices):
        print(f"no words | {voices.name} | {voice.name}", file=sys.stderr, flush=True)
        rendered = {line: voice.render(line) for line in (*WORDS, SURE_YES)}
        for condition in CONDITIONS:
            for take in range(draws if condition.noise else 1):
                at = number * 104729 + take * 7919
                for line, speech in rendered.items():
                    pcm = voices.heard(speech, condition, at).tobytes()
                    _hear(tally, condition, line, pcm, listening, recognizers.open)
    return tally


def _hear(
    tally: Tally,
    condition: Condition,
    line: str,
    pcm: bytes,
    listening: dict[tuple[str, str], tuple[tuple[str, ...], Recognizer]],
    open_: Recognizer,
) -> None:
    """One take of `line` through every list: a word through its own lists, the yes through each word's."""
    for heeding in LISTS:
        for word in WORDS if line == SURE_YES else (line,):
            phrases, recognizer = listening[(heeding.name, word)]
            text = heeding.taken(recognizer.decode(pcm), pcm, phrases, open_)
            heard = meaning(text)
            tally.heard[((condition.name, heeding.name, line, word), heard)] += 1
            if line != SURE_YES and heard is Heard.ELSE:
                tally.otherwise[(heeding.name, word, text or "nothing")] += 1


def counted(tally: Tally, condition: str | None, heeding: str, line: str, word: str) -> dict[Heard, Rate]:
    """Each way a line was heard through a list, as a rate; `condition` None: over every condition."""
    names = [c.name for c in CONDITIONS] if condition is None else [condition]
    counts = {
        heard: sum(tally.heard[((name, heeding, line, word), heard)] for name in names) for heard in Heard
    }
    whole = sum(counts.values())
    return {heard: Rate(count, whole) for heard, count in counts.items()}


def shown(rates: dict[Heard, Rate]) -> str:
    return " | ".join(f"{heard.value} {rate}" for heard, rate in rates.items())


def report(set_name: str, tally: Tally) -> None:
    """Each word and the yes through each list, by condition then over all four; each list's comparison of
    "No, no." with "No."; what the words were heard as when neither a yes nor a no."""
    for condition in [*(c.name for c in CONDITIONS), None]:
        shown_as = condition or "all four"
        for heeding in LISTS:
            for word in WORDS:
                rates = counted(tally, condition, heeding.name, word, word)
                print(f"no words | {set_name} | {shown_as} | {heeding.name} | {word} | {shown(rates)}")
            for word in WORDS:
                rates = counted(tally, condition, heeding.name, SURE_YES, word)
                said = f"{SURE_YES} (beside {word})"
                print(f"no words | {set_name} | {shown_as} | {heeding.name} | {said} | {shown(rates)}")
            print(compared(set_name, shown_as, heeding.name, tally, condition), flush=True)
    for heeding in LISTS:
        for word in WORDS:
            others = sorted(
                (
                    (count, text)
                    for (name, said, text), count in tally.otherwise.items()
                    if (name, said) == (heeding.name, word)
                ),
                reverse=True,
            )
            listed = ", ".join(f"{text!r} {count}" for count, text in others[:5]) or "none"
            print(f"no words | {set_name} | otherwise | {heeding.name} | {word} | {listed}")


def compared(set_name: str, shown_as: str, heeding: str, tally: Tally, condition: str | None) -> str:
    """ "No, no." against "No." through one list: the no's rates apart beyond their 95% intervals or not,
    and which was heard as a yes more often."""
    double, single = (counted(tally, condition, heeding, word, word) for word in ("No, no.", "No."))
    if double[Heard.NO].differs_from(single[Heard.NO]):
        ahead = "No, no." if double[Heard.NO].part > single[Heard.NO].part else "No."
        rates = f'"{ahead}" ahead beyond the intervals'
    else:
        rates = "within the intervals"
    yeses = double[Heard.YES].part - single[Heard.YES].part
    safer = "as often" if not yeses else f'"{"No." if yeses > 0 else "No, no."}" less often'
    return f"compare | {set_name} | {shown_as} | {heeding} | the no: {rates} | heard as a yes: {safer}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--draws", type=int, default=DRAWS, help="places in each bed a voice says each line")
    parser.add_argument("--quick", action="store_true", help="two voices a set, two places a bed: a trial")
    arguments = parser.parse_args()
    draws = 2 if arguments.quick else arguments.draws
    recognizers = Recognizers(load_model(default_model_path()))
    for voices in voice_sets(2 if arguments.quick else None):
        print(
            f"no words | {voices.name} | {len(voices.voices)} voices; takes a voice: quiet 1, "
            f"babble {draws}, music {draws}, room 1",
            flush=True,
        )
        report(voices.name, measure(voices, recognizers, draws))


if __name__ == "__main__":
    main()
