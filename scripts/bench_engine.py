"""Engine speed: time per message over a whole four-team night, replayed many times, for this tree and for a
baseline git ref (default: main) in the same run, and the ratio between them.

    python scripts/bench_engine.py [--nights 200] [--baseline main] [--rounds 3]

Each side runs in its own process on its own copy of the code (the baseline from `git archive`), the two
taking turns for a few rounds so that a busy machine slows both alike. Prints the median and 99th-percentile
time per message of each side, the ratio, and answers ruled per second by Rule 8 alone.
Target: median under 1 ms per message, and no slower than the baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

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


def night_messages(answers: list[str]) -> list[str]:
    """A four-team night: every cell picked and answered in one of the shapes above, with commands between."""
    messages = ["four"]
    cells = [f"{letter}{points}" for letter in "ABCDE" for points in range(1, 6)]
    for index, (cell, answer) in enumerate(zip(cells, answers, strict=True)):
        messages.append(cell)
        shape = ANSWER_SHAPES[index % len(ANSWER_SHAPES)]
        messages.append(shape.format(a=answer, slip=slipped(answer)))
        if "?" in shape:
            messages.append(f"Ghosts: {answer}")
        if index % 6 == 0:
            messages += ["board", "What's the score?"]
    messages.append("Bats: 1890. Ghosts: eighteen ninety-seven. Owls: 1900. Toads: about 1897")
    return messages


def measure(nights: int) -> dict[str, float | int]:
    """Time the engine of whichever `kiosk` is first on sys.path (this tree, or a baseline's copy)."""
    from kiosk import Host, KeySource
    from kiosk.engine.matching import rule
    from kiosk.engine.phrase import extract
    from kiosk.keys import load_practice

    loaded = load_practice()
    assert loaded.key is not None
    entries = [loaded.key.entries[f"{letter}{points}"] for letter in "ABCDE" for points in range(1, 6)]
    messages = night_messages([entry.answer for entry in entries])
    timings: list[float] = []
    for _ in range(nights):
        host = Host(loaded.key, source=KeySource.PRACTICE)
        host.opening()
        for message in messages:
            start = time.perf_counter()
            host.hear(message)
            timings.append(time.perf_counter() - start)
        assert host.failures == 0
    timings.sort()

    phrases = []
    for entry in entries:
        for text in (
            entry.answer,
            f"a big {slipped(entry.answer)}",
            "something else entirely",
            f"not {entry.answer}",
        ):
            phrases.append((extract(text), entry))
    start = time.perf_counter()
    ruled = 0
    for _ in range(max(1, nights // 4)):
        for phrase, entry in phrases:
            if phrase.text:
                rule(phrase.text, entry)
                ruled += 1
    return {
        "messages": len(messages),
        "median": statistics.median(timings),
        "p99": timings[int(len(timings) * 0.99)],
        "rate": ruled / (time.perf_counter() - start),
    }


def baseline_tree(ref: str, into: Path) -> Path:
    """The baseline's files, as committed at ref, unpacked into a folder of their own."""
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def run_side(tree: Path, nights: int) -> dict[str, float | int]:
    """Measure in a fresh process whose `kiosk` is the one in tree."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, str(Path(__file__).resolve()), "--measure", "--nights", str(nights)]
    output = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True).stdout
    result: dict[str, float | int] = json.loads(output)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--nights", type=int, default=200)
    parser.add_argument("--baseline", default="main", help="git ref to compare with (default: main)")
    parser.add_argument("--rounds", type=int, default=3, help="turns each side takes")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.nights)))
        return

    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as folder:
        base = baseline_tree(args.baseline, Path(folder))
        sides: dict[str, list[dict[str, float | int]]] = {"this tree": [], args.baseline: []}
        for _ in range(args.rounds):
            sides["this tree"].append(run_side(ROOT, args.nights))
            sides[args.baseline].append(run_side(base, args.nights))

    print(f"nights replayed per round  {args.nights}, rounds {args.rounds}")
    medians = {}
    for name, runs in sides.items():
        medians[name] = statistics.median(float(run["median"]) for run in runs)
        p99 = statistics.median(float(run["p99"]) for run in runs)
        rate = statistics.median(float(run["rate"]) for run in runs)
        print(
            f"{name:>12}: {runs[0]['messages']} messages a night; median per message {medians[name] * 1000:.3f} ms, "
            f"99th percentile {p99 * 1000:.3f} ms, matching {rate:,.0f} answers ruled per second"
        )
    ratio = medians["this tree"] / medians[args.baseline]
    print(
        f"ratio (this tree / {args.baseline}) median per message: {ratio:.2f}   (target <= 1.00; < 1 ms each)"
    )
    import bench_journal  # beside this script; measures the journal of this tree only

    bench_journal.report()


if __name__ == "__main__":
    if "--measure" in sys.argv:  # one side's process: its tree's testbed may have no records
        main()
    else:
        sys.path.append(str(ROOT))  # testbed/, after whichever kiosk is first
        from testbed.measurement import recorded

        with recorded("bench_engine"):
            main()
