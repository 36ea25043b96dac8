"""A word spelled again. In party noise the letters list loses a letter of a spelling now and then, rarely the
same one twice: a team's second spelling of the word its last fix put in its answer keeps the letters either
spelling was heard with.

Over pairs of spellings of one word by the tuning voices in babble at 10 dB, the later spelling alone was
within Rule 8's slips of the word in 114 of 180, the two merged in 127 (18 made right, 5 wrong); over music
170 and 172. Held out, to report: babble 128 and 152 of 360 (2 made wrong), music 280 and 294 (none wrong)
(docs/decisions/0013-a-word-spelled-twice-merged.md)."""

from __future__ import annotations

from difflib import SequenceMatcher


def merged(before: str, after: str) -> str:
    """The letters of two spellings of one word, aligned: those both were heard with, and those only one
    was; where they were heard with different letters, the later spelling's."""
    letters: list[str] = []
    for step, start, end, later_start, later_end in SequenceMatcher(
        a=before, b=after, autojunk=False
    ).get_opcodes():
        letters.append(before[start:end] if step in ("equal", "delete") else after[later_start:later_end])
    return "".join(letters)
