"""Смерти и спасения (engine/rulesets/mafik/cards/deaths.py): a test per card and per variant, exact numbers.

Damage is dealt with Боевое искусство (1, +1 per card its Обвинение names correctly: `hit`) or by the
Вече's казнь (6: `council`). Players hold Пустышки unless a test says otherwise; a card played from the
Hand is replaced at the end of the phase unless damage cancels the replacement.
"""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.rng import Rng
from engine.rulesets.mafik.costs import card_cost
from engine.rulesets.mafik.orders import find_card
from tests.engine.mafik.conftest import MafikScenario
from tests.engine.mafik.test_cards_defence import ability, council, hit, in_stance, played_before


def resolve(g: MafikScenario) -> MafikScenario:
    """Resolve the phase; by day everyone alive who has not voted votes for M (30 cards), whom the казнь
    does not kill, so that nobody else is punished."""
    g.build()
    if g.state.is_day:
        for player in g.state.living():
            if not any(o.kind == "vote" for o in g.state.orders.get(player.pid, [])):
                g.vote(player.name, "M")
    return g.resolve()


# ---- Из последних сил ----

def test_last_strength_keeps_one_card_and_mortally_wounds_then_death_next_phase():
    g = MafikScenario.day(1).player("M", secret="killer", hand=30) \
        .player("A", hand=["last_strength", "dummy", "dummy"]).player("B").player("C")
    g.play("A", "last_strength")
    council(g, "A").resolve()  # 6 damage: the replacement owed and both Пустышки would go
    assert g.alive("A") and g.hand_size("A") == 1
    wounded = g.public("mortally_wounded")
    assert [e.params["pid"] for e in wounded] == [g.pid("A")]
    assert g.state.effects_of("mortally_wounded", target=g.pid("A"), phase=g.state.phase)
    resolve(g)  # night 2: A still holds a card, yet dies at its end
    assert not g.alive("A")


def test_last_strength_does_nothing_when_the_hand_would_not_be_emptied():
    g = MafikScenario.day(1).player("M", secret="killer", hand=30) \
        .player("A", hand=["last_strength", "dummy", "dummy", "dummy", "dummy", "dummy",
                                               "dummy", "dummy"]).player("B").player("C")
    g.play("A", "last_strength")
    council(g, "A").resolve()  # 6 damage against 7 Пустышки + 1 replacement: 2 stay
    assert g.hand_size("A") == 2
    assert not g.public("mortally_wounded")
    resolve(g)
    assert g.alive("A")


def test_last_strength_maniac_keeps_a_card_without_status_nor_death():
    g = MafikScenario.day(1).player("M", secret="killer", hand=30) \
        .player("A", secret="maniac", hand=["last_strength", "dummy"]).player("B").player("C")
    g.play("A", "last_strength")
    council(g, "A").resolve()
    assert g.alive("A") and g.hand_size("A") == 1
    assert not g.public("mortally_wounded")
    assert g.events("last_strength_kept", to="A")
    resolve(g)
    assert g.alive("A")


def test_last_strength_maniac_cannot_play_it_for_three_phases_after():
    g = MafikScenario.day(2).player("M", secret="killer", hand=30).player("A", secret="maniac", hand=["last_strength", "dummy"]).player("B")
    g.build()
    g.state.history.append(_record(g, "A", "last_strength", phase=g.state.phase - 2))
    refusal = g.refusal("A", "play", card="last_strength")
    assert refusal.params.get("reason") == "last_strength_cooldown"
    h = MafikScenario.day(3).player("M", secret="killer", hand=30).player("A", secret="maniac", hand=["last_strength", "dummy"]).player("B")
    h.build()
    h.state.history.append(_record(h, "A", "last_strength", phase=h.state.phase - 4))
    h.play("A", "last_strength")  # four phases after: allowed


def test_last_strength_law_has_no_cooldown():
    g = MafikScenario.day(2).player("M", secret="killer", hand=30).player("A", hand=["last_strength", "dummy"]).player("B")
    g.build()
    g.state.history.append(_record(g, "A", "last_strength", phase=g.state.phase - 2))
    g.play("A", "last_strength")


def _record(g: MafikScenario, name: str, card: str, *, phase: int):  # type: ignore[no-untyped-def]
    from engine.core.state import PlayRecord

    return PlayRecord(phase=phase, actor=g.pid(name), card=card)


# ---- Героическое Самопожертвование ----

def test_heroic_self_sacrifice_right_guess_saves_the_dying_target_actor_takes_6():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["heroic_self_sacrifice"] + ["dummy"] * 8) \
        .player("B", secret="sheriff", hand=2).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "heroic_self_sacrifice", target="B", role="sheriff")
    resolve(hit(g, "C", "B", 3))
    assert g.alive("B") and g.hand_size("B") == 2  # no damage at all
    assert g.hand_size("A") == 8 + 1 - 6  # the replacement cancelled, then 5 Пустышки
    assert g.events("heroic_sacrifice_saved", to="A")[0].params == {
        "card": "heroic_self_sacrifice", "target": g.pid("B"), "amount": 6}


def test_heroic_self_sacrifice_actor_armor_absorbs_the_6():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["heroic_self_sacrifice"] + ["dummy"] * 6, sleeve=["martial_arts"]) \
        .player("B", secret="sheriff", hand=2).player("C", hand=["martial_arts", "dummy"]).player("D", hand=4)
    g.play("A", "heroic_self_sacrifice", target="B", role="sheriff")
    g.play("A", "martial_arts", target="D", from_sleeve=True)  # 1 armor to A
    resolve(hit(g, "C", "B", 3))
    assert g.alive("B") and g.hand_size("B") == 2
    assert g.hand_size("A") == 6 + 1 - 5  # 6 damage, 1 absorbed: the replacement cancelled, 4 discarded


def test_heroic_self_sacrifice_wrong_guess_actor_dies_target_too():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["heroic_self_sacrifice"] + ["dummy"] * 8) \
        .player("B", secret="sheriff", hand=2).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "heroic_self_sacrifice", target="B", role="officer")
    resolve(hit(g, "C", "B", 3))
    assert not g.alive("A") and not g.alive("B")
    assert g.events("heroic_sacrifice_failed", to="A")


def test_heroic_self_sacrifice_target_not_dying_actor_dies_whatever_his_hand():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["heroic_self_sacrifice"] + ["dummy"] * 8) \
        .player("B", secret="sheriff", hand=5).player("C")
    resolve(g.play("A", "heroic_self_sacrifice", target="B", role="sheriff"))
    assert not g.alive("A") and g.alive("B")


# ---- Обещание ----

def test_promise_gives_the_dead_targets_sleeve_and_the_target_learns_who():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["promise", "dummy"]) \
        .player("B", hand=2, sleeve=["pistol", "bunker"]).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "promise", target="B")
    resolve(g)
    assert g.events("promise_made", to="B")[0].params["pid"] == g.pid("A")
    assert g.alive("B") and g.sleeve("A") == []
    council(g, "B").resolve()  # day 2: the казнь takes B's 2 cards
    assert not g.alive("B")
    assert g.sleeve("A") == ["pistol", "bunker"] and g.sleeve("B") == []
    assert g.events("promise_kept", to="A")[0].params["cards"] == ["pistol", "bunker"]


def test_promise_upper_stance_target_does_not_learn():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["promise", "dummy"]).player("B", hand=2, sleeve=["pistol"])
    in_stance(g, "A", "upper")
    resolve(g.play("A", "promise", target="B"))
    assert not g.events("promise_made", to="B")


def test_promise_ends_with_the_promisee():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["promise"]).player("B", hand=2, sleeve=["pistol"]) \
        .player("C", hand=["martial_arts", "dummy"])
    g.play("A", "promise", target="B")
    resolve(hit(g, "C", "A", 2))  # A played his only card: the replacement is cancelled, 0 cards
    assert not g.alive("A")
    assert not [e for e in g.state.effects if e.kind == "promised_sleeve"]


# ---- Последняя записка ----

def test_last_note_delivered_signed_to_each_living_target_on_death():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["last_note"]).player("B").player("C").player("D")
    g.play("A", "last_note", message="это был D", targets=["B", "C"])
    resolve(g)  # A played his only card: the replacement keeps him alive
    assert g.alive("A") and not g.events("card_message")
    assert g.events("last_note_written", to="A")[0].params["n"] == 2
    g.build()
    g.state.player(g.pid("A")).hand = []
    resolve(g)
    assert not g.alive("A")
    got = [(e.who, e.params["text"], e.params["sender"], e.params["via"]) for e in g.events("card_message")]
    assert got == [(g.pid("B"), "это был D", g.pid("A"), "last_note"), (g.pid("C"), "это был D", g.pid("A"),
                                                                      "last_note")]


def test_last_note_text_can_be_changed_at_any_time():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["last_note"]).player("B").player("C")
    resolve(g.play("A", "last_note", message="первый", targets=["B"]))
    api.act(g.state, g.pid("A"), "last_note_edit", {"message": "второй"})
    assert g.events("last_note_edited", to="A")
    g.state.player(g.pid("A")).hand = []
    resolve(g)
    assert [e.params["text"] for e in g.events("card_message", to="B")] == ["второй"]


def test_last_note_edit_refused_without_a_note():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A").player("B")
    g.build()
    with pytest.raises(Refusal):
        api.act(g.state, g.pid("A"), "last_note_edit", {"message": "x"})


def test_last_note_free_option_costs_1_and_is_free():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["last_note", "dummy"], sleeve=["dummy"]).player("B")
    g.build()
    card, _ = find_card(g.state, g.pid("A"), g.uid("A", "last_note"))
    assert card_cost(g.state, g.pid("A"), _spec("last_note"), card, {"free": True}) == 1
    assert card_cost(g.state, g.pid("A"), _spec("last_note"), card, {}) == 0


def _spec(card_id: str):  # type: ignore[no-untyped-def]
    from engine.rulesets.mafik.registry import CATALOG

    return CATALOG[card_id]


# ---- Месть ----

def test_revenge_after_a_night_with_a_death_2_damage_in_the_next_phase():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["revenge", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=1).player("C", hand=["martial_arts", "dummy"]).player("D", hand=5)
    g.play("A", "revenge", pay_sleeve=["dummy"])
    resolve(hit(g, "C", "B", 1))
    assert not g.alive("B")
    assert g.events("revenge_ready", to="A")[0].params["amount"] == 2
    ability(g, "A", "revenge", target=g.pid("D"))
    resolve(g)
    assert g.hand_size("D") == 3


def test_revenge_upper_stance_3_damage():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["revenge", "dummy"], sleeve=["dummy"]) \
        .player("B", hand=1).player("C", hand=["martial_arts", "dummy"]).player("D", hand=5)
    in_stance(g, "A", "upper")
    g.play("A", "revenge", pay_sleeve=["dummy"])
    resolve(hit(g, "C", "B", 1))
    ability(g, "A", "revenge", target=g.pid("D"))
    resolve(g)
    assert g.hand_size("D") == 2


def test_revenge_no_ability_after_a_night_without_death_nor_after_a_day_death():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["revenge", "dummy"], sleeve=["dummy"]).player("B").player("C")
    resolve(g.play("A", "revenge", pay_sleeve=["dummy"]))
    with pytest.raises(Refusal):
        ability(g, "A", "revenge", target=g.pid("B"))
    g.state.player(g.pid("B")).hand = g.state.player(g.pid("B")).hand[:1]
    council(g, "B").resolve()  # the Вече kills B by day
    assert not g.alive("B")
    assert not g.events("revenge_ready", to="A")


def test_revenge_does_not_stack_one_strike_a_night():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["revenge", "revenge", "dummy"], sleeve=["dummy", "dummy"]) \
        .player("B", hand=1).player("C", hand=["martial_arts", "dummy"]).player("D", hand=5)
    g.play("A", "revenge", pay_sleeve=["dummy"])
    resolve(hit(g, "C", "B", 1))
    assert len(g.events("revenge_ready", to="A")) == 1
    ability(g, "A", "revenge", target=g.pid("D"))
    with pytest.raises(Refusal):
        ability(g, "A", "revenge", target=g.pid("C"))


# ---- Герой боевика ----

def four_plays(g: MafikScenario, name: str, count: int = 4) -> None:
    """`count` plays this night: Безумие from the Hand (each lets two more Hand cards be played), one from
    the Sleeve."""
    g.build()
    player = g.p(name)
    hand = [c.uid for c in player.hand if c.card == "madness"]
    sleeve = [c.uid for c in player.sleeve if c.card == "madness"]
    for uid in (hand[:count - 1] + sleeve[:1])[:count]:
        api.submit(g.state, g.pid(name), "play", card=uid, params={})


def test_action_hero_nightly_with_4_plays_3_damage_and_3_armor():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["action_hero"] + ["madness"] * 4 + ["dummy"] * 3, sleeve=["madness"]) \
        .player("B", hand=6).player("C", hand=5).player("D", hand=["martial_arts", "dummy"])
    resolve(g.play("A", "action_hero"))  # granted from the next phase, a night only
    with pytest.raises(Refusal):  # by day: no
        ability(g, "A", "action_hero", target=g.pid("B"), armor_target=g.pid("C"))
    resolve(g)  # day 2
    four_plays(g, "A")
    ability(g, "A", "action_hero", target=g.pid("B"), armor_target=g.pid("C"))
    resolve(hit(g, "D", "C", 3))
    assert g.hand_size("B") == 3
    assert g.hand_size("C") == 5  # the 3 armor took D's 3 damage


def test_action_hero_refused_with_fewer_than_4_plays():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["action_hero"] + ["madness"] * 4 + ["dummy"] * 3, sleeve=["madness"]) \
        .player("B", hand=6)
    resolve(g.play("A", "action_hero"))
    resolve(g)
    four_plays(g, "A", 3)
    refusal = g.refusal("A", "ability", ability="action_hero", target=g.pid("B"), armor_target=g.pid("A"))
    assert refusal.params.get("reason") == "four_plays"


# ---- Игнорирование фактов ----

def test_ignoring_facts_no_damage_this_phase_and_the_next():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["ignoring_facts", "dummy"], sleeve=["dummy"] * 3) \
        .player("B", hand=4).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "ignoring_facts", target="B", pay_sleeve=["dummy"] * 3)
    resolve(hit(g, "C", "B", 3))
    assert g.hand_size("B") == 4
    council(g, "B").resolve()  # day 2: the казнь's 6 damage are ignored too
    assert g.hand_size("B") == 4
    g.state.player(g.pid("C")).hand = [g.state.new_card("martial_arts"), g.state.new_card("dummy")]
    resolve(hit(g, "C", "B", 2))  # night 3: over
    assert g.hand_size("B") == 2


def test_ignoring_facts_armor_ignoring_damage_still_hits():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["ignoring_facts", "dummy"], sleeve=["dummy"] * 3) \
        .player("B", hand=4).player("C", hand=["machine_gun", "dummy"])
    played_before(g, "B", "bunker", "tank")
    g.play("A", "ignoring_facts", target="B", pay_sleeve=["dummy"] * 3)
    resolve(g.play("C", "machine_gun", target="B", accuse=["bunker", "tank"]))
    assert g.hand_size("B") == 2


# ---- Русская рулетка ----

def _dice(monkeypatch: pytest.MonkeyPatch, *faces: int) -> None:
    rolls = iter(f - 1 for f in faces)
    real = Rng.below

    def below(self: Rng, n: int) -> int:
        return next(rolls) if n == 6 else real(self, n)

    monkeypatch.setattr(Rng, "below", below)


def test_russian_roulette_from_the_next_phase_4_to_6_gives_2_armor(monkeypatch: pytest.MonkeyPatch):
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["russian_roulette"] + ["dummy"] * 7).player("B")
    resolve(g.play("A", "russian_roulette"))
    assert not g.events("roulette_armor") and not g.events("roulette_damage")
    _dice(monkeypatch, 5)
    council(g, "A").resolve()  # the казнь's 6 damage, 2 absorbed
    assert g.events("roulette_armor", to="A")[0].params == {"card": "russian_roulette", "roll": 5, "armor": 2}
    assert g.hand_size("A") == 8 - 4


def test_russian_roulette_1_to_3_deals_1_damage(monkeypatch: pytest.MonkeyPatch):
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["russian_roulette", "dummy", "dummy"]).player("B")
    resolve(g.play("A", "russian_roulette"))
    _dice(monkeypatch, 2)
    resolve(g)
    assert g.events("roulette_damage", to="A")[0].params["damage"] == 1
    assert g.hand_size("A") == 2


def test_russian_roulette_lower_stance_two_dice_the_better_counts(monkeypatch: pytest.MonkeyPatch):
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["russian_roulette", "dummy", "dummy"]).player("B")
    in_stance(g, "A", "lower")
    resolve(g.play("A", "russian_roulette"))
    _dice(monkeypatch, 2, 6)
    resolve(g)
    assert g.events("roulette_armor", to="A")[0].params["roll"] == 6
    assert g.hand_size("A") == 3


def _roulette_with_the_masters_dice(monkeypatch: pytest.MonkeyPatch) -> tuple[MafikScenario, str]:
    """A plays Русская рулетка at night 2 in a game where the master rolls (/set master_dice on); the bot's
    own roll (5) is asked as day 2 begins."""
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["russian_roulette", "dummy", "dummy"]).player("B")
    g.build()
    g.state.settings["master_dice"] = True
    _dice(monkeypatch, *[5] * 20)
    resolve(g.play("A", "russian_roulette"))
    [question] = [q for q in g.state.questions.values() if q.kind == "roulette_roll"]
    assert (question.to, question.options, question.default) == ("master", ["armor", "damage"], "armor")
    assert (question.params["pid"], question.params["roll"], question.params["dice"]) == (g.pid("A"), 5, 1)
    return g, question.key


def test_russian_roulette_the_masters_roll_decides_when_he_rolls(monkeypatch: pytest.MonkeyPatch):
    """«в зависимости от броска кубика мастером»: the master's answer counts, not the bot's roll."""
    g, key = _roulette_with_the_masters_dice(monkeypatch)
    api.rule(g.state, key, "damage")
    resolve(g)  # day 2
    assert g.events("roulette_damage", to="A") and not g.events("roulette_armor")
    assert g.hand_size("A") == 2  # 3 cards, 1 damage


def test_russian_roulette_unanswered_the_bots_roll_is_the_default(monkeypatch: pytest.MonkeyPatch):
    g, _ = _roulette_with_the_masters_dice(monkeypatch)
    resolve(g)  # day 2: nobody answered
    assert g.events("roulette_armor", to="A")[0].params["roll"] == 5
    assert g.events("master_default")
    assert g.hand_size("A") == 3


# ---- Черная метка ----

def test_black_spot_3_damage_next_night_and_the_target_learns():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["black_spot", "dummy"]).player("B", hand=6)
    resolve(g.play("A", "black_spot", target="B"))
    assert g.events("black_spot_marked", to="B")
    assert g.hand_size("B") == 6
    resolve(g)  # day 2
    assert g.hand_size("B") == 6
    resolve(g)  # night 3
    assert g.hand_size("B") == 3


def test_black_spot_accusation_one_more_per_named_card():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["black_spot", "dummy"]).player("B", hand=6)
    played_before(g, "B", "bunker", "tank")
    resolve(g.play("A", "black_spot", target="B", accuse=["bunker", "tank"]))
    resolve(g)
    resolve(g)
    assert g.hand_size("B") == 1


def test_black_spot_lower_stance_the_target_does_not_learn():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30).player("A", hand=["black_spot", "dummy"]).player("B", hand=6)
    in_stance(g, "A", "lower")
    resolve(g.play("A", "black_spot", target="B"))
    assert not g.events("black_spot_marked", to="B")


def test_ignoring_facts_a_player_may_choose_himself():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["ignoring_facts", "dummy"], sleeve=["dummy"] * 3).player("C", hand=["martial_arts", "dummy"])
    g.play("A", "ignoring_facts", target="A", pay_sleeve=["dummy"] * 3)
    resolve(hit(g, "C", "A", 3))
    assert g.hand_size("A") == 2


def test_last_note_free_option_allows_a_second_hand_card():
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["last_note", "russian_roulette", "dummy"], sleeve=["dummy"]).player("B")
    g.play("A", "last_note", message="x", targets=["B"], free=True, pay_sleeve=["dummy"])
    g.play("A", "russian_roulette")
    h = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["last_note", "russian_roulette", "dummy"]).player("B")
    h.play("A", "last_note", message="x", targets=["B"])
    assert h.refusal("A", "play", card="russian_roulette").code == "limit_reached"


def test_forced_deaths_name_their_cause():
    """A death whatever the Hand holds is no death of 0 cards: its event says why."""
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["heroic_self_sacrifice"] + ["dummy"] * 8).player("B", secret="sheriff", hand=5)
    resolve(g.play("A", "heroic_self_sacrifice", target="B", role="sheriff"))
    assert [e.params["cause"] for e in g.public("death")] == ["sacrifice"]
    h = MafikScenario.day(1).player("M", secret="killer", hand=30) \
        .player("A", hand=["last_strength", "dummy"]).player("B")
    h.play("A", "last_strength")
    council(h, "A").resolve()
    resolve(h)
    assert [e.params["cause"] for e in h.public("death")] == ["mortal_wound"]


def test_ignoring_facts_bleeding_keeps_acting():
    """«такие эффекты как кровотечение, продолжают действовать»: no replacement for a card played."""
    g = MafikScenario.night(2).player("M", secret="killer", hand=30) \
        .player("A", hand=["ignoring_facts", "dummy"], sleeve=["dummy"] * 3) \
        .player("B", hand=["russian_roulette", "dummy", "dummy", "dummy"]).player("C", hand=["bleeding", "dummy"])
    g.play("A", "ignoring_facts", target="B", pay_sleeve=["dummy"] * 3)
    resolve(g.play("C", "bleeding", target="B"))  # bleeding from day 2; the facts ignored night 2 and day 2
    resolve(g.play("B", "dummy"))
    assert g.hand_size("B") == 3
