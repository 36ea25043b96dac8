"""A loud room's read-back checked one team at a time (kiosk.voice.dialogue.team_by_team), through the voice loop with
in-memory recognisers: a no to the read-back names each team's answer in turn, and a no to one takes its
word one letter at a time."""

from __future__ import annotations

import logging
import re

import pytest

from kiosk import Host, Key, KeySource
from kiosk.engine.teams import Team
from kiosk.keys import load_practice
from kiosk.voice.dialogue.answering import Answerers, Ask
from kiosk.voice.dialogue.conversation import Conversation
from kiosk.voice.dialogue.letter_by_letter import (
    LetterByLetter,
    a_sure_no,
    letter_or_no,
    no_once,
)
from kiosk.voice.dialogue.prompts import (
    HowToFix,
    IsThatRight,
    Lead,
    LeftAsItWas,
    LetterNotCaught,
    LetterSaidBack,
    NotCaught,
    NoYearHeard,
    Prefaced,
    Prompt,
    RefusedLetterAgain,
    SpelledBack,
    SpellOneAtATime,
    WasItTheirs,
    WhichLetterThen,
    YearNeedsFourDigits,
)
from kiosk.voice.dialogue.prompts.forms import SORRY
from kiosk.voice.dialogue.team_by_team import TeamByTeam
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING

from .conftest import Played, play_board
from .support.voice import FakeTable, LoudRoom, Quiet, Spoken, fake_table, noise

LOUD_TO_READ_BACK = ["two", "that's right", "voice", "owls two", "that's right"]
"""Two teams in a loud room, Wings & Webs for 2 points (the practice key's "eight"), each team called."""
BATS = IsThatRight(Team.BATS, "hate")
GHOSTS = IsThatRight(Team.GHOSTS, "zip")


def letters(*words: str) -> list[Spoken | Quiet]:
    """Each letter's word (or "no", "that's right") said on its own, as the one-letter list hears it."""
    return [step for word in words for step in (Spoken(word, closed=word), Quiet(4.0))]


def loud_table(script: list[Spoken | Quiet | str], answers: tuple[str, str] = ("hate", "zip")) -> FakeTable:
    steps = [*LOUD_TO_READ_BACK, *answers, *script]
    table = fake_table(Host(load_practice().key, source=KeySource.PRACTICE), steps)
    table.kiosk.room = LoudRoom()
    table.run()
    return table


def asked(table: FakeTable) -> list[IsThatRight | Prefaced]:
    """The kiosk's questions about the teams' answers, in the order said, with any lead before them."""
    return [
        prompt
        for prompt in table.asked
        if isinstance(prompt, IsThatRight)
        or (isinstance(prompt, Prefaced) and isinstance(prompt.question, IsThatRight))
    ]


def spoke(table: FakeTable, *prompts: Prompt) -> bool:
    """The kiosk said these, one right after another."""
    return " ".join(prompt.words for prompt in prompts) in table.said


def test_a_no_names_each_team_and_a_no_to_one_takes_its_word_one_letter_at_a_time() -> None:
    script = ["no", "no", *letters("echo", "india", "golf", "hotel", "tango", "that's right")]
    table = loud_table([*script, *letters("that's right", "that's right")])
    assert LetterByLetter(Team.BATS).opening.words in table.said
    assert "Fixed: Bats said eight." in table.said
    fixed = IsThatRight(Team.BATS, "eight")
    assert asked(table) == [BATS, fixed, GHOSTS]  # asked again as it now stands, then Ghosts
    assert "Bats: right, 2 points." in table.said and "Ghosts: wrong, 0 points." in table.said
    # The read-back's no through the read-back list; from then on each yes, no and letter through the
    # one-letter list, where "no" and "that's right" compete with nothing but the NATO words.
    ways = [turn.listening for turn in table.kiosk.turns]
    assert ways[-10:] == [Listening.READ_BACK] + [Listening.ONE_LETTER] * 9


def test_a_team_whose_fix_left_other_words_as_heard_is_asked_about_as_its_answer_now_stands() -> None:
    script = ["no", "no", *letters("echo", "india", "golf", "hotel", "tango", "that's right")]
    table = loud_table([*script, *letters("that's right", "that's right")], answers=("legs hate", "zip"))
    assert "Fixed: Bats said eight." in table.said
    fixed = IsThatRight(Team.BATS, "eight hate")  # the fix went to "legs"
    assert asked(table) == [IsThatRight(Team.BATS, "legs hate"), fixed, GHOSTS]


def test_a_yes_to_each_team_is_the_read_backs_yes_and_a_plain_one_is_asked_about_once() -> None:
    table = loud_table(["no", "that's right", "yes", "yes"])
    assert asked(table) == [BATS, GHOSTS, Prefaced(Lead.WAS_THAT_A_YES, GHOSTS)]
    assert "Bats: wrong, 0 points." in table.said  # "hate", as the table let it stand


def test_words_not_made_out_ask_about_the_same_team_again() -> None:
    table = loud_table(["no", Spoken("was not", closed="[unk]"), Quiet(4.0), "that's right", "that's right"])
    assert asked(table) == [BATS, Prefaced(Lead.SORRY, BATS), GHOSTS]
    assert "The answer:" in table.said
    # Twice running, taken as a no: one held-out voice's "No." was heard as "romeo", "lima", [unk] and no
    # word nine times running, and its team's wrong answer was never spelled.
    garbled = [Spoken("no", closed="romeo"), Quiet(4.0), Spoken("no", closed="[unk]"), Quiet(4.0)]
    word = letters("echo", "india", "golf", "hotel", "tango", "that's right")
    table = loud_table(["no", *garbled, *word, *letters("that's right", "that's right")])
    assert spoke(table, Prefaced(Lead.TAKEN_AS_NO, SpellOneAtATime(Team.BATS)))
    assert "Fixed: Bats said eight." in table.said and "Bats: right, 2 points." in table.said


def test_a_word_left_as_it_was_asks_about_the_same_team_again() -> None:
    # Asked about the whole read-back after a word it could not take, the table said no again, and the
    # kiosk began again at the first team: a babble night went round so for minutes.
    mumble = [Spoken("mumble", closed="[unk]"), Quiet(4.0)]
    table = loud_table(["no", "no", *mumble, *letters("that's right", "that's right", "that's right")])
    assert spoke(table, Prefaced(Lead.WORD_LEFT, BATS)) and not spoke(table, LeftAsItWas())
    assert asked(table) == [BATS, Prefaced(Lead.WORD_LEFT, BATS), GHOSTS]
    assert "Bats: wrong, 0 points." in table.said  # "hate", as the table let it stand


def test_a_word_whose_letters_are_never_heard_right_is_left_and_never_sticks() -> None:
    # One voice's "Papa." in babble: heard as "mike", "lima", "uniform" or nothing, each letter said no to.
    papa = ["mike", "no", "[unk]", "lima", "no", "uniform", "no", "juliet", "no"]
    said = [Spoken("no" if word == "no" else "papa", closed=word) for word in papa]
    table = loud_table(["no", "no", *[step for word in said for step in (word, Quiet(4.0))], "that's right"])
    assert spoke(table, Prefaced(Lead.WORD_LEFT, BATS))
    assert asked(table) == [BATS, Prefaced(Lead.WORD_LEFT, BATS), GHOSTS]


def test_letters_heard_as_no_word_at_the_readers_level_are_each_a_reply_not_caught() -> None:
    # In babble one voice's "No." was heard as no word a dozen times running, and the kiosk, having asked
    # again once, waited in silence: each such reply as loud as the reader's is asked about again, and the
    # word is left after three.
    unheard = [noise(0.6), Quiet(4.0)] * 3
    table = loud_table(["no", "no", *unheard, *letters("that's right", "that's right")])
    assert table.said.count(LetterNotCaught().words) == 2
    assert spoke(table, Prefaced(Lead.WORD_LEFT, BATS))
    assert asked(table) == [BATS, Prefaced(Lead.WORD_LEFT, BATS), GHOSTS]


def test_a_spelling_with_its_team_leaves_the_checking_and_is_taken_as_any_fix() -> None:
    spelling = Spoken("bats echo india golf hotel tango")
    table = loud_table(["no", spelling, Quiet(4.0), *letters("that's right")])
    assert asked(table) == [BATS]
    assert "Fixed: Bats said eight." in table.said
    assert "Bats: right, 2 points." in table.said


def test_in_a_quiet_room_a_no_to_the_read_back_is_the_hosts() -> None:
    script = ["two", "voice", "wings and webs two", "bats hate", "ghosts zip", "no"]
    table = fake_table(Host(load_practice().key, source=KeySource.PRACTICE), script)
    table.run()
    assert asked(table) == []
    assert table.kiosk.turns[-1].heard == "no" and table.kiosk.turns[-1].reply is not None


def test_a_yes_begun_before_the_kiosk_listened_is_asked_about() -> None:
    # The kiosk's reply came into the room's words; the yes after them was begun before it listened.
    table = loud_table(["no", Spoken("was not", closed="[unk]"), Quiet(0.9), "that's right", "that's right"])
    assert asked(table)[:3] == [BATS, Prefaced(Lead.SORRY, BATS), Prefaced(Lead.WAS_THAT_A_YES, BATS)]
    assert "The answer:" not in table.said  # Ghosts still to be asked about


def test_each_team_is_asked_about_its_answer_as_the_read_back_says_it() -> None:
    # "Lead with the answer": words after "because" don't count, and the read-back leaves them out.
    table = loud_table(["no", "that's right", "that's right"], answers=("hate because spiders", "pass"))
    assert "I have Bats: hate; Ghosts: pass. Right?" in table.said
    assert asked(table) == [BATS, IsThatRight(Team.GHOSTS, "pass")]


def test_read_back_words_not_made_out_twice_running_ask_about_each_team_unasked() -> None:
    # One held-out voice's "no" to a loud read-back was never heard through the read-back list, 25 times.
    garbled = [Spoken("was not", closed="[unk]"), Quiet(4.0)]
    table = loud_table([*garbled, *garbled, "that's right", "that's right"])
    assert spoke(table, NotCaught(loud=True))  # as the loud line asks
    unasked = Prefaced(Lead.EACH_IN_TURN, BATS)
    assert [turn.asked for turn in table.kiosk.turns[-3:-1]] == [unasked.words, GHOSTS.words]
    assert "The answer:" in table.said


def test_a_team_name_alone_is_no_reply_to_a_loud_read_back() -> None:
    # In babble "no" was heard as "owls": passed on, the host said the first answer counts and read back
    # again; in a loud room a name alone is words not made out.
    table = loud_table(
        [Spoken("no", closed="owls"), Quiet(4.0), "no", *letters("that's right", "that's right")]
    )
    assert "The first answer counts" not in table.said
    assert [turn.asked for turn in table.kiosk.turns[-4:-2]] == [NotCaught(loud=True).words, BATS.words]


def test_read_back_words_after_a_word_ended_some_other_way_are_judged_as_a_loud_rooms() -> None:
    # A word one letter at a time whose fix the host did not take left the checking: the next words, babble's
    # letters for a "no", went on unjudged and were asked "whose spelling was that?".
    played = Played(load_practice().key, voice=True)
    for said in ("two", "wings and webs two", "bats hate", "ghosts zip"):
        played.say(said)
    night = played.host.night
    checking = TeamByTeam(asking=Team.BATS, left=(Team.GHOSTS,), spelling=True)
    assert checking.take(Utterance("en en"), night, Answerers(), loud=True) == Ask(NotCaught(loud=True))
    assert checking.asking is None and not checking.spelling
    # A reply heard as no word there too.
    checking = TeamByTeam(asking=Team.BATS, left=(Team.GHOSTS,), spelling=True)
    assert checking.again(night, Answerers(), loud=True) == Ask(NotCaught(loud=True))
    assert checking.asking is None and not checking.spelling


def test_a_loud_read_backs_replies_heard_as_no_word_twice_running_ask_about_each_team() -> None:
    # One voice's "No." to a loud read-back came out as no word again and again, and each time the kiosk
    # asked for a yes or a no: such replies count as words not made out.
    played = Played(load_practice().key, voice=True)
    for said in ("two", "wings and webs two", "bats hate", "ghosts zip"):
        played.say(said)
    conversation = Conversation()
    night = played.host.night
    heard = [conversation.message(Utterance(""), Listening.READ_BACK, night, [], loud=True) for _ in range(2)]
    each_in_turn = Prefaced(Lead.EACH_IN_TURN, IsThatRight(Team.BATS, "hate"))
    assert heard == [Ask(NotCaught(loud=True)), Ask(each_in_turn)]


def candle_end(plain_key: Key, script: list[Spoken | Quiet | str], loud: bool = True) -> FakeTable:
    """Two teams level at the top, the Candle-End's first question read; in a loud room, each team called."""
    played = Played(plain_key)
    played.say("two")
    play_board(played, {"A1": "All"})
    years = ["bats eighteen ninety", "ghosts about nineteen hundred"]
    table = fake_table(played.host, ["voice", *(years if loud else [" ".join(years)]), *script])
    if loud:
        table.kiosk.room = LoudRoom()
    table.run()
    return table


def test_a_loud_candle_end_asks_about_each_teams_year_and_takes_a_wrong_one_a_digit_at_a_time(
    plain_key: Key,
) -> None:
    # In babble a year fix's team name was lost nearly every time, and its first digits with it ("Bats.
    # one, eight, nine, zero." as "one nine zero", "nine nine zero"), twenty times over, and the night stuck.
    digits = letters("one", "eight", "nine", "seven")
    table = candle_end(plain_key, ["no", "no", *digits, *letters("that's right", "that's right")])
    assert spoke(table, HowToFix(year=True, loud=True))
    digits_back = (LetterSaidBack(digit, year=True) for digit in "189")
    assert spoke(table, SpellOneAtATime(Team.BATS, year=True)) and spoke(table, *digits_back)
    assert "Fixed: Bats said 1897." in table.said
    assert asked(table) == [
        IsThatRight(Team.BATS, "1890"),
        IsThatRight(Team.BATS, "1897"),
        IsThatRight(Team.GHOSTS, "1900"),
    ]
    ways = [turn.listening for turn in table.kiosk.turns]
    assert ways[-8:] == [
        Listening.YEARS_READ_BACK,  # the read-back's no
        Listening.ONE_LETTER,  # the no to Bats' year
        *[Listening.ONE_DIGIT] * 4,  # its digits, done at the fourth
        *[Listening.ONE_LETTER] * 2,  # a yes to each team's year as it now stands
    ]
    assert "Bats: 1897, spot on." in table.said and "Bats win the night!" in table.said


def test_a_loud_read_backs_no_in_any_words_asks_about_each_team_in_turn(plain_key: Key) -> None:
    # A held-out voice's Candle-End "that's right" was heard as "right" (asked about), then "not right": the
    # host's no, which asks for a spelling, and again twice more, till the table's tries ran out.
    yes_each = letters("that's right", "that's right")
    table = candle_end(plain_key, ["right", "not right", *yes_each])
    assert asked(table) == [IsThatRight(Team.BATS, "1890"), IsThatRight(Team.GHOSTS, "1900")]
    assert "spelling the word" not in table.said and "Ghosts win the night!" in table.said
    for no in ("wrong", "no not right"):
        assert asked(loud_table([no, *yes_each])) == [BATS, GHOSTS]


def test_a_year_one_digit_at_a_time_takes_back_a_digit_on_no_and_has_four_digits(plain_key: Key) -> None:
    digits = letters("one", "eight", "five", "no", "nine", "that's right", "seven")
    table = candle_end(plain_key, ["no", "no", *digits, *letters("that's right", "that's right")])
    assert spoke(
        table, LetterSaidBack("5", year=True), WhichLetterThen(year=True), LetterSaidBack("9", year=True)
    )
    assert spoke(table, YearNeedsFourDigits(("1", "8", "9")))
    assert "Fixed: Bats said 1897." in table.said
    # Left as it was after replies heard as no digit: the same team is asked about again, never stuck.
    left = candle_end(
        plain_key, ["no", "no", *letters("zulu", "zulu", "zulu", "that's right", "that's right")]
    )
    left_as_it_was = Prefaced(Lead.YEAR_LEFT, IsThatRight(Team.BATS, "1890"))
    assert spoke(left, left_as_it_was) and not spoke(left, LeftAsItWas(year=True))
    assert "Bats: 1890, " in left.said


def test_a_no_scored_beside_a_digit_takes_the_digit_back_but_refuses_nothing(plain_key: Key) -> None:
    # In babble "Nine." was heard as "no" (80.2) with "nine" beside it (79.5): the right 8 before it was
    # taken back and refused, and "Eight." said again was refused till the year was left.
    nine_or_no = Spoken("no", closed="no", alternatives=("", "nine"), scores=(80.2, 79.8, 79.5))
    digits = [*letters("one", "eight"), nine_or_no, Quiet(4.0), *letters("eight", "nine", "seven")]
    table = candle_end(plain_key, ["no", "no", *digits, *letters("that's right", "that's right")])
    eight, nine = LetterSaidBack("8", year=True), LetterSaidBack("9", year=True)
    assert spoke(table, eight, WhichLetterThen(year=True), eight, nine)
    assert "Fixed: Bats said 1897." in table.said
    # A no scored well above any digit still refuses the one it takes back.
    sure = Spoken("no", closed="no", alternatives=("", "nine"), scores=(80.2, 79.8, 77.5))
    refused = candle_end(
        plain_key, ["no", "no", *letters("one", "eight"), sure, Quiet(4.0), *letters("eight")]
    )
    assert spoke(refused, WhichLetterThen(year=True), RefusedLetterAgain("8", year=True))


def test_a_candle_end_answer_heard_as_numbers_that_make_no_year_is_asked_for_again_once(
    plain_key: Key,
) -> None:
    # In babble "Bats, eighteen ninety." was heard as "about eighteen and ninety" and locked as no year; the
    # read-back's no then took the year one digit at a time, where "Nine." was barely heard.
    played = Played(plain_key)
    played.say("two")
    play_board(played, {"A1": "All"})
    years = ["about eighteen and ninety", "eighteen ninety", "ghosts about nineteen hundred", "that's right"]
    table = fake_table(played.host, ["voice", *years])
    table.kiosk.room = LoudRoom()
    table.run()
    assert spoke(table, NoYearHeard("about eighteen and ninety", Team.BATS))
    assert "Bats: 1890, " in table.said  # the called team's words again, its name lost again: still Bats'
    # Heard so again, the words are taken as the card reads them; a pass is never asked about.
    played = Played(plain_key)
    played.say("two")
    play_board(played, {"A1": "All"})
    twice = ["bats eighteen and ninety", "bats eighteen and ninety", "ghosts pass", "yes"]
    table = fake_table(played.host, ["voice", *twice])
    table.run()
    assert [prompt for prompt in table.asked if isinstance(prompt, NoYearHeard)] == [
        NoYearHeard("eighteen and ninety", Team.BATS)
    ]
    assert "I have Bats: no year; Ghosts: no year." in table.said


def test_a_quiet_candle_end_is_told_how_to_fix_a_year_by_its_digits(plain_key: Key) -> None:
    table = candle_end(plain_key, ["yes"], loud=False)
    assert spoke(table, HowToFix(year=True)) and not spoke(table, HowToFix(loud=True))


def test_a_letter_said_no_to_and_heard_again_in_its_place_is_heard_again_without_it() -> None:
    # Over music one voice's "Papa." was heard as "lima" again and again: each time refused, till the word
    # was left. Heard again without the refused letter, the likeliest other letter is said back.
    golf_as_hotel = Spoken("golf", closed="hotel", alternatives=("golf",))
    spelled = [
        *letters("echo", "india"),
        golf_as_hotel,
        Quiet(4.0),
        *letters("no"),
        golf_as_hotel,
        Quiet(4.0),
    ]
    script = ["no", "no", *spelled, *letters("hotel", "tango", "that's right")]
    table = loud_table([*script, *letters("that's right", "that's right")])
    assert spoke(table, LetterSaidBack("h"), WhichLetterThen(), LetterSaidBack("g"))
    assert "Fixed: Bats said eight." in table.said
    # Heard as nothing else, the refusal stands.
    again = [*letters("echo", "india"), golf_as_hotel, Quiet(4.0), *letters("no", "hotel")]
    refused = loud_table(["no", "no", *again])
    assert spoke(refused, RefusedLetterAgain("h"))


def test_a_no_to_a_team_offered_for_a_spelling_is_the_whose_questions_not_the_read_backs() -> None:
    # In babble a spelling's team was lost and "Was that Bats' spelling?" was answered "no": taken as the
    # read-back's no, it started the checking while the kiosk still held the spelling, and the word one
    # letter at a time was heard through the team-name list ("Papa." as "the family").
    # A loud room asks whose a spelling was only while a word is offered one letter at a time (after a
    # team's second fix): other letters without a team's name are read-back words not made out.
    fixes = [Spoken("bats e i g h"), Quiet(4.0), Spoken("bats e i g h t t"), Quiet(4.0)]
    spelling = Spoken("ghosts b u t t o n", closed="b u t t o n")
    mumble = Spoken("the mumble", closed="[unk]")
    table = loud_table([*fixes, spelling, Quiet(1.5), mumble, Quiet(4.0), "no", "no", "that's right"])
    assert spoke(table, SpelledBack("eightt", offer=True))
    offers = [prompt for prompt in table.asked if isinstance(prompt, WasItTheirs)]
    assert offers == [WasItTheirs(Team.BATS, spelling=True), WasItTheirs(Team.GHOSTS, spelling=True)]
    assert not spoke(table, BATS) and "Fixed: Ghosts said button." in table.said


def test_the_no_asked_for_refuses_a_teams_answer_and_takes_back_a_letter() -> None:
    # The kiosk asks for "no, no" (yes_or_no.SURE_NO) wherever it confirms, one letter at a time too: heard better
    # than a plain no in babble, and taken as one.
    script = ["no", *letters("no no", "echo", "india", "golf", "hotel", "lima", "no no", "tango")]
    table = loud_table([*script, *letters("that's right", "that's right", "that's right")])
    assert spoke(table, BATS)
    assert spoke(table, LetterSaidBack("l"), WhichLetterThen())
    assert "Fixed: Bats said eight." in table.said


def test_a_run_of_noes_is_the_no_and_refuses_what_it_takes_back() -> None:
    # One voice's "No, no." in babble came out as "no no no" and "no no no no" as well as "no no".
    heard = Utterance("no no no no", alternatives=("no no no", "no", "lima"), scores=(63.0, 63.0, 62.9, 55.0))
    once = no_once(heard)
    assert once.text == "no" and once.alternatives == ("no", "no", "lima") and once.scores == heard.scores
    assert letter_or_no(once) == "no" and a_sure_no(once)
    assert no_once(Utterance("no lima")) == Utterance("no lima")  # a letter's word in it: not the no alone


def over_the_room(*words: str) -> list[Spoken | Quiet]:
    """Each letter's word said on its own by the reader, louder than the room's talk, which runs on for a
    second after it in the same utterance (the end of speech waits for the room to go quiet)."""
    talk = Spoken("talk", closed="[unk]", seconds=1.2)
    return [step for word in words for step in (Spoken(word, closed=word, louder=True), talk, Quiet(4.0))]


def test_a_loud_rooms_letters_are_heard_in_the_loudest_stretch_of_their_utterance() -> None:
    # In babble one voice's "Papa." was heard as no word time after time: the utterance ran on for seconds
    # of the room's talk after it, and the list heard the whole. Heard again in its loudest stretch, the
    # word alone is the reader's.
    spelled = over_the_room("echo", "india", "golf", "hotel", "tango")
    table = loud_table(["no", "no", *spelled, *letters("that's right", "that's right", "that's right")])
    assert LetterNotCaught().words not in table.said
    assert "Fixed: Bats said eight." in table.said
    assert asked(table)[-1] == GHOSTS


def test_a_loud_rooms_letter_heard_as_no_word_ends_once_the_readers_voice_is_gone(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # In babble a letter's word the list heard as none of its own kept the kiosk listening to the room's
    # talk for 3 to 8 s: the end of speech counts only once a word is heard. It ends a second after the
    # reader's voice, the talk going on.
    unheard = Spoken("papa", closed="[unk]", louder=True)
    talk = Spoken("talk", closed="[unk]", seconds=6.0)
    with caplog.at_level(logging.DEBUG, logger="kiosk.voice.kiosk"):
        loud_table(["no", "no", unheard, talk, Quiet(4.0), *letters("that's right", "that's right")])
    spans = re.findall(r"heard one letter \(([\d.]+)-([\d.]+) s, ([a-z ]+),", caplog.text)
    began, ended, why = next(span for span in spans if span[2] != "quiet")  # the "no" before it ended so
    assert why == "reader done" and float(ended) - float(began) < 0.6 + TUNING.reader.gone + 0.3


def test_a_loud_read_backs_reply_heard_as_no_word_is_asked_for_again_within_seconds(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Over music at 5 dB a reader's "No." to a loud read-back was heard as no word, the music passing for
    # voice: the kiosk listened for 20 s before it asked again, three times running.
    with caplog.at_level(logging.DEBUG, logger="kiosk.voice.kiosk"):
        table = loud_table([noise(12.0), Quiet(2.0), "no", *letters("that's right", "that's right")])
    spans = re.findall(r"heard read-back \(([\d.]+)-([\d.]+) s, ([a-z ]+),", caplog.text)
    began, ended, why = spans[0]
    assert why == "no word" and float(ended) - float(began) < 4.5
    assert spoke(table, NotCaught(loud=True))
    assert asked(table) == [BATS, GHOSTS]


def test_a_loud_read_backs_no_is_heard_in_the_loudest_stretch_of_its_utterance() -> None:
    # In babble the read-back's "No." was heard as a letter or no word 7 times in 21 over the simulated
    # table's nights, each asked for again: heard again in its loudest stretch, it is the no at once.
    table = loud_table([*over_the_room("no"), *letters("that's right", "that's right")])
    assert SORRY not in table.said
    assert asked(table) == [BATS, GHOSTS]
