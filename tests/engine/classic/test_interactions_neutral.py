"""Where the neutrals meet the order of resolution (4.1) and the core's roles: numbered cases ic-neutral-N."""

from __future__ import annotations

from engine.rulesets.classic.model import new_item
from tests.engine.classic.conftest import GREEN_1, RED_1, RED_BOSS, SHERIFF
from tests.engine.classic.neutral_helpers import X, Y, at, tally, vote


def test_ic_neutral_1_the_deputys_block_comes_before_the_sheriffs_shot() -> None:
    """Депутат (поздний вечер) — Шериф (ночь): the Sheriff's shot fails."""
    g = at("deputy")
    g.to_night().order(X, "deputy_block", target=SHERIFF).order(SHERIFF, "sheriff_shot", target=RED_1).resolve()
    assert g.alive(RED_1)
    assert g.result(SHERIFF) == "interfered"


def test_ic_neutral_2_the_deputys_block_stops_the_maniacs_torture() -> None:
    """Депутат (поздний вечер) — Маньяк (пытка, ночь)."""
    g = at("deputy", extra=2)
    g.state.player(Y).secret_role = "maniac"
    g.state.player(Y).faction = "maniac"
    g.to_night().order(X, "deputy_block", target=Y).order(Y, "maniac_torture", target=X,
                                                          learn="torture_visits").resolve()
    assert g.result(Y) == "interfered"
    assert not g.state.effects_of("voiceless", target=X)


def test_ic_neutral_3_the_thief_steals_the_vest_before_the_clans_shot() -> None:
    """Воришка (поздний вечер) — Босс мафии (ночь): the vest is gone when the shot comes."""
    g = at("thief")
    new_item(g.state, Y, "vest")
    g.to_night().order(X, "thief_steal", target=Y, pistol="pistol_sell").order(
        RED_BOSS, "boss_kill", target=Y).resolve()
    assert not g.alive(Y)


def test_ic_neutral_4_the_bar_shelters_from_the_maniac() -> None:
    """Бар (поздний вечер): «не может быть подвергнут никаким внешним воздействиям»."""
    g = at("maniac", arises=True)
    g.to_night().order(Y, "bar").order(X, "maniac_kill", target=Y).resolve()
    assert g.alive(Y)
    assert g.result(X) == "interfered"


def test_ic_neutral_5_the_torture_and_the_clans_shot_in_one_night() -> None:
    """Маньяк (пытка) before the Босс: the victim is tortured, then shot."""
    g = at("maniac", arises=True)
    g.to_night().order(X, "maniac_torture", target=Y, learn="torture_visits").order(
        RED_BOSS, "boss_kill", target=Y).resolve()
    assert not g.alive(Y)
    assert g.result(X) == "ok"


def test_ic_neutral_6_the_wrecked_shop_sells_nothing_in_the_early_morning() -> None:
    """Вышибала (разгром, поздний вечер) — магазин (раннее утро)."""
    g = at("bouncer", arises=True)
    g.to_night().order(X, "bouncer_wreck").order(Y, "buy", item="buy_icon").resolve()
    assert g.result(Y) == "shop_closed"


def test_ic_neutral_7_the_thugs_shot_into_a_vest() -> None:
    """Отморозок: a shot — the vest absorbs it («Выстрел в броник — удачно»)."""
    g = at("thug", arises=True)
    g.to_night().order(X, "thug_shot", target=SHERIFF, thief="thief_kill").resolve()
    assert g.alive(SHERIFF)
    assert g.result(X) == "ok"


def test_ic_neutral_8_the_freed_sheriff_shoots_the_same_night() -> None:
    """Адвокат: the sinless Sheriff jailed by day is out as the night begins and makes his move."""
    g = at("lawyer", extra=3)
    vote(g, {RED_BOSS: SHERIFF, RED_1: SHERIFF, Y: SHERIFF})
    g.order(SHERIFF, "sheriff_shot", target=GREEN_1).resolve()
    assert not g.alive(GREEN_1)


def test_ic_neutral_9_the_church_shelters_the_deputy() -> None:
    """Депутат в церкви: the Sheriff's shot fails."""
    g = at("deputy")
    g.state.player(Y).secret_role = "priest"
    g.to_night().order(X, "deputy_church").order(SHERIFF, "sheriff_shot", target=X).resolve()
    assert g.alive(X)
    assert g.result(SHERIFF) == "interfered"


def test_ic_neutral_10_the_copied_vote_and_the_gag_on_the_copier() -> None:
    """Аферист's copy with the Депутат's gag on the copied: the copied ballot is gone, nothing is added."""
    g = at("swindler", extra=2)
    g.state.player(Y + 1).secret_role = "deputy"
    g.state.player(Y + 1).faction = "neutral"
    g.to_night().order(X, "swindler_copy", target=Y).order(Y + 1, "deputy_gag", target=Y).resolve()
    vote(g, {X: RED_1, Y: RED_1})
    assert tally(g)[RED_1] == 1


def test_ic_neutral_11_the_sheriff_shoots_the_psycho_before_his_blast() -> None:
    """Шериф (ночь) before the Псих (end of the night): the Псих is dying, his blast fails; at the night's deaths
    the Sheriff explodes with him."""
    g = at("psycho", arises=True)
    g.to_night().order(X, "psycho_blow", target=Y).order(SHERIFF, "sheriff_shot", target=X).resolve()
    assert g.alive(Y)
    assert not g.alive(X)
    assert not g.alive(SHERIFF)
