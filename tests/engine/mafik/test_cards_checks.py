"""Checks and counter-checks (cards/checks.py): a test per card and per variant, with exact results.

Hands of one colour make the random cards' colours certain: Пистолет is Урон (damage), Бункер Защита
(defence), Пустышка neutral. Z, a Киллер with a big hand, keeps the game going.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import api
from engine.core.checks import DECEIVES_UNDECEIVABLE, inspect
from engine.core.refusal import Refusal
from engine.core.state import CheckRecord, GameState, PlayRecord
from engine.rulesets.mafik.cards.common import transform
from engine.rulesets.mafik.registry import REGISTRIES
from engine.rulesets.mafik.roles import LAW_ROLES
from tests.engine.mafik.conftest import MafikScenario

PISTOLS = ["pistol"] * 5


def in_stance(g: MafikScenario, name: str, which: str = "lower") -> None:
    g.build()
    g.state.add_effect("stance", target=g.pid(name), stance=which)


def game(*players: tuple[str, dict[str, Any]], day: bool = False) -> MafikScenario:
    g = MafikScenario.day(2) if day else MafikScenario.night(2)
    for name, spec in players:
        g.player(name, **spec)
    g.player("Z", secret="killer", hand=30)
    return g


def search(g: MafikScenario, name: str, target: str, card: str, **params: Any) -> MafikScenario:
    """`name` plays Досмотр on `target` naming `card` (its param is called "card", like the order's)."""
    g.build()
    uid = next(c.uid for c in g.p(name).hand if c.card == "inspection")
    api.submit(g.state, g.pid(name), "play", card=uid, params={"target": g.pid(target), "card": card, **params})
    return g


def on(g: MafikScenario) -> MafikScenario:
    """Resolve the phase; by day everyone votes for Z (else the Вече's default punishes the first seat)."""
    if g.state.is_day:
        for player in g.state.living():
            if not any(o.kind == "vote" for o in g.state.orders.get(player.pid, [])):
                g.vote(player.name, "Z")
    return g.resolve()


def told(g: MafikScenario, kind: str, name: str) -> list[dict[str, Any]]:
    """What `name` was told (without the `card` every play's message carries: the card that told it)."""
    return [{k: v for k, v in e.params.items() if k != "card"} for e in g.events(kind, to=name)]


def disguise(monkeypatch: pytest.MonkeyPatch, role: str, *, flags: tuple[str, ...] = ()) -> None:
    """An appearance modifier showing `role` for every role check (as a disguise card declares)."""

    def fn(state: GameState, value: Any, *, aspect: str, **_: Any) -> Any:
        return role if aspect == "secret_role" else value

    queries = REGISTRIES.queries
    monkeypatch.setitem(queries._modifiers, "appearance", [*queries._modifiers.get("appearance", []), (95, 99, fn)])
    flagged = {k: set(v) for k, v in queries._flagged.get("appearance", {}).items()}
    for flag in flags:
        flagged.setdefault(flag, set()).add(fn)
    monkeypatch.setitem(queries._flagged, "appearance", flagged)


# ---- the mechanism ----

def test_a_check_is_recorded_with_its_card_and_whose_truth_was_read():
    g = game(("A", {"hand": ["testimony", "dummy"]}), ("B", {"hand": PISTOLS}))
    on(g.play("A", "testimony", target="B"))
    assert g.state.checks == [CheckRecord(phase=3, observer=g.pid("A"), aimed_at=g.pid("B"), read=g.pid("B"),
                                          aspect="hand_colours", card="testimony")]


def test_old_saved_states_without_checks_load():
    g = game(("A", {}))
    g.build()
    raw = api.dump(g.state).replace(',"checks":[]', "")
    assert '"checks"' not in raw
    assert api.load(raw).checks == []


def test_checks_survive_a_save_and_load():
    g = game(("A", {"hand": ["testimony", "dummy"]}), ("B", {"hand": PISTOLS}))
    on(g.play("A", "testimony", target="B"))
    assert api.load(api.dump(g.state)).checks == g.state.checks


def test_an_undeceivable_check_skips_every_modifier_not_flagged(monkeypatch):
    g = game(("A", {}), ("B", {"secret": "sheriff"}))
    g.build()
    disguise(monkeypatch, "judge")
    assert inspect(g.ruleset, g.state, g.pid("A"), g.pid("B"), "secret_role") == "judge"
    assert inspect(g.ruleset, g.state, g.pid("A"), g.pid("B"), "secret_role", undeceivable=True) == "sheriff"


def test_a_flagged_disguise_deceives_an_undeceivable_check(monkeypatch):
    g = game(("A", {}), ("B", {"secret": "sheriff"}))
    g.build()
    disguise(monkeypatch, "judge", flags=(DECEIVES_UNDECEIVABLE,))
    assert inspect(g.ruleset, g.state, g.pid("A"), g.pid("B"), "secret_role", undeceivable=True) == "judge"


def test_transform_never_changes_a_debt():
    g = game(("A", {"hand": ["debt", "pistol"]}))
    g.build()
    debt, pistol = g.p("A").hand
    assert not transform(g.state, debt, "dummy") and debt.card == "debt"
    assert transform(g.state, pistol, "dummy") and pistol.card == "dummy"


# ---- Взятие показаний ----

def test_testimony_colours_of_two_random_hand_cards():
    g = game(("A", {"hand": ["testimony", "dummy"]}), ("B", {"hand": ["pistol", "bunker"]}))
    on(g.play("A", "testimony", target="B"))
    [seen] = told(g, "testimony_colours", "A")
    assert sorted(seen["colours"]) == ["damage", "defence"] and seen["target"] == g.pid("B")


def test_testimony_two_of_many():
    g = game(("A", {"hand": ["testimony", "dummy"]}), ("B", {"hand": PISTOLS}))
    on(g.play("A", "testimony", target="B"))
    assert told(g, "testimony_colours", "A")[0]["colours"] == ["damage", "damage"]


def test_testimony_spy_the_mafia_learns_it_too():
    g = game(("A", {"secret": "spy", "hand": ["testimony", "dummy"]}), ("B", {"hand": PISTOLS}))
    on(g.play("A", "testimony", target="B"))
    [event] = g.events("testimony_colours")
    assert event.to == "faction" and event.who == "mafia" and event.params["actor"] == g.pid("A")


def test_testimony_by_day():
    g = game(("A", {"hand": ["testimony", "dummy"]}), ("B", {"hand": PISTOLS}), day=True)
    on(g.play("A", "testimony", target="B"))
    assert told(g, "testimony_colours", "A")[0]["colours"] == ["damage", "damage"]


# ---- Оракул ----

def test_oracle_exact_role():
    g = game(("A", {"hand": ["oracle", "dummy"], "sleeve": ["dummy"] * 4}), ("B", {"secret": "judge"}))
    on(g.play("A", "oracle", target="B", pay_sleeve=["dummy"] * 4))
    assert told(g, "oracle_role", "A")[0]["secret_role"] == "judge"
    assert g.sleeve("A") == []


def test_oracle_costs_4():
    g = game(("A", {"hand": ["oracle", "dummy"], "sleeve": ["dummy"] * 3}), ("B", {}))
    g.build()
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "oracle")) == 4


def test_oracle_not_deceived_by_a_disguise_nor_a_redirect(monkeypatch):
    g = game(("A", {"hand": ["oracle", "dummy"], "sleeve": ["dummy"] * 4}), ("B", {"secret": "judge",
             "hand": ["substitution", "dummy"]}), ("C", {"secret": "boss"}))
    g.build()
    disguise(monkeypatch, "sheriff")
    g.play("B", "substitution", target="C")
    on(g.play("A", "oracle", target="B", pay_sleeve=["dummy"] * 4))
    assert told(g, "oracle_role", "A")[0]["secret_role"] == "judge"


def test_oracle_the_traitor_still_shows_a_law_role():
    g = game(("A", {"hand": ["oracle", "dummy"], "sleeve": ["dummy"] * 4}), ("T", {"secret": "traitor"}))
    on(g.play("A", "oracle", target="T", pay_sleeve=["dummy"] * 4))
    assert told(g, "oracle_role", "A")[0]["secret_role"] in LAW_ROLES


def test_oracle_spy_the_mafia_learns_it_too():
    g = game(("A", {"secret": "spy", "hand": ["oracle", "dummy"], "sleeve": ["dummy"] * 4}), ("B", {"secret": "judge"}))
    on(g.play("A", "oracle", target="B", pay_sleeve=["dummy"] * 4))
    [event] = g.events("oracle_role")
    assert (event.to, event.who, event.params["secret_role"]) == ("faction", "mafia", "judge")


# ---- Социальная инженерия ----

def test_social_engineering_every_night_from_the_next():
    g = game(("A", {"hand": ["social_engineering", "dummy"], "sleeve": ["dummy"]}), ("B", {"deck": PISTOLS * 4}))
    g.play("A", "social_engineering", target="B", pay_sleeve=["dummy"]).resolve()  # night 2
    assert told(g, "social_engineering_colour", "A") == []
    on(g)  # day 2: nothing
    assert told(g, "social_engineering_colour", "A") == []
    on(g)  # night 3
    assert [e["colour"] for e in told(g, "social_engineering_colour", "A")] == ["damage"]
    on(g)
    on(g)  # night 4
    assert len(told(g, "social_engineering_colour", "A")) == 2
    assert [(c.aspect, c.card, c.phase) for c in g.state.checks] == [("deck_colours", "social_engineering", 7)]


def test_social_engineering_spy_the_mafia_learns_it_too():
    g = game(("A", {"secret": "spy", "hand": ["social_engineering", "dummy"], "sleeve": ["dummy"]}),
             ("B", {"deck": PISTOLS * 4}))
    on(g.play("A", "social_engineering", target="B", pay_sleeve=["dummy"]))
    on(g)
    on(g)
    [event] = g.events("social_engineering_colour")
    assert (event.to, event.who, event.params["colour"]) == ("faction", "mafia", "damage")


# ---- Психоанализ ----

def test_psychoanalysis_a_random_colour_of_the_role():
    g = game(("A", {"hand": ["psychoanalysis", "dummy"], "sleeve": ["dummy"]}), ("B", {"secret": "boss"}))
    on(g.play("A", "psychoanalysis", target="B", pay_sleeve=["dummy"]))
    assert told(g, "psychoanalysis_colour", "A")[0]["colour"] in ("control", "chaos")


def test_psychoanalysis_upper_stance_no_cost():
    g = game(("A", {"hand": ["psychoanalysis", "dummy"]}), ("B", {}))
    g.build()
    uid = g.uid("A", "psychoanalysis")
    assert api.play_cost(g.state, g.pid("A"), uid) == 1
    in_stance(g, "A", "upper")
    assert api.play_cost(g.state, g.pid("A"), uid) == 0


def test_psychoanalysis_may_go_into_the_upper_stance_for_2_phases():
    from engine.rulesets.mafik.costs import stance

    g = game(("A", {"hand": ["psychoanalysis", "dummy"], "sleeve": ["dummy"]}), ("B", {"secret": "boss"}))
    on(g.play("A", "psychoanalysis", target="B", upper=True, pay_sleeve=["dummy"]))
    assert stance(g.state, g.pid("A")) == "upper"
    on(g)
    assert stance(g.state, g.pid("A")) == "normal"


# ---- Начать расследование ----

def test_open_investigation_role_told_4_phases_later_as_it_was():
    g = game(("A", {"hand": ["open_investigation", "dummy"]}), ("B", {"secret": "judge"}))
    g.play("A", "open_investigation", target="B").resolve()  # night 2 = phase 3
    for _ in range(3):
        assert told(g, "investigation_result", "A") == []
        on(g)
    g.p("B").secret_role = "sheriff"  # what it is later does not matter
    on(g)  # phase 7
    assert told(g, "investigation_result", "A") == [{"target": g.pid("B"), "secret_role": "judge", "phase": 3}]
    assert g.events("investigation_result")[0].phase == 7
    assert told(g, "investigation_opened", "B") == []


@pytest.mark.parametrize("secret", ["boss", "maniac", "traitor"])
def test_open_investigation_mafia_maniac_traitor_learn_who(secret):
    g = game(("A", {"hand": ["open_investigation", "dummy"]}), ("B", {"secret": secret}))
    on(g.play("A", "open_investigation", target="B"))
    assert told(g, "investigation_opened", "B") == [{"actor": g.pid("A")}]


# ---- Дедуктивный метод ----

def test_deductive_method_one_colour_testimony_and_a_card_becomes_a_dummy():
    g = game(("A", {"hand": ["deductive_method", "pistol", "dummy"]}), ("B", {"hand": ["bunker"] * 5}))
    on(g.play("A", "deductive_method", target="B", to_dummy=[g.uid("A", "pistol")] if g.build() else None))
    assert told(g, "deductive_colours", "A")[0]["colours"] == ["defence"]
    assert g.sleeve("A") == ["testimony"]
    assert "pistol" not in g.hand("A") and told(g, "deductive_dummy", "A") == [{"named": "pistol"}]


def test_deductive_method_one_more_colour_per_earlier_play():
    g = game(("A", {"hand": ["deductive_method", "pistol"]}), ("B", {"hand": ["bunker"] * 5}))
    g.build()
    g.state.history += [PlayRecord(phase=1, actor=g.pid("A"), card="deductive_method")] * 2
    on(g.play("A", "deductive_method", target="B"))
    assert told(g, "deductive_colours", "A")[0]["colours"] == ["defence"] * 3


def test_deductive_method_nothing_to_transform_1_damage():
    g = game(("A", {"hand": ["deductive_method", "dummy", "debt"]}), ("B", {"hand": PISTOLS}))
    on(g.play("A", "deductive_method", target="B"))
    assert told(g, "deductive_dummy", "A") == [{"named": None}]
    # 1 damage: the deductive method's replacement is cancelled, the rest stays
    assert sorted(g.hand("A")) == ["debt", "dummy"]


def test_deductive_method_spy_the_mafia_learns_it_too():
    g = game(("A", {"secret": "spy", "hand": ["deductive_method", "pistol"]}), ("B", {"hand": PISTOLS}))
    on(g.play("A", "deductive_method", target="B"))
    assert g.events("deductive_colours")[0].to == "faction"


# ---- Доносчики ----

def test_informants_every_phase_from_this_one():
    g = game(("A", {"hand": ["informants", "dummy"]}), ("B", {"hand": PISTOLS}))  # Z holds Пустышки
    on(g.play("A", "informants"))
    assert len(told(g, "informants_colour", "A")) == 1
    on(g)
    on(g)
    seen = told(g, "informants_colour", "A")
    assert len(seen) == 3
    assert all({g.pid("B"): "damage", g.pid("Z"): "neutral"}[e["target"]] == e["colour"] for e in seen)


def test_informants_spy_the_mafia_learns_it_too():
    g = game(("A", {"secret": "spy", "hand": ["informants", "dummy"]}), ("B", {"hand": PISTOLS}))
    on(g.play("A", "informants"))
    assert g.events("informants_colour")[0].to == "faction"


# ---- Подмена ----

def test_substitution_checks_on_the_player_read_the_chosen_one():
    g = game(("A", {"hand": ["substitution", "dummy"]}), ("B", {"hand": ["testimony", *PISTOLS]}),
             ("C", {"hand": ["bunker"] * 5}))
    on(g.play("A", "substitution", target="C").play("B", "testimony", target="A"))
    assert told(g, "testimony_colours", "B")[0]["colours"] == ["defence", "defence"]
    [record] = g.state.checks
    assert (record.aimed_at, record.read) == (g.pid("A"), g.pid("C"))
    assert told(g, "check_attempts", "A") == []


def test_substitution_lower_stance_learn_who_tried():
    g = game(("A", {"hand": ["substitution", "dummy"]}), ("B", {"hand": ["testimony", *PISTOLS]}),
             ("C", {"hand": ["bunker"] * 5}))
    in_stance(g, "A")
    on(g.play("A", "substitution", target="C").play("B", "testimony", target="A"))
    assert told(g, "check_attempts", "A") == [{"pids": [g.pid("B")]}]


# ---- Зеркало / Тень ----

def test_mirror_checks_on_the_player_read_the_checker():
    g = game(("A", {"secret": "boss", "hand": ["mirror", "dummy"]}), ("B", {"secret": "judge", "hand": ["oracle"],
             "sleeve": ["dummy"] * 4}), ("C", {"hand": ["testimony"] + ["bunker"] * 4}))
    on(g.play("A", "mirror").play("C", "testimony", target="A"))
    assert told(g, "testimony_colours", "C")[0]["colours"] == ["defence", "defence"]
    assert told(g, "check_attempts", "A") == []


def test_mirror_lower_stance_learn_everyone_who_tried():
    g = game(("A", {"hand": ["mirror", "dummy"]}), ("B", {"hand": ["testimony", *PISTOLS]}),
             ("C", {"hand": ["inspection", *PISTOLS]}))
    in_stance(g, "A")
    g.play("A", "mirror").play("B", "testimony", target="A")
    on(search(g, "C", "A", "pistol"))
    assert told(g, "check_attempts", "A") == [{"pids": [g.pid("B"), g.pid("C")]}]
    assert told(g, "inspection_missing", "C") == [{"target": g.pid("A"), "named": "pistol"}]  # C's own Sleeve


def test_shadow_any_sleeve_card_as_mirror():
    g = game(("A", {"hand": ["shadow", "dummy"], "sleeve": ["dummy"]}), ("B", {"hand": ["testimony", *PISTOLS]}))
    on(g.play("A", "shadow"))
    assert [e.params["card"] for e in g.state.effects_of("play_as", target=g.pid("A"))] == ["mirror"]
    on(g)  # day 2 → night 3
    g.p("A").hand = [g.state.new_card("bunker") for _ in range(5)]
    g.order("A", "play", card="dummy", from_sleeve=True, **{"as": "mirror"})
    on(g.play("B", "testimony", target="A"))
    assert told(g, "testimony_colours", "B")[0]["colours"] == ["damage", "damage"]


# ---- Темнота ----

def test_darkness_the_targets_checks_give_random_results():
    results = set()
    for seed in range(12):
        g = MafikScenario(3, seed=seed).player("A", hand=["darkness", "dummy"]) \
            .player("B", hand=["testimony", *PISTOLS]).player("C", hand=PISTOLS).player("Z", secret="killer", hand=30)
        on(g.play("A", "darkness", target="B").play("B", "testimony", target="C"))
        results.add(tuple(told(g, "testimony_colours", "B")[0]["colours"]))
    assert len(results) > 1 and any("damage" not in r for r in results)


def test_darkness_a_disguise_still_shows(monkeypatch):
    g = game(("A", {"hand": ["darkness", "dummy"]}), ("B", {"hand": ["oracle"], "sleeve": ["dummy"] * 4}),
             ("C", {"secret": "boss"}))
    g.build()
    disguise(monkeypatch, "sheriff")
    g.play("A", "darkness", target="B")
    # the Оракул is undeceivable: the Темнота does not act on it either, and the disguise is skipped
    on(g.play("B", "oracle", target="C", pay_sleeve=["dummy"] * 4))
    assert told(g, "oracle_role", "B")[0]["secret_role"] == "boss"
    # an ordinary role check under Темнота sees the disguise
    g2 = game(("A", {}), ("B", {}), ("C", {"secret": "boss"}))
    g2.build()
    g2.state.add_effect("darkness", target=g2.pid("B"))
    assert inspect(g2.ruleset, g2.state, g2.pid("B"), g2.pid("C"), "secret_role") == "sheriff"


def test_darkness_not_twice_on_one_character():
    g = game(("A", {"hand": ["darkness", "darkness", "dummy"]}), ("B", {}))
    on(g.play("A", "darkness", target="B"))
    on(g)
    assert g.refusal("A", "play", card="darkness", target="B").params["reason"] == "card_twice_on_target"


def test_darkness_lower_stance_did_the_target_check():
    g = game(("A", {"hand": ["darkness", "darkness", "dummy"]}), ("B", {"hand": ["testimony", *PISTOLS]}),
             ("C", {}))
    in_stance(g, "A")
    on(g.play("A", "darkness", target="B").play("B", "testimony", target="C"))
    assert told(g, "darkness_checked", "A") == [{"target": g.pid("B")}] and told(g, "darkness_unchecked", "A") == []
    on(g)
    in_stance(g, "A")
    on(g.play("A", "darkness", target="C"))
    assert told(g, "darkness_unchecked", "A") == [{"target": g.pid("C")}] and len(told(g, "darkness_checked", "A")) == 1


def test_darkness_without_lower_stance_nothing_told():
    g = game(("A", {"hand": ["darkness", "dummy"]}), ("B", {"hand": ["testimony", *PISTOLS]}), ("C", {}))
    on(g.play("A", "darkness", target="B").play("B", "testimony", target="C"))
    assert told(g, "darkness_checked", "A") == told(g, "darkness_unchecked", "A") == []


def test_darkness_the_lamp_holder_is_not_darkened():
    g = game(("A", {"hand": ["darkness", "dummy"]}), ("B", {"hand": ["testimony", *PISTOLS]}), ("C", {"hand": PISTOLS}))
    g.build()
    g.state.add_effect("lamp", target=g.pid("B"))
    on(g.play("A", "darkness", target="B").play("B", "testimony", target="C"))
    assert told(g, "testimony_colours", "B")[0]["colours"] == ["damage", "damage"]


# ---- Укрытие ----

def test_shelter_1_armor_this_phase_and_the_next():
    g = game(("A", {"hand": ["shelter", "dummy", "dummy"], "sleeve": ["dummy"]}),
             ("B", {"hand": ["martial_arts", "martial_arts", "dummy"]}))
    on(g.play("A", "shelter", pay_sleeve=["dummy"]).play("B", "martial_arts", target="A"))
    assert g.hand_size("A") == 3  # the hit absorbed, the Укрытие replaced
    assert g.state.effects_of("armor_each_phase", target=g.pid("A"), phase=4)
    assert not g.state.effects_of("armor_each_phase", target=g.pid("A"), phase=5)


def test_shelter_checks_on_the_player_give_random_results():
    results = set()
    for seed in range(12):
        g = MafikScenario(3, seed=seed).player("A", hand=["shelter", *PISTOLS], sleeve=["dummy"]) \
            .player("B", hand=["testimony", *PISTOLS]).player("Z", secret="killer", hand=30)
        on(g.play("A", "shelter", pay_sleeve=["dummy"]).play("B", "testimony", target="A"))
        results.add(tuple(told(g, "testimony_colours", "B")[0]["colours"]))
    assert len(results) > 1


def test_shelter_maniac_cost_0():
    g = game(("A", {"secret": "maniac", "hand": ["shelter", "dummy"]}), ("B", {"hand": ["shelter"]}))
    g.build()
    assert api.play_cost(g.state, g.pid("A"), g.uid("A", "shelter")) == 0
    assert api.play_cost(g.state, g.pid("B"), g.uid("B", "shelter")) == 1


# ---- Пути отступления ----

def test_escape_routes_2_damage_next_phase_if_the_target_checked_you():
    g = game(("A", {"hand": ["escape_routes", "dummy"]}), ("B", {"hand": ["testimony"] + ["dummy"] * 5}))
    on(g.play("A", "escape_routes", target="B").play("B", "testimony", target="A"))
    assert g.hand_size("B") == 6  # nothing this phase
    on(g)
    assert g.hand_size("B") == 4


def test_escape_routes_lower_stance_3_damage():
    g = game(("A", {"hand": ["escape_routes", "dummy"]}), ("B", {"hand": ["testimony"] + ["dummy"] * 5}))
    in_stance(g, "A")
    on(g.play("A", "escape_routes", target="B").play("B", "testimony", target="A"))
    on(g)
    assert g.hand_size("B") == 3


def test_escape_routes_nothing_if_the_target_checked_someone_else():
    g = game(("A", {"hand": ["escape_routes", "dummy"]}), ("B", {"hand": ["testimony"] + ["dummy"] * 5}),
             ("C", {}))
    on(g.play("A", "escape_routes", target="B").play("B", "testimony", target="C"))
    on(g)
    assert g.hand_size("B") == 6


# ---- Мимикрия ----

def test_mimicry_colour_of_a_random_card_of_each_checker_to_the_end():
    g = game(("A", {"hand": ["mimicry", "dummy"]}), ("B", {"hand": ["testimony", "testimony", *PISTOLS], "deck": PISTOLS * 4}),
             ("C", {"hand": ["inspection"] + ["bunker"] * 4, "deck": ["bunker"] * 20}))
    g.play("A", "mimicry").play("B", "testimony", target="A")
    on(search(g, "C", "A", "pistol"))  # this phase already
    assert sorted(e["colour"] for e in told(g, "mimicry_colour", "A")) == ["damage", "defence"]
    on(g.play("B", "testimony", target="A"))  # and later
    assert [e["colour"] for e in told(g, "mimicry_colour", "A")][2:] == ["damage"]


def test_mimicry_own_checks_and_others_targets_tell_nothing():
    g = game(("A", {"hand": ["mimicry", "dummy"], "sleeve": ["testimony"]}), ("B", {"hand": ["testimony", *PISTOLS]}),
             ("C", {}))
    on(g.play("A", "mimicry").play("A", "testimony", target="B", from_sleeve=True).play("B", "testimony", target="C"))
    assert len(g.state.checks) == 2
    assert told(g, "mimicry_colour", "A") == []


# ---- Досмотр ----

def test_inspection_is_the_named_card_in_the_sleeve():
    g = game(("A", {"hand": ["inspection", "inspection", "dummy"]}), ("B", {"sleeve": ["bunker"]}))
    on(search(g, "A", "B", "bunker"))
    assert told(g, "inspection_found", "A") == [{"target": g.pid("B"), "named": "bunker"}]
    on(g)
    on(search(g, "A", "B", "pistol"))
    assert told(g, "inspection_missing", "A") == [{"target": g.pid("B"), "named": "pistol"}]


def test_inspection_mafia_accusation_three_copies():
    g = game(("A", {"secret": "boss", "hand": ["inspection", "dummy"]}), ("B", {"sleeve": ["bunker"]}))
    g.build()
    g.state.history.append(PlayRecord(phase=0, actor=g.pid("B"), card="tank"))
    on(search(g, "A", "B", "bunker", accuse=["tank"]))
    assert g.sleeve("A") == ["bunker"] * 3
    assert told(g, "inspection_copies", "A") == [{"named": "bunker", "count": 3}]


def test_inspection_maniac_accusation_three_copies():
    g = game(("A", {"secret": "maniac", "hand": ["inspection", "dummy"]}), ("B", {"sleeve": ["bunker"]}))
    g.build()
    g.state.history.append(PlayRecord(phase=0, actor=g.pid("B"), card="tank"))
    on(search(g, "A", "B", "bunker", accuse=["tank"]))
    assert g.sleeve("A") == ["bunker"] * 3


def test_inspection_accusation_missed_no_copies():
    g = game(("A", {"secret": "boss", "hand": ["inspection", "dummy"]}), ("B", {"sleeve": ["bunker"]}))
    on(search(g, "A", "B", "bunker", accuse=["tank"]))
    assert g.sleeve("A") == [] and len(told(g, "inspection_found", "A")) == 1


def test_inspection_law_has_no_accusation():
    g = game(("A", {"hand": ["inspection", "dummy"]}), ("B", {"sleeve": ["bunker"]}))
    with pytest.raises(Refusal) as caught:
        search(g, "A", "B", "bunker", accuse=["tank"])
    assert (caught.value.code, caught.value.params["param"]) == ("mafia_only", "accuse")


def test_inspection_mafia_not_on_other_mafia():
    g = game(("A", {"secret": "boss", "hand": ["inspection", "dummy"]}), ("B", {"secret": "spy"}), ("C", {}))
    with pytest.raises(Refusal) as caught:
        search(g, "A", "B", "bunker")
    assert caught.value.params["reason"] == "not_on_mafia"
    search(g, "A", "C", "bunker")  # a law target is fine


def test_inspection_law_may_inspect_the_mafia():
    g = game(("A", {"hand": ["inspection", "dummy"]}), ("B", {"secret": "spy", "sleeve": ["bunker"]}))
    on(search(g, "A", "B", "bunker"))
    assert len(told(g, "inspection_found", "A")) == 1




def test_check_records_of_this_and_the_previous_phase_are_kept():
    g = game(("A", {"hand": ["testimony"] * 3 + PISTOLS}), ("B", {"hand": PISTOLS}))
    on(g.play("A", "testimony", target="B"))  # phase 3
    on(g.play("A", "testimony", target="B"))  # phase 4
    on(g.play("A", "testimony", target="B"))  # phase 5
    assert [c.phase for c in g.state.checks] == [4, 5]


def test_every_card_that_checks_is_tagged_check():
    """"Which plays are checks" is data (docs/rulings/mafik-checks.md): a card whose play records a check
    carries the tag `check` — add the tag when a card of the rulings' list is implemented."""
    from engine.rulesets.mafik.registry import CATALOG
    from engine.sim import play_game

    checking: set[str] = set()

    def look(state: GameState, moment: str) -> None:
        checking.update(c.card for c in state.checks if c.card is not None)

    for seed in (1, 2):
        look(play_game("mafik", 16, seed, hook=look).state, "end")
    assert checking, "the simulated games made no check"
    untagged = sorted(card for card in checking if card in CATALOG and not CATALOG[card].has("check"))
    assert not untagged, f"cards that check without the tag `check`: {untagged}"
