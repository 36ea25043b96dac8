"""The utterance the kiosk is hearing: its way of listening, the recognisers' clocks when it began, the pieces
and audio heard so far, and when its voice began."""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.voice.asr import Utterance
from kiosk.voice.listening import Listening

UNDER_WAY = 0.1
"""Seconds (a chunk) after the kiosk begins to listen within which voice was begun before it: a reader
replying to the kiosk starts later, after its deaf tail and a person's pause."""
FIRST_WORD_UNDER_WAY = 0.25
"""Seconds after the kiosk begins to listen within which the recogniser's first word must begin too: music
at 10 dB passes for voice in the first chunk now and then, and a reply 0.6 s later was taken for the
rest of an earlier spelling, five times running."""


@dataclass
class Hearing:
    """The utterance in progress."""

    way: Listening
    since: float = 0.0
    """The recogniser's clock (Recognizer.fed) when this utterance began."""
    beside_since: float = 0.0
    """The clock of the recogniser heard beside it."""
    replying: bool = False
    """The first utterance since the kiosk spoke: the table's reply to it, if anyone's."""
    pieces: list[Utterance] = field(default_factory=list)
    beside_pieces: list[Utterance] = field(default_factory=list)
    audio: bytearray = field(default_factory=bytearray)
    so_far: str = ""
    changed_at: float = 0.0
    """Seconds into the stream when the words so far last changed."""
    started_at: float | None = None
    """Seconds into the stream of the chunk in which voice was first heard."""
    opened_at: float | None = None
    """Seconds into the stream of the first chunk heard: when the kiosk began to listen."""
    first_word: float | None = None
    """Seconds after `since` at which the recogniser's first word began; None before it is closed, or when
    the recogniser gave no word times."""

    @property
    def under_way(self) -> bool:
        """Voice in the very first chunk heard, and the first word at once: the words were being said before
        the kiosk listened (the rest of an answer its reply cut off, "Ghosts, ... sweet potato"), not said
        in reply to it."""
        if self.started_at is None or self.opened_at is None:
            return False
        word_under_way = self.first_word is None or self.first_word < FIRST_WORD_UNDER_WAY
        return self.started_at - self.opened_at < UNDER_WAY and word_under_way

    def not_caught(self) -> Utterance | None:
        """What an utterance no list heard a word in stands for: an empty reply when it was the table's reply
        to "whose was that?", which the kiosk asks again rather than wait on in silence (in babble a lone
        "Bats." was heard so, and the night stuck); else nothing (the room's noise passing for voice)."""
        replied = self.way is Listening.WHOSE and self.replying and self.started_at is not None
        return Utterance("") if replied else None
