"""What a simulated night measures, per question and per night, and the figures over many nights."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

from testbed.intervals import Rate

if TYPE_CHECKING:
    from kiosk.engine.teams import Team

    from .nights import Question


def _content(text: str) -> set[str]:
    """The words of an answer that tell it from another, and all of them run together: a reader may spell
    two words as one ("nevermore" for "never more"), as the kiosk says."""
    words = text.lower().split()
    return {word for word in words if len(word) >= 4} | ({"".join(words)} if len(words) > 1 else set())


def _near(word: str, words: Iterable[str]) -> bool:
    return any(SequenceMatcher(None, word, other).ratio() >= 0.8 for other in words)


def _near_part(word: str, words: Iterable[str]) -> bool:
    """Near a stretch of one of the words as long as it: a misheard spelling of part of a joined word
    ("nvere" for the "never" of "nevermore")."""
    size = len(word)
    return _near(
        word, (whole[start : start + size] for whole in words for start in range(len(whole) - size + 1))
    )


@dataclass
class QuestionRecord:
    cell: str
    deserved: tuple[str, ...]
    """Each team's ruling line when the written answers are typed."""
    opened: str = ""
    """The cell the kiosk read (another than `cell` is a pick misheard)."""
    ruled: tuple[str, ...] | None = None
    """Each team's ruling line as the kiosk ruled; None if it never ruled."""
    corrections: int = 0
    """Spelled fixes the adult needed (a team's dishonest fix is not counted)."""
    spellings: list[int | None] = field(default_factory=list)
    """For each team whose answer the adult set out to fix: the spellings it took, or None if never fixed."""
    seconds: float = 0.0
    wrong_team: set[tuple[str, str]] = field(default_factory=set)
    """(team whose words they were, team they were given to), at any read-back."""
    wrong_team_confirmed: set[tuple[str, str]] = field(default_factory=set)
    """The same, in the read-back the adult said yes to: words the ruling would have been made on."""
    wrong_team_ruled: set[tuple[str, str]] = field(default_factory=set)
    """Of those, where the team given them was ruled otherwise than its written answer deserves: words that
    changed the score, not only the read-back ("your location" heard for a wrong "radar" is still wrong)."""

    @property
    def as_deserved(self) -> bool:
        return self.opened == self.cell and self.ruled == self.deserved

    def note_wrong_team(
        self,
        question: Question,
        heard: dict[str, str],
        confirmed: bool = False,
        ruled_otherwise: frozenset[Team] = frozenset(),
    ) -> None:
        """Words of another team's answer, or its name, in this team's read-back and not in its own: that
        team's answer (or part of it) was given to this team. Its own are what it wrote, what the adult
        misread it as, the word it spelled as a fix it never wrote (the script's cheat), and any part of
        them ("more" of "nevermore"). `confirmed`: the read-back the adult is saying yes to;
        `ruled_otherwise`: in it, the teams whose heard answers rule otherwise than their written ones.
        A word near a part of its own ("nvere", a misheard fix of "nevermore") is its own too."""
        for answer in question.answers:
            cheat = question.cheat.spelled if question.cheat and question.cheat.team is answer.team else ""
            own = _content(answer.text) | _content(answer.said_first) | _content(cheat)
            said = heard.get(answer.team.value, "").lower().split()
            said = [word for word in said if not any(word in whole for whole in own)]
            for other in question.answers:
                if other.team is answer.team:
                    continue
                theirs = (
                    _content(other.text) | _content(other.said_first) | {other.team.value.lower()}
                ) - own
                mine = [
                    word
                    for word in said
                    if len(word) >= 4 and not _near(word, own) and not _near_part(word, own)
                ]
                if any(_near(word, theirs) for word in mine):
                    self.wrong_team.add((other.team.value, answer.team.value))
                    if confirmed:
                        self.wrong_team_confirmed.add((other.team.value, answer.team.value))
                    if confirmed and answer.team in ruled_otherwise:
                        self.wrong_team_ruled.add((other.team.value, answer.team.value))


@dataclass
class NightRecord:
    script: str
    voice: str
    family: str
    condition: str
    held_out: bool
    teams: int
    deserved: list[tuple[str, ...]]
    questions: list[QuestionRecord] = field(default_factory=list)
    closed_set: list[tuple[str, bool]] = field(default_factory=list)
    """Every closed-set line (team count, pick, yes, command, team yes, dispute) said the first time, and
    whether the kiosk understood it right at once."""
    said: list[str] = field(default_factory=list)
    stuck: str = ""
    ended_early: str = ""
    """The kiosk ended the night before the script's last question (rulings other than deserved can end
    a Candle-End night before its tie)."""
    seconds: float = 0.0

    def closed(self, kind: str, at_once: bool) -> None:
        self.closed_set.append((kind, at_once))

    def all_questions(self) -> list[QuestionRecord | None]:
        """One entry per scripted question: its record, or None if the night never reached it."""
        return [*self.questions, *[None] * (len(self.deserved) - len(self.questions))]


@dataclass(frozen=True)
class Figures:
    nights: int
    questions: int
    as_deserved: int
    corrections: int
    fixed_in_two: int
    """Teams' answers set right by spelling within two tries."""
    to_fix: int
    """Teams' answers the adult set out to fix by spelling."""
    median_seconds: float | None
    wrong_team: int
    wrong_team_confirmed: int
    """Of those, in a read-back the adult said yes to."""
    wrong_team_ruled: int
    """Of those, changing the team's ruling."""
    closed_said: int
    closed_at_once: int
    stuck: int

    @staticmethod
    def of(nights: list[NightRecord]) -> Figures:
        questions = [q for night in nights for q in night.all_questions()]
        played = [q for q in questions if q is not None]
        seconds = [q.seconds for q in played if q.ruled is not None]
        closed = [ok for night in nights for _, ok in night.closed_set]
        return Figures(
            nights=len(nights),
            questions=len(questions),
            as_deserved=sum(1 for q in played if q.as_deserved),
            corrections=sum(q.corrections for q in played),
            fixed_in_two=sum(1 for q in played for n in q.spellings if n is not None and n <= 2),
            to_fix=sum(len(q.spellings) for q in played),
            median_seconds=statistics.median(seconds) if seconds else None,
            wrong_team=sum(len(q.wrong_team) for q in played),
            wrong_team_confirmed=sum(len(q.wrong_team_confirmed) for q in played),
            wrong_team_ruled=sum(len(q.wrong_team_ruled) for q in played),
            closed_said=len(closed),
            closed_at_once=sum(closed),
            stuck=sum(1 for night in nights if night.stuck),
        )

    @property
    def rates(self) -> dict[str, Rate]:
        """The figures that are rates, by name, each with its 95% interval: the ones before and after a
        change are compared on."""
        return {
            "ruled as deserved": Rate(self.as_deserved, self.questions),
            "fixed in 2": Rate(self.fixed_in_two, self.to_fix),
            "closed set at once": Rate(self.closed_at_once, self.closed_said),
        }

    HEADER = (
        f"{'':34} {'nights':>6} {'ruled as deserved [95%]':>24} {'fixes/q':>7} {'fixed in 2 [95%]':>22} "
        f"{'s/q (median)':>12} {'wrong team (yes, ruled)':>23} {'closed set at once [95%]':>26} {'stuck':>5}"
    )

    def row(self, label: str) -> str:
        rates = self.rates
        per_q = f"{self.corrections / self.questions:.2f}" if self.questions else "-"
        seconds = f"{self.median_seconds:.1f}" if self.median_seconds is not None else "-"
        wrong = f"{self.wrong_team} ({self.wrong_team_confirmed}, {self.wrong_team_ruled})"
        return (
            f"{label:34} {self.nights:>6} {rates['ruled as deserved']!s:>24} {per_q:>7} "
            f"{rates['fixed in 2']!s:>22} {seconds:>12} {wrong:>23} {rates['closed set at once']!s:>26} "
            f"{self.stuck:>5}"
        )
