"""The bot knows no rule set's internals or name: what a player can do, its parameters, payment,
colours, roles and how a panel looks come through `engine.core.api` (api.actions, api.catalog,
api.check, api.view_profile)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The bot's modules cleaned of rule-set imports and of branches on a rule set's name.
FILES = ("tgbot/ui/flow.py", "tgbot/ui/panel.py", "tgbot/ui/flow_screens.py", "tgbot/ui/comms.py",
         "tgbot/routers/play/panel.py", "tgbot/routers/play/votes.py", "tgbot/services/chronicle.py",
         "tgbot/services/master_tools.py", "tgbot/ui/deck.py", "tgbot/routers/deck.py", "tgbot/render.py",
         "tgbot/render_declared.py", "tgbot/ui/questions.py", "tgbot/routers/answers.py", "tgbot/ui/decisions.py",
         "tgbot/routers/decisions.py", "tgbot/services/decisions.py", "tgbot/i18n.py", "tgbot/ui/names.py",
         "tgbot/services/signup.py", "tgbot/routers/signup.py", "tgbot/routers/general.py", "tgbot/routers/master.py",
         "tgbot/routers/play/perks.py", "tgbot/sandbox/walker.py", "tgbot/sandbox/simseat.py", "tgbot/sandbox/demo.py")
RULESET_NAMES = ("mafik", "micromafik")
COMPARISONS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn)


def ruleset_imports(path: Path) -> list[str]:
    """Every import of engine.rulesets in the module, at the top or inside a function, with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
            [a.name for a in node.names] if isinstance(node, ast.Import) else []
        found += [f"{path.name}:{node.lineno} {n}" for n in names if n == "engine.rulesets" or n.startswith("engine.rulesets.")]
    return found


def _names_a_ruleset(node: ast.expr) -> bool:
    """A rule set's name as a string, an attribute or variable called `ruleset`, or a constant like MAFIK."""
    if isinstance(node, ast.Constant):
        return node.value in RULESET_NAMES
    if isinstance(node, ast.Name):
        return node.id == "ruleset" or node.id.upper() in {n.upper() for n in RULESET_NAMES}
    return isinstance(node, ast.Attribute) and node.attr == "ruleset"


def ruleset_branches(path: Path) -> list[str]:
    """Every ==, != or `in` comparison of a rule set (`ruleset`, `x.ruleset`) with anything, or of
    anything with a rule set's name (`"mafik"`, MAFIK), with its line; and every module constant
    holding a rule set's name."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare) and any(isinstance(op, COMPARISONS) for op in node.ops) \
                and any(_names_a_ruleset(side) for side in [node.left, *node.comparators]):
            found.append((node.lineno, ast.unparse(node)))
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and node.value.value in RULESET_NAMES:
            found.append((node.lineno, ast.unparse(node)))
    return [f"{path.name}:{line} {text}" for line, text in sorted(found)]


def ruleset_locale_keys(path: Path) -> list[str]:
    """Every string naming a locale key of a rule set's own in the bot's namespace (`ui.mafik_…`), with
    its line: such keys live in the rule set's namespace and the engine names them (its panel facts)."""
    prefixes = tuple(f"ui.{name}_" for name in RULESET_NAMES)
    return [f"{path.name}:{node.lineno} {node.value}" for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith(prefixes)]


@pytest.mark.parametrize("name", FILES)
def test_ui_module_names_no_locale_key_of_a_ruleset(name: str) -> None:
    assert ruleset_locale_keys(ROOT / name) == []


def test_the_scan_sees_a_ruleset_locale_key(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('a = t(lang, "ui.mafik_deck")\nb = t(lang, "ui.deck_top")\nc = f"ui.micromafik_{x}"\n')
    assert ruleset_locale_keys(module) == ["m.py:1 ui.mafik_deck", "m.py:3 ui.micromafik_"]


@pytest.mark.parametrize("name", FILES)
def test_ui_module_imports_nothing_from_engine_rulesets(name: str) -> None:
    assert ruleset_imports(ROOT / name) == []


@pytest.mark.parametrize("name", FILES)
def test_ui_module_branches_on_no_ruleset_name(name: str) -> None:
    assert ruleset_branches(ROOT / name) == []


# Comparisons of rule sets in the bot that are not branches on one rule set: two games' rule sets compared
# (a card's twin in another rule set), a name the master typed checked against the rule sets found.
# Comparisons that are not branches on a rule set's name, by file and expression (a line number would move
# with every edit above it).
NOT_BRANCHES = {"gamedata.py other != ruleset", "games.py ruleset not in ruleset_names()"}


def test_no_bot_module_branches_on_a_ruleset_name() -> None:
    """The whole bot, not only the modules listed: no comparison with a rule set's name anywhere."""
    found = {hit for path in sorted((ROOT / "tgbot").rglob("*.py")) for hit in ruleset_branches(path)}
    assert {hit for hit in found if re.sub(r":\d+ ", " ", hit, count=1) not in NOT_BRANCHES} == set()


def test_no_bot_module_imports_anything_from_engine_rulesets() -> None:
    """Everything the bot knows of a rule set comes through engine.core.api (and its catalog)."""
    found = [hit for path in sorted((ROOT / "tgbot").rglob("*.py")) for hit in ruleset_imports(path)]
    assert found == []


def test_the_scan_sees_a_function_local_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from engine.rulesets.mafik.costs import exiled\n    import engine.rulesets\n")
    assert ruleset_imports(module) == ["m.py:2 engine.rulesets.mafik.costs", "m.py:3 engine.rulesets"]


def test_the_scan_sees_each_kind_of_branch_on_a_ruleset(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('MAFIK = "mafik"\n'
                      "def f(gs, ruleset):\n"
                      "    a = gs.ruleset == MAFIK\n"
                      '    b = ruleset != "micromafik"\n'
                      "    c = p.sleeve or ruleset == 'mafik'\n"
                      "    d = gs.ruleset in ('x',)\n"
                      "    e = gs.phase == 2\n")
    assert ruleset_branches(module) == [
        "m.py:1 MAFIK = 'mafik'", "m.py:3 gs.ruleset == MAFIK", "m.py:4 ruleset != 'micromafik'",
        "m.py:5 ruleset == 'mafik'", "m.py:6 gs.ruleset in ('x',)"]
