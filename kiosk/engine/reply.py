"""What the host says back: the parts of the reply as values (`said.py`), and the ledger as a value.

The lines to speak and show are the parts' lines, in order; the LEDGER line is the ledger's own text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kiosk.engine.ledger import Ledger
from kiosk.engine.said import Line, Remark, Said

__all__ = ["Line", "Reply"]


@dataclass(frozen=True)
class Reply:
    said: tuple[Said, ...]
    """What was said, part by part, each with its lines."""
    ledger: Ledger
    """The night's LEDGER (Rule 1): shown at the end of every reply, never spoken."""
    save_block: str | None = None
    """A save block, for the adapter to keep in a file as well as show."""
    over: bool = False
    """The night has ended (after the RESULT line) or cannot happen (no key)."""

    @classmethod
    def of_lines(cls, texts: Iterable[str | Line], ledger: Ledger) -> Reply:
        """A reply of plain remarks: the kiosk's own words around a night."""
        return cls((Remark.of(*texts),), ledger)

    @property
    def lines(self) -> tuple[Line, ...]:
        return tuple(line for part in self.said for line in part.lines)

    @property
    def speech(self) -> str:
        """The words to say aloud, in order."""
        return " ".join(line.text for line in self.lines if line.spoken and line.text)

    @property
    def ledger_line(self) -> str:
        return self.ledger.format()

    @property
    def shown(self) -> str:
        """Everything but the ledger, as a terminal shows it."""
        return "\n".join(line.text for line in self.lines if line.text)

    @property
    def text(self) -> str:
        """The whole reply as a chat host would type it: every line, then the ledger line."""
        return (self.shown + "\n" + self.ledger_line) if self.shown else self.ledger_line

    def public(self) -> Reply:
        """The reply without its private lines: what may reach the table screen."""
        said = tuple(part for part in self.said if not _private(part))
        return self if len(said) == len(self.said) else Reply(said, self.ledger, self.save_block, self.over)


def _private(part: Said) -> bool:
    return bool(part.lines) and all(line.private for line in part.lines)
