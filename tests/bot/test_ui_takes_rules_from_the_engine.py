"""The panel and the card flow know no rule set's internals: what a player can do, its parameters,
payment, colours and roles come through `engine.core.api` (api.actions, api.catalog)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = ("tgbot/ui/flow.py", "tgbot/ui/panel.py")


def ruleset_imports(path: Path) -> list[str]:
    """Every import of engine.rulesets in the module, at the top or inside a function, with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
            [a.name for a in node.names] if isinstance(node, ast.Import) else []
        found += [f"{path.name}:{node.lineno} {n}" for n in names if n == "engine.rulesets" or n.startswith("engine.rulesets.")]
    return found


@pytest.mark.parametrize("name", FILES)
def test_ui_module_imports_nothing_from_engine_rulesets(name: str) -> None:
    assert ruleset_imports(ROOT / name) == []


def test_the_scan_sees_a_function_local_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from engine.rulesets.mafik.costs import exiled\n    import engine.rulesets\n")
    assert ruleset_imports(module) == ["m.py:2 engine.rulesets.mafik.costs", "m.py:3 engine.rulesets"]
