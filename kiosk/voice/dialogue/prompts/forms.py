"""The kiosk's words every slot shares: the sentences that never change."""

from __future__ import annotations

from enum import Enum


class Fixed(Enum):
    """A sentence with nothing in it that changes."""

    HOW_MANY = "How many, then? Say solo, or two, three or four teams."
    """The team count said back, and the table said no (counting.py)."""

    @property
    def words(self) -> str:
        return self.value
