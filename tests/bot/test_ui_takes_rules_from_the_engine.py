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


DECK_FILES = ("tgbot/ui/deck.py", "tgbot/routers/deck.py")  # the deck builder asks api.deck_rules


def ruleset_comparisons(path: Path) -> list[str]:
    """Every `… ruleset == …` / `!=` (an attribute or a name called ruleset, on either side), with its line."""
    def named_ruleset(node: ast.expr) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "ruleset") or \
            (isinstance(node, ast.Name) and node.id == "ruleset") or \
            (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == "ruleset")

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare) and any(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops) \
                and any(named_ruleset(side) for side in [node.left, *node.comparators]):
            found.append(f"{path.name}:{node.lineno}")
    return found


@pytest.mark.parametrize("name", DECK_FILES)
def test_deck_module_imports_nothing_from_engine_rulesets(name: str) -> None:
    assert ruleset_imports(ROOT / name) == []


@pytest.mark.parametrize("name", DECK_FILES)
def test_deck_module_never_compares_a_rule_set_name(name: str) -> None:
    assert ruleset_comparisons(ROOT / name) == []


def test_the_scan_sees_a_rule_set_comparison(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('if state.ruleset == MAFIK:\n    pass\nok = "mafik" != game["ruleset"]\nfine = rules.kind == "x"\n')
    assert ruleset_comparisons(module) == ["m.py:1", "m.py:3"]


def test_the_scan_sees_a_function_local_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from engine.rulesets.mafik.costs import exiled\n    import engine.rulesets\n")
    assert ruleset_imports(module) == ["m.py:2 engine.rulesets.mafik.costs", "m.py:3 engine.rulesets"]
