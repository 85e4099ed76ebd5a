"""Every string the bot can show exists in both languages."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.core.ruleset import get_ruleset, ruleset_names
from engine.rulesets.micromafik.orders import SINGLE_ORDERS, VALIDATORS
from engine.rulesets.micromafik.ruleset import KNOWN_EFFECTS
from tgbot.i18n import keys

ROOT = Path(__file__).resolve().parents[2]


def _calls(folder: str, names: set[str]) -> list[ast.Call]:
    calls = []
    for path in (ROOT / folder).rglob("*.py"):
        if "fake" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if name in names:
                    calls.append(node)
    return calls


def literal_keys() -> set[str]:
    found = set()
    for call in _calls("tgbot", {"t"}):
        if len(call.args) >= 2 and isinstance(call.args[1], ast.Constant) and isinstance(call.args[1].value, str):
            found.add(call.args[1].value)
    return found


def service_error_codes() -> set[str]:
    return {c.args[0].value for c in _calls("tgbot", {"ServiceError"})
            if c.args and isinstance(c.args[0], ast.Constant)}


def engine_event_kinds() -> set[str]:
    kinds = set()
    for call in _calls("engine", {"emit", "tell", "announce"}):
        name = call.func.attr if isinstance(call.func, ast.Attribute) else ""
        index = 1 if name == "tell" else 0
        if len(call.args) > index and isinstance(call.args[index], ast.Constant):
            kinds.add(call.args[index].value)
    return kinds


def dynamic_keys() -> set[str]:
    catalog = get_ruleset("micromafik").catalog
    params = [p for card in catalog for p in card.params]
    return (
        {f"ui.order_{kind}" for kind in set(VALIDATORS)}
        | {f"status.{kind}" for kind in KNOWN_EFFECTS}
        | {f"choice.{c}" for p in params if p.kind == "choice" for c in p.choices}  # blood_use: blood.*
        | {f"ask.{p.kind}" for p in params}
        | {f"colour.{c.colour}" for c in catalog}
        | {f"error.{code}" for code in service_error_codes()}
        | {"ui.flow_kill_boost", "ui.flow_keep", "rules.micromafik"}
        | {f"punishment.{p}" for p in ("execution", "beating", "two_leaders", "none")}
        | mafik_keys()
        | mafik_play_keys()
        | question_keys()
    )


def question_keys() -> set[str]:
    """Every kind of question a rule set declares (engine/core/rulings.py): asked, recorded, its options."""
    kinds = {kind: options for name in ruleset_names() for kind, options in get_ruleset(name).question_kinds.items()}
    assert kinds, "the rule sets declare their questions"
    return ({f"{prefix}.{kind}" for kind in kinds for prefix in ("question", "about")}
            | {f"ruling.{kind}.{option}" for kind, options in kinds.items() for option in options})


def mafik_play_keys() -> set[str]:
    """Мафик's panel and flow (tgbot/ui/panel.py, flow.py): order kinds, statuses, the choices and kinds
    of every playable card's parameters (and abilities'), the actions besides plays, blood uses,
    stances, punishments."""
    from engine.rulesets.mafik.blood import BLOOD_USES
    from engine.rulesets.mafik.cards.common import ABILITY_PARAMS
    from engine.rulesets.mafik.orders import PUNISHMENTS
    from engine.rulesets.mafik.orders import VALIDATORS as MAFIK_VALIDATORS
    from engine.rulesets.mafik.panel import status_kinds
    from tgbot.ui.flow import FLOW_ACTIONS

    mafik = get_ruleset("mafik")
    playable = [p for card in mafik.catalog if mafik.is_implemented(card.id) for p in card.params]
    params = playable + [p for specs in ABILITY_PARAMS.values() for p in specs] \
        + [p for action in FLOW_ACTIONS.values() for p in action.params]
    every_kind = {p.kind for p in params} | {p.kind for card in get_ruleset("micromafik").catalog for p in card.params}
    return (
        {f"ui.order_{kind}" for kind in MAFIK_VALIDATORS}
        | {f"status.{kind}" for kind in status_kinds()}
        | {f"choice.{c}" for p in params if p.kind == "choice" for c in p.choices}  # blood_use: blood.*
        | {f"ask.{p.kind}" for p in params} | {"ask.role_for"}
        | {f"label.{kind}" for kind in every_kind}
        | {"colour.unique"}
        | {f"act.{key}" for key in FLOW_ACTIONS} | {f"act_about.{key}" for key in FLOW_ACTIONS}
        | {f"blood.{use}" for use in BLOOD_USES}
        | {f"stance.{s}" for p in params if p.kind == "stance" for s in p.choices}
        | {f"punishment.{p}" for p in PUNISHMENTS} | {f"pun_about.{p}" for p in PUNISHMENTS}
    )


def mafik_keys() -> set[str]:
    """Key families of Мафик's sign-up, deck builder, look-ups and role message (tgbot/ui/deck.py,
    tgbot/render.py)."""
    from engine.core.api import event_formats
    from engine.core.ruleset import ruleset_names
    from engine.rulesets.mafik.registry import COLOURS
    from tgbot.ui.deck import TAG_ORDER

    tags = {tag for name in ruleset_names() for card in get_ruleset(name).catalog for tag in card.tags}
    return (
        {f"lookup.tag_{tag}" for tag in tags & set(TAG_ORDER)}
        | {f"lookup.ruleset_{name}" for name in ruleset_names()}
        | {f"rules.{name}" for name in ruleset_names()}
        | {key for name in ruleset_names() for f in event_formats(name) for key in f.locale_keys()}
        | {f"secret.mafik_{who}" for who in ("mafia", "law", "maniac", "traitor")}
        | {f"colour.{c}" for c in (*COLOURS, "neutral")}
        | {f"faction.{f}" for f in ("maniac", "traitor")}
        | {f"reason.{r}" for r in ("not_implemented", "unknown_card", "deck_full", "deck_size", "too_many_free",
                                   "other_colours", "guaranteed_not_in_deck", "already_built", "engineer_two",
                                   "too_many_copies", "deck_not_empty")}
    )


def event_keys() -> set[str]:
    out = set()
    for kind in engine_event_kinds():
        variants = {"sniper_guess", "mugging", "flashmob_result", "income_declaration"}
        out |= {f"event.{kind}.yes", f"event.{kind}.no"} if kind in variants else {f"event.{kind}"}
    out.discard("event.claim_{kind}")
    return out | {"event.claim_alibi", "event.claim_glasnost"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_bot_string_exists(lang):
    wanted = {k for k in literal_keys() if re.fullmatch(r"[a-z_]+\.[a-z_.]+", k)} | dynamic_keys() | event_keys()
    missing = sorted(wanted - keys(lang))
    assert not missing, missing


def test_both_languages_have_the_same_keys():
    assert keys("ru") == keys("en")


def test_single_orders_are_known_kinds():
    assert set(VALIDATORS) >= SINGLE_ORDERS


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("name", ruleset_names())
def test_every_rule_sets_payment_currency_has_its_words(lang: str, name: str) -> None:
    """The payment screen speaks of each rule set's currency by `pay.<currency>.*` (tgbot/ui/flow_screens.py)."""
    from engine.core import api

    currency = api.view_profile(name).currency
    assert {f"pay.{currency}.{part}" for part in ("head", "short", "minus", "plus")} <= keys(lang)
