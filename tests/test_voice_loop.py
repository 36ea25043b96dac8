"""The voice kiosk's loop with in-memory parts (tests/support/voice.py) around a real host: who speaks when,
asking again, the read-back, deafness while the kiosk speaks, typed messages, carrying a night on.
The same loop over real audio, Vosk and espeak-ng is tested in test_voice_kiosk.py and test_doubt.py."""

from __future__ import annotations

from dataclasses import replace
from queue import Empty, Queue

import pytest

from kiosk import Host, Key, KeySource
from kiosk.engine.night import Phase
from kiosk.engine.teams import Team
from kiosk.keys import load_practice
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.conversation import Conversation
from kiosk.voice.dialogue.prompts import (
    Confirm,
    Fixed,
    HeardNoTwice,
    HowToFix,
    IsThatRight,
    JustOneLetter,
    Lead,
    LetterNotCaught,
    LetterSaidBack,
    NotCaught,
    NotSureOfYes,
    PickSlowly,
    PlainYesWillDo,
    PlayOn,
    Prefaced,
    SpelledBack,
    SpellOneAtATime,
    StillToSayYes,
    TeamLeaving,
    WasItTheirs,
    WhichDidYouMean,
    WhichLetterThen,
    WhichPickThen,
    WhoseAnswer,
    WhoseYes,
    YearCutShort,
    YourAnswer,
)
from kiosk.voice.dialogue.voting import Votes
from kiosk.voice.heard import Typed
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.hearing.reader import ReaderLevel
from kiosk.voice.hearing.room import RoomLevel
from kiosk.voice.hearing.under_way import Hearing
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.sound.audio import Chunk
from kiosk.voice.sound.tts import Speech, SpeechError, sentences
from kiosk.voice.tuning import TUNING

from .conftest import Played, play_board
from .support.voice import ECHO, LoudRoom, Quiet, ScriptedMicrophone, SilentSpeaker, Spoken, fake_table, noise

TO_D1 = ["two", "voice", "wings and webs one"]
"""Two teams, by voice, and Wings & Webs for 1 point (the practice key's D1: "fly")."""
LOUD_TO_W2 = ("two", "that's right", "voice", "wings and webs two", "that's right")
"""In a loud room, two teams and Wings & Webs for 2 points, each said back and confirmed with the yes asked
for (the practice key's D2: "eight")."""


def practice_host() -> Host:
    return Host(load_practice().key, source=KeySource.PRACTICE)


def test_each_utterance_is_one_turn_heard_the_way_the_night_expects() -> None:
    table = fake_table(practice_host(), [*TO_D1, "bats fly", "ghosts they glide", "yes"])
    assert table.run() == 0
    assert table.heard == [*TO_D1, "bats fly", "ghosts they glide", "yes"]
    ways = [turn.listening for turn in table.kiosk.turns]
    assert ways == [
        *[Listening.BETWEEN_QUESTIONS] * 3,
        Listening.ANSWERS,
        Listening.ANSWERS,
        Listening.READ_BACK,
    ]
    # Picks and commands go to the closed list, answers to the full vocabulary, "yes" to the read-back list.
    assert table.recognizers.between_questions.heard == TO_D1
    assert table.recognizers.open.heard == ["bats fly", "ghosts they glide"]
    assert table.recognizers.read_back.heard == ["yes"]
    said = table.said
    assert said.startswith("Practice night:")
    assert "Bats are the only mammals that can truly do what?" in said
    assert "I have Bats: fly; Ghosts: they glide. Right?" in said
    assert "Bats: right, 1 point." in said
    assert said.index("Right?") < said.index("Bats: right, 1 point.")  # read back before the ruling
    assert "[L]" not in said  # the ledger is shown, never said
    for turn in table.kiosk.turns:
        assert turn.reply is not None
        assert turn.reply.ledger_line in table.screen.getvalue()


def test_the_kiosk_never_hears_itself_speak() -> None:
    table = fake_table(practice_host(), TO_D1)
    table.run()
    assert table.microphone.echoes > 50  # the microphone heard the kiosk through every reply
    every = [*table.recognizers.open.heard, *table.recognizers.between_questions.heard]
    assert ECHO not in every
    assert table.heard == TO_D1


def test_the_tail_after_the_kiosk_stops_is_ignored_then_the_table_is_heard() -> None:
    # The microphone's first chunk after the opening is captured 0.1 s after the kiosk stopped.
    early = fake_table(practice_host(), [Spoken("solo", seconds=0.2), Quiet(2.0), "two"])
    early.run()
    assert TUNING.hearing.tail > 0.2
    assert early.heard == ["two"]  # "solo" fell inside the tail: room echo, as far as the kiosk knows
    later = fake_table(
        practice_host(), [Quiet(TUNING.hearing.tail + 0.1), Spoken("solo", seconds=0.2), Quiet(2.0)]
    )
    later.run()
    assert later.heard == ["solo"]


def test_a_whole_pick_ends_its_turn_sooner_than_an_answer() -> None:
    table = fake_table(practice_host(), [*TO_D1, "bats fly"])
    table.run()
    pick, answer = table.kiosk.turns[2], table.kiosk.turns[3]
    assert pick.latency is not None and answer.latency is not None
    assert TUNING.hangovers.final <= pick.latency < TUNING.hangovers.answer
    assert TUNING.hangovers.answer <= answer.latency < TUNING.hangovers.unfinished


def test_an_answer_heard_opening_with_a_stall_is_taken_as_the_likeliest_reading_that_locks() -> None:
    # "Bats, barn owl." was heard as "bats are now" 81 times over the simulated table's nights: "are" is a
    # stall, so it locked nothing, and the kiosk asked for it again and again.
    misheard = Spoken("bats are now", readings=("bat are now", "bats barn owl"))
    table = fake_table(practice_host(), [*TO_D1, misheard, Quiet(1.5), "ghosts they glide", "yes"])
    table.run()
    assert "I have Bats: barn owl; Ghosts: they glide. Right?" in table.said
    assert "Still to answer: Bats" not in table.said
    # With no other reading that locks, it locks nothing, as the card has it.
    kept = fake_table(
        practice_host(), [*TO_D1, Spoken("bats are now", readings=("bat are now",)), Quiet(1.5)]
    )
    kept.run()
    assert "Still to answer: Bats and Ghosts." in kept.said


def test_a_team_name_alone_waits_for_its_answer() -> None:
    pause = (
        TUNING.hangovers.answer + TUNING.hangovers.unfinished
    ) / 2  # longer than an answer's wait, shorter than a name's
    waited = fake_table(practice_host(), [*TO_D1, Spoken("bats"), Quiet(pause), "fly"])
    waited.run()
    assert waited.heard == [*TO_D1, "bats fly"]  # one turn, in two pieces
    ended = fake_table(practice_host(), [*TO_D1, Spoken("bats fly"), Quiet(pause), "ghosts glide"])
    ended.run()
    assert ended.heard == [*TO_D1, "bats fly", "ghosts glide"]


def test_a_pick_heard_two_ways_is_asked_about_and_the_night_waits() -> None:
    torn = Spoken("d two", alternatives=("b two",), scores=(101.3, 100.7))
    table = fake_table(practice_host(), ["two", "voice", torn, Quiet(1.5), "wings and webs two"])
    table.run()
    asked = table.kiosk.turns[2]
    assert asked.reply is None
    assert asked.heard == "d two"
    assert asked.asked == WhichDidYouMean("Wings & Webs 2", "Far and Wide 2").words
    assert " ".join(sentences(asked.asked)) in table.said
    assert asked.asked in table.screen.getvalue()
    assert table.heard == ["two", "voice", "wings and webs two"]  # the host never heard the torn pick
    assert table.host.ledger().open == "D2"


def test_a_pick_by_a_sound_alike_letter_is_said_back_and_taken_on_a_yes() -> None:
    sure = Spoken("d two", alternatives=("b two",), scores=(101.3, 97.0))
    table = fake_table(practice_host(), ["two", "voice", sure, Quiet(1.5), "yes"])
    table.run()
    said_back = table.kiosk.turns[2]
    assert said_back.reply is None and said_back.asked == Confirm("Wings & Webs 2").words
    assert table.heard == ["two", "voice", "wings and webs two"]  # the host is told the pick by name
    assert table.host.ledger().open == "D2"


def test_no_to_a_pick_said_back_asks_for_its_name_and_reads_nothing() -> None:
    table = fake_table(practice_host(), ["two", "voice", "e two", "no", "wings and webs two"])
    table.run()
    assert [turn.asked for turn in table.kiosk.turns[2:4]] == [
        Confirm("The Treat Bag 2").words,
        WhichPickThen("The Treat Bag 2").words,
    ]
    assert table.heard == ["two", "voice", "wings and webs two"]
    assert table.host.ledger().open == "D2"


def test_a_pick_by_name_is_taken_at_once() -> None:
    table = fake_table(practice_host(), ["two", "voice", "owls two"])
    table.run()
    assert [turn.asked for turn in table.kiosk.turns] == ["", "", ""]
    assert table.host.ledger().open == "D2"


def test_in_a_loud_room_a_pick_by_name_is_said_back_and_each_team_called_by_name() -> None:
    script = ["two", "that's right", "voice", "owls two", "that's right", "a big brass button", "zip"]
    table = fake_table(practice_host(), script)
    table.kiosk.room = LoudRoom()
    table.run()
    assert [turn.asked for turn in table.kiosk.turns[:2]] == [
        Confirm("Two teams").words,
        "",
    ]
    assert [turn.asked for turn in table.kiosk.turns[3:]] == [
        Confirm("Wings & Webs 2").words,
        "",
        "",
        "",
    ]
    said = table.said
    bats, ghosts = YourAnswer(Team.BATS).words, YourAnswer(Team.GHOSTS).words
    assert said.index(bats) < said.index(ghosts) < said.index("I have Bats")
    assert table.heard[-2:] == ["bats a big brass button", "ghosts zip"]
    assert said.endswith(HowToFix(loud=True).words)


def test_in_a_loud_room_a_read_backs_yes_locks_nothing_until_a_spellers_pause_has_passed() -> None:
    # "Ghosts. Foxtrot. Alpha." in babble: its start heard as "that's right", the utterance ended in the
    # pause after "Foxtrot.", and the answers were ruled with Ghosts' fix never made.
    def night(room: RoomLevel, opening: tuple[str, ...]) -> str:
        script = [
            *opening,
            *(Spoken("that's right", closed="that's right"), Quiet(0.6)),
            *(Spoken("ghosts foxtrot alpha", closed="foxtrot alpha"), Quiet(4.0)),
        ]
        table = fake_table(practice_host(), script)
        table.kiosk.room = room
        table.run()
        assert "I have Bats: a big brass button; Ghosts: zip. Right?" in table.said
        return table.said

    loud = ("two", "that's right", "voice", "owls two", "that's right", "a big brass button", "zip")
    assert "The answer:" not in night(LoudRoom(), loud)
    # One word of the room's talk after the yes, in that wait, leaves it a yes ("that's right lima" twice
    # running in babble, and the night stuck); a spelling goes on past one word.
    for heard, rules in (("that's right lima", True), ("that's right foxtrot alpha", False)):
        yes = [*loud, Spoken(heard, closed=heard), Quiet(4.0)]
        table = fake_table(practice_host(), yes)
        table.kiosk.room = LoudRoom()
        table.run()
        assert ("The answer:" in table.said) is rules
    quiet = ("two", "voice", "owls two", "bats a big brass button", "ghosts zip")
    assert "The answer:" in night(RoomLevel(), quiet)  # a quiet room's yes is taken at once


def test_the_tail_of_an_answer_cut_off_by_a_call_is_asked_about_not_given_to_the_team_called() -> None:
    # "Ghosts, ... sweet potato": the pause after "Ghosts" ended the turn, and the kiosk called Bats over
    # the rest. The words it hears as it stops speaking were begun before its call: not Bats' answer.
    script = [
        *("two", "that's right", "voice", "owls two", "that's right"),
        *(Spoken("ghosts"), Quiet(1.3), Spoken("sweet potato", seconds=1.0), Quiet(1.5)),
        *("ghosts", "a big brass button"),
    ]
    table = fake_table(practice_host(), script)
    table.kiosk.room = LoudRoom()
    table.run()
    asked = [turn.asked for turn in table.kiosk.turns if turn.asked]
    assert WhoseAnswer((Team.BATS, Team.GHOSTS)).words in asked
    said = table.said
    called = said.count(YourAnswer(Team.BATS).words)
    assert called == 3  # at the question, after the lone "ghosts", after the reply
    assert table.heard[-2:] == ["ghosts sweet potato", "bats a big brass button"]
    assert "I have Bats: a big brass button; Ghosts: sweet potato. Right?" in said


def test_words_begun_before_whose_was_asked_are_no_reply_and_it_is_asked_again() -> None:
    # "Bats. Bravo, uniform, ...": the pause after the letters ended the turn, and the kiosk asked whose they
    # were over the rest, which the name list heard as "ghosts". Begun before the question, it is no reply.
    # (A loud room takes letters without a team's name as words not made out: a quiet one asks.)
    spelling = Spoken("b u t t o n", closed="b u t t o n")
    script = [
        *("two", "voice", "wings and webs two", "bats a big brass button", "ghosts mutton"),
        *(spelling, Quiet(1.3), Spoken("ghosts", seconds=0.6), Quiet(1.5), "bats"),
    ]
    table = fake_table(practice_host(), script)
    table.run()
    asked = [turn.asked for turn in table.kiosk.turns[-3:]]
    assert asked == [WHOSE_SPELLING_ASKED.words] * 2 + [""]
    assert "Fixed: Bats said button." in table.said
    assert table.host.night.answers[Team.GHOSTS].text == "mutton"


WHOSE_SPELLING = [
    *("two", "voice", "wings and webs two", "bats a big brass button", "ghosts mutton"),
    *(Spoken("b u t t o n", closed="b u t t o n"), Quiet(4.0)),
]
"""A quiet night's read-back and a spelled fix whose team every list lost: the kiosk asks whose it was, and
the table waits for the question to end."""
WHOSE_SPELLING_ASKED = WhoseAnswer((Team.BATS, Team.GHOSTS), spelling=True)
BATS_SPELLING = WasItTheirs(Team.BATS, spelling=True).words


def test_a_spelling_whose_team_is_missed_twice_is_offered_team_by_team_for_a_yes() -> None:
    # In babble a lone "Bats." after "Whose spelling was that?" was heard as "owls", "the family legacy" or
    # no word, three times in four on some nights; "that's right" is the yes heard most surely.
    lost = Spoken("the family legacy", names="[unk]")
    script = [*WHOSE_SPELLING, lost, Quiet(4.0), "no", Quiet(2.0), Spoken("that's right", names="[unk]")]
    table = fake_table(practice_host(), [*script, Quiet(1.5)])
    table.run()
    asked = [turn.asked for turn in table.kiosk.turns[-4:]]
    assert asked == [
        WHOSE_SPELLING_ASKED.words,
        BATS_SPELLING,
        WasItTheirs(Team.GHOSTS, spelling=True).words,
        "",
    ]
    assert [turn.listening for turn in table.kiosk.turns[-3:]] == [Listening.WHOSE] * 3
    assert "Fixed: Ghosts said button." in table.said


class WhoseSoundsAsAnotherVoice(ReaderLevel):
    """The first `drops` sounds after "whose?" are party talk far quieter than the reader (the level itself is
    tested on audio in test_reader.py)."""

    def __init__(self, drops: int) -> None:
        super().__init__()
        self.drops, self.dropped = drops, 0

    def other_voice(self, pcm: bytes, way: Listening) -> bool:
        if way is Listening.WHOSE and self.dropped < self.drops:
            self.dropped += 1
            return True
        return False


@pytest.mark.parametrize(
    ("sounds", "drops"),
    [
        # "Bats." in party noise: the name list heard only [unk], or no word at all; the open vocabulary nothing.
        ([Spoken("", names="[unk]")], 0),
        ([Spoken("", names="")], 0),
        # In held-out babble the room's talk came first, unheard as another voice, and the reader's "Bats."
        # after it was heard as no word: the kiosk waited in silence for over a minute.
        ([Spoken("[unk]", names="[unk]"), Quiet(1.0), Spoken("", names="")], 1),
    ],
)
def test_a_reply_to_whose_heard_as_nothing_is_asked_again_not_waited_on(
    sounds: list[Spoken | Quiet], drops: int
) -> None:
    table = fake_table(practice_host(), [*WHOSE_SPELLING, *sounds, Quiet(4.0), "bats", Quiet(1.5)])
    table.kiosk.reader = reader = WhoseSoundsAsAnotherVoice(drops)
    table.run()
    assert reader.dropped == drops
    asked = [turn.asked for turn in table.kiosk.turns[-3:]]
    assert asked == [
        WHOSE_SPELLING_ASKED.words,
        BATS_SPELLING,  # the team with a word nearest the letters ("button") offered first
        "",
    ]
    assert "Fixed: Bats said button." in table.said


def test_only_the_first_sound_after_whose_is_its_reply() -> None:
    # Later sounds heard as nothing, before the kiosk speaks again, are the room's: nothing is asked.
    hearing = Hearing(Listening.WHOSE, replying=False, started_at=3.0)
    assert hearing.not_caught() is None
    assert replace(hearing, replying=True).not_caught() == Utterance("")
    assert replace(hearing, replying=True, started_at=None).not_caught() is None  # no voice at all
    assert replace(hearing, way=Listening.READ_BACK, replying=True).not_caught() is None


def test_an_utterance_ends_on_quiet_on_words_stalled_or_at_its_longest_and_the_log_says_which() -> None:
    hearing = Hearing(Listening.READ_BACK, opened_at=10.0, started_at=10.5, so_far="bats", changed_at=11.0)
    assert not hearing.ends(12.9, quiet=False) and hearing.ended_by == ""
    assert hearing.ends(12.9, quiet=True) and hearing.ended_by == "quiet"
    assert hearing.ends(13.0, quiet=False) and hearing.ended_by == "stalled"  # party talk never goes quiet
    longest = replace(hearing, so_far="")
    assert longest.ends(30.5, quiet=False) and longest.ended_by == "too long"
    last = Chunk(b"\0\0" * 1600, 30.4, captured=1000.0)
    assert longest.span(last, now=1001.25) == "10.5-30.5 s, too long, 1.2 s behind"


def test_a_one_word_reply_with_no_word_heard_ends_long_before_its_longest() -> None:
    # Over music the detector hears voice all the time: a letter's word the list missed held the kiosk
    # listening for 20 s.
    letter = Hearing(Listening.ONE_LETTER, opened_at=10.0, started_at=10.0)
    assert not letter.ends(13.9, quiet=False)
    assert letter.ends(14.0, quiet=False) and letter.ended_by == "no word"
    assert replace(letter, way=Listening.WHOSE).ends(14.0, quiet=False)
    # A word heard is a reply: it ends when it stalls or goes quiet, as any.
    assert not replace(letter, so_far="papa", changed_at=13.0).ends(14.0, quiet=False)
    # An answer or a spelling may begin with words no list knows: it keeps the full wait.
    assert not replace(letter, way=Listening.ANSWERS).ends(14.0, quiet=False)
    assert not replace(letter, way=Listening.ANSWERS).ends(14.0, quiet=False, loud=True)
    assert not replace(letter, way=Listening.READ_BACK).ends(14.0, quiet=False)
    # A loud room's read-back is asked a yes or no: with no word heard, nor a letter beside it, it ends so.
    read_back = replace(letter, way=Listening.READ_BACK)
    assert read_back.ends(14.0, quiet=False, loud=True) and read_back.ended_by == "no word"
    assert replace(letter, way=Listening.YEARS_READ_BACK).ends(14.0, quiet=False, loud=True)
    assert not replace(read_back, beside_so_far="bats").ends(14.0, quiet=False, loud=True)
    # So is a loud room's pick, count, yes or command: a pick the list missed ran on into the next try.
    between = replace(letter, way=Listening.BETWEEN_QUESTIONS)
    assert between.ends(14.0, quiet=False, loud=True) and between.ended_by == "no word"
    assert not between.ends(14.0, quiet=False)  # a quiet room's end of speech ends it


def test_a_letter_missed_in_a_room_that_never_goes_quiet_is_asked_for_again_at_once() -> None:
    script = [
        *("two", "voice", "wings and webs two", "bats a big brass mutton", "ghosts zip"),
        *(Spoken("bats bravo uniform tango tango oscar"), Quiet(4.0)),
        *(Spoken("bats bravo uniform tango oscar"), Quiet(4.0)),  # fixed twice: the offer made
        *(Spoken("no"), Quiet(4.0)),
        *(noise(12.0), Quiet(2.0)),  # "Bravo." over music, heard as no word
        *(Spoken("bravo", closed="bravo"), Quiet(4.0)),
    ]
    table = fake_table(practice_host(), script)
    table.run()
    assert table.kiosk.turns[-2].asked == LetterNotCaught().words
    assert table.said.endswith(LetterSaidBack("b").words)


def test_in_the_read_back_letters_heard_beside_it_keep_a_spelling_from_stalling() -> None:
    hearing = Hearing(Listening.READ_BACK)
    assert hearing.words_heard("bats", "bats [unk]", 1.0) and hearing.changed_at == 1.0
    # The read-back list hears the rest as [unk]; the letters list hears it: the spelling goes on.
    assert not hearing.words_heard("bats", "bats tango", 2.5) and hearing.changed_at == 2.5
    assert not hearing.words_heard("bats", "bats tango [unk]", 3.0) and hearing.changed_at == 2.5
    assert not hearing.ends(4.4, quiet=False) and hearing.ends(4.5, quiet=False)
    # Elsewhere only the main list's words count.
    answers = Hearing(Listening.ANSWERS)
    answers.words_heard("bats", "bats", 1.0)
    assert not answers.words_heard("bats", "bats ghosts", 2.5) and answers.changed_at == 1.0


def test_a_short_reply_to_whose_with_one_name_in_it_is_that_name() -> None:
    # The name list heard "ghosts" and something else; the open vocabulary, a short "they actually".
    script = [*WHOSE_SPELLING, Spoken("they actually", names="ghosts [unk]"), Quiet(1.5)]
    table = fake_table(practice_host(), script)
    table.run()
    assert table.kiosk.turns[-1].listening is Listening.WHOSE
    assert "Fixed: Ghosts said button." in table.said
    # A name the list heard where the open vocabulary heard no word at all (music passing for voice) is
    # not taken: asked again.
    music = Spoken("", names="ghosts [unk]")
    table = fake_table(practice_host(), [*WHOSE_SPELLING, music, Quiet(1.5)])
    table.run()
    assert table.kiosk.turns[-1].asked == BATS_SPELLING
    assert "Fixed" not in table.said
    # Said on for seconds, it is the rest of a spelling or other words, not a reply: asked again.
    long = Spoken("the rubble romeo alba", seconds=3.0, names="ghosts [unk]")
    table = fake_table(practice_host(), [*WHOSE_SPELLING, long, Quiet(1.5)])
    table.run()
    assert table.kiosk.turns[-1].asked == BATS_SPELLING
    assert "Fixed" not in table.said


def test_a_word_spelled_one_letter_at_a_time_is_heard_through_its_own_list() -> None:
    script = [
        *("two", "voice", "wings and webs two", "bats a big brass mutton", "ghosts zip"),
        *(Spoken("bats bravo uniform tango tango oscar"), Quiet(4.0)),  # "buttno": fixed once
        *(Spoken("bats bravo uniform tango oscar"), Quiet(4.0)),  # "butto": fixed twice, the offer made
        *(Spoken("no"), Quiet(4.0)),
        *(Spoken("bravo", closed="bravo"), Quiet(4.0)),
        *(Spoken("you terms", closed="[unk]"), Quiet(4.0)),  # no letter: asked again
        *(Spoken("uniform", closed="uniform"), Quiet(4.0)),
        *(Spoken("tango", closed="tango"), Quiet(4.0)),
        *(Spoken("tango", closed="tango lima"), Quiet(4.0)),  # one letter heard as two: asked again
        *(Spoken("tango", closed="tango"), Quiet(4.0)),
        *(Spoken("oscar", closed="oscar"), Quiet(4.0)),
        *(Spoken("november", closed="november"), Quiet(4.0)),
        *(Spoken("that's right", closed="that's right"), Quiet(4.0)),
    ]
    table = fake_table(practice_host(), script)
    table.run()
    ways = [turn.listening for turn in table.kiosk.turns]
    assert ways[-9:] == [Listening.ONE_LETTER] * 9
    assert LetterNotCaught().words in table.said
    assert JustOneLetter().words in table.said
    assert "Fixed: Bats said button." in table.said
    assert table.kiosk.table.night.answers[Team.BATS].text == "a big brass button"
    assert table.kiosk.conversation.answerers.by_letter is None


def test_a_no_heard_as_a_letter_with_no_among_its_readings_takes_the_letter_back() -> None:
    # In babble "No." was heard as "romeo" about one time in five, with "no" among its other readings.
    script = [
        *("two", "voice", "wings and webs two", "bats a big brass mutton", "ghosts zip"),
        *(Spoken("bats bravo uniform tango tango oscar"), Quiet(4.0)),
        *(Spoken("bats bravo uniform tango oscar"), Quiet(4.0)),  # fixed twice: the offer made
        *(Spoken("no"), Quiet(4.0)),
        *(Spoken("bravo", closed="bravo"), Quiet(4.0)),
        *(Spoken("victor", closed="victor", alternatives=("bravo",)), Quiet(4.0)),  # a wrong letter
        *(Spoken("no", closed="romeo", alternatives=("no", "november")), Quiet(4.0)),
        *(Spoken("uniform", closed="uniform"), Quiet(4.0)),
        *(Spoken("tango", closed="tango"), Quiet(4.0)),
        *(Spoken("tango", closed="tango"), Quiet(4.0)),
        *(Spoken("oscar", closed="oscar"), Quiet(4.0)),
        *(Spoken("november", closed="november"), Quiet(4.0)),
        *(Spoken("that's right", closed="that's right"), Quiet(4.0)),
    ]
    table = fake_table(practice_host(), script)
    table.run()
    assert WhichLetterThen().words in table.said
    assert LetterSaidBack("r").words not in table.said
    assert table.kiosk.table.night.answers[Team.BATS].text == "a big brass button"


def test_a_reply_after_a_sound_heard_as_voice_at_once_is_not_taken_for_words_under_way() -> None:
    # Music passed for voice in the first chunk the kiosk heard; the spelling itself began 0.5 s later.
    script = [
        *("two", "voice", "wings and webs two", "bats a big brass button", "ghosts mutton"),
        *(Spoken("b u t t o n", closed="b u t t o n"), Quiet(1.3), noise(0.1), Quiet(0.4)),
        *(Spoken("ghosts", seconds=0.6), Quiet(1.5)),
    ]
    table = fake_table(practice_host(), script)
    table.run()
    assert [turn.asked for turn in table.kiosk.turns[-2:]] == [WHOSE_SPELLING_ASKED.words, ""]
    assert "Fixed: Ghosts said button." in table.said


def test_a_spelling_whose_team_only_the_name_list_heard_is_not_made_out_in_a_loud_room() -> None:
    # "Ghosts. B, U, T, T, O, N." with the team lost by both read-back lists; the name list hears it.
    spelling = Spoken("ghosts b u t t o n", closed="b u t t o n")
    answers = ["bats a big brass button", "ghosts mutton", spelling, Quiet(1.5)]
    quiet = fake_table(practice_host(), ["two", "voice", "wings and webs two", *answers])
    quiet.run()
    assert quiet.heard[-1] == "ghosts b u t t o n"
    # In a loud room the count and the pick are said back first, and each team called. Letters without a
    # team's name were most often babble's, or a no garbled: the loud read-back asks for a yes or a no.
    loud = fake_table(practice_host(), [*LOUD_TO_W2, *answers])
    loud.kiosk.room = LoudRoom()
    loud.run()
    assert loud.kiosk.turns[-1].asked == NotCaught(loud=True).words


def test_a_pick_missed_twice_is_asked_for_another_way() -> None:
    hint = PickSlowly("Old Customs 1").words
    once = fake_table(practice_host(), ["two", "voice", "the mumble"])
    once.run()
    assert hint not in once.said
    twice = fake_table(practice_host(), ["two", "voice", "the mumble", "the mumble", "pass"])
    twice.run()
    assert twice.said.count(hint) == 1
    assert twice.kiosk.turns[-1].heard == "pass"  # taken as said: the first free cell's question is read
    assert "Old Customs, 1 point:" in twice.said


class FirstAnswerIsPartyTalk(ReaderLevel):
    """The first answer with no team's name is far quieter than the reader (the level itself is tested on
    audio in test_reader.py)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0

    def party_talk(self, pcm: bytes) -> bool:
        self.asked += 1
        return self.asked == 1


def test_in_a_loud_room_party_talk_is_no_answer_for_the_team_called() -> None:
    # In held-out babble the room's talk just before the reader spoke was heard as "the volleyball" and taken
    # as Bats' answer; the reader's "fruit" that followed went to Ghosts, called next.
    script = [*LOUD_TO_W2, "the volleyball", "bats a big brass button"]
    table = fake_table(practice_host(), [*script, Quiet(4.0), "ghosts mutton"])
    table.kiosk.room = LoudRoom()
    table.kiosk.reader = reader = FirstAnswerIsPartyTalk()
    table.run()
    assert reader.asked >= 1
    assert table.host.night.answers[Team.BATS].text == "a big brass button"
    assert "the volleyball" not in table.heard
    # In a quiet room the reader's level is not asked: words after a call are the called team's.
    quiet = fake_table(
        practice_host(), ["two", "voice", "wings and webs two", "bats", Quiet(4.0), "a big brass button"]
    )
    quiet.kiosk.reader = FirstAnswerIsPartyTalk()
    quiet.run()
    assert quiet.kiosk.reader.asked == 0


def test_a_team_heard_leaving_is_said_back_and_a_no_keeps_it_playing() -> None:
    # Over music "Toads, swede." was heard as "toads leave", and Toads lost their answer to the question.
    answers = ["two", "voice", "wings and webs two", "bats a big brass button"]
    table = fake_table(practice_host(), [*answers, "ghosts leave", "no", "ghosts mutton"])
    table.run()
    assert [turn.asked for turn in table.kiosk.turns[-3:]] == [
        TeamLeaving(Team.GHOSTS).words,
        PlayOn(Team.GHOSTS).words,
        "",
    ]
    assert table.host.night.out == set() and table.host.night.answers[Team.GHOSTS].text == "mutton"
    # Anything but a yes or a no is heard as it is: the answer said again.
    again = fake_table(practice_host(), [*answers, "ghosts leave", "ghosts mutton"])
    again.run()
    assert again.host.night.out == set() and again.host.night.answers[Team.GHOSTS].text == "mutton"
    # A yes lets the team go; typed on the screen, it goes at once.
    gone = fake_table(practice_host(), [*answers, "ghosts leave", "that's right"])
    gone.run()
    assert gone.host.night.out == {Team.GHOSTS}
    assert "Ghosts are out" in gone.said
    typed: Queue[str] = Queue()
    typed.put("two")
    typed.put("ghosts is out")
    keyboard = fake_table(practice_host(), ["voice"], typed=typed)
    keyboard.run()
    assert keyboard.host.night.out == {Team.GHOSTS}
    assert [turn.asked for turn in keyboard.kiosk.turns] == ["", "", ""]
    assert keyboard.kiosk.conversation.answerers.keyboard and not gone.kiosk.conversation.answerers.keyboard
    # A team said back leaving is confirmed by the next words or not at all: a typed message in between
    # leaves a later yes nothing to confirm.
    conversation, night = Conversation(), gone.host.night
    night.out.clear()
    leaving = conversation.leaving
    said_back = conversation.message(Utterance("ghosts leave"), Listening.BETWEEN_QUESTIONS, night, [], False)
    assert isinstance(said_back, Ask) and leaving.waiting == "ghosts leave"
    assert conversation.message(Typed("board"), Listening.BETWEEN_QUESTIONS, night, [], False) == "board"
    assert leaving.waiting is None
    assert leaving.take(Utterance("yes"), night, loud=False) is None
    # A team out loses its answer (policy.Slot.LEAVING): a plain yes in a loud room is asked about once.
    leaving.take(Utterance("ghosts leave"), night, loud=True)
    asked = leaving.take(Utterance("yes"), night, loud=True)
    assert isinstance(asked, Ask) and asked.prompt == TeamLeaving(Team.GHOSTS, Lead.WAS_THAT_A_YES)
    assert leaving.take(Utterance("yes"), night, loud=True) == "ghosts leave"
    leaving.take(Utterance("ghosts leave"), night, loud=True)
    assert leaving.take(Utterance("that's right"), night, loud=True) == "ghosts leave"


def test_in_a_loud_room_the_team_count_is_said_back_before_the_night_begins() -> None:
    table = fake_table(practice_host(), ["three teams", "no", "two teams", "that's right", "voice"])
    table.kiosk.room = LoudRoom()
    table.run()
    asked = [turn.asked for turn in table.kiosk.turns]
    assert asked[:3] == [
        Confirm("Three teams").words,
        Fixed.HOW_MANY.words,
        Confirm("Two teams").words,
    ]
    assert table.heard == ["two teams", "voice"]  # the host heard only the count confirmed
    assert table.host.night.teams == (Team.BATS, Team.GHOSTS)
    quiet = fake_table(practice_host(), ["two teams"])
    quiet.run()
    assert quiet.heard == ["two teams"]  # in a quiet room the count is taken as heard
    # Its yes heard as a team's name in babble: the count said back is kept, and asked again.
    kept = fake_table(practice_host(), ["four teams", "owls", "that's right", "voice"])
    kept.kiosk.room = LoudRoom()
    kept.run()
    assert [turn.asked for turn in kept.kiosk.turns][1] == Confirm("Four teams", Lead.NO_YES_HEARD).words
    assert kept.host.night.teams == (Team.BATS, Team.GHOSTS, Team.OWLS, Team.TOADS)
    # A plain yes is asked about once: a night begun is not taken back.
    plain = fake_table(practice_host(), ["three teams", "yes", "yes", "voice"])
    plain.kiosk.room = LoudRoom()
    plain.run()
    assert [turn.asked for turn in plain.kiosk.turns][1] == Confirm("Three teams", Lead.WAS_THAT_A_YES).words
    assert plain.host.night.teams == (Team.BATS, Team.GHOSTS, Team.OWLS)


def test_a_team_count_missed_twice_is_offered_one_count_at_a_time() -> None:
    # In babble one reader's "four teams" was heard as "owls one", "ghosts", "save" and nothing: the same
    # question four times never began the night. A yes is what a loud room garbles least.
    script = ["the mumble", "help", "the mumble", "no", "owls one", "no", "that's right", "voice"]
    table = fake_table(practice_host(), script)
    table.run()
    asked = [turn.asked for turn in table.kiosk.turns]
    assert asked == [
        "",
        "",  # a command is no count missed
        Confirm("Two teams", Lead.ONE_AT_A_TIME).words,
        Confirm("Three teams").words,
        Confirm("Three teams").words,  # neither yes nor no: the same one again
        Confirm("Four teams").words,
        "",
        "",
    ]
    assert table.heard == ["the mumble", "help", "four teams", "voice"]
    assert table.host.night.teams == (Team.BATS, Team.GHOSTS, Team.OWLS, Team.TOADS)
    # A count said in reply to an offer is taken as any count is: said back in a loud room.
    loud = fake_table(practice_host(), ["the mumble", "the mumble", "three teams", "that's right"])
    loud.kiosk.room = LoudRoom()
    loud.run()
    assert [turn.asked for turn in loud.kiosk.turns][2:] == [
        Confirm("Three teams").words,
        "",
    ]
    assert loud.host.night.teams == (Team.BATS, Team.GHOSTS, Team.OWLS)
    # The count offered, said back to the offer, is as good as a yes.
    echoed = fake_table(practice_host(), ["the mumble", "the mumble", "two teams"])
    echoed.kiosk.room = LoudRoom()
    echoed.run()
    assert echoed.heard == ["the mumble", "two teams"]
    assert echoed.host.night.teams == (Team.BATS, Team.GHOSTS)
    # A number alone is no such echo in a loud room: babble's "two" came right after the offer, and the night
    # began before the reader's "that's right"; the offer is made again.
    alone = fake_table(practice_host(), ["the mumble", "the mumble", "two", "that's right"])
    alone.kiosk.room = LoudRoom()
    alone.run()
    assert [turn.asked for turn in alone.kiosk.turns][2:] == [Confirm("Two teams").words, ""]
    assert alone.host.night.teams == (Team.BATS, Team.GHOSTS)
    # In a loud room a lone "right" is no yes to a count: "four teams" was heard so, and two teams played.
    rhymed = fake_table(practice_host(), ["the mumble", "the mumble", "right", "four teams", "that's right"])
    rhymed.kiosk.room = LoudRoom()
    rhymed.run()
    assert [turn.asked for turn in rhymed.kiosk.turns][2:4] == [
        Confirm("Two teams", Lead.NO_YES_HEARD).words,
        Confirm("Four teams").words,
    ]
    assert rhymed.host.night.teams == (Team.BATS, Team.GHOSTS, Team.OWLS, Team.TOADS)
    # A "right" with "that's right" about as likely beside it (a voice whose "that's" the room drowns) is a
    # plain yes: asked about once, then taken.
    clipped = Spoken("right", alternatives=("that's right",), scores=(69.9, 69.8))
    sure = fake_table(practice_host(), ["the mumble", "the mumble", clipped, Quiet(1.5), clipped, Quiet(1.5)])
    sure.kiosk.room = LoudRoom()
    sure.run()
    assert [turn.asked for turn in sure.kiosk.turns][2:] == [
        Confirm("Two teams", Lead.WAS_THAT_A_YES).words,
        "",
    ]
    assert sure.host.night.teams == (Team.BATS, Team.GHOSTS)


def test_a_yes_long_after_a_typed_pick_confirms_nothing() -> None:
    steps = [Spoken(text, seconds=0.5) for text in ("two", "voice", "d two")]
    table = fake_table(
        practice_host(),
        [*(x for step in steps for x in (step, Quiet(1.5))), "bats fly", "ghosts glide", "yes", "yes"],
    )
    typed = TypedWhileSpeaking(table.microphone, 15, "wings and webs one")  # typed instead of saying yes
    table.kiosk.typed = typed
    table.run()
    assert table.heard == ["two", "voice", "wings and webs one", "bats fly", "ghosts glide", "yes", "yes"]
    ledger = table.host.ledger()
    assert (ledger.q, ledger.open, ledger.pick) == (1, None, "Ghosts")  # the last yes took no cell


def test_with_confirm_picks_off_a_sure_letter_pick_is_taken_at_once() -> None:
    sure = Spoken("d two", alternatives=("b two",), scores=(101.3, 97.0))
    table = fake_table(practice_host(), ["two", "voice", sure, Quiet(1.5)], confirm_picks=False)
    table.run()
    assert [turn.asked for turn in table.kiosk.turns] == ["", "", ""]
    assert table.host.ledger().open == "D2"


def test_a_closed_list_that_hears_something_else_hands_the_audio_to_the_full_vocabulary() -> None:
    table = fake_table(practice_host(), ["two", Spoken("how many points is a cell worth", closed="[unk]")])
    table.run()
    assert table.recognizers.between_questions.heard == ["two", "[unk]"]
    assert table.recognizers.open.heard == ["how many points is a cell worth"]
    assert table.heard == ["two", "how many points is a cell worth"]


def test_a_pick_near_a_phrase_is_taken_as_that_phrase() -> None:
    table = fake_table(practice_host(), ["two", "voice", "wings and web one"])
    table.run()
    assert table.heard[-1] == "wings and webs one"
    assert table.host.ledger().open == "D1"


class TypedWhileSpeaking:
    """A message typed on the screen once the table has been speaking for `chunks` chunks."""

    def __init__(self, microphone: ScriptedMicrophone, chunks: int, message: str) -> None:
        self.microphone, self.chunks, self.message = microphone, chunks, message
        self.taken_after: int | None = None
        """How many spoken chunks the microphone had captured when the kiosk took the message."""

    def get_nowait(self) -> str:
        if self.taken_after is not None or self.microphone.spoken < self.chunks:
            raise Empty
        self.taken_after = self.microphone.spoken
        return self.message


def test_a_message_typed_on_the_screen_is_taken_between_utterances() -> None:
    typed: Queue[str] = Queue()
    typed.put("two")
    table = fake_table(practice_host(), ["voice"], typed=typed)
    table.run()
    assert table.heard == ["two", "voice"]
    assert "Voice it is." in table.said


def test_a_typed_message_never_splits_an_utterance() -> None:
    table = fake_table(practice_host(), [Quiet(1.0), Spoken("two teams", seconds=1.0), Quiet(1.5), "bats"])
    typed = TypedWhileSpeaking(table.microphone, 3, "voice")  # typed while "two teams" is being said
    table.kiosk.typed = typed
    table.run()
    assert typed.taken_after == 10  # once the whole utterance was in
    assert table.heard == ["two teams", "voice", "bats"]


def test_a_night_carried_on_starts_from_its_last_reply_then_takes_the_resumed_message() -> None:
    earlier = practice_host()
    earlier.set_voice(True)
    earlier.opening()
    last = [earlier.hear(message) for message in ("two", "voice")][-1]
    table = fake_table(earlier, ["bats fly"])
    table.run(resume="wings and webs one", first=last)
    said = table.said
    assert "Practice night:" not in said  # no opening: the night goes on
    assert said.startswith(" ".join(sentences(last.speech)))
    assert "Bats are the only mammals that can truly do what?" in said
    assert table.heard == ["bats fly"]  # the resumed message is the host's, not a turn heard
    assert table.host.night.phase is Phase.QUESTION


def test_the_loop_stops_when_the_night_is_over() -> None:
    table = fake_table(practice_host(), ["two", "voice", "end the night", "bats yes", "ghosts yes", "board"])
    assert table.run() == 0
    assert table.heard == ["two", "voice", "end the night", "bats yes", "ghosts yes"]
    assert table.kiosk.turns[-1].reply is not None and table.kiosk.turns[-1].reply.over
    assert "board" not in table.recognizers.between_questions.heard


def test_a_yes_to_end_the_night_whose_name_is_lost_twice_running_is_asked_of_a_team_by_name() -> None:
    # "Bats, yes." heard as "yes" four times running in babble: the night never ended.
    script = ["two", "voice", "end the night", "yes", "yes", "yes", "ghosts yes"]
    table = fake_table(practice_host(), script)
    assert table.run() == 0
    assert "Each team says yes by name" in table.said  # the first: the host asks for names
    asked = PlainYesWillDo(Team.BATS, (Team.BATS, Team.GHOSTS)).words
    assert [turn.asked for turn in table.kiosk.turns[-3:]] == [asked, "", ""]
    assert table.heard[-2:] == ["bats yes", "ghosts yes"]
    assert table.kiosk.turns[-1].reply is not None and table.kiosk.turns[-1].reply.over


def test_a_yes_to_end_the_night_heard_as_the_team_name_alone_keeps_the_vote() -> None:
    script = ["two", "voice", "end the night", "bats yes", "ghosts", "ghosts yes"]
    table = fake_table(practice_host(), script)
    assert table.run() == 0
    asked = PlainYesWillDo(Team.GHOSTS, (Team.GHOSTS,), name_alone=True).words
    assert table.kiosk.turns[-2].asked == asked
    assert table.heard[-1] == "ghosts yes"  # Bats' yes was kept: Ghosts' alone ended the night
    assert table.kiosk.turns[-1].reply is not None and table.kiosk.turns[-1].reply.over
    # The plain yes the kiosk asked for is the team's it named, and only just after it.
    plain = fake_table(practice_host(), ["two", "voice", "end the night", "ghosts", "yes", "bats yes"])
    assert plain.run() == 0
    assert plain.heard[-2:] == ["ghosts yes", "bats yes"]
    late = fake_table(practice_host(), ["two", "voice", "end the night", "ghosts", "board", "yes"])
    late.run()
    assert late.heard[-1] == "yes"  # after another turn a plain yes names nobody: the host asks for names
    # Between questions, a team's name alone is the host's to answer ("A team name alone is not a pick").
    picking = fake_table(practice_host(), ["two", "voice", "ghosts"])
    picking.run()
    assert picking.heard[-1] == "ghosts" and not picking.kiosk.turns[-1].asked


def test_a_pick_heard_during_the_vote_to_end_the_night_is_taken_with_a_picks_care() -> None:
    # In babble "Bats, yes." was heard as "wings and webs one": the vote ended and a cell nobody picked was read.
    script = ["two", "that's right", "voice", "end the night", "wings and webs one", "bats yes", "ghosts yes"]
    table = fake_table(practice_host(), script)
    table.kiosk.room = LoudRoom()
    assert table.run() == 0
    turn = next(turn for turn in table.kiosk.turns if turn.heard == "wings and webs one")
    assert turn.asked == Confirm("Wings & Webs 1").words  # said back, as any pick in a loud room
    assert "Bats are the only mammals" not in table.said
    assert table.heard[-2:] == ["bats yes", "ghosts yes"]  # the vote went on
    # A pick said back and confirmed during the vote is a pick, as the card's END has it.
    said = ["two", "that's right", "voice", "end the night", "wings and webs one", "that's right"]
    picked = fake_table(practice_host(), said)
    picked.kiosk.room = LoudRoom()
    picked.run()
    assert "Bats are the only mammals" in picked.said
    # A pass is said back too, in any room: over music "Bats, yes." was heard as "pass", and Old Customs 1
    # was read with the vote half said.
    passed = fake_table(
        practice_host(), ["two", "that's right", "voice", "end the night", "pass", "bats yes", "ghosts yes"]
    )
    passed.run()
    turn = next(turn for turn in passed.kiosk.turns if turn.heard == "pass")
    assert turn.asked == Confirm("Old Customs 1").words
    assert passed.heard[-2:] == ["bats yes", "ghosts yes"] and passed.host.night.phase is Phase.OVER


def test_without_a_key_the_kiosk_says_so_and_does_not_listen() -> None:
    table = fake_table(Host(None), ["two"])
    assert table.run() == 2
    assert table.said
    assert table.heard == []
    assert table.recognizers.between_questions.heard == []


class StumblingSpeaker(SilentSpeaker):
    """Cannot say one sentence."""

    def render(self, text: str) -> Speech:
        if text.startswith("Write your answers down"):
            raise SpeechError("cannot say that")
        return super().render(text)


def test_a_sentence_that_cannot_be_said_is_skipped_and_the_reply_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = fake_table(practice_host(), TO_D1)
    table.kiosk.speaker = table.output.speaker = StumblingSpeaker()
    table.run()
    assert "Write your answers down" not in table.said
    assert (
        "You are Bats and Ghosts. Ghosts: your answer.' One answer per team; the first counts." in table.said
    )
    assert "Bats are the only mammals that can truly do what?" in table.said  # the night went on
    assert "You are Bats and Ghosts. Write your answers down" in table.screen.getvalue()
    assert "(speech) cannot say that" in caplog.text  # in the log, never said to the table


def test_the_announcement_follows_the_first_reply_and_is_not_a_turn() -> None:
    table = fake_table(practice_host(), ["two"], announce="The screen's PIN is 4 2 1 7.")
    table.run()
    opening_end = table.said.index("Mix ages on every team if you can.")
    assert table.said.index("The screen's PIN is 4 2 1 7.") > opening_end
    assert table.heard == ["two"]
    assert "The screen's PIN is 4 2 1 7." in table.screen.getvalue()


def test_the_open_recogniser_is_renewed_while_replies_are_said_and_a_failure_keeps_the_night(
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = fake_table(practice_host(), [*TO_D1, "bats fly"])
    table.run()
    assert table.recognizers.renewed == len(table.kiosk.turns)  # offered at each reply after the opening

    def broken(samples: object) -> bool:
        raise MemoryError("no room for another search")

    failing = fake_table(practice_host(), [*TO_D1, "bats fly", "ghosts glide", "yes"])
    failing.recognizers.renew_open = broken  # type: ignore[method-assign]
    with caplog.at_level("WARNING"):
        failing.run()
    assert "Bats: right, 1 point." in failing.said  # the night went on to its ruling
    assert "could not be renewed (no room for another search)" in caplog.text


def test_a_yes_begun_before_the_kiosk_listened_is_asked_about_not_taken() -> None:
    # In babble a spelling was cut at a stall, and the kiosk answered over the rest of it, which the read-back
    # list heard as "that's right". Begun before the kiosk listened, it was no reply to the read-back: a yes
    # locks the answers, so the kiosk asks.
    script = [
        *("two", "voice", "wings and webs two", "bats a big brass button", "ghosts mutton"),
        *(Spoken("was not", closed="[unk]"), Quiet(1.3), Spoken("that's right", seconds=1.0), Quiet(1.5)),
        "that's right",
    ]
    table = fake_table(practice_host(), script)
    table.run()
    asked = [turn.asked for turn in table.kiosk.turns[-3:]]
    assert asked == [NotCaught().words, NotSureOfYes().words, ""]
    assert table.said.count("The answer: eight.") == 1  # ruled once, after the yes said in reply
    assert table.kiosk.turns[-1].heard == "that's right"  # said in reply, it rules


def test_a_candle_end_year_misheard_is_fixed_by_its_digits_heard_through_a_digits_list(
    plain_key: Key,
) -> None:
    played = Played(plain_key)
    played.say("two")
    play_board(played, {"A1": "All"})  # level at the top: the Candle-End's first question is read
    script = ["voice", "bats eighty nine ghosts about nineteen hundred", Spoken("bats one eight nine seven")]
    table = fake_table(played.host, [*script, Quiet(4.0), "that's right"])
    table.run()
    ways = [turn.listening for turn in table.kiosk.turns]
    assert ways[-2:] == [Listening.YEARS_READ_BACK] * 2
    assert "I have Bats: no year; Ghosts: 1900. Right? " + HowToFix(year=True).words in table.said
    assert "Fixed: Bats said 1897. I have Bats: 1897; Ghosts: 1900. Right?" in table.said
    assert not any(isinstance(asked, SpelledBack) for asked in table.asked)  # read back as a year, not digits
    assert "Bats: 1897, spot on." in table.said
    # Its team's name lost, a year's digits are asked about like a spelling.
    played = Played(plain_key)
    played.say("two")
    play_board(played, {"A1": "All"})
    script = ["voice", "bats eighty nine ghosts about nineteen hundred", Spoken("one eight nine seven")]
    table = fake_table(played.host, [*script, Quiet(4.0), "bats"])
    table.run()
    assert table.kiosk.turns[-2].asked == WHOSE_SPELLING_ASKED.words
    assert "Fixed: Bats said 1897." in table.said
    # A digit lost ("Ghosts. one, nine, zero, zero." heard as "ghosts one zero zero"): asked for again whole.
    played = Played(plain_key)
    played.say("two")
    play_board(played, {"A1": "All"})
    script = ["voice", "bats eighteen ninety seven ghosts about", Spoken("ghosts one zero zero")]
    table = fake_table(played.host, [*script, Quiet(4.0), Spoken("ghosts one nine zero zero")])
    table.run()
    asked = YearCutShort("one, zero, zero", Team.GHOSTS).words
    assert table.kiosk.turns[-2].asked == asked
    assert "Fixed: Ghosts said 1900." in table.said


def test_in_a_loud_room_a_plain_yes_to_the_read_back_is_asked_about_once() -> None:
    # In babble "Bats. Oscar. Whiskey. Lima." was heard as "yeah", and the question was ruled on a spelling.
    # The kiosk asks for "that's right" in a loud room; another yes is asked about, and said again, taken.
    answers = [*LOUD_TO_W2[3:], "bats a big brass button", "ghosts mutton"]
    table = fake_table(practice_host(), ["two", "that's right", "voice", *answers, "yeah", "yes"])
    table.kiosk.room = LoudRoom()
    table.run()
    asked = [turn.asked for turn in table.kiosk.turns[-2:]]
    assert asked == [NotSureOfYes(loud=True).words, ""]
    assert table.said.count("The answer: eight.") == 1
    # Asked about once, a plain yes is taken later in the same read-back too, other words between.
    again = fake_table(
        practice_host(), ["two", "that's right", "voice", *answers, "right", "see right", "right"]
    )
    again.kiosk.room = LoudRoom()
    again.run()
    assert [turn.asked for turn in again.kiosk.turns[-3:]] == [
        NotSureOfYes(loud=True).words,
        NotCaught(loud=True).words,
        "",
    ]
    assert again.kiosk.turns[-1].asked == "" and "The answer: eight." in again.said
    # The host's reply to other words ends the asking: the next plain yes is asked about anew.
    script = ["two", "that's right", "voice", *answers, "yeah", "ghosts m u t t o n", "yes", "yes"]
    replied = fake_table(practice_host(), script)
    replied.kiosk.room = LoudRoom()
    replied.run()
    assert [turn.asked for turn in replied.kiosk.turns[-3:]] == ["", NotSureOfYes(loud=True).words, ""]
    # A name of no team at this table before the yes is dropped as misheard: the yes is asked about too.
    named = fake_table(practice_host(), ["two", "that's right", "voice", *answers, "owls right"])
    named.kiosk.room = LoudRoom()
    named.run()
    assert (
        named.kiosk.turns[-1].asked == NotSureOfYes(loud=True).words
        and "The answer: eight." not in named.said
    )
    sure = fake_table(practice_host(), ["two", "that's right", "voice", *answers, "that's right"])
    sure.kiosk.room = LoudRoom()
    sure.run()
    assert sure.kiosk.turns[-1].asked == "" and "The answer: eight." in sure.said
    # Asked about, a no has the kiosk ask about each team's answer in turn, as the read-back's own no does.
    refused = fake_table(practice_host(), ["two", "that's right", "voice", *answers, "yeah", "no"])
    refused.kiosk.room = LoudRoom()
    refused.run()
    assert refused.kiosk.turns[-2].asked == NotSureOfYes(loud=True).words
    assert refused.kiosk.turns[-1].asked == IsThatRight(Team.BATS, "a big brass button").words


def test_a_read_back_no_heard_twice_running_asks_for_a_plain_yes() -> None:
    # In babble one voice's "that's right" was heard as "not right" four times running, and the night stuck.
    # (A loud room's no asks about each team's answer in turn: test_team_by_team.py.)
    answers = ["wings and webs two", "bats a big brass button", "ghosts mutton"]
    table = fake_table(practice_host(), ["two", "voice", *answers, "not right", "not right", "yes"])
    table.run()
    assert "Fix a word by saying the team's name" in table.said  # the first no: the host's own words
    asked = [turn.asked for turn in table.kiosk.turns[-2:]]
    assert asked == [HeardNoTwice().words, ""]  # asked for a plain yes, the yes said is taken at once
    assert table.said.count("The answer: eight.") == 1
    # Asked for once, a plain yes is taken later in the read-back too: "yes" was heard as "not yet" first.
    later = ["not right", "not right", "not yet", "yes"]
    table = fake_table(practice_host(), ["two", "voice", *answers, *later])
    table.run()
    assert [turn.asked for turn in table.kiosk.turns[-3:]] == [HeardNoTwice().words, "", ""]
    assert table.said.count("The answer: eight.") == 1


def test_no_after_no_in_a_quiet_room_after_the_plain_yes_was_asked_for_checks_each_team() -> None:
    # Over music a reader who said "no, no" and "repeat", never spelling, heard the same two answers for ever.
    answers = ["wings and webs two", "bats a big brass button", "ghosts mutton"]
    table = fake_table(practice_host(), ["two", "voice", *answers, "no", "no", "repeat", "no", "no", "no"])
    table.run()
    asked = [turn.asked for turn in table.kiosk.turns[-6:]]
    assert asked[1] == HeardNoTwice().words and asked.count(HeardNoTwice().words) == 1
    assert asked[4] == IsThatRight(Team.BATS, "a big brass button").words
    # Each team's answer in turn, as a loud room's checking: a no to Bats' takes its word one letter at a time.
    assert asked[5] == SpellOneAtATime(Team.BATS).words


class _LoudThenQuiet(RoomLevel):
    """A room measured loud for its first `loud_for` utterances, then quiet (music turned down)."""

    def __init__(self, loud_for: int) -> None:
        super().__init__()
        self.loud_for = loud_for

    def heard(self, pcm: bytes) -> None:
        self.loud_for -= 1

    @property
    def loud(self) -> bool:
        return self.loud_for > 0


def test_a_read_back_no_in_a_room_gone_quiet_keeps_the_loud_rooms_promise_to_check_each_team() -> None:
    # Told at a loud read-back that "no, no" has each team's answer asked about, a reader whose room then
    # measured quiet said "no, no" and was told to spell instead, and said "no, no" again and again.
    first = ["wings and webs two", "that's right", "bats a big brass button", "ghosts mutton", "that's right"]
    second = ["wings and webs three", "bats zip", "ghosts mutton", "no"]
    table = fake_table(practice_host(), ["two", "that's right", "voice", *first, *second])
    table.kiosk.room = _LoudThenQuiet(loud_for=9)
    table.run()
    assert HowToFix(loud=True).words in table.said and "The answer: eight." in table.said
    assert not table.kiosk.room.loud  # the second read-back was heard in a quiet room
    assert table.kiosk.turns[-1].asked == IsThatRight(Team.BATS, "zip").words


def test_a_candle_end_read_back_no_heard_twice_running_says_how_to_fix_a_year(plain_key: Key) -> None:
    played = Played(plain_key)
    played.say("two")
    play_board(played, {"A1": "All"})  # level at the top: the Candle-End's first question is read
    script = ["voice", "bats eighteen ninety ghosts about nineteen hundred", "not right", "not right", "yes"]
    table = fake_table(played.host, script)
    table.run()
    assert [turn.asked for turn in table.kiosk.turns[-2:]] == [HeardNoTwice(year=True).words, ""]
    assert "spell" not in HeardNoTwice(year=True).words and "Bats: 1890" in table.said


def test_a_teams_yes_to_end_the_night_heard_as_likely_as_anothers_is_asked_about_once() -> None:
    # "Bats, yes." heard as "owls yes", "bats yes" 0.7 below it: Owls' yes, never said, could end the night.
    host = Host(load_practice().key, source=KeySource.PRACTICE)
    for said in ("three", "voice", "end the night"):
        host.hear(said)
    night = host.night
    votes = Votes()
    heard = Utterance("owls yes", alternatives=("yes", "bats yes"), scores=(73.8, 73.3, 73.1))
    asked = votes.take(heard, night)
    assert asked == Ask(WhoseYes(Team.OWLS, Team.BATS))
    assert votes.take(heard, night) is None  # asked once: heard so again, it is the host's to read
    votes = Votes()
    assert votes.take(heard, night) == asked
    assert votes.take(Utterance("pardon"), night) is None
    assert votes.take(heard, night) == asked  # other words in between: the yes is asked about anew
    # Far less likely, or a team that has said yes already, is no rival.
    assert Votes().take(replace(heard, scores=(73.8, 73.3, 70.0)), night) is None
    night.votes.add(Team.BATS)
    assert Votes().take(heard, night) is None


def test_a_teams_yes_to_end_the_night_with_a_word_of_the_room_after_it_keeps_the_vote() -> None:
    # In babble "Bats, yes." was heard as "bats yes one", then "bats yes three": each ended the vote.
    script = ["two", "voice", "end the night", "bats yes one", "ghosts yes"]
    table = fake_table(practice_host(), script)
    assert table.run() == 0
    assert table.heard[-2:] == ["bats yes", "ghosts yes"]
    assert table.kiosk.turns[-1].reply is not None and table.kiosk.turns[-1].reply.over
    # A team's name after it is no word of the room's, nor a word after a yes already said: the host's.
    host = Host(load_practice().key, source=KeySource.PRACTICE)
    for said in ("two", "voice", "end the night"):
        host.hear(said)
    assert Votes().take(Utterance("bats yes ghosts"), host.night) is None
    assert Votes().take(Utterance("bats yes one"), host.night) == "bats yes"
    host.night.votes.add(Team.BATS)
    assert Votes().take(Utterance("bats yes one"), host.night) is None


def test_a_teams_yes_with_a_hesitation_before_it_keeps_the_vote_and_asks_for_the_plain_yes() -> None:
    # "Ghosts, let me see, yes." went to the host whole: not a yes by name, it ended the vote, again and again.
    script = ["two", "voice", "end the night", "bats yes", "ghosts let me see yes", "yes"]
    table = fake_table(practice_host(), script)
    assert table.run() == 0
    assert table.kiosk.turns[-2].asked == PlainYesWillDo(Team.GHOSTS, (Team.GHOSTS,)).words
    assert table.heard[-1] == "ghosts yes"
    assert table.kiosk.turns[-1].reply is not None and table.kiosk.turns[-1].reply.over
    host = Host(load_practice().key, source=KeySource.PRACTICE)
    for said in ("two", "voice", "end the night", "bats yes"):
        host.hear(said)
    assert Votes().take(Utterance("ghosts um yes"), host.night) == Ask(
        PlainYesWillDo(Team.GHOSTS, (Team.GHOSTS,))
    )
    # A no or another team's name among the words, or a team that has said yes already, is the host's.
    for said in ("ghosts um no yes", "ghosts bats yes", "bats um yes", "ghosts um yes please"):
        assert Votes().take(Utterance(said), host.night) is None, said


def test_a_lone_number_or_no_or_a_name_of_no_team_here_keeps_the_vote() -> None:
    # "Toads, yes." heard as "two (58.9) | toads (57.1)": the vote ended, and each team said yes again.
    host = Host(load_practice().key, source=KeySource.PRACTICE)
    for said in ("two", "voice", "end the night", "bats yes"):
        host.hear(said)
    heard = Utterance("two", alternatives=("ghosts",), scores=(58.9, 57.1))
    asked = Ask(PlainYesWillDo(Team.GHOSTS, (Team.GHOSTS,), name_alone=True))
    assert Votes().take(heard, host.night) == asked
    # Far less likely, a team that has said yes already, or a word that means something, is the host's.
    assert Votes().take(replace(heard, scores=(58.9, 55.0)), host.night) is None
    assert Votes().take(replace(heard, alternatives=("bats",)), host.night) is None
    assert Votes().take(replace(heard, text="board"), host.night) is None
    # So is a lone "no" with a team's name as likely beside it, asked about once: a no said again ends the vote.
    votes = Votes()
    no_or_ghosts = Utterance("no", alternatives=("ghosts",), scores=(42.5, 42.4))
    assert votes.take(no_or_ghosts, host.night) == asked
    assert votes.take(no_or_ghosts, host.night) is None
    assert Votes().take(replace(no_or_ghosts, scores=(42.5, 39.0)), host.night) is None
    # A name of no team at this table ("Ghosts, yes." heard as "owls") is misheard: the vote is kept.
    assert Votes().take(Utterance("owls"), host.night) == Ask(
        Prefaced(Lead.SORRY, StillToSayYes((Team.GHOSTS,)))
    )
    assert Votes().take(Utterance("bats"), host.night) is None  # a team that said yes: the host's to read


def test_a_pick_missed_before_a_question_is_not_counted_at_the_next_pick() -> None:
    # In babble a pick missed before the question was still counted after the ruling, the teams having
    # been called by name in between: the next pick was offered one cell at a time before anyone had
    # tried it, and the reader's "end the night" was taken as a reply to the offer, again and again.
    script = [
        "two",
        "that's right",
        "voice",
        "bats",
        "owls two",
        "that's right",
        "hate",
        "zip",
        "that's right",
    ]
    table = fake_table(
        Host(load_practice().key, source=KeySource.PRACTICE), [*script, "b five", "that's right"]
    )
    table.kiosk.room = LoudRoom()
    table.run()
    ruled = table.said.index("The answer: eight.")
    assert (
        "Ghosts, pick a category and points, like D3. Or say save to keep the night for later. Far and"
        in (table.said[ruled:])
    )
    assert "slowly" not in table.said[ruled:] and "one at a time" not in table.said[ruled:]
    assert "Far and Wide, 5 points:" in table.said
