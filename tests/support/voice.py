"""In-memory parts for the voice kiosk's loop: a microphone that plays a script, recognisers that read it,
end of speech that hears any sound, a speaker and an output that keep what was said. No audio.

What the table "says" travels inside the chunks themselves: a spoken chunk's bytes are a JSON reading of
the words (text, n-best readings and scores, what a closed phrase list would make of them), padded with
zero bytes; silence is all zeros. So whichever recogniser the kiosk feeds a chunk to reads the same words,
exactly as real recognisers hear the same sound, and a chunk the kiosk drops is never heard by any of them.
A louder voice's chunks are padded with LOUD bytes instead, so what measures loudness tells them apart.

Time runs on one `Clock`: each chunk the microphone captures moves it 0.1 s; playing speech moves it by the
speech's length (the kiosk waits while it talks). Chunks captured meanwhile pile up in the microphone, as
they do in a real one, and hold the kiosk's own voice: the kiosk must drop them.
"""

from __future__ import annotations

import io
import json
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from kiosk.engine.by import By
from kiosk.engine.host import Host
from kiosk.engine.ledger import Ledger
from kiosk.engine.listening import Expectation
from kiosk.engine.night import Night
from kiosk.engine.reply import Reply
from kiosk.engine.teams import Team
from kiosk.table import Check, Table
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.conversation import Conversation
from kiosk.voice.dialogue.prompts import Prompt
from kiosk.voice.heard import Turn
from kiosk.voice.hearing.listening import Listening
from kiosk.voice.hearing.room import RoomLevel
from kiosk.voice.kiosk import VoiceKiosk
from kiosk.voice.sound.asr import SAMPLE_RATE, Utterance, Word, joined
from kiosk.voice.sound.audio import CHUNK_SECONDS, Chunk
from kiosk.voice.sound.tts import Speech

CHUNK_BYTES = int(CHUNK_SECONDS * SAMPLE_RATE) * 2
SPEECH_RATE = 1_000
"""Samples per second of the fake speaker's silent speech: only its length matters."""
SECONDS_PER_CHARACTER = 0.05
"""How long the fake speaker takes per character of text (about 150 words a minute)."""
ECHO = "echo of the kiosk"
"""What the microphone picks up while the kiosk speaks."""
MOST_ECHOES = 5_000
"""Chunks of the kiosk's own voice a microphone captures before it gives up (over eight minutes)."""
UNKNOWN = "[unk]"
ENDPOINT_SECONDS = 0.5
"""Silence after which a recogniser closes an utterance of its own (Vosk's default trailing silence)."""
LOUD = b"@"
"""The padding of a louder voice's chunks (int16 16448): some 6 dB over a chunk of JSON and zeros, and far
above it over a stretch of frames, as the reader stands over the room's talk."""


class Clock:
    """The wall clock shared by microphone, output and kiosk (its `clock`)."""

    def __init__(self, start: float = 1_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


# --- what the table says -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spoken:
    """Words said at the table, as the recognisers will hear them."""

    text: str
    seconds: float = 0.6
    alternatives: tuple[str, ...] = ()
    """Other readings, best first (a closed list's n-best)."""
    scores: tuple[float, ...] = ()
    closed: str | None = None
    """What a closed phrase list hears; None: the same words; "[unk]": something outside the list."""
    names: str | None = None
    """What the team-name list hears ("bats [unk]", or "" for no word at all); None: the team names in the
    words, or [unk]."""
    readings: tuple[str, ...] = ()
    """The open vocabulary's other readings, best first, when it hears the words again with them kept."""
    louder: bool = False
    """Said in a louder voice than the rest (the reader's, over the room's talk)."""

    def chunk(self) -> bytes:
        """One chunk of it: its reading, padded with zeros, or LOUD bytes when said louder."""
        reading = self.reading()
        if len(reading) > CHUNK_BYTES:
            raise ValueError(f"a reading of {len(reading)} bytes does not fit in one chunk")
        return reading.ljust(CHUNK_BYTES, LOUD if self.louder else b"\0")

    def reading(self) -> bytes:
        return json.dumps(
            {
                "text": self.text,
                "readings": self.readings,
                "alternatives": self.alternatives,
                "scores": self.scores,
                "closed": self.closed,
                "names": self.names,
                "louder": self.louder,
            }
        ).encode()


class LoudRoom(RoomLevel):
    """A room measured loud (the measure itself is tested on audio in test_room.py)."""

    @property
    def loud(self) -> bool:
        return True


@dataclass(frozen=True)
class Quiet:
    seconds: float


def noise(seconds: float) -> Spoken:
    """A sound the end-of-speech detector takes for voice and no recogniser hears a word in (music at 10 dB
    now and then)."""
    return Spoken("", seconds=seconds, closed="")


def said_in(pcm: bytes) -> Spoken | None:
    """What a spoken chunk carries; None for silence."""
    reading = pcm.rstrip(b"\0").rstrip(LOUD)
    if not reading:
        return None
    fields = json.loads(reading)
    return Spoken(
        fields["text"],
        readings=tuple(fields["readings"]),
        alternatives=tuple(fields["alternatives"]),
        scores=tuple(fields["scores"]),
        closed=fields["closed"],
        names=fields["names"],
        louder=fields["louder"],
    )


class ScriptedMicrophone:
    """A real-time source that captures what `script` says, 0.1 s a chunk, and the kiosk's own voice (ECHO)
    for as long as the kiosk has been speaking between two chunks. It stops at the script's end."""

    realtime = True

    def __init__(self, clock: Clock, script: Sequence[Spoken | Quiet | str]) -> None:
        self.clock = clock
        self.script = [Spoken(step) if isinstance(step, str) else step for step in script]
        self.captured_to = clock.now
        self.echoes = 0
        """Chunks of the kiosk's own voice captured."""
        self.spoken = 0
        """Chunks of the table's words captured."""

    def chunks(self) -> Iterator[Chunk]:
        at = 0.0
        for step in self.script:
            chunk = step.chunk() if isinstance(step, Spoken) else bytes(CHUNK_BYTES)
            for _ in range(round(step.seconds / CHUNK_SECONDS)):
                for echo in self._while_speaking(at):
                    yield echo
                    at += CHUNK_SECONDS
                self.clock.now = self.captured_to = max(self.clock.now, self.captured_to) + CHUNK_SECONDS
                self.spoken += isinstance(step, Spoken)
                yield Chunk(chunk, at, captured=self.captured_to)
                at += CHUNK_SECONDS

    def _while_speaking(self, at: float) -> Iterator[Chunk]:
        """Chunks captured while the kiosk talked (the clock ran ahead of the microphone). A kiosk that
        heard itself would answer its own echo for ever: the microphone gives up after MOST_ECHOES."""
        echo = Spoken(ECHO).chunk()
        while self.clock.now - self.captured_to >= CHUNK_SECONDS - 1e-9:
            if self.echoes >= MOST_ECHOES:
                raise AssertionError("the kiosk keeps answering its own voice")
            self.captured_to += CHUNK_SECONDS
            self.echoes += 1
            yield Chunk(echo, at, captured=self.captured_to)
            at += CHUNK_SECONDS


# --- recognisers -----------------------------------------------------------------------------------------


@dataclass
class ReadingRecognizer:
    """Hears the readings in the chunks fed to it; a closed one hears a Spoken's `closed` words."""

    closed: bool = False
    names_only: bool = False
    """The team-name list: hears only the team names in what is said, or [unk] if none."""
    fed: float = 0.0
    heard: list[str] = field(default_factory=list)
    """Every utterance this recogniser closed, in order."""
    _current: Spoken | None = None
    _chunks: dict[bool, int] = field(default_factory=dict)
    """Chunks of words heard since the last close, by whether a louder voice said them."""
    _louder: Spoken | None = None
    """The louder voice's words heard since the last close."""
    _began: float = 0.0
    """The clock when the words being heard began: their first word's start, as a real recogniser gives it."""
    _quiet: float = 0.0

    def feed(self, chunk: bytes) -> Utterance | None:
        """Like Vosk, closes an utterance of its own (an endpoint) after ENDPOINT_SECONDS of silence."""
        seconds = len(chunk) / 2 / SAMPLE_RATE
        self.fed += seconds
        reading = said_in(chunk)
        if reading is not None and (reading.text or (self.names_only and reading.names is not None)):
            if self._current is None:
                self._began = self.fed - seconds
            self._current, self._quiet = reading, 0.0
            self._chunks[reading.louder] = self._chunks.get(reading.louder, 0) + 1
            self._louder = reading if reading.louder else self._louder
            return None
        self._quiet += len(chunk) / 2 / SAMPLE_RATE
        return self.finish() if self._quiet >= ENDPOINT_SECONDS - 1e-9 else None

    def partial(self, keep_unknown: bool = False) -> str:
        text = self._text()
        return text if keep_unknown or text != UNKNOWN else ""

    def _text(self) -> str:
        if self._current is None:
            return ""
        if self.names_only:
            if self._current.names is not None:
                return self._current.names
            names = [word for word in self._current.text.split() if Team.from_name(word)]
            return " ".join(names) or UNKNOWN
        said = self._current
        if self.closed and self._louder is not None:
            # A louder voice's words with the room's talk around them: a closed list hears them only where
            # they fill most of what it hears (kiosk.voice.hearing.reader.loudest_stretch), and the talk never.
            if self._chunks.get(True, 0) < self._chunks.get(False, 0):
                return UNKNOWN
            said = self._louder
        if self.closed and said.closed is not None:
            return said.closed
        return said.text

    def finish(self) -> Utterance | None:
        if self._current is None:
            return None
        text, reading = self._text(), self._current
        self._current, self._chunks, self._louder = None, {}, None
        self.heard.append(text)
        known = [word for word in text.split() if word != UNKNOWN]
        unknown = len(known) < len(text.split())
        text = " ".join(known)
        words = tuple(Word(word, self._began, self.fed - self._quiet, 1.0) for word in known)
        if not self.closed:
            return Utterance(text, words, unknown=unknown)
        return Utterance(text, words, reading.alternatives, reading.scores, unknown=unknown)

    def reset(self) -> None:
        self._current, self._chunks, self._louder = None, {}, None

    def readings_of(self, pcm: bytes, count: int) -> list[Utterance]:
        """The words said in `pcm` heard again with the open vocabulary's other readings (Spoken.readings)."""
        said = [said_in(pcm[at : at + CHUNK_BYTES]) for at in range(0, len(pcm), CHUNK_BYTES)]
        last = next((spoken for spoken in reversed(said) if spoken is not None and spoken.text), None)
        if last is None:
            return []
        texts = (last.text, *last.readings[:count])
        return [Utterance(text, tuple(Word(word, 0.0, 0.3, 1.0) for word in text.split())) for text in texts]

    def decode_within(self, pcm: bytes, phrases: Sequence[str]) -> Utterance | None:
        """The words said in `pcm` heard through `phrases` alone: the first of the closed list's reading and
        its alternatives (Spoken.alternatives) among them, else something outside them ([unk])."""
        said = [said_in(pcm[at : at + CHUNK_BYTES]) for at in range(0, len(pcm), CHUNK_BYTES)]
        last = next((spoken for spoken in reversed(said) if spoken is not None and spoken.text), None)
        if last is None:
            return None
        closed = last.text if last.closed is None else last.closed
        within = next((text for text in (closed, *last.alternatives) if text in phrases), None)
        if within is None:
            return Utterance("", unknown=True)
        return Utterance(within, tuple(Word(word, 0.0, 0.3, 1.0) for word in within.split()))

    def decode(self, pcm: bytes) -> Utterance | None:
        """The words said in `pcm`, which may begin within a chunk (a stretch of an utterance cut by its
        loudness): heard from the first chunk that begins in it."""
        spoken = pcm.find(b'{"text"')
        first = spoken % CHUNK_BYTES if spoken >= 0 else 0
        pieces = [self.feed(pcm[at : at + CHUNK_BYTES]) for at in range(first, len(pcm), CHUNK_BYTES)]
        last = self.finish()
        self.reset()
        return joined([piece for piece in [*pieces, last] if piece is not None])


class ReadingRecognizers:
    """One ReadingRecognizer per way of listening: closed ones between questions, for the read-back and for a
    word spelled one letter (or a year one digit) at a time, the team-name list for "whose was that?", the
    open one for answers; none beside it."""

    def __init__(self) -> None:
        self.open = ReadingRecognizer()
        self.between_questions = ReadingRecognizer(closed=True)
        self.read_back = ReadingRecognizer(closed=True)
        self.one_letter = ReadingRecognizer(closed=True)
        self.one_digit = ReadingRecognizer(closed=True)
        self.names = ReadingRecognizer(names_only=True)
        self.warmed = threading.Event()
        self.renewed = 0

    def __getitem__(self, way: Listening) -> ReadingRecognizer:
        if way is Listening.BETWEEN_QUESTIONS:
            return self.between_questions
        if way is Listening.READ_BACK:
            return self.read_back
        if way is Listening.ONE_LETTER:
            return self.one_letter
        if way is Listening.ONE_DIGIT:
            return self.one_digit
        return self.names if way is Listening.WHOSE else self.open

    def beside(self, way: Listening) -> None:
        return None

    def warm(self, samples: npt.NDArray[np.int16]) -> None:
        self.warmed.set()

    def renew_open(self, samples: npt.NDArray[np.int16]) -> bool:
        self.renewed += 1
        return True

    def reset(self) -> None:
        recognizers = (self.open, self.between_questions, self.read_back, self.one_letter, self.one_digit)
        for recognizer in (*recognizers, self.names):
            recognizer.reset()


@dataclass
class AnySound:
    """End of speech: a chunk with any sound in it is voice; `hangover` seconds of silence end it."""

    min_speech_seconds: float = 0.1
    speech_seconds: float = 0.0
    quiet_seconds: float = 0.0
    last_voice_at: float | None = None

    @property
    def speaking(self) -> bool:
        return self.speech_seconds >= self.min_speech_seconds - 1e-9

    def feed(self, pcm: bytes, at: float, hangover: float | None = None) -> bool:
        seconds = len(pcm) / 2 / SAMPLE_RATE
        if any(pcm):
            self.speech_seconds += seconds
            self.quiet_seconds = 0.0
            self.last_voice_at = at + seconds
            return False
        self.quiet_seconds += seconds
        if self.speaking and self.quiet_seconds >= (0.65 if hangover is None else hangover) - 1e-9:
            self.speech_seconds = 0.0
            return True
        return False

    def reset(self) -> None:
        self.speech_seconds = 0.0
        self.quiet_seconds = 0.0


# --- speaking --------------------------------------------------------------------------------------------


class SilentSpeaker:
    """Renders text as silence of about the length it would take to say; remembers which text each is."""

    def __init__(self) -> None:
        self._texts: dict[int, str] = {}
        self._kept: list[Speech] = []  # keeps each Speech alive, so its id is never reused
        self._lock = threading.Lock()

    def render(self, text: str) -> Speech:
        samples = np.zeros(max(1, round(len(text) * SECONDS_PER_CHARACTER * SPEECH_RATE)), dtype=np.int16)
        speech = Speech(samples, SPEECH_RATE)
        with self._lock:
            self._texts[id(speech)] = text
            self._kept.append(speech)
        return speech

    def text_of(self, speech: Speech) -> str:
        with self._lock:
            return self._texts[id(speech)]


class RecordingOutput:
    """Plays nothing; keeps every sentence said, and moves the clock on by its length."""

    def __init__(self, clock: Clock, speaker: SilentSpeaker) -> None:
        self.clock = clock
        self.speaker = speaker
        self.said: list[str] = []
        """Every sentence played, in order."""
        self.spoken_at: list[float] = []
        """The clock when each sentence started."""

    def open(self) -> None:
        pass

    def play(self, speech: Speech) -> float:
        started = self.clock.now
        self.said.append(self.speaker.text_of(speech))
        self.spoken_at.append(started)
        self.clock.now += len(speech.samples) / speech.rate
        return started

    def quiet_at(self) -> float:
        return self.clock.now

    def close(self) -> None:
        pass


# --- a whole kiosk -----------------------------------------------------------------------------------------


@dataclass
class KeptConversation(Conversation):
    """The kiosk's conversation, keeping each question of its own as the prompt it chose: every one the loop
    is given, it says."""

    asked: list[Prompt] = field(init=False, default_factory=list)

    def message(
        self,
        heard: Utterance,
        way: Listening,
        night: Night | None,
        turns: list[Turn],
        loud: bool,
        held: bool = False,
    ) -> str | Ask:
        said = super().message(heard, way, night, turns, loud, held)
        if isinstance(said, Ask):
            self.asked.append(said.prompt)
        return said

    def after(self, night: Night | None, reply: Reply, message: str, loud: bool) -> Ask | None:
        said = super().after(night, reply, message, loud)
        if said is not None:
            self.asked.append(said.prompt)
        return said


@dataclass
class CarriedOnHost:
    """A host whose night is carried on: its first reply is the last one the table heard, not an opening."""

    host: Host
    first: Reply | None = None

    def opening(self) -> Reply:
        return self.first if self.first is not None else self.host.opening()

    def hear(self, message: str, by: By = By.TABLE) -> Reply:
        return self.host.hear(message, by)

    def listening_for(self) -> Expectation:
        return self.host.listening_for()

    def ledger(self) -> Ledger:
        return self.host.ledger()

    def set_voice(self, voice: bool) -> None:
        self.host.set_voice(voice)

    @property
    def night(self) -> Night:
        return self.host.night


@dataclass
class FakeTable:
    """A VoiceKiosk over a real host, with every other part in memory."""

    kiosk: VoiceKiosk
    face: CarriedOnHost
    microphone: ScriptedMicrophone
    recognizers: ReadingRecognizers
    output: RecordingOutput
    screen: io.StringIO

    @property
    def host(self) -> Host:
        return self.face.host

    def run(self, resume: str | None = None, first: Reply | None = None) -> int:
        self.face.first = first
        return self.kiosk.run(self.microphone, resume)

    @property
    def heard(self) -> list[str]:
        """What the host heard, turn by turn (an utterance the kiosk asked about is not passed on)."""
        return [turn.heard for turn in self.kiosk.turns if turn.reply is not None]

    @property
    def said(self) -> str:
        """Everything the kiosk said, sentence after sentence."""
        return " ".join(self.output.said)

    @property
    def asked(self) -> list[Prompt]:
        """The kiosk's own questions, as the prompts it chose, in the order said."""
        assert isinstance(self.kiosk.conversation, KeptConversation)
        return self.kiosk.conversation.asked


def fake_table(
    host: Host,
    script: Sequence[Spoken | Quiet | str],
    *,
    gap: float = 1.5,
    checks: tuple[Check, ...] = (),
    **options: Any,
) -> FakeTable:
    """A kiosk whose table says `script`: each text is followed by `gap` seconds of quiet (long enough for
    the longest hangover and the tail after the kiosk's reply); Spoken and Quiet steps are taken as they are.
    `checks`: the table's, seeing each message before the night (kiosk.table.Check)."""
    clock = Clock()
    steps: list[Spoken | Quiet] = []
    for step in script:
        steps += [Spoken(step), Quiet(gap)] if isinstance(step, str) else [step]
    microphone = ScriptedMicrophone(clock, steps)
    recognizers = ReadingRecognizers()
    speaker = SilentSpeaker()
    output = RecordingOutput(clock, speaker)
    screen = io.StringIO()
    face = CarriedOnHost(host)
    kiosk = VoiceKiosk(
        Table(face, checks=checks),
        None,
        speaker,
        output,
        printout=screen,
        end_of_speech=AnySound(),
        recognizer_set=recognizers,
        clock=clock,
        **options,
    )
    kiosk.conversation = KeptConversation(confirm_picks=kiosk.confirm_picks, keyboard=kiosk.typed is not None)
    return FakeTable(kiosk, face, microphone, recognizers, output, screen)
