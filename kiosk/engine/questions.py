"""Rule 6: rules, board and score are answered from the card; any other question gets the card's refusal.

`read_question` says what a question is about; `answer` finds the facts to say from the night alone: the
score, a team's points, a cell's worth, the cells left or played, whose pick, or the card's own rule text
for passing, ties, the Candle-End, going out, ending the night and saving. Never a fact from outside the
card.
"""

from __future__ import annotations

import re

from kiosk.engine.cells import Cell
from kiosk.engine.facts import CardAnswer, Fact, Part, RuleRead, Topic
from kiosk.engine.night import Night
from kiosk.engine.rule_words import RULE_TOPICS
from kiosk.engine.teams import TEAM_PATTERN, Team
from kiosk.engine.text import words_of

_QUESTION_START = re.compile(
    r"^(?:what|whats|who|whos|whose|why|how|when|where|which|is|are|was|were|can|could|do|does|did|will|"
    r"would|should|shall|may|am|have|has|tell me|explain|give us a hint|hint)\b"
)


def is_question(text: str) -> bool:
    stripped = text.strip()
    return stripped.endswith("?") or bool(_QUESTION_START.match(words_of(stripped)))


_CELL = re.compile(r"\b(?P<letter>[a-e]) ?(?P<points>[1-5])\b")
_TEAM = re.compile(rf"\b(?P<team>{TEAM_PATTERN})\b")
# Most telling first: a question on the Candle-End mentions a tie, and one on a team's points a score.
_TOPICS: tuple[tuple[Topic, re.Pattern[str]], ...] = tuple(
    (topic, re.compile(pattern))
    for topic, pattern in (
        (Topic.CANDLE_END, r"\b(?:candle ?end|candle|tie ?breaks?|tie ?breakers?)\b"),
        (Topic.TIES, r"\b(?:ties?|tied|tying|draws?|drawn|same (?:score|total|points))\b"),
        (Topic.SCORE, r"\b(?:scores?|scoring|winning|total|totals|points? (?:have|has|do|does|got)|ahead|"
         r"leading|losing|in the lead|how many points)\b"),
        (Topic.PICK, r"\b(?:whose (?:turn|pick|go)|who (?:picks|is picking|s picking|goes next)|our turn|"
         r"my turn|picks? next|turn is it)\b"),
        (Topic.BOARD, r"\bboard\b"),
        (Topic.CELLS_PLAYED, r"\b(?:been played|played already|already played|been asked|been done)\b"),
        (Topic.CELLS_LEFT, r"\b(?:left|remain|remaining|to go|still open|unplayed|available)\b"),
        (Topic.BOARD, r"\b(?:cells?|categor(?:y|ies)|worth)\b"),
        (Topic.PASSING, r"\b(?:pass|passing|skip|dont know|do not know|no idea)\b"),
        (Topic.GOING_OUT, r"\b(?:leave|leaves|leaving|go out|goes out|out early|come back|comes back|"
         r"drop out|is out|are out)\b"),
        (Topic.ENDING, r"\b(?:end (?:the|this|our) (?:night|game)|end early|stop (?:the night|early|now|"
         r"playing)|finish (?:early|the night|now)|quit|night end|game end)\b"),
        (Topic.SAVING, r"\b(?:save|saving|saved|resume|carry on later|continue later)\b"),
        (Topic.RULES, r"\b(?:rules?|how (?:do|does|to) (?:we |you |i )?play|allowed|how does this work|"
         r"what can we say|commands?)\b"),
    )
)  # fmt: skip


def read_question(text: str) -> CardAnswer | None:
    """What a question asks, or None if the text is not a question. A question off the card is OUTSIDE."""
    if not is_question(text):
        return None
    return topic_of(words_of(text))


def topic_of(words: str) -> CardAnswer:
    """The card topic of a question's words; a cell or team it names is kept for the answer."""
    cell_match = _CELL.search(words)
    cell = Cell(cell_match["letter"].upper(), int(cell_match["points"])) if cell_match else None
    team_match = _TEAM.search(words)
    team = Team.from_name(team_match["team"]) if team_match else None
    for topic, pattern in _TOPICS:
        if pattern.search(words):
            if topic is Topic.SCORE and team is not None:
                return CardAnswer(Topic.TEAM_POINTS, team=team)
            if topic in (Topic.SCORE, Topic.CELLS_PLAYED, Topic.CELLS_LEFT, Topic.BOARD) and cell is not None:
                return CardAnswer(Topic.CELL_WORTH, cell=cell)
            return CardAnswer(topic)
    if cell is not None and re.search(r"\b(?:how much|how many points|points)\b", words):
        return CardAnswer(Topic.CELL_WORTH, cell=cell)
    return CardAnswer(Topic.OUTSIDE)


def answer(night: Night, asked: CardAnswer) -> list[Fact]:
    """The facts that answer a question from the card; OUTSIDE is refused with the card's words alone. A rule
    asked about is remembered, so that "read the rule" reads the card's own text on it."""
    if asked.topic is Topic.OUTSIDE:
        return [asked]  # Rule 6: said exactly, nothing added
    if asked.topic in (*RULE_TOPICS, Topic.RULES):
        night.rule_asked = asked.topic.value
    return [asked, Part.PROMPT]


_READ_RULE = re.compile(
    r"^(?:please )?(?:read|say|give|tell)(?: me| us)? (?:the|that|this)(?: whole| full)? rules?"
    r"(?: (?:text|again))?(?: (?:on|about|for|of) (?P<about>.+?))?(?: please)?$"
    r"|^(?:what|whats) does the card say(?: (?:on|about) (?P<card_about>.+?))?$"
)


def read_rule_request(words: str) -> RuleRead | None:
    """ "read the rule" (the rule last asked about) or "read the rule on ties": a RuleRead, or None if the
    words ask for no rule. The topic is None when the words name none (the host takes the last asked)."""
    match = _READ_RULE.match(words)
    if match is None:
        return None
    about = match["about"] or match["card_about"]
    if about:
        topic = topic_of(about).topic
        if topic in (*RULE_TOPICS, Topic.RULES):
            return RuleRead(topic)
    return RuleRead(None)


def read_rule(night: Night, asked: RuleRead) -> list[Fact]:
    """The card's own text on the topic named, or on the rule last asked about."""
    topic = asked.topic
    if topic is None and night.rule_asked is not None:
        topic = Topic(night.rule_asked)
    if topic is not None:
        night.rule_asked = topic.value
    return [RuleRead(topic), Part.PROMPT]
