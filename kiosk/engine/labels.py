"""Rule 7: who each part of a message belongs to.

Typed: a label is a team name, bold or not, then a colon, comma or dash, opening the message or a line or
after punctuation; "All:" labels each team still to answer. By voice: a team name anywhere starts that
team's piece, and "all" opening an utterance labels every team still to answer.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from kiosk.engine.teams import TEAM_ORDER, TEAM_PATTERN, Team


class Everyone(enum.Enum):
    """Who "All:" labels: every team still to answer."""

    ALL = "all"


ALL = Everyone.ALL
_NAMES = TEAM_PATTERN
_SEPARATOR = r"[ \t]*[:,\-–—]"
_NAME = rf"[ \t]*(?P<name{{n}}>{_NAMES}|all)[ \t]*"
# "**Bats**:", "**Bats:**", "__Bats__:", "__Bats:__", or plain "Bats:" (also with a comma or dash).
_TYPED_LABEL = re.compile(
    "|".join(
        [
            r"(?P<b>\*\*|__)" + _NAME.format(n=1) + r"(?P=b)" + _SEPARATOR,
            r"(?P<c>\*\*|__)" + _NAME.format(n=2) + _SEPARATOR + r"[ \t]*(?P=c)",
            _NAME.format(n=3) + _SEPARATOR,
        ]
    ),
    re.IGNORECASE,
)
_TEAM_WORD = {team.value.lower(): team for team in TEAM_ORDER}


@dataclass(frozen=True)
class Labelled:
    """A part of a message and who it belongs to: a team, or every team still to answer (ALL)."""

    who: Team | Everyone
    text: str


def _opens_label(text: str, start: int) -> bool:
    """A label must open the message or a line, or follow punctuation."""
    before = text[:start].rstrip(" \t")
    return not before or before[-1] == "\n" or not (before[-1].isalnum() or before[-1].isspace())


def typed_labels(text: str) -> tuple[str, list[Labelled]]:
    """Split a typed message at its labels: (the unlabelled text before the first, the labelled parts)."""
    starts = []
    position = 0
    while True:
        match = _TYPED_LABEL.search(text, position)
        if match is None:
            break
        group = next(name for name in ("name1", "name2", "name3") if match[name] is not None)
        word_start = match.start(group)
        # The name must be a whole word: "Bats:" but not "Acrobats:".
        whole = word_start == 0 or not text[word_start - 1].isalnum()
        if whole and _opens_label(text, match.start()):
            starts.append(match)
        position = match.end() if whole else word_start + 1
    parts = []
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        name = next(match[group] for group in ("name1", "name2", "name3") if match[group] is not None).lower()
        who: Team | Everyone = ALL if name == ALL.value else _TEAM_WORD[name]
        parts.append(Labelled(who, text[match.end() : end]))
    lead = text[: starts[0].start()] if starts else text
    return lead, parts


_NAME_WORD = re.compile(rf"\b(?:{_NAMES})\b", re.IGNORECASE)


def named_labels(text: str) -> list[Labelled]:
    """Typed as by voice: a message opening with a team name but no colon ("Bats echolocation") is split at
    each team name, keeping its punctuation for Rule 8; nothing when it does not open with a name."""
    cuts = [
        match for match in _NAME_WORD.finditer(text) if match.start() == 0 or text[match.start() - 1] != "-"
    ]
    if not cuts or text[: cuts[0].start()].strip(" \t*_"):
        return []
    ends = [match.start() for match in cuts[1:]] + [len(text)]
    return [
        Labelled(_TEAM_WORD[match[0].lower()], text[match.end() : end])
        for match, end in zip(cuts, ends, strict=True)
    ]


def voice_labels(words: list[str]) -> tuple[list[str], list[Labelled]]:
    """Split an utterance's words at team names: (words before the first name, the labelled pieces)."""
    cuts: list[tuple[int, Team | Everyone]] = []
    for index, word in enumerate(words):
        if word in _TEAM_WORD:
            cuts.append((index, _TEAM_WORD[word]))
        elif word == ALL.value and index == 0:
            cuts.append((index, ALL))
    parts = []
    for number, (index, who) in enumerate(cuts):
        end = cuts[number + 1][0] if number + 1 < len(cuts) else len(words)
        parts.append(Labelled(who, " ".join(words[index + 1 : end])))
    lead = words[: cuts[0][0]] if cuts else words
    return lead, parts
