"""What the table says that is not an answer: commands, team counts, questions, comings and goings."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from kiosk.engine.teams import TEAM_PATTERN, Team
from kiosk.engine.text import words_of

_NAMES = TEAM_PATTERN


class Command(enum.Enum):
    SAVE = "save"
    BOARD = "board"
    REPEAT = "repeat"
    END = "end the night"
    VOICE = "voice"
    TYPING = "typing"
    HELP = "help"


_COMMANDS = {
    Command.SAVE: r"(?:please )?save(?: (?:the|our) (?:night|game))?(?: please)?",
    Command.BOARD: r"(?:show (?:us |me )?)?(?:the )?board(?: please)?",
    Command.REPEAT: r"(?:please )?(?:repeat|say (?:it|that) again|read (?:it|that) again|again)(?: please)?"
    r"(?: the question)?",
    Command.END: r"(?:lets |we want to |can we |please )?end (?:the|this) night(?: please| now)?",
    Command.VOICE: r"(?:(?:lets|we ll|we will|we want to|can we|please|ok) )*(?:switch to |use |play (?:by|with) |"
    r"go to )?voice(?: mode| please| now)?|we(?: are|re)? playing by voice|voice on",
    Command.TYPING: r"(?:switch (?:back )?to |go back to )?(?:typing|text|keyboard)(?: mode)?",
    Command.HELP: r"(?:please )?help(?: me| us)?(?: please)?|what can (?:we|i) say(?: now)?|i need help",
}
_COMMAND_PATTERNS = [(command, re.compile(pattern)) for command, pattern in _COMMANDS.items()]


def parse_command(text: str) -> Command | None:
    words = words_of(text)
    for command, pattern in _COMMAND_PATTERNS:
        if pattern.fullmatch(words):
            return command
    return None


_COUNTS = {
    "solo": 1,
    "one": 1,
    "1": 1,
    "alone": 1,
    "just me": 1,
    "me": 1,
    "single": 1,
    "one team": 1,
    "two": 2,
    "2": 2,
    "three": 3,
    "3": 3,
    "four": 4,
    "4": 4,
    "five": 5,
    "5": 5,
    "six": 6,
    "6": 6,
    "seven": 7,
    "eight": 8,
}
_COUNT_FILLER = re.compile(
    r"\b(?:we(?:re| are)?|are|is|it s|its|playing|play|as|teams?|of us|groups?|please|ok|okay|um|"
    r"well|lets|go|with|players?|people|and|i m|im|just|only|in)\b"
)


_SOLO = re.compile(r"\b(?:solo|just me|on my own|by myself|alone)\b")
_MOST_BESIDE_SOLO = 2
"""Words a solo message may say besides its filler ("solo tonight"): a longer one is about something else
(party talk heard between questions, "right now eighteen alone a lot of the and yeah", began a solo night)."""


def parse_team_count(text: str) -> int | None:
    """How many teams the table says it is: 1 for solo; None if it did not say."""
    words = words_of(text)
    rest = " ".join(_COUNT_FILLER.sub(" ", words).split())
    if _SOLO.search(words):
        return 1 if len(_SOLO.sub(" ", rest).split()) <= _MOST_BESIDE_SOLO else None
    return _COUNTS.get(rest)


class Movement(enum.Enum):
    OUT = "out"
    BACK = "back"


@dataclass(frozen=True)
class TeamMove:
    team: Team
    movement: Movement


_LEAVING = (
    r"(?:is|are|s|have|has|went|got) (?:out|left|gone|off|leaving|going|going home|dropping out)|"
    r"(?:have to|has to|must|need to|needs to|want to|wants to|gotta|got to|are going to|is going to) "
    r"(?:leave|go|go home|go out|stop)|"
    r"leave|leaves|left|quit|quits|are off|is off|went home|go home|drop out|drops out|dropped out|"
    r"(?:have|has) (?:gone|dropped out|quit)"
)
_COMING_BACK = (
    r"(?:is|are|s) (?:back|here again|returning|coming back|rejoining)|"
    r"(?:came|come|comes|have come|has come|got|get|gets) back|"
    r"(?:have|has) (?:returned|rejoined|come back)|rejoin|rejoins|rejoined|return|returns|returned"
)
_MOVE = re.compile(
    rf"^(?:the )?(?P<team>{_NAMES}) (?:(?P<out>{_LEAVING})|(?P<back>{_COMING_BACK}))"
    r"(?: now| for now| home| early| for a bit| for a while| please| again)*$"
)


def parse_team_move(text: str) -> TeamMove | None:
    """ "{Team} is out" or "{Team} is back", and the common ways of saying so ("Ghosts have to leave",
    "Ghosts came back")."""
    match = _MOVE.match(words_of(text))
    if not match:
        return None
    team = Team.from_name(match["team"])
    assert team is not None
    return TeamMove(team, Movement.BACK if match["back"] else Movement.OUT)


_JOIN = re.compile(
    rf"^(?:(?P<who>[\w ]{{1,40}}?) )?(?:joins|is joining|will join|has joined|joined|can join|goes with|"
    rf"goes on|is on|plays with|sits with) (?:the )?(?:team )?(?P<team>{_NAMES})$"
)


def parse_latecomer(text: str) -> tuple[str, Team] | None:
    """A latecomer joining a team: "Sam joins Ghosts" -> ("Sam", Ghosts)."""
    match = _JOIN.match(words_of(text))
    if not match:
        return None
    team = Team.from_name(match["team"])
    assert team is not None
    return (match["who"] or "").strip(), team


_YES_WORDS = r"(?:yes|yeah|yep|yup|right|correct|thats right|that is right|ok|okay|sure|agreed|aye|y)"
_NO_WORDS = r"(?:no|nope|nah|not yet|wrong|thats wrong|that is wrong|not right|n)"
# Said twice, or two ways ("yes, yes", "yeah, yes", "no, no"), it is still one yes or no.
_YES = re.compile(rf"^{_YES_WORDS}(?: {_YES_WORDS})*$")
_NO = re.compile(rf"^{_NO_WORDS}(?: {_NO_WORDS})*$")


def is_yes(words: str) -> bool:
    return bool(_YES.match(words))


def is_no(words: str) -> bool:
    return bool(_NO.match(words))


_ARGUING = re.compile(
    r"\b(?:(?:thats|that is|that was|youre|you are|the key is|your answer is) (?:wrong|incorrect)|"
    r"should (?:have been|be) (?:right|correct)|not fair|unfair|thats not right|we were right|we should get|"
    r"recount|the answer is actually|i disagree|we disagree)\b"
)


def is_arguing(text: str) -> bool:
    return bool(_ARGUING.search(words_of(text)))


_DISPUTE = re.compile(r"\bnot what (?:was|we|they|he|she|you|i) (?:said|say|meant)\b|\bwe didnt say that\b")


_DISPUTING = re.compile(
    r"\b(?:disputes?|disputed|disputing|appeal|appeals|appealing|challenge|object|objection)\b"
)


def is_disputing(text: str) -> bool:
    """A dispute or appeal in any words: only the read-back takes one (a spelled fix that was not said)."""
    return bool(_DISPUTING.search(words_of(text)))


def is_dispute(words: str) -> bool:
    """ "That was not what was said": undoes the last spelled fix."""
    return bool(_DISPUTE.search(words))
