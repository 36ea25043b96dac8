"""The pure engine: the night's state and the card's rules. No audio, network, clock or file I/O."""

from kiosk.engine.errors import EngineError, InvalidKeyError
from kiosk.engine.host import Host
from kiosk.engine.key import Key, parse_key
from kiosk.engine.keysource import KeySource
from kiosk.engine.listening import Expectation
from kiosk.engine.night import Night, Phase
from kiosk.engine.reply import Line, Reply

__all__ = [
    "EngineError",
    "Expectation",
    "Host",
    "InvalidKeyError",
    "Key",
    "KeySource",
    "Line",
    "Night",
    "Phase",
    "Reply",
    "parse_key",
]
