"""How the kiosk listens at each moment of the night, and the recognisers it keeps for each way.

Between questions the table says one of a closed set (picks, commands, team counts); during the read-back
another (yes, no, team names, spelled letters, disputes); in the Candle-End, team names and number words.
Answers to questions are always heard with the full vocabulary, so a grammar built from the key can never
turn a wrong answer into a right one: no list here holds a word of the key.
"""

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
from kiosk.voice.sound.asr import Recognizer, Utterance, Word, grammar_for
from kiosk.voice.tuning import TUNING


class Listening(enum.Enum):
    BETWEEN_QUESTIONS = "between questions"
    READ_BACK = "read-back"
    ANSWERS = "answers"
    YEARS = "candle-end years"
    """Each tied team's name and a year or a pass: number words only, never the key's."""
    WHOSE = "whose answer"
    """A team's name, after the kiosk asked whose words it heard; or a yes or no to a team offered
    (whose.py)."""
    YEARS_READ_BACK = "candle-end read-back"
    """Yes, no, disputes and commands, and a year spelled digit by digit after its team's name."""
    ONE_LETTER = "one letter"
    """A letter of a word spelled one letter at a time, "no" or "that's right" (letter_by_letter.py)."""
    ONE_DIGIT = "one digit"
    """A digit of a Candle-End year taken one digit at a time, "no" or "that's right" (letter_by_letter.py)."""

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
            return (*(team.value.lower() for team in TEAM_ORDER), "that's right", "yes", "no")
        if self is Listening.YEARS_READ_BACK:
            return years_read_back()
        if self is Listening.ONE_LETTER:
            return one_letter()
        if self is Listening.ONE_DIGIT:
            return one_digit()
        return None

    @property
    def one_at_a_time(self) -> bool:
        """A letter or a year's digit is taken one reply at a time, each said on its own."""
        return self in (Listening.ONE_LETTER, Listening.ONE_DIGIT)

    @property
    def reading_back(self) -> bool:
        """The answers (or the Candle-End's years) are read back, and a yes rules."""
        return self in (Listening.READ_BACK, Listening.YEARS_READ_BACK)


class Expecting(Protocol):
    """A host, or a table driving one: it says what it expects to hear next."""

    def listening_for(self) -> Expectation: ...


def listening_for(host: Expecting) -> Listening:
    """What the table is expected to say next, as the host tells it."""
    expected = host.listening_for()
    if expected.read_back:
        return Listening.YEARS_READ_BACK if expected.phase is Phase.CANDLE_READBACK else Listening.READ_BACK
    if expected.closed:
        return Listening.BETWEEN_QUESTIONS
    if expected.phase is Phase.CANDLE:
        return Listening.YEARS
    return Listening.ANSWERS


_READINGS = {
    Listening.BETWEEN_QUESTIONS: 3,
    Listening.ONE_LETTER: TUNING.readings.letters,
    Listening.ONE_DIGIT: TUNING.readings.letters,
}
"""N-best readings kept by the closed lists that use them: a pick or command is corrected to the nearest
phrase (doubt.py), and a letter said back is taken back by a "no" heard among a reply's readings
(letter_by_letter.letter_or_no)."""


def give_back_freed_memory() -> None:
    """Return the C heap's free pages to the system (glibc's malloc_trim): a recogniser's search structures
    are freed into the heap, which keeps them, and the kiosk's resident memory would not fall."""
    with contextlib.suppress(OSError, AttributeError):  # not glibc: reused in time, only not given back now
        ctypes.CDLL("libc.so.6").malloc_trim(0)


@dataclass
class Recognizers:
    """One recogniser per way of listening, built once and kept warm for the night: switching is free,
    rebuilding is not (a fresh recogniser decodes its first utterance about 12 times slower)."""

    model: object
    grammar: bool = True
    """False for a model without grammar support: every way of listening uses the open recogniser."""
    _by_way: dict[Listening, Recognizer] = field(init=False, default_factory=dict)

    letters: Recognizer | None = field(init=False, default=None)
    """Letters, letter names, NATO words and team names only: heard beside the read-back list, whose yes,
    no, disputes and commands compete with letters ("s t" heard as "yes")."""
    labels: Recognizer | None = field(init=False, default=None)
    """Team names and [unk] only: heard beside the open recogniser while answers come in, since the small
    model's open vocabulary often hears a leading "Bats" as "that's" or "birds"."""

    def __post_init__(self) -> None:
        self.open = Recognizer(self.model)
        names = [team.value.lower() for team in TEAM_ORDER]
        kept = grammar_for(self.model, (*names, UNKNOWN)) if self.grammar else []
        if len(kept) == len(names) + 1:
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
        """Build the open recogniser afresh, warmed on `samples`, once it has heard
        TUNING.hearing.open_budget: its search keeps every state of the full vocabulary it has visited, about
        90 MB over one recorded night's answers and 140 MB over four. True if it was renewed."""
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
        """The recogniser that hears each utterance alongside the main one: the team-name list beside
        answers, the letters list beside the read-back. (The open recogniser beside the closed sets was tried: on short picks and commands it is
        wrong more often than the list, so it would overrule right readings.)"""
        if way is Listening.READ_BACK:
            return self.letters
        return self.labels if way is Listening.ANSWERS else None

    def all(self) -> list[Recognizer]:
        every = [*self._by_way.values(), *(extra for extra in (self.labels, self.letters) if extra)]
        return list({id(recognizer): recognizer for recognizer in every}.values())

    def warm(self, samples: npt.NDArray[np.int16]) -> None:
        """Decode some speech with each recogniser and forget it, so that the table's first words are
        decoded at warm speed (run during the opening, while the kiosk speaks)."""
        pcm = samples.astype(np.int16).tobytes()
        for recognizer in self.all():
            recognizer.decode(pcm)

    def reset(self) -> None:
        for recognizer in self.all():
            recognizer.reset()


def with_label(heard: Utterance, since: float, label: Utterance | None, label_since: float) -> Utterance:
    """The answer as the open recogniser heard it, led by the team name the label recogniser heard at its
    start, in place of the words the open one heard there. Only a leading name is taken: inside an
    answer the label list hears team names in any word ("owl" as "owls"), and answers are the open
    recogniser's alone. `since` and `label_since` are each recogniser's clock when the utterance began."""
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
    """Team names the name list heard inside an answer where the open vocabulary heard no such name. The
    open vocabulary misses a second team's name in one breath most of the time ("Owls" as "atolls"), which
    would join that team's answer to the first team's; the list hears each one, and sometimes hears a
    name in an answer's own words ("owl"), so the kiosk asks rather than splits (answering.py)."""
    if label is None or not heard.words:
        return ()
    first = heard.words[0].start - since
    said = {word.word for word in heard.words[1:]}
    found = [
        w.word
        for w in label.words
        if w.start - label_since > first + TUNING.hearing.inside and Team.from_name(w.word)
    ]
    return tuple(dict.fromkeys(name for name in found if name not in said))


_NOT_A_SPELLING = frozenset((*YES_NO, *DISPUTES, *COMMANDS))


def with_letters(heard: Utterance, letters: Utterance | None) -> Utterance:
    """During the read-back: a spelled fix as the letters list heard it, where the read-back list heard
    neither yes, no, a command nor a dispute. The team is the one both lists heard, or the one only one
    of them heard; where they name different teams there is no team, and the kiosk asks whose it was."""
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
"""The example word of each team name's first letter ("owls": "oscar"), which the letters list hears as the
name: its list holds the team names, for the team a fix opens with."""


def names_as_letters(words: list[str]) -> list[str]:
    """A spelling's words with a team name among its letters taken as the example word of the name's first
    letter: the letters list heard "Oscar" as "owls" (in babble at 10 dB, 7 of 90 spellings by the tuning
    voices had a name among their letters, four of them "owls" for "oscar"), and a name there would make
    the whole spelling none. Only among two letters or more: "Bats, Owls" is no spelling."""
    names = [team_named(word) for word in words]
    if sum(name is None and letter_of(word) is not None for word, name in zip(words, names, strict=True)) < 2:
        return words
    return [word if name is None else _LIKE_A_NAME[name] for word, name in zip(words, names, strict=True)]


def unnamed_spelling(taken: Utterance) -> bool:
    """A spelled fix with no team at its start: the kiosk would have to ask whose it was."""
    words = taken.text.split()
    return bool(words) and Team.from_name(words[0]) is None and _letters(taken.text) is not None


def with_team(taken: Utterance, names: Utterance | None) -> Utterance:
    """A spelled fix whose team both read-back lists lost, led by the team the name list heard at its start
    ("Bats. T, U, R" heard as "dee you r" by both, "bats" by the names alone). Only a name the list heard
    first and alone (one team, however often), before a spelling of TUNING.confirming.sure_spelling letters or
    more; else the fix stays unnamed and the kiosk asks whose it was."""
    spelled = _letters(taken.text)
    if names is None or not names.words or spelled is None or len(spelled) < TUNING.confirming.sure_spelling:
        return taken
    teams = {Team.from_name(word.word) for word in names.words}
    first = Team.from_name(names.words[0].word)
    if first is None or teams != {first}:
        return taken
    return Utterance(f"{first.value.lower()} {taken.text}", taken.words, unknown=False)


def whose_reply(names: Utterance, heard: Utterance | None) -> Utterance:
    """The reply to "whose was that?" when the team-name list heard something besides a name ([unk]) and the
    open vocabulary heard it again (`heard`). One name and a short reply of words: the name (in party noise
    the list heard "bats" and the open vocabulary "they actually" for "Bats."; on the tuning voices a lone
    reply so heard was the team said 5 times in 5). Not when the open vocabulary heard no word: music at
    10 dB, heard by the list as "owls", gave Bats' spelled fix to Owls. Nothing heard by either: an empty
    reply, which the kiosk asks again about rather than wait on in silence (the night stuck there). Else the
    open vocabulary's words: the next answer said over the question, or the rest of a spelling."""
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
