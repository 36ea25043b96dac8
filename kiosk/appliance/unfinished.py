"""The unfinished night a kiosk finds at power-on: the night kept between questions when it stopped.

A night that is carried on is sent to a new host as its save, as a table would send it. A night the table
does not want now is kept aside under its own name, never deleted: the table may want it another day.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from kiosk.engine.save import SaveError, parse_save
from kiosk.nightlog import autosave_path


@dataclass(frozen=True)
class Unfinished:
    path: Path
    left_at: datetime
    """When the night was last kept (local time)."""
    played: int
    """Cells ruled."""
    save: str
    """The save block that resumes it."""


@dataclass(frozen=True)
class Shelf:
    """Where the kiosk keeps unfinished nights: the data folder's saves/ (see kiosk.storage)."""

    folder: Path | None = None

    def unfinished(self) -> Unfinished | None:
        """The night kept when the kiosk stopped, if it is a whole save with a cell played; else None (a
        night stopped before its first ruling has nothing to carry on)."""
        path = autosave_path(self.folder)
        try:
            text = path.read_text(encoding="utf-8")
            save = parse_save(text)
            left_at = datetime.fromtimestamp(path.stat().st_mtime)
        except (OSError, UnicodeDecodeError, SaveError):
            return None
        if save.turn == 0:
            return None
        return Unfinished(path, left_at, save.turn, text.strip())

    def keep_aside(self, night: Unfinished) -> Path:
        """Move the night out of the way of the next one; returns where it is kept."""
        stamp = time.strftime("%Y%m%d-%H%M%S", night.left_at.timetuple())
        target = night.path.with_name(f"set-aside-{stamp}.txt")
        night.path.replace(target)
        return target
