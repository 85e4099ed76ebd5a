"""The shape of a rule set's cards: one declaration per card (issue 12, "One declaration per card, perk
and effect").

Everything a card contributes — its behaviour, its own checks, hooks, steps, replacements, query
modifiers, effect kinds — is registered by its one declaration (engine/cardgame/registries.py):

    @REGISTRIES.card("id", ...)            def behaviour(play): ...
    REGISTRIES.declare("id", behaviour, check=..., steps=(Step(...),), queries=(Query(...),), ...)

So a card's id, as a string literal, appears in engine/rulesets/<name>/ only inside its own
declaration: the declaration itself, the decorated behaviour, and the module-level functions the
declaration names (its check, hooks, steps…). The exceptions are where the rules text makes one card
name another (ALLOWED, each with the seed's words). And no module-level list, dict or set there is a
registry that decorators or declarations append to: the registries are fields of the one object.
The numbers of steps and layers are names from the rule set's order.py (test_pipeline_order.py checks
the registered order against that table and refuses ties).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine.core.ruleset import get_ruleset

RULESETS = ("mafik", "micromafik")
ROOT = Path(__file__).resolve().parents[2] / "engine" / "rulesets"

# (rule set, card id named, where): the id may appear inside the declaration of card `where` (or, for
# a file name, anywhere in that file) because the rules text names it there.
ALLOWED: dict[tuple[str, str, str], str] = {
    ("mafik", "pistol", "soldier"):
        "Солдат: «…как если бы это был Пистолет»",
    ("mafik", "pistol", "arsenal"):
        "Арсенал: «Цель получает две карты Пистолет в Рукав»",
    ("mafik", "pistol", "contract"):
        "Заказ: «Цель получает карту Пистолет в Рукав»",
    ("mafik", "sniper_rifle", "sniper"):
        "Снайпер: «…как если бы это была Снайперская винтовка»",
    ("mafik", "under_protection", "bodyguard"):
        "Телохранитель: «…как если бы это была Под защитой»",
    ("mafik", "first_aid", "doctor"):
        "Врач: «…как если бы это была Первая помощь»",
    ("mafik", "wide_of_the_mark", "the_firm"):
        "Контора: «…как если бы это была В молоко»",
    ("mafik", "the_firm", "wide_of_the_mark"):
        "Контора: «Нельзя использовать эту карту на одного и того же персонажа дважды» (checked on the "
        "В молоко it is played as)",
    ("mafik", "bunker", "they_will_come_for_you"):
        "За вами придут!: «Цель получает в Рукав карту \"Бункер\"»",
    ("mafik", "testimony", "deputize"):
        "Уполномочить: «Цель получает карту Взятие показаний в Рукав»",
    ("mafik", "witness", "agent_network"):
        "Сеть агентов: «…как если бы это был Свидетель»",
    ("mafik", "bug", "agent"):
        "Агент: «До конца игры можете разыграть любую карту из рукава, как жучок»",
    ("micromafik", "feedback", "block"):
        "Блок: «(Мафия: по желанию примените на цель эффект карты Звонок или Обратная связь)»",
    ("micromafik", "glasnost", "disinformation"):
        "Дезинформация: «По желанию имитируйте эффект гласности любой карты или эффект пруфа или алиби»",
    ("micromafik", "alibi", "disinformation"):
        "Дезинформация: «…или эффект пруфа или алиби на любом персонаже»",
    ("micromafik", "city_sleeps", "generosity"):
        "Щедрость: «(Мафия: …применить эффект Первой Помощи, Город может спать Спокойно или Охранного агентства)»",
    ("micromafik", "payment", "transformation"):
        "Трансформация: «При этом эффект Оплаты нельзя применять на мафию»",
    ("micromafik", "warning_shot", "transformation"):
        "Трансформация: «а эффект Прицельного выстрела только говорит цели, что он сыгран, не увеличивая урон»",
    ("micromafik", "knockout", "actions.py"):
        "Вышибание: «Если цель хочет … просто оставить в руке некоторые из этих карт, она должна уплатить цену 1 "
        "за каждую» (the keep action is offered while the knockout effect lasts)",
    ("mafik", "makeup", "artist"):
        "Артист: «…как если бы это была Грим»",
    ("mafik", "open_investigation", "disguise"):
        "Маскировка: «(Киллер, Босс: не спасает от Начать Расследование)»",
    ("mafik", "commanding_voice", "psychologist"):
        "Психолог: «До конца игры можете применять карты из рукава как Властный голос»",
    ("mafik", "summons", "draft_office"):
        "Военкомат: «До конца игры можете разыграть любую карту из рукава, как Повестку»",
    ("mafik", "pistol", "service_weapon"):
        "Табельное: «Если угадали, добавьте ей в Рукав карту Пистолет»",
    ("mafik", "macgyver", "polymath"):
        "Полимат: «…как если бы это был MacGyver»",
    ("mafik", "rsvp", "darknet"):
        "Даркнет: «Все персонажи получают карту RSVP в Рукав»",
    ("mafik", "madness", "psychopath"):
        "Психопат: «До конца игры может разыграть любую карту из рукава как Безумие»",
    ("mafik", "shiv", "unlimited_blade_works"):
        "Unlimited blade works: «…если в вашем Рукаве нет карты Заточка, добавьте ее туда»",
    ("mafik", "disguise", "registry.py"):
        "Маскировка is the name of a colour and of one of its cards (the colour's id, not the card's)",
    ("mafik", "disguise", "cards/__init__.py"):
        "Маскировка: the module of the colour's cards (cards/disguise.py), not the card",
    ("mafik", "dummy", "deductive_method"):
        "Дедуктивный метод: «превратите 1 любую карту из вашей руки в Пустышку (кроме пустышки и долга)»",
    ("mafik", "testimony", "deductive_method"):
        "Дедуктивный метод: «Добавьте себе в Рукав карту Взятие показаний»",
    ("mafik", "mirror", "shadow"):
        "Тень: «…можете разыграть любую карту из рукава, как зеркало»",
    ("mafik", "dummy", "registry.py"):
        "«Правила»: «любые эффекты, требующие вытянуть карту из колоды, вытягивают вместо этого карту "
        "\"Пустышка\"» (registry.BLANK)",
    ("mafik", "mask", "carnival"):
        "Карнавал: «…любую карту из Рукава, как если бы это была Маска»",
    ("mafik", "pistol", "lets_get_dangerous"):
        "Let's get dangerous: «…добавить в нее карты Пистолет, Средь бела дня и Снайперская винтовка…»",
    ("mafik", "broad_daylight", "lets_get_dangerous"):
        "Let's get dangerous: «…добавить в нее карты Пистолет, Средь бела дня и Снайперская винтовка…»",
    ("mafik", "sniper_rifle", "lets_get_dangerous"):
        "Let's get dangerous: «…добавить в нее карты Пистолет, Средь бела дня и Снайперская винтовка…»",
    ("mafik", "debt", "credit"):
        "Кредит: «…она превращается в Долг и вы получаете Пустышку в рукав»",
    ("mafik", "genius", "deck.py"):
        "Гений is the name of a public role (12-card decks, deck.py) and of a card (cards/decks.py)",
    ("mafik", "credit", "perks_b.py"):
        "Пришелец: «…может добавить себе в руку 2 кредита»",
}

# Module-level containers that another change owns and moves out (see the action catalogue):
# Мафик's granted abilities' parameters (cards/common.py ABILITY_PARAMS, kept until the abilities move
# to the data catalogue).
PENDING_REGISTRIES = {("mafik", "ABILITY_PARAMS")}
ABILITY_PARAMS_KEYS = "ABILITY_PARAMS"  # its keys are card ids, by that same pending move


@dataclass
class Declarations:
    """Per card id: the (file, first line, last line) spans that make up its declaration."""

    spans: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)

    def add(self, card: str, path: str, first: int, last: int) -> None:
        self.spans.setdefault(card, []).append((path, first, last))

    def covers(self, card: str, path: str, line: int) -> bool:
        return any(p == path and first <= line <= last for p, first, last in self.spans.get(card, ()))


def _modules(name: str) -> dict[str, ast.Module]:
    base = ROOT / name
    return {str(path.relative_to(base)): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(base.rglob("*.py"))}


def _call_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _named_defs(node: ast.AST, defs: dict[str, ast.stmt]) -> list[ast.stmt]:
    """The module-level functions `node` names, and those they name in turn (a declared hook's helpers)."""
    seen: dict[str, ast.stmt] = {}
    todo = [node]
    while todo:
        for named in ast.walk(todo.pop()):
            if isinstance(named, ast.Name) and named.id in defs and named.id not in seen:
                seen[named.id] = defs[named.id]
                todo.append(defs[named.id])
    return list(seen.values())


def _first_line(node: ast.stmt) -> int:
    """A definition's first line, its decorators included (`@only_while("steroids")` is part of it)."""
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno, *(d.lineno for d in decorators)])


def _declarations(modules: dict[str, ast.Module]) -> Declarations:
    found = Declarations()
    for path, tree in modules.items():
        defs: dict[str, ast.stmt] = {n.name: n for n in tree.body
                                     if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
        constants = {t.id: (n.value.value, n.lineno) for n in tree.body if isinstance(n, ast.Assign)
                     and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)
                     for t in n.targets if isinstance(t, ast.Name)}
        for node in tree.body:
            calls: list[tuple[ast.Call, int, int]] = []
            if isinstance(node, ast.FunctionDef):
                calls = [(d, d.lineno, node.end_lineno or node.lineno) for d in node.decorator_list
                         if _call_name(d) == "card"]
            elif isinstance(node, ast.Expr) and _call_name(node.value) == "declare":
                assert isinstance(node.value, ast.Call)
                calls = [(node.value, node.lineno, node.end_lineno or node.lineno)]
            for call, first, last in calls:
                head = call.args[0]
                if isinstance(head, ast.Constant) and isinstance(head.value, str):
                    card = head.value
                elif isinstance(head, ast.Name) and head.id in constants:
                    card, line = constants[head.id]
                    found.add(card, path, line, line)  # NERVES = "nerves_of_steel"
                else:
                    raise AssertionError(f"{path}:{call.lineno}: a card declared without a literal id")
                found.add(card, path, first, last)
                for fn in _named_defs(call, defs):
                    found.add(card, path, _first_line(fn), fn.end_lineno or fn.lineno)
    return found


def _ability_params_keys(tree: ast.Module) -> set[int]:
    """Lines of `ABILITY_PARAMS[<id>] = …` (the pending move's keys)."""
    return {t.lineno for n in tree.body if isinstance(n, ast.Assign) for t in n.targets
            if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id == ABILITY_PARAMS_KEYS}


def stray_ids(name: str) -> dict[str, list[str]]:
    """Each implemented card id's literal occurrences outside its own declaration (and ALLOWED)."""
    ids = set(get_ruleset(name).cards.behaviours)
    modules = _modules(name)
    declared = _declarations(modules)
    stray: dict[str, list[str]] = {}
    for path, tree in modules.items():
        pending = _ability_params_keys(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Constant) and node.value in ids):
                continue
            card, line = str(node.value), node.lineno
            if declared.covers(card, path, line) or line in pending:
                continue
            if (name, card, path) in ALLOWED or any(
                    declared.covers(where, path, line) for (rs, named, where) in ALLOWED if rs == name and named == card):
                continue
            stray.setdefault(card, []).append(f"{path}:{line}")
    return stray


@pytest.mark.parametrize("name", RULESETS)
def test_every_card_id_appears_only_in_its_own_declaration(name: str) -> None:
    assert stray_ids(name) == {}


@pytest.mark.parametrize("name", RULESETS)
def test_every_implemented_card_is_declared(name: str) -> None:
    declared = _declarations(_modules(name))
    assert set(get_ruleset(name).cards.behaviours) <= set(declared.spans)


_MUTATORS = {"append", "extend", "add", "update", "setdefault", "insert"}


def module_registries(name: str) -> list[str]:
    """Module-level lists, dicts and sets that something in the rule set appends to or assigns into."""
    modules = _modules(name)
    containers: dict[str, str] = {}
    for path, tree in modules.items():
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            literal = isinstance(value, ast.List | ast.Dict | ast.Set) or (
                isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("list", "dict", "set"))
            for target in targets:
                if literal and isinstance(target, ast.Name) and (name, target.id) not in PENDING_REGISTRIES:
                    containers[target.id] = f"{path}:{node.lineno}"
    mutated = set()
    for tree in modules.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS \
                    and isinstance(node.func.value, ast.Name):
                mutated.add(node.func.value.id)
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
                mutated.add(node.value.id)
    return sorted(f"{where} {var}" for var, where in containers.items() if var in mutated)


@pytest.mark.parametrize("name", RULESETS)
def test_no_module_level_registry_remains(name: str) -> None:
    assert module_registries(name) == []


def _numbers_given(tree: ast.Module) -> list[ast.expr]:
    """The number argument of every Step(…) / Layer(…) / pipeline.step(…) / replacement(…) call."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        callee = node.func.id if isinstance(node.func, ast.Name) else node.func.attr if isinstance(node.func, ast.Attribute) else ""
        if (callee in ("Step", "Layer") and len(node.args) >= 2) or (callee in ("step", "replacement") and len(node.args) >= 2):
            out.append(node.args[1])
    return out


@pytest.mark.parametrize("name", RULESETS)
def test_every_step_and_layer_number_is_a_name_from_order_py(name: str) -> None:
    """No number written where a step or layer is registered: each is a STEP_/LAYER_ name of order.py."""
    bad = [f"{path}:{arg.lineno}" for path, tree in _modules(name).items() for arg in _numbers_given(tree)
           if not (isinstance(arg, ast.Name) and arg.id.startswith(("STEP_", "LAYER_")))]
    assert bad == []
