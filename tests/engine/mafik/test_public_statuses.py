"""The public board of Мафик: the statuses its cards make public are shown beside the living
(engine/core/views.public_players), the others are not."""

from __future__ import annotations

from engine.core.views import public_players
from tests.engine.mafik.conftest import MafikScenario


def _shown(g: MafikScenario) -> dict[str, list[str]]:
    return {p["name"]: [s["status"] for s in p["statuses"]] for p in public_players(g.state)}


def test_the_public_board_shows_the_public_statuses_of_the_cards():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A").player("B").player("C")
    g.build()
    g.state.add_effect("mortally_wounded", target=g.pid("A"))  # Из последних сил: «публичный статус»
    g.state.add_effect("spikes", target=g.pid("B"), end=6)  # Шипы: announced
    g.state.add_effect("faceless", target=g.pid("C"))  # Безликий: «Все об этом публично узнают»
    g.state.add_effect("damage_each_phase", target=g.pid("M"), amount=1, card="poison")  # Яд: secret
    assert _shown(g) == {"M": [], "A": ["mortally_wounded"], "B": ["spikes"], "C": ["faceless"]}


def test_temporary_death_is_shown_on_the_day_it_holds():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["temporary_death", "dummy"], sleeve=["dummy"]).player("B")
    g.play("A", "temporary_death", pay_sleeve=["dummy"]).resolve()
    assert _shown(g)["A"] == ["temporary_death"]
