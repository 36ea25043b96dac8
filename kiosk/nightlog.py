"""The night's log on the device: which key was played (its full SHA-256), every message and reply.

Each record is one JSON line, flushed as it is written, so a pulled plug loses at most the line in hand.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from kiosk.engine.reply import Reply
from kiosk.keys import LoadedKey
from kiosk.storage import data_dir, write_atomic


def autosave_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / "saves" / "autosave.txt"


@dataclass
class NightLog:
    path: Path
    stream: TextIO

    @classmethod
    def start(cls, loaded: LoadedKey, folder: Path | None = None) -> NightLog:
        assert loaded.key is not None
        folder = folder or data_dir() / "nights"
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"night-{stamp}.jsonl"
        log = cls(path, path.open("a", encoding="utf-8"))
        log._write({"key_sha256": loaded.key.sha256, "key_source": loaded.source.value})
        return log

    def _write(self, record: dict[str, object]) -> None:
        record = {"at": time.strftime("%Y-%m-%dT%H:%M:%S"), **record}
        self.stream.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.stream.flush()

    def record(self, message: str | None, reply: Reply, resumable: str | None) -> Path | None:
        """One turn of the night: the message (None for the opening), the reply, the night kept for a
        restart, and any save the table asked for. Returns where that save was kept."""
        if message is not None:
            self._write({"say": message})
        self._write({"reply": reply.text})
        self.autosave(resumable, reply.over)
        return self.keep_save(reply.save_block) if reply.save_block else None

    def keep_save(self, block: str) -> Path:
        """Keep a save block as a file beside the log, and as the latest save for a restart."""
        folder = self.path.parent.parent / "saves"
        path = folder / f"save-{time.strftime('%Y%m%d-%H%M%S')}.txt"
        write_atomic(path, (block + "\n").encode())
        write_atomic(folder / "latest.txt", (block + "\n").encode())
        return path

    def autosave(self, block: str | None, over: bool) -> None:
        """Keep the night between questions, so that a kiosk that loses power can resume it (--resume);
        forget it once the night is over."""
        path = autosave_path(self.path.parent.parent)
        if over:
            path.unlink(missing_ok=True)
        elif block is not None:
            write_atomic(path, (block + "\n").encode())

    def close(self) -> None:
        self.stream.close()
