"""The voice filter measurement's figures (voice_filter.py): what each placement of the reader's voice filter
makes of each utterance, tallied by voice set, condition and section; the table, with 95% Wilson intervals;
and the rule a placement must pass on a set to be said to help.

Every utterance is heard twice, plain and through the filter, and each placement is a way of combining the two
readings (Placement.reading), so all placements are measured on the very same sounds.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from testbed.intervals import Rate

BABBLE = "babble 10 dB"
"""The condition a filter must help in: the party's talk."""
QUIET_ROOMS = ("quiet", "room 0.5 s, 1 m")
"""Conditions with no party noise: nothing may get worse there beyond the interval."""


class Section(enum.Enum):
    ANSWER_TEAM = "answer's team"
    """An answer's leading team, as the kiosk hears answers (the name list beside, rival names asked)."""
    OPEN_TEAM = "answer's team, open recogniser alone"
    SPELLED = "spelled word"
    YEAR = "year"
    CLOSED = "closed set"

    @property
    def answer(self) -> bool:
        """Heard while answers come in (the open recogniser and the name list)."""
        return self in (Section.ANSWER_TEAM, Section.OPEN_TEAM)


def agreed(first: str | None, second: str | None) -> str | None:
    """The second reading's rule: a reading is kept only where both say the same; else nothing, and the
    kiosk asks."""
    return first if first == second else None


class Placement(enum.Enum):
    NONE = "no filter"
    EVERYTHING = "filter on everything"
    ANSWERS_ONLY = "filter on answers only"
    SECOND_READING = "second reading"
    """Both readings, kept where they agree (agreed)."""

    @property
    def filtered(self) -> bool:
        return self is not Placement.NONE

    def reading(self, section: Section, plain: str | None, filtered: str | None) -> str | None:
        """What the kiosk takes from an utterance of `section`, given its plain and its filtered reading."""
        if self is Placement.NONE:
            return plain
        if self is Placement.EVERYTHING:
            return filtered
        if self is Placement.ANSWERS_ONLY:
            return filtered if section.answer else plain
        return agreed(plain, filtered)


@dataclass(frozen=True)
class Tally:
    """Utterances of one kind: taken rightly, asked about (nothing taken), or taken wrongly."""

    right: int = 0
    asked: int = 0
    wrong: int = 0

    @property
    def whole(self) -> int:
        return self.right + self.asked + self.wrong

    def counted(self, expected: str, found: str | None) -> Tally:
        if found is None:
            return Tally(self.right, self.asked + 1, self.wrong)
        if found == expected:
            return Tally(self.right + 1, self.asked, self.wrong)
        return Tally(self.right, self.asked, self.wrong + 1)

    def rate(self, part: int) -> Rate:
        return Rate(part, self.whole)


Key = tuple[str, str, Placement, Section]
"""Voice set, condition, placement, section."""


@dataclass
class Figures:
    tallies: dict[Key, Tally] = field(default_factory=dict)

    def add(
        self,
        set_name: str,
        condition: str,
        section: Section,
        expected: str,
        plain: str | None,
        filtered: str | None,
    ) -> None:
        """One utterance heard plain and filtered, counted for every placement."""
        for placement in Placement:
            key = (set_name, condition, placement, section)
            found = placement.reading(section, plain, filtered)
            self.tallies[key] = self.tallies.get(key, Tally()).counted(expected, found)

    def tally(self, set_name: str, condition: str, placement: Placement, section: Section) -> Tally:
        return self.tallies.get((set_name, condition, placement, section), Tally())

    def babble_right(self, set_name: str, placement: Placement) -> int:
        return self.tally(set_name, BABBLE, placement, Section.ANSWER_TEAM).right


def why_not_adopted(figures: Figures, set_name: str, placement: Placement) -> list[str]:
    """Why a placement does not help on a set; none when it does: more answers' teams right in babble than no
    filter, no more wrong teams nor closed-set misreadings in any condition, and no right rate in a quiet room
    below no filter's beyond the 95% intervals."""
    failing: list[str] = []
    tally = figures.tally
    gained = tally(set_name, BABBLE, placement, Section.ANSWER_TEAM).right
    before = tally(set_name, BABBLE, Placement.NONE, Section.ANSWER_TEAM).right
    if gained <= before:
        failing.append(f"{BABBLE}: answer's team right {gained}, no filter {before}")
    conditions = sorted({key[1] for key in figures.tallies if key[0] == set_name})
    for condition in conditions:
        for section, what in ((Section.ANSWER_TEAM, "wrong teams"), (Section.CLOSED, "closed misread")):
            wrong = tally(set_name, condition, placement, section).wrong
            plain = tally(set_name, condition, Placement.NONE, section).wrong
            if wrong > plain:
                failing.append(f"{condition}: {what} {wrong}, no filter {plain}")
    for condition in QUIET_ROOMS:
        for section in (Section.ANSWER_TEAM, Section.CLOSED, Section.SPELLED, Section.YEAR):
            now = tally(set_name, condition, placement, section)
            then = tally(set_name, condition, Placement.NONE, section)
            if now.right < then.right and now.rate(now.right).differs_from(then.rate(then.right)):
                failing.append(f"{condition}: {section.value} right {now.right}, no filter {then.right}")
    return failing


COLUMNS = (
    "answer's team right",
    "asked",
    "WRONG team",
    "closed set right",
    "read as another phrase",
    "spelled word right",
    "year right",
)


def row(figures: Figures, set_name: str, condition: str, placement: Placement) -> list[Rate]:
    """One condition and placement's rates, in COLUMNS' order."""
    team = figures.tally(set_name, condition, placement, Section.ANSWER_TEAM)
    closed = figures.tally(set_name, condition, placement, Section.CLOSED)
    spelled = figures.tally(set_name, condition, placement, Section.SPELLED)
    year = figures.tally(set_name, condition, placement, Section.YEAR)
    return [
        team.rate(team.right),
        team.rate(team.asked),
        team.rate(team.wrong),
        closed.rate(closed.right),
        closed.rate(closed.wrong),
        spelled.rate(spelled.right),
        year.rate(year.right),
    ]


def table(figures: Figures, set_name: str, conditions: list[str]) -> str:
    """A set's figures as a Markdown table: a row per condition and placement, each rate with its 95% Wilson
    interval."""
    lines = [
        "| condition | placement | " + " | ".join(COLUMNS) + " |",
        "|---|---|" + "---|" * len(COLUMNS),
    ]
    for condition in conditions:
        for placement in Placement:
            cells = [str(rate) for rate in row(figures, set_name, condition, placement)]
            lines.append(f"| {condition} | {placement.value} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def alone(figures: Figures, set_name: str, conditions: list[str]) -> list[str]:
    """The open recogniser alone on answers' teams, a line per condition and placement: right, asked, wrong."""
    lines = []
    for condition in conditions:
        for placement in Placement:
            open_team = figures.tally(set_name, condition, placement, Section.OPEN_TEAM)
            counts = f"{open_team.right}/{open_team.asked}/{open_team.wrong} of {open_team.whole}"
            lines.append(
                f"voice_filter | {set_name} | {condition} | {placement.value} | open recogniser alone, "
                f"answer's team right/asked/wrong {counts}"
            )
    return lines
