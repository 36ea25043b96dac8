"""How the kiosk listens at each moment of the night, and the recognisers it keeps for each way.

Between questions the table says one of a closed set (picks, commands, team counts); during the read-back
another (yes, no, team names, spelled letters, disputes); answers to questions are always heard with the
full vocabulary, so a grammar can never turn a wrong answer into a right one.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from kiosk.engine.host import Host, Phase
from kiosk.voice.asr import Recognizer, grammar_for
from kiosk.voice.grammar import UNKNOWN, between_questions, read_back


class Listening(enum.Enum):
    BETWEEN_QUESTIONS = "between questions"
    READ_BACK = "read-back"
    ANSWERS = "answers"

    @property
    def phrases(self) -> tuple[str, ...] | None:
        """The closed set heard this way; None for the full vocabulary."""
        if self is Listening.BETWEEN_QUESTIONS:
            return between_questions()
        if self is Listening.READ_BACK:
            return read_back()
        return None


def listening_for(host: Host) -> Listening:
    """What the table is expected to say next. The one place the voice side reads the host's state: it
    gives way to the host's own answer to this question when it has one."""
    phase = host.night.phase
    if phase in (Phase.TEAMS, Phase.PICK):
        return Listening.BETWEEN_QUESTIONS
    if phase is Phase.READBACK:
        return Listening.READ_BACK
    return Listening.ANSWERS


@dataclass
class Recognizers:
    """One recogniser per way of listening, built once and kept warm for the night: switching is free,
    rebuilding is not (a fresh recogniser decodes its first utterance about 12 times slower)."""

    model: object
    grammar: bool = True
    """False for a model without grammar support: every way of listening uses the open recogniser."""
    _by_way: dict[Listening, Recognizer] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.open = Recognizer(self.model)
        for way in Listening:
            phrases = way.phrases
            if phrases is None or not self.grammar:
                self._by_way[way] = self.open
            else:
                kept = grammar_for(self.model, (*phrases, UNKNOWN))
                # n-best readings help correct a pick or command to the nearest phrase.
                alternatives = 3 if way is Listening.BETWEEN_QUESTIONS else 0
                self._by_way[way] = Recognizer(self.model, grammar=kept, alternatives=alternatives)

    def __getitem__(self, way: Listening) -> Recognizer:
        return self._by_way[way]

    def all(self) -> list[Recognizer]:
        return list({id(recognizer): recognizer for recognizer in self._by_way.values()}.values())

    def warm(self, samples: npt.NDArray[np.int16]) -> None:
        """Decode some speech with each recogniser and forget it, so that the table's first words are
        decoded at warm speed (run during the opening, while the kiosk speaks)."""
        pcm = samples.astype(np.int16).tobytes()
        for recognizer in self.all():
            recognizer.decode(pcm)

    def reset(self) -> None:
        for recognizer in self.all():
            recognizer.reset()
