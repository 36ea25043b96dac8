"""The engine's errors, under one base, so an adapter can catch the engine's refusals apart from its faults.

    EngineError
    ├── InvalidKeyError     a key that cannot be played (Rules 2 and 3)
    ├── SaveError           a save that cannot be resumed (SAVE / RESUME)
    │   └── ForeignSave     a save for another game or rules number (MIGRATIONS)
    ├── BoardError          slots that do not read as a board
    └── LedgerError         a line that is not a ledger line

Each is also a ValueError: each says a text the engine was given does not read as what it should be.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on purpose; the message says what was wrong."""


class InvalidKeyError(EngineError):
    """A key that cannot be played: the reason names what is missing or cut short."""


class SaveError(EngineError):
    """A save that cannot be resumed; the message says why, quoting the save."""


class ForeignSave(SaveError):
    """A save for another game or rules number: not this card's."""


class BoardError(EngineError):
    """A board written in slots that does not read as one."""


class LedgerError(EngineError):
    """A line that is not a ledger line."""
