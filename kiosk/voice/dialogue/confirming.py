"""The one sub-dialogue that confirms something the kiosk heard: it is said back (or offered) and waits for a
yes or a no, and the policy (policy.py) rules on each reply by the slot's cost and how sure the reply is.

    confirming = Confirming[int](Slot.COUNT)
    confirming.say_back(2)                        "Two teams? Say "that's right", or say "no, no"."
    act, count = confirming.reply(heard, loud)    Act.TAKE, 2 -- or ASK_IF_YES, REFUSED, NOT_HEARD

What a slot does after a no or a reply that was neither is its own; this keeps only what waits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from kiosk.voice.dialogue.policy import Act, Reading, Slot, decide, read
from kiosk.voice.sound.asr import Utterance

T = TypeVar("T")


@dataclass
class Confirming(Generic[T]):
    """What is said back and waiting for a yes, in one slot."""

    slot: Slot
    waiting: T | None = None
    asked_if_yes: int = 0
    """Unsure replies to what is waiting that the kiosk asked about ("Was that a yes?", "Was that a no?")."""

    def say_back(self, value: T) -> None:
        self.waiting, self.asked_if_yes = value, 0

    def hold(self, value: T) -> None:
        """`value` waits again, as it was: an unsure yes already asked about stays asked about."""
        self.waiting = value

    def reply(self, heard: Utterance, loud: bool) -> tuple[Act, T] | None:
        """The policy's act on `heard`, and what waited (None if nothing did); a take or a no ends it."""
        if self.waiting is None:
            return None
        waiting = self.waiting
        return self.rule(read(heard, loud)), waiting

    def rule(self, reading: Reading) -> Act:
        """The policy's act on a reply already read, to what is waiting."""
        act = decide(self.slot, reading, self.asked_if_yes)
        if act in (Act.ASK_IF_YES, Act.ASK_IF_NO):
            self.asked_if_yes += 1
        if act in (Act.TAKE, Act.REFUSED):
            self.waiting = None
        return act

    def rule_on(self, value: T, reading: Reading) -> Act:
        """`rule` on a reply about `value`: said back first if nothing waits, else held as asked about."""
        self.waiting, self.asked_if_yes = value, self.asked_if_yes if self.waiting is not None else 0
        return self.rule(reading)

    def clear(self) -> None:
        """Nothing waits: the next words are no reply to it (until what waited is held again)."""
        self.waiting = None
