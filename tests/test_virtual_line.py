"""The simulated line (testbed/table/virtual_line.py): the kiosk and the table taking turns on one clock that
moves only as the microphone is read, so that a bench night is heard as fast as the machine allows and the
same way every run."""

from __future__ import annotations

import json
import os
import pickle
import re
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from kiosk.voice.acts import act_of_words, read_act
from kiosk.voice.sound.tts import Speech
from testbed.table import CONDITIONS
from testbed.table.kiosk_process import MODEL
from testbed.table.nights import fresh
from testbed.table.records import NightRecord
from testbed.table.virtual_line import CHUNK, Sounds, VirtualKiosk, VirtualLine
from testbed.table.voices import RATE, voice_named

ROOT = Path(__file__).resolve().parents[1]


def test_sounds_add_where_they_overlap_and_are_let_go_once_heard() -> None:
    sounds = Sounds()
    sounds.add(0, np.ones(10))
    sounds.add(5, np.full(10, 2.0))
    assert list(sounds.take(0, 8)) == [1, 1, 1, 1, 1, 3, 3, 3]
    assert list(sounds.take(8, 10)) == [3, 3, 2, 2, 2, 2, 2, 0, 0, 0]
    assert sounds.playing == []


def _scripted_kiosk(line: VirtualLine, heard: list[float]) -> None:
    """A kiosk that says one second of a reply after half a second of listening, then notes when the
    table's voice reaches its microphone."""
    try:
        for number, chunk in enumerate(line.chunks()):
            if number == 4:  # the fifth chunk read: half a second heard
                line.act(json.dumps(act_of_words("Say something.")))  # an act, then its words
                line.print("Say something.")
                line.play(Speech(np.full(RATE, 100, dtype=np.int16), RATE))
                line.print("INFO kiosk.voice.command: (listening)")
            level = np.abs(np.frombuffer(chunk.pcm, dtype=np.int16)).max()
            if level > 1000 and not heard:
                heard.append(chunk.at)
    finally:
        line.kiosk_finished()


def test_the_table_reads_a_reply_once_the_kiosks_voice_has_ended_and_is_heard_from_then() -> None:
    line = VirtualLine(np.zeros(RATE, dtype=np.int16))
    kiosk = VirtualKiosk(line)
    heard: list[float] = []
    running = threading.Thread(target=_scripted_kiosk, args=(line, heard), daemon=True)
    running.start()
    reply = kiosk.block(10.0)
    assert reply is not None and reply.text == "Say something."
    assert reply.acts == (read_act(json.dumps(act_of_words("Say something."))),)
    assert kiosk.now() == pytest.approx(1.5)  # half a second of listening, then one of speech
    kiosk.wait(0.5)
    kiosk.say(np.full(RATE // 2, 5000, dtype=np.int16))
    assert kiosk.now() == pytest.approx(2.5)
    assert kiosk.block(1.0) is None  # no reply within a second: the clock moved that second only
    assert kiosk.now() == pytest.approx(3.5)
    line.table_finished()
    running.join(timeout=10)
    assert heard == [pytest.approx(2.0)]
    assert kiosk.ended
    assert [said for _, said in kiosk.transcript] == [
        "Say something.",
        "INFO kiosk.voice.command: (listening)",
    ]
    assert line.sample % CHUNK == 0


def test_the_kiosks_echo_does_not_hold_the_tables_words_back() -> None:
    """In a room the kiosk's voice rings on after it ends; a reader who answers then is heard from then."""
    line = VirtualLine(np.zeros(RATE, dtype=np.int16), echo=np.zeros(RATE))  # a silent second-long tail
    kiosk = VirtualKiosk(line)
    heard: list[float] = []
    running = threading.Thread(target=_scripted_kiosk, args=(line, heard), daemon=True)
    running.start()
    reply = kiosk.block(10.0)
    assert reply is not None and reply.text == "Say something."
    kiosk.say(np.full(RATE // 2, 5000, dtype=np.int16))  # at 1.5 s, inside the echo's tail
    line.table_finished()
    running.join(timeout=10)
    assert heard == [pytest.approx(1.5)]


def _night_on_the_line(folder: Path) -> tuple[NightRecord, list[str]]:
    """A one-question night, clean, on the line in a process of its own (as scripts/bench_table.py runs
    it); its record and what the kiosk showed, less what names the wall clock's time."""
    script = fresh(2, 0)
    script = type(script)(**{**script.__dict__, "questions": script.questions[:1]})
    folder.mkdir()
    asked, answered = folder / "night.pickle", folder / "record.pickle"
    asked.write_bytes(pickle.dumps((script, voice_named("espeak-us"), CONDITIONS["clean"], folder / "night")))
    ran = subprocess.run(
        [sys.executable, "-m", "testbed.table.virtual_night", str(asked), str(answered)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    record, transcript = pickle.loads(answered.read_bytes())
    timeless = re.compile(r"night-\d{8}-\d{6}|\d{4}-\d\d-\d\d \d\d:\d\d|\d{4}-\d\d-\d\dT")
    return record, [line for _, line in transcript if not timeless.search(line)]


@pytest.mark.slow
@pytest.mark.voice
@pytest.mark.english
def test_a_night_on_the_line_is_played_through_and_heard_the_same_way_every_run(tmp_path: Path) -> None:
    if not (MODEL / "am" / "final.mdl").exists():
        pytest.fail(f"no English Vosk model in {MODEL}: run scripts/setup.sh")
    first, said = _night_on_the_line(tmp_path / "first")
    again, said_again = _night_on_the_line(tmp_path / "again")
    story = "\n".join(said[-60:])
    assert not first.stuck, f"{first.stuck}\n{story}"
    assert not any("Traceback" in line or "the kiosk stopped" in line for line in said), story
    assert [q.ruled == q.deserved for q in first.questions] == [True], (
        story
    )  # a quiet room, the kiosk's voice
    assert said == said_again  # the same night, heard the same way: no wall clock in it
    assert (first.seconds, [q.as_deserved for q in first.questions]) == (
        again.seconds,
        [q.as_deserved for q in again.questions],
    )
