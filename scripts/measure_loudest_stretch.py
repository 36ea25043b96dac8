"""Whether a closed-set reply is heard better again in the loudest stretch of its utterance
(kiosk.voice.reader.loudest_stretch), in a loud room where the end of speech closes a one-word reply only
when the room goes quiet, seconds after the word.

    nice -n 10 .venv/bin/python scripts/measure_loudest_stretch.py [--snr DB] [--bed babble|music] [--held-out]

Each line is said by each TUNING voice of the simulated table (scripts/table/voices.py) with CONTEXT seconds
of the room's noise bed either side (none without --snr), at DRAWS places in the bed, and heard through the
list the kiosk hears it with: whole, in its loudest stretch alone, and in the stretch first with the whole
where the stretch hears no word (heard_alone.heard_alone); through the read-back lists, the stretch's no
alone (heard_alone.no_heard_alone). Prints, per list, the replies heard as meant, as another phrase, and as
none; then the median CPU time of a reply heard whole and of its second hearing. --held-out uses the
held-out voices and beds instead, to report, never to choose by.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.commands import is_dispute, is_yes  # noqa: E402
from kiosk.engine.spelling import SPOKEN_DIGITS, spelled_word  # noqa: E402
from kiosk.engine.teams import Team  # noqa: E402
from kiosk.engine.text import words_of  # noqa: E402
from kiosk.voice.answering import plain_no  # noqa: E402
from kiosk.voice.asr import SAMPLE_RATE, Utterance  # noqa: E402
from kiosk.voice.grammar import UNKNOWN, between_questions, nearest  # noqa: E402
from kiosk.voice.heard_alone import heard_alone, no_heard_alone  # noqa: E402
from kiosk.voice.listening import Listening  # noqa: E402
from kiosk.voice.reader import loudest_stretch  # noqa: E402
from scripts.measure_hearing import Samples  # noqa: E402
from scripts.read_back_room import ReadBackRoom, read_back_room  # noqa: E402
from scripts.table.kiosk_lines import NATO  # noqa: E402

DIGIT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "zero")
LINES: dict[Listening, dict[str, str]] = {
    Listening.ONE_LETTER: {
        **{f"{NATO[letter].capitalize()}.": NATO[letter] for letter in "pasrunotebli"},
        "No, no.": "no",
        "That's right.": "that's right",
    },
    Listening.ONE_DIGIT: {
        **{f"{digit.capitalize()}.": digit for digit in DIGIT_WORDS},
        "No, no.": "no",
        "That's right.": "that's right",
    },
    Listening.BETWEEN_QUESTIONS: {
        "Two teams.": "two teams", "Four teams.": "four teams", "E three.": "e three", "D three.": "d three",
        "A two.": "a two", "B four.": "b four", "The Treat Bag three.": "the treat bag three",
        "Far and Wide one.": "far and wide one", "Yes.": "yes", "That's right.": "that's right",
        "End the night.": "end the night", "Bats, yes.": "bats yes", "Ghosts, yes.": "ghosts yes",
        "Repeat.": "repeat", "No.": "no",
    },
    Listening.READ_BACK: {
        "No.": "no", "No, no.": "no", "That's right.": "yes", "Repeat.": "repeat",
        "Bats. Bravo, uniform, tango, tango, oscar, november.": "bats button",
        "Ghosts, that was not what was said.": "dispute",
    },
    Listening.YEARS_READ_BACK: {
        "No.": "no", "No, no.": "no", "That's right.": "yes", "Bats. One, eight, nine, seven.": "bats 1897",
        "Ghosts, that was not what was said.": "dispute",
    },
    Listening.WHOSE: {
        "Bats.": "bats", "Ghosts.": "ghosts", "Owls.": "owls", "Toads.": "toads", "That's right.": "that's right",
        "No.": "no",
    },
}  # fmt: skip
"""Each list the stretch was tried on, with what the table says to it and what the kiosk should take."""
CONTEXT = 2.0
"""Seconds of the room either side of the reply: a one-word reply in babble ran on for 2 to 8 s in the
simulated table's nights."""
DRAWS = 6
WAYS = ("whole", "stretch", "stretch first")


def main() -> None:
    room = read_back_room(__doc__ or "", DRAWS)
    print(room.heading)
    seconds: tuple[list[float], list[float]] = ([], [])
    for way, lines in LINES.items():
        counts = heard_in(room, way, lines, seconds)
        for how in WAYS:
            right, other, none = (counts[(how, kind)] for kind in ("right", "other", "none"))
            unsaid = f"  (a no where none was said {counts[(how, 'no unsaid')]})" if way.reading_back else ""
            print(
                f" {way.value:20} {how:13} right {right:4}  another {other:4}  none {none:4}{unsaid}",
                flush=True,
            )
    whole, again = (statistics.median(each) * 1000 for each in seconds)
    print(
        f" CPU a reply, median: heard whole {whole:.0f} ms (as the kiosk hears it, while it is said),"
        f" heard again in its stretch {again:.0f} ms (after it ends), {again / whole:.2f} of the whole"
    )


def heard_in(
    room: ReadBackRoom, way: Listening, lines: dict[str, str], seconds: tuple[list[float], list[float]]
) -> Counter[tuple[str, str]]:
    """How each line was taken, each way; `seconds` gets the CPU seconds of each whole hearing, and of each
    second hearing (the stretch found and heard)."""
    recognizer = room.recognizers[way]
    counts: Counter[tuple[str, str]] = Counter()
    for voice in room.voices:
        for line, meant in lines.items():
            speech = voice.render(line)
            for draw in range(room.draws):
                pcm = in_the_room(room, speech, sum(map(ord, line)) + draw * 7919)
                began = time.process_time()
                whole = recognizer.decode(pcm)
                heard_whole = time.process_time()
                stretch = loudest_stretch(pcm)
                alone = recognizer.decode(stretch) if stretch is not None else whole
                seconds[0].append(heard_whole - began)
                seconds[1].append(time.process_time() - heard_whole)
                if way.reading_back:
                    first: Utterance | None = no_heard_alone(whole or Utterance(""), recognizer, pcm)
                else:
                    first = heard_alone(whole, recognizer, pcm)
                for how, heard in zip(WAYS, (whole, alone, first), strict=True):
                    taken = taken_as(way, heard)
                    counts[(how, "right" if taken == meant else "none" if not taken else "other")] += 1
                    counts[(how, "no unsaid")] += taken == "no" and meant != "no"
    return counts


def in_the_room(
    room: ReadBackRoom, speech: Samples, place: int, before: float = CONTEXT, after: float = CONTEXT
) -> bytes:
    """The reply with `before` and `after` seconds of the room around it (CONTEXT each by default), the bed
    from a place chosen by `place`."""
    voiced = speech.astype(np.float64)
    quiet = (np.zeros(int(seconds * SAMPLE_RATE)) for seconds in (before, after))
    said = np.concatenate([next(quiet), voiced, next(quiet)])
    hiss = np.random.default_rng(place).normal(0, 20, len(said))
    if room.noise is None or room.snr is None:
        return np.clip(said + hiss, -32768, 32767).astype(np.int16).tobytes()
    start = (place * 31) % len(room.noise)
    bed = np.tile(room.noise, len(said) // len(room.noise) + 2)[start:][: len(said)].astype(np.float64)
    level = float(np.sqrt(np.mean(voiced[np.abs(voiced) > 100] ** 2)))
    bed *= level / (float(np.sqrt(np.mean(bed**2))) * 10 ** (room.snr / 20))
    return np.clip(said + bed + hiss, -32768, 32767).astype(np.int16).tobytes()


def taken_as(way: Listening, heard: Utterance | None) -> str:
    """The reply as the kiosk takes it from the list: its words without [unk], a pick or command corrected
    to the nearest phrase, "no no" as the no."""
    if heard is None or not heard.text:
        return ""
    if way is Listening.BETWEEN_QUESTIONS:
        return nearest(heard.text, between_questions(), alternatives=heard.alternatives)
    if way.reading_back:
        return read_back_meaning(words_of(heard.text))
    text = " ".join(word for word in heard.text.split() if word != UNKNOWN)
    return "no" if text == "no no" else text


def read_back_meaning(words: str) -> str:
    """A read-back reply as the kiosk acts on it: "yes", "no", "dispute", a command, or a team and the word
    or year its letters or digits spell."""
    if is_dispute(words):
        return "dispute"
    if is_yes(words):
        return "yes"
    if plain_no(words):
        return "no"
    said = words.split()
    team = Team.from_name(said[0]) if said else None
    rest = said[1:] if team is not None else said
    spelled = spelled_word(rest) or "".join(SPOKEN_DIGITS.get(word, "?") for word in rest)
    return f"{team.value.lower()} {spelled}" if team is not None and spelled else words


if __name__ == "__main__":
    main()
