"""How the kiosk listens at each moment of the night, and the recognisers it keeps for each way. No list
holds a word of the key, so none can turn a wrong answer into a right one (decision 0009)."""

from __future__ import annotations

import contextlib
import ctypes
import enum
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import numpy.typing as npt

from kiosk.engine.commands import is_dispute
from kiosk.engine.listening import Expectation
from kiosk.engine.night import Phase
from kiosk.engine.numbers import NUMBER_WORDS
from kiosk.engine.spelling import spelled_word
from kiosk.engine.teams import TEAM_ORDER, Team
from kiosk.engine.text import LETTER_NAMES, letter_of
from kiosk.voice.dialogue.yes_or_no import SURE_NO, SURE_YES
from kiosk.voice.hearing.grammar import (
    COMMANDS,
    DISPUTES,
    UNKNOWN,
    YES_NO,
    between_questions,
    one_digit,
    one_letter,
    read_back,
    spelling,
    years,
    years_read_back,
)
from kiosk.voice.hearing.phrases import TEAM_WORDS
from kiosk.voice.sound.asr import Recognizer, Utterance, Word, grammar_for
from kiosk.voice.tuning import TUNING


class Listening(enum.Enum):
    BETWEEN_QUESTIONS = "between questions"
    READ_BACK = "read-back"
    ANSWERS = "answers"
    YEARS = "candle-end years"
    """Each tied team's name and a year or a pass: number words only, never the key's."""
    WHOSE = "whose answer"
    """A team's name after "whose was that?", or a yes or no to a team offered (whose.py)."""
    YEARS_READ_BACK = "candle-end read-back"
    """Yes, no, disputes and commands, and a year spelled digit by digit after its team's name."""
    ONE_LETTER = "one letter"
    """A letter of a word spelled one letter at a time, the no or "that's right" (letter_by_letter.py)."""
    ONE_DIGIT = "one digit"
    """A digit of a Candle-End year taken one digit at a time, the no or "that's right" (letter_by_letter.py)."""

    @property
    def phrases(self) -> tuple[str, ...] | None:
        """The closed set heard this way; None for the full vocabulary."""
        if self is Listening.BETWEEN_QUESTIONS:
            return between_questions()
        if self is Listening.READ_BACK:
            return read_back()
        if self is Listening.YEARS:
            return years()
        if self is Listening.WHOSE:
            # With the yes and no to a team offered one at a time (whose.py).
            return (*TEAM_WORDS, SURE_YES, "yes", SURE_NO, "no")
        if self is Listening.YEARS_READ_BACK:
            return years_read_back()
        if self is Listening.ONE_LETTER:
            return one_letter()
        if self is Listening.ONE_DIGIT:
            return one_digit()
        return None

    @property
    def one_at_a_time(self) -> bool:
        return self in (Listening.ONE_LETTER, Listening.ONE_DIGIT)

    @property
    def reading_back(self) -> bool:
        """The answers (or the Candle-End's years) are read back, and a yes rules."""
        return self in (Listening.READ_BACK, Listening.YEARS_READ_BACK)


class Expecting(Protocol):
    """A host, or a table driving one: it says what it expects to hear next."""

    def listening_for(self) -> Expectation: ...


def listening_for(host: Expecting) -> Listening:
    expected = host.listening_for()
    if expected.read_back:
        return Listening.YEARS_READ_BACK if expected.phase is Phase.CANDLE_READBACK else Listening.READ_BACK
    if expected.closed:
        return Listening.BETWEEN_QUESTIONS
    if expected.phase is Phase.CANDLE:
        return Listening.YEARS
    return Listening.ANSWERS


_READINGS = {
    Listening.BETWEEN_QUESTIONS: TUNING.readings.between,
    Listening.ONE_LETTER: TUNING.readings.letters,
    Listening.ONE_DIGIT: TUNING.readings.letters,
}
"""N-best readings kept where they are used: doubted picks (doubt.py), a "no" among a letter's readings."""


def give_back_freed_memory() -> None:
    """Give the C heap's free pages back (glibc's malloc_trim): a freed recogniser's would stay resident."""
    with contextlib.suppress(OSError, AttributeError):  # not glibc: reused in time, only not given back now
        ctypes.CDLL("libc.so.6").malloc_trim(0)


@dataclass
class Recognizers:
    """One recogniser per way of listening, built once and kept warm for the night: a fresh one is slow."""

    model: object
    grammar: bool = True
    """False for a model without grammar support: every way of listening uses the open recogniser."""
    _by_way: dict[Listening, Recognizer] = field(init=False, default_factory=dict)

    letters: Recognizer | None = field(init=False, default=None)
    """Letters and team names only, beside the read-back list, whose other phrases compete with letters."""
    labels: Recognizer | None = field(init=False, default=None)
    """Team names and [unk] only, beside the open recogniser for answers, which often loses a leading name."""

    def __post_init__(self) -> None:
        self.open = Recognizer(self.model)
        kept = grammar_for(self.model, (*TEAM_WORDS, UNKNOWN)) if self.grammar else []
        if len(kept) == len(TEAM_WORDS) + 1:
            self.labels = Recognizer(self.model, grammar=kept)
        if self.grammar:
            self.letters = Recognizer(self.model, grammar=grammar_for(self.model, (*spelling(), UNKNOWN)))
        for way in Listening:
            phrases = way.phrases
            if phrases is None or not self.grammar:
                self._by_way[way] = self.open
            else:
                kept = grammar_for(self.model, (*phrases, UNKNOWN))
                alternatives = _READINGS.get(way, 0)
                self._by_way[way] = Recognizer(self.model, grammar=kept, alternatives=alternatives)

    def __getitem__(self, way: Listening) -> Recognizer:
        return self._by_way[way]

    def renew_open(self, samples: npt.NDArray[np.int16]) -> bool:
        """The open recogniser built afresh, warmed on `samples`, after TUNING.hearing.open_budget heard:
        its search keeps every state it visits, and memory grows. True if it was renewed."""
        if self.open.fed < TUNING.hearing.open_budget:
            return False
        old, fresh = (
            self.open,
            Recognizer(self.model, alternatives=TUNING.readings.open),
        )  # if building fails, the old one is kept
        self.open = fresh
        self._by_way = {way: fresh if kept is old else kept for way, kept in self._by_way.items()}
        del old  # its search is freed here, and given back before the new one grows into it
        give_back_freed_memory()
        fresh.decode(samples.astype(np.int16).tobytes())
        return True

    def beside(self, way: Listening) -> Recognizer | None:
        """The recogniser heard alongside the main one: names beside answers, letters beside the read-back.
        None beside the closed sets: on short phrases the open one is wrong more often than the list."""
        if way is Listening.READ_BACK:
            return self.letters
        return self.labels if way is Listening.ANSWERS else None

    def all(self) -> list[Recognizer]:
        every = [*self._by_way.values(), *(extra for extra in (self.labels, self.letters) if extra)]
        return list({id(recognizer): recognizer for recognizer in every}.values())

    def warm(self, samples: npt.NDArray[np.int16]) -> None:
        """Decode speech with each recogniser and forget it, so the table's first words decode warm."""
        pcm = samples.astype(np.int16).tobytes()
        for recognizer in self.all():
            recognizer.decode(pcm)

    def reset(self) -> None:
        for recognizer in self.all():
            recognizer.reset()


def with_label(heard: Utterance, since: float, label: Utterance | None, label_since: float) -> Utterance:
    """The answer led by the team name the name list heard at its start (only there: inside, it hears names in
    any word). `since` and `label_since` are each recogniser's clock when the utterance began."""
    if label is None or not label.words or not heard.words or Team.from_name(heard.words[0].word):
        return heard
    name = label.words[0]
    if (
        Team.from_name(name.word) is None
        or name.start - label_since > heard.words[0].start - since + TUNING.hearing.leading
    ):
        return heard
    end = name.end - label_since
    rest = tuple(word for word in heard.words if word.start - since >= end - 0.1)
    words = (Word(name.word, name.start - label_since + since, name.end - label_since + since, 1.0), *rest)
    return Utterance(" ".join(word.word for word in words), words, heard.alternatives, unknown=heard.unknown)


def hidden_names(
    heard: Utterance, since: float, label: Utterance | None, label_since: float
) -> tuple[str, ...]:
    """Names the name list heard inside an answer, not the open vocabulary, with words said after them (a
    name opens an answer; the list hears "owls" in a closing "snowy owl"): asked about, never split off."""
    if label is None or not heard.words:
        return ()
    first = heard.words[0].start - since
    said = {word.word for word in heard.words[1:]}
    last = heard.words[-1].start - since
    found = [
        w.word
        for w in label.words
        if w.start - label_since > first + TUNING.hearing.inside
        and w.end - label_since - 0.1 <= last
        and Team.from_name(w.word)
    ]
    return tuple(dict.fromkeys(name for name in found if name not in said))


_NOT_A_SPELLING = frozenset((*YES_NO, *DISPUTES, *COMMANDS))


def with_letters(heard: Utterance, letters: Utterance | None) -> Utterance:
    """In the read-back, a spelled fix as the letters list heard it, unless the read-back list heard a yes,
    no, command or dispute; lists naming different teams leave it with none, to be asked about."""
    if letters is None or heard.text in _NOT_A_SPELLING or is_dispute(heard.text):
        return heard
    words = letters.text.split()
    named = Team.from_name(words[0]) if words else None
    words = [*words[:1], *names_as_letters(words[1:])] if named else names_as_letters(words)
    spelled = spelled_word(words[1:] if named else words)
    if spelled is None:
        return heard
    said = heard.text.split()
    also = Team.from_name(said[0]) if said else None
    team = named or also if named is None or also is None or named is also else None
    text = " ".join([*([team.value.lower()] if team else []), *(words[1:] if named else words)])
    return Utterance(text, letters.words, unknown=False)


_LIKE_A_NAME = {
    team: next(w for w in LETTER_NAMES if len(w) > 3 and w[0] == team.value[0].lower()) for team in TEAM_ORDER
}
"""Each team name's first letter's word ("owls": "oscar"), which the letters list hears as the name."""


def names_as_letters(words: list[str]) -> list[str]:
    """Team names among two or more letters of a spelling read as their letter's word ("owls": "oscar")."""
    names = [team_named(word) for word in words]
    if sum(name is None and letter_of(word) is not None for word, name in zip(words, names, strict=True)) < 2:
        return words
    return [word if name is None else _LIKE_A_NAME[name] for word, name in zip(words, names, strict=True)]


def unnamed_spelling(taken: Utterance) -> bool:
    """A spelled fix with no team at its start: the kiosk would have to ask whose it was."""
    words = taken.text.split()
    return bool(words) and Team.from_name(words[0]) is None and _letters(taken.text) is not None


def with_team(taken: Utterance, names: Utterance | None) -> Utterance:
    """A spelled fix whose team both read-back lists lost, led by the one team the name list heard first, when
    it has TUNING.confirming.sure_spelling letters or more; else the kiosk asks whose it was."""
    spelled = _letters(taken.text)
    if names is None or not names.words or spelled is None or len(spelled) < TUNING.confirming.sure_spelling:
        return taken
    teams = {Team.from_name(word.word) for word in names.words}
    first = Team.from_name(names.words[0].word)
    if first is None or teams != {first}:
        return taken
    return Utterance(f"{first.value.lower()} {taken.text}", taken.words, unknown=False)


def whose_reply(names: Utterance, heard: Utterance | None) -> Utterance:
    """The reply to "whose was that?" when the name list heard more than a name: its one name if the reply is
    short; empty if the open vocabulary heard no word (music passes for "owls"); else the open words."""
    said = names.text.split()
    if heard is None or not heard.words:
        return Utterance("")
    if team_named(heard.words[0].word):
        return heard
    short = heard.words[-1].end - heard.words[0].start <= TUNING.hearing.lone_name
    if len(said) == 1 and team_named(said[0]) and short:
        return Utterance(names.text, names.words)
    return heard if heard.text else Utterance("")


def team_named(word: str) -> Team | None:
    """The team of the four a word names; None for any other word, "you" (a solo night's name) too."""
    team = Team.from_name(word)
    return team if team in TEAM_ORDER else None


def letters_doubted(heard: Utterance, taken: Utterance) -> bool:
    """The letters list's spelling was taken where the read-back list heard other letters (or none)."""
    if taken is heard:
        return False
    return _letters(heard.text) != _letters(taken.text)


def _letters(text: str) -> str | None:
    words = text.split()
    return spelled_word(words[1:] if words and Team.from_name(words[0]) else words)


def says_a_number(text: str) -> bool:
    """Number words heard: in the Candle-End, a year the number list heard among words it did not know."""
    return any(word in NUMBER_WORDS for word in text.split())
