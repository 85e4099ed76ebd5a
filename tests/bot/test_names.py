"""Ids shown to people are names: a refusal's colour, card and game status; an effect in /state by its
card (or its word) and its phases; every effect the engine creates has such a name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import Effect, Event
from engine.sim import play_game
from tgbot import gamedata
from tgbot.i18n import keys
from tgbot.render import render
from tgbot.routers.common import explain
from tgbot.services.errors import ServiceError
from tgbot.ui.deck import deck_reason
from tgbot.ui.names import counter_label, effect_label

ROOT = Path(__file__).resolve().parents[2]
COLOUR_REFUSAL = Refusal("deck_invalid", reason="other_colour_count", colour="defence", have=0, need=1)


@pytest.fixture(scope="module")
def state():
    return play_game("micromafik", 8, 1).state


def test_a_refused_deck_names_the_colour():
    text = explain("ru", COLOUR_REFUSAL, ruleset="micromafik")
    assert "цвета Защита" in text and "defence" not in text
    assert "Defence" in explain("en", COLOUR_REFUSAL, ruleset="micromafik")


def test_a_refused_deck_names_the_card():
    refusal = Refusal("deck_invalid", reason="not_implemented", card="poison")
    assert "Карта «Яд»" in explain("ru", refusal, ruleset="micromafik")
    assert "«Яд»" in deck_reason("ru", "mafik", {"reason": "not_implemented", "card": "poison"})


def test_a_wrong_status_is_a_word():
    text = explain("ru", ServiceError("wrong_status", status="running"))
    assert text == "Сейчас это невозможно (статус игры: идёт)."


def test_a_dropped_order_names_the_refusals_colour(state):
    event = Event(seq=1, phase=1, kind="order_dropped", to="player", who=0,
                  params={"oid": 1, "kind": "play", **COLOUR_REFUSAL.as_dict()})
    text = render(state, event, "ru")
    assert "Защита" in text and "defence" not in text


def test_an_effect_is_named_after_its_card_with_its_phases(state):
    assert effect_label(state, Effect(eid=1, kind="coffee", target=0, start=3, end=3), "ru") == "Кофе (ночь 2)"
    assert effect_label(state, Effect(eid=2, kind="poison", target=0, start=3, end=4), "ru") == "Яд (ночь 2 — день 2)"
    assert (effect_label(state, Effect(eid=3, kind="beaten", target=0, start=2), "ru")
            == "избит (с фазы «день 1» до конца игры)")


def _effect_kinds(folder: Path) -> set[str]:
    """The kinds of effect created under `folder`: add_effect("kind", …) and play.effect("kind", …)."""
    kinds = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in ("add_effect", "effect") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                kinds.add(node.args[0].value)
    return kinds


@pytest.mark.parametrize(("ruleset", "some"), [("micromafik", {"coffee", "poison"}),
                                              ("mafik", {"stance", "damage_each_phase"})])
def test_every_effect_of_a_rule_set_has_a_name(ruleset, some):
    kinds = _effect_kinds(ROOT / "engine" / "rulesets" / ruleset)
    assert some <= kinds
    cards = set(gamedata.card_ids(ruleset))
    for lang in ("ru", "en"):
        missing = sorted(k for k in kinds if k not in cards and f"status.{k}" not in keys(lang))
        assert not missing, (lang, missing)


FLAG_KEY = re.compile(r"""flags(?:\[|\.get\(|\.setdefault\()f?"([^"]+)"|used_flag\(""")
SAMPLE = re.compile(r"\{[^}]*\}")


def _flag_keys(ruleset: str) -> set[str]:
    """Every counter key the rule set's code writes or reads, its placeholders filled with a seat (2)."""
    found: set[str] = set()
    for path in (ROOT / "engine" / "rulesets" / ruleset).rglob("*.py"):
        for match in FLAG_KEY.finditer(path.read_text(encoding="utf-8")):
            if match[1]:
                found.add(SAMPLE.sub("2", match[1]))
    return found


@pytest.mark.parametrize("ruleset", ["micromafik", "mafik"])
def test_every_counter_in_state_is_said_in_words(ruleset):
    """/state names a player's counters (a spent perk, messages sent, the colour of the last damage…),
    never the engine's flag keys."""
    state = play_game(ruleset, 15 if ruleset == "mafik" else 8, 1).state
    player = state.players[0]
    keys_ = _flag_keys(ruleset)
    assert len(keys_) >= 3
    player.flags = {key: 1 for key in keys_} | {f"used_{state.players[1].public_role}": 1}
    for lang in ("ru", "en"):
        labels = [counter_label(state, kind, params, lang) for kind, params in api.counters(state, 0)]
        assert len(labels) == len(player.flags)
        for label in labels:
            assert "{" not in label and "_" not in label, label
            assert not any(key in label for key in player.flags if "_" in key or ":" in key), label
