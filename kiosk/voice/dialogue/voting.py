"""Ending the night by voice: every playing team says yes by name, and anything else lets the night go on
(the card's END). Noise loses either half of "Bats, yes.": a team's name alone keeps the vote and takes its
next plain yes; a plain yes is told to say the name, and at the second running the kiosk names the first
team still to say yes, whose next plain yes it takes."""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.engine.commands import is_no
from kiosk.engine.night import Night, Phase
from kiosk.engine.teams import Team
from kiosk.engine.text import words_of
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.confirming import Confirming
from kiosk.voice.dialogue.doubt import likely_alternatives, likely_below
from kiosk.voice.dialogue.policy import Act, Reading, Reply, Slot
from kiosk.voice.dialogue.prompts import Lead, PlainYesWillDo, Prefaced, StillToSayYes, WhoseYes
from kiosk.voice.hearing.listening import says_a_number
from kiosk.voice.sound.asr import Utterance


@dataclass
class Votes:
    """The team the kiosk asked for its yes by name, while teams say yes to end the night."""

    asked: Team | None = None
    _unnamed: bool = False
    """The last words of the vote were a plain yes that named no team."""
    _doubt: Confirming[Team] = field(default_factory=lambda: Confirming[Team](Slot.VOTE))
    """A team's yes heard about as likely as another team's, asked about by the last words of the vote."""

    def take(self, heard: Utterance, night: Night | None) -> str | Ask | None:
        """During the vote: a team's yes for the host, the kiosk's question (the vote kept), or None."""
        asked, self.asked = self.asked, None
        unnamed, self._unnamed = self._unnamed, False
        doubt, self._doubt = self._doubt, Confirming[Team](Slot.VOTE)
        if night is None or night.phase is not Phase.VOTING or night.solo:
            return None
        left = [playing for playing in night.playing if playing not in night.votes]
        words = words_of(heard.text)
        kept = _yes_and_a_word(words, left)
        if kept != words:
            return kept
        rival = _rival(heard, left)
        if rival is not None and doubt.rule_on(rival.team, rival.reading) is Act.ASK_IF_YES:
            self._doubt = doubt
            return Ask(WhoseYes(rival.team, rival.other))
        if asked in left and words == "yes":
            return f"{asked.value.lower()} yes"
        if words == "yes" and left:
            self._unnamed = not unnamed
            if not unnamed:
                return None  # the host asks for the team's name
            self.asked = left[0]
            return Ask(PlainYesWillDo(left[0], tuple(left)))
        hesitant = _yes_after_words(words, left)
        if hesitant is not None:
            self.asked = hesitant
            return Ask(PlainYesWillDo(hesitant, tuple(left)))
        team = Team.from_name(words) or _name_beside(heard, left, no_too=asked is None)
        if team is not None and team not in night.teams:
            # No team at this table: a name misheard, which passed on would end the vote.
            return Ask(Prefaced(Lead.SORRY, StillToSayYes(tuple(left))))
        if team is None or team not in left:
            return None
        self.asked = team
        return Ask(PlainYesWillDo(team, tuple(left), name_alone=True))


def a_teams_yes(reading: str) -> bool:
    return _yes_of(reading) is not None


def _yes_of(reading: str) -> Team | None:
    """The team whose yes a reading is ("bats yes"), if it is one."""
    words = words_of(reading).split()
    return Team.from_name(words[0]) if len(words) == 2 and words[1] == "yes" else None


@dataclass(frozen=True)
class _Rival:
    """A team's yes heard, and another team's still to say yes heard about as likely."""

    team: Team
    other: Team
    margin: float

    @property
    def reading(self) -> Reading:
        return Reading(Reply.YES, confidence=self.margin)


def _rival(heard: Utterance, left: list[Team]) -> _Rival | None:
    team = _yes_of(heard.text)
    if team is None or team not in left:
        return None
    for text, below in likely_below(heard):
        other = _yes_of(text)
        if other is not None and other is not team and other in left:
            return _Rival(team, other, below)
    return None


def _yes_and_a_word(words: str, left: list[Team]) -> str:
    """A team's yes with one word after it naming no team: that yes, or the room's word would end the vote."""
    said = words.split()
    if len(said) != 3 or Team.from_name(said[2]) is not None:
        return words
    return " ".join(said[:2]) if _yes_of(" ".join(said[:2])) in left else words


def _yes_after_words(words: str, left: list[Team]) -> Team | None:
    """A team still to say yes, named first, and a yes said last, with words between that neither name a team
    nor say no ("Bats, um, yes"): its plain yes is asked for, since the words passed on would end the vote."""
    said = words.split()
    team = Team.from_name(said[0]) if len(said) > 2 and said[-1] == "yes" else None
    if team not in left or any(is_no(word) or Team.from_name(word) for word in said[1:-1]):
        return None
    return team


def _name_beside(heard: Utterance, left: list[Team], no_too: bool) -> Team | None:
    """A team still to say yes whose name (or yes) was heard about as likely as a lone number, which passed on
    would end the vote; with `no_too` (nothing asked just before), as likely as a lone "no" too."""
    lone = heard.text.split()
    if len(lone) != 1 or not (says_a_number(heard.text) or (no_too and lone[0] == "no")):
        return None
    named = (Team.from_name(text) or _yes_of(text) for text in likely_alternatives(heard))
    return next((team for team in named if team in left), None)
