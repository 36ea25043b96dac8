"""The read-back's yes heard as a few letters with no team (a reverberant "yes" as "ee s"): when the name list
heard nothing but a yes, the kiosk asks whether it was a yes rather than whose spelling it was, which would
go round again at every yes (kiosk/voice/dialogue/read_back_yes.py)."""

from __future__ import annotations

import numpy as np

from kiosk.voice.dialogue.policy import Reply
from kiosk.voice.dialogue.read_back_yes import read_back_reading, yes_under_a_spelling
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.hearing.reader import ReaderLevel
from kiosk.voice.hearing.room import RoomLevel
from kiosk.voice.hearing.under_way import Hearing
from kiosk.voice.hearing.understanding import Understanding
from kiosk.voice.sound.asr import Utterance, Word


def _heard(text: str, *, unknown: bool = False) -> Utterance:
    words = tuple(Word(word, 0.4 * i, 0.4 * i + 0.3, 1.0) for i, word in enumerate(text.split()))
    return Utterance(text, words, unknown=unknown)


def test_only_a_yes_from_the_name_list_is_a_doubted_yes() -> None:
    for yes in ("yes", "that's right", "yes yes"):
        doubted = yes_under_a_spelling(_heard(yes))
        assert doubted is not None and doubted.text == yes and doubted.doubted_yes
    # A yes among words the list did not know is the start of a spelling ("that's right [unk]"), as are names.
    for other in (_heard("that's right", unknown=True), _heard("yes no"), _heard("bats"), _heard("")):
        assert yes_under_a_spelling(other) is None
    assert yes_under_a_spelling(None) is None


class _List:
    """One phrase list's reading of the utterance, whenever it is asked (parts.Hears, in part)."""

    def __init__(self, heard: Utterance) -> None:
        self.heard = heard
        self.fed = 2.0

    def finish(self) -> Utterance:
        return self.heard

    def reset(self) -> None:
        pass

    def decode(self, pcm: bytes) -> Utterance:
        return self.heard


class _ReadBackLists:
    """The read-back list, the letters list beside it and the name list (parts.HearsEachWay, in part)."""

    def __init__(self, read_back: str, letters: str, names: Utterance) -> None:
        self.read_back, self.letters, self.names = (
            _List(_heard(read_back)),
            _List(_heard(letters)),
            _List(names),
        )
        self.open = self.read_back

    def __getitem__(self, way: Listening) -> _List:
        return self.names if way is Listening.WHOSE else self.read_back

    def beside(self, way: Listening) -> _List:
        return self.letters


def _quiet_room_reply() -> bytes:
    """Two seconds of a quiet room's hiss with a second of the reader's voice, 40 dB over it, in the middle."""
    samples = np.random.default_rng(7).normal(0.0, 30.0, 32000)
    samples[8000:24000] += 3000.0 * np.sin(np.arange(16000) * 2 * np.pi * 220 / 16000)
    return samples.astype(np.int16).tobytes()


def _read_back(names: Utterance) -> Utterance | None:
    lists = _ReadBackLists("ee s", "ee s", names)
    understanding = Understanding(lists, RoomLevel(), ReaderLevel())  # type: ignore[arg-type]
    hearing = Hearing(Listening.READ_BACK, audio=bytearray(_quiet_room_reply()))
    heard = understanding.take(hearing, None).utterance
    assert not understanding.room.loud  # a quiet room: the name list is asked whose a spelling was
    return heard


def test_a_yes_heard_as_two_letters_with_no_team_is_asked_about_not_taken_as_a_fix() -> None:
    heard = _read_back(_heard("yes"))
    assert heard is not None and heard.text == "yes" and heard.doubted_yes
    # The policy reads it as a yes it was told is contradicted: asked about, never locking the answers at once.
    reading = read_back_reading(heard, Listening.READ_BACK, loud=False)
    assert reading is not None and reading.reply is Reply.YES and reading.contradicted


def test_letters_whose_names_the_name_list_did_not_hear_as_a_yes_stay_a_spelling_to_ask_about() -> None:
    heard = _read_back(_heard("yes no", unknown=True))
    assert heard is not None and heard.text == "ee s" and not heard.doubted_yes
