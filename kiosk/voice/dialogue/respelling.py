"""A word spelled again: noise loses a letter now and then, rarely the same one twice, so a team's second
spelling of the word its last fix put in its answer keeps the letters either had (decision 0013)."""

from __future__ import annotations

from difflib import SequenceMatcher


def merged(before: str, after: str) -> str:
    """Two spellings of one word, aligned: every letter either had, and the later's where they differ."""
    letters: list[str] = []
    for step, start, end, later_start, later_end in SequenceMatcher(
        a=before, b=after, autojunk=False
    ).get_opcodes():
        letters.append(before[start:end] if step in ("equal", "delete") else after[later_start:later_end])
    return "".join(letters)
