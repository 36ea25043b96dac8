"""`python -m kiosk nights`: the nights kept on this device (when, key, teams, where each stands), and
`nights remove NIGHT...` for those no longer wanted."""

from __future__ import annotations

from typing import TextIO

from kiosk.hints import kiosk_command
from kiosk.records.night_records import list_nights, nights_folder, remove
from kiosk.records.storage import StorageError


def nights_command(remove_names: list[str] | None, out: TextIO) -> int:
    folder = nights_folder()
    nights = list_nights(folder)
    if remove_names is not None:
        return _remove(remove_names, out)
    if not nights.kept and not nights.damaged:
        print(f"No nights are kept in {folder}.", file=out)
        return 0
    for night in nights.kept:
        marks = [
            mark
            for mark, present in (
                ("unfinished", not night.over),
                ("kept aside", night.aside),
                ("by voice", night.voice),
                ("in play now", night.in_use),
                (f"held in {night.path} until the data disk has room", night.home is not None),
                (f"damaged from line {night.damaged_at}", night.damaged_at is not None),
            )
            if present
        ]
        suffix = f" [{', '.join(marks)}]" if marks else ""
        print(f"{night.name}: {night.describe()}{suffix}", file=out)
    for damaged in nights.damaged:
        print(f"{damaged.path.stem}: cannot be read ({damaged.reason})", file=out)
    if any(not night.over for night in nights.kept):
        step = f"Carry one on: {kiosk_command('play --resume NIGHT')} (voice --resume NIGHT for a night by voice)."
    else:  # a night that is over cannot be carried on: only a new one can begin
        step = (
            f"Every night here is over. A new night: {kiosk_command('play')} at this terminal, or "
            f"{kiosk_command('serve')} for the kiosk by voice."
        )
    print(f"{step} Remove one: {kiosk_command('nights remove NIGHT')}", file=out)
    return 0


def _remove(names: list[str], out: TextIO) -> int:
    nights = list_nights(nights_folder())
    paths = {night.name: (night.path, *night.copies) for night in nights.kept if not night.in_use}
    paths.update({damaged.path.stem: (damaged.path,) for damaged in nights.damaged})
    code = 0
    for name in names:
        copies = paths.get(name.removesuffix(".jsonl"))
        if copies is None:
            print(f"No night named {name} is kept (or it is in play now): nothing removed.", file=out)
            code = 1
            continue
        try:
            for path in copies:
                remove(path)
        except StorageError as error:
            print(f"{name} could not be removed: {error}.", file=out)
            code = 1
            continue
        print(f"Removed {name}.", file=out)
    return code
