"""The yes and no that answer the kiosk's confirming questions, and the yes and no it asks for (decisions
0011, 0022). Which yes is sure enough, policy.py says; how the questions are worded, prompts/forms.py."""

from __future__ import annotations

from kiosk.engine.teams import TEAM_ORDER, Team

SURE_YES = "that's right"
"""The yes the lists hear most surely: asked for in a loud room and once a yes is missed (decision 0011)."""
SURE_NO = "no no"
"""The no every confirming question asks for, as the lists write it: heard as the no at least as often as a
plain "no" through every list, and no more often as a yes (decision 0022)."""
SAID_NO = "no, no"
"""SURE_NO as the kiosk says it, asking for it: its comma is the pause a reader makes."""
YES = frozenset(("yes", "right", "correct", SURE_YES))
"""Every yes these questions take; which are sure, policy.py says."""
NO = frozenset(("no", "nope", "wrong", SURE_NO))
"""Every no these questions take, besides "no" said over and over (refuses)."""


def refuses(text: str) -> bool:
    """A reply that is the no: one of NO, or "no" said over and over (a list lets phrases follow each other),
    alone or after one word of no yes, no no and no team's name (a list pads a short reply, "the no")."""
    words = text.split()
    if len(words) > 1 and not _has_meaning(words[0]):
        words = words[1:]
    return " ".join(words) in NO or (bool(words) and set(words) == {"no"})


def _has_meaning(word: str) -> bool:
    """A word of a yes or a no ("that's", of "that's right") or a team's name: never a list's padding."""
    return any(word in said.split() for said in YES | NO) or Team.from_name(word) in TEAM_ORDER
