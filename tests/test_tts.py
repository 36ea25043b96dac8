"""Speech out with the real pyttsx3 and espeak-ng."""

from __future__ import annotations

import time

import numpy as np
import pytest

from kiosk.voice.sound.piper import PAUSE_SECONDS, clauses
from kiosk.voice.sound.tts import Engine, Speaker, SpeakerSettings, SpeechStalled, VoiceMissing, sentences


@pytest.mark.parametrize(
    "engine",
    [pytest.param(engine, marks=[pytest.mark.voice] if engine is Engine.PIPER else []) for engine in Engine],
)
def test_a_sentence_renders_to_samples(engine: Engine) -> None:
    """espeak-ng by default, or Piper's joe voice (`--speaker piper`)."""
    speaker = Speaker(SpeakerSettings(engine=engine))
    try:
        speech = speaker.render("Wings and Webs, three points: what do owls cough up?")
    finally:
        speaker.close()
    assert speech.rate == 22050
    assert 1.0 < speech.seconds < 8.0
    assert np.abs(speech.samples.astype(np.int32)).max() > 1000


def test_renders_repeat_without_hanging_or_empty_files() -> None:
    speaker = Speaker()
    try:
        lengths = [len(speaker.render(f"Question {n}, for {n} points.").samples) for n in range(8)]
    finally:
        speaker.close()
    assert all(length > 0 for length in lengths)


@pytest.mark.process
def test_a_slower_rate_for_young_players_speaks_longer() -> None:
    text = "Bats, pick a category and points, like D3."
    slow, fast = Speaker(SpeakerSettings(rate=110)), None
    try:
        slow_seconds = slow.render(text).seconds
    finally:
        slow.close()
    # One engine per rate: changing the rate on a live engine is unreliable.
    import subprocess
    import sys

    code = (
        "from kiosk.voice.sound.tts import Speaker, SpeakerSettings;"
        f"s = Speaker(SpeakerSettings(rate=220)); print(s.render({text!r}).seconds); s.close()"
    )
    fast = float(
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    )
    assert slow_seconds > fast * 1.4


def test_replies_are_spoken_sentence_by_sentence() -> None:
    assert sentences("The answer: fly. Bats: right, 1 point. Source: Britannica.") == [
        "The answer: fly.",
        "Bats: right, 1 point.",
        "Source: Britannica.",
    ]
    assert sentences("A · Old Customs: Halloween's name.") == ["A , Old Customs: Halloween's name."]
    assert sentences("") == []


def test_a_stalled_sentence_is_reported_and_the_engine_takes_the_next() -> None:
    speaker = Speaker()
    try:
        # A timeout far below what rendering takes stands in for a stalled engine.
        long_text = "The candle on the snap-apple rod burns down, and the table counts up. " * 20
        with pytest.raises(SpeechStalled):
            speaker.render(long_text, timeout=0.001)
        time.sleep(1.0)
        assert len(speaker.render("Bats, pick a category.").samples) > 0
    finally:
        speaker.close()


@pytest.mark.process
def test_a_long_first_sentence_renders_every_time_in_a_fresh_process() -> None:
    """The opening's first render used to race espeak-ng writing its file; now it renders in memory."""
    import subprocess
    import sys

    code = (
        "from kiosk.voice.sound.tts import Speaker; s = Speaker();"
        "print(len(s.render('The candle on the snap-apple rod burns down, and the table counts up. ' * 6)"
        ".samples)); s.close()"
    )
    lengths = [
        int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
        for _ in range(5)
    ]
    assert all(length > 22_050 * 10 for length in lengths)


def test_an_unknown_voice_is_one_clear_message() -> None:
    with pytest.raises(VoiceMissing, match="no voice 'en-martian'"):
        Speaker(SpeakerSettings(voice="en-martian"))


@pytest.mark.voice
def test_a_slower_rate_slows_piper_too() -> None:
    text = "Ghosts, the Hungry Ghost Festival."
    seconds = []
    for rate in (110, 220):
        speaker = Speaker(SpeakerSettings(rate=rate, engine=Engine.PIPER))
        try:
            seconds.append(speaker.render(text).seconds)
        finally:
            speaker.close()
    assert seconds[0] > seconds[1] * 1.4


LONG_SENTENCE = (
    "Twenty-five questions wait on the Harvest Board: five categories, worth 1 to 5 points each, "
    "and every team answers every question."
)


def test_a_long_sentence_is_cut_into_clauses_for_piper() -> None:
    assert clauses(LONG_SENTENCE, 12) == [
        "Twenty-five questions wait on the Harvest Board: five categories,",
        "worth 1 to 5 points each, and every team answers every question.",
    ]
    assert clauses("Yes.", 12) == ["Yes."]
    assert [len(piece.split()) for piece in clauses(" ".join(["bats"] * 30), 12)] == [12, 12, 6]


@pytest.mark.voice
def test_piper_renders_a_long_sentence_clause_by_clause() -> None:
    speaker = Speaker(SpeakerSettings(engine=Engine.PIPER))
    try:
        speech = speaker.render(LONG_SENTENCE)
    finally:
        speaker.close()
    assert 5.0 < len(speech.samples) / speech.rate < 15.0
    # The clauses are joined by a short pause: a run of silence where the sentence was cut.
    quiet = np.abs(speech.samples.astype(np.int32)) < 50
    runs = np.diff(np.flatnonzero(np.diff(np.concatenate([[0], quiet.astype(np.int8), [0]]))))[::2]
    assert runs.max() >= int(PAUSE_SECONDS * speech.rate)
