"""How many teams, by voice. The count begins the night with its teams, so in a loud room it is said back for
the sure yes, as a pick is (decision 0010); missed TUNING.confirming.count_misses times running, the counts
are offered one at a time in any room, so that a night always begins."""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.engine import intent
from kiosk.engine.commands import parse_team_count
from kiosk.engine.night import Night, Phase
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.confirming import Confirming
from kiosk.voice.dialogue.policy import Act, Slot
from kiosk.voice.dialogue.prompts import Confirm, Fixed, Lead
from kiosk.voice.dialogue.yes_or_no import YES
from kiosk.voice.sound.asr import Utterance
from kiosk.voice.tuning import TUNING

SAID = {1: "solo", 2: "two teams", 3: "three teams", 4: "four teams"}
"""A count as the table says it, and as the host is told it once confirmed."""
OFFERED = (2, 3, 4, 1)
"""The counts offered one at a time, in this order and round again: two teams first, as most tables play."""


@dataclass
class Counts:
    """The count said back (or offered) and waiting for a yes, and counts missed in a row."""

    confirming: Confirming[int] = field(default_factory=lambda: Confirming[int](Slot.COUNT))
    offered: bool = False
    """The count waiting was the kiosk's offer, not what it heard: a no moves on to the next one."""
    _misses: int = 0

    @property
    def waiting(self) -> int | None:
        return self.confirming.waiting

    def clear(self) -> None:
        """Nothing waits: a count said back is confirmed by the next words, or not at all."""
        self.confirming.clear()
        self.offered = False

    def take(self, utterance: Utterance, night: Night | None, loud: bool) -> str | Ask | None:
        """Before the night begins: the kiosk's question, the confirmed count for the host, or None."""
        heard = utterance.text
        offered = self.offered and self.waiting is not None
        if night is None or night.phase is not Phase.TEAMS:
            self.clear()
            self._misses = 0
            return None
        act, waiting = self.confirming.reply(utterance, loud) or (None, None)
        if act is Act.TAKE and waiting is not None:
            self.offered = False
            return SAID[waiting]
        if act is Act.ASK_IF_YES:
            return self.again(Lead.WAS_THAT_A_YES)
        if act is Act.REFUSED and offered and waiting is not None:
            return self._offer(OFFERED[(OFFERED.index(waiting) + 1) % len(OFFERED)])
        if act is Act.REFUSED:
            self.offered = False
            return Ask(Fixed.HOW_MANY)
        if waiting is not None and heard in YES:
            return self.again()  # a lone "right" in a loud room, which "four teams" was heard as
        self.clear()
        count = parse_team_count(heard)
        if count in SAID:
            self._misses = 0
            if offered and count == waiting and loud and _number_alone(heard):
                # In a loud room a number alone may be babble's: the offer is made again, for the yes.
                return self._offer(count)
            if offered and count == waiting:
                return SAID[count]  # the count offered, said back to it: as good as a yes
            if not loud:
                return None
            self.confirming.say_back(count)
            return Ask(Confirm(SAID[count].capitalize()))
        if not isinstance(intent.read(heard, night), intent.Plain):
            return None  # a command or a question about the rules: no count missed
        if offered and waiting is not None:
            return self._offer(waiting)  # neither yes nor no: the same one again
        if waiting is not None:
            # Neither yes, no nor a count: most often a garbled yes, so the count is asked about again.
            self.confirming.say_back(waiting)
            return self.again()
        self._misses += 1
        if self._misses % TUNING.confirming.count_misses:
            return None
        return self._offer(OFFERED[0], first=True)

    def again(self, lead: Lead = Lead.NO_YES_HEARD) -> Ask:
        assert self.waiting is not None
        return Ask(Confirm(SAID[self.waiting].capitalize(), lead))

    def _offer(self, count: int, first: bool = False) -> Ask:
        self.confirming.say_back(count)
        self.offered = True
        return Ask(Confirm(SAID[count].capitalize(), Lead.ONE_AT_A_TIME if first else Lead.NONE))


def _number_alone(heard: str) -> bool:
    """A count's number said alone ("two"), without "teams": a word babble says as often as a reader."""
    return heard.split() in ([said.split()[0]] for said in SAID.values() if len(said.split()) > 1)
