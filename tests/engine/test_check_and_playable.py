"""api.check (the params chosen so far, checked as submit checks them) and api.playable (whether a card
can be played at all now), in both rule sets; and the `when` of a card's parameter."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.rulesets.mafik.registry import CATALOG as MAFIK_CATALOG
from engine.rulesets.mafik.roles import SECRET_ROLES
from tests.engine.mafik.conftest import MafikScenario
from tests.engine.scenario import FILLER, Scenario


def check_refusal(g: Scenario, name: str, card: str, **params: object) -> Refusal | None:
    g.build()
    before = g.state.model_dump_json()
    try:
        api.check(g.state, g.pid(name), "play", card=g.uid(name, card), params=g._params(dict(params)))
    except Refusal as refusal:
        assert g.state.model_dump_json() == before, "a check changed the state"
        return refusal
    assert g.state.model_dump_json() == before, "a check changed the state"
    return None


# ---------------------------------------------------------------- api.check

def test_check_accepts_a_first_step_with_the_rest_not_chosen_yet():
    g = Scenario.day(1)
    g.player("A", hand=["disinformation", "letter"]).player("B").player("M", secret="boss")
    assert check_refusal(g, "A", "disinformation") is None
    assert check_refusal(g, "A", "disinformation", imitate="glasnost") is None
    assert check_refusal(g, "A", "letter", target="B") is None


def test_check_refuses_a_parameter_the_chosen_imitation_does_not_use_naming_it():
    g = Scenario.day(1)
    g.player("A", hand=["disinformation"]).player("B").player("M", secret="boss")
    refusal = check_refusal(g, "A", "disinformation", imitate="glasnost", subject="B")
    assert refusal is not None and refusal.code == "bad_param"
    assert refusal.params["param"] == "subject" and refusal.params["reason"] == "unused"
    assert refusal.params["kind"] == "any_living"


def test_check_refuses_a_dead_target_at_once():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", FILLER]).player("B").player("M", secret="boss")
    g.build()
    g.p("B").alive = False
    refusal = check_refusal(g, "A", "pistol", target="B")
    assert refusal is not None and refusal.code == "invalid_target" and refusal.params["reason"] == "dead"


def test_check_refuses_the_wrong_phase_before_any_parameter():
    g = Scenario.day(1)
    g.player("A", hand=["alibi"]).player("B")
    refusal = check_refusal(g, "A", "alibi")
    assert refusal is not None and refusal.code == "wrong_phase"


def test_every_disinformation_the_schema_allows_is_accepted():
    for params in ({}, {"imitate": "none"}, {"imitate": "alibi", "subject": "B"},
                   {"imitate": "glasnost", "cards": ["pistol"]}):
        g = Scenario.day(1)
        g.player("A", hand=["disinformation"]).player("B").player("M", secret="boss")
        g.play("A", "disinformation", **params)


def test_block_message_only_with_call():
    g = Scenario.night(2)
    g.player("M", secret="boss", hand=["block"] * 2).player("B").player("C")
    assert g.refusal("M", "play", card="block", target="B", extra="call").params["reason"] == "missing"
    refusal = g.refusal("M", "play", card="block", target="B", extra="feedback", message="hi")
    assert (refusal.params["param"], refusal.params["reason"]) == ("message", "unused")
    g.play("M", "block", target="B", extra="call", message="hi")


# ---------------------------------------------------------------- api.playable

def test_playable_says_a_night_only_card_is_night_only_by_day():
    g = Scenario.day(1)
    g.player("A", hand=["alibi", "letter"]).player("B").build()
    refusal = api.playable(g.state, 0, g.uid("A", "alibi"))
    assert refusal is not None and refusal.code == "wrong_phase" and refusal.params["reason"] == "night_only"
    assert api.playable(g.state, 0, g.uid("A", "letter")) is None


def test_playable_says_when_nothing_could_pay_the_cost():
    g = Scenario.night(2)
    g.player("A", hand=["pistol"], points=0).player("B").player("M", secret="boss").build()
    refusal = api.playable(g.state, 0, g.uid("A", "pistol"))
    assert refusal is not None and refusal.code == "cost_unpayable" and refusal.params["reason"] == "nothing_to_pay"
    g.p("A").points = 1
    assert api.playable(g.state, 0, g.uid("A", "pistol")) is None


def test_playable_says_when_a_required_choice_has_nothing_to_choose():
    g = Scenario.night(2)
    g.player("A", hand=["autopsy", FILLER]).player("B").player("M", secret="boss").build()
    refusal = api.playable(g.state, 0, g.uid("A", "autopsy"))
    assert refusal is not None and refusal.params["reason"] == "nothing_to_choose"
    g.p("B").alive = False
    assert api.playable(g.state, 0, g.uid("A", "autopsy")) is None


def implemented(test) -> list[str]:  # type: ignore[no-untyped-def]
    from engine.core.ruleset import get_ruleset

    ruleset = get_ruleset("mafik")
    return [c.id for c in MAFIK_CATALOG if ruleset.is_implemented(c.id) and test(c)]


def test_playable_mafik_strict_day_card_at_night():
    strict = implemented(lambda c: c.has("strict_day"))[0]
    g = MafikScenario.night(2)
    g.player("A", hand=[strict]).player("B").player("M", secret="boss").build()
    refusal = api.playable(g.state, 0, g.uid("A", strict))
    assert refusal is not None and refusal.code == "wrong_phase" and refusal.params["reason"] == "day_only"


def test_playable_mafik_cost_needs_sleeve_cards():
    dear = implemented(lambda c: c.cost == 1 and not c.has("day") and not c.has("strict_day")
                       and not c.cost_by and all(p.kind == "target" or p.optional for p in c.params))[0]
    g = MafikScenario.night(2)
    g.player("A", hand=[dear]).player("B").player("M", secret="boss").build()
    refusal = api.playable(g.state, 0, g.uid("A", dear))
    assert refusal is not None and refusal.code == "cost_unpayable" and refusal.params["reason"] == "nothing_to_pay"
    g2 = MafikScenario.night(2)
    g2.player("A", hand=[dear], sleeve=1).player("B").player("M", secret="boss").build()
    assert api.playable(g2.state, 0, g2.uid("A", dear)) is None


@pytest.fixture
def short_colours_role(monkeypatch: pytest.MonkeyPatch) -> str:
    """A law secret role whose colours have fewer than ten implemented cards: all but nine of them are
    taken out of the registry for the test (once every colour is written, no role is short of them)."""
    from engine.rulesets.mafik.registry import REGISTRIES

    role = next(r for r in SECRET_ROLES.values() if r.faction == "law")
    own = [c.id for c in MAFIK_CATALOG if c.colour in role.colours and c.id in REGISTRIES.cards.behaviours]
    for card_id in own[9:]:
        monkeypatch.delitem(REGISTRIES.cards.behaviours, card_id)
    return role.id


def test_plan_b_is_unplayable_for_a_role_whose_colours_have_fewer_than_ten_cards(short_colours_role: str):
    role = short_colours_role
    g = MafikScenario.night(2)
    g.player("A", secret=role, hand=["plan_b"]).player("B").player("C", secret="killer").build()
    refusal = api.playable(g.state, 0, g.uid("A", "plan_b"))
    assert refusal is not None and refusal.params["reason"] == "nothing_to_choose"
    g2 = MafikScenario.night(2)
    g2.player("K", secret="killer", hand=["plan_b"]).player("B").build()
    assert api.playable(g2.state, 0, g2.uid("K", "plan_b")) is None


def test_auto_deck_never_holds_a_card_its_owner_could_never_play(short_colours_role: str):
    role = short_colours_role
    seen = 0
    for seed in range(8):
        state = api.new_game("mafik", [(f"P{i}", "other") for i in range(13)], seed=seed)
        api.deck_auto_all(state)
        for player in state.players:
            if player.secret_role == role:
                seen += 1
                assert "plan_b" not in player.deck_choice, (seed, player.deck_choice)
    assert seen, "the role was never dealt: pick more seeds"


# ---------------------------------------------------------------- Микромафик: partners' kill votes

def test_a_mafioso_sees_his_partners_kill_vote_and_is_told_when_it_changes():
    g = Scenario.night(2)
    g.player("M1", secret="boss").player("M2", secret="killer").player("A").player("B")
    g.build()
    view = api.ruleset_of(g.state).private_view(g.state, 0)
    assert view["partner_kill_votes"] == {"1": None}
    g.order("M2", "kill_vote", target="A")
    assert api.ruleset_of(g.state).private_view(g.state, 0)["partner_kill_votes"] == {"1": 2}
    told = g.events("partner_kill_vote", to="M1")
    assert [(e.params["pid"], e.params["target"]) for e in told] == [(1, 2)]
    assert g.events("partner_kill_vote", to="M2") == []
    assert "partner_kill_votes" not in api.ruleset_of(g.state).private_view(g.state, 2)
