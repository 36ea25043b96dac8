"""A team name only the name list heard at an answer's start is not taken when the list's other readings
lead with another team's (kiosk/voice/dialogue/rival_names.py): the kiosk asks rather than give the words to a team
reverberation may have put in their place."""

from __future__ import annotations

from kiosk import Key
from kiosk.engine.teams import Team
from kiosk.voice.dialogue.answering import Answerers, Ask
from kiosk.voice.dialogue.prompts import AnsweredInThatToo
from kiosk.voice.dialogue.rival_names import rival_name
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.hearing.reader import ReaderLevel
from kiosk.voice.hearing.room import RoomLevel
from kiosk.voice.hearing.under_way import Hearing
from kiosk.voice.hearing.understanding import Understanding
from kiosk.voice.sound.asr import Utterance, Word
from kiosk.voice.tuning import TUNING

from .conftest import Played


class NameList:
    """The name list's readings of whatever audio it is given again, likeliest first (parts.Hears, in part)."""

    def __init__(self, *readings: str) -> None:
        self.readings = readings
        self.asked: list[int] = []

    def readings_of(self, pcm: bytes, count: int) -> list[Utterance]:
        self.asked.append(count)
        return [Utterance(text) for text in self.readings[:count]]


def _doubted(labelled: str, heard: str, names: NameList | None) -> bool:
    return rival_name(Utterance(labelled), Utterance(heard), names, b"\0\0" * 1600)  # type: ignore[arg-type]


def test_a_name_the_list_alone_heard_is_doubted_when_another_team_leads_one_of_its_readings() -> None:
    names = NameList("ghosts", "toads", "ghosts")
    assert _doubted("ghosts a big brass button", "go a big brass button", names)
    assert names.asked == [TUNING.readings.names]


def test_readings_that_all_lead_with_the_same_team_leave_the_name_taken() -> None:
    assert not _doubted(
        "ghosts a big brass button", "go a big brass button", NameList("ghosts", "ghosts owls")
    )
    assert not _doubted(
        "ghosts a big brass button", "go a big brass button", NameList("ghosts", "", "pumpkin")
    )


def test_a_name_the_open_vocabulary_heard_too_is_never_doubted() -> None:
    names = NameList("ghosts", "toads")
    assert not _doubted("ghosts a big brass button", "ghosts a big brass button", names)
    assert names.asked == []  # no second hearing: the two recognisers agree


def test_words_led_by_no_team_and_a_kiosk_without_a_name_list_are_left_alone() -> None:
    assert not _doubted("a big brass button", "a big brass button", NameList("toads"))
    assert not _doubted("", "", NameList("toads"))
    assert not _doubted("ghosts a big brass button", "go a big brass button", None)


class _Recognizer:
    """One recogniser's closing reading of an utterance (parts.Hears, in part)."""

    def __init__(self, words: tuple[Word, ...], readings: tuple[str, ...] = ()) -> None:
        self.heard = Utterance(" ".join(word.word for word in words), words)
        self.readings = readings
        self.fed = 3.0

    def finish(self) -> Utterance:
        return self.heard

    def reset(self) -> None:
        pass

    def readings_of(self, pcm: bytes, count: int) -> list[Utterance]:
        return [Utterance(text) for text in self.readings[:count]]


class _Recognizers:
    """The open recogniser for answers and the name list beside it (parts.HearsEachWay, in part)."""

    def __init__(self, open_words: _Recognizer, names: _Recognizer) -> None:
        self.open, self.names = open_words, names

    def __getitem__(self, way: Listening) -> _Recognizer:
        return self.open

    def beside(self, way: Listening) -> _Recognizer:
        return self.names


def test_a_name_heard_inside_an_answer_whose_own_name_was_doubted_is_still_asked_about(
    button_key: Key,
) -> None:
    # "Bats, barn owl. Ghosts, snowy owl.": the open vocabulary lost both names ("ball now goes snowy owl"),
    # the name list heard Bats at the start and Ghosts inside, and one of its readings leads with Ghosts.
    said = (("ball", 0.3, 0.6), ("now", 0.6, 0.8), ("goes", 1.2, 1.5), ("snowy", 1.6, 1.9), ("owl", 1.9, 2.2))
    open_words = _Recognizer(tuple(Word(word, start, end, 1.0) for word, start, end in said))
    names = _Recognizer(
        (Word("bats", 0.0, 0.3, 1.0), Word("ghosts", 1.2, 1.6, 1.0)), readings=("ghosts owls", "bats ghosts")
    )
    understanding = Understanding(_Recognizers(open_words, names), RoomLevel(), ReaderLevel())  # type: ignore[arg-type]
    hearing = Hearing(Listening.ANSWERS, audio=bytearray(b"\0\0" * 16000 * 3))
    heard = understanding.take(hearing, None).utterance
    assert heard is not None and heard.text == "ball now goes snowy owl" and heard.hidden == ("ghosts",)
    # So the kiosk asks whether Ghosts answered in that too, rather than whose all the words were.
    table = Played(button_key, voice=True)
    table.say("two")
    table.say("d two")
    asked = Answerers().take(heard.text, table.host.night, heard.hidden)
    assert asked == Ask(AnsweredInThatToo(Team.GHOSTS)) and not table.host.night.answers
