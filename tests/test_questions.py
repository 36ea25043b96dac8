"""Rule 6: what a question is about, and that only rules, board and score are answered, from the card."""

from __future__ import annotations

import pytest

from kiosk import cartridge as card
from kiosk.engine.cells import Cell
from kiosk.engine.facts import CardAnswer, Part, Topic
from kiosk.engine.night import Night
from kiosk.engine.questions import answer, is_question, read_question
from kiosk.engine.teams import Team


@pytest.mark.parametrize(
    ("asked", "topic"),
    [
        ("What's the score?", Topic.SCORE),
        ("who is winning?", Topic.SCORE),
        ("Whose turn is it?", Topic.PICK),
        ("What's left on the board?", Topic.BOARD),
        ("How many cells are left?", Topic.CELLS_LEFT),
        ("Which ones have been played already?", Topic.CELLS_PLAYED),
        ("Can we pass?", Topic.PASSING),
        ("What if we don't know?", Topic.PASSING),
        ("What happens if we tie?", Topic.TIES),
        ("How does the tie break work?", Topic.CANDLE_END),
        ("What if a team has to leave?", Topic.GOING_OUT),
        ("Can we end the night early?", Topic.ENDING),
        ("How do we save?", Topic.SAVING),
        ("How do we play?", Topic.RULES),
        ("what are the rules", Topic.RULES),
        ("Who wrote Dracula?", Topic.OUTSIDE),
        ("What does Samhain mean?", Topic.OUTSIDE),
        ("What year was Frankenstein published?", Topic.OUTSIDE),
        ("Is it a bat?", Topic.OUTSIDE),
        ("give us a hint", Topic.OUTSIDE),
    ],
)
def test_the_topic_of_a_question(asked: str, topic: Topic) -> None:
    question = read_question(asked)
    assert question is not None and question.topic is topic


def test_a_team_or_cell_named_is_kept_for_the_answer() -> None:
    assert read_question("How many points have the Ghosts got?") == CardAnswer(
        Topic.TEAM_POINTS, team=Team.GHOSTS
    )
    assert read_question("How much is D3 worth?") == CardAnswer(Topic.CELL_WORTH, cell=Cell("D", 3))
    assert read_question("is b 2 still left?") == CardAnswer(Topic.CELL_WORTH, cell=Cell("B", 2))


def test_not_a_question() -> None:
    assert not is_question("a big brass button")
    assert read_question("Bats: button") is None
    assert is_question("whats the score")  # spoken: no question mark, but a question word opens it


def test_off_the_card_the_refusal_stands_alone_and_on_it_the_prompt_follows() -> None:
    assert answer(Night(), CardAnswer(Topic.OUTSIDE)) == [CardAnswer(Topic.OUTSIDE)]
    assert answer(Night(), CardAnswer(Topic.SCORE)) == [CardAnswer(Topic.SCORE), Part.PROMPT]


def test_each_rule_topic_has_the_cards_own_text() -> None:
    rules = [Topic.PASSING, Topic.TIES, Topic.CANDLE_END, Topic.GOING_OUT, Topic.ENDING, Topic.SAVING]
    assert sorted(topic.value for topic in rules) == sorted(card.RULE_TEXTS)
