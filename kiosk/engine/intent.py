"""Reading a message: `read(text, night) -> Intent`, once per message, before the night is stepped.

An intent is a small frozen value saying what the table meant: a pick, answers, a spelled fix, a dispute,
a yes or no, a vote, a team out or back, a latecomer, a question on rules, board or score, a command, a
save to resume. What a message means depends on the phase (a "yes" confirms a read-back but votes to end
the night), so the night is read, never changed, here.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass

from kiosk.engine import commands as talk
from kiosk.engine.cells import Cell
from kiosk.engine.commands import Command, Movement
from kiosk.engine.facts import CardAnswer, RuleRead, TooLong, Topic
from kiosk.engine.labels import Labelled, named_labels, typed_labels, voice_labels
from kiosk.engine.ledger import is_ledger_line
from kiosk.engine.night import Night, Phase
from kiosk.engine.phrase import opens_with_stall
from kiosk.engine.picks import parse_pick
from kiosk.engine.questions import read_question, read_rule_request
from kiosk.engine.save import holds_save
from kiosk.engine.spelling import spelled_word, spelled_year
from kiosk.engine.teams import Team
from kiosk.engine.text import words_of

MAX_MESSAGE = 4000
"""Characters: a longer message is refused whole rather than half read."""
_CLEARLY_A_COUNT = re.compile(
    r"^(?:no|nope|sorry|actually|wait)\b|\b(?:teams?|solo|just me|alone|on my own|by myself)\b"
)
_SOLO_LABEL = re.compile(r"^\s*(?:\*\*)?(?:you|all|me)(?:\*\*)?\s*[:,\-–—](?:\*\*)?\s*(?=\S)", re.IGNORECASE)


class Plain(enum.Enum):
    """What a message means, when that needs no more than a name."""

    LEDGER_ONLY = "only ledger lines: the host keeps the ledger itself (Rule 10)"
    NAME_ALONE = "a team name alone, which is not a pick"
    ARGUING = "arguing with the key's facts"
    VOTE_NO = "a no to ending the night"
    UNNAMED_YES = "a yes to ending the night without a team's name"
    START_WITH_TEAM = "an unlabelled message that is no question, with nobody it could belong to"
    TEAMS_FIXED = "a team count once play has begun: the teams are fixed at the start"
    STALL = "an unlabelled stall while a question is open, like 'wait': it locks nothing"
    DISPUTE_NOT_NOW = "a dispute or appeal outside the read-back, where a dispute can be made"
    CONFIRM = "yes, the read-back is right"
    DENY = "no, the read-back is not right"
    LATE_ANSWER = "a labelled answer during the read-back: the first answer counts"
    COUNT_UNSURE = "by voice, a lone number after the teams are named: a team count or half a pick"
    UNCLEAR = "nothing the host can act on"


@dataclass(frozen=True)
class Resume:
    text: str


@dataclass(frozen=True)
class SwitchMode:
    voice: bool


@dataclass(frozen=True)
class Do:
    """A command: save, board, repeat, end the night, help."""

    command: Command


@dataclass(frozen=True)
class TeamCount:
    count: int


@dataclass(frozen=True)
class MoveTeam:
    team: Team
    movement: Movement


@dataclass(frozen=True)
class JoinTeam:
    who: str
    team: Team


@dataclass(frozen=True)
class PickCell:
    cell: Cell | None
    """None: "pass" or "you choose"."""
    by: Team | None = None
    """The team that labelled the pick, if one did."""


@dataclass(frozen=True)
class NextPick:
    """A cell the next picker names while a question is open."""

    cell: Cell


@dataclass(frozen=True)
class Asked:
    question: CardAnswer


@dataclass(frozen=True)
class VoteYes:
    teams: tuple[Team, ...]


@dataclass(frozen=True)
class Answers:
    pieces: tuple[Labelled, ...]


@dataclass(frozen=True)
class SpelledFix:
    team: Team
    word: str


@dataclass(frozen=True)
class Dispute:
    """Another team says a fix was not what was said."""

    team: Team | None


@dataclass(frozen=True)
class Continue:
    """By voice, words with no team name continue the answer of the team last named."""

    words: str


Intent = (
    TooLong
    | RuleRead
    | Resume
    | SwitchMode
    | Do
    | TeamCount
    | MoveTeam
    | JoinTeam
    | PickCell
    | NextPick
    | Asked
    | VoteYes
    | Answers
    | SpelledFix
    | Dispute
    | Continue
    | Plain
)


def sanitised(message: str) -> str:
    """NFC, and no control characters but line breaks and tabs."""
    text = unicodedata.normalize("NFC", message)
    return "".join(ch for ch in text if ch in "\n\t" or unicodedata.category(ch)[0] != "C")


def read(message: str, night: Night) -> Intent:
    """What one message means in the night as it stands."""
    if night.phase in (Phase.NO_KEY, Phase.OVER):
        return Plain.UNCLEAR
    text = sanitised(message)
    if len(text) > MAX_MESSAGE:
        return TooLong(len(text))
    lines = text.split("\n")
    kept = [line for line in lines if not is_ledger_line(line)]
    if len(kept) < len(lines) and not "".join(kept).strip():
        return Plain.LEDGER_ONLY
    text = "\n".join(kept)
    if holds_save(text):
        return Resume(text)
    command = talk.parse_command(text)
    if command in (Command.VOICE, Command.TYPING):
        return SwitchMode(command is Command.VOICE)
    if command is Command.HELP:
        return Do(command)
    rule = read_rule_request(words_of(text))
    if rule is not None:
        return rule
    if night.phase is Phase.TEAMS:
        return _read_team_count(text)
    move = talk.parse_team_move(text)
    if move is not None:
        return MoveTeam(move.team, move.movement)
    latecomer = talk.parse_latecomer(text)
    if latecomer is not None:
        return JoinTeam(*latecomer)
    if night.phase is Phase.VOTING:
        vote = _read_vote(text, night)
        if vote is not None:
            return vote
    if night.phase in (Phase.PICK, Phase.VOTING):
        return _read_between(text, command, night)
    if night.phase.reading_back:
        return _read_readback(text, command, night)
    return _read_answers(text, command, night)


def _read_team_count(text: str) -> Intent:
    count = talk.parse_team_count(text)
    if count is not None:
        return TeamCount(count)
    question = read_question(text)
    return Asked(question) if question is not None else Plain.UNCLEAR


def _read_vote(text: str, night: Night) -> Intent | None:
    """Yes by name from playing teams, or a no; None for anything else (which ends the voting)."""
    words = words_of(text)
    if night.solo:
        if talk.is_yes(words):
            return VoteYes((Team.YOU,))
        return Plain.VOTE_NO if talk.is_no(words) else None
    _, parts = voice_labels(words.split())
    said = [(part.who, part.text.strip()) for part in parts if isinstance(part.who, Team)]
    if not said and talk.is_no(words):
        return Plain.VOTE_NO  # anyone's no: the night goes on, said so rather than not understood
    if not said:
        return Plain.UNNAMED_YES if talk.is_yes(words) else None
    if any(talk.is_no(answer) for _, answer in said):
        return Plain.VOTE_NO
    if not all(talk.is_yes(answer) for _, answer in said):
        return None
    return VoteYes(tuple(team for team, _ in said))


def _read_between(text: str, command: Command | None, night: Night) -> Intent:
    """Between questions: a command, a pick, a team count before the first pick, a question."""
    if command is not None:
        return Do(command)
    pick = _pick_in(text, night.voice)
    if pick is not None:
        return pick
    words = words_of(text)
    if Team.from_name(words) is not None:
        return Plain.NAME_ALONE
    if night.questions_read == 0 and night.board.played_count() == 0:
        count = talk.parse_team_count(re.sub(r"^(?:no|nope|sorry|actually|wait)\b\s*", "", words))
        if count is not None and night.voice and not _CLEARLY_A_COUNT.search(words):
            return Plain.COUNT_UNSURE  # by voice a lone number may be half a pick: ask, don't guess
        if count is not None:
            return TeamCount(count)
    elif talk.parse_team_count(words) is not None and (not night.voice or _CLEARLY_A_COUNT.search(words)):
        return Plain.TEAMS_FIXED
    question = read_question(text)
    if talk.is_disputing(text) and (question is None or question.topic is Topic.OUTSIDE):
        return Plain.DISPUTE_NOT_NOW
    if question is not None:
        return Asked(question)
    if talk.is_arguing(text):
        return Plain.ARGUING
    return Plain.UNCLEAR


def _pick_in(text: str, voice: bool) -> PickCell | None:
    """A pick the whole message makes, and the team that labelled it if one did."""
    pick = parse_pick(text)
    if pick is not None:
        return PickCell(pick.cell)
    if voice:
        words = words_of(text).split()
        team = Team.from_name(words[0]) if words else None
        pick = parse_pick(" ".join(words[1:])) if team is not None else None
        return PickCell(pick.cell, team) if pick is not None else None
    lead, parts = typed_labels(text)
    if len(parts) == 1 and not lead.strip() and isinstance(parts[0].who, Team):
        pick = parse_pick(parts[0].text)
        if pick is not None:
            return PickCell(pick.cell, parts[0].who)
    return None


def _read_fix(text: str, night: Night) -> Intent | None:
    """A team spelling a word of its locked answer, or another team disputing the last fix."""
    words = words_of(text).split()
    if talk.is_dispute(" ".join(words)):
        return Dispute(next((t for t in (Team.from_name(w) for w in words) if t is not None), None))
    team = Team.from_name(words[0]) if len(words) >= 3 else None
    if team is None or team not in night.answering() or not night.locked(team):
        return None
    # In the Candle-End the word to fix is a year, spelled digit by digit.
    spelled = spelled_year(words[1:]) if night.open_tiebreak is not None else spelled_word(words[1:])
    return SpelledFix(team, spelled) if spelled is not None else None


def _read_readback(text: str, command: Command | None, night: Night) -> Intent:
    """By voice, after every team answered: yes rules, no asks for a fix, a spelling fixes a word."""
    words = words_of(text)
    if command is not None:
        return Do(command)
    if talk.is_yes(words):
        return Plain.CONFIRM
    if talk.is_no(words):
        return Plain.DENY
    fix = _read_fix(text, night)
    if fix is not None:
        return fix
    if night.open_cell is not None:
        pick = parse_pick(text)
        if pick is not None and pick.cell is not None:
            return NextPick(pick.cell)  # a typed or spoken pick is never glued to an answer
    _, parts = voice_labels(words.split())
    question = read_question(text)
    if not parts and question is not None and question.topic is not Topic.OUTSIDE:
        return Asked(question)
    if not parts and night.last_named is not None and words:
        return Continue(words)
    if parts:
        return Plain.LATE_ANSWER
    if question is not None:
        return Asked(question)
    return Plain.UNCLEAR


def _read_answers(text: str, command: Command | None, night: Night) -> Intent:
    """While a question is open: a command, a fix by voice, the next pick, or answers (Rule 7)."""
    if command is not None:
        return Do(command)
    if night.voice:
        fix = _read_fix(text, night)
        if fix is not None:
            return fix
    if night.open_cell is not None:
        named = night.voice and any(Team.from_name(word) for word in words_of(text).split())
        pick = None if named else parse_pick(text)  # by voice a team name starts an answer
        if pick is not None and pick.cell is not None:
            return NextPick(pick.cell)
    question = read_question(text)
    on_card = question is not None and question.topic is not Topic.OUTSIDE
    disputing = talk.is_disputing(text) and not on_card
    if night.solo:
        # Solo (Rule 7): any message but a pick, command or question on rules, board or score is the answer.
        if on_card and question is not None:
            return Asked(question)
        said = words_of(text) if night.voice else text
        return Answers((Labelled(Team.YOU, _SOLO_LABEL.sub("", said, count=1)),))
    if night.voice:
        lead_words, parts = voice_labels(words_of(text).split())
        lead = " ".join(lead_words)
    else:
        lead, parts = typed_labels(text)
        if not parts and not disputing:
            parts = named_labels(text)  # "Bats echolocation": a team's name and its answer, as by voice
    if disputing and not typed_labels(text)[1]:
        return Plain.DISPUTE_NOT_NOW
    if parts:
        return Answers(tuple(parts))
    if on_card and question is not None:
        return Asked(question)
    target = _unlabelled_target(night)
    if target is not None:
        return Answers((Labelled(target, lead),))
    if question is not None:
        return Asked(question)
    if talk.is_arguing(text):
        return Plain.ARGUING
    if opens_with_stall(text.strip().lower()):
        return Plain.STALL
    return Plain.START_WITH_TEAM


def _unlabelled_target(night: Night) -> Team | None:
    """Who an unlabelled message belongs to: by voice the team last named; typed, the one team left."""
    if night.voice:
        return night.last_named
    left = night.still_to_answer()
    return left[0] if len(left) == 1 else None
