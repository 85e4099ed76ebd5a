"""The engine's source read as syntax, for tests that hold the rules to the ways a kept value can see a list
change (tests/engine/test_effect_index.py, test_lasting_cards.py)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def engine_nodes() -> Iterator[tuple[str, ast.AST]]:
    """Every syntax node of the engine, with where it is ("core/state.py:12")."""
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            yield f"{path.relative_to(ENGINE)}:{getattr(node, 'lineno', 0)}", node


def method_called(node: ast.AST, methods: set[str], on: Callable[[ast.AST], bool]) -> str | None:
    """The method of `methods` this node calls on something `on` accepts, if it is such a call."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in methods \
            and on(node.func.value):
        return node.func.attr
    return None


def written(node: ast.AST) -> list[ast.expr]:
    """What an assignment, an augmented assignment or a `del` writes (nothing for another node)."""
    if isinstance(node, (ast.Assign, ast.Delete)):
        return list(node.targets)
    if isinstance(node, ast.AugAssign):
        return [node.target]
    return []
