"""The voice kiosk end to end: a recorded table through real vosk, the engine and real pyttsx3."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pytest

from kiosk import Host, KeySource
from kiosk import cartridge as card
from kiosk.engine.kiosk_lines import after_card_line
from kiosk.engine.ledger import parse_ledger
from kiosk.keys import load_practice
from kiosk.records.journal import Journal
from kiosk.records.keeping import Keeper
from kiosk.records.night_records import KeyIdentity
from kiosk.screen.address import Address
from kiosk.screen.captions import KEYBOARD, Caption
from kiosk.screen.captions import TABLE as FROM_THE_TABLE
from kiosk.screen.screen import Screen
from kiosk.table import KeptNight, Table
from kiosk.voice.hearing.vad import EndOfSpeech
from kiosk.voice.kiosk import VoiceKiosk
from kiosk.voice.sound.audio import WavOutput, WavSource, read_wav
from kiosk.voice.sound.tts import Speaker, Speech
from testbed.tables import write_wav

from .conftest import FIXTURES, CaptionsKept

TABLE = FIXTURES / "table-night.wav"


def test_end_of_speech_closes_each_utterance_once() -> None:
    detector = EndOfSpeech()
    samples = read_wav(TABLE)
    pcm = samples.tobytes()
    ends = []
    step = 3200
    for offset in range(0, len(pcm), step):
        if detector.feed(pcm[offset : offset + step], offset / 2 / 16000):
            ends.append(offset / 2 / 16000)
    lines = (FIXTURES / "table-night.txt").read_text().splitlines()
    assert len(ends) == len(lines)  # one end per utterance, none inside a word


@pytest.mark.voice
def test_a_recorded_table_plays_through_recogniser_engine_and_speaker(
    korean_model: object, tmp_path: Path
) -> None:
    loaded = load_practice()
    host = Host(loaded.key, source=KeySource.PRACTICE)
    out = WavOutput(tmp_path / "host.wav")
    screen = io.StringIO()
    speaker = Speaker()
    heard = CaptionsKept()
    kiosk = VoiceKiosk(Table(host, (heard,)), korean_model, speaker, out, printout=screen)
    try:
        code = kiosk.run(WavSource(TABLE))
    finally:
        out.close()
        speaker.close()
    assert code == 0
    lines = (FIXTURES / "table-night.txt").read_text().splitlines()
    # The Korean model cannot understand English words, but it must hear each utterance as one.
    assert len(kiosk.turns) >= len(lines) - 2
    assert all(turn.heard for turn in kiosk.turns)
    assert len([words for words in heard.hearing_words if words]) >= len(
        kiosk.turns
    )  # live captions as words stream
    shown = screen.getvalue()
    assert shown.startswith("Practice night:")
    for turn in kiosk.turns:
        if turn.reply is None:  # unsure what was said, the kiosk asked again
            assert turn.asked in shown
            continue
        assert turn.reply.ledger_line in shown
        parse_ledger(turn.reply.ledger_line)
        assert "[L]" not in turn.reply.speech
    with wave.open(str(tmp_path / "host.wav")) as file:
        seconds = file.getnframes() / file.getframerate()
        samples = np.frombuffer(file.readframes(file.getnframes()), dtype=np.int16)
    assert seconds > 20  # the opening alone takes longer than that
    assert np.abs(samples.astype(np.int32)).max() > 1000


def test_speech_written_to_a_file_is_written_as_it_is_said(tmp_path: Path) -> None:
    out = WavOutput(tmp_path / "host.wav", rate=16_000, gap_seconds=0.2)
    said = Speech(np.full(16_000, 100, dtype=np.int16), 16_000)
    out.play(said)
    assert (tmp_path / "host.wav").stat().st_size >= 2 * 16_000  # on disk, not held until the night ends
    out.play(said)
    out.close()
    with wave.open(str(tmp_path / "host.wav")) as file:
        assert file.getnframes() == 2 * (16_000 + 3_200)
    empty = WavOutput(tmp_path / "nothing.wav")
    empty.close()
    with wave.open(str(tmp_path / "nothing.wav")) as file:
        assert file.getnframes() == 0


def run_stalled_shows_stacks(
    command: list[str], env: dict[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    """Run a command; if it stalls, abort it so that faulthandler prints where every thread stood."""
    with subprocess.Popen(
        command,
        env={**env, "PYTHONFAULTHANDLER": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGABRT)
            out, err = process.communicate()
            raise AssertionError(f"stalled for {timeout} s; stacks:\n{err[-6000:]}") from None
    return subprocess.CompletedProcess(command, process.returncode, out, err)


@pytest.mark.voice
@pytest.mark.process
def test_voice_command_line_with_audio_in(korean_model_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "host.wav"
    run = run_stalled_shows_stacks(
        [
            sys.executable,
            "-m",
            "kiosk",
            "voice",
            "--model",
            str(korean_model_path),
            "--audio-in",
            str(TABLE),
            "--audio-out",
            str(out),
        ],
        {"SNAP_APPLE_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert "Welcome to Snap-Apple Night" in run.stdout
    assert run.stdout.count("[L] q:") >= 4
    assert out.stat().st_size > 100_000
    logs = list((tmp_path / "home" / "nights").glob("night-*.jsonl"))
    assert len(logs) == 1 and '"key": {"source": "practice", "sha256": ' in logs[0].read_text()
    # The recording ends mid-night: how to carry it on is news for the host, not a warning.
    farewell = [line for line in run.stderr.splitlines() if "Goodbye. The night is kept" in line]
    assert len(farewell) == 1 and farewell[0].startswith("INFO "), run.stderr


@pytest.mark.process
def test_a_missing_model_is_one_clear_line(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "kiosk", "voice", "--model", str(tmp_path), "--audio-in", str(TABLE)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "SNAP_APPLE_HOME": str(tmp_path / "home")},  # not the machine's own nights
    )
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        f"ERROR kiosk.voice.command: No speech model at {tmp_path}: fetch the small English model with `python -m kiosk model fetch`."
    ]
    assert "Traceback" not in run.stderr


class RecordedScreen(Screen):
    """The real table screen, keeping every caption it publishes for the test to read."""

    def __init__(self) -> None:
        super().__init__(Address("127.0.0.1", 0), out=io.StringIO())
        self.captions: list[Caption] = []

    def caption(self, caption: Caption) -> None:
        self.captions.append(caption)
        super().caption(caption)


@pytest.mark.english
def test_messages_typed_on_the_screen_go_on_a_voice_night_captioned_as_typed(
    english_model: object, tmp_path: Path
) -> None:
    quiet = write_wav(tmp_path / "quiet.wav", np.zeros(2 * 16_000, dtype=np.int16))  # only typed messages
    host = Host(load_practice().key, source=KeySource.PRACTICE)
    out = WavOutput(tmp_path / "host.wav")
    speaker = Speaker()
    screen = RecordedScreen()
    with screen:
        screen.start()
        for message in ("two", "D1"):
            screen.keyboard.inbox.put(message)
        kiosk = VoiceKiosk(
            Table(host, (screen,)),
            english_model,
            speaker,
            out,
            printout=io.StringIO(),
            typed=screen.typed_messages(),
        )
        try:
            assert kiosk.run(WavSource(quiet)) == 0
        finally:
            out.close()
            speaker.close()
    assert [turn.heard for turn in kiosk.turns] == ["two", "D1"]
    assert kiosk.turns[-1].reply is not None and kiosk.turns[-1].reply.ledger.open == "D1"
    teams = kiosk.turns[0].reply
    assert teams is not None and host.night.voice  # a voice night, answered in words for the keyboard
    assert after_card_line(card.TEAMS_LINE, voice=False)[0] in teams.speech
    assert after_card_line(card.TEAMS_LINE, voice=True)[0] not in teams.speech
    typed = [caption.text for caption in screen.captions if caption.speaker == KEYBOARD]
    assert typed == ["two", "D1"]
    assert not [caption for caption in screen.captions if caption.speaker == FROM_THE_TABLE]


@pytest.mark.english
def test_by_voice_the_page_moves_on_once_the_reply_is_said_and_its_captions_come_as_it_is_said(
    english_model: object, tmp_path: Path
) -> None:
    quiet = write_wav(tmp_path / "quiet.wav", np.zeros(2 * 16_000, dtype=np.int16))  # only typed messages
    loaded = load_practice()
    assert loaded.key is not None
    screen = RecordedScreen()
    seen: list[tuple[str | None, str]] = []
    """At each sentence played: the cell of the question on the page, and the newest caption."""

    class Watched(WavOutput):
        def play(self, speech: Speech) -> float:
            question = screen.view.question
            seen.append(
                (question.cell if question else None, screen.captions[-1].text if screen.captions else "")
            )
            return super().play(speech)

    out = Watched(tmp_path / "host.wav")
    speaker = Speaker()
    journal = Journal.begin(KeyIdentity.of(loaded), tmp_path / "nights")
    keeper = Keeper(journal, notice=print, saves=tmp_path / "saves")
    with screen:
        screen.start()
        for message in ("two", "D1"):
            screen.keyboard.inbox.put(message)
        host = Host(loaded.key, source=loaded.source)
        kiosk = VoiceKiosk(
            Table(KeptNight(host, keeper, host.opening()), (screen,)),
            english_model,
            speaker,
            out,
            printout=io.StringIO(),
            typed=screen.typed_messages(),
        )
        try:
            assert kiosk.run(WavSource(quiet)) == 0
        finally:
            out.close()
            speaker.close()
            keeper.close()
    question = loaded.key.entries["D1"].question
    reading = [(cell, caption) for cell, caption in seen if question in caption]
    assert reading, seen  # the question's words were captioned by the time its reading began...
    assert all(cell is None for cell, _ in reading)  # ...and the page showed it only once it was read
    assert screen.view.question is not None and screen.view.question.cell == "D1"
