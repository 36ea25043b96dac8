"""Every sentence the host composes comes from facts and the night; the card's lines are said exactly."""

from __future__ import annotations

from kiosk import Key, KeySource
from kiosk import cartridge as card
from kiosk.engine.cells import Cell, Tiebreak
from kiosk.engine.facts import (
    CardAnswer,
    Fact,
    NightEnded,
    Note,
    Noted,
    Part,
    Result,
    Ruled,
    TeamOut,
    TiebreakRead,
    Topic,
    Verdict,
)
from kiosk.engine.finale_words import NOT_USED_UP
from kiosk.engine.key import NotForm
from kiosk.engine.kiosk_lines import AFTER_CARD_LINE
from kiosk.engine.night import End, Night, Phase
from kiosk.engine.say import NOTES, Wording, point_count
from kiosk.engine.teams import Team

BATS, GHOSTS = Team.BATS, Team.GHOSTS


def said_by(wording: Wording, facts: list[Fact]) -> list[str]:
    """The lines a step's facts are worded as, in order."""
    return [line.text for part in wording.said(facts) for line in part.lines]


def speaker(key: Key, phase: Phase = Phase.PICK, source: KeySource = KeySource.FILE) -> Wording:
    night = Night(phase=phase, teams=(BATS, GHOSTS), picker=GHOSTS)
    return Wording(night, key, source, night.voice)


def test_every_note_has_words() -> None:
    assert set(NOTES) == set(Note)


def test_a_ruling_in_the_cards_order(plain_key: Key) -> None:
    ruled = Ruled(
        Cell("D", 4),
        "button.",
        (
            Result(BATS, Verdict.RIGHT, 4),
            Result(GHOSTS, Verdict.WRONG, not_form=NotForm("mutton", "that is meat")),
            Result(Team.OWLS, Verdict.PASS),
            Result(Team.TOADS, Verdict.OUT),
        ),
        "The Button Book",
    )
    assert said_by(speaker(plain_key), [ruled]) == [
        "The answer: button.",
        "Bats: right, 4 points.",
        "Ghosts: wrong, 0 points (mutton: that is meat).",
        "Owls: pass, 0 points.",
        "Toads: out, 0 points.",
        "Source: The Button Book.",
    ]


def test_the_prompt_follows_the_phase(plain_key: Key) -> None:
    assert said_by(speaker(plain_key), [Part.PROMPT]) == ["Ghosts, pick a category and points, like D3."]
    assert said_by(speaker(plain_key, Phase.TEAMS), [Part.PROMPT]) == [
        "Playing solo, or as two, three or four teams?"
    ]
    voting = speaker(plain_key, Phase.VOTING)
    voting.night.votes.add(BATS)
    assert "Still to say yes: Ghosts." in said_by(voting, [Part.PROMPT])[0]


def test_the_card_lines_are_said_exactly(plain_key: Key) -> None:
    said = said_by(
        speaker(plain_key), [Part.CANDLE_END, Noted(Note.START_WITH_TEAM), CardAnswer(Topic.OUTSIDE)]
    )
    after = AFTER_CARD_LINE[card.CANDLE_END].typed
    assert said == [card.CANDLE_END, after, card.START_WITH_TEAM, card.AFTER_THE_NIGHT]


def test_team_out_and_tiebreak(plain_key: Key) -> None:
    said = said_by(
        speaker(plain_key),
        [TeamOut(BATS, 3, kept_answer=True), TiebreakRead((BATS, GHOSTS), Tiebreak.TB2, "Year?")],
    )
    assert said == [
        "Bats are out: they keep their 3 points and their locked answer. Say 'Bats is back' to bring them back.",
        "Bats and Ghosts, Candle-End question 2: Year?",
    ]


def test_one_point_is_said_in_the_singular_wherever_points_are_said(plain_key: Key) -> None:
    said = said_by(
        speaker(plain_key), [TeamOut(BATS, 1, kept_answer=False), Noted(Note.NOT_YOUR_PICK, team=BATS)]
    )
    assert said == [
        "Bats are out: they keep their 1 point. Say 'Bats is back' to bring them back.",
        "Bats have the pick.",
    ]
    assert [point_count(n) for n in (0, 1, 5)] == ["0 points", "1 point", "5 points"]


def test_the_closing_words_name_the_key_played(plain_key: Key, practice_key: Key) -> None:
    ended = NightEnded(End.CLOSED, (BATS, GHOSTS), 0)
    sealed = said_by(speaker(plain_key, Phase.OVER, KeySource.SEALED), [ended])
    practice = said_by(speaker(practice_key, Phase.OVER, KeySource.PRACTICE), [ended])
    assert card.WHOLE_KEY in sealed
    assert card.WHOLE_KEY not in practice
    assert "That is the whole practice key." not in " ".join(practice)  # ended early: the key is not used up
    assert NOT_USED_UP[KeySource.PRACTICE] in practice
    assert "Bats and Ghosts share the win!" in practice
