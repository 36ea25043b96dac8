"""A closed-set phrase from a voice far quieter than the reader's goes unheard; answers never do, though in a
loud room the far quieter words around the reader's are dropped from them."""

from __future__ import annotations

import numpy as np

from kiosk.voice.hearing.listening import Listening
from kiosk.voice.hearing.reader import LoudestSoFar, ReaderLevel, loud_words, loudest_stretch, loudness
from kiosk.voice.hearing.under_way import Hearing
from kiosk.voice.sound.asr import SAMPLE_RATE, Utterance, Word
from kiosk.voice.sound.audio import CHUNK_SECONDS
from kiosk.voice.tuning import TUNING

from .support.room_audio import room_talk


def voice(rms: float, seconds: float = 1.0) -> bytes:
    """A second of noise at `rms`, with half a second of quiet room before it (as the kiosk keeps)."""
    rng = np.random.default_rng(int(rms))
    room = rng.normal(0, 20, SAMPLE_RATE // 2)
    speech = rng.normal(0, rms, int(SAMPLE_RATE * seconds))
    return np.clip(np.concatenate([room, speech]), -32768, 32767).astype(np.int16).tobytes()


def test_loudness_is_the_voiced_part_not_the_room_before_it() -> None:
    short, long = loudness(voice(3000, 0.5)), loudness(voice(3000, 2.0))
    assert short is not None and long is not None and abs(short - long) < 1.0
    assert loudness(b"\0\0" * 100) is None


def test_a_far_quieter_closed_set_phrase_is_another_voice() -> None:
    reader = ReaderLevel()
    assert not reader.other_voice(voice(3000), Listening.BETWEEN_QUESTIONS)  # no level yet: heard
    reader.answered(voice(2800))  # an answer that opened with a team's name
    quieter = 3000 * 10 ** (-(TUNING.reader.quieter_db + 2) / 20)
    assert reader.other_voice(voice(quieter), Listening.BETWEEN_QUESTIONS)
    assert reader.other_voice(voice(quieter), Listening.READ_BACK)
    assert reader.other_voice(voice(quieter), Listening.WHOSE)  # a team name from across the room
    assert not reader.other_voice(voice(quieter), Listening.ANSWERS)  # answers are always heard
    assert not reader.other_voice(voice(3000 * 10 ** (-4 / 20)), Listening.READ_BACK)  # a softer reader
    # An answer with no team's name, far quieter, is party talk (unheard in a loud room); the reader's is not.
    assert reader.party_talk(voice(quieter)) and not reader.party_talk(voice(3000))
    assert not ReaderLevel().party_talk(voice(quieter))  # no level yet


def test_as_loud_as_the_reader_needs_the_readers_level_known_and_reached() -> None:
    # A letter's reply heard as no word counts as a reply not caught only at the reader's level (kiosk.py).
    reader = ReaderLevel()
    assert not reader.as_loud(voice(3000))  # no level yet
    reader.answered(voice(3000))
    reader.answered(voice(3000))
    assert reader.as_loud(voice(3000)) and reader.as_loud(voice(3000 * 10 ** (-4 / 20)))
    assert not reader.as_loud(
        voice(3000 * 10 ** (-(TUNING.reader.quieter_db + 2) / 20))
    )  # the room's other voices
    assert not reader.as_loud(b"\0\0" * 100)  # too little audio


def test_answers_never_lower_the_readers_level_unless_they_name_a_team() -> None:
    reader = ReaderLevel()
    reader.answered(voice(3000))
    reader.answered(voice(3000))
    quieter = voice(3000 * 10 ** (-(TUNING.reader.quieter_db + 2) / 20))
    for _ in range(20):  # party talk heard as answers with no team name: not kept
        assert not reader.other_voice(quieter, Listening.ANSWERS)
    assert reader.other_voice(quieter, Listening.READ_BACK)


def test_words_far_quieter_than_the_answers_own_voice_are_dropped() -> None:
    # "Bats, barn owl" over party talk: the reader's words, then another voice 12 dB down after them.
    rng = np.random.default_rng(1)
    reader, talk = rng.normal(0, 4000, SAMPLE_RATE), rng.normal(0, 1000, SAMPLE_RATE)
    pcm = np.concatenate([reader, talk]).astype(np.int16).tobytes()
    end = 12.0  # the recogniser's clock at the last sample: the audio began at 10.0
    said = [("bats", 10.1, 10.4), ("barn", 10.5, 10.7), ("owl", 10.75, 10.95), ("yeah", 11.2, 11.6)]
    words = tuple(Word(word, start, stop, 1.0) for word, start, stop in said)
    heard = Utterance("bats barn owl yeah", words)
    kept = loud_words(heard, pcm, end)
    assert kept.text == "bats barn owl" and [word.word for word in kept.words] == ["bats", "barn", "owl"]
    # Another voice only a few dB down may be the reader's own softer word: it stays.
    near = np.concatenate(
        [reader, rng.normal(0, 4000 / 10 ** ((TUNING.reader.quieter_db - 3) / 20), SAMPLE_RATE)]
    )
    assert loud_words(heard, near.astype(np.int16).tobytes(), end) == heard
    assert loud_words(Utterance(""), pcm, end) == Utterance("")
    before = Utterance("bats yeah", (Word("bats", 9.0, 9.3, 1.0), words[-1]))  # before the audio kept
    assert loud_words(before, pcm, end).text == "bats"


def seconds_of(pcm: bytes) -> float:
    return len(pcm) / 2 / SAMPLE_RATE


def test_the_loudest_stretch_is_the_readers_word_without_the_talk_around_it() -> None:
    pcm = room_talk((1.5, 0.6))
    stretch = loudest_stretch(pcm)
    assert stretch is not None
    # The word and TUNING.reader.stretch_pad either side (to a frame), from where it is in the utterance.
    assert abs(seconds_of(stretch) - (0.6 + 2 * TUNING.reader.stretch_pad)) < 0.1
    start = pcm.find(stretch) / 2 / SAMPLE_RATE
    assert abs(start - (1.5 - TUNING.reader.stretch_pad)) < 0.1


def test_the_loudest_stretch_bridges_a_commas_pause_but_not_a_second_word_apart() -> None:
    said_twice = loudest_stretch(
        room_talk((1.0, 0.3), (1.3 + TUNING.reader.stretch_gap - 0.1, 0.3))
    )  # "No, no."
    assert said_twice is not None and seconds_of(said_twice) > 0.6 + TUNING.reader.stretch_gap
    apart = loudest_stretch(room_talk((0.5, 0.4), (2.5, 0.4)))
    assert apart is not None and seconds_of(apart) < 0.4 + 2 * TUNING.reader.stretch_pad + 0.1


def test_no_loudest_stretch_in_an_even_utterance_or_too_little_audio() -> None:
    assert loudest_stretch(room_talk()) is None  # the room alone: nothing stands out of it
    assert loudest_stretch(room_talk((0.0, 4.0))) is None  # the reader throughout: the stretch is the whole
    assert loudest_stretch(b"\0\0" * 100) is None


def fed(pcm: bytes, loudest: LoudestSoFar) -> float | None:
    """Feed `pcm` to `loudest` in the kiosk's chunks: seconds into it at which the reader is first gone."""
    step = int(CHUNK_SECONDS * SAMPLE_RATE) * 2
    for offset in range(0, len(pcm), step):
        at = offset / 2 / SAMPLE_RATE
        loudest.feed(pcm[offset : offset + step], at)
        if loudest.gone(at + CHUNK_SECONDS):
            return at + CHUNK_SECONDS
    return None


def test_the_readers_voice_is_gone_once_it_has_left_the_loudest_though_the_room_talks_on() -> None:
    word = fed(room_talk((0.5, 0.6)), LoudestSoFar())  # "Sierra." over the room's talk
    assert word is not None and abs(word - (1.1 + TUNING.reader.gone)) < 0.2
    said_twice = fed(
        room_talk((0.5, 0.3), (0.8 + TUNING.reader.stretch_gap - 0.1, 0.3)), LoudestSoFar()
    )  # "No, no."
    assert (
        said_twice is not None
        and abs(said_twice - (1.3 + TUNING.reader.stretch_gap + TUNING.reader.gone)) < 0.2
    )
    assert fed(room_talk(), LoudestSoFar()) is None  # the room alone: nothing stands out of it
    assert fed(room_talk((0.0, 4.0)), LoudestSoFar()) is None  # the reader throughout


def test_in_a_loud_room_a_one_word_reply_ends_once_the_readers_voice_is_gone() -> None:
    def after_a_word(way: Listening) -> Hearing:
        hearing = Hearing(way, started_at=0.5)
        fed(room_talk((0.5, 0.6))[: int(1.1 * SAMPLE_RATE) * 2], hearing.loudest)  # the word, not yet gone
        return hearing

    hearing = after_a_word(Listening.ONE_LETTER)
    assert not hearing.ends(1.1, quiet=False, loud=True)
    hearing.loudest.feed(room_talk()[: int(1.5 * SAMPLE_RATE) * 2], 1.1)  # the room talks on
    assert hearing.ends(2.6, quiet=False, loud=True) and hearing.ended_by == "reader done"
    assert not hearing.ends(2.6, quiet=False, loud=False)  # a quiet room waits on its end of speech
    answer = after_a_word(Listening.ANSWERS)  # an answer may pause longer: it waits on the room too
    answer.loudest.feed(room_talk()[: int(1.5 * SAMPLE_RATE) * 2], 1.1)
    assert not answer.ends(2.6, quiet=False, loud=True)
