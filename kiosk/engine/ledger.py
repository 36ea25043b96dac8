"""Rule 1's LEDGER line, written at the end of every reply and read back by tests and tools.

    [L] q:3/25 | open:B2 got:Bats | pick:Owls | A:1.BG.?.-.5 B:... | Bats 4 Ghosts 2 out Owls 0 | v1.0.0

In the Candle-End, "| ce:{tied teams}" stands before the version. Team lists are joined by commas; "out"
follows the score of a team that left.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kiosk.cartridge import CELL_COUNT, VERSION
from kiosk.engine.cells import LETTERS
from kiosk.engine.errors import LedgerError

__all__ = ["NONE", "Ledger", "LedgerError", "TeamScore", "is_ledger_line", "parse_ledger"]
NONE = "—"


@dataclass(frozen=True)
class TeamScore:
    name: str
    score: int
    out: bool = False


@dataclass(frozen=True)
class Ledger:
    q: int
    open: str | None
    got: tuple[str, ...]
    pick: str | None
    rows: dict[str, str]
    """Slots per category letter, e.g. {"A": "1.BG.?.-.5", ...}."""
    scores: tuple[TeamScore, ...]
    ce: tuple[str, ...] | None = None

    def format(self) -> str:
        board = " ".join(f"{letter}:{self.rows[letter]}" for letter in LETTERS)
        scores = " ".join(f"{s.name} {s.score}" + (" out" if s.out else "") for s in self.scores) or NONE
        parts = [
            f"[L] q:{self.q}/{CELL_COUNT}",
            f"open:{self.open or NONE} got:{','.join(self.got) or NONE}",
            f"pick:{self.pick or NONE}",
            board,
            scores,
        ]
        if self.ce is not None:
            parts.append("ce:" + ",".join(self.ce))
        parts.append(VERSION)
        return " | ".join(parts)


_LINE = re.compile(
    r"^\[L\] q:(?P<q>\d+)/25 \| open:(?P<open>\S+) got:(?P<got>\S+) \| pick:(?P<pick>\S+) \| "
    r"(?P<board>A:\S+ B:\S+ C:\S+ D:\S+ E:\S+) \| (?P<scores>.+?)(?: \| ce:(?P<ce>\S+))? \| v1\.0\.0$"
)
_SCORE = re.compile(r"(?P<name>[A-Z][a-z]+) (?P<score>\d+)(?P<out> out)?")


def parse_ledger(line: str) -> Ledger:
    match = _LINE.match(line.strip())
    if not match:
        raise LedgerError(f"not a ledger line: {line[:80]!r}")
    rows = dict(part.split(":", 1) for part in match["board"].split())
    scores: tuple[TeamScore, ...] = ()
    if match["scores"] != NONE:
        scores = tuple(
            TeamScore(m["name"], int(m["score"]), bool(m["out"])) for m in _SCORE.finditer(match["scores"])
        )

    def names(value: str) -> tuple[str, ...]:
        return () if value == NONE else tuple(value.split(","))

    return Ledger(
        q=int(match["q"]),
        open=None if match["open"] == NONE else match["open"],
        got=names(match["got"]),
        pick=None if match["pick"] == NONE else match["pick"],
        rows=rows,
        scores=scores,
        ce=None if match["ce"] is None else names(match["ce"]),
    )


def is_ledger_line(line: str) -> bool:
    """Lines the table types that look like ledger lines are ignored (Rule 10)."""
    return line.lstrip().startswith("[L]")
