"""The utterance the kiosk is hearing: its way of listening, its recognisers' clocks, what is heard so far."""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.voice.hearing.grammar import UNKNOWN
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.hearing.reader import LoudestSoFar, ReaderLevel
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.sound.audio import Chunk
from kiosk.voice.tuning import TUNING

_ONE_WORD_REPLIES = (Listening.ONE_LETTER, Listening.ONE_DIGIT, Listening.WHOSE)


@dataclass
class Hearing:
    way: Listening
    since: float = 0.0
    """The recogniser's clock (Recognizer.fed) when this utterance began."""
    beside_since: float = 0.0
    """The clock of the recogniser heard beside it."""
    replying: bool = False
    """The first utterance since the kiosk spoke: the table's reply to it, if anyone's."""
    awaited: bool = False
    """The kiosk waits on a reply (Conversation.awaits): the first utterance heard as no word is still it."""
    first: bool = True
    """Begun as the kiosk began to listen, not after an utterance heard as nothing: it may be under way."""
    pieces: list[Utterance] = field(default_factory=list)
    beside_pieces: list[Utterance] = field(default_factory=list)
    audio: bytearray = field(default_factory=bytearray)
    so_far: str = ""
    beside_so_far: str = ""
    """During the read-back, the words the letters list beside it has heard so far ([unk] left out)."""
    changed_at: float = 0.0
    """Seconds into the stream when the words so far (or, in the read-back, the letters) last changed."""
    started_at: float | None = None
    """Seconds into the stream of the chunk in which voice was first heard."""
    opened_at: float | None = None
    """Seconds into the stream of the first chunk heard: when the kiosk began to listen."""
    first_word: float | None = None
    """Seconds after `since` that the first word began; None before it is closed, or without word times."""
    ended_by: str = ""
    """Why the utterance ended ("quiet", "reader done", "stalled", "no word", "too long"): for the log."""
    loudest: LoudestSoFar = field(default_factory=LoudestSoFar)
    """Its loudest moment so far, and when its voice last came near it."""

    def words_heard(self, so_far: str, beside: str, at: float) -> bool:
        """Note the words the main list and the one `beside` it heard so far; True when `so_far` changed.
        In the read-back the letters list's words restart the stall clock too: a slow spelling is not cut."""
        letters = (
            " ".join(word for word in beside.split() if word != UNKNOWN) if self.way.reading_back else ""
        )
        changed = so_far != self.so_far
        if changed or letters != self.beside_so_far:
            self.changed_at = at
        self.so_far, self.beside_so_far = so_far, letters
        return changed

    def ends(self, at: float, quiet: bool, loud: bool = False) -> bool:
        """True when the utterance ends at `at` (seconds into the stream); `ended_by` says why."""
        done = self.reader_done(at, loud)
        stalled = bool(self.so_far) and at - self.changed_at >= TUNING.hearing.stall
        voiced = 0.0 if self.started_at is None else at - self.started_at
        wordless = self._short_reply(loud) and not self.so_far and voiced >= TUNING.hearing.wordless
        too_long = voiced >= TUNING.hearing.longest
        reasons = (
            ("quiet", quiet),
            ("reader done", done),
            ("stalled", stalled),
            ("no word", wordless),
            ("too long", too_long),
        )
        self.ended_by = next((why for why, ended in reasons if ended), "")
        return bool(self.ended_by)

    def _short_reply(self, loud: bool) -> bool:
        """A reply said at once: a one-word reply, or in a `loud` room a line between questions, or a
        read-back's yes or no with no letter heard beside it (a spelling keeps the full wait)."""
        if self.way in _ONE_WORD_REPLIES:
            return True
        between = self.way is Listening.BETWEEN_QUESTIONS
        return loud and (between or (self.way.reading_back and not self.beside_so_far))

    def reader_done(self, at: float, loud: bool) -> bool:
        """In a `loud` room, a one-word reply whose voice has left its loudest moment (decision 0008)."""
        return loud and self.way in _ONE_WORD_REPLIES and self.loudest.gone(at)

    def span(self, last: Chunk, now: float) -> str:
        """For the log: where it lies in the stream, why it ended, how far behind the microphone it was."""
        began = self.started_at if self.started_at is not None else self.opened_at
        told = f"{began or 0.0:.1f}-{last.at + last.seconds:.1f} s, {self.ended_by or 'end of stream'}"
        return told if last.captured is None else f"{told}, {now - last.captured:.1f} s behind"

    @property
    def under_way(self) -> bool:
        """Voice in the first chunk and the first word at once: said before the kiosk listened, not to it."""
        if self.started_at is None or self.opened_at is None or not self.first:
            return False
        word_under_way = self.first_word is None or self.first_word < TUNING.hearing.first_word_under_way
        return self.started_at - self.opened_at < TUNING.hearing.under_way and word_under_way

    def not_caught(self, reader: ReaderLevel | None = None) -> Utterance | None:
        """What an utterance no list heard a word in stands for: an empty reply, asked again, when it answered
        the kiosk or, one letter at a time, was as loud as the reader; else nothing, the room's noise."""
        if self.started_at is None:
            return None
        asked = self.way is Listening.WHOSE or self.awaited
        if asked and self.replying:
            return Utterance("")
        if self.way.one_at_a_time and reader is not None and reader.as_loud(bytes(self.audio)):
            return Utterance("")
        return None
