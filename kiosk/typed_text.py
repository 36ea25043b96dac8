"""Text from outside the kiosk made plain before the journal, the screen or the log sees it.

Whatever a terminal, a recogniser or a guest's phone sends is normalised once (Unicode NFC) and stripped of
what no one can see or that breaks what carries it: control characters, format characters (zero-width
spaces and joiners, bidirectional marks, the byte-order mark) and lone surrogates, which no UTF-8 stream
can encode. A message longer than the night takes is cut just past that length, so the night still refuses
it as too long while the journal keeps a bounded line instead of a megabyte.
"""

from __future__ import annotations

import unicodedata

from kiosk.engine.intent import MAX_MESSAGE

DROPPED = frozenset({"Cc", "Cf", "Cs"})
"""Unicode categories removed: controls, format characters, surrogates."""


def _kept(ch: str, keep: str) -> bool:
    return ch in keep or unicodedata.category(ch) not in DROPPED


def plain_text(text: str) -> str:
    """One line as the log and a page may show it: NFC, without controls, format characters or lone
    surrogates. A tab becomes a space."""
    kept = "".join(ch for ch in text.replace("\t", " ") if _kept(ch, ""))
    return unicodedata.normalize("NFC", kept)


def message_text(text: str) -> str:
    """A message for the night (a save block pasted over several lines keeps its line breaks and tabs),
    plain as `plain_text` is, and at most one character longer than the night takes."""
    kept = "".join(ch for ch in text if _kept(ch, "\n\t"))
    return unicodedata.normalize("NFC", kept)[: MAX_MESSAGE + 1]
