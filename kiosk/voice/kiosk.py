"""The hands-free kiosk: audio source -> recogniser -> host (voice mode) -> speech out, half duplex.

    source (microphone or WAV) --chunks--> EndOfSpeech + Recognizer --utterance--> Host.hear
        --reply--> screen (text and ledger), save file, Speaker.render per sentence --> output

While the kiosk speaks, and for a short tail after, whatever the microphone hears is dropped: the kiosk never
hears itself. Between questions the recogniser listens for the closed set of picks and commands.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from queue import Queue
from typing import TextIO

import numpy as np

from kiosk.engine.host import Host, Phase
from kiosk.engine.reply import Reply
from kiosk.keeping import Keeper, Started
from kiosk.voice.asr import ModelMissing, Recognizer, Utterance, grammar_for, load_model, supports_grammar
from kiosk.voice.audio import (
    AudioError,
    Chunk,
    Microphone,
    Output,
    Source,
    SpeakerOutput,
    WavOutput,
    WavSource,
)
from kiosk.voice.grammar import between_questions, nearest
from kiosk.voice.model import default_model_path
from kiosk.voice.tts import Speaker, SpeakerSettings, Speech, SpeechStalled, sentences
from kiosk.voice.vad import EndOfSpeech

TAIL_SECONDS = 0.3
"""Seconds after the kiosk stops speaking during which the microphone is still ignored (room echo)."""


@dataclass(frozen=True)
class Turn:
    """One utterance heard and the reply to it, with the timings that matter to the table."""

    heard: str
    reply: Reply
    voice_ended_at: float | None
    """time.monotonic() when the speaker's last word ended (real-time sources only)."""
    reply_started_at: float | None
    """time.monotonic() when the first sample of the reply was played."""

    @property
    def latency(self) -> float | None:
        if self.voice_ended_at is None or self.reply_started_at is None:
            return None
        return self.reply_started_at - self.voice_ended_at


@dataclass
class VoiceKiosk:
    host: Host
    model: object
    speaker: Speaker
    output: Output
    screen: TextIO = sys.stdout
    log: Keeper | None = None
    grammar: bool = True
    end_of_speech: EndOfSpeech = field(default_factory=EndOfSpeech)
    turns: list[Turn] = field(default_factory=list)
    on_listening: Callable[[], None] | None = None
    """Called each time the kiosk has finished speaking and listens again."""
    on_partial: Callable[[str], None] | None = None
    """Called with the words heard so far whenever they change: live captions for a screen."""
    _recognizer: Recognizer = field(init=False)
    _muted_until: float = field(init=False, default=0.0)
    """time.monotonic() before which captured audio is ignored: the kiosk was speaking."""
    _voice_ended: float | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.host.night.voice = True
        self._recognizer = Recognizer(self.model, alternatives=0)

    # --- the loop ----------------------------------------------------------------------------------------

    def run(self, source: Source, resume: str | None = None, first: Reply | None = None) -> int:
        self._say(first or self.host.opening())
        if self.host.key is None:
            return 2
        if resume:
            self._say(self.host.hear(resume), resume)
        for utterance, ended_at in self._utterances(source):
            reply = self.host.hear(utterance.text)
            started = self._say(reply, utterance.text)
            self.turns.append(Turn(utterance.text, reply, ended_at, started))
            if reply.over:
                return 0
        return 0

    def _utterances(self, source: Source) -> Iterator[tuple[Utterance, float | None]]:
        self._listen_for_phase()
        detector = self.end_of_speech
        heard_so_far = ""
        for chunk in source.chunks():
            if chunk.captured is not None and chunk.captured < self._muted_until:
                continue  # half duplex: this is the kiosk's own voice, or its echo
            utterance = self._recognizer.feed(chunk.pcm)
            if utterance is None and self.on_partial:
                partial = self._recognizer.partial()
                if partial != heard_so_far:
                    heard_so_far = partial
                    self.on_partial(partial)
            voiced_before = detector.last_voice_at
            ended = detector.feed(chunk.pcm, chunk.at)
            if (
                chunk.captured is not None
                and detector.last_voice_at != voiced_before
                and detector.last_voice_at
            ):
                self._voice_ended = chunk.captured - (chunk.at + chunk.seconds - detector.last_voice_at)
            if ended and utterance is None:
                utterance = self._recognizer.finish()
            if utterance is not None:
                heard_so_far = ""
                yield self._corrected(utterance), self._voice_ended
                detector.reset()
                self._listen_for_phase()
        final = self._recognizer.finish()
        if final is not None:
            yield self._corrected(final), self._voice_ended

    def _listen_for_phase(self) -> None:
        """Between questions the table says one of a closed set of phrases; answers are open."""
        closed = self.grammar and self.host.night.phase in (Phase.TEAMS, Phase.PICK)
        phrases = grammar_for(self.model, between_questions()) if closed else None
        self._recognizer.restrict(phrases, alternatives=3 if closed else 0)

    def _corrected(self, utterance: Utterance) -> Utterance:
        if not self._recognizer.grammar:
            return utterance
        text = nearest(utterance.text, between_questions(), alternatives=utterance.alternatives)
        return Utterance(text, utterance.words, utterance.alternatives)

    # --- speaking ----------------------------------------------------------------------------------------

    def _say(self, reply: Reply, heard: str | None = None) -> float | None:
        """Show the reply, log the turn and keep any save, speak it sentence by sentence; return
        time.monotonic() of the first sample played."""
        print(reply.text, file=self.screen, flush=True)
        kept = self.log.record(heard, reply) if self.log else None
        if kept:
            print(f"(The save is kept in {kept}.)", file=self.screen, flush=True)
        first: float | None = None
        for speech in self._rendered(sentences(reply.speech)):
            if not len(speech.samples):
                continue
            played = self.output.play(speech)
            first = played if first is None else first
        self._recognizer.reset()
        self.end_of_speech.reset()
        self._muted_until = time.monotonic() + TAIL_SECONDS
        if not reply.over and self.on_listening:
            self.on_listening()
        return first

    def _rendered(self, texts: list[str]) -> Iterator[Speech]:
        """Render the next sentence while the current one plays."""
        if not texts:
            return
        ready: Queue[Speech] = Queue(maxsize=2)

        def render_all() -> None:
            for text in texts:
                try:
                    ready.put(self.speaker.render(text))
                except SpeechStalled as error:
                    print(f"(speech) {error}", file=sys.stderr, flush=True)
                    ready.put(Speech(np.zeros(0, dtype=np.int16), 22_050))

        worker = threading.Thread(target=render_all, daemon=True)
        worker.start()
        for _ in texts:
            yield ready.get()
        worker.join()


def _source(args: argparse.Namespace) -> Source:
    if args.audio_in is not None:
        return WavSource(Path(args.audio_in), realtime=bool(getattr(args, "realtime", False)))
    return Microphone(device=args.device)


def run_voice(args: argparse.Namespace, started: Started, resume: str | None = None) -> int:
    """`python -m kiosk voice`: one clear line for a missing model or device, never a traceback."""
    model_path = args.model or default_model_path()
    try:
        model = load_model(Path(model_path))
    except ModelMissing as error:
        print(error, file=sys.stderr)
        return 2
    output: Output = WavOutput(args.audio_out) if args.audio_out else SpeakerOutput(device=args.device)
    speaker = Speaker(SpeakerSettings(rate=args.rate, voice=args.speaker_voice or SpeakerSettings().voice))
    kiosk = VoiceKiosk(
        started.host,
        model,
        speaker,
        output,
        log=started.keeper,
        grammar=supports_grammar(Path(model_path)),
        on_listening=lambda: print("(listening)", file=sys.stderr, flush=True),
        on_partial=lambda words: print(f"(hearing) {words}", file=sys.stderr, flush=True),
    )
    try:
        return kiosk.run(_source(args), resume, started.first)
    except AudioError as error:
        print(f"Audio problem: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    finally:
        if isinstance(output, WavOutput):
            output.close()
        speaker.close()


__all__ = ["Chunk", "Turn", "VoiceKiosk", "run_voice"]
