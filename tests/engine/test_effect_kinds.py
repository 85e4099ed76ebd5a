"""Effect kinds are declared once (engine/cardgame/effects.py): a second declaration of a kind is
refused, which kinds a character knows of is read from the declarations, as they are made, and an
effect is created with the duration its kind declares."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from engine.cardgame.effects import EffectKind, EffectKinds, Start, Tick
from engine.core.resolution import Resolution
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState


def test_an_effect_kind_declared_twice_is_refused() -> None:
    kinds = EffectKinds()
    kinds.kind("poison", known=True)
    with pytest.raises(ValueError, match="poison"):
        kinds.add(EffectKind("poison"))


def test_known_kinds_are_a_live_view_of_the_declarations() -> None:
    kinds = EffectKinds()
    known = kinds.known
    kinds.kind("spikes", known=True)
    kinds.kind("personal_guard")
    kinds.kind("may_message", known=True, caster_known=True)
    assert dict(known) == {"spikes": False, "may_message": True}
    assert "personal_guard" not in known


def test_the_tick_and_start_steps_run_every_kind_that_has_one_in_declaration_order() -> None:
    """The steps walk the kinds with a tick (a phase-start handler) kept as they are declared: each such kind,
    in declaration order, over its active effects, and no other kind."""
    ran: list[str] = []

    def tick(name: str) -> Tick:
        return lambda res, effects: ran.append(f"tick {name} {[e.eid for e in effects]}")

    def start(name: str) -> Start:
        return lambda state, effects: ran.append(f"start {name} {[e.eid for e in effects]}")

    kinds = EffectKinds()
    kinds.kind("b", tick=tick("b"))
    kinds.kind("quiet")
    kinds.kind("a", tick=tick("a"), start=start("a"))
    kinds.add(EffectKind("c", start=start("c")))
    kinds.kind("absent", tick=tick("absent"), start=start("absent"))
    state = GameState(ruleset="t", seed=1, rng=1, phase=1)
    for kind in ("a", "quiet", "c", "b", "a"):
        state.add_effect(kind, start=1)
    kinds.tick(cast(Resolution, SimpleNamespace(state=state)))
    kinds.start(state)
    assert ran == ["tick b [4]", "tick a [1, 5]", "start a [1, 5]", "start c [3]"]


def test_micromafik_ticks_its_kinds_in_the_order_damage_was_dealt_before() -> None:
    """Poison's damage comes before Адреналин's deferred damage, as the tick step had them."""
    ticking = [k.kind for k in get_ruleset("micromafik").registries.effects if k.tick is not None]
    assert ticking.index("poison") < ticking.index("deferred_damage")


ROOT = Path(__file__).resolve().parents[2]


def created_with(name: str) -> list[tuple[str, str, str]]:
    """(kind, duration name, where) for each effect a rule set's code creates with a literal kind and a
    duration given by module-level names (`play.effect("coffee", …, during=NEXT_NIGHT)`)."""
    out = []
    for path in sorted((ROOT / "engine" / "rulesets" / name).rglob("*.py")):
        module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("effect", "add_effect") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                continue
            during = next((k.value for k in node.keywords if k.arg == "during"), None)
            if during is None:
                continue
            try:
                value = eval(compile(ast.Expression(during), str(path), "eval"), vars(module))
            except NameError:  # a duration passed in by the caller
                continue
            out.append((node.args[0].value, value.name, f"{path.name}:{node.lineno}"))
    return out


def test_effects_are_created_with_their_kinds_declared_duration() -> None:
    """Микромафик's kinds say their durations (Мафик's two declared kinds, the ticking armor and damage,
    last what each card says)."""
    kinds = get_ruleset("micromafik").registries.effects
    compared = [(kind, made, where, fixed.during.name) for kind, made, where in created_with("micromafik")
                if (fixed := kinds.get(kind)) is not None and fixed.during is not None]
    assert [c for c in compared if c[1] != c[3]] == []
    assert len(compared) >= 10  # the comparison sees the kinds it is about
