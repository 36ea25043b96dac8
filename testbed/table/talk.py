"""The simulated adult's side of the talk with the kiosk: saying a line into the room, reading the kiosk's
reply, answering its own questions about the line (whose words they were, which team it calls), and saying a
closed-set line until the kiosk moves on. The night itself (what to say when) is adult.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from kiosk.engine.teams import Team

from .kiosk_lines import (
    AGAIN,
    BY_TEAM,
    CALLING,
    JOINED,
    ONE_NO,
    SLOWLY,
    SURE_YES,
    TEAM_NAME,
    WHOSE,
    WHOSE_OFFERED,
    WITH_WORDS,
)
from .kiosk_process import KioskLine, Ledger
from .nights import Question, Written
from .reader import HumanReader
from .records import NightRecord
from .voices import Samples

REACTION_SECONDS = 0.5
"""Seconds from reading the kiosk's reply (itself read 0.3 s after its last line, to be sure it was the last)
to the adult's first word: about 0.8 s in all, as a person answers. Spoken sooner, the first word fell into
the kiosk's deaf tail after its own voice (0.3 s, for room echo): "Bats. T, U, R, N" lost its team and "D
three" its D."""
REPLY_SECONDS = 12.0
"""How long the adult waits for a reply before saying it again, as a person does when the kiosk stays
silent: it takes a reply heard as room noise (a second no-word reply running) for no reply. Replies come
within about 3 s of the adult's last word, 5 s for a long spelling on a busy machine."""
NIGHT_SECONDS = 900.0
"""A night still going after this long is stuck: the adult stops it, and what was not ruled counts so."""
TRIES = 4
"""The same turn said this many times without the kiosk moving on: the adult gives up on it."""
QUESTIONS_ABOUT_A_LINE = 10
"""The kiosk's questions about one line the adult answers before it goes back to the night: whose words
they were, each team offered for a yes, asked again, and the line said again once let go."""


def asked_last(question: re.Pattern[str], reply: str) -> re.Match[str] | None:
    """The kiosk's question, if nothing of the kiosk's but a ledger follows it in the reply. One followed by
    more (the read-back) was answered already, by the rest of the adult's own line: the bench's kiosk says
    its words at once, so the end of "Ghosts, snowy owl." came after "Whose answer was that: Ghosts?" and
    was taken as the reply; answering the question then, the adult said "Ghosts." into the read-back."""
    found = list(question.finditer(reply))
    if not found:
        return None
    after = [line for line in reply[found[-1].end() :].splitlines() if line.strip()]
    return found[-1] if all(line.startswith("[L]") for line in after) else None


def _asks_whose(reply: str) -> bool:
    """The kiosk asks again whose the words were, or offers a team for a yes."""
    return WHOSE.search(reply) is not None or WHOSE_OFFERED.search(reply) is not None


class Stuck(Exception):
    """The night would not move on; the reason is the message."""


@dataclass(kw_only=True)
class Talk:
    kiosk: KioskLine
    say_out: Callable[[str], Samples]
    """Renders a line in the adult's voice."""
    play: Callable[[Samples], None]
    """Plays it into the room's microphone."""
    record: NightRecord
    reader: HumanReader | None = None
    """The reader's human habits, if any: how long it waits before each line (say_out renders them)."""
    text: str = ""
    """The kiosk's latest reply."""
    ledger: Ledger | None = None
    question_now: Question | None = None
    """The question being answered, for the kiosk calling a team by name."""
    started: float = field(init=False)
    """The kiosk line's clock when the night began."""
    night_seconds: float = NIGHT_SECONDS
    heard_at: float = 0.0
    """The kiosk line's clock when the kiosk's last reply was read."""
    reaction_seconds: float = REACTION_SECONDS
    """The pause before each line; a table of scripted replies, with no room to echo, needs none."""
    line: str = ""
    """The adult's last line of its own, not a reply to the kiosk's questions about it: what it says again
    when the kiosk did not catch it."""
    read_back_yes: str = "yes"
    """What the adult says to a read-back that is right: "yes", or the words the kiosk asked for instead."""
    one_no: str = "no"
    """What the adult says to a letter said back wrong, or to one team's answer asked about: "no", or the
    words the kiosk asked for instead ("no, no")."""
    last_named: str = ""
    """The team the adult's last line naming one named last: asked whose words were after a plain "yes",
    the words were that team's (the rest of its spelling, cut off by the kiosk's reply)."""
    with_words: bool = False
    """The kiosk has asked for a word for each letter: the adult spells so from then on, as a person would."""
    slowly: bool = False
    """The kiosk has asked to spell slowly: the adult pauses after each letter from then on."""
    joined: bool = False
    """The kiosk has said two words may be spelled as one: the adult does so where no one word would do."""
    by_team: bool = False
    """The kiosk has offered to ask about each team's answer on a "no": the adult says no to a read-back
    that needs a fix, as a person told so would, and answers for each team."""

    def __post_init__(self) -> None:
        self.started = self.kiosk.now()

    def say(self, line: str) -> str | None:
        """Say a line and answer the kiosk's own questions about it (whose words they were, which team is
        answering); the kiosk's last reply, or None if it said nothing."""
        self.line = line
        reply = self._say_once(line)
        for _ in range(QUESTIONS_ABOUT_A_LINE):
            if reply is None:
                return None
            whose = asked_last(WHOSE, reply)
            if whose is not None:
                options = re.split(r", | or ", whose.group(1))
                named = [team for team in [*TEAM_NAME.findall(line), self.last_named] if team in options]
                reply = self._say_once(f"{(named or options)[0]}.")
                self.record.closed("whose", reply is not None and not _asks_whose(reply))
                continue
            offered = asked_last(WHOSE_OFFERED, reply)
            if offered is not None:  # a team offered for a yes: the team the line named, or the last named
                meant = ([*TEAM_NAME.findall(line), self.last_named])[0]
                reply = self._say_once(offered.group(2) if offered.group(1) == meant else "no")
                continue
            if AGAIN in reply:
                reply = self._say_once(line)
                continue
            calling = CALLING.search(reply)
            question = self.question_now
            # Only a call for the question being answered: the yes that rules one question may bring the
            # next one's reading and its first call in the same reply (a Candle-End after the last cell).
            if calling is not None and question is not None and self.open_cell == question.cell:
                team = Team(calling.group(1))
                if team in {answer.team for answer in question.answers}:
                    # Its questions about this line are about the called team's reading from now on.
                    line = self.reading(question.of(team))
                    reply = self._say_once(line)
                    continue
            return reply
        return reply

    def _say_once(self, line: str) -> str | None:
        if self.kiosk.now() - self.started > self.night_seconds:
            raise Stuck(f"the night took over {self.night_seconds:.0f} s")
        if self.kiosk.ended:
            raise Stuck("the kiosk ended")
        waited = self.kiosk.now() - self.heard_at
        reaction = self.reader.lead(line, self.reaction_seconds) if self.reader else self.reaction_seconds
        if waited < reaction:
            self.kiosk.wait(reaction - waited)
        self.record.said.append(line)
        self.last_named = ([self.last_named, *TEAM_NAME.findall(line)])[-1]
        self.kiosk.note(line)
        self.play(self.say_out(line))
        reply = self.kiosk.block(REPLY_SECONDS)
        if reply is None:
            return None
        more = self.kiosk.block(0.3)
        while more is not None:
            reply += "\n" + more
            more = self.kiosk.block(0.3)
        self._read(reply)
        return reply

    def _read(self, reply: str) -> None:
        self.heard_at = self.kiosk.now()
        self.text = reply
        self.ledger = Ledger.last_in(reply) or self.ledger
        self.with_words = self.with_words or WITH_WORDS in reply
        self.slowly = self.slowly or SLOWLY in reply
        self.joined = self.joined or JOINED in reply
        self.by_team = self.by_team or BY_TEAM in reply
        sure = SURE_YES.search(reply)
        self.read_back_yes = sure.group(1) if sure else self.read_back_yes
        asked_no = ONE_NO.search(reply)
        self.one_no = asked_no.group(1) if asked_no else self.one_no

    @property
    def open_cell(self) -> str:
        """The cell the kiosk's last ledger shows open ("D3", "TB1"), or "—"."""
        return self.ledger.open if self.ledger else "—"

    def as_asked(self, line: str) -> str:
        """A yes to the read-back in the words the kiosk asked for, as a person does once told."""
        return self.read_back_yes if line == "yes" else line

    def reading(self, answer: Written) -> str:
        """A team's written answer as the adult reads it out, name first: misread, if the script says so,
        every time it is read out (the handwriting does not change), until the read-back shows the slip and
        the adult spells a fix."""
        return f"{answer.team.value}, {answer.said_first or answer.text}."

    def closed(
        self,
        line: str,
        moved: Callable[[str], bool],
        kind: str,
        tries: int = TRIES,
        right: Callable[[str], bool] | None = None,
        said: Callable[[str], str] = str,
    ) -> str:
        """Say a closed-set line until the kiosk moves on; counts whether it understood it right at once
        (`right`, when moving on is not enough: a pick must open the cell that was said). `said` gives the
        words for each try (a read-back's yes in the words the kiosk asked for). Asked for other words at
        the last try, the adult tries those once, as a person would, up to twice `tries` in all."""
        left = tries
        for attempt in range(2 * tries):
            words = said(line)
            reply = self.say(words)
            ok = reply is not None and moved(reply)
            if attempt == 0:
                self.record.closed(kind, ok and (right is None or (reply is not None and right(reply))))
            if ok:
                assert reply is not None
                return reply
            left = max(left - 1, 1 if said(line) != words else 0)
            if left == 0:
                break
        raise Stuck(f"{kind} {line!r} not understood in {tries} tries; last reply {self.text[-200:]!r}")
