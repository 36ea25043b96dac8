"""An answer heard as opening with one of the card's stalls is heard again with the recogniser's n-best
readings and taken as one that locks (kiosk/voice/dialogue/misheard_stall.py); a hold said aloud is kept as said."""

from __future__ import annotations

import numpy as np
import pytest

from kiosk.engine.phrase import STALLS
from kiosk.voice.dialogue.misheard_stall import SAID_TO_HOLD, misheard_stall, reading_that_locks
from kiosk.voice.hearing.listening import Recognizers
from kiosk.voice.sound.asr import SAMPLE_RATE, Utterance, Word, readings
from kiosk.voice.tuning import TUNING


def _words(text: str, start: float = 1.0) -> tuple[Word, ...]:
    return tuple(
        Word(word, start + 0.4 * i, start + 0.4 * i + 0.3, 1.0) for i, word in enumerate(text.split())
    )


def _again(text: str, *others: str) -> list[Utterance]:
    """The readings of an utterance heard again with n-best readings kept, likeliest first."""
    scores = (144.2, *(143.0 - i for i in range(len(others))))
    return readings([Utterance(text, _words(text), others, scores, tuple(map(_words, others)))])


def test_a_stall_that_is_no_hold_said_aloud_gives_way_to_the_likeliest_reading_that_locks() -> None:
    heard = Utterance("ghosts are now", _words("ghosts are now"))
    assert misheard_stall(heard) == "are"
    taken = reading_that_locks(heard, _again("ghosts are now", "ghost are now", "ghost barn owl"))
    assert taken.text == "ghost barn owl"
    assert [word.word for word in taken.words] == ["ghost", "barn", "owl"]  # its own words, with their times
    # Led by a misheard name, or none: the words after it are the answer.
    that = Utterance("that are now")
    assert reading_that_locks(that, _again("that are now", "that's barn owl")).text == "that's barn owl"
    # The likeliest reading heard again may lock already.
    assert reading_that_locks(heard, _again("ghosts barn owl")).text == "ghosts barn owl"


def test_an_answer_that_locks_or_a_stall_with_no_reading_that_locks_is_kept_as_heard() -> None:
    locks = Utterance("bats barn owl")
    assert misheard_stall(locks) is None
    assert reading_that_locks(locks, _again("bats are now")) is locks
    stalled = Utterance("bats are now")
    assert reading_that_locks(stalled, _again("bats are now", "bat are now", "bats are no")) is stalled
    # Nor one that loses a word (the team's name: "now" alone) or hears the stall again.
    assert reading_that_locks(stalled, _again("now", "bats are barn owl")) is stalled


def test_the_holds_said_aloud_are_the_cards_stalls() -> None:
    assert set(STALLS) > SAID_TO_HOLD


@pytest.mark.parametrize("hold", ["bats hang on", "ghosts still thinking", "owls wait", "toads let me think"])
def test_a_hold_said_aloud_is_kept_as_said(hold: str) -> None:
    heard = Utterance(hold)
    assert misheard_stall(heard) is None
    others = _again(hold, hold.replace("hang", "hanging").replace("still", "steel"), "bats hanging on")
    assert reading_that_locks(heard, others) is heard


@pytest.mark.english
def test_the_open_recogniser_hears_an_answer_again_with_its_readings(english_model: object) -> None:
    # "Ghosts, barn owl." in espeak-ng's US voice (a tuning voice): its likeliest reading in the kiosk's
    # model was "ghosts are now", with "ghost barn owl" third.
    from testbed.table.voices import voice_named

    speech = voice_named("espeak-us").render("Ghosts, barn owl.")
    pcm = np.concatenate([np.zeros(8000, np.int16), speech, np.zeros(8000, np.int16)]).tobytes()
    recognizer = Recognizers(english_model).open
    best = recognizer.decode(pcm)
    assert best is not None and best.alternatives == ()  # the best path alone, as every answer is heard
    heard_to = recognizer.fed
    again = recognizer.readings_of(pcm, TUNING.readings.open)
    assert len(again) >= 2 and len({reading.text for reading in again}) == len(again), again
    seconds = len(pcm) / 2 / SAMPLE_RATE
    for reading in again:
        assert reading.text and " ".join(word.word for word in reading.words) == reading.text
        # On the clock as first heard: within the audio that ended at heard_to.
        assert all(heard_to - seconds <= word.start < word.end <= heard_to for word in reading.words)
    assert recognizer.fed == pytest.approx(heard_to + seconds)
    after = recognizer.decode(pcm)  # left as it was: the best path alone again
    assert after is not None and after.text == best.text and after.alternatives == ()
