"""The simulated adult's side of the talk with the kiosk: saying a line into the room, reading the kiosk's
reply (its acts, kiosk_reply.py), answering its own questions about the line (whose words they were, which team it calls), and saying a
closed-set line until the kiosk moves on. The night itself (what to say when) is adult.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from kiosk.voice.dialogue.prompts import WasItTheirs, WhoseAnswer, YourAnswer
from kiosk.voice.dialogue.yes_or_no import SURE_YES

from .kiosk_lines import (
    THE_NO,
    asks_the_no,
    offered_by_team,
    read_back_yes_asked,
    said_again_with_name,
    told_to_spell_slowly,
    told_to_spell_with_words,
    told_words_may_join,
)
from .kiosk_process import KioskLine
from .kiosk_reply import KioskReply, Ledger
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


TEAM_NAME = re.compile(r"\b(Bats|Ghosts|Owls|Toads)\b")
"""A team named in the adult's own line."""
EMPTY = KioskReply("")
"""No reply: the kiosk said nothing."""


def _asks_whose(reply: KioskReply) -> bool:
    """The kiosk asks again whose the words were, or offers a team for a yes."""
    return bool(reply.asked(WhoseAnswer) or reply.asked(WasItTheirs))


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
    heard: KioskReply = EMPTY
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
    """What the adult says to refuse what the kiosk asks it to confirm (a pick or a letter said back wrong, a
    team offered, one team's answer, a loud read-back, the offer to spell a word one letter at a time): "no",
    or, once the kiosk's questions have asked for it, the no they ask for (kiosk_lines.THE_NO)."""
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

    @property
    def text(self) -> str:
        """The kiosk's latest reply as printed: for the story of a night that stuck."""
        return self.heard.text

    def say(self, line: str) -> KioskReply | None:
        """Say a line and answer the kiosk's own questions about it (whose words they were, which team is
        answering); the kiosk's last reply, or None if it said nothing."""
        self.line = line
        reply = self._say_once(line)
        for _ in range(QUESTIONS_ABOUT_A_LINE):
            if reply is None:
                return None
            whose = reply.asked_last(WhoseAnswer)
            if whose is not None:
                options = [team.value for team in whose.teams]
                named = [team for team in [*TEAM_NAME.findall(line), self.last_named] if team in options]
                reply = self._say_once(f"{(named or options)[0]}.")
                self.record.closed("whose", reply is not None and not _asks_whose(reply))
                continue
            offered = reply.asked_last(WasItTheirs)
            if offered is not None:  # a team offered for a yes: the team the line named, or the last named
                meant = ([*TEAM_NAME.findall(line), self.last_named])[0]
                reply = self._say_once(SURE_YES if offered.team.value == meant else self.one_no)
                continue
            if said_again_with_name(reply):
                reply = self._say_once(line)
                continue
            # A team called by name on its own; called again after words not caught ("Sorry, ...") it is
            # a line not caught, said again.
            calling = reply.asked_bare(YourAnswer)
            question = self.question_now
            # Only a call for the question being answered: the yes that rules one question may bring the
            # next one's reading and its first call in the same reply (a Candle-End after the last cell).
            if calling is not None and question is not None and self.open_cell == question.cell:
                team = calling.team
                if team in {answer.team for answer in question.answers}:
                    # Its questions about this line are about the called team's reading from now on.
                    line = self.reading(question.of(team))
                    reply = self._say_once(line)
                    continue
            return reply
        return reply

    def _say_once(self, line: str) -> KioskReply | None:
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
            reply = reply.then(more)
            more = self.kiosk.block(0.3)
        self._read(reply)
        return reply

    def _read(self, reply: KioskReply) -> None:
        self.heard_at = self.kiosk.now()
        self.heard = reply
        self.ledger = reply.ledger or self.ledger
        asked = reply.prompts
        self.with_words = self.with_words or any(map(told_to_spell_with_words, asked))
        self.slowly = self.slowly or any(map(told_to_spell_slowly, asked))
        self.joined = self.joined or any(map(told_words_may_join, asked))
        self.by_team = self.by_team or any(map(offered_by_team, asked))
        sure = next((yes for yes in map(read_back_yes_asked, asked) if yes is not None), None)
        self.read_back_yes = sure or self.read_back_yes
        self.one_no = THE_NO if any(map(asks_the_no, asked)) else self.one_no

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
        moved: Callable[[KioskReply], bool],
        kind: str,
        tries: int = TRIES,
        right: Callable[[KioskReply], bool] | None = None,
        said: Callable[[str], str] = str,
    ) -> KioskReply:
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
