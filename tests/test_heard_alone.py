"""A reply heard again alone in the loudest stretch of its utterance (kiosk.voice.hearing.heard_alone), with a
recogniser that keeps what it is given: the stretch is heard, and taken only as each reply allows."""

from __future__ import annotations

from kiosk.voice.hearing.heard_alone import heard_alone, no_heard_alone
from kiosk.voice.sound.asr import SAMPLE_RATE, Utterance

from .support.room_audio import room_talk


class Recording:
    """Hears `text` in whatever it is given, and keeps how long each was."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.seconds: list[float] = []

    def decode(self, pcm: bytes) -> Utterance | None:
        self.seconds.append(len(pcm) / 2 / SAMPLE_RATE)
        return Utterance(self.text, unknown=not self.text)


WORD = room_talk((1.5, 0.6))
"""The reader's word over four seconds of the room's talk."""


def test_a_reply_is_heard_again_in_its_loudest_stretch_when_a_word_is_heard_there() -> None:
    first = Utterance("", unknown=True)
    recognizer = Recording("papa")
    assert heard_alone(first, recognizer, WORD) == Utterance("papa")
    assert recognizer.seconds and recognizer.seconds[0] < 1.5  # the stretch, not the four seconds
    assert heard_alone(None, Recording("papa"), WORD) == Utterance("papa")  # the whole heard as nothing
    assert heard_alone(first, Recording(""), WORD) is first  # nothing there either: as first heard
    lima = Utterance("lima")
    assert heard_alone(lima, Recording(""), WORD) is lima
    unheard = Recording("papa")
    assert heard_alone(lima, unheard, room_talk()) is lima and unheard.seconds == []  # nothing stands out


def test_a_loud_read_backs_reply_is_the_no_heard_in_its_loudest_stretch_and_nothing_else() -> None:
    garbled = Utterance("l")
    for first in (garbled, Utterance("", unknown=True), Utterance("owls")):
        assert no_heard_alone(first, Recording("no"), WORD) == Utterance("no")
    assert no_heard_alone(garbled, Recording("nope"), WORD) == Utterance("nope")
    for other in ("lima", "that's right", "yes", "ghosts that was not what was said", "bats b u t", ""):
        assert no_heard_alone(garbled, Recording(other), WORD) is garbled  # a yes locks the answers
    for said in ("that's right", "yeah", "no", "no no"):  # a yes or a no already: not heard again
        recognizer = Recording("no")
        assert no_heard_alone(Utterance(said), recognizer, WORD) == Utterance(said)
        assert recognizer.seconds == []
