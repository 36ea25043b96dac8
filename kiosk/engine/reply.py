"""What the host says back: lines to speak and show, lines only to show, and the ledger apart."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    text: str
    spoken: bool = True
    """False for what only a screen shows: a save block, the RESULT line."""


@dataclass(frozen=True)
class Reply:
    lines: tuple[Line, ...]
    ledger: str
    """The LEDGER line (Rule 1); shown, never spoken."""
    save_block: str | None = None
    """A save block, for the adapter to keep in a file as well as show."""
    over: bool = False
    """The night has ended (after the RESULT line) or cannot happen (no key)."""

    @property
    def speech(self) -> str:
        """The words to say aloud, in order."""
        return " ".join(line.text for line in self.lines if line.spoken and line.text)

    @property
    def shown(self) -> str:
        """Everything but the ledger, as a screen shows it."""
        return "\n".join(line.text for line in self.lines if line.text)

    @property
    def text(self) -> str:
        """The whole reply as a chat host would type it: every line, then the ledger line."""
        return (self.shown + "\n" + self.ledger) if self.shown else self.ledger
