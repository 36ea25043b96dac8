"""A reply of the kiosk's as the simulated table takes it: the lines it printed, and what it said in them as
acts (kiosk/voice/acts.py), the kiosk's own questions by prompt kind and value and the host's replies by
their said parts and ledger. The table decides from the acts; the lines are kept for the transcript and for
the story a stuck night tells.

    reply.asked_last(WhoseAnswer)       the question, if nothing but a ledger followed it
    reply.asked(IsThatRight)            every team's answer asked about, in the order said
    reply.read_back()                   {"Bats": "fly", "Ghosts": "glide"}, from the host's ReadBack
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeVar

from kiosk.engine.ledger import parse_ledger
from kiosk.engine.said import Finale, FixTaken, ReadBack, Ruling
from kiosk.voice.acts import Act, Asked, Replied, read_act
from kiosk.voice.dialogue.prompts import (
    Confirm,
    Lead,
    PlainYesWillDo,
    Prefaced,
    Prompt,
    StillToSayYes,
    TeamLeaving,
    WasItTheirs,
)

from .nights import ruling_lines

P = TypeVar("P")
S = TypeVar("S")


def within(prompt: Prompt) -> Iterator[Prompt]:
    """The prompt, and each prompt whose words it says whole: the question after a lead, the teams still to
    say yes after "a plain yes will do"."""
    yield prompt
    if isinstance(prompt, Prefaced):
        yield from within(prompt.question)
    elif isinstance(prompt, PlainYesWillDo):
        yield StillToSayYes(prompt.left)


def leads(prompt: Prompt) -> list[Lead]:
    """The leads said before the question (or before what a confirming question says back), the outermost
    first: none for a bare question."""
    said: list[Lead] = []
    for part in within(prompt):
        if isinstance(part, (Prefaced, Confirm, TeamLeaving)):
            said.append(part.lead)
        elif isinstance(part, WasItTheirs) and part.again:
            said.append(Lead.NO_YES_HEARD)
    return [lead for lead in said if lead is not Lead.NONE]


def innermost(prompt: Prompt) -> Prompt:
    """The question after every lead."""
    return innermost(prompt.question) if isinstance(prompt, Prefaced) else prompt


@dataclass(frozen=True)
class Ledger:
    """The host's LEDGER line (kiosk.engine.ledger) as the table reads it."""

    played: int
    open: str
    """The open cell ("D3", "TB1") or "—"."""
    got: tuple[str, ...]
    """Teams whose answer is locked."""
    scored: tuple[str, ...]
    """The teams it scores (a team that left too), in the night's order."""

    @staticmethod
    def of(line: str) -> Ledger:
        ledger = parse_ledger(line)
        return Ledger(ledger.q, ledger.open or "—", ledger.got, tuple(score.name for score in ledger.scores))


def _says_nothing(act: Act) -> bool:
    """A reply of a ledger alone (an answer locked without a word): it says nothing after a question."""
    return isinstance(act, Replied) and all(line.startswith("[L]") for line in act.words.splitlines() if line)


@dataclass(frozen=True)
class KioskReply:
    """The kiosk's reply: what it printed up to its "(listening)" (and any reply that came right after), and
    the acts it wrote for it, in order."""

    text: str
    acts: tuple[Act, ...] = ()

    def then(self, more: KioskReply) -> KioskReply:
        """This reply, and the one the kiosk gave right after it."""
        return KioskReply(f"{self.text}\n{more.text}", self.acts + more.acts)

    @property
    def prompts(self) -> tuple[Prompt, ...]:
        """The kiosk's own questions, in the order said."""
        return tuple(act.prompt for act in self.acts if isinstance(act, Asked))

    def asked(self, kind: type[P]) -> list[P]:
        """Every question of `kind` the kiosk said, bare or after a lead, in the order said."""
        return [part for prompt in self.prompts for part in within(prompt) if isinstance(part, kind)]

    def asked_bare(self, kind: type[P]) -> P | None:
        """The first question of `kind` said on its own, with no lead before it."""
        return next((prompt for prompt in self.prompts if isinstance(prompt, kind)), None)

    def asked_last(self, kind: type[P]) -> P | None:
        """The kiosk's last question of `kind`, if nothing of the kiosk's but a ledger follows it. One
        followed by more (the read-back) was answered already, by the rest of the adult's own line: the
        bench's kiosk says its words at once, so the end of "Ghosts, snowy owl." came after "Whose answer
        was that: Ghosts?" and was taken as the reply; answering the question then, the adult said "Ghosts."
        into the read-back."""
        said = [act for act in self.acts if not _says_nothing(act)]
        if not said or not isinstance(said[-1], Asked):
            return None
        found = [part for part in within(said[-1].prompt) if isinstance(part, kind)]
        return found[-1] if found else None

    @property
    def last_asked(self) -> Prompt | None:
        """The kiosk's question, if it is the very last thing the kiosk said (no ledger after it either)."""
        last = self.acts[-1] if self.acts else None
        return last.prompt if isinstance(last, Asked) else None

    def said(self, kind: type[S]) -> list[S]:
        """Every part of `kind` in the host's replies, in the order said."""
        return [
            part
            for act in self.acts
            if isinstance(act, Replied)
            for part in act.said
            if isinstance(part, kind)
        ]

    @property
    def host_words(self) -> list[str]:
        """The host's replies as worded (engine text, never the dialogue's questions): read only where the
        engine says nothing as a value of its own (kiosk/engine/said.py)."""
        return [act.words for act in self.acts if isinstance(act, Replied)]

    def read_back(self) -> dict[str, str] | None:
        """The answers the host read back last, by team name ("" on a solo night); None if it read none
        back."""
        found = self.said(ReadBack)
        return {answer.team: answer.said for answer in found[-1].answers} if found else None

    def fixed(self) -> FixTaken | None:
        """The first spelled fix the host took."""
        found = self.said(FixTaken)
        return found[0] if found else None

    def ruling(self) -> tuple[str, ...] | None:
        """The per-team lines of the first ruling (nights.ruling_lines); None if the host ruled nothing."""
        found = self.said(Ruling)
        return ruling_lines("\n".join(line.text for line in found[0].lines)) if found else None

    @property
    def over(self) -> bool:
        """The night ended: the host said its finale, RESULT line and all."""
        return bool(self.said(Finale))

    @property
    def ledger(self) -> Ledger | None:
        """The last ledger the host showed."""
        lines = [act.ledger for act in self.acts if isinstance(act, Replied) and act.ledger is not None]
        return Ledger.of(lines[-1]) if lines else None


class ActsFollowed:
    """The kiosk's acts as they come, each matched to the lines it printed: an act is a reply's once the
    first line of its words has been read (the kiosk writes an act before it prints its words, so an act is
    there by the time its words are)."""

    def __init__(self) -> None:
        self.waiting: deque[Act] = deque()

    def add(self, line: str) -> None:
        """One line the kiosk wrote to its acts."""
        if line.strip():
            self.waiting.append(read_act(line))

    def reply(self, lines: list[str]) -> KioskReply:
        """The reply of these printed lines, with the acts whose words they are."""
        taken: list[Act] = []
        for line in lines:
            firsts = [act.words.split("\n", 1)[0] for act in self.waiting]
            if line in firsts:  # acts before it whose words never came are let go, never waited on for ever
                for _ in range(firsts.index(line)):
                    self.waiting.popleft()
                taken.append(self.waiting.popleft())
        return KioskReply("\n".join(lines), tuple(taken))
