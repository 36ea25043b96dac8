"""The hands-free kiosk: audio source -> recogniser -> host (voice mode) -> speech out, half duplex: while
the kiosk speaks, and a short tail after, the microphone is ignored. Each utterance is heard the way the
night expects (listening.py), ends after a silence chosen from its words (turns.py), is taken as words
(understanding.py) and means what the dialogue decides (conversation.py)."""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import InitVar, dataclass, field, replace
from typing import TextIO

import numpy as np
import numpy.typing as npt

from kiosk.engine.by import By
from kiosk.engine.reply import Reply
from kiosk.table import Table
from kiosk.voice.acts import act_of, act_of_reply, act_of_words, write_act
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.conversation import Conversation
from kiosk.voice.heard import Notice, Turn, Typed, TypedMessages, notice_now, typed_now
from kiosk.voice.hearing.listening import Listening, Recognizers
from kiosk.voice.hearing.reader import ReaderLevel
from kiosk.voice.hearing.room import RoomLevel
from kiosk.voice.hearing.turns import hangover
from kiosk.voice.hearing.under_way import Hearing
from kiosk.voice.hearing.understanding import Understanding
from kiosk.voice.hearing.vad import EndOfSpeech
from kiosk.voice.kept_hearing import Came, HeardTurn
from kiosk.voice.parts import EndsSpeech, HearsEachWay, KeepsHearing, Renders
from kiosk.voice.sound.asr import SAMPLE_RATE, Utterance, told
from kiosk.voice.sound.audio import Chunk, Output, Source, resample
from kiosk.voice.sound.speaking import speak
from kiosk.voice.sound.tts import SpeechError
from kiosk.voice.tuning import TUNING

_LOG = logging.getLogger(__name__)

WARM_TEXT = "Bats, D three. Ghosts: a broomstick. Yes. B U T T O N. What's the score?"
"""Spoken to the recognisers during the opening: words of every kind the table says."""


@dataclass
class VoiceKiosk:
    table: Table
    """The night and its followers: each reply journalled and captioned before it is said, presented after."""
    model: object
    """The Vosk model the recognisers are built from (unused when `recognizer_set` is given)."""
    speaker: Renders
    output: Output
    printout: TextIO = sys.stdout
    """Where each reply is printed whole, ledger included: the terminal, or the appliance's log."""
    acts: TextIO | None = None
    """Where each thing said is also written as an act, a JSON line (acts.py): None writes none."""
    grammar: bool = True
    end_of_speech: EndsSpeech = field(default_factory=EndOfSpeech)
    turns: list[Turn] = field(default_factory=list)
    on_listening: Callable[[], None] | None = None
    """Called each time the kiosk has finished speaking and listens again."""
    announce: str = ""
    """The kiosk's own words after the first reply (how to pair a phone): said, never journalled or shown."""
    typed: TypedMessages | None = None
    """Messages typed on a paired phone, taken between utterances, so a misheard night can go on by phone."""
    notices: TypedMessages | None = None
    """The kiosk's own news from the table screen (a phone paired), said between utterances."""
    recognizer_set: InitVar[HearsEachWay | None] = None
    """Recognisers already built (tests drive the loop with in-memory ones); None builds them from `model`."""
    confirm_picks: bool = True
    """Say back a pick made by a sound-alike letter and wait for a yes (picking.py)."""
    clock: Callable[[], float] = time.monotonic
    """The wall clock that chunks' `captured` and the output's times are read on."""
    keeping: KeepsHearing | None = None
    """Where each chunk heard and each turn taken are kept for replay (keep_audio); None keeps nothing."""
    recognizers: HearsEachWay = field(init=False)
    _heard_span: tuple[float, float] | None = field(init=False, default=None)
    """Seconds into the kept audio of the utterance last closed."""
    _muted_until: float = field(init=False, default=0.0)
    """time.monotonic() before which captured audio is ignored: the kiosk was speaking."""
    _voice_ended: float | None = field(init=False, default=None)
    _spoken: bool = field(init=False, default=False)
    """The kiosk has spoken since the utterance in progress began: the next one is the table's reply."""
    _listening: bool = field(init=False, default=True)
    """The kiosk has just begun to listen: the next utterance is its first since (Hearing.first)."""
    _warming: threading.Thread | None = field(init=False, default=None)
    """Warming the recognisers during the opening, or renewing the open one during a reply."""
    _warm_samples: npt.NDArray[np.int16] | None = field(init=False, default=None)
    """WARM_TEXT in the kiosk's voice at 16 kHz, kept to warm a renewed recogniser."""
    conversation: Conversation = field(init=False)
    """What the kiosk makes of each utterance, and what it has said back and waits to hear confirmed."""
    understanding: Understanding = field(init=False)
    """What each utterance is taken as once it ends, with the room's and the reader's levels."""

    def __post_init__(self, recognizer_set: HearsEachWay | None) -> None:
        self.table.set_voice(True)
        self.conversation = Conversation(confirm_picks=self.confirm_picks, keyboard=self.typed is not None)
        self.recognizers = (
            recognizer_set if recognizer_set is not None else Recognizers(self.model, grammar=self.grammar)
        )
        self.understanding = Understanding(self.recognizers, RoomLevel(), ReaderLevel())

    @property
    def room(self) -> RoomLevel:
        """How loud the room is: in a loud one the kiosk asks more carefully (room.py)."""
        return self.understanding.room

    @room.setter
    def room(self, room: RoomLevel) -> None:
        self.understanding.room = room

    @property
    def reader(self) -> ReaderLevel:
        """The reader's level: a closed-set utterance far quieter goes unheard (reader.py)."""
        return self.understanding.reader

    @reader.setter
    def reader(self, reader: ReaderLevel) -> None:
        self.understanding.reader = reader

    # --- the loop ----------------------------------------------------------------------------------------

    def run(self, source: Source, resume: str | None = None) -> int:
        """The night by ear, from its first reply (the opening, or the last reply of a night carried on)."""
        self._warming = threading.Thread(target=self._warm, name="warm-recognisers", daemon=True)
        self._warming.start()
        if not self.begin(resume):
            return 2  # no key, so no night
        for heard, ended_at, way in self.utterances(source):
            if self.respond(heard, ended_at, way):
                return 0
        return 0

    def begin(self, resume: str | None = None) -> bool:
        """Say the opening, the announcement and where a carried-on night stands; False when there is none."""
        opening = self.table.opening()
        self._say(opening)
        if opening.over:
            return False
        if self.announce:
            write_act(self.acts, act_of_words(self.announce))
            print(self.announce, file=self.printout, flush=True)
            self._speak(self.announce)
        if resume:
            self._say(self.table.hear(resume))
        return True

    def respond(self, heard: Utterance, ended_at: float | None, way: Listening) -> bool:
        """Answer one utterance, typed message or notice heard `way`; True when the night is over."""
        said: list[str] = []
        over = self._respond(heard, ended_at, way, said)
        if self.keeping is not None:
            self.keeping.took(self._kept(heard, way, tuple(said)))
        return over

    def _respond(self, heard: Utterance, ended_at: float | None, way: Listening, said: list[str]) -> bool:
        if isinstance(heard, Notice):
            reply = self.table.hear(heard.text, By.KIOSK)
            said.append(reply.text)
            self._say(reply)
            return False
        held = self.table.listening_for().held
        message = self.conversation.message(heard, way, self.table.night, self.turns, self.room.loud, held)
        if isinstance(message, Ask):
            said.append(message.question)
            started = self._ask(message)
            self.turns.append(Turn(heard.text, None, ended_at, started, way, message.question))
            return False
        reply = self.table.hear(message, By.KEYBOARD if isinstance(heard, Typed) else By.TABLE)
        said.append(reply.text)
        started = self._say(reply)
        self.turns.append(Turn(message, reply, ended_at, started, way))
        if reply.over:
            return True
        night = self.table.night
        after = self.conversation.after(night, reply, message, loud=self.room.loud)
        if after is not None:
            said.append(after.question)
            self._ask(after)
        return False

    def _kept(self, heard: Utterance, way: Listening, said: tuple[str, ...]) -> HeardTurn:
        """The turn as kept for replay: typed, or heard with its readings and where its audio lies."""
        loud = self.room.loud
        if isinstance(heard, (Notice, Typed)):
            came = Came.NOTICE if isinstance(heard, Notice) else Came.TYPED
            return HeardTurn(came, way, Utterance(heard.text), said, loud=loud)
        readings = self.understanding.readings
        return HeardTurn(Came.HEARD, way, heard, said, readings, loud, self._heard_span)

    def _warm(self) -> None:
        self._warm_samples = warmed(self.recognizers, self.speaker)

    def utterances(self, source: Source) -> Iterator[tuple[Utterance | Typed, float | None, Listening]]:
        """Each utterance or typed message, with when its voice ended and how it was heard (half duplex)."""
        detector = self.end_of_speech
        hearing = self._hearing()
        for chunk in source.chunks():
            busy = bool(hearing.pieces or hearing.so_far)
            notice = notice_now(self.notices, busy)
            if notice is not None:
                yield notice, None, hearing.way
                hearing = self._hearing()
                continue
            typed = typed_now(self.typed, busy)
            if typed is not None:
                yield typed, None, hearing.way
                hearing = self._hearing()
                continue
            if chunk.captured is not None and chunk.captured < self._muted_until:
                continue  # half duplex: this is the kiosk's own voice, or its echo
            if self.keeping is not None:
                self.keeping.heard_audio(chunk.pcm)
            if self._hear_chunk(hearing, chunk):
                utterance = self._close(hearing)
                _LOG.debug(
                    "heard %s (%s): %s", hearing.way.value, hearing.span(chunk, self.clock()), told(utterance)
                )
                if utterance is not None:
                    yield replace(utterance, under_way=hearing.under_way), self._voice_ended, hearing.way
                detector.reset()
                hearing = self._hearing()
        last = self._close(hearing)
        if last is not None:
            yield replace(last, under_way=hearing.under_way), self._voice_ended, hearing.way

    def listening_now(self) -> Listening:
        """How the next utterance will be heard: what the dialogue asks for now."""
        return self.conversation.listening(self.table, self.table.night)

    def _hearing(self) -> Hearing:
        way = self.listening_now()
        beside = self.recognizers.beside(way)
        replying, self._spoken = self._spoken, False
        first, self._listening = self._listening, False
        awaited = self.conversation.awaits(self.table.night)
        clocks = (self.recognizers[way].fed, beside.fed if beside else 0.0)
        return Hearing(way, *clocks, replying=replying, awaited=awaited, first=first)

    def _hear_chunk(self, hearing: Hearing, chunk: Chunk) -> bool:
        """Feed one chunk to the recogniser and the end-of-speech detector; True when the utterance ends."""
        recognizer = self.recognizers[hearing.way]
        detector = self.end_of_speech
        hearing.opened_at = chunk.at if hearing.opened_at is None else hearing.opened_at
        hearing.audio += chunk.pcm
        piece = recognizer.feed(chunk.pcm)
        if piece is not None:
            hearing.pieces.append(piece)  # the model's own endpoint: a pause, maybe mid-answer
        beside = self.recognizers.beside(hearing.way)
        label = ""
        if beside is not None:
            also = beside.feed(chunk.pcm)
            if also is not None:
                hearing.beside_pieces.append(also)
            told = [f"{p.text} [unk]" if p.unknown else p.text for p in hearing.beside_pieces]
            label = " ".join([*told, "" if also else beside.partial(keep_unknown=True)]).strip()
        partial = "" if piece is not None else recognizer.partial()
        so_far = " ".join([*(p.text for p in hearing.pieces if p.text), partial]).strip()
        if hearing.words_heard(so_far, label, chunk.at):
            self.table.hearing(so_far)
        wait = hangover(so_far, hearing.way, label, loud=self.room.loud)
        voiced_before = detector.last_voice_at
        ended = detector.feed(chunk.pcm, chunk.at, wait)
        if detector.last_voice_at != voiced_before and detector.last_voice_at is not None:
            hearing.started_at = hearing.started_at if hearing.started_at is not None else chunk.at
            if chunk.captured is not None:
                self._voice_ended = chunk.captured - (chunk.at + chunk.seconds - detector.last_voice_at)
        if hearing.started_at is not None:  # the room before the voice began is no part of the utterance
            hearing.loudest.feed(chunk.pcm, chunk.at)
        anything = bool(hearing.pieces) or bool(so_far)
        if not anything and not detector.speaking and not hearing.reader_done(chunk.at, self.room.loud):
            if hearing.started_at is None:  # nobody has spoken yet: keep only the preroll
                del hearing.audio[
                    : max(0, len(hearing.audio) - int(TUNING.hearing.preroll * SAMPLE_RATE) * 2)
                ]
            # Once someone has, all is kept: lists hearing it again need words a closed list lost to [unk].
            return False
        quiet_after_words = anything and not detector.speaking and detector.quiet_seconds >= wait
        return hearing.ends(chunk.at, ended or quiet_after_words, loud=self.room.loud)

    def _close(self, hearing: Hearing) -> Utterance | None:
        """The utterance as the table meant it (understanding.py); None for nothing said to the kiosk."""
        understood = self.understanding.take(hearing, self.conversation.answerers.by_letter)
        if self.keeping is not None:  # its audio is the last of what was kept
            end = self.keeping.heard_seconds
            self._heard_span = (end - len(hearing.audio) / 2 / SAMPLE_RATE, end)
        if understood.reply_to_come:
            self._spoken = self._spoken or hearing.replying  # the table's reply is still to come
        return understood.utterance

    # --- speaking ----------------------------------------------------------------------------------------

    def _say(self, reply: Reply) -> float | None:
        """Print the reply (already journalled), say it, let the screen move on; its first sample's time."""
        write_act(self.acts, act_of_reply(reply))
        print(reply.text, file=self.printout, flush=True)
        if self._warming is None and self._warm_samples is not None:  # renewed while the reply is said
            samples = self._warm_samples
            self._warming = threading.Thread(
                target=renew_open, args=(self.recognizers, samples), name="renew-recogniser", daemon=True
            )
            self._warming.start()
        first = self._speak(reply.speech)
        self.table.presented(reply)
        if not reply.over and self.on_listening:
            self.on_listening()
        return first

    def _ask(self, ask: Ask) -> float | None:
        """The kiosk's own question: shown and said, not journalled (the night has not moved)."""
        question = ask.question
        write_act(self.acts, act_of(ask.prompt))
        print(question, file=self.printout, flush=True)
        self.table.asking(question)
        first = self._speak(question)
        if self.on_listening:
            self.on_listening()
        return first

    def _speak(self, text: str) -> float | None:
        """Say `text` sentence by sentence, then listen afresh; time.monotonic() of the first sample."""
        first = speak(self.speaker, self.output, text)
        self._spoken = self._listening = True
        if self._warming is not None:
            self._warming.join()  # the recognisers are the warming thread's until it is done
            self._warming = None
        self.recognizers.reset()
        self.end_of_speech.reset()
        self._muted_until = max(self.clock(), self.output.quiet_at()) + TUNING.hearing.tail
        return first


def warmed(recognizers: HearsEachWay, speaker: Renders) -> npt.NDArray[np.int16] | None:
    """Warm every recogniser on WARM_TEXT in the kiosk's voice while the opening plays; the samples, kept to
    warm a renewed one. A voice that cannot render leaves them cold: slower, never wrong."""
    try:
        speech = speaker.render(WARM_TEXT)
    except SpeechError:
        return None
    samples = resample(speech.samples, speech.rate, SAMPLE_RATE)
    recognizers.warm(samples)
    return samples


def renew_open(recognizers: HearsEachWay, samples: npt.NDArray[np.int16]) -> None:
    """Renew the open recogniser once it has heard enough (listening.py); a failure keeps the old one."""
    try:
        recognizers.renew_open(samples)
    except Exception as error:  # never a traceback at the table: the night goes on, heavier
        _LOG.exception("The speech recogniser could not be renewed (%s); the old one goes on.", error)


__all__ = ["Chunk", "Turn", "VoiceKiosk"]
