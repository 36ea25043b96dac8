"""Nights journalled in-process, as a front end keeps them: the opening, then each message and its reply."""

from __future__ import annotations

from pathlib import Path

from kiosk.engine.host import Host
from kiosk.keys import LoadedKey, load_practice
from kiosk.records.journal import Journal
from kiosk.records.night_records import KeyIdentity


def journalled(
    folder: Path, messages: list[str], loaded: LoadedKey | None = None, *, voice: bool = False
) -> tuple[Host, Journal]:
    """A night on the key (the practice key unless told) journalled in the folder, its journal closed."""
    loaded = loaded or load_practice()
    assert loaded.key is not None
    host = Host(loaded.key, source=loaded.source, voice=voice)
    journal = Journal.begin(KeyIdentity.of(loaded), folder, voice=voice)
    journal.record(None, host.opening())
    for message in messages:
        journal.record(message, host.hear(message))
    journal.close()
    return host, journal
