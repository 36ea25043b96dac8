"""Whose words were they: the kiosk's question about words held because their team's name was lost
(answering.py), and the table's replies. A reply naming no team asked about is most often the name lost
again, so the teams are then offered one at a time for the sure yes, a spelling's likeliest team first.
Nothing goes to a team without its name or that yes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kiosk.engine.matching import slips
from kiosk.engine.night import Night
from kiosk.engine.spelling import spelled_word, spelled_year
from kiosk.engine.teams import Team
from kiosk.engine.text import words_of
from kiosk.voice.dialogue.policy import Act, Slot, decide, read
from kiosk.voice.dialogue.prompts import Fixed, Prompt, WasItTheirs, WhoseAnswer
from kiosk.voice.hearing.listening import team_named
from kiosk.voice.sound.asr import Utterance

_AROUND_A_NAME = frozenset(
    ("it", "was", "that", "thats", "its", "the", "team", "ours", "our", "answer", "um", "er")
)
"""Words a reply to "whose was that?" may wrap the name in ("it was Bats", "that's Bats' answer")."""


@dataclass(frozen=True)
class Named:
    """The held words are this team's."""

    team: Team


@dataclass(frozen=True)
class Whose:
    """Words held while the kiosk asks whose they were."""

    words: str
    teams: tuple[Team, ...]
    """The teams they may belong to, in the night's order."""
    spelling: bool = False
    offered: Team | None = None
    """The team offered for a yes, once a reply named no team asked about."""
    again: bool = False
    """The team offered was asked about again: its reply was neither a yes, a no nor a name."""

    @property
    def prompt(self) -> WhoseAnswer | WasItTheirs:
        """The kiosk's question: whose were the words, or the team offered for a yes."""
        if self.offered is None:
            return WhoseAnswer(self.teams, self.spelling)
        return WasItTheirs(self.offered, self.spelling, self.again)

    @staticmethod
    def next_answer(heard: str) -> bool:
        """Not a reply but the next answer said over the question: it goes on, the held words to nobody."""
        words = _reply_words(heard)
        return len(words) > 1 and team_named(words[0]) is not None

    def take(self, heard: str, night: Night | None) -> tuple[Whose | None, Named | Prompt | None]:
        """The reply: the held words are a team's (Named), a question with what is held now, or (None, None)
        for the next answer said over the question."""
        if self.next_answer(heard):
            return None, None  # the read-back will show who is still to answer
        words = _reply_words(heard)
        # Asked for a name, "ghost" or "owl" (the open vocabulary's reading of a name) is one.
        named = [team for team in (team_named(word) or team_named(f"{word}s") for word in words) if team]
        # Only a team asked about: another name is a mishearing ("owls" on a night without Owls).
        named = [team for team in named if team in self.teams]
        if named:
            return None, Named(named[0])
        if self.offered is None:
            offered = replace(self, offered=self._likeliest_first(night)[0])
            return offered, offered.prompt
        act = decide(Slot.WHOSE, read(Utterance(" ".join(heard.split())), loud=True), asked=0)
        if act is Act.TAKE:
            return None, Named(self.offered)
        if act is Act.REFUSED:
            rest = self._likeliest_first(night)
            after = rest[rest.index(self.offered) + 1 :]
            if not after:
                return None, Fixed.NAME_FIRST
            following = replace(self, offered=after[0], again=False)
            return following, following.prompt
        if not self.again:
            asked = replace(self, again=True)
            return asked, asked.prompt
        return None, Fixed.NAME_FIRST

    def _likeliest_first(self, night: Night | None) -> tuple[Team, ...]:
        """The teams in the order offered: for a spelling, the team with a word nearest its letters first."""
        spelled = (spelling_in(self.words.split()) or "").replace(" ", "")
        if not self.spelling or not spelled or night is None:
            return self.teams

        def distance(team: Team) -> int:
            answer = night.answers.get(team)
            words = answer.text.split() if answer is not None else []
            return min(
                (slips(word, spelled, len(spelled) + len(word)) for word in words), default=len(spelled)
            )

        return tuple(sorted(self.teams, key=distance))


def _reply_words(heard: str) -> list[str]:
    return [word for word in words_of(heard).split() if word not in _AROUND_A_NAME]


def spelling_in(words: list[str]) -> str | None:
    """The letters of a spelling that a misheard team name opens ("that's b u t t o n"), as letters; or
    a Candle-End year's digits ("one eight nine seven" as "1 8 9 7")."""
    for start in range(min(3, len(words))):
        spelled = spelled_word(words[start:]) or spelled_year(words[start:])
        if spelled is not None:
            return " ".join(spelled)
    return None
