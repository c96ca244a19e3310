"""The browser tests' own waits: every ``wait_for_function`` predicate is a function, never a bare expression.

Playwright polls a bare expression with ``eval`` inside the page, which the pages' Content Security Policy
(``script-src 'self'``, no ``'unsafe-eval'``) refuses; it only works when the first check already holds, so such a
wait passes on a fast machine and fails on a slow one (CI, stop 28). A function is compiled by the browser's
debugging protocol, which the policy does not govern."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _predicates(tree: ast.Module) -> list[tuple[int, str]]:
    """The first argument of each ``….wait_for_function(…)`` call, as the text it starts with (module-level
    constants followed, f-strings by their first literal part)."""
    constants = {
        target.id: node.value
        for node in tree.body if isinstance(node, ast.Assign)
        for target in node.targets if isinstance(target, ast.Name)
    }
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "wait_for_function" and node.args):
            continue
        arg = node.args[0]
        if isinstance(arg, ast.Name) and arg.id in constants:
            arg = constants[arg.id]
        if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
            arg = arg.values[0]
        text = arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None
        found.append((node.lineno, text if text is not None else ast.unparse(arg)))
    return found


def test_every_wait_for_function_predicate_is_a_function() -> None:
    bare = []
    seen = 0
    for path in sorted(TESTS.rglob("*.py")):
        for line, text in _predicates(ast.parse(path.read_text(encoding="utf-8"))):
            seen += 1
            if not text.lstrip().startswith(("(", "async ", "function")):
                bare.append(f"{path.relative_to(TESTS)}:{line}: {text[:60]}")
    assert seen > 20, seen  # the scan finds the waits it is about
    assert not bare, bare
