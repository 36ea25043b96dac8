"""Saves from elsewhere: a save block this kiosk did not print is read back, and taken only on the table's yes.

A save block that agrees with itself is easy to write by hand ("24 cells to Bats"), and anyone with the
remote keyboard could paste one before the first question. A save this kiosk printed has its own record in
`saves/` and is taken at once; any other is read back (teams, cells played, scores) and waits for a yes
said aloud or typed at the kiosk itself. A yes from the remote keyboard does not take it. A reply that is
neither yes nor no has it read back once more; the next lets it go.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from kiosk.cartridge import CELL_COUNT
from kiosk.engine.by import By
from kiosk.engine.night import Night
from kiosk.engine.resuming import takes_save
from kiosk.engine.save import Save, SaveError, holds_save, parse_save
from kiosk.records.nightlog import saves_folder
from kiosk.records.storage import UnreadableFile, read_small_file
from kiosk.table import Answered

KEPT_SAVES_READ = 200
"""Saves in `saves/` compared, newest first: far more than a season of nights asks for."""
KEPT_SAVE_LIMIT = 64 * 1024
"""Bytes: a kept save is under 1 KB."""
TAKE_IT = "yes"
LEAVE_IT = "no"
"""The yes and the no a voice loop passes on, once it has ruled on what it heard (kiosk.voice.dialogue)."""
YES = re.compile(r"^\s*(?:yes|yeah|yep|that'?s right|take it|carry on)\b", re.IGNORECASE)
NO = re.compile(r"^\s*(?:no|nope|leave it)\b", re.IGNORECASE)
ONLY_THE_TABLE = (
    "Only the table can take a save from elsewhere: say \"that's right\" aloud, or type yes at the kiosk's "
    "own keyboard."
)
LEFT = "The save from elsewhere is left aside; the night goes on as it stands."
STILL_HELD = "I didn't catch a yes or a no."
"""Said before the save is read back again, after a reply that was neither: letting it go cannot be undone
by voice, so one reply heard as other words does not."""


def read_back(save: Save) -> str:
    """The save from elsewhere as the table should hear it before it is taken."""
    teams = "solo" if save.solo else ", ".join(team.value for team in save.teams)
    scores = ", ".join(f"{team.value} {save.scores[team]}" for team in save.teams)
    return (
        f"That save was not made by this kiosk. It has {teams}; {save.turn} of the {CELL_COUNT} cells played; "
        f"scores {scores}. To carry on from it, say \"that's right\" aloud, or type yes at the kiosk's own "
        'keyboard; say "no, no" to leave it.'
    )


def kept_blocks(folder: Path) -> frozenset[str]:
    """The save blocks this kiosk printed and kept, each as its canonical block."""
    try:
        files = sorted(folder.glob("*.txt"), key=lambda path: path.name, reverse=True)[:KEPT_SAVES_READ]
    except OSError:
        return frozenset()
    blocks = set()
    for path in files:
        try:
            text = read_small_file(path, KEPT_SAVE_LIMIT, "a kept save", give="", usual="")
            blocks.add(parse_save(text.decode("utf-8", errors="replace")).block())
        except (UnreadableFile, SaveError):
            continue
    return frozenset(blocks)


@dataclass
class SaveCheck:
    """A table check (kiosk.table.Check): holds a save from elsewhere until the table says yes or no."""

    saves: Path = field(default_factory=saves_folder)
    held: str | None = None
    asked_again: bool = False
    """The save was read back again after a reply that was neither yes nor no: the next such lets it go."""

    def check(self, message: str, by: By, night: Night | None) -> str | Answered:
        if self.held is not None:
            held, self.held = self.held, None
            if YES.match(message):
                if by is By.TABLE:
                    return held
                self.held = held
                return Answered((ONLY_THE_TABLE,))
            if NO.match(message):
                return Answered((LEFT,))
            if not self.asked_again and not holds_save(message):
                self.held, self.asked_again = held, True
                return Answered((f"{STILL_HELD} {read_back(parse_save(held))}",))
            # Asked again already: the save is let go, and the message is the night's.
        if night is None or not holds_save(message) or not takes_save(night):
            return message
        try:
            save = parse_save(message)
        except SaveError:
            return message  # the night says what is wrong with it
        if save.block() in kept_blocks(self.saves):
            return message
        self.held, self.asked_again = message, False
        return Answered((read_back(save),))

    def holds_question(self) -> bool:
        return self.held is not None
