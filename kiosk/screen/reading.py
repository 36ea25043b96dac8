"""What one host reply holds, read from its lines: a question read, a read-back, a ruling, the Candle-End, the
finale, and whatever else the host said.

The host's replies are values with plain lines; the screen learns what they mean from the card's fixed wording
(kiosk.cartridge) and the ledger that ends every reply. A line is only ever shown if the host said it, so the
screen can never show more than the table has heard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kiosk import cartridge as card
from kiosk.engine.ledger import Ledger

SAVE_BEGINS = "-----BEGIN AIGC SAVE-----"
_TITLES = "|".join(re.escape(category.title) for category in card.CATEGORIES)
_QUESTION = re.compile(rf"^(?P<title>{_TITLES}), (?P<points>[1-5]) points?: (?P<text>.+)$", re.DOTALL)
_TIEBREAK = re.compile(r"^(?P<teams>.+), Candle-End question (?P<number>[12]): (?P<text>.+)$", re.DOTALL)
_READBACK = re.compile(r"^I have:? (?P<body>.+)\. Right\?$", re.DOTALL)
_TEAM_SAID = re.compile(r"^(?P<team>Bats|Ghosts|Owls|Toads): (?P<said>.*)$", re.DOTALL)
_BOARD_ROW = re.compile(rf"^[A-E] · (?:{_TITLES}): ")
_WINNER = re.compile(r"(?: win the night!| share the win!)$|^Your total: ")
_SHA256 = re.compile(r"\b[0-9a-f]{64}\b")


@dataclass(frozen=True)
class QuestionRead:
    """A question as the host read it aloud: where it sits and its words."""

    cell: str
    """A1..E5, or TB1/TB2 for a Candle-End question."""
    heading: str
    """What the host said before the question: "Wings & Webs, 1 point" or "Bats and Ghosts, Candle-End
    question 1"."""
    text: str


@dataclass(frozen=True)
class TeamSaid:
    team: str
    """A team name, or "" on a solo night."""
    said: str


@dataclass(frozen=True)
class Finale:
    """The endgame as said: the candle line, totals and winner, the RESULT line and the key's SHA-256."""

    headline: str | None
    """Who won: "Bats win the night!", "... share the win!", or a solo night's total."""
    lines: tuple[str, ...]
    """Every other line from the candle line on, but the RESULT line and the checking lines."""
    result: str | None
    sha256: str | None
    check: tuple[str, ...]
    """The lines that say where and how to check the key."""


@dataclass(frozen=True)
class Reading:
    question: QuestionRead | None = None
    readback: tuple[TeamSaid, ...] | None = None
    ruling: tuple[str, ...] | None = None
    """From "The answer: ..." to "Source: ...", as said (the last ruling when a reply holds two)."""
    candle_end: bool = False
    """The card's Candle-End line was said."""
    finale: Finale | None = None
    notes: tuple[str, ...] = ()
    """Everything else the host showed, in order (not the board rows, which the board shows)."""
    no_key: bool = False


def read_reply(lines: tuple[str, ...], ledger: Ledger) -> Reading:
    """Sort a reply's lines by what they are. `ledger` is the ledger that ended the reply."""
    question: QuestionRead | None = None
    readback: tuple[TeamSaid, ...] | None = None
    ruling: tuple[str, ...] | None = None
    ruling_lines: list[str] | None = None
    candle_end = False
    finale_at: int | None = None
    notes: list[str] = []
    for index, line in enumerate(lines):
        if finale_at is not None:
            break
        if ruling_lines is not None:
            ruling_lines.append(line)
            if line.startswith("Source: "):
                ruling, ruling_lines = tuple(ruling_lines), None
            continue
        if line.startswith("The answer: "):
            ruling_lines = [line]
        elif line == card.CANDLE_BURNS:
            finale_at = index
        elif line == card.CANDLE_END:
            candle_end = True
        elif (read := _question(line, ledger)) is not None:
            question = read
        elif (said := _readback(line)) is not None:
            readback = said
        elif line.startswith(SAVE_BEGINS) or line == card.BOARD_HEADING or _BOARD_ROW.match(line):
            continue
        else:
            notes.append(line)
    finale = _finale(lines[finale_at:]) if finale_at is not None else None
    return Reading(
        question=question,
        readback=readback,
        ruling=ruling,
        candle_end=candle_end,
        finale=finale,
        notes=tuple(notes),
        no_key=card.NO_KEY in lines,
    )


def _question(line: str, ledger: Ledger) -> QuestionRead | None:
    """A question counts only when the ledger shows its cell open: the card's reading order (RESOLUTION 1)."""
    match = _QUESTION.match(line)
    if match:
        letter = next(c.letter for c in card.CATEGORIES if c.title == match["title"])
        cell = f"{letter}{match['points']}"
        if ledger.open == cell:
            heading = line[: match.start("text")].rstrip(": ")
            return QuestionRead(cell, heading, match["text"])
    match = _TIEBREAK.match(line)
    if match and ledger.open == f"TB{match['number']}":
        heading = line[: match.start("text")].rstrip(": ")
        return QuestionRead(f"TB{match['number']}", heading, match["text"])
    return None


def _readback(line: str) -> tuple[TeamSaid, ...] | None:
    match = _READBACK.match(line)
    if not match:
        return None
    if line.startswith("I have: "):
        return (TeamSaid("", match["body"]),)
    parts = []
    for part in match["body"].split("; "):
        said = _TEAM_SAID.match(part)
        if said is None:
            return None
        parts.append(TeamSaid(said["team"], said["said"]))
    return tuple(parts)


def _finale(lines: tuple[str, ...]) -> Finale:
    result = next((line for line in lines if line.startswith("RESULT: AIGC|")), None)
    sha = next((m[0] for line in lines if (m := _SHA256.search(line))), None)
    check = tuple(line for line in lines if _SHA256.search(line) or card.VERIFY_SITE in line)
    headline = next((line for line in lines if _WINNER.search(line)), None)
    kept = tuple(line for line in lines if line not in (result, headline) and line not in check)
    return Finale(headline, kept, result, sha, check)
