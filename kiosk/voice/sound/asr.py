"""Speech recognition with Vosk: 16 kHz mono int16 audio in, utterances out. A recogniser is built once
and kept for the night: a fresh one is slow to decode its first utterance."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SAMPLE_RATE = 16_000
"""Hertz: what the recogniser and the microphone agree on."""
UNKNOWN = "[unk]"
"""Vosk's word for speech outside a closed phrase list."""


class ModelMissing(Exception):
    """No usable Vosk model at the path; the message says which command fetches one."""


@dataclass(frozen=True)
class Word:
    word: str
    start: float
    """Seconds from the start of the stream."""
    end: float
    """Seconds from the start of the stream."""
    confidence: float
    """0 to 1; almost always 1 in grammar mode, so never used to verify a phrase there."""


@dataclass(frozen=True)
class Utterance:
    """One recognised utterance: lower-case words, no punctuation, numbers as words."""

    text: str
    words: tuple[Word, ...] = ()
    alternatives: tuple[str, ...] = ()
    """Other readings, best first (n-best), when alternatives were asked for."""
    scores: tuple[float, ...] = ()
    """Vosk's n-best score for `text`, then for each alternative (higher is likelier); empty without n-best."""
    alternative_words: tuple[tuple[Word, ...], ...] = ()
    unknown: bool = False
    """A closed phrase list heard something outside it ([unk]): hear it again with the full vocabulary."""
    hidden: tuple[str, ...] = ()
    """Team names the team-name list heard inside an answer where the open vocabulary heard none."""
    doubted_yes: bool = False
    """During the read-back, a yes the kiosk will not lock the answers on: see listening.yes_over_a_spelling."""
    letters_doubted: bool = False
    """During the read-back, a spelled fix whose letters the two lists heard apart: said back letter by letter."""
    under_way: bool = False
    """Its first word was begun before the kiosk listened: said over the kiosk's last reply, not to it."""

    @property
    def end(self) -> float | None:
        """Seconds from the start of the stream when the last word ended."""
        return self.words[-1].end if self.words else None

    def best_only(self) -> Utterance:
        return Utterance(self.text, self.words, unknown=self.unknown)

    def reading(self, index: int) -> Utterance:
        words = self.alternative_words[index] if index < len(self.alternative_words) else ()
        return Utterance(self.alternatives[index], words, unknown=self.unknown)


def told(utterance: Utterance | None) -> str:
    """An utterance for the log, with its other readings and their scores: why a pick or a yes was taken."""
    if utterance is None:
        return "nothing"
    readings = [utterance.text or UNKNOWN, *utterance.alternatives]
    if utterance.scores:
        readings = [f"{text} ({score:.1f})" for text, score in zip(readings, utterance.scores, strict=False)]
    return " | ".join(readings) + (f" {UNKNOWN}" if utterance.unknown else "")


def check_model(path: Path) -> None:
    """ModelMissing unless the folder holds what Vosk needs: a quick look, before anything slow starts."""
    if not (path / "am" / "final.mdl").exists() or not (path / "conf" / "model.conf").exists():
        raise ModelMissing(
            f"No speech model at {path}: fetch the small English model with `python -m kiosk model fetch`."
        )


def load_model(path: Path) -> object:
    check_model(path)  # before the import: a missing model is told even where Vosk is missing too
    import vosk

    vosk.SetLogLevel(-2)  # errors only (-1 keeps warnings); takes effect only when called before Model()
    return vosk.Model(str(path))


def supports_grammar(path: Path) -> bool:
    """Grammar mode needs the small-model graph (HCLr.fst and Gr.fst)."""
    return (path / "graph" / "HCLr.fst").exists() and (path / "graph" / "Gr.fst").exists()


def _in_vocabulary(model: object, word: str) -> str | None:
    """The model's own spelling of a word (lower or upper case), or None if it does not know it."""
    find = getattr(model, "vosk_model_find_word", None)
    if find is None:
        return word
    for candidate in (word, word.upper()):
        if find(candidate) >= 0:
            return candidate
    return None


def grammar_for(model: object, phrases: Iterable[str]) -> list[str]:
    """Phrases whose every word the model knows, in its spelling: Vosk would drop just the unknown word."""
    kept: list[str] = []
    for phrase in phrases:
        words = [_in_vocabulary(model, word) for word in phrase.split()]
        if words and all(word is not None for word in words):
            kept.append(" ".join(word for word in words if word))
    return sorted(set(kept))


@dataclass
class Recognizer:
    """A streaming recogniser over one model, with its phrase list (or none) fixed for its life."""

    model: object
    grammar: Sequence[str] | None = None
    alternatives: int = 0
    fed: float = field(init=False, default=0.0)
    """Seconds of audio fed over its life: the clock its word times run on (Reset does not restart it)."""
    _recognizer: object = field(init=False, repr=False)

    def __post_init__(self) -> None:
        import vosk

        if self.grammar:
            recognizer = vosk.KaldiRecognizer(self.model, SAMPLE_RATE, json.dumps(list(self.grammar)))
        else:
            recognizer = vosk.KaldiRecognizer(self.model, SAMPLE_RATE)
        recognizer.SetWords(True)
        if self.alternatives:
            recognizer.SetMaxAlternatives(self.alternatives)
        self._recognizer = recognizer

    def feed(self, chunk: bytes) -> Utterance | None:
        """Take 16-bit mono PCM; an utterance when the model's endpoint closes one."""
        self.fed += len(chunk) / 2 / SAMPLE_RATE
        if self._recognizer.AcceptWaveform(chunk):  # type: ignore[attr-defined]
            return parse_result(self._recognizer.Result())  # type: ignore[attr-defined]
        return None

    def partial(self, keep_unknown: bool = False) -> str:
        """The words heard so far; with keep_unknown, [unk] stays where a closed list heard something else."""
        result = json.loads(self._recognizer.PartialResult())  # type: ignore[attr-defined]
        text = str(result.get("partial", ""))
        return " ".join(text.lower().split()) if keep_unknown else _normal(text)

    def finish(self) -> Utterance | None:
        return parse_result(self._recognizer.FinalResult())  # type: ignore[attr-defined]

    def reset(self) -> None:
        """Forget audio heard so far (after the kiosk has spoken)."""
        self._recognizer.Reset()  # type: ignore[attr-defined]

    def readings_of(self, pcm: bytes, count: int) -> list[Utterance]:
        """Every reading of an utterance just heard, its `count` likeliest, the recogniser left as it was.
        Word times are as first heard: its last sample at the clock's time before this call."""
        heard_to = self.fed
        self._recognizer.SetMaxAlternatives(count)  # type: ignore[attr-defined]
        try:
            pieces = self._pieces(pcm)
        finally:
            self._recognizer.SetMaxAlternatives(self.alternatives)  # type: ignore[attr-defined]
            self.reset()
        back = heard_to - self.fed
        return [_moved(reading, back) for reading in readings(pieces)]

    def decode_within(self, pcm: bytes, phrases: Sequence[str]) -> Utterance | None:
        """`pcm` heard again through `phrases` alone, keeping this recogniser warm; None from the open one."""
        if not self.grammar:
            return None
        self._recognizer.SetGrammar(json.dumps(grammar_for(self.model, phrases)))  # type: ignore[attr-defined]
        try:
            return self.decode(pcm)
        finally:
            self._recognizer.SetGrammar(json.dumps(list(self.grammar)))  # type: ignore[attr-defined]

    def decode(self, pcm: bytes) -> Utterance | None:
        pieces = self._pieces(pcm)
        self.reset()
        return joined(pieces)

    def _pieces(self, pcm: bytes) -> list[Utterance]:
        """A whole utterance fed as a microphone gives it, then finished: each piece the endpoint closed."""
        pieces = [piece for at in range(0, len(pcm), _STEP) if (piece := self.feed(pcm[at : at + _STEP]))]
        last = self.finish()
        return [*pieces, *([last] if last is not None else [])]


def joined(pieces: Sequence[Utterance]) -> Utterance | None:
    """Utterances the model's endpoint split (a speaker pausing mid-answer) as the one that was meant."""
    if not pieces:
        return None
    if len(pieces) == 1:
        return pieces[0]
    return Utterance(
        " ".join(piece.text for piece in pieces if piece.text),
        tuple(word for piece in pieces for word in piece.words),
        unknown=any(piece.unknown for piece in pieces),
    )


def readings(pieces: Sequence[Utterance]) -> list[Utterance]:
    """Every reading the pieces make, likeliest first: the best joined, then each piece's others in turn."""
    best = joined(pieces)
    if best is None:
        return []
    others = [
        joined([*pieces[:at], piece.reading(index), *pieces[at + 1 :]])
        for at, piece in enumerate(pieces)
        for index in range(len(piece.alternatives))
    ]
    return [best, *(other.best_only() for other in others if other is not None)]


def _moved(heard: Utterance, seconds: float) -> Utterance:
    words = tuple(
        Word(word.word, word.start + seconds, word.end + seconds, word.confidence) for word in heard.words
    )
    return Utterance(heard.text, words, unknown=heard.unknown)


def parse_result(raw: str) -> Utterance | None:
    """Vosk's JSON result as an Utterance; None for silence."""
    result = json.loads(raw)
    if "alternatives" in result:
        options = result["alternatives"]
        if not options:
            return None
        texts = tuple(_normal(option.get("text", "")) for option in options)
        scores = tuple(float(option.get("confidence", 0.0)) for option in options)
        unknown = UNKNOWN in str(options[0].get("text", ""))
        words, *others = (_words_of(option) for option in options)
        if not texts[0]:
            return Utterance("", words, texts[1:], scores, tuple(others), unknown=True) if unknown else None
        return Utterance(texts[0], words, texts[1:], scores, tuple(others), unknown=unknown)
    raw = str(result.get("text", ""))
    text = _normal(raw)
    if not text and UNKNOWN not in raw:
        return None
    return Utterance(text, _words_of(result), unknown=UNKNOWN in raw)


def _words_of(reading: dict[str, Any]) -> tuple[Word, ...]:
    """A reading's words with their times; n-best readings carry no word confidence, so 1 is written."""
    return tuple(
        Word(_normal(w["word"]), float(w["start"]), float(w["end"]), float(w.get("conf", 1.0)))
        for w in reading.get("result", [])
        if _normal(w["word"])
    )


_STEP = 3200
"""Bytes fed at a time when decoding a whole utterance: 0.1 s, as a microphone gives them."""


def _normal(text: str) -> str:
    return " ".join(word for word in text.lower().split() if word != UNKNOWN)
