"""Each card section steps the night and returns facts, never prose."""

from __future__ import annotations

from kiosk import Key
from kiosk.engine import collecting, comings, endgame, naming, picking, ruling
from kiosk.engine.cells import Cell, Tiebreak
from kiosk.engine.commands import Movement
from kiosk.engine.facts import (
    NightEnded,
    Note,
    Noted,
    Part,
    PickPrompt,
    QuestionRead,
    Result,
    Ruled,
    StillLevel,
    TeamOut,
    TeamsNamed,
    TiebreakDecided,
    TiebreakRead,
    Verdict,
    Why,
    YearGiven,
)
from kiosk.engine.labels import ALL, Labelled
from kiosk.engine.night import End, Night, Phase
from kiosk.engine.teams import Team

BATS, GHOSTS, OWLS = Team.BATS, Team.GHOSTS, Team.OWLS


def named(count: int = 3) -> Night:
    night = Night()
    naming.name_teams(night, count)
    return night


def test_naming_teams() -> None:
    night = Night()
    facts = naming.name_teams(night, 3)
    assert facts == [TeamsNamed((BATS, GHOSTS, OWLS)), Part.HOW_TO_PLAY, Part.BOARD, PickPrompt()]
    assert night.phase is Phase.PICK and night.picker is BATS
    assert naming.name_teams(night, 3) == [Noted(Note.TEAM_COUNT_KEPT), PickPrompt()]
    assert naming.name_teams(night, 2)[0] == TeamsNamed((BATS, GHOSTS))
    assert naming.name_teams(night, 5) == [Noted(Note.TOO_MANY_TEAMS), Part.PROMPT]


def test_picking_opens_the_cell_and_passes_the_pick() -> None:
    night = named()
    assert picking.pick(night, Cell("D", 3), GHOSTS) == [Noted(Note.NOT_YOUR_PICK, team=BATS), PickPrompt()]
    assert picking.pick(night, None, None) == [QuestionRead(Cell("A", 1))]
    assert night.open == Cell("A", 1) and night.picker is GHOSTS and night.board.slots[Cell("A", 1)].open
    assert picking.name_next(night, Cell("A", 1)) == [Noted(Note.NEXT_PICK_REFUSED, cell=Cell("A", 1))]
    assert picking.name_next(night, Cell("B", 2)) == [Noted(Note.NEXT_PICK_TAKEN, cell=Cell("B", 2))]


def test_collecting_then_ruling(plain_key: Key) -> None:
    night = named()
    picking.pick(night, Cell("A", 2), None)
    facts = collecting.collect(night, plain_key, [Labelled(BATS, "answera2"), Labelled(BATS, "again")])
    assert facts == [Noted(Note.ALREADY_ANSWERED, team=BATS), Part.PROMPT]
    assert night.got() == (BATS,)
    facts = collecting.collect(night, plain_key, [Labelled(ALL, "pass")])
    assert facts[0] == Ruled(
        Cell("A", 2),
        "answera2",
        (Result(BATS, Verdict.RIGHT, 2), Result(GHOSTS, Verdict.PASS), Result(OWLS, Verdict.PASS)),
        "Source A2",
    )
    assert facts[1:] == [PickPrompt(offer_save=True)]
    assert night.score(BATS) == 2 and night.open is None and night.phase is Phase.PICK


def test_the_next_picked_cell_is_read_after_the_ruling(plain_key: Key) -> None:
    night = named(2)
    picking.pick(night, Cell("A", 1), None)
    picking.name_next(night, Cell("C", 5))
    facts = collecting.collect(night, plain_key, [Labelled(ALL, "pass")])
    assert facts[-1] == QuestionRead(Cell("C", 5))


def test_going_out_keeps_a_locked_answer_and_the_last_team_out_closes(plain_key: Key) -> None:
    night = named(2)
    picking.pick(night, Cell("A", 1), None)
    collecting.collect(night, plain_key, [Labelled(BATS, "answera1")])
    facts = comings.move(night, plain_key, BATS, Movement.OUT)
    assert facts == [TeamOut(BATS, 0, kept_answer=True), Part.PROMPT]
    assert night.got() == (BATS,)
    facts = comings.move(night, plain_key, GHOSTS, Movement.OUT)
    assert isinstance(facts[1], Ruled) and facts[-1] == NightEnded(End.CLOSED, (BATS,), 1)
    assert night.phase is Phase.OVER


def test_the_candle_end(plain_key: Key) -> None:
    night = named(2)
    night.phase = Phase.PICK
    facts = endgame.endgame(night, plain_key, End.PLAYED)
    assert facts == [Part.CANDLE_END, TiebreakRead((BATS, GHOSTS), Tiebreak.TB1, "Year of TB1?")]
    collecting.collect(night, plain_key, [Labelled(BATS, "1890"), Labelled(GHOSTS, "1904")])
    assert night.open is Tiebreak.TB2 and night.tied == (BATS, GHOSTS)
    facts = collecting.collect(night, plain_key, [Labelled(BATS, "1845"), Labelled(GHOSTS, "1850 or 1845")])
    decided = TiebreakDecided(
        "1845", 1845, (YearGiven(BATS, 1845, 0), YearGiven(GHOSTS, None, None)), "TB2 source", (BATS,)
    )
    assert facts[0] == decided
    assert facts[-1] == NightEnded(End.PLAYED, (BATS,), 0, Why.ONLY_YEAR, decided)


def test_still_level_after_tb1(plain_key: Key) -> None:
    night = named(2)
    endgame.endgame(night, plain_key, End.PLAYED)
    night.answers = {}
    facts = ruling.rule_now(night, plain_key)
    assert facts[1] == StillLevel((BATS, GHOSTS))
