"""Reading a message into an intent, once, from the night as it stands (the night is never changed here)."""

from __future__ import annotations

import pytest

from kiosk.engine import intent as i
from kiosk.engine.cells import Cell, Tiebreak
from kiosk.engine.commands import Command, Movement
from kiosk.engine.facts import TooLong, Topic
from kiosk.engine.labels import ALL, Labelled
from kiosk.engine.night import Answer, Night, Phase
from kiosk.engine.phrase import extract
from kiosk.engine.teams import Team

BATS, GHOSTS, OWLS = Team.BATS, Team.GHOSTS, Team.OWLS


def night(phase: Phase = Phase.PICK, *, voice: bool = False, teams: int = 2) -> Night:
    made = Night(phase=phase, voice=voice, teams=(Team.YOU,) if teams == 1 else (BATS, GHOSTS, OWLS)[:teams])
    made.picker = made.teams[0]
    if phase in (Phase.QUESTION, Phase.READBACK):
        made.open = Cell("A", 1)
    return made


def with_answer(made: Night, team: Team, text: str) -> Night:
    made.answers[team] = Answer(text, extract(text))
    made.last_named = team
    return made


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("two", i.TeamCount(2)),
        ("We're four", i.TeamCount(4)),
        ("solo", i.TeamCount(1)),
        ("banana", i.Plain.UNCLEAR),
        ("voice", i.SwitchMode(voice=True)),
        ("help", i.Do(Command.HELP)),
    ],
)
def test_before_the_teams_are_named(said: str, expected: i.Intent) -> None:
    assert i.read(said, Night(phase=Phase.TEAMS)) == expected


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("D3", i.PickCell(Cell("D", 3))),
        ("Bats: D3", i.PickCell(Cell("D", 3), BATS)),
        ("you choose", i.PickCell(None)),
        ("delta four", i.PickCell(Cell("D", 4))),
        ("Bats", i.Plain.NAME_ALONE),
        ("save", i.Do(Command.SAVE)),
        ("end the night", i.Do(Command.END)),
        ("no, three teams", i.TeamCount(3)),
        ("Ghosts have to leave", i.MoveTeam(GHOSTS, Movement.OUT)),
        ("Ghosts came back", i.MoveTeam(GHOSTS, Movement.BACK)),
        ("Sam joins Ghosts", i.JoinTeam("sam", GHOSTS)),
        ("That's wrong, we should get the point", i.Plain.ARGUING),
        ("[L] q:3/25", i.Plain.LEDGER_ONLY),
        ("x" * 5000, TooLong(5000)),
    ],
)
def test_between_questions(said: str, expected: i.Intent) -> None:
    assert i.read(said, night()) == expected


def test_a_team_count_is_read_again_only_before_the_first_question() -> None:
    played = night()
    played.questions_read = 1
    assert i.read("two", played) == i.Plain.TEAMS_FIXED


def test_questions_carry_their_topic() -> None:
    asked = i.read("How many points do the Owls have?", night())
    assert isinstance(asked, i.Asked)
    assert asked.question.topic is Topic.TEAM_POINTS and asked.question.team is OWLS
    asked = i.read("Who wrote Dracula?", night())
    assert isinstance(asked, i.Asked) and asked.question.topic is Topic.OUTSIDE


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("Bats: yes. Ghosts: yes", i.VoteYes((BATS, GHOSTS))),
        ("bats yes", i.VoteYes((BATS,))),
        ("yes", i.Plain.UNNAMED_YES),
        ("Bats: yes. Ghosts: no", i.Plain.VOTE_NO),
        ("no", i.Plain.VOTE_NO),  # anyone's no: the night goes on
        ("no no", i.Plain.VOTE_NO),
        ("D2", i.PickCell(Cell("D", 2))),
    ],
)
def test_voting(said: str, expected: i.Intent) -> None:
    assert i.read(said, night(Phase.VOTING)) == expected


def test_answers_typed_are_split_at_labels() -> None:
    read = i.read("Bats: button. All: pass", night(Phase.QUESTION, teams=3))
    assert read == i.Answers((Labelled(BATS, " button."), Labelled(ALL, " pass")))


def test_an_unlabelled_answer_typed_belongs_to_the_one_team_left() -> None:
    made = with_answer(night(Phase.QUESTION), BATS, "button")
    assert i.read("zip", made) == i.Answers((Labelled(GHOSTS, "zip"),))
    assert i.read("zip", night(Phase.QUESTION)) == i.Plain.START_WITH_TEAM


def test_solo_a_question_on_the_card_is_answered_and_anything_else_is_the_answer() -> None:
    solo = night(Phase.QUESTION, teams=1)
    assert isinstance(i.read("What's left on the board?", solo), i.Asked)
    assert i.read("is it a button?", solo) == i.Answers((Labelled(Team.YOU, "is it a button?"),))
    assert i.read("You: button", solo) == i.Answers((Labelled(Team.YOU, "button"),))


def test_the_next_pick_while_a_question_is_open() -> None:
    assert i.read("B3", night(Phase.QUESTION)) == i.NextPick(Cell("B", 3))
    assert i.read("bats three", night(Phase.QUESTION, voice=True)) != i.NextPick(Cell("D", 3))


def test_by_voice_a_team_name_anywhere_starts_its_piece() -> None:
    read = i.read("okay so bats say a big brass button and ghosts mutton", night(Phase.QUESTION, voice=True))
    assert read == i.Answers((Labelled(BATS, "say a big brass button and"), Labelled(GHOSTS, "mutton")))


def test_read_back() -> None:
    made = with_answer(night(Phase.READBACK, voice=True), BATS, "a big brass mutton")
    assert i.read("yes", made) == i.Plain.CONFIRM
    assert i.read("no", made) == i.Plain.DENY
    # Said twice or two ways, still one: a loud room's "yes" was heard as "yeah yes".
    assert i.read("yeah, yes", made) == i.read("Yes, yes!", made) == i.Plain.CONFIRM
    assert i.read("no, no", made) == i.Plain.DENY
    assert i.read("yes no", made) != i.Plain.CONFIRM and i.read("no yes", made) != i.Plain.DENY
    assert i.read("bats b u t t o n", made) == i.SpelledFix(BATS, "button")
    assert i.read("ghosts that was not what was said", made) == i.Dispute(GHOSTS)
    assert i.read("button", made) == i.Continue("button")
    assert i.read("ghosts zip", made) == i.Plain.LATE_ANSWER
    assert i.read("B3", made) == i.NextPick(Cell("B", 3))  # never glued to an answer
    assert i.read("board", made) == i.Do(Command.BOARD)


def test_a_spelling_is_a_fix_only_for_a_team_with_a_locked_answer() -> None:
    made = night(Phase.QUESTION, voice=True)
    assert i.read("bats b u t t o n", made) == i.Answers((Labelled(BATS, "b u t t o n"),))


def test_the_candle_end_takes_no_next_pick() -> None:
    made = night(Phase.CANDLE)
    made.open, made.tied = Tiebreak.TB1, (BATS, GHOSTS)
    assert i.read("Bats: 1897", made) == i.Answers((Labelled(BATS, " 1897"),))
    assert i.read("B3", made) == i.Plain.START_WITH_TEAM


def test_reading_never_changes_the_night() -> None:
    made = with_answer(night(Phase.QUESTION), BATS, "button")
    before = made.copy()
    for said in ["Ghosts: zip", "B3", "Ghosts is out", "save", "yes", "end the night"]:
        i.read(said, made)
    assert made == before


def test_by_voice_a_lone_number_after_the_teams_are_named_is_asked_about() -> None:
    spoken = night(voice=True)
    assert i.read("two", spoken) == i.Plain.COUNT_UNSURE
    assert i.read("two teams", spoken) == i.TeamCount(2)
    assert i.read("no three", spoken) == i.TeamCount(3)
    assert i.read("two", night()) == i.TeamCount(2)  # typed, a number alone is clear


def test_solo_said_among_other_words_is_no_team_count() -> None:
    spoken = night(voice=True)
    assert i.read("we're playing solo tonight", spoken) == i.TeamCount(1)
    # Party talk heard in place of a pick, before the first question: not a change to a solo night.
    talk = "right now eighteen alone a lot of the and yeah and everything"
    assert not isinstance(i.read(talk, spoken), i.TeamCount)
    assert not isinstance(i.read(talk, night(Phase.TEAMS)), i.TeamCount)
