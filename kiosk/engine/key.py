"""The sealed key: a Markdown reveal file holding A1-E5, TB1-TB2, a Scoring line and SALT.

Accepted shape (labels may be bold, entries may be list items, headings any level)::

    SALT: 5f1e9a0c7d2b4e6f
    Scoring: ...
    ## A1
    Q: ...
    A: button
    ALSO: brass button; buttons        ("—" means none)
    NOT: zip (a zip is a fastener)     (a NOT form's reason in brackets after it)
    SOURCE: ...

A key that lacks any part is refused whole (Rules 2 and 3): there is no partial night.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from kiosk.engine.cells import CELL_IDS, TIEBREAK_IDS
from kiosk.engine.errors import InvalidKeyError

__all__ = ["TIEBREAK_IDS", "Entry", "InvalidKeyError", "Key", "NotForm", "TieBreak", "parse_key"]
NONE_MARKS = {"—", "-", "–", "none", "n/a", ""}

# Each run of spaces and stars is one class, never two quantifiers side by side: a pattern with two ways to
# split a long run of spaces backtracks in quadratic time, and a key file may hold any line at all.
_HEADING = re.compile(r"^#{1,6}[\s*]*(?P<id>[A-E][1-5]|TB[12])\b", re.IGNORECASE)
# "Q: x", "**Q:** x", "**Q**: x", "- Q: x", "* **Q**: x" (a "*" bullet is one more star)
_FIELD = re.compile(
    r"^(?:[-+]\s)?[\s*]*(?P<label>SALT|Scoring|Q|A|ALSO|NOT|SOURCE)[\s*]*:[\s*]*(?P<value>.*)$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class NotForm:
    form: str
    reason: str
    """Why the form is wrong, said after the ruling; may be empty."""


@dataclass(frozen=True)
class Entry:
    """One board cell's sealed entry."""

    cell: str
    question: str
    answer: str
    also: tuple[str, ...]
    nots: tuple[NotForm, ...]
    source: str

    @property
    def forms(self) -> tuple[str, ...]:
        """Every form that is right: the A form, then the ALSO forms."""
        return (self.answer, *self.also)


@dataclass(frozen=True)
class TieBreak:
    cell: str
    question: str
    year: int
    answer: str
    source: str


@dataclass(frozen=True)
class Key:
    entries: dict[str, Entry]
    tiebreaks: dict[str, TieBreak]
    scoring: str
    salt: str
    sha256: str
    """Hex SHA-256 of the key file's exact bytes."""

    @property
    def commitment(self) -> str:
        """The first 16 hex characters of the file's SHA-256."""
        return self.sha256[:16]


def _split_top_level(text: str) -> list[str]:
    """Split on ";" outside brackets, so a reason may hold a semicolon."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]" and depth:
            depth -= 1
        if char == ";" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def _forms(value: str) -> tuple[str, ...]:
    if value.strip().lower() in NONE_MARKS:
        return ()
    return tuple(part for part in _split_top_level(value) if part.lower() not in NONE_MARKS)


def _not_forms(value: str) -> tuple[NotForm, ...]:
    result = []
    for part in _forms(value):
        match = re.match(r"^(?P<form>[^(\[]*)[(\[](?P<reason>.*)[)\]]$", part)
        if match and match["form"].strip():
            result.append(NotForm(match["form"].strip(), match["reason"].strip()))
        else:
            result.append(NotForm(part, ""))
    return tuple(result)


_YEAR_IN_ANSWER = re.compile(r"\b(\d{4})\b")


def parse_key(data: bytes) -> Key:
    """Read a reveal file; raise InvalidKeyError saying what is missing if it is not whole."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InvalidKeyError("the key is not UTF-8 text") from error
    header, sections = _read_sections(text)
    missing = [cell for cell in (*CELL_IDS, *TIEBREAK_IDS) if cell not in sections]
    if missing:
        raise InvalidKeyError("missing " + ", ".join(missing))
    if not header.get("SALT"):
        raise InvalidKeyError("missing SALT")
    if not header.get("SCORING"):
        raise InvalidKeyError("missing the Scoring line")
    return Key(
        entries={cell: _entry(cell, sections[cell]) for cell in CELL_IDS},
        tiebreaks={cell: _tiebreak(cell, sections[cell]) for cell in TIEBREAK_IDS},
        scoring=header["SCORING"],
        salt=header["SALT"],
        sha256=hashlib.sha256(data).hexdigest(),
    )


def _read_sections(text: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The header's fields, and each section's fields by its cell; the first of a field repeated counts."""
    header: dict[str, str] = {}
    sections: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        heading = _HEADING.match(line)
        if heading:
            cell = heading["id"].upper()
            if cell in sections:
                raise InvalidKeyError(f"{cell} appears twice")
            current = sections[cell] = {}
            continue
        field = _FIELD.match(line)
        if not field:
            continue
        label, value = field["label"].upper(), field["value"].strip().rstrip("*").strip()
        if label in ("SALT", "SCORING"):
            header.setdefault(label, value)
        elif current is not None and label not in current:
            current[label] = value
    return header, sections


def _entry(cell: str, fields: dict[str, str]) -> Entry:
    for label in ("Q", "A", "ALSO", "NOT", "SOURCE"):
        if label not in fields:
            raise InvalidKeyError(f"{cell} has no {label}")
    for label in ("Q", "A", "SOURCE"):
        if fields[label].lower() in NONE_MARKS:
            raise InvalidKeyError(f"{cell} has an empty {label}")
    return Entry(
        cell=cell,
        question=fields["Q"],
        answer=fields["A"],
        also=_forms(fields["ALSO"]),
        nots=_not_forms(fields["NOT"]),
        source=fields["SOURCE"],
    )


def _tiebreak(cell: str, fields: dict[str, str]) -> TieBreak:
    for label in ("Q", "A", "SOURCE"):
        if not fields.get(label) or fields[label].lower() in NONE_MARKS:
            raise InvalidKeyError(f"{cell} has no {label}")
    year = _YEAR_IN_ANSWER.search(fields["A"])
    if not year:
        raise InvalidKeyError(f"{cell}'s answer is not a year")
    return TieBreak(cell, fields["Q"], int(year[1]), fields["A"], fields["SOURCE"])
