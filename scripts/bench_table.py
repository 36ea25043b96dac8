"""Whole nights by voice against the real kiosk, with a simulated table that answers back (testbed/table/):
how many questions are ruled as the written answers deserve, clean and in party noise, on voices the
recognition was tuned on and, apart, on HELD-OUT voices and noise beds nothing was tuned on.

    nice -n 10 .venv/bin/python scripts/bench_table.py                       # 12 nights (~30 min)
    nice -n 10 .venv/bin/python scripts/bench_table.py --condition clean --nights 2
    nice -n 10 .venv/bin/python scripts/bench_table.py --condition babble-5 --voice flite-slt

Per condition, and for held-out and tuning voices apart, it prints: questions ruled as deserved (each team's
verdict and points as the written answers typed would get them, on the cell the table picked); spelled fixes
the adult needed per question, and of the teams' answers it set out to fix, those set right within two
spellings ("fixed in 2"); median seconds per question (pick to ruling); answers given to the wrong
team (another team's words in a team's read-back); closed-set lines (team count, picks, yes, commands,
disputes) understood at once; nights that got stuck. By default the kiosk writes its speech to a file
instead of saying it, so seconds per question leave out the kiosk's own reading aloud (`--speak` plays it,
at its real pace). Seconds are wall-clock on a shared machine: other work inflates them.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from testbed.table import CONDITIONS, Figures, NightRecord, Room, play_night, tools_available  # noqa: E402
from testbed.table.nights import NightScript, candle_end, fresh  # noqa: E402
from testbed.table.voices import Family, Voice, held_out_voices, tuning_voices, voice_named  # noqa: E402

DEFAULT_CONDITIONS = ("clean", "babble-10", "music-10")


def plan(conditions: list[str]) -> list[tuple[str, Voice, NightScript]]:
    """Four nights a condition: three on held-out voices, one of each family (two teams, four teams, and a
    Candle-End carried on from a save, turn about), and one on a tuning voice."""
    families = list(Family)
    nights: list[tuple[str, Voice, NightScript]] = []
    for number, condition in enumerate(conditions):
        kinds = (fresh(2, number), fresh(4, number + 1), candle_end())
        for offset, script in enumerate(kinds):
            family = families[(number + offset) % len(families)]
            voices = [voice for voice in held_out_voices() if voice.family is family]
            nights.append((condition, voices[number % len(voices)], script))
        tuning = tuning_voices()[number % len(tuning_voices())]
        nights.append((condition, tuning, fresh(2 if number % 2 else 4, number + 2)))
    return nights


def report(records: list[NightRecord]) -> None:
    print("\n" + Figures.HEADER)
    for held_out in (True, False):
        chosen = [r for r in records if r.held_out is held_out]
        if not chosen:
            continue
        label = "HELD-OUT voices and beds" if held_out else "tuning voices, project beds"
        print(f"-- {label}")
        for condition in dict.fromkeys(r.condition for r in chosen):
            print(Figures.of([r for r in chosen if r.condition == condition]).row(f"  {condition}"))
        for teams in sorted({r.teams for r in chosen}):
            print(Figures.of([r for r in chosen if r.teams == teams]).row(f"  {teams} teams, all conditions"))
        for family in dict.fromkeys(r.family for r in chosen):
            print(Figures.of([r for r in chosen if r.family == family]).row(f"  {family}, all conditions"))
        print(Figures.of(chosen).row("  all"))
    closed: dict[str, list[bool]] = {}
    for record in records:
        for kind, ok in record.closed_set:
            closed.setdefault(kind, []).append(ok)
    print(
        "\nclosed set understood at once, by kind: "
        + ", ".join(f"{k} {sum(v)}/{len(v)}" for k, v in closed.items())
    )
    for record in records:
        if record.stuck or record.ended_early:
            why = f"stuck: {record.stuck}" if record.stuck else record.ended_early
            print(f"{record.condition} {record.voice} {record.script}: {why}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--condition", action="append", choices=sorted(CONDITIONS), help="repeatable")
    parser.add_argument("--nights", type=int, help="only the first N nights of the plan")
    parser.add_argument("--voice", help="every night in this voice instead (see testbed/table/voices.py)")
    parser.add_argument("--speak", action="store_true", help="the kiosk says its replies at its real pace")
    parser.add_argument(
        "--kiosk-tree",
        type=Path,
        help="run the kiosk package in this folder instead (another commit's: git archive REV kiosk | tar -x -C DIR)",
    )
    parser.add_argument("--keep", type=Path, help="write each night's kiosk transcript and the records here")
    args = parser.parse_args()
    if not tools_available():
        print("pulseaudio, pulseaudio-utils and flite are needed: run scripts/setup.sh", file=sys.stderr)
        return 2
    nights = plan(args.condition or list(DEFAULT_CONDITIONS))
    if args.voice:
        nights = [(condition, voice_named(args.voice), script) for condition, _, script in nights]
    nights = nights[: args.nights] if args.nights else nights
    records: list[NightRecord] = []
    with tempfile.TemporaryDirectory() as folder, Room(Path(folder) / "room") as room:
        for number, (condition, voice, script) in enumerate(nights):
            night_folder = Path(folder) / f"night-{number}"
            record, kiosk = play_night(
                room,
                script,
                voice,
                CONDITIONS[condition],
                night_folder,
                speak=args.speak,
                tree=args.kiosk_tree,
            )
            records.append(record)
            ruled = sum(1 for q in record.questions if q.as_deserved)
            print(
                f"{condition:10} {voice.name:16} {script.name:12} ruled as deserved {ruled}/{len(record.deserved)}"
                f"  fixes {sum(q.corrections for q in record.questions)}  {record.seconds:.0f} s"
                + (f"  STUCK: {record.stuck}" if record.stuck else "")
                + (f"  ({record.ended_early})" if record.ended_early else ""),
                flush=True,
            )
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                lines = [f"{t:7.1f} {line}" for t, line in kiosk.transcript if "(hearing)" not in line]
                (args.keep / f"night-{number}.txt").write_text("\n".join(lines) + "\n")
    report(records)
    if args.keep:
        (args.keep / "records.json").write_text(
            json.dumps([asdict(r) for r in records], indent=1, default=list)
        )
    return 0


if __name__ == "__main__":
    from testbed.measurement import recorded

    with recorded("bench_table"):
        sys.exit(main())
