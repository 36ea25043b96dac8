"""Engine speed: time per message over a whole four-team night, replayed many times, and the matching rate.

    python scripts/bench_engine.py [--nights 200]

Prints the median and 99th-percentile time per message, and answers ruled per second by Rule 8 alone.
Target: median under 1 ms per message.
"""

from __future__ import annotations

import argparse
import statistics
import time

import bench_journal

from kiosk import Host, KeySource
from kiosk.engine.board import CELL_IDS
from kiosk.engine.matching import rule
from kiosk.engine.phrase import extract
from kiosk.keys import load_practice

# Answers of many shapes, right and wrong, for every cell of the practice key.
ANSWER_SHAPES = [
    "Bats: {a}. Ghosts: um, I think it's {a}, because reasons. Owls: **{a}** maybe\nToads: no idea",
    "Bats: {slip}. Ghosts: {a}? Owls: pass. Toads: wait, {a}",
    "All: {a} or something else",
]


def slipped(answer: str) -> str:
    words = answer.split()
    longest = max(range(len(words)), key=lambda i: len(words[i]))
    word = words[longest]
    if len(word) > 4:
        words[longest] = word[:2] + word[3:]
    return " ".join(words)


def night_messages() -> list[str]:
    loaded = load_practice()
    assert loaded.key is not None
    messages = ["four"]
    for index, cell in enumerate(CELL_IDS):
        answer = loaded.key.entries[cell].answer
        messages.append(cell)
        shape = ANSWER_SHAPES[index % len(ANSWER_SHAPES)]
        messages.append(shape.format(a=answer, slip=slipped(answer)))
        if "?" in shape:
            messages.append(f"Ghosts: {answer}")
        if index % 6 == 0:
            messages += ["board", "What's the score?"]
    messages.append("Bats: 1890. Ghosts: eighteen ninety-seven. Owls: 1900. Toads: about 1897")
    return messages


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--nights", type=int, default=200)
    args = parser.parse_args()
    loaded = load_practice()
    assert loaded.key is not None
    messages = night_messages()

    timings: list[float] = []
    for _ in range(args.nights):
        host = Host(loaded.key, source=KeySource.PRACTICE)
        host.opening()
        for message in messages:
            start = time.perf_counter()
            host.hear(message)
            timings.append(time.perf_counter() - start)
        assert host.failures == 0
    timings.sort()
    median = statistics.median(timings)
    p99 = timings[int(len(timings) * 0.99)]

    phrases = []
    for cell in CELL_IDS:
        entry = loaded.key.entries[cell]
        for text in (
            entry.answer,
            f"a big {slipped(entry.answer)}",
            "something else entirely",
            f"not {entry.answer}",
        ):
            phrases.append((extract(text), entry))
    rounds = max(1, args.nights // 4)
    start = time.perf_counter()
    ruled = 0
    for _ in range(rounds):
        for phrase, entry in phrases:
            if phrase.text:
                rule(phrase.text, entry)
                ruled += 1
    rate = ruled / (time.perf_counter() - start)

    print(f"messages per night        {len(messages)}")
    print(f"nights replayed           {args.nights}")
    print(f"median per message        {median * 1000:.3f} ms   (target < 1 ms)")
    print(f"99th percentile           {p99 * 1000:.3f} ms")
    print(f"matching rate             {rate:,.0f} answers ruled per second")
    bench_journal.report()


if __name__ == "__main__":
    main()
