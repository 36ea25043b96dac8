"""The simulated table (testbed/table/) reads what the kiosk says from its acts (kiosk/voice/acts.py): the
kiosk's own questions by prompt kind and value, the host's replies by their said parts. Each reading must
take the prompts the dialogue really chooses, and the adult must react to each act as a reader would, or a
night in the benchmark would stall."""

from __future__ import annotations

import json

import numpy as np
import pytest

from kiosk.engine.board import Board
from kiosk.engine.ledger import Ledger as EngineLedger
from kiosk.engine.ledger import TeamScore
from kiosk.engine.night import Night, Phase
from kiosk.engine.reply import Reply
from kiosk.engine.said import (
    Finale,
    FixTaken,
    QuestionAsked,
    ReadBack,
    Remark,
    Ruling,
    Said,
    TeamSaid,
    lines_of,
)
from kiosk.engine.teams import Team
from kiosk.keys import load_practice
from kiosk.voice.acts import act_of, act_of_reply, read_act
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.conversation import Conversation
from kiosk.voice.dialogue.counting import Counts
from kiosk.voice.dialogue.letter_by_letter import LetterByLetter, Unit
from kiosk.voice.dialogue.picking import Picks
from kiosk.voice.dialogue.prompts import (
    SAVE_AGAIN,
    SAVE_NO,
    SAVE_YES,
    Confirm,
    Fixed,
    HeardNoTwice,
    HowToFix,
    IsThatRight,
    JustOneLetter,
    Lead,
    LeftAsItWas,
    LetterNotCaught,
    LetterSaidBack,
    NotCaught,
    NotCaughtAgain,
    NotSureOfYes,
    PlainYesWillDo,
    Prefaced,
    Prompt,
    SpelledBack,
    WasItTheirs,
    WhichLetterThen,
    WhoseAnswer,
    WhoseYes,
    YearCutShort,
    YourAnswer,
)
from kiosk.voice.dialogue.prompts.forms import SAY_NO
from kiosk.voice.dialogue.voting import Votes
from kiosk.voice.dialogue.whose import Whose
from kiosk.voice.dialogue.yes_or_no import SURE_YES
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING
from testbed.prompt_examples import EXAMPLES
from testbed.table.adult import Adult, carried_on
from testbed.table.fixes import would_do
from testbed.table.kiosk_lines import (
    asks_the_no,
    count_back,
    letter_asked,
    letter_said_back,
    not_caught,
    offered_by_letter,
    offered_one_at_a_time,
    pick_asked_again,
    plain_yes_for,
    read_back_yes_asked,
    said_back,
    spelled,
    still_to_say_yes,
    taken_as_no,
    told_to_spell_with_words,
    whose_yes,
    year_so_far,
)
from testbed.table.kiosk_reply import ActsFollowed, KioskReply
from testbed.table.nights import Cheat, NightScript, Question, Written, fix_word
from testbed.table.records import NightRecord, QuestionRecord
from testbed.table.talk import Talk

from .conftest import Played

BATS, GHOSTS, OWLS, TOADS = Team.BATS, Team.GHOSTS, Team.OWLS, Team.TOADS


def ask(*prompts: Prompt | None) -> KioskReply:
    """The kiosk's own questions, one after another, as the table reads them from the acts channel."""
    acts = tuple(read_act(json.dumps(act_of(prompt))) for prompt in prompts if prompt is not None)
    return KioskReply("\n".join(act.words for act in acts), acts)


def ledger(
    q: int = 1, open_cell: str | None = None, got: tuple[str, ...] = (), teams: int = 2
) -> EngineLedger:
    scores = tuple(TeamScore(team.value, 0) for team in (BATS, GHOSTS, OWLS, TOADS)[:teams])
    rows = {letter: "1.2.3.4.5" for letter in "ABCDE"}
    return EngineLedger(q, open_cell, got, "Bats", rows, scores)


def host(*said: Said | str, shows: EngineLedger | None = None) -> KioskReply:
    """The host's reply (words for its remarks), with a ledger only where `shows` gives one, as the table
    reads it from the acts channel."""
    parts = tuple(Remark.of(part) if isinstance(part, str) else part for part in said)
    reply = Reply(parts, shows or ledger())
    written = act_of_reply(reply)
    if shows is None:  # a reply whose ledger the test leaves out: the table's ledger stays as it was
        written.update(ledger=None, words=reply.shown)
    act = read_act(json.dumps(written))
    return KioskReply(act.words, (act,))


def of(reply: Reply) -> KioskReply:
    """A real host's reply as the table reads it from the acts channel."""
    act = read_act(json.dumps(act_of_reply(reply)))
    return KioskReply(act.words, (act,))


def both(*replies: KioskReply) -> KioskReply:
    """Replies the kiosk gave one right after another, read as one."""
    joined = replies[0]
    for more in replies[1:]:
        joined = joined.then(more)
    return joined


def heard_back(heard: str) -> ReadBack:
    """The host's read-back of "Bats: fry; Ghosts: fly"."""
    return ReadBack(tuple(TeamSaid(*part.split(": ", 1)) for part in heard.split("; ")))


def ruled(*lines: str) -> Ruling:
    return Ruling(lines_of(*lines))


def test_the_table_reads_the_kiosks_questions_from_the_prompts_the_dialogue_chooses() -> None:
    whose = ask(Whose("zip", (BATS, GHOSTS, OWLS)).prompt).asked_last(WhoseAnswer)
    assert whose is not None and whose.teams == (BATS, GHOSTS, OWLS)
    for again in (False, True):
        offer = ask(Whose("zip", (BATS,), offered=BATS, again=again).prompt).asked_last(WasItTheirs)
        assert offer is not None and offer.team is BATS
    assert told_to_spell_with_words(HowToFix()) and offered_by_letter(ask(SpelledBack("zip", offer=True)))
    spelling = LetterByLetter(BATS)
    assert letter_asked(ask(spelling.opening))
    assert taken_as_no(ask(Prefaced(Lead.TAKEN_AS_NO, spelling.opening)))
    taking, _, said = spelling.take("tango")
    assert letter_said_back(ask(said), year=False) == "t"
    assert taking is not None
    assert all(letter_asked(ask(taking.take(heard)[2])) for heard in ("no", "zip", "tango oscar"))
    year = LetterByLetter(BATS, ("1", "8"), unit=Unit.DIGIT)
    assert letter_said_back(ask(year.take("nine")[2]), year=True) == "9"
    assert year_so_far(ask(year.take("that's right")[2])) == ["1", "8"]
    assert letter_asked(ask(year.take("no")[2])) and letter_asked(ask(year.opening))
    refused, _, _ = taking.take("no")
    assert refused is not None and letter_asked(ask(refused.take("tango")[2]))  # said no to, heard again
    cut_short = YearCutShort("one, eight, zero", BATS)
    for missed in (NotCaught(), NotCaught(loud=True), NotCaughtAgain(), Fixed.PART_CAUGHT, cut_short):
        assert not_caught(ask(missed))
    for asking in (NotCaughtAgain(), HowToFix(loud=True)):
        assert read_back_yes_asked(asking) == SURE_YES
    assert read_back_yes_asked(HeardNoTwice()) == "yes"
    call = both(host("Still to answer: Ghosts."), ask(YourAnswer(GHOSTS))).asked_bare(YourAnswer)
    assert call is not None and call.team is GHOSTS
    assert ask(Prefaced(Lead.SORRY, YourAnswer(GHOSTS))).asked_bare(YourAnswer) is None  # a line not caught
    picks = Picks()
    for asked in ("dee three", "owls"):  # said back, then asked again when "yes" was heard as "owls"
        question = picks.take(Utterance(asked), Board())
        assert isinstance(question, Ask) and said_back(ask(question.prompt)) == "D3"
    # A category's cells offered one at a time, after the cell said no to was heard again.
    heard = Utterance("far and wide one")
    picks.take(heard, Board(), loud=True)
    offer = picks.take(heard, Board(), loud=True)
    assert isinstance(offer, Ask) and said_back(ask(offer.prompt)) == "B2"
    assert offered_one_at_a_time(ask(offer.prompt))  # the adult goes through the offers, a no to each no try
    said_no = Picks()
    said_no.take(Utterance("dee three"), Board())
    which = said_no.take(Utterance("no"), Board())
    assert isinstance(which, Ask) and pick_asked_again(ask(which.prompt))  # the adult then names its pick
    # A plain yes to a cell said back in a loud room is asked about: the same cell.
    loud_picks = Picks()
    loud_picks.take(Utterance("old customs two"), Board(), loud=True)
    doubted = loud_picks.take(Utterance("yes"), Board(), loud=True)
    assert isinstance(doubted, Ask) and said_back(ask(doubted.prompt)) == "A2"
    # Every free cell offered after picks missed, the last miss heard as no word.
    night = Night(phase=Phase.PICK, voice=True, teams=(BATS, GHOSTS), picker=BATS)
    conversation = Conversation()
    conversation.picks.missed(night)
    conversation.picks.missed(night)
    conversation.picks.missed(night)
    unheard = conversation.message(Utterance(""), Listening.BETWEEN_QUESTIONS, night, [], loud=True)
    assert isinstance(unheard, Ask) and said_back(ask(unheard.prompt)) == "A1"
    for then in ("A1", "A2"):  # its reply missed twice running: the next cell offered
        missed = conversation.message(Utterance(""), Listening.BETWEEN_QUESTIONS, night, [], loud=True)
        assert isinstance(missed, Ask) and said_back(ask(missed.prompt)) == then


def test_the_table_reads_the_read_back_and_the_vote_from_the_hosts_replies() -> None:
    read = host(heard_back("Bats: fly; Ghosts: they glide; Owls: pass")).read_back()
    assert read == {"Bats": "fly", "Ghosts": "they glide", "Owls": "pass"}
    assert host("Bats, pick a category and points, like D3.").read_back() is None
    played = Played(load_practice().key, voice=True)
    played.say("two")
    vote = of(played.say("end the night"))
    assert still_to_say_yes(vote) == ["Bats", "Ghosts"] and vote.ledger is not None
    assert still_to_say_yes(of(played.say("Bats, yes."))) == ["Ghosts"]


def test_the_table_says_a_plain_yes_for_the_team_the_kiosk_names() -> None:
    host_ = Played(load_practice().key, voice=True)
    host_.say("two")
    host_.say("end the night")
    asked = Votes().take(Utterance("ghosts"), host_.host.night)
    assert isinstance(asked, Ask)
    assert plain_yes_for(ask(asked.prompt)) == "Ghosts"
    assert still_to_say_yes(ask(asked.prompt)) == ["Bats", "Ghosts"]
    doubted = Votes().take(
        Utterance("ghosts yes", alternatives=("bats yes",), scores=(70.0, 69.5)), host_.host.night
    )
    assert isinstance(doubted, Ask)
    assert whose_yes(ask(doubted.prompt)) == ("Ghosts", "Bats")


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
    assert isinstance(asked, Ask) and count_back(ask(asked.prompt)) == "Two teams"
    doubted = Counts()
    doubted.take(Utterance("two teams"), night, loud=True)
    asked = doubted.take(Utterance("yes"), night, loud=True)  # a plain yes asked about, the count kept
    assert isinstance(asked, Ask) and count_back(ask(asked.prompt)) == "Two teams"
    counts = Counts()
    missed = [counts.take(Utterance("the mumble"), night, loud=True) for _ in range(2)]
    assert isinstance(missed[-1], Ask) and count_back(ask(missed[-1].prompt)) == "Two teams"  # offered
    counts = Counts()
    counts.take(Utterance("four teams"), night, loud=True)
    kept = counts.take(Utterance("owls"), night, loud=True)  # its yes heard as a name: the count asked again
    assert isinstance(kept, Ask) and count_back(ask(kept.prompt)) == "Four teams"
    assert count_back(ask(Confirm("Wings & Webs 3"))) is None and said_back(ask(Confirm("Two teams"))) is None


def test_acts_are_matched_to_the_lines_the_kiosk_printed_them_in() -> None:
    followed = ActsFollowed()
    reply = Reply((FixTaken("Bats", "fly"), heard_back("Bats: fly")), ledger())
    for act in (act_of_reply(reply), act_of(IsThatRight(BATS, "fly")), act_of(YourAnswer(GHOSTS))):
        followed.add(json.dumps(act))
    first = followed.reply(reply.text.splitlines())  # the reply alone: the question after it comes next
    assert first.fixed() == FixTaken("Bats", "fly") and first.prompts == ()
    assert first.ledger is not None and first.ledger.open == "—" and first.ledger.scored == ("Bats", "Ghosts")
    # A question whose words never reached the table is let go, not waited on for ever.
    assert followed.reply(["INFO kiosk.voice: (hearing) no", YourAnswer(GHOSTS).words]).prompts == (
        YourAnswer(GHOSTS),
    )
    assert not followed.waiting


class RepliesInTurn:
    """The kiosk as the adult's talk sees it: one scripted reply for each line said."""

    def __init__(self, *replies: KioskReply | None) -> None:
        self.replies = list(replies)
        self.pending: list[KioskReply | None] = []
        self.ended = False
        self.heard: list[str] = []

    def note(self, line: str) -> None:
        self.heard.append(line)
        self.pending = [self.replies.pop(0)] if self.replies else []

    def block(self, seconds: float) -> KioskReply | None:
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


def _loud_read_back(kiosk: RepliesInTurn, question: Question, heard: str) -> Adult:
    """The adult of a two-team night in a loud room, the read-back `heard` ("Bats: fry; Ghosts: fly") just
    said with the offer to ask about each team."""
    adult = _adult(kiosk, NightScript("2-teams", (BATS, GHOSTS), (question,)))
    adult._read(both(host(heard_back(heard)), ask(HowToFix(loud=True))))
    return adult


def _checked(kiosk: RepliesInTurn, question: Question, heard: str) -> tuple[Adult, QuestionRecord]:
    """The loud read-back `heard` checked to its ruling by the adult, with its record of the question."""
    adult = _loud_read_back(kiosk, question, heard)
    record = QuestionRecord(question.cell, ())
    adult.check_read_back(question, record)
    return adult, record


LAST_CELL = Question("E5", "The Treat Bag five", (Written(BATS, "illinois"), Written(GHOSTS, "illinois")))
WHOSE_SPELLING = WhoseAnswer((BATS, GHOSTS), spelling=True)


def test_the_table_says_yes_only_to_the_team_it_spelled_for_when_teams_are_offered() -> None:
    kiosk = RepliesInTurn(
        ask(WHOSE_SPELLING),
        ask(WasItTheirs(BATS, spelling=True)),
        ask(WasItTheirs(GHOSTS, spelling=True)),
        host(FixTaken("Ghosts", "zip")),
    )
    talk = _talk(kiosk, LAST_CELL)
    talk.say("Ghosts. Zulu. India. Papa.")
    assert kiosk.heard == ["Ghosts. Zulu. India. Papa.", "Ghosts.", "no, no", "that's right"]
    # Let go and asked about again, the adult answers every question about its line, as a person does.
    line = "Bats. Zulu. India. Papa."
    kiosk = RepliesInTurn(
        ask(WHOSE_SPELLING),
        ask(WasItTheirs(GHOSTS, spelling=True)),
        ask(WasItTheirs(GHOSTS, spelling=True, again=True)),
        ask(Fixed.NAME_FIRST),
        ask(WHOSE_SPELLING),
        host(FixTaken("Bats", "zip")),
    )
    _talk(kiosk, LAST_CELL).say(line)
    assert kiosk.heard == [line, "Bats.", "no, no", "no, no", line, "Bats."]


def test_a_question_about_the_line_answered_already_is_not_answered_again() -> None:
    # The end of the adult's line was taken as the reply to "whose?", and the read-back followed at once.
    answered = both(ask(WhoseAnswer((GHOSTS,))), host(heard_back("Bats: lot now; Ghosts: the")))
    kiosk = RepliesInTurn(answered)
    assert _talk(kiosk, LAST_CELL).say("Ghosts, snowy owl.") == answered
    assert kiosk.heard == ["Ghosts, snowy owl."]
    # Still the last thing the kiosk said (a ledger alone aside), it is answered.
    kiosk = RepliesInTurn(
        both(ask(WhoseAnswer((GHOSTS,))), host(shows=ledger())), host(FixTaken("Ghosts", "zip"))
    )
    _talk(kiosk, LAST_CELL).say("Ghosts, snowy owl.")
    assert kiosk.heard == ["Ghosts, snowy owl.", "Ghosts."]


def test_the_table_answers_a_call_for_the_question_open_only() -> None:
    calling = both(ask(YourAnswer(BATS)), host(shows=ledger(24, "E5")))
    ghosts_next = both(ask(YourAnswer(GHOSTS)), host(shows=ledger(24, "E5", ("Bats",))))
    kiosk = RepliesInTurn(calling, ghosts_next, host("ok"))
    talk = _talk(kiosk, LAST_CELL)
    talk.say("The Treat Bag five")
    assert kiosk.heard == ["The Treat Bag five", "Bats, illinois.", "Ghosts, illinois."]

    # Asked whose the called team's words were, the table names the team it read for, not its first line's.
    kiosk = RepliesInTurn(ghosts_next, ask(WhoseAnswer((BATS, GHOSTS))), host("ok"))
    _talk(kiosk, LAST_CELL).say("Bats, illinois.")
    assert kiosk.heard == ["Bats, illinois.", "Ghosts, illinois.", "Ghosts."]

    # The yes that rules the last cell brings the Candle-End's reading and its first call in one reply:
    # the call is for the tie question, which the night goes on to answer, not for the cell just ruled.
    tied = QuestionAsked(
        "TB1", "Bats and Ghosts, Candle-End question 1", "In what year was Dracula published?"
    )
    ruling = ruled("The answer: Illinois.", "Bats: right, 5 points.", "Ghosts: right, 5 points.")
    ruled_then_tied = both(host(ruling, tied, shows=ledger(25, "TB1")), ask(YourAnswer(BATS)))
    kiosk = RepliesInTurn(ruled_then_tied)
    talk = _talk(kiosk, LAST_CELL)
    assert talk.say("that's right") == ruled_then_tied
    assert kiosk.heard == ["that's right"]


@pytest.mark.parametrize(
    "to_repeat",
    [
        ask(NotCaught()),  # "repeat" not caught
        host("What is eight?"),  # "repeat" reads the question again, word for word (the card)
    ],
)
def test_the_table_goes_back_to_the_read_back_when_repeat_brings_no_read_back(to_repeat: KioskReply) -> None:
    # Lost after a reply with no read-back in it, the adult says "repeat"; with no read-back in the reply to
    # that either, it spells its fix again from the read-back it heard last, as a person would, rather than
    # say "repeat" for ever.
    question = Question("D2", "wings and webs two", (Written(BATS, "eight"),))
    kiosk = RepliesInTurn(
        host("Here, say each team's name and then its answer."),
        to_repeat,
        host(FixTaken("Bats", "eight"), heard_back("Bats: eight")),
        host(ruled("The answer: eight.", "Bats: right, 2 points.")),
    )
    adult = _adult(kiosk, NightScript("2-teams", (BATS,), (question,)))
    adult._read(host(heard_back("Bats: nine")))
    adult.check_read_back(question, QuestionRecord("D2", ()))
    assert kiosk.heard[1:3] == ["repeat", kiosk.heard[0]]  # the fix spelled again
    assert kiosk.heard[0].startswith("Bats. ") and kiosk.heard[-1] == "yes"


FLY = Question("D1", "wings and webs one", (Written(BATS, "fly"),))
BOTH_FLY = Question("D1", "wings and webs one", (Written(BATS, "fly"), Written(GHOSTS, "fly")))
FRY_FIXED = host(FixTaken("Bats", "fry"), heard_back("Bats: fry"))
FLY_RULED = host(ruled("The answer: fly.", "Bats: right, 1 point."))
BOTH_RULED = host(ruled("The answer: fly.", "Bats: right, 1 point.", "Ghosts: right, 1 point."))
NOT_CAUGHT = ask(NotCaught())


def _spelling_fly(*replies: KioskReply | None) -> list[str]:
    """The adult's lines once "fly", read back as "fry" and fixed twice, is offered one letter at a time:
    the kiosk replies `replies`, then takes "fly" and rules it."""
    kiosk = RepliesInTurn(
        FRY_FIXED,
        FRY_FIXED,
        both(FRY_FIXED, ask(SpelledBack("fry", offer=True))),
        *replies,
        host(FixTaken("Bats", "fly"), heard_back("Bats: fly")),
        FLY_RULED,
    )
    adult = _adult(kiosk, NightScript("2-teams", (BATS,), (FLY,)))
    adult._read(host(heard_back("Bats: fry")))
    adult.check_read_back(FLY, QuestionRecord("D1", ()))
    return kiosk.heard[3:]


def _letters(*units: str, year: bool = False) -> list[KioskReply]:
    return [ask(LetterSaidBack(unit, year=year)) for unit in units]


def test_the_table_spells_one_letter_at_a_time_when_offered_even_past_its_tries() -> None:
    said = _spelling_fly(
        NOT_CAUGHT,  # the "no" heard as "not"
        NOT_CAUGHT,  # and again: said until it is caught
        ask(LetterByLetter(BATS).opening),
        *_letters("f", "r"),  # wrong: "no"
        ask(WhichLetterThen()),
        ask(LetterNotCaught()),
        None,  # heard as no word again: the kiosk waits, and the adult says it again
        ask(JustOneLetter()),
        *_letters("l", "y"),
    )
    assert said == [
        # the offer and the letter said back wrong are said no to as the kiosk asks: "no, no"
        *("no, no", "no, no", "no, no", "Foxtrot.", "Lima.", "No, no.", "Lima.", "Lima.", "Lima.", "Lima."),
        "Yankee.",
        *("That's right.", "yes"),
    ]


def test_in_a_loud_room_the_table_says_no_and_answers_for_each_team_the_kiosk_asks_about() -> None:
    fry_fixed = (
        ask(IsThatRight(BATS, "fry")),
        ask(LetterByLetter(BATS).opening),
        *_letters("f", "l", "y"),
        both(
            host(FixTaken("Bats", "fly"), heard_back("Bats: fly; Ghosts: fly")),
            ask(IsThatRight(GHOSTS, "fly")),
        ),
        BOTH_RULED,
    )
    kiosk = RepliesInTurn(*fry_fixed)
    adult, record = _checked(kiosk, BOTH_FLY, "Bats: fry; Ghosts: fly")
    # the read-back's no as it asks, the team's answer refused as its question asks
    assert kiosk.heard == [
        "no, no",
        "no, no",
        "Foxtrot.",
        "Lima.",
        "Yankee.",
        "That's right.",
        "that's right",
    ]
    assert record.corrections == 1 and record.spellings == [1]
    assert adult.record.closed_set == [("no", True), ("answer yes", True)]
    # In babble the reader's "no" was heard as "yeah"; asked "Was that a yes?", the adult said "repeat",
    # lost. It says its no again.
    kiosk = RepliesInTurn(ask(NotSureOfYes(loud=True)), *fry_fixed)
    _checked(kiosk, BOTH_FLY, "Bats: fry; Ghosts: fly")
    assert kiosk.heard[:3] == ["no, no", "no, no", "no, no"]


def test_in_a_loud_candle_end_the_table_says_no_and_gives_a_wrong_year_one_digit_at_a_time() -> None:
    years = Question("TB1", "", (Written(BATS, "eighteen ninety"), Written(GHOSTS, "nineteen hundred")))
    kiosk = RepliesInTurn(
        ask(IsThatRight(BATS, "no year")),
        ask(LetterByLetter(BATS, unit=Unit.DIGIT).opening),
        *_letters("1", "8", "5", year=True),
        ask(WhichLetterThen(year=True)),
        *_letters("9", year=True),
        both(
            host(FixTaken("Bats", "1890"), heard_back("Bats: 1890; Ghosts: 1900")),
            ask(IsThatRight(BATS, "1890")),
        ),
        ask(IsThatRight(GHOSTS, "1900")),
        host(ruled("The answer: 1897.", "Bats: 1890, 7 years off.", "Ghosts: 1900, 3 years off.")),
    )
    _, record = _checked(kiosk, years, "Bats: no year; Ghosts: 1900")
    assert kiosk.heard == [
        *("no, no", "no, no", "One.", "Eight.", "Nine.", "No, no.", "Nine.", "Zero."),
        *("that's right", "that's right"),
    ]
    assert record.corrections == 1 and record.spellings == [1]


def test_the_table_answers_each_team_asked_about_once_its_yes_to_the_read_back_is_missed() -> None:
    kiosk = RepliesInTurn(
        NOT_CAUGHT,
        ask(Prefaced(Lead.EACH_IN_TURN, IsThatRight(BATS, "fly"))),
        ask(IsThatRight(GHOSTS, "fly")),
        BOTH_RULED,
    )
    adult, _ = _checked(kiosk, BOTH_FLY, "Bats: fly; Ghosts: fly")
    assert kiosk.heard == ["that's right", "that's right", "that's right", "that's right"]
    assert adult.record.closed_set == [("yes", False), ("answer yes", True), ("answer yes", True)]


def test_the_table_leaves_a_right_answer_taken_as_a_no_by_saying_it_is_right() -> None:
    kiosk = RepliesInTurn(ask(Prefaced(Lead.TAKEN_AS_NO, LetterByLetter(BATS).opening)), ask(LeftAsItWas()))
    adult = _adult(kiosk, NightScript("2-teams", (BATS, GHOSTS), (BOTH_FLY,)))
    adult._read(ask(IsThatRight(BATS, "fly")))
    assert not adult.check_team(BOTH_FLY, QuestionRecord("D1", ()), {"Bats": "fly", "Ghosts": "fly"}, {})
    assert kiosk.heard == ["that's right", "That's right."]  # nothing to spell: the word is right


def test_the_table_takes_a_word_offered_as_it_stands_only_when_it_would_do() -> None:
    # "F, L" for "fly": a key word of three letters has no slip to spare, so the adult says no.
    stalled = LetterByLetter(BATS, ("f", "l"), stalls=TUNING.confirming.letter_stalls - 1).take("")[2]
    said = _spelling_fly(
        ask(LetterByLetter(BATS).opening), *_letters("f", "l"), ask(stalled), ask(LeftAsItWas())
    )
    assert said[:5] == ["no, no", "Foxtrot.", "Lima.", "Yankee.", "No, no."]
    # A right start with no more letters missing than Rule 8 lets the word slip would do; "N, E, V" for
    # "nevermore" was taken and sent, and the fix was wrong.
    assert would_do("nevermor", "nevermore") and would_do("turni", "turnip")
    assert not would_do("nev", "nevermore") and not would_do("turnp", "turnip")


def test_the_table_spells_one_letter_at_a_time_when_its_no_is_caught_late() -> None:
    said = _spelling_fly(
        *[NOT_CAUGHT] * 5,  # past its tries at the "no": it goes back to its read-back, saying it there
        ask(LetterByLetter(BATS).opening),
        *_letters("f", "l", "y"),
    )
    assert said == [*["no, no"] * 6, "Foxtrot.", "Lima.", "Yankee.", "That's right.", "yes"]


def test_the_table_takes_up_the_offer_only_for_the_word_it_would_spell_again() -> None:
    # "barn" read back right with the offer: the reader moves on to "owl", spelled as before.
    question = Question("D5", "wings and webs five", (Written(BATS, "barn owl"),))
    kiosk = RepliesInTurn(
        host(FixTaken("Bats", "bat"), heard_back("Bats: bat owl")),
        both(
            host(FixTaken("Bats", "barn"), heard_back("Bats: barn now")), ask(SpelledBack("barn", offer=True))
        ),
        host(FixTaken("Bats", "owl"), heard_back("Bats: barn owl")),
        host(ruled("The answer: barn owl.", "Bats: right, 5 points.")),
    )
    adult = _adult(kiosk, NightScript("2-teams", (BATS,), (question,)))
    adult._read(host(heard_back("Bats: glad owl")))
    adult.check_read_back(question, QuestionRecord("D5", ()))
    assert kiosk.heard == ["Bats. B, A, R, N.", "Bats. B, A, R, N.", "Bats. O, W, L.", "yes"]


def test_the_table_spells_two_words_as_one_once_told_where_no_one_word_would_do() -> None:
    key = load_practice().key
    assert fix_word("barn right now", "barn owl", "D5", key) == "owl"  # the first word not heard
    assert fix_word("barn right now", "barn owl", "D5", key, joined=True) == "barnowl"
    assert fix_word("all same day", "all saints day", "A1", key, joined=True) == "saints"  # one word will do


def test_the_table_disputes_a_fix_it_never_wrote_only_once_the_kiosk_takes_it() -> None:
    # Ghosts' made-up fix not caught: a dispute then would undo the last fix taken, Bats' own.
    answers = (Written(BATS, "fly"), Written(GHOSTS, "glide"))
    question = Question("D1", "wings and webs one", answers, Cheat(GHOSTS, "fly", BATS))
    as_written = host(heard_back("Bats: fly; Ghosts: glide"))
    fly_ruled = host(ruled("The answer: fly.", "Bats: right, 1 point.", "Ghosts: wrong, 0 points."))
    kiosk = RepliesInTurn(NOT_CAUGHT, as_written, fly_ruled)
    adult = _adult(kiosk, NightScript("2-teams", (BATS, GHOSTS), (question,)))
    adult._read(as_written)
    adult.check_read_back(question, QuestionRecord("D1", ()))
    assert kiosk.heard == ["Ghosts. F, L, Y.", "Ghosts. F, L, Y.", "yes"]
    # Taken, it is disputed.
    kiosk = RepliesInTurn(
        host(FixTaken("Ghosts", "fly"), heard_back("Bats: fly; Ghosts: fly")),
        host("Fix undone for Ghosts.", heard_back("Bats: fly; Ghosts: glide")),
        fly_ruled,
    )
    adult = _adult(kiosk, NightScript("2-teams", (BATS, GHOSTS), (question,)))
    adult._read(as_written)
    adult.check_read_back(question, QuestionRecord("D1", ()))
    assert kiosk.heard == ["Ghosts. F, L, Y.", "Bats, that was not what was said.", "yes"]
    assert adult.record.closed_set[-2:] == [("dispute", True), ("yes", True)]


def test_the_table_answers_each_count_offered_or_said_back_in_turn() -> None:
    # Offered two teams, the adult of four says its count; said back, it says the yes asked for.
    kiosk = RepliesInTurn(
        host("Playing solo, or as two, three or four teams?"),
        ask(Confirm("Two teams", Lead.ONE_AT_A_TIME)),
        ask(Confirm("Four teams")),
        host("You are Bats, Ghosts, Owls and Toads.", shows=ledger(0, teams=4)),
    )
    teams = (BATS, GHOSTS, OWLS, TOADS)
    adult = _adult(kiosk, NightScript("4-teams", teams, (), team_count="four teams"))
    adult.team_count()
    assert kiosk.heard == ["four teams", "four teams", "four teams", "that's right"]


PICK_NOT_HEARD = host("Bats, pick a category and points, like D3.")


def _question_read(cell: str, heading: str, text: str) -> KioskReply:
    return host(QuestionAsked(cell, heading, text), shows=ledger(23, cell))


def test_the_table_says_yes_to_its_pick_said_back_after_the_last_try() -> None:
    # Misheard five times, the pick is said back right at the sixth: the kiosk has it, and the adult says
    # the yes it asks for rather than give the night up.
    e4 = _question_read("E4", "The Treat Bag, 4 points", "Which fruit?")
    kiosk = RepliesInTurn(*[PICK_NOT_HEARD] * 5, ask(Confirm("The Treat Bag 4")), e4)
    question = Question("E4", "E four", (Written(BATS, "fruit"),))
    adult = _adult(kiosk, NightScript("candle-end", (BATS,), (question,)))
    adult.pick(question)
    assert len(kiosk.heard) == 7 and kiosk.heard[-1] == "that's right"
    assert adult.ledger is not None and adult.ledger.open == "E4"
    # Its yes not caught, the pick said back again: the yes asked for, a few times over.
    again = ask(Confirm("The Treat Bag 4", Lead.NO_YES_HEARD))
    kiosk = RepliesInTurn(*[PICK_NOT_HEARD] * 5, ask(Confirm("The Treat Bag 4")), again, again, e4)
    adult = _adult(kiosk, NightScript("candle-end", (BATS,), (question,)))
    adult.pick(question)
    assert kiosk.heard[-3:] == ["that's right"] * 3
    assert adult.ledger is not None and adult.ledger.open == "E4"


def test_the_table_says_no_to_each_new_cell_offered_past_its_tries() -> None:
    # "E three" heard as "three": the cells at 3 points offered from Old Customs on. Each new one offered is
    # the kiosk going on, not the pick missed again.
    kiosk = RepliesInTurn(
        *[ask(Fixed.SAY_IT_AGAIN)] * 2,
        ask(Confirm("Old Customs 3", Lead.ONE_AT_A_TIME)),
        *(ask(Confirm(f"{title} 3")) for title in ("Far and Wide", "The Haunted Shelf", "Wings & Webs")),
        ask(Confirm("Wings & Webs 3", Lead.NO_YES_HEARD)),
        ask(Confirm("The Treat Bag 3")),
        _question_read("E3", "The Treat Bag, 3 points", "Which vegetable?"),
    )
    question = Question("E3", "E three", (Written(BATS, "potato"),))
    adult = _adult(kiosk, NightScript("4-teams", (BATS,), (question,)))
    adult.pick(question)
    assert kiosk.heard[2:] == ["E three", *["no, no"] * 5, "that's right"]
    assert adult.ledger is not None and adult.ledger.open == "E3"
    assert adult.record.closed_set == [("pick", False), ("pick yes", True)]


def test_the_table_tries_once_the_yes_asked_for_after_its_last_try() -> None:
    # "That's right" heard as "not right" four times; at the fourth the kiosk asks for a plain "yes".
    fruit = heard_back("Bats: fruit")
    kiosk = RepliesInTurn(
        *[host("Fix a word by spelling it.", fruit)] * 3,
        ask(HeardNoTwice()),
        host(ruled("The answer: fruit.", "Bats: right, 4 points.")),
    )
    talk = _talk(kiosk, LAST_CELL)
    talk._read(both(host(fruit), ask(HowToFix(loud=True))))
    talk.closed("yes", lambda reply: reply.ruling() is not None, "yes", said=talk.as_asked)
    assert kiosk.heard == ["that's right"] * 4 + ["yes"]


def test_a_cell_read_by_mistake_is_passed_and_confirmed_as_the_kiosk_asks() -> None:
    # A loud room asks about a plain yes; the adult went on to its next line ("end the night") into the
    # read-back, where the night had to finish the question first.
    passed = Question("D4", "", (Written(BATS, "pass"), Written(GHOSTS, "pass")))
    wrong = host(ruled("The answer: pellets.", "Bats: wrong, 0 points.", "Ghosts: wrong, 0 points."))
    kiosk = RepliesInTurn(ask(NotSureOfYes()), wrong)
    adult = _loud_read_back(kiosk, passed, "Bats: job; Ghosts: life goes embark")
    adult.all_pass()
    assert kiosk.heard == ["that's right", "that's right"]
    # Its yes missed, the kiosk asks about each team in turn: each passed answer is said right, however heard
    # (with four tries at a read-back's yes, the adult had given the night up).
    kiosk = RepliesInTurn(
        NOT_CAUGHT,
        ask(Prefaced(Lead.EACH_IN_TURN, IsThatRight(BATS, "job"))),
        ask(Prefaced(Lead.SORRY, IsThatRight(BATS, "job"))),
        ask(IsThatRight(GHOSTS, "life goes embark")),
        wrong,
    )
    adult = _loud_read_back(kiosk, passed, "Bats: job; Ghosts: life goes embark")
    adult.all_pass()
    assert kiosk.heard == ["that's right", "that's right", "That's right.", "That's right.", "That's right."]


def _finale() -> KioskReply:
    result = "RESULT: AIGC|halloween-trivia|board|v1.0.0|end:closed"
    return host(Finale(None, (), None, None, (), result, "", (), lines_of(result)))


def test_a_night_ended_by_the_last_yes_the_table_tries_is_not_stuck() -> None:
    # The vote broken twice (a yes heard as "no", then as "owls"), the night ended at the adult's last
    # try, and the bench called the night stuck: "the night would not end".
    still = "To end the night, every playing team says yes by name. Still to say yes: {}."
    broken = host("Ghosts, pick a category and points, like D3.")
    kiosk = RepliesInTurn(
        host(still.format("Bats and Ghosts")),
        *(host(still.format("Ghosts")), broken, host(still.format("Bats and Ghosts"))) * 2,
        host(still.format("Ghosts")),
        _finale(),
    )
    adult = _adult(kiosk, NightScript("2-teams", (BATS, GHOSTS), ()))
    adult.end_night()
    assert adult.heard.over
    assert kiosk.heard == [
        "end the night",
        *("Bats, yes.", "Ghosts, yes.", "end the night") * 2,
        "Bats, yes.",
        "Ghosts, yes.",
    ]


def test_the_table_gives_its_yes_as_the_kiosk_asks_for_it_by_name_or_plain() -> None:
    # Asked whose yes it heard, the adult says its own team's yes again; named as the team whose yes was
    # missed, it says a plain yes.
    still = "To end the night, every playing team says yes by name. Still to say yes: {}."
    kiosk = RepliesInTurn(
        host(still.format("Bats and Ghosts")),
        ask(WhoseYes(BATS, GHOSTS)),
        host(still.format("Ghosts")),
        ask(PlainYesWillDo(GHOSTS, (GHOSTS,), name_alone=True)),
        _finale(),
    )
    adult = _adult(kiosk, NightScript("2-teams", (BATS, GHOSTS), ()))
    adult.end_night()
    assert kiosk.heard == ["end the night", "Bats, yes.", "Bats, yes.", "Ghosts, yes.", "Yes."]
    assert adult.record.closed_set[-1] == ("team yes", True)


def test_answers_taken_at_the_tables_last_try_are_not_stuck() -> None:
    # Over music at 5 dB Ghosts' answer was heard as no word try after try; the last was heard, and the
    # bench called the night stuck before the adult looked at the read-back: "answers never all taken".
    question = Question("A1", "old customs one", (Written(BATS, "samhain"), Written(GHOSTS, "pass")))
    calling_ghosts = both(host("Still to answer: Ghosts."), ask(YourAnswer(GHOSTS)))
    kiosk = RepliesInTurn(*[calling_ghosts] * 4, host(heard_back("Bats: samhain; Ghosts: pass")))
    adult = _adult(kiosk, NightScript("2-teams", (BATS, GHOSTS), (question,)))
    adult._read(ask(YourAnswer(BATS)))
    adult.answer(question)
    assert adult.heard.read_back() == {"Bats": "samhain", "Ghosts": "pass"}
    assert len(kiosk.heard) == 5 and kiosk.heard[1:] == [kiosk.heard[1]] * 4


def test_a_save_from_elsewhere_is_carried_on_only_once_the_kiosk_took_the_yes() -> None:
    offered = host(
        'That save was not made by this kiosk. To carry on from it, say "that\'s right" aloud; say "no, no" to '
        "leave it."
    )
    assert not carried_on(offered)
    assert not carried_on(ask(Fixed.SAY_IT_AGAIN))  # the yes not caught: said again, as a person would
    assert not carried_on(ask(SAVE_YES))  # an unsure yes asked about: the yes is said again
    assert not carried_on(ask(SAVE_NO))  # so is an unsure no: the reader says what was meant again
    assert not carried_on(ask(SAVE_AGAIN))  # neither heard: asked again
    assert carried_on(host("The saved night carries on: 23 of the 25 questions are played."))


@pytest.mark.parametrize("prompt", EXAMPLES, ids=lambda prompt: type(prompt).__name__)
def test_the_table_reads_from_the_kiosks_acts_which_questions_ask_for_its_no(prompt: Prompt) -> None:
    # Read from the typed prompt, never its English; the English only checks the reading here.
    assert asks_the_no(prompt) is (SAY_NO in prompt.words.lower()), prompt.words
