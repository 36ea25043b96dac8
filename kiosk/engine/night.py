"""The night's state: every phase declared, the open question as a value, and the queries on who plays.

Phases of a night::

    NO_KEY                        (Rules 2-3: the key was not whole; every reply is the Rule 2 line)
    TEAMS -> PICK <-> QUESTION [-> READBACK by voice] -> PICK ...
             PICK <-> VOTING      ("end the night": every playing team says yes by name)
    ... -> CANDLE [-> CANDLE_READBACK by voice] -> OVER
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace

from kiosk.engine.board import Board
from kiosk.engine.cells import Cell, Tiebreak
from kiosk.engine.phrase import Outcome, Phrase
from kiosk.engine.teams import Team


class Phase(enum.Enum):
    NO_KEY = "no key"
    TEAMS = "teams"
    PICK = "pick"
    VOTING = "voting"
    QUESTION = "question"
    READBACK = "read-back"
    CANDLE = "candle-end"
    CANDLE_READBACK = "candle-end read-back"
    OVER = "over"

    @property
    def collecting(self) -> bool:
        """A question (a cell or a Candle-End question) is open and answers are coming in."""
        return self in (Phase.QUESTION, Phase.CANDLE)

    @property
    def reading_back(self) -> bool:
        return self in (Phase.READBACK, Phase.CANDLE_READBACK)


class End(enum.Enum):
    PLAYED = "played"
    CLOSED = "closed"


OpenQuestion = Cell | Tiebreak
"""What is open: a board cell, or a Candle-End question."""


@dataclass(frozen=True)
class Answer:
    """A team's answer to the open question (or Candle-End year), as it stands."""

    text: str
    phrase: Phrase
    year: int | None = None

    @property
    def locked(self) -> bool:
        return self.phrase.outcome is not Outcome.NOTHING

    @property
    def read_back(self) -> str:
        """The answer as the read-back says it: the words that count, "pass", or "no answer"."""
        if self.phrase.outcome is Outcome.NOTHING:
            return "no answer"
        return self.phrase.text if self.phrase.outcome is Outcome.LOCKED else "pass"


@dataclass(frozen=True)
class Fix:
    """A spelled fix by voice, kept so that another team can undo it."""

    team: Team
    index: int
    before: str


@dataclass
class Night:
    """Everything the host remembers. The ledger and a save are views of this."""

    phase: Phase = Phase.TEAMS
    voice: bool = False
    teams: tuple[Team, ...] = ()
    out: set[Team] = field(default_factory=set)
    board: Board = field(default_factory=Board)
    picker: Team | None = None
    open: OpenQuestion | None = None
    answers: dict[Team, Answer] = field(default_factory=dict)
    next_pick: Cell | None = None
    """A cell the next picker named while a question was open; read after the ruling."""
    last_named: Team | None = None
    fixes: list[Fix] = field(default_factory=list)
    votes: set[Team] = field(default_factory=set)
    """Teams that said yes to ending the night (VOTING)."""
    tied: tuple[Team, ...] = ()
    """Teams still level in the Candle-End."""
    tiebreaks_read: int = 0
    questions_read: int = 0
    """Questions read in this sitting: a save is read only before the first."""
    end: End | None = None
    rule_asked: str | None = None
    """The rule last asked about in plain words (a Topic's value), which "read the rule" reads from the card."""

    def copy(self) -> Night:
        """A copy to restore if a message breaks a rule midway. Only these parts change in place; the rest
        are immutable values (and a deep copy would cost more than the message itself)."""
        return replace(
            self,
            out=set(self.out),
            board=self.board.copy(),
            answers=dict(self.answers),
            fixes=list(self.fixes),
            votes=set(self.votes),
        )

    def clear_answers(self) -> None:
        """Forget the answers, fixes and last-named team of a question that is over or about to begin."""
        self.answers = {}
        self.fixes = []
        self.last_named = None

    # --- queries -----------------------------------------------------------------------------------------

    @property
    def solo(self) -> bool:
        return self.teams == (Team.YOU,)

    @property
    def playing(self) -> tuple[Team, ...]:
        return tuple(team for team in self.teams if team not in self.out)

    @property
    def open_id(self) -> str | None:
        return None if self.open is None else str(self.open)

    @property
    def open_cell(self) -> Cell | None:
        return self.open if isinstance(self.open, Cell) else None

    @property
    def open_tiebreak(self) -> Tiebreak | None:
        return self.open if isinstance(self.open, Tiebreak) else None

    def answering(self) -> tuple[Team, ...]:
        """Who answers the open question: the playing teams, or in the Candle-End the tied teams."""
        if self.open is None:
            return ()
        if isinstance(self.open, Tiebreak):
            return self.tied
        return self.playing

    def read_back_of(self, team: Team) -> str:
        """A team's answer as the read-back says it: its year in the Candle-End ("no year" without one)."""
        answer = self.answers.get(team)
        if self.open_tiebreak is not None:
            return str(answer.year) if answer and answer.year is not None else "no year"
        return answer.read_back if answer else "no answer"

    def locked(self, team: Team) -> bool:
        answer = self.answers.get(team)
        return answer is not None and answer.locked

    def still_to_answer(self) -> list[Team]:
        return [team for team in self.answering() if not self.locked(team)]

    def got(self) -> tuple[Team, ...]:
        """Teams whose answer is locked: a team that went out after locking keeps its answer, so stays."""
        order = self.tied if isinstance(self.open, Tiebreak) else self.teams
        return tuple(team for team in order if self.locked(team))

    def score(self, team: Team) -> int:
        return self.board.points_of(team)

    @property
    def turns(self) -> int:
        """Cells ruled, plus Candle-End questions read (the RESULT line's turns)."""
        return self.board.played_count() + self.tiebreaks_read

    def top(self) -> int:
        return max(self.score(team) for team in self.teams)

    def contenders(self) -> tuple[Team, ...]:
        """Who holds the top: playing teams rank above out teams on the same total."""
        top = self.top()
        at_top = [team for team in self.teams if self.score(team) == top]
        playing = [team for team in at_top if team not in self.out]
        return tuple(playing or at_top)

    @property
    def between_questions(self) -> bool:
        """Save and "end the night" come only here (and before a Candle-End question is answered)."""
        return self.phase in (Phase.PICK, Phase.VOTING) or (self.phase is Phase.CANDLE and not self.answers)

    def pass_pick(self) -> None:
        """The pick passes to the next playing team in order (or to the first, when nobody holds it)."""
        playing = self.playing
        if not playing:
            return
        if self.picker is None or self.picker not in self.teams:
            self.picker = playing[0]
            return
        start = self.teams.index(self.picker)
        for step in range(1, len(self.teams) + 1):
            candidate = self.teams[(start + step) % len(self.teams)]
            if candidate not in self.out:
                self.picker = candidate
                return
