"""Each rule set declares how its panel looks (api.view_profile) and what its orders besides plays cost
(api.order_cost): the bot reads these instead of the rule set's name."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.ruleset import get_ruleset, ruleset_names
from tests.engine.scenario import Scenario


@pytest.mark.parametrize("name", ruleset_names())
def test_a_panel_shows_the_zones_a_player_plays_from(name: str) -> None:
    ruleset = get_ruleset(name)
    assert api.view_profile(name).zones == getattr(ruleset, "play_zones", ("hand",))


def test_blood_pays_where_points_come_in_pairs_and_points_elsewhere() -> None:
    assert (api.view_profile("mafik").currency, api.view_profile("micromafik").currency) == ("blood", "points")


def test_the_mafias_boost_and_keeping_a_card_cost_one_in_micromafik_and_a_vote_nothing() -> None:
    g = Scenario.night(1)
    g.player("A").player("B").player("M", secret="boss")
    g.build()
    assert [api.order_cost(g.state, kind) for kind in ("kill_boost", "keep", "kill_vote")] == [1, 1, 0]
