"""Numbered interaction cases of the items with the order of resolution (4.1) and the core's roles
(ic-items-1…): each asserts what the text and the decisions of docs/rulesets/classic.md («## items») say."""

from __future__ import annotations

from engine.rulesets.classic.items.poison import poisoned
from engine.rulesets.classic.model import cit, new_item, take_item
from tests.engine.classic.conftest import CITIZEN, GREEN_1, GREEN_2, GREEN_BOSS, RED_1, RED_2, RED_BOSS, SHERIFF, Game


def bare(g: Game, *pids: int) -> Game:
    """The characters' start items taken away (the citizens' random gifts)."""
    for pid in pids:
        for item in list(cit(g.state, pid).items):
            take_item(g.state, pid, item.uid)
    return g


def test_ic_items_1_siren_before_the_vest() -> None:
    """A shot into a holder of a siren and a vest: the siren scares the shooter («неудачно»), the vest is kept."""
    g = bare(Game(), CITIZEN)
    new_item(g.state, CITIZEN, "siren")
    new_item(g.state, CITIZEN, "vest")
    g.to_night().order(RED_BOSS, "boss_kill", target=CITIZEN).resolve()
    assert g.result(RED_BOSS) == "interfered"
    assert g.items(CITIZEN) == ["vest"]


def test_ic_items_2_reflected_into_a_vest() -> None:
    """The reflected shot goes through the runner-up's own protections: his vest absorbs it."""
    g = bare(Game(), CITIZEN)
    new_item(g.state, CITIZEN, "reflector")
    for voter in (RED_BOSS, RED_1, GREEN_1):
        g.order(voter, "vote", target=RED_2)
    g.order(CITIZEN, "vote", target=SHERIFF).order(GREEN_2, "vote", target=SHERIFF).resolve()
    g.order(GREEN_BOSS, "boss_kill", target=CITIZEN).resolve()
    assert g.alive(CITIZEN) and g.alive(SHERIFF)
    assert "vest" not in g.items(SHERIFF)
    assert g.result(GREEN_BOSS) == "ok"


def test_ic_items_3_the_sleeping_pill_comes_before_the_night() -> None:
    """The sleeping pill (late evening) blocks the Шериф's shot (night)."""
    g = bare(Game(), CITIZEN)
    new_item(g.state, CITIZEN, "sleeping_pill")
    g.to_night().order(CITIZEN, "use_sleeping_pill", target=SHERIFF).order(SHERIFF, "sheriff_shot", target=RED_1)
    g.resolve()
    assert g.alive(RED_1) and g.result(SHERIFF) == "interfered"


def test_ic_items_4_trap_then_siren_in_one_moment() -> None:
    """Two bosses at the same step at a holder of a trap and a siren: the first is caught, the second scared."""
    g = bare(Game(), CITIZEN)
    new_item(g.state, CITIZEN, "trap")
    new_item(g.state, CITIZEN, "siren")
    g.to_night().order(RED_BOSS, "boss_kill", target=CITIZEN).order(GREEN_BOSS, "boss_kill", target=CITIZEN)
    g.resolve()
    assert g.alive(CITIZEN)
    assert g.events("trapped", RED_BOSS) and not g.events("trapped", GREEN_BOSS)
    assert g.result(GREEN_BOSS) == "interfered"
    assert g.items(CITIZEN) == []


def test_ic_items_5_poison_into_the_bar_fails_and_is_kept() -> None:
    """The bar's guest is untouchable (1.9): the poisoner fails, his poison is not spent."""
    g = bare(Game(), CITIZEN)
    new_item(g.state, RED_1, "poison_viper")
    g.to_night().order(CITIZEN, "bar").order(RED_1, "poison", target=CITIZEN, poison="poison_viper").resolve()
    assert g.result(RED_1) == "interfered"
    assert not poisoned(g.state, CITIZEN) and "poison_viper" in g.items(RED_1)


def test_ic_items_6_poison_time_after_the_kiosk() -> None:
    """The poison's time is up after the kiosk (the early morning): an antidote bought that night saves; the
    death is in the morning's header."""
    g = bare(Game(), CITIZEN)
    new_item(g.state, RED_1, "poison_viper")
    new_item(g.state, RED_2, "poison_scorpion")
    g.to_night().order(RED_1, "poison", target=CITIZEN, poison="poison_viper")
    g.order(RED_2, "poison", target=SHERIFF, poison="poison_scorpion").resolve()
    g.resolve()
    g.order(CITIZEN, "buy", item="buy_antidote_viper").resolve()
    assert g.alive(CITIZEN) and not g.alive(SHERIFF)
    assert SHERIFF in (g.public("morning")[-1]["dead"] or [])


def test_ic_items_7_a_shot_and_the_enema_later_in_the_night() -> None:
    """Shot early in the night, the enema's taker is healed at the night's end (4.3: «пулю вытащил … позже»)."""
    g = bare(Game(), CITIZEN)
    new_item(g.state, CITIZEN, "enema")
    g.to_night().order(CITIZEN, "use_enema").order(RED_BOSS, "boss_kill", target=CITIZEN).resolve()
    assert g.alive(CITIZEN) and g.result(RED_BOSS) == "ok"


def test_ic_items_8_the_will_hangs_in_the_mornings_header() -> None:
    g = bare(Game(), CITIZEN)
    new_item(g.state, CITIZEN, "will")
    g.order(CITIZEN, "write_will", target=GREEN_1).resolve()
    g.order(RED_BOSS, "boss_kill", target=CITIZEN).resolve()
    assert set(g.public("morning")[-1]["dead"]) == {CITIZEN, GREEN_1}


def test_ic_items_9_the_business_trip_and_the_sheriff() -> None:
    """A boss sent away by day: his clan's shot this night fails, the Шериф's shot at him fails too."""
    g = bare(Game(), CITIZEN)
    new_item(g.state, CITIZEN, "business_trip")
    g.order(CITIZEN, "use_business_trip", target=RED_BOSS).resolve()
    g.order(RED_BOSS, "boss_kill", target=CITIZEN).order(SHERIFF, "sheriff_shot", target=RED_BOSS).resolve()
    assert g.alive(CITIZEN) and g.alive(RED_BOSS) and "vest" in g.items(RED_BOSS)
    assert g.result(RED_BOSS) == "interfered" and g.result(SHERIFF) == "interfered"


def _urgent(g: Game, pid: int, kind: str) -> Game:
    """He has the coins for an urgent delivery and orders it by day."""
    from engine.core.extensions import edit
    from engine.rulesets.classic.model import Citizen

    with edit(Citizen, g.state.player(pid)) as me:
        me.coins = 20
    return g.order(pid, "urgent_order", item=f"urgent_{kind}").resolve()


def test_ic_items_10_the_decree_blocks_the_shopkeeper_after_his_delivery() -> None:
    """The Депутат's step comes after the Хозяин магазина's: a decree blocking him this night is too late for the
    urgent delivery (brought at his step)."""
    g = bare(Game(["shopkeeper", "citizen"]), CITIZEN, 8, 9)  # the shopkeeper's siren would scare the decree
    new_item(g.state, 9, "decree")
    _urgent(g, CITIZEN, "vest").order(9, "use_decree", target=8, act="decree_block").resolve()
    assert g.result(9) == "ok"
    assert g.events("urgent_delivered", CITIZEN)


def test_ic_items_11_the_spirit_stops_the_delivery() -> None:
    """The Дух's step is the first of the evening: the shopkeeper he locks delivers nothing («неудачно»), and the
    customer pays nothing."""
    g = bare(Game(["shopkeeper", "spirit"]), CITIZEN)
    _urgent(g, CITIZEN, "vest").order(9, "spirit_lock", target=8, access="lock_sealed").resolve()
    assert g.events("urgent_not_delivered", CITIZEN)[0].params["why"] == "interfered"
    assert g.coins(CITIZEN) == 20


def test_ic_items_12_a_sleeping_pill_keeps_the_harlots_clonidine() -> None:
    """The sleeping pill is given at the start of the evening, before the Шмара: her seduction fails, so her
    clonidine is not spent."""
    g = bare(Game(["harlot"]), CITIZEN, 8)
    new_item(g.state, 8, "clonidine")
    new_item(g.state, CITIZEN, "sleeping_pill")
    g.to_night().order(CITIZEN, "use_sleeping_pill", target=8)
    g.order(8, "harlot_seduce", target=RED_1).order(8, "use_clonidine").resolve()
    assert "clonidine" in g.items(8)
    assert not [q for q in g.state.questions.values() if q.kind == "clonidine"]
