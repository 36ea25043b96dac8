"""Save blocks the table asked for, kept as files beside the night's journal (`saves/`), the latest also as
`saves/latest.txt`: the card's SAVE block is what a table exchanges, so it is kept where a person finds it."""

from __future__ import annotations

import time
from pathlib import Path

from kiosk.records.storage import data_dir, write_atomic


def saves_folder() -> Path:
    return data_dir() / "saves"


def keep_save(block: str, folder: Path | None = None, now: float | None = None) -> Path:
    """Keep a save block as its own file and as the latest save; StorageError (one line) if it cannot be."""
    folder = folder or saves_folder()
    path = folder / f"save-{time.strftime('%Y%m%d-%H%M%S', time.localtime(now))}.txt"
    write_atomic(path, (block + "\n").encode())
    write_atomic(folder / "latest.txt", (block + "\n").encode())
    return path
