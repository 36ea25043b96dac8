"""Voice kiosk figures on the small English model and the recorded party tables, printed as tables.

    python scripts/bench_voice.py [--model DIR] [--noisy normal|all|none] [--skip SECTION ...]

Sections (each says how it measures):
- recognition: every table played to the kiosk (`VoiceKiosk`, read as fast as it decodes), each utterance
  heard with the night as scripted so far; an utterance is received correctly when the kiosk's reply and
  its night are those the table's own words get. Clean, and in babble and music at 20, 10 and 5 dB.
- end of speech: from the same runs, when the kiosk closed each utterance after its last word.
- speed: real-time factor of a cold recogniser (built for each utterance) and a warm one (kept).
- latency: the kiosk in a child process, the table paced like a microphone; from the end of the last word
  to the first sample of the reply; then the same with the CPU slowed about 5 times (a control group).
- nights: every table through `python -m kiosk voice --audio-in`, its last ledger and RESULT line checked,
  and the peak resident memory of that process from its own start (GNU time).
- speech: pyttsx3 (espeak-ng) against Piper's joe voice, each in its own process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.voice.sound.model import default_model_path  # noqa: E402
from testbed.tables import (  # noqa: E402
    CLOSED_SET,
    NOISES,
    RATE,
    SNRS,
    Kind,
    Table,
    mixed,
    read_wav,
    tables,
)
from testbed.voice_measures import (  # noqa: E402
    REPLY_SENTENCES,
    Heard,
    SlowCpu,
    SturdySpeaker,
    measured,
    real_time_factors,
    run_kept_on_script,
    speech_child,
)

SECTIONS = ("recognition", "speed", "latency", "nights", "speech")
LATENCY_TABLES = ("two-teams.piper-normal", "four-teams.espeak-ng-normal")


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}% ({part}/{whole})" if whole else "n/a"


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def section(title: str) -> None:
    load = " / ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"\n## {title}\n\n(machine load average 1/5/15 min: {load})", flush=True)


# --- recognition and end of speech ------------------------------------------------------------------------


def conditions(noisy: str) -> list[tuple[str, str | None, float | None]]:
    found: list[tuple[str, str | None, float | None]] = [("clean", None, None)]
    if noisy != "none":
        found += [(f"{noise} {snr} dB", noise, snr) for noise in NOISES for snr in SNRS]
    return found


def recognition(model: object, chosen: list[Table], noisy: str) -> None:
    from kiosk.voice.sound.tts import Speaker

    speaker = SturdySpeaker(Speaker())
    results: dict[str, list[tuple[Table, list[Heard]]]] = defaultdict(list)
    for label, noise, snr in conditions(noisy):
        for table in chosen:
            if noise is not None and noisy == "normal" and table.pace != "normal":
                continue
            samples = table.samples() if noise is None or snr is None else mixed(table, noise, snr)
            started = time.perf_counter()
            heard = run_kept_on_script(table, samples, model, speaker, realtime=False)
            results[label].append((table, heard))
            print(
                f"  {label:<14} {table.path.stem:<32} {time.perf_counter() - started:5.1f} s", file=sys.stderr
            )
    speaker.close()
    labels = list(results)
    section("Recognition per kind: share of utterances the kiosk receives correctly")
    print(
        "Each utterance heard with the night as scripted so far; received = the kiosk's reply and night are"
    )
    print(
        "those the words said get."
        + {"normal": " Noisy rows use the normal-pace tables.", "all": " Noisy rows use every table."}.get(
            noisy, ""
        )
    )
    print(f"{'kind':<14}" + "".join(f"{label:>22}" for label in labels))
    for kind in Kind:
        cells = []
        for label in labels:
            total = right = 0
            for table, heard in results[label]:
                ends = closings(table, heard)
                for index, utterance in enumerate(table.utterances):
                    if utterance.kind is kind:
                        total += 1
                        right += ends[index].received
            cells.append(percent(right, total))
        print(f"{kind.value:<14}" + "".join(f"{cell:>22}" for cell in cells))
    print(
        "Targets: clean >= 98% for picks, commands, team names and yes/no, >= 95% spelled words; >= 90% at 10 dB."
    )
    asked_again(results)
    end_of_speech(results)


def asked_again(results: dict[str, list[tuple[Table, list[Heard]]]]) -> None:
    """Picks and commands not received: how many the kiosk asked about again (safe: the night waits for
    them), and how many it missed or took wrongly (a wrong cell read is never un-picked)."""
    print(
        "\nPicks and commands not received at once: asked again (the night waits) / missed or taken wrongly"
    )
    kinds = (Kind.PICK, Kind.COMMAND)
    print(f"{'condition':<16}{'utterances':>12}{'received':>10}{'asked':>8}{'otherwise':>11}")
    for label, runs in results.items():
        ends = [
            closing
            for table, heard in runs
            for closing, utterance in zip(closings(table, heard), table.utterances, strict=True)
            if utterance.kind in kinds
        ]
        received = sum(c.received for c in ends)
        asked = sum(c.asked for c in ends)
        print(f"{label:<16}{len(ends):>12}{received:>10}{asked:>8}{len(ends) - received - asked:>11}")


@dataclass(frozen=True)
class Closing:
    """How the kiosk closed one utterance of a table."""

    delay: float | None
    """Seconds from the last word to the first close at or after it; None if it was never closed."""
    cuts: int
    """Closes before the last word: the speaker cut off mid-utterance."""
    spurious: int
    """Further closes after the real one, before the next utterance: noise heard as speech."""
    received: bool
    """Heard right: the close at the end was received correctly and nothing cut it before."""
    asked: bool = False
    """The kiosk was unsure and asked again instead of passing the utterance on."""


def closings(table: Table, heard: list[Heard]) -> list[Closing]:
    found = []
    for index, utterance in enumerate(table.utterances):
        mine = [item for item in heard if item.index == index]
        cuts = [item for item in mine if item.closed_at < utterance.end]
        after = [item for item in mine if item.closed_at >= utterance.end]
        delay = after[0].closed_at - utterance.end if after else None
        received = bool(after) and after[0].received and not cuts
        asked = bool(after) and after[0].asked and not cuts
        found.append(Closing(delay, len(cuts), max(0, len(after) - 1), received, asked))
    return found


def end_of_speech(results: dict[str, list[tuple[Table, list[Heard]]]]) -> None:
    section("End of speech: when the kiosk closed each utterance after its last word")
    print(
        "Delay to the 0.1 s chunk. missed: an utterance never closed after its last word (run into the next,"
    )
    print(
        "or lost); cut: closed before the speaker's last word; spurious: closed again after it (noise heard)."
    )
    print(f"{'condition':<16}{'median':>9}{'p95':>9}{'worst':>9}{'missed':>16}{'cut':>6}{'spurious':>10}")
    for label, runs in results.items():
        ends = [closing for table, heard in runs for closing in closings(table, heard)]
        delays = [closing.delay for closing in ends if closing.delay is not None]
        missed = sum(closing.delay is None for closing in ends)
        cuts, spurious = sum(c.cuts for c in ends), sum(c.spurious for c in ends)
        if delays:
            print(
                f"{label:<16}{statistics.median(delays):>8.2f}s{quantile(delays, 0.95):>8.2f}s{max(delays):>8.2f}s"
                f"{percent(missed, len(ends)):>16}{cuts:>6}{spurious:>10}"
            )
    print("Target: closes within 0.8 s of the last word; never cuts a speaker who pauses mid-answer.")


# --- speed ------------------------------------------------------------------------------------------------


def speed(model: object, chosen: list[Table]) -> None:
    section("Recognition speed: real-time factor (decoding time / audio time)")
    segments = []
    for table in chosen:
        if table.pace == "normal" and table.name == "two-teams":
            samples = table.samples()
            for u in table.utterances:
                segments.append(samples[max(0, int((u.start - 0.3) * RATE)) : int((u.end + 0.5) * RATE)])
    segments.append(read_wav(ROOT / "audio_fixtures" / "digits.wav"))
    seconds = sum(len(s) for s in segments) / RATE
    print(
        f"{len(segments)} utterances ({seconds:.0f} s): two-teams in both voices, and the human digits recording."
    )
    print(f"{'recogniser':<34}{'cold':>10}{'warm':>10}   target")
    cold, warm = real_time_factors(model, segments, None)
    print(f"{'open vocabulary':<34}{cold:>10.3f}{warm:>10.3f}   <= 0.2")
    try:
        from kiosk.voice.hearing.grammar import between_questions
        from kiosk.voice.sound.asr import grammar_for

        cold, warm = real_time_factors(model, segments, grammar_for(model, between_questions()))
        print(f"{'grammar (between questions)':<34}{cold:>10.3f}{warm:>10.3f}")
    except ImportError as error:
        print(f"{'grammar (between questions)':<34}n/a (needs {error.name})")
    print(
        "cold: a recogniser built for each utterance (build time included); warm: one kept, after one utterance."
    )


# --- latency in a child, at full speed and slowed ----------------------------------------------------------


def latency_child(model_path: Path, stem: str) -> None:
    """In a child process: one table paced like a microphone; the turns as JSON on stdout."""
    from kiosk.voice.sound.asr import load_model
    from kiosk.voice.sound.tts import Speaker

    table = next(t for t in tables() if t.path.stem == stem)
    speaker = SturdySpeaker(Speaker())
    heard = run_kept_on_script(table, table.samples(), load_model(model_path), speaker, realtime=True)
    speaker.close()
    print(f"speech renders tried again: {speaker.failures}", file=sys.stderr)
    rows = [
        {"kind": table.utterances[h.index].kind.value, "latency": h.latency, "received": h.received}
        for h in heard
    ]
    print(json.dumps(rows))


def latency(model_path: Path) -> None:
    section("Last word to first sample of the reply (tables paced like a microphone, speech into a file)")
    cpu = SlowCpu()
    rows: list[tuple[str, list[dict[str, object]]]] = []
    try:
        runs: list[tuple[str, list[str]]] = [("full speed", [])]
        if cpu.available:
            factor = cpu.calibrate()
            runs.append((f"CPU slowed x{factor:.1f}", cpu.wrap()))
        for label, wrap in runs:
            turns: list[dict[str, object]] = []
            for stem in LATENCY_TABLES:
                command = [sys.executable, __file__, "--child-latency", stem, "--model", str(model_path)]
                run, _ = measured(command, wrap=wrap, timeout=600)
                if run.returncode != 0:
                    print(f"{label}: {stem} failed: {run.stderr.strip()[-400:]}")
                    continue
                turns += json.loads(run.stdout.strip().splitlines()[-1])
            rows.append((label, turns))
    finally:
        cpu.close()
    print(
        f"Tables: {', '.join(LATENCY_TABLES)}. Slowed: {cpu.how}, set so that a Python loop ran about 5 times"
    )
    print("slower in it than outside, measured just before (the factor shown).")
    print(f"{'run':<22}{'turns':>7}{'median':>9}{'worst':>9}{'closed-set median':>19}   targets")
    for label, turns in rows:
        delays = [float(t["latency"]) for t in turns if t["latency"] is not None]  # type: ignore[arg-type]
        closed = [
            float(t["latency"])  # type: ignore[arg-type]
            for t in turns
            if t["latency"] is not None and t["kind"] in {k.value for k in CLOSED_SET}
        ]
        if not delays:
            print(f"{label:<22} no turns")
            continue
        target = (
            "median <= 0.8 s, worst <= 1.2 s, closed-set <= 0.5 s"
            if label == "full speed"
            else "median <= 1.5 s"
        )
        closed_median = f"{statistics.median(closed):.2f} s" if closed else "n/a"
        print(
            f"{label:<22}{len(delays):>7}{statistics.median(delays):>8.2f}s{max(delays):>8.2f}s{closed_median:>19}   {target}"
        )
    if not cpu.available:
        print(f"CPU slowed: n/a ({cpu.how})")


# --- whole nights from audio, and memory --------------------------------------------------------------------


def nights(model_path: Path, chosen: list[Table]) -> None:
    section("Every scripted night through `python -m kiosk voice --audio-in` (left to itself)")
    print(f"{'table':<34}{'ends as scripted':>18}{'peak memory':>14}   last ledger when not")
    memories: list[float] = []
    passed = hangs = 0
    for table in chosen:
        with tempfile.TemporaryDirectory() as home:
            command = [
                sys.executable, "-m", "kiosk", "voice", "--model", str(model_path),
                "--audio-in", str(table.path), "--audio-out", str(Path(home) / "host.wav"),
            ]  # fmt: skip
            if table.resume:  # the night carried on from its save block, as the table would
                save = Path(home) / "save.txt"
                save.write_text(table.resume)
                command += ["--save", str(save)]
            settings = Path(home) / "kiosk.toml"
            settings.write_text("confirm_picks = false\n")  # a recording cannot say yes to a pick said back
            env = {**os.environ, "SNAP_APPLE_HOME": home, "SNAP_APPLE_CONFIG": str(settings)}
            # A night's recording is at most 92 s and is read faster than real time.
            run, memory = measured(command, env=env, timeout=240)
        ledgers = [line for line in run.stdout.splitlines() if line.startswith("[L]")]
        ok = bool(ledgers) and ledgers[-1] == table.ledger and table.result in run.stdout.splitlines()
        hung = "hung:" in run.stderr
        passed, hangs = passed + ok, hangs + hung
        memories.append(memory)
        note = "" if ok else (ledgers[-1] if ledgers else run.stderr.strip()[-200:])
        verdict = "yes" if ok else "HUNG" if hung else "NO"
        print(f"{table.path.stem:<34}{verdict:>18}{memory:>11.0f} MB   {note}")
    print(f"{passed} of {len(chosen)} nights end with their scripted ledger and RESULT line; {hangs} hung.")
    if hangs:
        print(
            "A hung night was ended after 240 s; its last ledger is the one printed before the kiosk stopped."
        )
    print(f"Peak resident memory of the voice kiosk: median {statistics.median(memories):.0f} MB, "
          f"most {max(memories):.0f} MB (target <= 300 MB).")  # fmt: skip
    baseline_command = [sys.executable, "-c", "import numpy, vosk, kiosk.voice.kiosk"]
    _, baseline = measured(baseline_command)
    print(f"For scale: Python importing numpy, vosk and the kiosk, no model: {baseline:.0f} MB.")


# --- speech out -------------------------------------------------------------------------------------------


def speech() -> None:
    section(
        "Speech out: pyttsx3 (espeak-ng, through the kiosk's Speaker) against Piper (joe voice, piper-tts)"
    )
    print(
        f"{'engine':<10}{'load':>8}{'first render':>14}{'warm sentence':>15}{'real-time factor':>18}"
        f"{'peak memory':>14}{'failed renders':>16}"
    )
    for engine in ("pyttsx3", "piper"):
        run, memory = measured([sys.executable, __file__, "--child-speech", engine], timeout=300)
        if run.returncode != 0:
            print(f"{engine:<10} failed: {run.stderr.strip()[-300:]}")
            continue
        f = json.loads(run.stdout.strip().splitlines()[-1])
        print(
            f"{engine:<10}{f['load']:>7.2f}s{f['cold']:>13.3f}s{f['first']:>14.3f}s{f['rtf']:>18.3f}"
            f"{memory:>11.0f} MB{f['failures']:>16}"
        )
    print(
        "warm sentence: median time to the whole first sentence's samples (the kiosk plays a sentence once it"
    )
    print("is rendered, so this is its time to first sample); real-time factor: render time / audio time;")
    print(
        f"failed renders: of {len(REPLY_SENTENCES)} sentences, how many raised an error (and were left out)."
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--model", type=Path, default=default_model_path())
    parser.add_argument("--noisy", choices=("normal", "all", "none"), default="normal",
                        help="which tables are heard in noise: normal pace (default), all, or none")  # fmt: skip
    parser.add_argument("--skip", nargs="*", choices=SECTIONS, default=[])
    parser.add_argument("--child-latency", metavar="TABLE", help=argparse.SUPPRESS)
    parser.add_argument("--child-speech", metavar="ENGINE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_latency:
        return latency_child(args.model, args.child_latency)
    if args.child_speech:
        return speech_child(args.child_speech)

    from kiosk.voice.sound.asr import load_model

    chosen = tables()
    print(f"# Voice kiosk figures ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})")
    print(f"model: {args.model}; vosk {version('vosk')}; {os.cpu_count()} cores; "
          f"{len(chosen)} recorded tables, {sum(len(t.utterances) for t in chosen)} utterances")  # fmt: skip
    model = load_model(args.model)
    if "recognition" not in args.skip:
        recognition(model, chosen, args.noisy)
    if "speed" not in args.skip:
        speed(model, chosen)
    if "latency" not in args.skip:
        latency(args.model)
    if "nights" not in args.skip:
        nights(args.model, chosen)
    if "speech" not in args.skip:
        speech()


if __name__ == "__main__":
    from testbed.measurement import recorded

    with recorded("bench_voice"):
        main()
