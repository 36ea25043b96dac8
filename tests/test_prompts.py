"""The kiosk's own words are worded once (kiosk/voice/dialogue/prompts), and read as a whole in one golden
file (tests/golden/prompts.txt, written by testbed/prompt_examples.py)."""

from __future__ import annotations

import ast
import inspect
import pkgutil
import re
from importlib import import_module
from pathlib import Path
from typing import get_args, get_type_hints

from kiosk.voice.dialogue import prompts
from kiosk.voice.dialogue.answering import Ask
from kiosk.voice.dialogue.prompts import Lead, Prefaced, Prompt
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
    """A constant's words passed as they stand (`Confirm(NOT_CAUGHT)`), or glued (`+`, `.format`)."""
    if isinstance(node, ast.IfExp):
        return _named_words(node.body) or _named_words(node.orelse)
    if isinstance(node, ast.Name):
        return node.id.isupper()
    glued = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
    return glued or isinstance(node, ast.BinOp)


def _worded_in_place(tree: ast.AST) -> list[ast.Call]:
    """Calls of a prompt kind given words written in place, or a constant's words: its string fields carry
    what was heard or a cell by name ("Wings & Webs 3"), never the kiosk's own wording."""
    kinds = {kind.__name__ for kind in get_args(Prompt)}
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in kinds
        and any(
            _wording(arg) or _named_words(arg)
            for arg in [*node.args, *(keyword.value for keyword in node.keywords)]
        )
    ]


def test_no_dialogue_module_words_a_question_of_its_own() -> None:
    found = [
        f"{path.relative_to(DIALOGUE)}:{node.lineno}: {ast.unparse(node)}"
        for path in sorted(DIALOGUE.rglob("*.py"))
        if Path(prompts.__file__).parent not in path.parents
        for node in _worded_in_place(ast.parse(path.read_text()))
    ]
    assert not found, "word it in kiosk/voice/dialogue/prompts:\n" + "\n".join(found)


def test_words_written_in_place_for_a_prompt_kind_are_found() -> None:
    written = """
Confirm("Was that Bats' answer")
Confirm(f"{team.value} leaving the night", lead)
WhichPickThen(SORRY + " Which one?")
NoYearHeard(NO_YEAR_HEARD.format(heard=heard), team)
PickSlowly(example=SORRY)
"""
    assert len(_worded_in_place(ast.parse(written))) == 5
    chosen = "Confirm(by_name(cell.id), lead)\nNoYearHeard(' '.join(words), team)\nYourAnswer(waiting[0])"
    assert not _worded_in_place(ast.parse(chosen))


def test_the_kiosks_own_words_travel_only_as_prompts() -> None:
    """Ask and a lead's question hold a prompt and nothing else, so mypy (strict, on kiosk/) refuses words
    given in its place: the English is worded once, by the prompt's kind."""
    assert get_type_hints(Ask) == {"prompt": Prompt}
    assert get_type_hints(Prefaced, localns={"Prompt": Prompt})["question"] == Prompt
