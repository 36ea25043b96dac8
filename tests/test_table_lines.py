"""The simulated table (testbed/table/) reads the kiosk's own words: each pattern it reads must match what
the kiosk really says, or a night in the benchmark would stall on a changed sentence."""

from __future__ import annotations

import numpy as np
import pytest

from kiosk.engine.board import Board
from kiosk.engine.night import Night, Phase
from kiosk.engine.said import FixTaken
from kiosk.engine.teams import Team
from kiosk.keys import load_practice
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.conversation import Conversation
from kiosk.voice.dialogue.counting import Counts
from kiosk.voice.dialogue.letter_by_letter import LetterByLetter, Unit
from kiosk.voice.dialogue.picking import Picks
from kiosk.voice.dialogue.prompts import Prompt, SpelledBack
from kiosk.voice.dialogue.prompts.forms import PART_CAUGHT
from kiosk.voice.dialogue.prompts.forms import TAKEN_AS_NO as KIOSK_TAKEN_AS_NO
from kiosk.voice.dialogue.prompts.one_at_a_time import LEFT, OFFER
from kiosk.voice.dialogue.prompts.read_back import (
    HOW_TO_SPELL,
    LOUD_CHECKING,
    NOT_CAUGHT_AGAIN,
    NOT_SURE_OF_YES,
    NOT_SURE_OF_YES_LOUD,
    YEAR_CUT_SHORT,
)
from kiosk.voice.dialogue.prompts.read_back import NOT_CAUGHT as KIOSK_NOT_CAUGHT
from kiosk.voice.dialogue.voting import Votes
from kiosk.voice.dialogue.whose import Whose
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING
from testbed.table.adult import Adult
from testbed.table.fixes import would_do
from testbed.table.kiosk_lines import (
    BY_LETTER,
    CALLING,
    COUNT_BACK,
    DIGIT_SAID_BACK,
    FIXED,
    LETTER_AGAIN,
    LETTER_LEFT,
    LETTER_SAID_BACK,
    NOT_CAUGHT,
    OFFERED,
    ONE_AT_A_TIME,
    PICK_YES,
    PLAIN_YES,
    STILL_TO_SAY_YES,
    SURE_YES,
    TAKEN_AS_NO,
    WHICH_ONE,
    WHICH_YES,
    WHOSE,
    WHOSE_OFFERED,
    WITH_WORDS,
    YEAR_SO_FAR,
    read_back,
    said_back,
    spelled,
)
from testbed.table.nights import Cheat, NightScript, Question, Written, fix_word
from testbed.table.records import NightRecord, QuestionRecord
from testbed.table.talk import Talk

from .conftest import Played


def _words(said: Prompt | None) -> str:
    """The kiosk's words for a reply taken one letter at a time (none with a fix)."""
    return said.words if said is not None else ""


def test_the_table_reads_the_kiosks_questions_as_the_kiosk_words_them() -> None:
    asked = Whose("zip", (Team.BATS, Team.GHOSTS, Team.OWLS)).prompt.words
    found = WHOSE.search(asked)
    assert found is not None and found.group(1) == "Bats, Ghosts or Owls"
    for again in (False, True):
        offer = WHOSE_OFFERED.search(Whose("zip", (Team.BATS,), offered=Team.BATS, again=again).prompt.words)
        assert offer is not None and offer.groups() == ("Bats", "that's right")
    assert WITH_WORDS in HOW_TO_SPELL and BY_LETTER in SpelledBack("zip", offer=True).words
    spelling = LetterByLetter(Team.BATS)
    assert (
        LETTER_AGAIN.search(spelling.opening.words)
        and LETTER_LEFT in LEFT
        and TAKEN_AS_NO in KIOSK_TAKEN_AS_NO
    )
    spelling, _, said = spelling.take("tango")
    back = LETTER_SAID_BACK.search(_words(said))
    assert back is not None and back.group(1) == "T"
    assert spelling is not None
    assert all(LETTER_AGAIN.search(_words(spelling.take(heard)[2])) for heard in ("no", "zip", "tango oscar"))
    year = LetterByLetter(Team.BATS, ("1", "8"), unit=Unit.DIGIT)
    digit_back = DIGIT_SAID_BACK.search(_words(year.take("nine")[2]))
    assert digit_back is not None and digit_back.group(1) == "9"
    so_far = YEAR_SO_FAR.search(_words(year.take("that's right")[2]))
    assert so_far is not None and so_far.group(1) == "1, 8"
    assert LETTER_AGAIN.search(_words(year.take("no")[2])) and LETTER_AGAIN.search(year.opening.words)
    refused, _, _ = spelling.take("no")
    assert refused is not None and LETTER_AGAIN.search(
        _words(refused.take("tango")[2])
    )  # said no to, heard again
    cut_short = YEAR_CUT_SHORT.format(digits="one, eight, zero", team="Bats")
    for not_caught in (KIOSK_NOT_CAUGHT, NOT_CAUGHT_AGAIN, PART_CAUGHT, cut_short):
        assert NOT_CAUGHT.search(not_caught)
    for asking in (NOT_CAUGHT_AGAIN, LOUD_CHECKING):
        sure = SURE_YES.search(asking)
        assert sure is not None and sure.group(1) == "that's right"
    call = CALLING.search("Still to answer: Ghosts.\nGhosts, your answer?")
    assert call is not None and call.group(1) == "Ghosts"
    picks = Picks()
    for asked in ("dee three", "owls"):  # said back, then asked again when "yes" was heard as "owls"
        question = picks.take(Utterance(asked), Board())
        assert isinstance(question, Ask) and said_back(question.question) == "D3"
    fixed = FIXED.search(f"{FixTaken('Owls', 'potato').lines[0].text}\nI have Owls: potato. Right?")
    assert fixed is not None and fixed.group(1) == "Owls"
    asked_again = PICK_YES.search(question.question)
    assert asked_again is not None and asked_again.group(1) == "that's right"
    # A category's cells offered one at a time, after the cell said no to was heard again.
    heard = Utterance("far and wide one")
    picks.take(heard, Board(), loud=True)
    offer = picks.take(heard, Board(), loud=True)
    assert isinstance(offer, Ask) and said_back(offer.question) == "B2"
    offered_yes = PICK_YES.search(offer.question)
    assert offered_yes is not None and offered_yes.group(1) == "that's right"
    assert OFFERED in offer.question and OFFERED in question.question  # said back or offered: yes or no
    assert ONE_AT_A_TIME in offer.question  # the adult goes through the offers, a no to each no try
    said_no = Picks()
    said_no.take(Utterance("dee three"), Board())
    which = said_no.take(Utterance("no"), Board())
    assert isinstance(which, Ask) and WHICH_ONE in which.question  # the adult then names its pick
    # A plain yes to a cell said back in a loud room is asked about: the same cell, the yes asked for.
    loud_picks = Picks()
    loud_picks.take(Utterance("old customs two"), Board(), loud=True)
    doubted = loud_picks.take(Utterance("yes"), Board(), loud=True)
    assert isinstance(doubted, Ask) and said_back(doubted.question) == "A2"
    asked_yes = PICK_YES.search(doubted.question)
    assert asked_yes is not None and asked_yes.group(1) == "that's right"
    # Every free cell offered after picks missed, the last miss heard as no word.
    night = Night(phase=Phase.PICK, voice=True, teams=(Team.BATS, Team.GHOSTS), picker=Team.BATS)
    conversation = Conversation()
    conversation.picks.missed(night)
    conversation.picks.missed(night)
    conversation.picks.missed(night)
    unheard = conversation.message(Utterance(""), Listening.BETWEEN_QUESTIONS, night, [], loud=True)
    assert isinstance(unheard, Ask) and said_back(unheard.question) == "A1"
    for then in ("A1", "A2"):  # its reply missed twice running: the next cell offered
        missed = conversation.message(Utterance(""), Listening.BETWEEN_QUESTIONS, night, [], loud=True)
        assert isinstance(missed, Ask) and said_back(missed.question) == then


def test_the_table_reads_the_read_back_and_the_vote() -> None:
    assert read_back("I have Bats: fly; Ghosts: they glide; Owls: pass. Right?") == {
        "Bats": "fly",
        "Ghosts": "they glide",
        "Owls": "pass",
    }
    assert read_back("Bats, pick a category and points, like D3.") is None
    left = STILL_TO_SAY_YES.search("Still to say yes: Ghosts and Owls. Anything else and the night goes on.")
    assert left is not None and left.group(1) == "Ghosts and Owls"


def test_the_table_says_a_plain_yes_for_the_team_the_kiosk_names() -> None:
    host = Played(load_practice().key, voice=True)
    host.say("two")
    host.say("end the night")
    asked = Votes().take(Utterance("ghosts"), host.host.night)
    assert isinstance(asked, Ask)
    named = PLAIN_YES.search(asked.question)
    assert named is not None and named.group(1) == "Ghosts"
    left = STILL_TO_SAY_YES.search(asked.question)
    assert left is not None and left.group(1) == "Bats and Ghosts"
    doubted = Votes().take(
        Utterance("ghosts yes", alternatives=("bats yes",), scores=(70.0, 69.5)), host.host.night
    )
    assert isinstance(doubted, Ask)
    which = WHICH_YES.search(doubted.question)
    assert which is not None and which.groups() == ("Ghosts", "Bats")


def test_the_table_spells_plainly_or_with_a_word_for_each_letter_and_years_by_digit() -> None:
    assert spelled("turnip") == "T, U, R, N, I, P."
    assert spelled("turnip", with_words=True) == "Tango, uniform, romeo, november, india, papa."
    assert spelled("turnip", with_words=True, slowly=True) == "Tango. Uniform. Romeo. November. India. Papa."
    assert spelled("1890") == "one, eight, nine, zero."


def test_the_record_flags_another_teams_words_not_a_teams_own_nor_its_scripted_fix() -> None:
    bats, ghosts = Team.BATS, Team.GHOSTS
    question = Question(
        "D5", "", (Written(bats, "barn owl"), Written(ghosts, "nevermore")), Cheat(ghosts, "barn", bats)
    )
    record = QuestionRecord("D5", ())
    record.note_wrong_team(question, {"Bats": "barn owl", "Ghosts": "them more barn"})
    assert not record.wrong_team  # "more" is part of what Ghosts wrote; "barn" the fix it tried
    record.note_wrong_team(question, {"Bats": "nevermore", "Ghosts": "bats"})
    assert record.wrong_team == {("Ghosts", "Bats"), ("Bats", "Ghosts")}  # an answer, and a team's name
    raven = Question("C3", "", (Written(bats, "nevermore"), Written(Team.TOADS, "never more")))
    misspelled = QuestionRecord("C3", ())
    misspelled.note_wrong_team(raven, {"Bats": "me nvere him", "Toads": "never more"})
    assert not misspelled.wrong_team  # a fix of Bats' own word heard wrong, not Toads' "never"
    misspelled.note_wrong_team(raven, {"Bats": "me never him", "Toads": "bats"})
    assert misspelled.wrong_team == {("Bats", "Toads")}  # a team's name is never part of an answer
    joined = QuestionRecord("C3", ())
    joined.note_wrong_team(raven, {"Bats": "nevermore", "Toads": "nenermore at war"})
    assert not joined.wrong_team  # Toads' two words spelled as one, as the kiosk allows


def test_the_table_answers_the_team_count_said_back_or_offered() -> None:
    night = Played(load_practice().key, voice=True).host.night
    asked = Counts().take(Utterance("two teams"), night, loud=True)
    assert isinstance(asked, Ask)
    found = COUNT_BACK.search(asked.question)
    assert found is not None and found.group(1).lower() == "two teams" and found.group(2) == '"that\'s right"'
    doubted = Counts()
    doubted.take(Utterance("two teams"), night, loud=True)
    asked = doubted.take(Utterance("yes"), night, loud=True)  # a plain yes asked about, the count kept
    assert isinstance(asked, Ask)
    found = COUNT_BACK.search(asked.question)
    assert found is not None and found.group(1) == "Two teams"
    counts = Counts()
    missed = [counts.take(Utterance("the mumble"), night, loud=True) for _ in range(2)]
    assert isinstance(missed[-1], Ask)
    offered = COUNT_BACK.search(missed[-1].question)  # offered one at a time: the sure yes asked for
    assert offered is not None and offered.group(1) == "Two teams" and offered.group(2) == '"that\'s right"'
    counts = Counts()
    counts.take(Utterance("four teams"), night, loud=True)
    kept = counts.take(
        Utterance("owls"), night, loud=True
    )  # its yes heard as a name: the count is asked again
    assert isinstance(kept, Ask)
    again = COUNT_BACK.search(kept.question)
    assert again is not None and again.group(1) == "Four teams" and again.group(2) == '"that\'s right"'


class RepliesInTurn:
    """The kiosk process as the adult's talk sees it: one scripted reply for each line said."""

    def __init__(self, *replies: str | None) -> None:
        self.replies = list(replies)
        self.pending: list[str | None] = []
        self.ended = False
        self.heard: list[str] = []

    def note(self, line: str) -> None:
        self.heard.append(line)
        self.pending = [self.replies.pop(0)] if self.replies else []

    def block(self, seconds: float) -> str | None:
        return self.pending.pop() if self.pending else None

    def now(self) -> float:
        return 0.0

    def wait(self, seconds: float) -> None:
        pass


SILENT = np.zeros(1, dtype=np.int16)


def _talk(kiosk: RepliesInTurn, question: Question) -> Talk:
    record = NightRecord("candle-end", "v", "f", "clean", False, 2, [])
    talk = Talk(
        kiosk=kiosk,  # type: ignore[arg-type]
        say_out=lambda line: SILENT,
        play=lambda samples: None,
        record=record,
        reaction_seconds=0.0,
    )
    talk.question_now = question
    return talk


def _adult(kiosk: RepliesInTurn, script: NightScript) -> Adult:
    record = NightRecord(script.name, "v", "f", "babble-10", False, len(script.teams), [])
    return Adult(
        kiosk=kiosk,  # type: ignore[arg-type]
        say_out=lambda line: SILENT,
        play=lambda samples: None,
        record=record,
        script=script,
        key=load_practice().key,
        reaction_seconds=0.0,
    )


ASKING = 'Is that right? Say "that\'s right", or say "no, no".'
"""The kiosk's question about one team's answer, in a loud room (kiosk.voice.dialogue.team_by_team)."""


def _loud_read_back(kiosk: RepliesInTurn, question: Question, heard: str) -> Adult:
    """The adult of a two-team night in a loud room, the read-back `heard` ("Bats: fry; Ghosts: fly") just
    said with the offer to ask about each team."""
    adult = _adult(kiosk, NightScript("2-teams", (Team.BATS, Team.GHOSTS), (question,)))
    adult._read(f"I have {heard}. Right?\n{LOUD_CHECKING}")
    return adult


def _checked(kiosk: RepliesInTurn, question: Question, heard: str) -> tuple[Adult, QuestionRecord]:
    """The loud read-back `heard` checked to its ruling by the adult, with its record of the question."""
    adult = _loud_read_back(kiosk, question, heard)
    record = QuestionRecord(question.cell, ())
    adult.check_read_back(question, record)
    return adult, record


LAST_CELL = Question(
    "E5", "The Treat Bag five", (Written(Team.BATS, "illinois"), Written(Team.GHOSTS, "illinois"))
)


def test_the_table_says_yes_only_to_the_team_it_spelled_for_when_teams_are_offered() -> None:
    offered = "Was that {}' spelling? Say \"that's right\", or say no."
    kiosk = RepliesInTurn(
        "Whose spelling was that: Bats or Ghosts?",
        offered.format("Bats"),
        offered.format("Ghosts"),
        "Fixed: Ghosts said zip.",
    )
    talk = _talk(kiosk, LAST_CELL)
    talk.say("Ghosts. Zulu. India. Papa.")
    assert kiosk.heard == ["Ghosts. Zulu. India. Papa.", "Ghosts.", "no", "that's right"]
    # Let go and asked about again, the adult answers every question about its line, as a person does.
    line = "Bats. Zulu. India. Papa."
    kiosk = RepliesInTurn(
        "Whose spelling was that: Bats or Ghosts?",
        offered.format("Ghosts"),
        f"I didn't catch a yes. {offered.format('Ghosts')}",
        "Then say it again, with the team's name first.",
        "Whose spelling was that: Bats or Ghosts?",
        "Fixed: Bats said zip.",
    )
    _talk(kiosk, LAST_CELL).say(line)
    assert kiosk.heard == [line, "Bats.", "no", "no", line, "Bats."]


def test_a_question_about_the_line_answered_already_is_not_answered_again() -> None:
    # The end of the adult's line was taken as the reply to "whose?", and the read-back followed at once.
    answered = "Whose answer was that: Ghosts?\nI have Bats: lot now; Ghosts: the. Right?"
    kiosk = RepliesInTurn(answered)
    assert _talk(kiosk, LAST_CELL).say("Ghosts, snowy owl.") == answered
    assert kiosk.heard == ["Ghosts, snowy owl."]
    # Still the last thing the kiosk said (its ledger aside), it is answered.
    kiosk = RepliesInTurn("Whose answer was that: Ghosts?\n[L] q:1/25 |", "Fixed: Ghosts said zip.")
    _talk(kiosk, LAST_CELL).say("Ghosts, snowy owl.")
    assert kiosk.heard == ["Ghosts, snowy owl.", "Ghosts."]


def test_the_table_answers_a_call_for_the_question_open_only() -> None:
    calling = "Bats, your answer?\n[L] q:24/25 | open:E5 got:— | pick:Bats |"
    kiosk = RepliesInTurn(calling, "Ghosts, your answer?\n[L] q:24/25 | open:E5 got:Bats | pick:Bats |", "ok")
    talk = _talk(kiosk, LAST_CELL)
    talk.say("The Treat Bag five")
    assert kiosk.heard == ["The Treat Bag five", "Bats, illinois.", "Ghosts, illinois."]

    # Asked whose the called team's words were, the table names the team it read for, not its first line's.
    whose = "Whose answer was that: Bats or Ghosts?"
    kiosk = RepliesInTurn("Ghosts, your answer?\n[L] q:24/25 | open:E5 got:Bats | pick:Bats |", whose, "ok")
    _talk(kiosk, LAST_CELL).say("Bats, illinois.")
    assert kiosk.heard == ["Bats, illinois.", "Ghosts, illinois.", "Ghosts."]

    # The yes that rules the last cell brings the Candle-End's reading and its first call in one reply:
    # the call is for the tie question, which the night goes on to answer, not for the cell just ruled.
    ruled_then_tied = (
        "The answer: Illinois.\nBats: right, 5 points.\nGhosts: right, 5 points.\n"
        "Bats and Ghosts, Candle-End question 1: In what year was Dracula first published?\n"
        "[L] q:25/25 | open:TB1 got:— | pick:Bats |\nBats, your answer?"
    )
    kiosk = RepliesInTurn(ruled_then_tied)
    talk = _talk(kiosk, LAST_CELL)
    assert talk.say("that's right") == ruled_then_tied
    assert kiosk.heard == ["that's right"]


@pytest.mark.parametrize(
    "to_repeat",
    [
        "Sorry, I didn't catch that. Say yes, or spell a fix.",  # "repeat" not caught
        "What is eight?",  # "repeat" reads the question again, word for word (the card)
    ],
)
def test_the_table_goes_back_to_the_read_back_when_repeat_brings_no_read_back(to_repeat: str) -> None:
    # Lost after a reply with no read-back in it, the adult says "repeat"; with no read-back in the reply to
    # that either, it spells its fix again from the read-back it heard last, as a person would, rather than
    # say "repeat" for ever.
    question = Question("D2", "wings and webs two", (Written(Team.BATS, "eight"),))
    kiosk = RepliesInTurn(
        "Here, say each team's name and then its answer.",
        to_repeat,
        "Fixed: Bats said eight.\nI have Bats: eight. Right?",
        "The answer: eight.\nBats: right, 2 points.",
    )
    adult = _adult(kiosk, NightScript("2-teams", (Team.BATS,), (question,)))
    adult._read("I have Bats: nine. Right?")
    adult.check_read_back(question, QuestionRecord("D2", ()))
    assert kiosk.heard[1:3] == ["repeat", kiosk.heard[0]]  # the fix spelled again
    assert kiosk.heard[0].startswith("Bats. ") and kiosk.heard[-1] == "yes"


FLY = Question("D1", "wings and webs one", (Written(Team.BATS, "fly"),))
BOTH_FLY = Question("D1", "wings and webs one", (Written(Team.BATS, "fly"), Written(Team.GHOSTS, "fly")))
FRY_READ_BACK = "I have Bats: fry. Right?"


def _spelling_fly(*replies: str | None) -> list[str]:
    """The adult's lines once "fly", read back as "fry" and fixed twice, is offered one letter at a time:
    the kiosk replies `replies`, then takes "fly" and rules it."""
    offer = f"Fixed: Bats said fry.\n{FRY_READ_BACK}\nThat is F, R, Y. If not, {OFFER[8:]}"
    kiosk = RepliesInTurn(
        *[f"Fixed: Bats said fry.\n{FRY_READ_BACK}"] * 2,
        offer,
        *replies,
        "Fixed: Bats said fly.\nI have Bats: fly. Right?",
        "The answer: fly.\nBats: right, 1 point.",
    )
    adult = _adult(kiosk, NightScript("2-teams", (Team.BATS,), (FLY,)))
    adult._read(FRY_READ_BACK)
    adult.check_read_back(FLY, QuestionRecord("D1", ()))
    return kiosk.heard[3:]


def test_the_table_spells_one_letter_at_a_time_when_offered_even_past_its_tries() -> None:
    said = _spelling_fly(
        "Sorry, I didn't catch that. Say yes, or spell a fix.",  # the "no" heard as "not"
        "Sorry, I didn't catch that. Say yes, or spell a fix.",  # and again: said until it is caught
        LetterByLetter(Team.BATS).opening.words,
        "F for foxtrot. Next letter?",
        "R for romeo. Next letter?",  # wrong: "no"
        "Which letter, then?",
        "Sorry, which letter? Say its word, like tango.",
        None,  # heard as no word again: the kiosk waits, and the adult says it again
        "Just one letter, please: which letter?",
        "L for lima. Next letter?",
        "Y for yankee. Next letter?",
    )
    assert said == [
        # the letter said back wrong is said no to as the kiosk's opening asks: "no, no"
        *("no", "no", "no", "Foxtrot.", "Lima.", "No, no.", "Lima.", "Lima.", "Lima.", "Lima.", "Yankee."),
        *("That's right.", "yes"),
    ]


def test_in_a_loud_room_the_table_says_no_and_answers_for_each_team_the_kiosk_asks_about() -> None:
    fry_fixed = (
        f"Bats: fry. {ASKING}",
        LetterByLetter(Team.BATS).opening.words,
        "F for foxtrot. Next letter?",
        "L for lima. Next letter?",
        "Y for yankee. Next letter?",
        f"Fixed: Bats said fly.\nI have Bats: fly; Ghosts: fly. Right?\nGhosts: fly. {ASKING}",
        "The answer: fly.\nBats: right, 1 point.\nGhosts: right, 1 point.",
    )
    kiosk = RepliesInTurn(*fry_fixed)
    adult, record = _checked(kiosk, BOTH_FLY, "Bats: fry; Ghosts: fly")
    # the read-back's no as it asks, the team's answer refused as its question asks
    assert kiosk.heard == ["no", "no, no", "Foxtrot.", "Lima.", "Yankee.", "That's right.", "that's right"]
    assert record.corrections == 1 and record.spellings == [1]
    assert adult.record.closed_set == [("no", True), ("answer yes", True)]
    # In babble the reader's "no" was heard as "yeah"; asked "Was that a yes?", the adult said "repeat",
    # lost. It says its no again.
    kiosk = RepliesInTurn(NOT_SURE_OF_YES_LOUD, *fry_fixed)
    _checked(kiosk, BOTH_FLY, "Bats: fry; Ghosts: fly")
    assert kiosk.heard[:3] == ["no", "no", "no, no"]


def test_in_a_loud_candle_end_the_table_says_no_and_gives_a_wrong_year_one_digit_at_a_time() -> None:
    years = Question(
        "TB1", "", (Written(Team.BATS, "eighteen ninety"), Written(Team.GHOSTS, "nineteen hundred"))
    )
    kiosk = RepliesInTurn(
        f"Bats: no year. {ASKING}",
        LetterByLetter(Team.BATS, unit=Unit.DIGIT).opening.words,
        "1. Next digit?",
        "8. Next digit?",
        "5. Next digit?",
        "Which digit, then?",
        "9. Next digit?",
        f"Fixed: Bats said 1890.\nI have Bats: 1890; Ghosts: 1900. Right?\nBats: 1890. {ASKING}",
        f"Ghosts: 1900. {ASKING}",
        "The answer: 1897.\nBats: 1890, 7 years off.\nGhosts: 1900, 3 years off.",
    )
    _, record = _checked(kiosk, years, "Bats: no year; Ghosts: 1900")
    assert kiosk.heard == [
        *("no", "no, no", "One.", "Eight.", "Nine.", "No, no.", "Nine.", "Zero."),
        *("that's right", "that's right"),
    ]
    assert record.corrections == 1 and record.spellings == [1]


def test_the_table_answers_each_team_asked_about_once_its_yes_to_the_read_back_is_missed() -> None:
    kiosk = RepliesInTurn(
        "Sorry, I didn't catch that. Say yes, or spell a fix.",
        f"Sorry, I still didn't catch that. Let's take each team's answer in turn. Bats: fly. {ASKING}",
        f"Ghosts: fly. {ASKING}",
        "The answer: fly.\nBats: right, 1 point.\nGhosts: right, 1 point.",
    )
    adult, _ = _checked(kiosk, BOTH_FLY, "Bats: fly; Ghosts: fly")
    assert kiosk.heard == ["that's right", "that's right", "that's right", "that's right"]
    assert adult.record.closed_set == [("yes", False), ("answer yes", True), ("answer yes", True)]


def test_the_table_leaves_a_right_answer_taken_as_a_no_by_saying_it_is_right() -> None:
    kiosk = RepliesInTurn(f"{KIOSK_TAKEN_AS_NO} {LetterByLetter(Team.BATS).opening.words}", LEFT)
    adult = _adult(kiosk, NightScript("2-teams", (Team.BATS, Team.GHOSTS), (BOTH_FLY,)))
    adult._read('Bats: fly. Is that right? Say "that\'s right", or say "no, no".')
    assert not adult.check_team(BOTH_FLY, QuestionRecord("D1", ()), {"Bats": "fly", "Ghosts": "fly"}, {})
    assert kiosk.heard == ["that's right", "That's right."]  # nothing to spell: the word is right


def test_the_table_takes_a_word_offered_as_it_stands_only_when_it_would_do() -> None:
    # "F, L" for "fly": a key word of three letters has no slip to spare, so the adult says no.
    stalled = _words(
        LetterByLetter(Team.BATS, ("f", "l"), stalls=TUNING.confirming.letter_stalls - 1).take("")[2]
    )
    said = _spelling_fly(
        LetterByLetter(Team.BATS).opening.words,
        "F for foxtrot. Next letter?",
        "L for lima. Next letter?",
        stalled,
        LEFT,
    )
    assert said[:5] == ["no", "Foxtrot.", "Lima.", "Yankee.", "No, no."]
    # A right start with no more letters missing than Rule 8 lets the word slip would do; "N, E, V" for
    # "nevermore" was taken and sent, and the fix was wrong.
    assert would_do("nevermor", "nevermore") and would_do("turni", "turnip")
    assert not would_do("nev", "nevermore") and not would_do("turnp", "turnip")


def test_the_table_spells_one_letter_at_a_time_when_its_no_is_caught_late() -> None:
    said = _spelling_fly(
        *["Sorry, I didn't catch that. Say yes, or spell a fix."] * 5,  # past its tries at the "no": it goes
        LetterByLetter(Team.BATS).opening.words,  # back to its read-back, saying it there
        "F for foxtrot. Next letter?",
        "L for lima. Next letter?",
        "Y for yankee. Next letter?",
    )
    assert said == [*["no"] * 6, "Foxtrot.", "Lima.", "Yankee.", "That's right.", "yes"]


def test_the_table_takes_up_the_offer_only_for_the_word_it_would_spell_again() -> None:
    # "barn" read back right with the offer: the reader moves on to "owl", spelled as before.
    question = Question("D5", "wings and webs five", (Written(Team.BATS, "barn owl"),))
    kiosk = RepliesInTurn(
        "Fixed: Bats said bat.\nI have Bats: bat owl. Right?",
        f"Fixed: Bats said barn.\nI have Bats: barn now. Right?\nThat is B, A, R, N. If not, {OFFER[8:]}",
        "Fixed: Bats said owl.\nI have Bats: barn owl. Right?",
        "The answer: barn owl.\nBats: right, 5 points.",
    )
    adult = _adult(kiosk, NightScript("2-teams", (Team.BATS,), (question,)))
    adult._read("I have Bats: glad owl. Right?")
    adult.check_read_back(question, QuestionRecord("D5", ()))
    assert kiosk.heard == ["Bats. B, A, R, N.", "Bats. B, A, R, N.", "Bats. O, W, L.", "yes"]


def test_the_table_spells_two_words_as_one_once_told_where_no_one_word_would_do() -> None:
    key = load_practice().key
    assert fix_word("barn right now", "barn owl", "D5", key) == "owl"  # the first word not heard
    assert fix_word("barn right now", "barn owl", "D5", key, joined=True) == "barnowl"
    assert fix_word("all same day", "all saints day", "A1", key, joined=True) == "saints"  # one word will do


def test_the_table_disputes_a_fix_it_never_wrote_only_once_the_kiosk_takes_it() -> None:
    # Ghosts' made-up fix not caught: a dispute then would undo the last fix taken, Bats' own.
    answers = (Written(Team.BATS, "fly"), Written(Team.GHOSTS, "glide"))
    question = Question("D1", "wings and webs one", answers, Cheat(Team.GHOSTS, "fly", Team.BATS))
    read_back_line = "I have Bats: fly; Ghosts: glide. Right?"
    kiosk = RepliesInTurn(
        "Sorry, I didn't catch that. Say yes, or spell a fix.",
        read_back_line,
        "The answer: fly.\nBats: right, 1 point.\nGhosts: wrong, 0 points.",
    )
    adult = _adult(kiosk, NightScript("2-teams", (Team.BATS, Team.GHOSTS), (question,)))
    adult._read(read_back_line)
    adult.check_read_back(question, QuestionRecord("D1", ()))
    assert kiosk.heard == ["Ghosts. F, L, Y.", "Ghosts. F, L, Y.", "yes"]
    # Taken, it is disputed.
    kiosk = RepliesInTurn(
        "Fixed: Ghosts said fly.\nI have Bats: fly; Ghosts: fly. Right?",
        "Fix undone for Ghosts.\nI have Bats: fly; Ghosts: glide. Right?",
        "The answer: fly.\nBats: right, 1 point.\nGhosts: wrong, 0 points.",
    )
    adult = _adult(kiosk, NightScript("2-teams", (Team.BATS, Team.GHOSTS), (question,)))
    adult._read(read_back_line)
    adult.check_read_back(question, QuestionRecord("D1", ()))
    assert kiosk.heard == ["Ghosts. F, L, Y.", "Bats, that was not what was said.", "yes"]


def test_the_table_answers_each_count_offered_or_said_back_in_turn() -> None:
    # Offered two teams, the adult of four says its count; said back, it says the yes asked for.
    ledger = "[L] q:0/25 | open:— got:— | pick:Bats | A:1.2.3.4.5 | Bats 0 Ghosts 0 Owls 0 Toads 0 | v1.0.0"
    kiosk = RepliesInTurn(
        "Playing solo, or as two, three or four teams?",
        """Let's take it one at a time. Two teams? Say "that's right", or say no.""",
        'Four teams? Say "that\'s right", or say no.',
        f"You are Bats, Ghosts, Owls and Toads.\n{ledger}",
    )
    teams = (Team.BATS, Team.GHOSTS, Team.OWLS, Team.TOADS)
    adult = _adult(kiosk, NightScript("4-teams", teams, (), team_count="four teams"))
    adult.team_count()
    assert kiosk.heard == ["four teams", "four teams", "four teams", "that's right"]


def test_the_table_says_yes_to_its_pick_said_back_after_the_last_try() -> None:
    # Misheard five times, the pick is said back right at the sixth: the kiosk has it, and the adult says
    # the yes it asks for rather than give the night up.
    not_heard = "Bats, pick a category and points, like D3."
    kiosk = RepliesInTurn(
        *[not_heard] * 5,
        'The Treat Bag 4? Say "that\'s right", or say no.',
        "The Treat Bag, 4 points: Which fruit?\n[L] q:23/25 | open:E4 got:— | pick:Bats |",
    )
    question = Question("E4", "E four", (Written(Team.BATS, "fruit"),))
    adult = _adult(kiosk, NightScript("candle-end", (Team.BATS,), (question,)))
    adult.pick(question)
    assert len(kiosk.heard) == 7 and kiosk.heard[-1] == "that's right"
    assert adult.ledger is not None and adult.ledger.open == "E4"
    # Its yes not caught, the pick said back again: the yes asked for, a few times over.
    again = "I didn't catch a yes. The Treat Bag 4? Say \"that's right\", or say no."
    kiosk = RepliesInTurn(
        *[not_heard] * 5,
        'The Treat Bag 4? Say "that\'s right", or say no.',
        again,
        again,
        "The Treat Bag, 4 points: Which fruit?\n[L] q:23/25 | open:E4 got:— | pick:Bats |",
    )
    adult = _adult(kiosk, NightScript("candle-end", (Team.BATS,), (question,)))
    adult.pick(question)
    assert kiosk.heard[-3:] == ["that's right"] * 3
    assert adult.ledger is not None and adult.ledger.open == "E4"


def test_the_table_says_no_to_each_new_cell_offered_past_its_tries() -> None:
    # "E three" heard as "three": the cells at 3 points offered from Old Customs on. Each new one offered is
    # the kiosk going on, not the pick missed again.
    offer = 'Say "that\'s right", or say no.'
    kiosk = RepliesInTurn(
        *["Sorry, I didn't catch that. Please say it again."] * 2,
        f"Let's take it one at a time. Old Customs 3? {offer}",
        *(f"{title} 3? {offer}" for title in ("Far and Wide", "The Haunted Shelf", "Wings & Webs")),
        f"I didn't catch a yes. Wings & Webs 3? {offer}",
        f"The Treat Bag 3? {offer}",
        "The Treat Bag, 3 points: Which vegetable?\n[L] q:1/25 | open:E3 got:— | pick:Bats |",
    )
    question = Question("E3", "E three", (Written(Team.BATS, "potato"),))
    adult = _adult(kiosk, NightScript("4-teams", (Team.BATS,), (question,)))
    adult.pick(question)
    assert kiosk.heard[2:] == ["E three", *["no"] * 5, "that's right"]
    assert adult.ledger is not None and adult.ledger.open == "E3"
    assert adult.record.closed_set == [("pick", False), ("pick yes", True)]


def test_the_table_tries_once_the_yes_asked_for_after_its_last_try() -> None:
    # "That's right" heard as "not right" four times; at the fourth the kiosk asks for a plain "yes".
    read_back_line = "I have Bats: fruit. Right?"
    kiosk = RepliesInTurn(
        *[f"Fix a word by spelling it.\n{read_back_line}"] * 3,
        f'I heard no. If every answer is right, say "yes". {HOW_TO_SPELL}',
        "The answer: fruit.\nBats: right, 4 points.",
    )
    talk = _talk(kiosk, LAST_CELL)
    talk._read(f"{read_back_line}\nIt's loud in here. If every answer is right, say \"that's right\".")
    talk.closed("yes", lambda reply: "The answer" in reply, "yes", said=talk.as_asked)
    assert kiosk.heard == ["that's right"] * 4 + ["yes"]


def test_a_cell_read_by_mistake_is_passed_and_confirmed_as_the_kiosk_asks() -> None:
    # A loud room asks about a plain yes; the adult went on to its next line ("end the night") into the
    # read-back, where the night had to finish the question first.
    passed = Question("D4", "", (Written(Team.BATS, "pass"), Written(Team.GHOSTS, "pass")))
    kiosk = RepliesInTurn(
        NOT_SURE_OF_YES, "The answer: pellets.\nBats: wrong, 0 points.\nGhosts: wrong, 0 points."
    )
    adult = _loud_read_back(kiosk, passed, "Bats: job; Ghosts: life goes embark")
    adult.all_pass()
    assert kiosk.heard == ["that's right", "that's right"]
    # Its yes missed, the kiosk asks about each team in turn: each passed answer is said right, however heard
    # (with four tries at a read-back's yes, the adult had given the night up).
    kiosk = RepliesInTurn(
        "Sorry, I didn't catch that. Say yes, or spell a fix.",
        f"Sorry, I still didn't catch that. Let's take each team's answer in turn. Bats: job. {ASKING}",
        f"Sorry, I didn't catch that. Bats: job. {ASKING}",
        f"Ghosts: life goes embark. {ASKING}",
        "The answer: pellets.\nBats: wrong, 0 points.\nGhosts: wrong, 0 points.",
    )
    adult = _loud_read_back(kiosk, passed, "Bats: job; Ghosts: life goes embark")
    adult.all_pass()
    assert kiosk.heard == ["that's right", "that's right", "That's right.", "That's right.", "That's right."]


def test_a_night_ended_by_the_last_yes_the_table_tries_is_not_stuck() -> None:
    # The vote broken twice (a yes heard as "no", then as "owls"), the night ended at the adult's last
    # try, and the bench called the night stuck: "the night would not end".
    still = "To end the night, every playing team says yes by name. Still to say yes: {}."
    broken = "Ghosts, pick a category and points, like D3."
    kiosk = RepliesInTurn(
        still.format("Bats and Ghosts"),
        *(still.format("Ghosts"), broken, still.format("Bats and Ghosts")) * 2,
        still.format("Ghosts"),
        "RESULT: AIGC|halloween-trivia|board|v1.0.0|end:closed",
    )
    adult = _adult(kiosk, NightScript("2-teams", (Team.BATS, Team.GHOSTS), ()))
    adult.end_night()
    assert "RESULT:" in adult.text
    assert kiosk.heard == [
        "end the night",
        *("Bats, yes.", "Ghosts, yes.", "end the night") * 2,
        "Bats, yes.",
        "Ghosts, yes.",
    ]


def test_answers_taken_at_the_tables_last_try_are_not_stuck() -> None:
    # Over music at 5 dB Ghosts' answer was heard as no word try after try; the last was heard, and the
    # bench called the night stuck before the adult looked at the read-back: "answers never all taken".
    question = Question(
        "A1", "old customs one", (Written(Team.BATS, "samhain"), Written(Team.GHOSTS, "pass"))
    )
    calling_ghosts = "Still to answer: Ghosts.\nGhosts, your answer?"
    kiosk = RepliesInTurn(*[calling_ghosts] * 4, "I have Bats: samhain; Ghosts: pass. Right?")
    adult = _adult(kiosk, NightScript("2-teams", (Team.BATS, Team.GHOSTS), (question,)))
    adult._read("Bats, your answer?")
    adult.answer(question)
    assert read_back(adult.text) == {"Bats": "samhain", "Ghosts": "pass"}
    assert len(kiosk.heard) == 5 and kiosk.heard[1:] == [kiosk.heard[1]] * 4
