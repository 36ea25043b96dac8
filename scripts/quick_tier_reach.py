"""Which kiosk modules the quick tier (`pytest -m "not slow"`) never reaches.

Runs the quick tier in this process with a trace that notes, for every function call, the file it runs in
(and nothing per line, so it costs little), then lists each module under kiosk/ that no quick test imported,
and each one imported whose functions never ran. Exit status 1 if there is any of either.

    .venv/bin/python scripts/quick_tier_reach.py [extra pytest arguments]
"""

from __future__ import annotations

import inspect
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "kiosk"

ran: set[str] = set()
"""Files under kiosk/ in which a function (not only the module's own top level) ran."""
imported: set[str] = set()
"""Files under kiosk/ whose top level ran: the module was imported."""


def _seen(frame: FrameType, event: str, arg: Any) -> None:
    code = frame.f_code
    if not code.co_filename.startswith(PREFIX):
        return
    if code.co_name == "<module>":
        imported.add(code.co_filename)
    elif code.co_flags & inspect.CO_NEWLOCALS and not code.co_name.startswith("<"):
        # A function or method: not a class body, a comprehension or a lambda, which run at import.
        ran.add(code.co_filename)


PREFIX = str(PACKAGE) + "/"


class Retrace:
    """Puts the trace back before each test and its fixtures: a library that traces for its own ends
    (Hypothesis explaining a failure) clears it when done."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        sys.settrace(_seen)  # type: ignore[arg-type]
        threading.settrace(_seen)  # type: ignore[arg-type]

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_call(self, item: pytest.Item) -> None:
        sys.settrace(_seen)  # type: ignore[arg-type]


def modules() -> dict[str, str]:
    """Every module of the kiosk package: file path -> dotted name."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[str(path)] = name
    return found


def main(argv: list[str]) -> int:
    # Modules imported before the trace starts (pytest's plugins import none of the kiosk's) would be missed.
    assert not any(name == "kiosk" or name.startswith("kiosk.") for name in sys.modules)
    threading.settrace(_seen)  # type: ignore[arg-type]
    sys.settrace(_seen)  # type: ignore[arg-type]
    try:
        code = pytest.main(["-m", "not slow", "-q", "-p", "no:cacheprovider", *argv], plugins=[Retrace()])
    finally:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type]
    every = modules()
    never_imported = [name for path, name in every.items() if path not in imported and path not in ran]
    # A package's __init__ or a module of constants and Protocols has no function of its own to run.
    idle = [
        name
        for path, name in every.items()
        if path in imported and path not in ran and _has_functions(Path(path))
    ]
    print(f"\nquick tier: {len(every)} kiosk modules; pytest exit status {code}")
    print(f"never imported: {', '.join(never_imported) or 'none'}")
    print(f"imported, no function run: {', '.join(idle) or 'none'}")
    return 1 if never_imported or idle or code not in (0, pytest.ExitCode.OK) else 0


def _has_functions(path: Path) -> bool:
    """Whether the module defines any function or method body that could run (not only `...` stubs)."""
    import ast

    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body = [
                statement
                for statement in node.body
                if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant))
            ]
            if body:
                return True
    return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
