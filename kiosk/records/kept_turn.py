"""One turn as the journal keeps it: the message, the reply's whole text, whether the night ended, and the
reply's ledger as a value (question count, open cell, teams and scores, Candle-End), so that nothing that
reads a night back has to parse the ledger's wording.

A journal line::

    {"say": "D1", "reply": "...\\n[L] q:1/25 | ...", "over": false,
     "ledger": {"q": 1, "open": "D1", "got": [], "pick": null, "rows": {"A": "1.2.3.4.5", ...},
                "scores": [{"name": "Bats", "score": 0, "out": false}, ...], "ce": null}}

A message typed on the table screen's keyboard also has "by": "Keyboard": its reply was worded for typing,
so a replay words it so too.

Journals written before the ledger was kept as a value have no "ledger": their ledger is read from the
reply's last line, by the engine's one ledger reader.
"""

from __future__ import annotations

from dataclasses import dataclass

from kiosk.engine.by import By
from kiosk.engine.cells import LETTERS
from kiosk.engine.errors import LedgerError
from kiosk.engine.ledger import Ledger, TeamScore, parse_ledger
from kiosk.engine.reply import Reply


class UnreadableTurn(ValueError):
    """A journal line that is not a turn this kiosk wrote."""


@dataclass(frozen=True)
class KeptTurn:
    message: str | None
    """What the table said; None for the opening."""
    reply: str
    """The reply's whole text, ending with its ledger line."""
    over: bool
    ledger: Ledger | None
    """Where the night stood after this reply; None only for an old line whose text holds no ledger."""
    by: By = By.TABLE
    """Who sent the message: its reply is worded for the way it came in, so a replay needs it too."""

    @classmethod
    def of(cls, message: str | None, reply: Reply, by: By = By.TABLE) -> KeptTurn:
        return cls(message, reply.text, reply.over, reply.ledger, by)

    @property
    def ledger_line(self) -> str:
        """The reply's last line: the ledger as the table saw it."""
        return self.reply.rsplit("\n", 1)[-1]

    def as_json(self) -> dict[str, object]:
        entry: dict[str, object] = {"say": self.message, "reply": self.reply, "over": self.over}
        if self.ledger is not None:
            entry["ledger"] = ledger_as_json(self.ledger)
        if self.by is not By.TABLE:
            entry["by"] = self.by.value  # only then: a journal of a night played one way reads as before
        return entry

    @classmethod
    def from_json(cls, entry: dict[str, object]) -> KeptTurn:
        """The turn a journal line holds; UnreadableTurn if it is not one."""
        message, reply, over = entry.get("say"), entry.get("reply"), entry.get("over", False)
        if (
            not isinstance(reply, str)
            or not isinstance(message, (str, type(None)))
            or not isinstance(over, bool)
        ):
            raise UnreadableTurn("not a turn")
        by = _by(entry.get("by", By.TABLE.value))
        if "ledger" in entry:
            return cls(message, reply, over, ledger_from_json(entry["ledger"]), by)
        try:  # a journal of the format before the ledger was kept as a value
            ledger: Ledger | None = parse_ledger(reply.rsplit("\n", 1)[-1])
        except LedgerError:
            ledger = None
        return cls(message, reply, over, ledger, by)


def ledger_as_json(ledger: Ledger) -> dict[str, object]:
    return {
        "q": ledger.q,
        "open": ledger.open,
        "got": list(ledger.got),
        "pick": ledger.pick,
        "rows": {letter: ledger.rows[letter] for letter in LETTERS},
        "scores": [{"name": s.name, "score": s.score, "out": s.out} for s in ledger.scores],
        "ce": None if ledger.ce is None else list(ledger.ce),
    }


def ledger_from_json(value: object) -> Ledger:
    """The ledger a journal line holds as a value; UnreadableTurn if any field is not what was written."""
    if not isinstance(value, dict):
        raise UnreadableTurn("its ledger is not a record")
    rows = value.get("rows")
    if not isinstance(rows, dict) or sorted(rows) != list(LETTERS):
        raise UnreadableTurn("its ledger's board is not five rows")
    scores = value.get("scores")
    if not isinstance(scores, list):
        raise UnreadableTurn("its ledger's scores are not a list")
    ce = value.get("ce")
    return Ledger(
        q=_count(value.get("q")),
        open=_name_or_none(value.get("open")),
        got=_names(value.get("got")),
        pick=_name_or_none(value.get("pick")),
        rows={letter: _text(rows[letter]) for letter in LETTERS},
        scores=tuple(_team_score(score) for score in scores),
        ce=None if ce is None else _names(ce),
    )


def _by(value: object) -> By:
    try:
        return By(value)
    except ValueError:
        raise UnreadableTurn(f"its message was sent by {value!r}, not by the table or the keyboard") from None


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise UnreadableTurn(f"its ledger holds {value!r} where text belongs")
    return value


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise UnreadableTurn(f"its ledger holds {value!r} where a count belongs")
    return value


def _name_or_none(value: object) -> str | None:
    return None if value is None else _text(value)


def _names(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise UnreadableTurn(f"its ledger holds {value!r} where a list of teams belongs")
    return tuple(_text(name) for name in value)


def _team_score(value: object) -> TeamScore:
    if not isinstance(value, dict) or not isinstance(value.get("out"), bool):
        raise UnreadableTurn(f"its ledger holds {value!r} where a team's score belongs")
    return TeamScore(_text(value.get("name")), _count(value.get("score")), value["out"])
