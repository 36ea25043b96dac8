"""The kiosk's own words are worded once (kiosk/voice/dialogue/prompts), and read as a whole in one golden
file (tests/golden/prompts.txt, written by testbed/prompt_examples.py)."""

from __future__ import annotations

import ast
import inspect
import pkgutil
import re
from importlib import import_module
from pathlib import Path
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


DIALOGUE = Path(prompts.__file__).parent.parent
"""kiosk/voice/dialogue: every module but the prompts package builds the kiosk's words from prompts."""


def _wording(node: ast.AST) -> list[ast.AST]:
    """Words written in place inside `node`: a string literal with a letter in it, or an f-string."""
    return [
        inner
        for inner in ast.walk(node)
        if isinstance(inner, ast.JoinedStr)
        or (
            isinstance(inner, ast.Constant)
            and isinstance(inner.value, str)
            and re.search("[A-Za-z]", inner.value)
        )
    ]


def _named_words(node: ast.expr) -> bool:
    """A constant's words passed as they stand (`Ask(NOT_CAUGHT)`), or glued (`+`, `.format`)."""
    if isinstance(node, ast.IfExp):
        return _named_words(node.body) or _named_words(node.orelse)
    if isinstance(node, ast.Name):
        return node.id.isupper()
    glued = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
    return glued or isinstance(node, ast.BinOp)


def test_no_dialogue_module_words_a_question_of_its_own() -> None:
    kinds = {kind.__name__ for kind in get_args(Prompt)}
    found = []
    for path in sorted(DIALOGUE.rglob("*.py")):
        if Path(prompts.__file__).parent in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in {"Ask", *kinds}:
                continue
            given = [*node.args, *(keyword.value for keyword in node.keywords)]
            if any(_wording(arg) for arg in given) or (
                node.func.id == "Ask" and any(map(_named_words, given))
            ):
                found.append(f"{path.relative_to(DIALOGUE)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "word it in kiosk/voice/dialogue/prompts:\n" + "\n".join(found)
