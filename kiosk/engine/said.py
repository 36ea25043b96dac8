"""What the host said, as values: each part of a reply is one of these, holding its lines and what they mean.

A front end draws from these values and never from the wording: the table screen shows a `QuestionAsked`
as a question and a `ReadBack` as the answers in large print, and a change of wording in `say.py` cannot
break it. A reply is a tuple of them (see `reply.py`); its lines are their lines, in order.

    QuestionAsked   a question read aloud: its cell, heading and words
    ReadBack        every answer read back, before "Right?"
    Ruling          a ruling (or the Candle-End's decision), from "The answer" to "Source"
    CandleEndCalled the card's Candle-End line
    Finale          the endgame: who won and why, the RESULT line, the key's SHA-256 and how to check it
    NoKeyToPlay     the card's Rule 2 line and why there is no night
    BoardShown      the board, row by row (a screen draws the board from the ledger instead)
    SaveOffered     a save block and the line before it
    Remark          anything else the host or the kiosk said
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    text: str
    spoken: bool = True
    """False for what only a screen shows: a save block, the RESULT line."""
    private: bool = False
    """Said aloud and printed in the log, but never sent to the table screen (the keyboard's PIN)."""


def lines_of(*texts: str | Line) -> tuple[Line, ...]:
    return tuple(text if isinstance(text, Line) else Line(text) for text in texts)


@dataclass(frozen=True)
class QuestionAsked:
    cell: str
    """A1..E5, or TB1/TB2 for a Candle-End question."""
    heading: str
    """What is said before the question: "Wings & Webs, 1 point", or "Bats and Ghosts, Candle-End question 1"."""
    text: str
    """The question, word for word."""

    @property
    def lines(self) -> tuple[Line, ...]:
        return (Line(f"{self.heading}: {self.text}"),)


@dataclass(frozen=True)
class TeamSaid:
    team: str
    """A team name, or "" on a solo night."""
    said: str
    """The answer as heard (a year in the Candle-End), "pass", "no answer" or "no year"."""


@dataclass(frozen=True)
class ReadBack:
    answers: tuple[TeamSaid, ...]

    @property
    def lines(self) -> tuple[Line, ...]:
        if len(self.answers) == 1 and not self.answers[0].team:
            return (Line(f"I have: {self.answers[0].said}. Right?"),)
        parts = "; ".join(f"{answer.team}: {answer.said}" for answer in self.answers)
        return (Line(f"I have {parts}. Right?"),)


@dataclass(frozen=True)
class Ruling:
    lines: tuple[Line, ...]
    """From "The answer: ..." to "Source: ...", as said."""


@dataclass(frozen=True)
class CandleEndCalled:
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class StillLevelSaid:
    """The Candle-End's first question left these teams level: the second is theirs."""

    teams: tuple[str, ...]
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class Finale:
    """SCORING & ENDGAME 4-7, as said."""

    headline: str | None
    """Who won: "Bats win the night!", "... share the win!", or a solo night's total."""
    body: tuple[str, ...]
    """Every other line the screen shows: the candle line, the totals, the key's closing words."""
    totals: str | None
    """ "Totals out of 75: Bats 7, Ghosts 7." (None on a solo night, whose headline is its total)."""
    why: str | None
    """Why the winners won: "Bats were closest: 1840 against 1812." (None on a solo night)."""
    closing: tuple[str, ...]
    """The closing words: which key was played, the card's closing line, the epilogue."""
    result: str
    """The RESULT line."""
    sha256: str
    check: tuple[str, ...]
    """The lines that say where and how to check the key."""
    lines: tuple[Line, ...]
    """All of it, in the order it is said and shown."""


@dataclass(frozen=True)
class NoKeyToPlay:
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class BoardShown:
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class SaveOffered:
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class FixTaken:
    """A spelled fix taken by voice: the word now in the team's answer (a voice kiosk may read it back
    letter by letter, or ask for it spelled another way)."""

    team: str
    word: str

    @property
    def lines(self) -> tuple[Line, ...]:
        return (Line(f"Fixed: {self.team} said {self.word}."),)


@dataclass(frozen=True)
class Remark:
    lines: tuple[Line, ...]

    @classmethod
    def of(cls, *texts: str | Line) -> Remark:
        return cls(lines_of(*texts))


Said = (
    QuestionAsked
    | ReadBack
    | Ruling
    | CandleEndCalled
    | StillLevelSaid
    | Finale
    | NoKeyToPlay
    | BoardShown
    | SaveOffered
    | FixTaken
    | Remark
)
