"""An answer heard as opening with one of the card's stalls is taken as another of the recogniser's readings
that locks (kiosk/voice/misheard_stall.py); a hold said aloud is kept as said."""

from __future__ import annotations

import numpy as np
import pytest

from kiosk.engine.phrase import STALLS
from kiosk.voice.asr import Utterance, Word, readings
from kiosk.voice.listening import Recognizers
from kiosk.voice.misheard_stall import SAID_TO_HOLD, reading_that_locks


def _words(text: str, start: float = 1.0) -> tuple[Word, ...]:
    return tuple(
        Word(word, start + 0.4 * i, start + 0.4 * i + 0.3, 1.0) for i, word in enumerate(text.split())
    )


def _heard(text: str, *others: str) -> list[Utterance]:
    scores = (144.2, *(143.0 - i for i in range(len(others))))
    return readings([Utterance(text, _words(text), others, scores, tuple(map(_words, others)))])


def test_a_stall_that_is_no_hold_said_aloud_gives_way_to_the_likeliest_reading_that_locks() -> None:
    heard = _heard("ghosts are now", "ghost are now", "ghost barn owl", "ghosts barn owl")
    taken = reading_that_locks(heard)
    assert taken.text == "ghost barn owl"
    assert [word.word for word in taken.words] == ["ghost", "barn", "owl"]  # its own words, with their times
    assert taken.alternatives == ()
    # Led by a misheard name, or none: the words after it are the answer.
    assert reading_that_locks(_heard("that are now", "that's barn owl")).text == "that's barn owl"


def test_an_answer_that_locks_or_a_stall_with_no_other_reading_is_kept_as_heard() -> None:
    locks = _heard("bats barn owl", "bats are now")
    assert reading_that_locks(locks) is locks[0]
    only_stalls = _heard("bats are now", "bat are now", "bats are no")
    assert reading_that_locks(only_stalls) is only_stalls[0]
    assert reading_that_locks([Utterance("bats are now")]).text == "bats are now"


def test_the_holds_said_aloud_are_the_cards_stalls() -> None:
    assert set(STALLS) > SAID_TO_HOLD


@pytest.mark.parametrize("hold", ["bats hang on", "ghosts still thinking", "owls wait", "toads let me think"])
def test_a_hold_said_aloud_is_kept_as_said(hold: str) -> None:
    heard = _heard(hold, hold.replace("hang", "hanging").replace("still", "steel"), "bats hanging on")
    assert reading_that_locks(heard) is heard[0]


@pytest.mark.english
def test_the_open_recogniser_gives_each_piece_its_readings_with_their_words(english_model: object) -> None:
    # "Ghosts, barn owl." in espeak-ng's US voice (a tuning voice): its likeliest reading in the kiosk's
    # model was "ghosts are now", with "ghost barn owl" third.
    from scripts.table.voices import voice_named

    speech = voice_named("espeak-us").render("Ghosts, barn owl.")
    pcm = np.concatenate([np.zeros(8000, np.int16), speech, np.zeros(8000, np.int16)]).tobytes()
    recognizer = Recognizers(english_model).open
    pieces = [piece for at in range(0, len(pcm), 3200) if (piece := recognizer.feed(pcm[at : at + 3200]))]
    pieces += [last] if (last := recognizer.finish()) else []
    heard = readings(pieces)
    assert len(heard) >= 2, [piece.text for piece in pieces]
    seconds = len(pcm) / 2 / 16_000
    for reading in heard:
        assert reading.text and " ".join(word.word for word in reading.words) == reading.text
        assert all(0 <= word.start < word.end <= seconds for word in reading.words)
    assert len({reading.text for reading in heard}) == len(heard)  # each another reading
