"""What stepping the night found, as values: each card section returns these, and `say` words them.

A section never composes a sentence; `say.py` holds every sentence the host composes, and `cartridge.py`
every line the card fixes.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kiosk.engine.cells import Cell, Tiebreak
from kiosk.engine.key import NotForm
from kiosk.engine.night import End
from kiosk.engine.teams import Team


class Note(enum.Enum):
    """A fixed sentence, which may name a team or a cell."""

    NIGHT_OVER = "night over"
    LEDGER_TYPED = "ledger typed"
    VOICE_ON = "voice on"
    TYPING_ON = "typing on"
    TOO_MANY_TEAMS = "too many teams"
    TEAM_COUNT_KEPT = "team count kept"
    SAY_TEAMS = "say teams"
    SAVE_TOO_LATE = "save too late"
    NO_QUESTION_OPEN = "no question open"
    NOT_YOUR_PICK = "not your pick"
    CELL_PLAYED = "cell played"
    NAME_ALONE = "name alone"
    ARGUING = "arguing"
    VOTES_BY_NAME = "votes by name"
    NIGHT_GOES_ON = "night goes on"
    NOT_PLAYING = "not playing"
    ALREADY_PLAYING = "already playing"
    WELCOME_BACK = "welcome back"
    ALREADY_OUT = "already out"
    OUT_CANNOT_ANSWER = "out cannot answer"
    ALREADY_ANSWERED = "already answered"
    QUESTION_MARK = "question mark"
    START_WITH_TEAM = "start with team"
    SAVE_NOT_NOW = "save not now"
    END_NOT_NOW = "end not now"
    NEXT_PICK_TAKEN = "next pick taken"
    NEXT_PICK_REFUSED = "next pick refused"
    FIX_HOW = "fix how"
    FIX_YEAR_HOW = "fix year how"
    FIRST_ANSWER_COUNTS = "first answer counts"
    FIRST_YEAR_COUNTS = "first year counts"
    SAY_YES_OR_FIX = "say yes or fix"
    SAY_YES_OR_FIX_YEAR = "say yes or fix year"
    NO_FIX_TO_UNDO = "no fix to undo"
    ONLY_ANOTHER_TEAM = "only another team"
    FIX_UNDONE = "fix undone"
    NOT_HEARD = "not heard"
    NOT_UNDERSTOOD = "not understood"
    TEAMS_FIXED = "teams fixed"
    STALL_LOCKS_NOTHING = "stall locks nothing"
    DISPUTE_WHEN = "dispute when"
    NOT_IN_CANDLE_END = "not in the candle-end"
    FAULT = "fault"


class Part(enum.Enum):
    """A part of the reply worded from the night as it now stands."""

    PROMPT = "what the host is waiting for, said again"
    HOW_TO_PLAY = "HOW TO PLAY, word for word"
    BOARD = "the board"
    SCORES = "the scores"
    QUESTION = "the open question, word for word"
    VOTES = "who is still to say yes to ending the night"
    READ_BACK = "every answer read back in one line"
    CANDLE_END = "the Candle-End's opening line"
    HELP = "what can be said now"


@dataclass(frozen=True)
class Noted:
    note: Note
    team: Team | None = None
    cell: Cell | None = None
    others: tuple[Team, ...] = ()
    """Teams the note names besides `team` (who answers the Candle-End)."""


@dataclass(frozen=True)
class TooLong:
    characters: int


@dataclass(frozen=True)
class PickPrompt:
    offer_save: bool = False


@dataclass(frozen=True)
class TeamsNamed:
    teams: tuple[Team, ...]


@dataclass(frozen=True)
class SaveShown:
    block: str


@dataclass(frozen=True)
class SaveResumed:
    turn: int


@dataclass(frozen=True)
class CarriedOn:
    """A kept night taken up again: how many cells were played before it stopped."""

    played: int


@dataclass(frozen=True)
class SaveRefused:
    reason: str
    foreign: bool


@dataclass(frozen=True)
class QuestionRead:
    cell: Cell


@dataclass(frozen=True)
class TeamOut:
    team: Team
    points: int
    kept_answer: bool


@dataclass(frozen=True)
class Latecomer:
    name: str
    team: Team
    playing: bool


@dataclass(frozen=True)
class Fixed:
    team: Team
    word: str


class Verdict(enum.Enum):
    RIGHT = "right"
    WRONG = "wrong"
    PASS = "pass"
    NO_ANSWER = "no answer"
    OUT = "out"


@dataclass(frozen=True)
class Result:
    team: Team
    verdict: Verdict
    points: int = 0
    not_form: NotForm | None = None


@dataclass(frozen=True)
class Ruled:
    cell: Cell
    answer: str
    results: tuple[Result, ...]
    source: str


@dataclass(frozen=True)
class NumberMisspelled:
    """Why a wrong answer scored 0 when the table may expect a letter out to count: a number word spelled
    wrong is not the number (Rule 8)."""

    team: Team
    said: str
    number_word: str


@dataclass(frozen=True)
class TiebreakRead:
    tied: tuple[Team, ...]
    tiebreak: Tiebreak
    question: str


@dataclass(frozen=True)
class YearGiven:
    """A tied team's Candle-End year, and how far it is from the answer's year (None: no year)."""

    team: Team
    year: int | None
    off: int | None

    @staticmethod
    def of(team: Team, year: int | None, answer_year: int) -> YearGiven:
        return YearGiven(team, year, None if year is None else abs(year - answer_year))


@dataclass(frozen=True)
class TiebreakDecided:
    answer: str
    answer_year: int
    years: tuple[YearGiven, ...]
    source: str
    level: tuple[Team, ...]
    """The teams closest to the answer (any year beats no year): one is the winner; more are still level."""


@dataclass(frozen=True)
class StillLevel:
    teams: tuple[Team, ...]


class Why(enum.Enum):
    """Why the winners won: what the finale says after the totals."""

    SOLO = "a solo night: the total is the score"
    TOP_TOTAL = "the highest total"
    PLAYING_ABOVE_OUT = "level with a team that left, and a playing team ranks above it"
    SHARED_TOTAL = "level at the top on a night that was closed (or only out teams level): shared"
    CLOSEST = "the Candle-End: the closest year"
    ONLY_YEAR = "the Candle-End: the only year given (any year beats no year)"
    STILL_LEVEL = "the Candle-End: still level after TB2, so shared"
    LAST_IN_CANDLE = "the Candle-End: the other tied teams went out"


@dataclass(frozen=True)
class NightEnded:
    end: End
    winners: tuple[Team, ...]
    top: int
    why: Why = Why.TOP_TOTAL
    decided: TiebreakDecided | None = None
    """The Candle-End question that decided the night, if one did."""


class Topic(enum.Enum):
    """What a question on rules, board or score is about (Rule 6); OUTSIDE is anything else."""

    SCORE = "score"
    TEAM_POINTS = "a team's points"
    CELL_WORTH = "a cell's worth"
    CELLS_LEFT = "cells left"
    CELLS_PLAYED = "cells played"
    BOARD = "board"
    PICK = "whose pick"
    RULES = "how to play"
    PASSING = "passing"
    TIES = "ties"
    CANDLE_END = "candle-end"
    GOING_OUT = "going out"
    ENDING = "ending"
    SAVING = "saving"
    OUTSIDE = "outside the card"


@dataclass(frozen=True)
class RuleRead:
    """ "Read the rule": the card's own words on a topic (None: no rule asked about yet)."""

    topic: Topic | None


@dataclass(frozen=True)
class CardAnswer:
    """Rule 6: a question answered from the card (see `questions.py`); OUTSIDE gets the card's refusal."""

    topic: Topic
    team: Team | None = None
    cell: Cell | None = None


Fact = (
    Part
    | Noted
    | TooLong
    | PickPrompt
    | TeamsNamed
    | SaveShown
    | SaveResumed
    | CarriedOn
    | SaveRefused
    | QuestionRead
    | TeamOut
    | Latecomer
    | Fixed
    | Ruled
    | NumberMisspelled
    | TiebreakRead
    | TiebreakDecided
    | StillLevel
    | NightEnded
    | CardAnswer
    | RuleRead
)
