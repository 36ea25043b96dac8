"""A team name only the name list heard at an answer's start is not taken when the list's other readings
lead with another team's (kiosk/voice/dialogue/rival_names.py): the kiosk asks rather than give the words to a team
reverberation may have put in their place."""

from __future__ import annotations

from kiosk.voice.dialogue.rival_names import rival_name
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING


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
