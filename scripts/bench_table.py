"""Whole nights by voice against the real kiosk, with a simulated table that answers back (testbed/table/):
how many questions are ruled as the written answers deserve, clean and in party noise, on voices the
recognition was tuned on and, apart, on HELD-OUT voices and noise beds nothing was tuned on.

    nice -n 10 .venv/bin/python scripts/bench_table.py          # 36 held-out questions a condition
    nice -n 10 .venv/bin/python scripts/bench_table.py --condition room-0.5-1m --questions 2   # a smoke run
    nice -n 10 .venv/bin/python scripts/bench_table.py --condition babble-10 --voice flite-slt
    nice -n 10 .venv/bin/python scripts/bench_table.py --baseline main   # before (main) and after (this tree)

Each night is played on the simulated line (testbed/table/virtual_line.py): the real kiosk, its recognisers
and its voice, in a process of its own, its microphone fed the room's sound, on a clock that moves only as
the microphone is read. A night is heard as fast as the machine recognises it (about 15-30 times real time
here) and the same way every run, so `--jobs` nights are played at once and other work on the machine
changes no figure. The kiosk's speech takes the seconds it lasts, and in a room reaches its own microphone
through the room. `--sound-server` plays each night in real time instead, through a private PulseAudio
server and a `python -m kiosk voice` process (`--speak`: aloud, at its real pace).

Per condition, and for held-out and tuning voices apart, it prints: questions ruled as deserved (each team's
verdict and points as the written answers typed would get them, on the cell the table picked); spelled fixes
the adult needed per question, and of the teams' answers it set out to fix, those set right within two
spellings ("fixed in 2"); median seconds per question (pick to ruling, on the night's clock); answers given
to the wrong team (another team's words in a team's read-back); closed-set lines (team count, picks, yes,
commands, disputes) understood at once; nights that got stuck. Every rate is printed with its 95% interval
(Wilson's).

With `--baseline REF`, each night is played twice in the same run, against REF's kiosk (its `kiosk/` from
git, in a temporary folder) and against this tree's; the two are printed side by side, and a rate whose
intervals do not overlap is marked as differing. REF's kiosk must write acts (kiosk/voice/acts.py: the
commit that added them, or later), on the simulated line and with `--sound-server` alike: the simulated
table reads what the kiosk says from its acts, not from its English.

With `--tune "confirming.margin=3"`, this tree's kiosk runs with that threshold moved (the tuning tree,
kiosk/voice/tuning.py); `--baseline HEAD --tune ...` plays the defaults beside it: a threshold measured
before and after in the same run. Choose a value on the tuning voices (`--questions 0`), then play the
held-out set once with the value chosen.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.voice.tuning import TUNING, TUNING_VARIABLE, tuned  # noqa: E402
from testbed.table import (  # noqa: E402
    CONDITIONS,
    Condition,
    Figures,
    Habit,
    NightRecord,
    Room,
    play_night,
    tools_available,
)
from testbed.table.plan import Night, plan  # noqa: E402
from testbed.table.voices import voice_named  # noqa: E402

DEFAULT_CONDITIONS = (
    "clean",
    "room-0.5-1m",
    "room-0.8-1.5m",
    "babble-10-room-0.5",
    "music-10-room-0.5",
    "reader-room-0.5",
)
HELD_OUT_QUESTIONS = 36
"""Questions a condition on the held-out set: enough that a 20-point change shows beyond the intervals."""
TUNING_QUESTIONS = 9


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


def compare(before: list[NightRecord], after: list[NightRecord], ref: str) -> None:
    """Before and after side by side, each set and condition: every rate with its interval, and whether
    the intervals part; the counts that must be 0."""
    print(f"\n## Before ({ref}) and after (this tree), the same nights in the same run")
    print(f"{'':42} {'before [95%]':>22} {'after [95%]':>22}  verdict")
    for held_out in (True, False):
        for condition in dict.fromkeys(r.condition for r in after if r.held_out is held_out):
            old, new = (
                Figures.of([r for r in records if r.held_out is held_out and r.condition == condition])
                for records in (before, after)
            )
            print(f"-- {'held-out' if held_out else 'tuning'}, {condition}")
            for name, rate in new.rates.items():
                was = old.rates[name]
                verdict = "differ" if rate.differs_from(was) else "within the intervals"
                print(f"  {name:40} {was!s:>22} {rate!s:>22}  {verdict}")
            for name, was_count, count in (
                ("wrong team, ruled on", old.wrong_team_ruled, new.wrong_team_ruled),
                ("stuck nights", old.stuck, new.stuck),
            ):
                print(f"  {name:40} {was_count:>22} {count:>22}")


@contextmanager
def kiosk_of(ref: str) -> Iterator[Path]:
    """REF's `kiosk` package in a temporary folder, from git (the tree's own changes play no part)."""
    found = subprocess.run(
        ["git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode:
        raise SystemExit(f"--baseline {ref}: no such commit in this repository")
    with tempfile.TemporaryDirectory(prefix="kiosk-baseline-") as folder:
        archive = subprocess.run(
            ["git", "archive", found.stdout.strip(), "kiosk"], cwd=ROOT, capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        yield Path(folder)


def with_habits(names: list[str], habits: str) -> dict[str, Condition]:
    """The conditions by name, each with the reader's habits (`--reader hesitates,child`) added and named."""
    chosen = frozenset(Habit(habit) for habit in habits.split(",")) if habits else frozenset()
    conditions: dict[str, Condition] = {}
    for name in names:
        condition = CONDITIONS[name]
        if chosen:
            name = f"{name}+{habits}"
            condition = replace(condition, name=name, habits=condition.habits | chosen)
        conditions[name] = condition
    return conditions


def _printed(label: str, night: Night, record: NightRecord) -> None:
    condition, voice, script = night
    ruled = sum(1 for q in record.questions if q.as_deserved)
    print(
        f"{label:6} {condition:18} {voice.name:16} {script.name:16} "
        f"ruled as deserved {ruled}/{len(record.deserved)}"
        f"  fixes {sum(q.corrections for q in record.questions)}  {record.seconds:.0f} s"
        + (f"  STUCK: {record.stuck}" if record.stuck else "")
        + (f"  ({record.ended_early})" if record.ended_early else ""),
        flush=True,
    )


def _kept(args: argparse.Namespace, name: str, transcript: list[tuple[float, str]]) -> None:
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        lines = [f"{t:7.1f} {line}" for t, line in transcript if "(hearing)" not in line]
        (args.keep / f"{name}.txt").write_text("\n".join(lines) + "\n")


def play_on_sound_server(
    nights: list[Night],
    conditions: dict[str, Condition],
    trees: dict[str, Path | None],
    args: argparse.Namespace,
) -> dict[str, list[NightRecord]]:
    """Every night against each kiosk process in turn (the baseline first), in one room server, in real
    time."""
    records: dict[str, list[NightRecord]] = {label: [] for label in trees}
    with tempfile.TemporaryDirectory() as folder, Room(Path(folder) / "room") as room:
        for number, (condition, voice, script) in enumerate(nights):
            for label, tree in trees.items():
                night_folder = Path(folder) / f"night-{number}-{label}"
                record, kiosk = play_night(
                    room, script, voice, conditions[condition], night_folder, speak=args.speak, tree=tree
                )
                records[label].append(record)
                _printed(label, (condition, voice, script), record)
                _kept(args, f"night-{number}-{label}", kiosk.transcript)
    return records


def _on_the_line(
    night: Night, condition: Condition, tree: Path | None, folder: Path, tuning: str = ""
) -> NightRecord:
    """One night on the simulated line, in a process of its own whose `kiosk` is the tree's, its voice
    tuning moved by `tuning` (kiosk/voice/tuning.py)."""
    _, voice, script = night
    folder.mkdir(parents=True)
    asked, answered = folder / "night.pickle", folder / "record.pickle"
    asked.write_bytes(pickle.dumps((script, voice, condition, folder / "night")))
    ran = subprocess.run(
        [sys.executable, "-m", "testbed.table.virtual_night", str(asked), str(answered)],
        cwd=tree or ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), TUNING_VARIABLE: tuning},
        capture_output=True,
        text=True,
        check=False,
    )
    if ran.returncode or not answered.exists():
        raise SystemExit(f"a night on the simulated line failed:\n{ran.stdout}{ran.stderr}")
    record, transcript = pickle.loads(answered.read_bytes())
    (folder / "transcript.pickle").write_bytes(pickle.dumps(transcript))
    return record  # type: ignore[no-any-return]


def play_on_the_line(
    nights: list[Night],
    conditions: dict[str, Condition],
    trees: dict[str, Path | None],
    args: argparse.Namespace,
) -> dict[str, list[NightRecord]]:
    """Every night against each kiosk on the simulated line, `--jobs` at a time: the line's clock is the
    night's own, so nights played side by side are heard as they would be alone."""
    played = [(number, label, tree) for number in range(len(nights)) for label, tree in trees.items()]
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(args.jobs) as pool:
        futures = {
            (number, label): pool.submit(
                _on_the_line,
                nights[number],
                conditions[nights[number][0]],
                tree,
                Path(folder) / f"night-{number}-{label}",
                args.tune if label == "after" else "",
            )
            for number, label, tree in played
        }
        for (number, label), future in futures.items():
            record = future.result()
            _printed(label, nights[number], record)
            transcript = Path(folder) / f"night-{number}-{label}" / "transcript.pickle"
            _kept(args, f"night-{number}-{label}", pickle.loads(transcript.read_bytes()))
    return {label: [futures[number, label].result() for number in range(len(nights))] for label in trees}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--condition", action="append", choices=sorted(CONDITIONS), help="repeatable")
    parser.add_argument(
        "--questions", type=int, default=HELD_OUT_QUESTIONS, help="held-out questions a condition"
    )
    parser.add_argument(
        "--tuning-questions",
        type=int,
        default=TUNING_QUESTIONS,
        help="tuning-voice questions a condition, reported apart (0: none)",
    )
    parser.add_argument(
        "--reader",
        default="",
        help="the reader's human habits in every condition, comma-separated: "
        + ", ".join(habit.value for habit in Habit),
    )
    parser.add_argument("--voice", help="every night in this voice instead (see testbed/table/voices.py)")
    parser.add_argument(
        "--sound-server",
        action="store_true",
        help="play each night in real time through a private PulseAudio server and a kiosk process, instead "
        "of on the simulated line",
    )
    parser.add_argument(
        "--speak",
        action="store_true",
        help="with --sound-server: the kiosk says its replies at its real pace",
    )
    parser.add_argument("--jobs", type=int, default=2, help="nights played at once on the simulated line")
    parser.add_argument(
        "--kiosk-tree",
        type=Path,
        help="run the kiosk package in this folder instead of this tree's (one that writes acts)",
    )
    parser.add_argument(
        "--baseline",
        metavar="REF",
        help="also play every night against REF's kiosk; REF needs a kiosk that writes acts (the commit that "
        "added kiosk/voice/acts.py, or later)",
    )
    parser.add_argument(
        "--tune",
        default="",
        metavar="SETTINGS",
        help="this tree's kiosk runs with these voice tunings moved, comma-separated branch.name=value (as in "
        "kiosk/voice/tuning.py); with --baseline HEAD, the defaults play beside it in the same run",
    )
    parser.add_argument("--keep", type=Path, help="write each night's kiosk transcript and the records here")
    args = parser.parse_args()
    try:
        tuned(TUNING, args.tune)
    except ValueError as error:
        parser.error(f"--tune: {error}")
    if args.tune and args.sound_server:
        parser.error("--tune plays on the simulated line, not with --sound-server")
    if not tools_available():  # flite voices are rendered by flite on the simulated line too
        print("pulseaudio, pulseaudio-utils and flite are needed: run scripts/setup.sh", file=sys.stderr)
        return 2
    try:
        conditions = with_habits(args.condition or list(DEFAULT_CONDITIONS), args.reader)
    except ValueError as error:
        parser.error(f"--reader: {error}")
    nights = plan(list(conditions), args.questions, args.tuning_questions)
    if args.voice:
        nights = [(condition, voice_named(args.voice), script) for condition, _, script in nights]
    trees: dict[str, Path | None] = {"after": args.kiosk_tree}
    baseline = kiosk_of(args.baseline) if args.baseline else contextlib.nullcontext(None)
    with baseline as base:
        if base is not None:
            trees = {"before": base, **trees}
        playing = play_on_sound_server if args.sound_server else play_on_the_line
        records = playing(nights, conditions, trees, args)
    for label, kept in records.items():
        if len(records) > 1:
            print(f"\n# {label}: {args.baseline if label == 'before' else 'this tree'} {args.tune}")
        report(kept)
    if args.baseline:
        compare(records["before"], records["after"], args.baseline)
    if args.keep:
        (args.keep / "records.json").write_text(
            json.dumps(
                {label: [asdict(r) for r in kept] for label, kept in records.items()}, indent=1, default=list
            )
        )
    return 0


if __name__ == "__main__":
    from testbed.measurement import recorded

    with recorded("bench_table"):
        status = main()  # returned, not raised inside: a SystemExit would leave the run without its record
    sys.exit(status)
