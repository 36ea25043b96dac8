"""The pure engine: the night's state and the card's rules. No audio, network, clock or file I/O."""

from kiosk.engine.host import Host, KeySource, Night, Phase
from kiosk.engine.key import InvalidKeyError, Key, parse_key
from kiosk.engine.reply import Line, Reply

__all__ = ["Host", "InvalidKeyError", "Key", "KeySource", "Line", "Night", "Phase", "Reply", "parse_key"]
