"""The kiosk's code stays readable in pieces: no module over 400 lines, no class over 300, no function over 60
(the project's style). Each piece found too long is named, with its length."""

from __future__ import annotations

import ast
from pathlib import Path

KIOSK = Path(__file__).resolve().parent.parent / "kiosk"
MODULE_LINES, CLASS_LINES, FUNCTION_LINES = 400, 300, 60


def _too_long(root: Path = KIOSK) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        source = path.read_text()
        name = path.relative_to(root.parent)
        if len(source.splitlines()) > MODULE_LINES:
            found.append(f"{name}: {len(source.splitlines())} lines")
        for node in ast.walk(ast.parse(source)):
            limit = CLASS_LINES if isinstance(node, ast.ClassDef) else FUNCTION_LINES
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > limit:
                    found.append(f"{name}: {node.name} {length} lines")
    return found


def test_no_module_class_or_function_is_over_its_length() -> None:
    assert _too_long() == []


def test_a_function_a_line_too_long_is_named(tmp_path: Path) -> None:
    package = tmp_path / "kiosk"
    package.mkdir()
    body = "\n".join(f"    x{n} = {n}" for n in range(FUNCTION_LINES - 1))
    (package / "long.py").write_text(f"def fits():\n{body}\n\n\ndef over():\n{body}\n    x = 0\n")
    assert _too_long(package) == [f"kiosk/long.py: over {FUNCTION_LINES + 1} lines"]
