"""The kiosk's acts: each thing it says as one JSON line, for a program following the night (the simulated
table) to read by kind and value, not by its English. An ask is the kiosk's own question (a prompt), a reply
the host's with its ledger line; a value is written by kind and field, a Team by its value, another enum by
its member's name. `read_act` reads a line back into the same values."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from dataclasses import dataclass
from enum import Enum
from typing import Any, TextIO, TypeAlias

from kiosk.engine.reply import Reply
from kiosk.engine.said import Remark, Said
from kiosk.engine.teams import Team
from kiosk.voice.dialogue.prompts import Fixed, Prompt

Json: TypeAlias = dict[str, "Json"] | list["Json"] | str | int | float | bool | None
"""A value as JSON holds it."""
ASK, REPLY = "ask", "reply"
"""The two acts: the kiosk's own question, and the host's reply."""


class ActError(ValueError):
    """A line that is no act this kiosk writes; the message quotes it."""


@dataclass(frozen=True)
class Asked:
    prompt: Prompt
    words: str
    """As printed and said."""


@dataclass(frozen=True)
class Replied:
    said: tuple[Said, ...]
    ledger: str | None
    """The reply's LEDGER line; None for the kiosk's own words around a night (how to pair a phone)."""
    words: str
    """As printed: every line, then the ledger line."""


Act: TypeAlias = Asked | Replied


def act_of(prompt: Prompt) -> dict[str, Json]:
    return {"act": ASK, **_object(prompt), "words": prompt.words}


def act_of_reply(reply: Reply) -> dict[str, Json]:
    said: list[Json] = [_object(part) for part in reply.said]
    return {"act": REPLY, "said": said, "ledger": reply.ledger_line, "words": reply.text}


def act_of_words(words: str) -> dict[str, Json]:
    """The kiosk's own words around a night (no question, no ledger) as an act: a reply of one remark."""
    return {"act": REPLY, "said": [_object(Remark.of(words))], "ledger": None, "words": words}


def write_act(acts: TextIO | None, act: dict[str, Json]) -> None:
    """One act, a line, flushed before the words are printed: a reader that has the words has the act."""
    if acts is not None:
        print(json.dumps(act, ensure_ascii=False), file=acts, flush=True)


def read_act(line: str) -> Act:
    """An act as `act_of` or `act_of_reply` wrote it, read back into its values."""
    try:
        found = json.loads(line)
        if found["act"] == ASK:
            return Asked(_read(found, Prompt), str(found["words"]))
        if found["act"] == REPLY:
            said = tuple(_read(part, Said) for part in found["said"])
            return Replied(said, found["ledger"], str(found["words"]))
    except (ValueError, KeyError, TypeError) as error:
        raise ActError(f"not an act: {line[:120]!r} ({error})") from error
    raise ActError(f"not an act: {line[:120]!r}")


# --- values as JSON, and back ---------------------------------------------------------------------------


def _object(value: object) -> dict[str, Json]:
    """A prompt or said part: its kind and its fields."""
    if isinstance(value, Fixed):
        return {"kind": Fixed.__name__, "name": value.name}
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        raise TypeError(f"no kind to write for {value!r}")
    fields = {field.name: _json(getattr(value, field.name)) for field in dataclasses.fields(value)}
    return {"kind": type(value).__name__, **fields}


def _json(value: object) -> Json:
    if isinstance(value, Team):
        return value.value
    if isinstance(value, Fixed) or dataclasses.is_dataclass(value):
        return _object(value)
    if isinstance(value, Enum):
        return value.name
    if isinstance(value, tuple):
        return [_json(item) for item in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"no JSON for {value!r}")


_NAMES = {"Prompt": Prompt}
"""Names a kind's fields are written with that its module imports for type checking alone."""


def _read(found: Any, hint: Any) -> Any:
    """`found`, as JSON holds it, read as the type `hint` names."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if found is None and type(None) in args:
            return None
        kinds = [arg for arg in args if arg is not type(None)]
        if isinstance(found, dict):
            kinds = [kind for kind in kinds if getattr(kind, "__name__", None) == found["kind"]]
        if len(kinds) != 1:
            raise ValueError(f"{found!r} is none of {hint}")
        return _read(found, kinds[0])
    if origin is tuple:
        return tuple(_read(item, args[0]) for item in found)
    if hint is Team:
        return Team(found)
    if hint is Fixed:
        return Fixed[found["name"]]
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint[found]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if found["kind"] != hint.__name__:
            raise ValueError(f"{found!r} is no {hint.__name__}")
        hints = typing.get_type_hints(hint, localns=_NAMES)
        fields = {
            field.name: _read(found[field.name], hints[field.name]) for field in dataclasses.fields(hint)
        }
        return hint(**fields)
    if hint in (str, int, float, bool) and isinstance(found, hint):
        return found
    raise ValueError(f"{found!r} is no {hint}")


__all__ = [
    "Act",
    "ActError",
    "Asked",
    "Replied",
    "act_of",
    "act_of_reply",
    "act_of_words",
    "read_act",
    "write_act",
]
