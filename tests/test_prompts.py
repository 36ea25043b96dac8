"""The kiosk's own words are worded once (kiosk/voice/dialogue/prompts), and read as a whole in one golden
file (tests/golden/prompts.txt, written by testbed/prompt_examples.py)."""

from __future__ import annotations

import inspect
import pkgutil
from importlib import import_module
from typing import get_args

from kiosk.voice.dialogue import prompts
from kiosk.voice.dialogue.prompts import Lead, Prompt
from testbed.prompt_examples import EXAMPLES, GOLDEN, shown, text


def _kinds() -> set[type]:
    """The classes the prompts package defines that word something (they have `words`)."""
    modules = [
        import_module(f"{prompts.__name__}.{info.name}") for info in pkgutil.iter_modules(prompts.__path__)
    ]
    return {
        kind
        for module in modules
        for _, kind in inspect.getmembers(module, inspect.isclass)
        if kind.__module__ == module.__name__ and hasattr(kind, "words")
    }


def test_the_golden_file_holds_every_example_as_the_code_words_it() -> None:
    assert GOLDEN.read_text() == text(), "run: python -m testbed.prompt_examples"


def test_every_kind_is_a_prompt_and_has_an_example_in_the_golden_file() -> None:
    union = set(get_args(Prompt))
    assert _kinds() <= union, "add the kind to prompts.Prompt"
    shown_kinds = {type(example) for example in EXAMPLES}
    assert union <= shown_kinds, f"no example of {sorted(kind.__name__ for kind in union - shown_kinds)}"
    golden = GOLDEN.read_text().splitlines()
    for kind in union:
        assert any(line.startswith((f"{kind.__name__}(", f"{kind.__name__}.")) for line in golden), kind
    for lead in Lead:
        assert any(f"Lead.{lead.name}" in line for line in golden), f"no example said after {lead}"


def test_each_example_is_one_line_of_words() -> None:
    for example in EXAMPLES:
        assert example.words and "\n" not in example.words and example.words == example.words.strip()
        assert " -> " not in shown(example)
