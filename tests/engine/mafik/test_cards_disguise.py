"""Маскировка and the guess cards: a test per card and per variant, with exact numbers.

Checks are asked through engine/core/checks.inspect (the `appearance` query) — with `undeceivable=True`
for the Оракул's check; guesses through real guess cards (Снайперская винтовка: 30 damage when right,
so the target dies; Трассирующие пули: 2 damage); Обвинения through Пистолет (1, +2 per named card).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.cardgame import steps
from engine.core import api
from engine.core.checks import inspect
from engine.core.refusal import Refusal
from engine.core.state import Effect, GameState, PlayRecord
from engine.rulesets.mafik.ruleset import shown_hand_size
from tests.engine.mafik.conftest import MafikScenario


class World(MafikScenario):
    """A position that does not end at the first resolution: three more lawmen and a mafioso look on."""

    def build(self) -> MafikScenario:
        if not self._built:
            for name in ("L1", "L2", "L3"):
                self.player(name, secret="detective", hand=6)
            self.player("Z", secret="advisor", hand=6)
        return super().build()

    def resolve(self) -> MafikScenario:
        """By day everyone who has not voted votes for L3 (whose 12 cards outlast a казнь)."""
        self.build()
        if self.state.is_day:
            self.p("L3").hand += [self.state.new_card("dummy") for _ in range(6)]
            for player in self.state.living():
                if not any(o.kind == "vote" for o in self.state.orders.get(player.pid, [])):
                    self.vote(player.name, "L3")
        return super().resolve()


@pytest.fixture
def keep_effects(monkeypatch: pytest.MonkeyPatch) -> list[Effect]:
    """The effects as the last phase closed (before those of that phase expired): read by `seen(..., kept=)`."""
    kept: list[Effect] = []
    original = steps.close_phase

    def close(state: GameState, *args: Any) -> None:
        kept[:] = [e.model_copy() for e in state.effects]
        original(state, *args)

    monkeypatch.setattr(steps, "close_phase", close)
    return kept


def seen(g: MafikScenario, observer: str, target: str, aspect: str = "secret_role", *, phase: int | None = None,
         kept: list[Effect] | None = None, **context: Any) -> Any:
    """What `observer` learns of `target` (at `phase`, default now; with `kept`, the effects as that phase closed)."""
    state = g.state
    now, effects = state.phase, state.effects
    if phase is not None:
        state.phase = phase
    if kept is not None:
        state.effects = kept
    try:
        return inspect(g.ruleset, state, g.pid(observer), g.pid(target), aspect, record=False, **context)
    finally:
        state.phase, state.effects = now, effects


def played_before(g: MafikScenario, name: str, *cards: str) -> None:
    g.build()
    for card in cards:
        g.state.history.append(PlayRecord(phase=0, actor=g.pid(name), card=card))


def snipe(g: MafikScenario, shooter: str, target: str, role: str) -> MafikScenario:
    return g.play(shooter, "sniper_rifle", target=target, role=role)


# ---- GSS: the queries ----

def test_gss_a_right_guess_without_disguise_still_hits() -> None:
    g = World.night(1)
    g.player("K", secret="killer", hand=["sniper_rifle", "dummy"]).player("A", secret="officer")
    snipe(g, "K", "A", "officer").resolve()
    assert not g.alive("A")


def test_gss_traitor_rule_is_the_first_accusation_works_modifier() -> None:
    g = World.night(1)
    g.player("K", secret="killer", hand=["pistol", "dummy"]).player("T", secret="traitor", hand=6)
    played_before(g, "T", "bunker")
    g.play("K", "pistol", target="T", accuse=["bunker"]).resolve()
    assert g.hand_size("T") == 6 - 2  # Мафия: 2, the Обвинение's +2 does not work against the Предатель


# ---- Маскировка ----

def disguised(role: str = "sheriff") -> MafikScenario:
    g = World.day(1)
    g.player("A", secret="officer", hand=["disguise", "dummy"], sleeve=1).player("B").player("K", secret="killer",
                                                                                          hand=["sniper_rifle", "pistol"])
    g.play("A", "disguise", role=role, pay_sleeve=["dummy"]).resolve()
    return g


def test_disguise_checks_see_the_chosen_role_this_and_the_next_two_phases() -> None:
    g = disguised("sheriff")
    assert [seen(g, "B", "A", phase=p) for p in (2, 3, 4, 5)] == ["sheriff", "sheriff", "sheriff", "officer"]


def test_disguise_does_not_deceive_the_oracle() -> None:
    g = disguised("sheriff")
    assert seen(g, "B", "A", undeceivable=True) == "officer"


def test_disguise_a_right_guess_fails() -> None:
    g = disguised("sheriff")
    snipe(g, "K", "A", "officer").resolve()
    assert g.alive("A")


def test_disguise_accusations_do_not_work() -> None:
    g = disguised("sheriff")
    played_before(g, "A", "bunker")
    before = g.hand_size("A")
    g.play("K", "pistol", target="A", accuse=["bunker"]).resolve()
    assert g.hand_size("A") == before - 2  # Мафия's Пистолет: 2, no +2


def test_disguise_killer_or_boss_not_covered_against_open_investigation() -> None:
    g = World.day(1)
    g.player("K", secret="killer", hand=["disguise", "dummy"], sleeve=1).player("B")
    g.play("K", "disguise", role="sheriff", pay_sleeve=["dummy"]).resolve()
    assert seen(g, "B", "K") == "sheriff"
    assert seen(g, "B", "K", card="open_investigation") == "killer"


# ---- Грим, Артист ----

def test_makeup_next_phase_only_and_a_new_makeup_in_the_deck() -> None:
    g = World.day(1)
    g.player("A", secret="officer", hand=["makeup", "dummy"], deck=10).player("B")
    g.play("A", "makeup", role="judge").resolve()
    assert [seen(g, "B", "A", phase=p) for p in (2, 3, 4)] == ["officer", "judge", "officer"]
    assert [c.card for c in g.p("A").deck].count("makeup") == 1
    assert len(g.p("A").deck) == 10  # one drawn to refill the hand, one Грим added


def test_makeup_guesses_and_accusations_fail_next_phase() -> None:
    g = World.day(1)
    g.player("A", secret="officer", hand=["makeup", "dummy"]).player("K", secret="killer", hand=["sniper_rifle", "dummy"])
    g.play("A", "makeup", role="judge").resolve()
    snipe(g, "K", "A", "officer").resolve()
    assert g.alive("A")


def test_makeup_refuses_the_own_role_and_the_same_role_twice_running() -> None:
    g = World.day(1)
    g.player("A", secret="officer", hand=["makeup", "makeup", "dummy"]).player("B")
    assert g.refusal("A", "play", card="makeup", role="officer").params["reason"] == "own_role"
    g.play("A", "makeup", role="judge").resolve()
    g.state.phase = 4  # the next day
    g.state.effects = [e for e in g.state.effects if e.kind != "disguised"]
    assert g.refusal("A", "play", card="makeup", role="judge").params["reason"] == "same_role_twice"
    g.play("A", "makeup", role="sheriff")


def test_artist_plays_sleeve_cards_as_makeup() -> None:
    g = World.night(1)
    g.player("A", secret="officer", hand=["artist", "dummy"], sleeve=1).player("B")
    g.play("A", "artist").resolve()
    g.play("A", "dummy", from_sleeve=True, **{"as": "makeup"}, role="judge").resolve()
    assert seen(g, "B", "A") == "judge"


# ---- Безликий ----

def faceless_player() -> MafikScenario:
    g = World.night(1)
    g.player("A", secret="officer", hand=["faceless", "dummy"], sleeve=3).player("K", secret="killer",
                                                                               hand=["sniper_rifle", "pistol", "tracer_rounds"])
    g.play("A", "faceless", pay_sleeve=["dummy"] * 3).resolve().resolve()  # to night 2
    return g


def test_faceless_is_announced_and_hides_the_role_even_from_the_oracle() -> None:
    g = faceless_player()
    assert [e.params["actor"] for e in g.public("faceless")] == [g.pid("A")]
    assert seen(g, "K", "A") is None
    assert seen(g, "K", "A", undeceivable=True) is None
    assert seen(g, "K", "A", "side") == "law"


def test_faceless_guess_cards_are_refused_at_submission() -> None:
    g = faceless_player()
    refusal = g.refusal("K", "play", card="sniper_rifle", target="A", role="officer")
    assert (refusal.code, refusal.params["reason"]) == ("invalid_target", "unguessable")
    g.play("K", "pistol", target="A")  # an ordinary card may still target him


def test_faceless_accusations_fail() -> None:
    g = faceless_player()
    played_before(g, "A", "bunker")
    before = g.hand_size("A")
    g.play("K", "pistol", target="A", accuse=["bunker"]).resolve()
    assert g.hand_size("A") == before - 2


def test_faceless_acts_from_this_night_against_a_guess_of_the_same_night() -> None:
    g = World.night(1)
    g.player("A", secret="officer", hand=["faceless", "dummy"], sleeve=3).player("K", secret="killer",
                                                                               hand=["sniper_rifle", "dummy"])
    g.play("K", "sniper_rifle", target="A", role="officer")
    g.play("A", "faceless", pay_sleeve=["dummy"] * 3).resolve()
    assert g.alive("A")


# ---- Толпа ----

def test_crowd_roles_rotate_for_checks_and_it_is_announced(keep_effects: list[Effect]) -> None:
    g = World.night(1)
    g.player("A", secret="officer", hand=["crowd", "dummy"]).player("B", secret="boss").player("C", secret="judge")
    g.player("D")
    g.play("A", "crowd", targets=["A", "B", "C"]).resolve()
    assert [seen(g, "D", x, phase=1, kept=keep_effects) for x in "ABC"] == ["boss", "judge", "officer"]
    assert seen(g, "D", "A", "side", phase=1, kept=keep_effects) == "mafia"
    assert seen(g, "D", "A", phase=1, kept=keep_effects, undeceivable=True) == "boss"  # the Оракул too
    assert seen(g, "D", "A") == "officer"  # this phase only
    assert len(g.public("crowd_played")) == 1


def test_crowd_unannounced_costs_1() -> None:
    g = World.night(1)
    g.player("A", secret="officer", hand=["crowd", "dummy"], sleeve=1).player("B").player("C")
    assert g.refusal("A", "play", card="crowd", targets=["B", "C"], unannounced=True).code == "cost_unpayable"
    g.play("A", "crowd", targets=["B", "C"], unannounced=True, pay_sleeve=["dummy"]).resolve()
    assert g.public("crowd_played") == []


def test_crowd_refuses_characters_in_a_chat_room() -> None:
    g = World.night(1)
    g.player("A", hand=["crowd", "dummy"]).player("B").player("C")
    g.build()
    g.state.add_effect("room", during=None, members=[g.pid("B"), g.pid("C")])
    assert g.refusal("A", "play", card="crowd", targets=["A", "B"]).params["reason"] == "in_a_room"


# ---- Поддельные документы ----

def test_forged_documents_checks_see_the_law_role_and_guesses_fail_to_the_end() -> None:
    g = World.night(1)
    g.player("K", secret="killer", hand=["forged_documents", "dummy"], sleeve=2)
    g.player("M", secret="boss", hand=["sniper_rifle", "dummy"]).player("B")
    g.play("K", "forged_documents", role="judge", pay_sleeve=["dummy", "dummy"]).resolve()
    assert seen(g, "B", "K", phase=9) == "judge"
    assert seen(g, "B", "K", "side") == "law"
    assert seen(g, "B", "K", "colours") == ["damage", "intel", "boost"]
    assert seen(g, "B", "K", undeceivable=True) == "killer"
    g.state.phase = 3
    snipe(g, "M", "K", "killer").resolve()
    assert g.alive("K")


def test_forged_documents_only_a_law_role() -> None:
    g = World.night(1)
    g.player("K", secret="killer", hand=["forged_documents", "dummy"], sleeve=3).player("B")
    assert g.refusal("K", "play", card="forged_documents", role="boss", pay_sleeve=["dummy"] * 2).code == "bad_param"


def test_forged_documents_cost_1_more_gives_the_chosen_roles_colours_at_the_next_build() -> None:
    """(Цена 1: со следующей пересборкой колоды вы получите цвета выбранной тайной роли.) — one more to pay
    (2 + 1), and the next deck is built of the Судья's colours (Урон, Разведка, Усиление) instead of the
    Киллер's."""
    from engine.rulesets.mafik.deck import deck_colours

    g = World.night(1)
    g.player("K", secret="killer", hand=["forged_documents", "dummy"], sleeve=3).player("B").player("C", secret="boss")
    assert g.refusal("K", "play", card="forged_documents", role="judge", colours=True,
                     pay_sleeve=["dummy"] * 2).code == "cost_unpayable"
    g.play("K", "forged_documents", role="judge", colours=True, pay_sleeve=["dummy"] * 3).resolve()
    assert deck_colours(g.state, g.pid("K")) == ("damage", "intel", "boost")
    assert [e.params["role"] for e in g.state.effects_of("forged_documents", target=g.pid("K"))] == ["judge"]


def test_forged_documents_does_nothing_for_the_law() -> None:
    g = World.night(1)
    g.player("A", secret="officer", hand=["forged_documents", "dummy"]).player("B")
    g.play("A", "forged_documents").resolve()
    assert g.state.effects_of("forged_documents") == []


# ---- Видимость величия, Сменщик ----

def test_semblance_of_greatness_stance_this_and_next_phase() -> None:
    g = World.night(1)
    g.player("A", hand=["semblance_of_greatness", "dummy"]).player("B")
    g.play("A", "semblance_of_greatness", stance="upper").resolve()
    assert [seen(g, "B", "A", "stance", phase=p) for p in (1, 2, 3)] == ["upper", "upper", "normal"]


def test_changer_this_phase_the_role_and_its_colours(keep_effects: list[Effect]) -> None:
    g = World.night(1)
    g.player("A", hand=["changer", "dummy"]).player("B", secret="killer").player("C")
    g.play("A", "changer", target="B", role="sheriff").resolve()
    assert seen(g, "C", "B", phase=1, kept=keep_effects) == "sheriff"
    assert seen(g, "C", "B", "colours", phase=1, kept=keep_effects) == ["boost", "chaos", "support"]
    assert seen(g, "C", "B", "side", phase=1, kept=keep_effects) == "mafia"
    assert seen(g, "C", "B", phase=2) == "killer"


def test_changer_lower_stance_for_2_phases() -> None:
    from engine.rulesets.mafik.costs import stance

    g = World.night(1)
    g.player("A", hand=["changer", "dummy"]).player("B")
    g.play("A", "changer", target="B", role="sheriff", lower_stance=True).resolve()
    assert stance(g.state, g.pid("A")) == "lower"
    g.state.phase = 4
    assert stance(g.state, g.pid("A")) == "normal"


# ---- Известная личность ----

def test_celebrity_announced_and_accusations_with_that_colour_fail() -> None:
    g = World.night(1)
    g.player("A", secret="officer", hand=["celebrity"] + ["dummy"] * 5).player("K", secret="killer", hand=["pistol", "pistol"])
    g.play("A", "celebrity", colour="defence").resolve().resolve()  # to night 2
    assert [(e.params["actor"], e.params["colour"]) for e in g.public("celebrity")] == [(g.pid("A"), "defence")]
    played_before(g, "A", "bunker", "shiv")
    g.play("K", "pistol", target="A", accuse=["bunker"]).resolve().resolve()  # Бункер is Защита
    assert g.hand_size("A") == 6 - 2
    g.play("K", "pistol", target="A", accuse=["shiv"]).resolve()  # Заточка is Урон
    assert g.hand_size("A") == 6 - 2 - 4


def test_celebrity_a_colour_of_ones_role_and_once_a_game() -> None:
    g = World.night(1)
    g.player("A", secret="officer", hand=["celebrity", "celebrity", "dummy"]).player("B")
    assert g.refusal("A", "play", card="celebrity", colour="chaos").params["reason"] == "not_role_colour"
    g.play("A", "celebrity", colour="intel").resolve()
    g.state.phase = 3
    assert g.refusal("A", "play", card="celebrity", colour="intel").code == "limit_reached"


# ---- Предательство ----

def test_betrayal_mafia_a_traitor_draws_2_to_the_sleeve_another_1() -> None:
    g = World.night(1)
    g.player("M", secret="boss", hand=["betrayal", "betrayal"], sleeve=4).player("T", secret="traitor").player("B")
    g.play("M", "betrayal", target="T", pay_sleeve=["dummy"] * 2).resolve()
    assert len(g.sleeve("T")) == 2
    g.state.phase = 3
    g.play("M", "betrayal", target="B", pay_sleeve=["dummy"] * 2).resolve()
    assert len(g.sleeve("B")) == 1


def test_betrayal_traitor_a_mafia_target_learns_who_he_is() -> None:
    g = World.night(1)
    g.player("T", secret="traitor", hand=["betrayal", "betrayal"]).player("M", secret="boss").player("B")
    g.play("T", "betrayal", target="M").resolve()
    assert [e.params["pid"] for e in g.events("traitor_revealed", to="M")] == [g.pid("T")]
    g.state.phase = 3
    g.play("T", "betrayal", target="B").resolve()
    assert g.events("traitor_revealed", to="B") == []


def test_betrayal_does_nothing_for_the_law() -> None:
    g = World.night(1)
    g.player("A", secret="officer", hand=["betrayal", "dummy"]).player("T", secret="traitor")
    g.play("A", "betrayal").resolve()
    assert g.sleeve("T") == []


# ---- Симулянт ----

def test_malingerer_shown_hand_size_until_cancelled() -> None:
    g = World.night(1)
    g.player("A", hand=["malingerer", "dummy", "dummy"], sleeve=1).player("B")
    g.play("A", "malingerer", amount=9, pay_sleeve=["dummy"]).resolve()
    assert shown_hand_size(g.state, g.pid("A")) == 9
    api.act(g.state, g.pid("A"), "malingerer_cancel", {})
    assert shown_hand_size(g.state, g.pid("A")) == 3
    assert len(g.events("malingerer_cancelled", to="A")) == 1


def test_malingerer_is_free_and_a_new_play_replaces_the_old() -> None:
    g = World.night(1)
    g.player("A", hand=["malingerer", "malingerer", "dummy"], sleeve=2).player("B")
    g.play("A", "malingerer", amount=9, pay_sleeve=["dummy"]).play("A", "dummy").resolve()  # Свободная
    g.state.phase = 3
    g.play("A", "malingerer", amount=1, pay_sleeve=["dummy"]).resolve()
    assert shown_hand_size(g.state, g.pid("A")) == 1
    assert len(g.state.effects_of("malingerer", target=g.pid("A"))) == 1


def test_malingerer_cost_0_but_no_longer_free() -> None:
    g = World.night(1)
    g.player("A", hand=["malingerer", "dummy", "dummy"]).player("B")
    g.play("A", "malingerer", amount=2, not_free=True)
    assert g.refusal("A", "play", card="dummy").code == "limit_reached"
    g.resolve()
    assert shown_hand_size(g.state, g.pid("A")) == 2


# ---- Чип в мозгу ----

def test_brain_chip_right_guess_tells_the_cards_played_on_you_then_free() -> None:
    g = World.night(2)
    g.player("M", secret="boss", hand=["brain_chip", "brain_chip", "dummy"], sleeve=1).player("B", secret="judge")
    g.build()
    g.state.history += [PlayRecord(phase=1, actor=g.pid("B"), card="pistol", targets=[g.pid("M")]),
                        PlayRecord(phase=2, actor=g.pid("B"), card="bunker", targets=[])]
    g.play("M", "brain_chip", target="B", role="judge", pay_sleeve=["dummy"]).resolve()
    assert [e.params["cards"] for e in g.events("brain_chip", to="M")] == [["pistol"]]
    g.state.phase = 5
    g.play("M", "brain_chip", target="B", role="judge")  # costs nothing now


def test_brain_chip_wrong_guess_tells_nothing_and_does_nothing_for_the_law() -> None:
    g = World.night(1)
    g.player("M", secret="boss", hand=["brain_chip", "dummy"], sleeve=1).player("B", secret="judge")
    g.player("L", secret="officer", hand=["brain_chip", "dummy"])
    g.play("M", "brain_chip", target="B", role="sheriff", pay_sleeve=["dummy"]).play("L", "brain_chip").resolve()
    assert g.events("brain_chip") == []


# ---- Догадка ----

def test_hunch_law_right_and_unarmored_learnt_after_the_next_night() -> None:
    g = World.night(1)
    g.player("A", hand=["hunch", "dummy"], sleeve=1).player("B", secret="killer", hand=6)
    g.play("A", "hunch", target="B", role="killer", pay_sleeve=["dummy"]).resolve()
    assert g.events("hunch") == []
    g.resolve()  # day 1
    assert g.events("hunch") == []
    g.resolve()  # night 2
    assert [(e.params["target"], e.params["secret_role"]) for e in g.events("hunch", to="A")] == [(g.pid("B"), "killer")]


def test_hunch_law_nothing_if_the_target_has_armor() -> None:
    g = World.night(1)
    g.player("A", hand=["hunch", "dummy"], sleeve=1).player("B", secret="killer", hand=["bunker"] * 6)
    g.play("A", "hunch", target="B", role="killer", pay_sleeve=["dummy"]).resolve()
    g.resolve()
    g.play("B", "bunker").resolve()
    assert g.events("hunch") == []


def test_hunch_mafia_no_damage_from_the_guessed_law_role() -> None:
    g = World.night(1)
    g.player("M", secret="boss", hand=["hunch"] + ["dummy"] * 5, sleeve=1).player("J", secret="judge", hand=["pistol", "pistol"])
    g.play("M", "hunch", target="J", law_role="judge", pay_sleeve=["dummy"]).resolve()
    g.resolve()
    g.play("J", "pistol", target="M").resolve()
    assert g.hand_size("M") == 6
    assert len(g.events("hunch", to="M")) == 1


def _with_corpses(g: MafikScenario, *names: str) -> None:
    g.build()
    for name in names:
        g.state.player(g.pid(name)).alive = False


def test_hunch_traitor_names_as_many_roles_as_corpses_and_learns_the_one_that_matches() -> None:
    """(Предатель: Назовите столько Тайных ролей, сколько сейчас трупов на кладбище. Если роль цели совпадает
    хоть с одной, узнайте точно какой по итогам следующей ночи.)"""
    g = World.night(2)
    g.player("T", secret="traitor", hand=["hunch", "dummy"], sleeve=1).player("B", secret="killer", hand=6)
    g.player("X").player("Y").player("Z", secret="boss")
    _with_corpses(g, "X", "Y")
    g.play("T", "hunch", target="B", roles=["judge", "killer"], pay_sleeve=["dummy"]).resolve()
    g.resolve()  # day 2
    g.resolve()  # night 3: the next night is over
    assert [(e.params["target"], e.params["secret_role"]) for e in g.events("hunch", to="T")] == [(g.pid("B"), "killer")]


def test_hunch_traitor_must_name_exactly_as_many_roles_as_corpses() -> None:
    g = World.night(2)
    g.player("T", secret="traitor", hand=["hunch", "dummy"], sleeve=1).player("B", secret="killer", hand=6)
    g.player("X").player("Z", secret="boss")
    _with_corpses(g, "X")
    with pytest.raises(Refusal) as refused:
        g.play("T", "hunch", target="B", roles=["judge", "killer"], pay_sleeve=["dummy"])
    assert refused.value.params["reason"] == "count"
    g.play("T", "hunch", target="B", roles=["judge"], pay_sleeve=["dummy"]).resolve()
    g.resolve()
    g.resolve()
    assert g.events("hunch", to="T") == []  # a miss: nothing is learnt


# ---- Отдел кадров ----

def test_human_resources_law_learns_how_many_had_the_role() -> None:
    g = World.night(1)
    g.player("A", hand=["human_resources", "dummy"]).player("B", secret="judge").player("C", secret="judge")
    g.player("D", secret="sheriff")
    g.play("A", "human_resources", role="judge").resolve()
    assert [e.params["count"] for e in g.events("human_resources", to="A")] == [2]


def test_human_resources_mafia_only_if_the_guess_is_right() -> None:
    g = World.night(1)
    g.player("M", secret="boss", hand=["human_resources", "human_resources"]).player("B", secret="judge")
    g.player("C", secret="sheriff")
    assert g.refusal("M", "play", card="human_resources", role="judge").code == "bad_param"
    g.play("M", "human_resources", role="judge", target="C").resolve()
    assert g.events("human_resources") == []
    g.state.phase = 3
    g.play("M", "human_resources", role="judge", target="B").resolve()
    assert [e.params["count"] for e in g.events("human_resources", to="M")] == [1]


# ---- Табельное ----

def test_service_weapon_right_guess_a_pistol_to_the_sleeve_and_a_message() -> None:
    g = World.night(1)
    g.player("A", hand=["service_weapon", "service_weapon"]).player("B", secret="judge")
    g.play("A", "service_weapon", target="B", role="sheriff").resolve()
    assert g.sleeve("B") == []
    g.state.phase = 3
    g.play("A", "service_weapon", target="B", role="judge", message="держи").resolve()
    assert g.sleeve("B") == ["pistol"]


def test_service_weapon_upper_stance_two_pistols() -> None:
    g = World.night(1)
    g.player("A", hand=["service_weapon", "dummy"]).player("B", secret="judge")
    g.build()
    g.state.add_effect("stance", target=g.pid("A"), stance="upper")
    g.play("A", "service_weapon", target="B", role="judge").resolve()
    assert g.sleeve("B") == ["pistol", "pistol"]


def test_service_weapon_maniac_double_blood_if_the_target_plays_the_pistol_next_night() -> None:
    g = World.night(1)
    g.player("X", secret="maniac", hand=["service_weapon", "shiv", "dummy"], points=0).player("B", secret="judge")
    g.player("C", hand=6)
    g.play("X", "service_weapon", target="B", role="judge").resolve()
    g.resolve()  # day 1
    g.play("X", "shiv", target="C").play("B", "pistol", from_sleeve=True, target="C").resolve()
    assert g.points("X") == 2  # 1 from the Заточка, doubled


# ---- Лжесвидетель ----

def test_perjurer_right_law_role_6_armor_next_day_not_twice_on_a_target() -> None:
    g = World.night(1)
    g.player("M", secret="boss", hand=["perjurer", "perjurer", "dummy"]).player("J", secret="judge")
    g.play("M", "perjurer", target="J", role="judge").resolve()
    assert [(e.kind, e.start, e.params["amount"]) for e in g.state.effects
            if e.kind == "armor_each_phase" and e.target == g.pid("M")] == [("armor_each_phase", 2, 6)]
    g.state.phase = 3
    assert g.refusal("M", "play", card="perjurer", target="J", role="judge").params["reason"] == "card_twice_on_target"


def test_perjurer_wrong_guess_nothing_and_nothing_for_the_law() -> None:
    g = World.night(1)
    g.player("M", secret="boss", hand=["perjurer", "dummy"]).player("J", secret="judge")
    g.player("L", hand=["perjurer", "dummy"])
    assert g.refusal("M", "play", card="perjurer", target="J", role="boss").code == "bad_param"  # a law role
    g.play("M", "perjurer", target="J", role="sheriff").play("L", "perjurer").resolve()
    assert [e for e in g.state.effects if e.kind == "armor_each_phase"] == []
