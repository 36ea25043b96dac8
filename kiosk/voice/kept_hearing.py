"""A turn of a voice night as the listening loop took it, kept to be replayed: what was heard, where its
audio lies, and what the kiosk said back. Values only; keeping them is records/kept_audio.py."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kiosk.voice.hearing.listening import Listening
from kiosk.voice.sound.asr import Utterance, Word

FORMAT = 1
"""The kept hearing's format, in its first line."""


@dataclass(frozen=True)
class Listened:
    """How the kiosk listened that night, which a replay must do alike (the first line kept)."""

    confirm_picks: bool = True
    """Picks by a sound-alike letter were said back (config.RecogniserSettings.confirm_picks)."""
    keyboard: bool = False
    """A phone could type (the dialogue offers it)."""

    def as_json(self) -> dict[str, object]:
        return {"heard": FORMAT, "confirm_picks": self.confirm_picks, "keyboard": self.keyboard}

    @classmethod
    def from_json(cls, fields: Mapping[str, Any]) -> Listened:
        return cls(bool(fields.get("confirm_picks", True)), bool(fields.get("keyboard", False)))


class Came(enum.Enum):
    """How a message reached the loop."""

    HEARD = "heard"
    TYPED = "typed"
    """Typed on a paired phone (By.KEYBOARD)."""
    NOTICE = "notice"
    """The kiosk's own news from the table screen (By.KIOSK)."""


@dataclass(frozen=True)
class Reading:
    """One recogniser's reading of an utterance, as it first heard it (before any hearing again)."""

    heard_by: str
    """"main" (the list the dialogue asked for) or "beside" (the list heard alongside it)."""
    utterance: Utterance


@dataclass(frozen=True)
class HeardTurn:
    """One utterance (or typed message) the loop acted on, and what the kiosk said back."""

    came: Came
    way: Listening
    """How the dialogue listened for it: which recogniser and list."""
    taken: Utterance
    """The words as understood, with their n-best readings and scores; for a typed message, its text."""
    said: tuple[str, ...]
    """What the kiosk said back, in order: its reply or its own question, and any question after it."""
    readings: tuple[Reading, ...] = ()
    loud: bool = False
    """The room was measured loud when it was taken (the dialogue asks more carefully there)."""
    audio: tuple[float, float] | None = None
    """Seconds into the night's heard stream where its audio lies; None when typed or not kept."""

    def as_json(self) -> dict[str, object]:
        return {
            "came": self.came.value,
            "way": self.way.value,
            "taken": utterance_json(self.taken),
            "said": list(self.said),
            "readings": [{"by": r.heard_by, **utterance_json(r.utterance)} for r in self.readings],
            "loud": self.loud,
            "audio": list(self.audio) if self.audio is not None else None,
        }

    @classmethod
    def from_json(cls, fields: Mapping[str, Any]) -> HeardTurn:
        """The turn a line of readings holds; KeyError, ValueError or TypeError for one that is not."""
        audio = fields.get("audio")
        return cls(
            Came(fields["came"]),
            Listening(fields["way"]),
            utterance_from(fields["taken"]),
            tuple(str(line) for line in fields["said"]),
            tuple(Reading(str(r["by"]), utterance_from(r)) for r in fields.get("readings", ())),
            bool(fields.get("loud", False)),
            (float(audio[0]), float(audio[1])) if audio else None,
        )


def utterance_json(heard: Utterance) -> dict[str, object]:
    """An utterance as JSON: every field that the dialogue reads."""
    return {
        "text": heard.text,
        "words": [_word_json(word) for word in heard.words],
        "alternatives": list(heard.alternatives),
        "scores": list(heard.scores),
        "alternative_words": [[_word_json(word) for word in words] for words in heard.alternative_words],
        "unknown": heard.unknown,
        "hidden": list(heard.hidden),
        "doubted_yes": heard.doubted_yes,
        "letters_doubted": heard.letters_doubted,
        "under_way": heard.under_way,
    }


def utterance_from(fields: Mapping[str, Any]) -> Utterance:
    return Utterance(
        str(fields["text"]),
        tuple(_word_from(word) for word in fields.get("words", ())),
        tuple(str(text) for text in fields.get("alternatives", ())),
        tuple(float(score) for score in fields.get("scores", ())),
        tuple(tuple(_word_from(word) for word in words) for words in fields.get("alternative_words", ())),
        unknown=bool(fields.get("unknown", False)),
        hidden=tuple(str(name) for name in fields.get("hidden", ())),
        doubted_yes=bool(fields.get("doubted_yes", False)),
        letters_doubted=bool(fields.get("letters_doubted", False)),
        under_way=bool(fields.get("under_way", False)),
    )


def _word_json(word: Word) -> list[object]:
    return [word.word, word.start, word.end, word.confidence]  # floats round-trip exactly in JSON


def _word_from(fields: Any) -> Word:
    text, start, end, confidence = fields
    return Word(str(text), float(start), float(end), float(confidence))
