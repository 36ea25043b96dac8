"""Rule 6 in plain words: a question on the rules answered as a family would want it, from the card's rules.

Each answer below says what the card's rule means for the table, in short sentences a child of ten can
follow; the card's own text (kiosk.cartridge.RULE_TEXTS) is read on "read the rule". Every sentence here
must agree with the card: SCORING & ENDGAME and THE CANDLE-END for ties, THE TABLE for going out and
ending the night, SAVE / RESUME for saving, Rules 8 and RESOLUTION 3 for passing.
"""

from __future__ import annotations

from kiosk.engine.facts import Topic
from kiosk.engine.night import Night, Phase
from kiosk.engine.teams import Team

READ_THE_RULE = "For the card's own words, say read the rule."
NO_RULE_ASKED = "Ask about a rule first, like 'what if we tie?', then say read the rule."

RULE_TOPICS = (Topic.PASSING, Topic.TIES, Topic.CANDLE_END, Topic.GOING_OUT, Topic.ENDING, Topic.SAVING)
"""The topics answered in plain words, whose card text "read the rule" reads (with HOW TO PLAY, Topic.RULES)."""

_TIES = (
    "If two or more teams share the top score after all 25 questions, each writes down a year for one last "
    "question; the closest year wins. Still level? One more year question, then they share the win. If the "
    "night is ended early, a tie at the top is shared."
)
_CANDLE_END = (
    "The Candle-End breaks a tie at the top after all 25 questions. Each tied team writes down one year, like "
    "1890; the year closest to the answer wins, too early or too late alike, and any year beats no year. "
    "'About 1890' counts as 1890, but a range, two years or 'the 1890s' is no year. Still level? One more "
    "year question, then they share the win."
)
_PASSING = (
    "To pass, answer pass, skip or no idea. A pass scores 0, and so does a wrong answer, so a guess "
    "costs nothing."
)
_GOING_OUT = (
    "If a team has to leave, say '{team} is out': they keep their points and are skipped until someone says "
    "'{team} is back'. On the same score, a team still playing ranks above a team that left. If every team "
    "is out, the night ends."
)
_ENDING = (
    "To stop early, say end the night between questions; then every playing team says yes by name, like "
    "'Bats: yes'. The top score wins, and a tie at the top is shared."
)
_ENDING_SOLO = "To stop early, say end the night between questions, then say yes. Your total is your score."
_SAVING = (
    "Say save between questions, and I show a save block. To carry on later, send it before the first "
    "question of a new night."
)


def plain_rule(topic: Topic, night: Night) -> list[str]:
    """A rules question answered in plain words for the night as it stands, then how to hear the card's text."""
    return [*_plain(topic, night), READ_THE_RULE]


def _plain(topic: Topic, night: Night) -> list[str]:
    if topic is Topic.TIES:
        if night.solo:
            return ["Playing solo, nobody can tie with you: your total is your score."]
        return [_TIES]
    if topic is Topic.CANDLE_END:
        return [_CANDLE_END]
    if topic is Topic.PASSING:
        return [_PASSING]
    if topic is Topic.GOING_OUT:
        team = night.playing[-1] if night.playing and not night.solo else Team.OWLS
        return [_GOING_OUT.format(team=team.value)]
    if topic is Topic.ENDING:
        return [_ENDING_SOLO if night.solo else _ENDING]
    if topic is Topic.SAVING:
        mid_question = (
            night.phase not in (Phase.TEAMS, Phase.PICK, Phase.VOTING) and not night.between_questions
        )
        return [_SAVING, "Finish this question first (answer or pass)."] if mid_question else [_SAVING]
    raise AssertionError(f"no plain words for {topic}")
