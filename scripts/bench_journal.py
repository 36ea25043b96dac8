"""The journal's cost per message: appending one turn (message and reply) and making it durable (fsync)
before the reply is shown, on the disk the kiosk keeps its nights on; and key parsing, linear in size.

    python scripts/bench_journal.py [--nights 20] [--folder DIR]

Prints the median and 99th-percentile cost per message with fsync (target: median under 2 ms), the same
writes without fsync as a baseline measured in the same run, and the time to read a key holding a 100 kB
and a 1 MB run of spaces (their ratio is about 10 when parsing is linear, about 100 when quadratic).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from kiosk import Host, Reply
from kiosk.engine.board import CELL_IDS
from kiosk.engine.key import parse_key
from kiosk.keys import load_practice, practice_key_bytes
from kiosk.records.journal import Journal
from kiosk.records.night_records import KeyIdentity
from kiosk.records.storage import data_dir


def a_night() -> list[tuple[str | None, Reply]]:
    """A whole three-team night on the practice key, every turn as the journal records it."""
    loaded = load_practice()
    assert loaded.key is not None
    host = Host(loaded.key, source=loaded.source)
    turns: list[tuple[str | None, Reply]] = [(None, host.opening())]
    messages = ["three"]
    for cell in CELL_IDS:
        messages += [cell, f"Bats: {loaded.key.entries[cell].answer}. Ghosts: pass", "Owls: no idea"]
    turns += [(message, host.hear(message)) for message in messages]
    return turns


def journal_costs(folder: Path, nights: int) -> dict[str, list[float]]:
    """Seconds per turn: the journal; the same bytes by bare write + fdatasync (the disk's own flush, a
    floor no journal can beat); and by bare write alone. Night by night in turn, so load falls on all."""
    loaded = load_practice()
    turns = a_night()
    lines = [(repr((message, reply.text)) + "\n").encode() for message, reply in turns]
    costs: dict[str, list[float]] = {"journal": [], "flush": [], "write": []}
    for _ in range(nights):
        journal = Journal.begin(KeyIdentity.of(loaded), folder)
        for message, reply in turns:
            start = time.perf_counter()
            journal.record(message, reply)
            costs["journal"].append(time.perf_counter() - start)
        journal.close()
        journal.path.unlink()
        for name, flush in (("flush", True), ("write", False)):
            path = folder / f"baseline-{name}.txt"
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_TRUNC)
            for line in lines:
                start = time.perf_counter()
                os.write(fd, line)
                if flush:
                    os.fdatasync(fd)
                costs[name].append(time.perf_counter() - start)
            os.close(fd)
            path.unlink()
    return {name: sorted(values) for name, values in costs.items()}


def key_parse_seconds(run: int) -> float:
    data = practice_key_bytes() + b"Q:" + b" " * run + b"x\n- " + b" " * run + b"x\n"
    start = time.perf_counter()
    parse_key(data)
    return time.perf_counter() - start


def report(nights: int = 20, folder: Path | None = None) -> None:
    base = folder or (data_dir().parent if data_dir().parent.is_dir() else Path.cwd())
    with tempfile.TemporaryDirectory(prefix="bench-journal-", dir=base) as where:
        costs = journal_costs(Path(where), nights)
    journal = costs["journal"]
    small, large = key_parse_seconds(100_000), key_parse_seconds(1_000_000)

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.3f} ms"

    print(f"journal folder            {base}")
    print(f"journal turns recorded    {len(journal)}")
    print(f"journal per message       {ms(journal)} median with fsync   (target < 2 ms)")
    print(f"journal 99th percentile   {journal[int(len(journal) * 0.99)] * 1000:.3f} ms")
    print(f"bare write + fdatasync    {ms(costs['flush'])} median (the disk's own flush, same run)")
    print(f"bare write, no fsync      {ms(costs['write'])} median (same run)")
    print(
        f"key with 100 kB of spaces {small * 1000:.1f} ms; 1 MB {large * 1000:.1f} ms (ratio {large / small:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--nights", type=int, default=20)
    parser.add_argument(
        "--folder", type=Path, help="measure on this folder's disk (default: beside the data)"
    )
    args = parser.parse_args()
    report(args.nights, args.folder)


if __name__ == "__main__":
    sys.path.append(str(Path(__file__).resolve().parent.parent))  # testbed/, after whichever kiosk is first
    from testbed.measurement import recorded

    with recorded("bench_journal"):
        main()
