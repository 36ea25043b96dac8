"""Snap-Apple Night: an offline kiosk that hosts a Halloween trivia night by the card's rules.

The public API is small: build a `Host` on a `Key`, take its `opening()`, then `hear()` each table message;
every `Reply` holds the words to speak apart from the ledger and anything only a screen shows.
"""

from kiosk.engine import Host, InvalidKeyError, Key, KeySource, Line, Phase, Reply, parse_key

__all__ = ["Host", "InvalidKeyError", "Key", "KeySource", "Line", "Phase", "Reply", "parse_key"]
