"""The town's information and trade roles: Журналист (5.1.3) and Тёмный журналист (6.6), Палач (5.1.11),
Хозяин магазина (5.1.15), Телепат (5.1.16). Decisions: docs/rulesets/classic.md, section «town».

What the night's hostile acts were is seen through one layer (`witness`, order.LAYER_WITNESS): every hostile
act that got to its target (a shot into a vest too: «сам выстрел — удачно») is kept for the night in
`res.scratch["harms"]` — the Палач sees «стрелял», the Журналист «стреляла / в нее стреляли».

Also Ван Хельсинг (5.1.12: the silver bullet's wound, order.LAYER_SILVER) and the Спортсмен (5.1.10, «не роль»:
a trait the deal does not give yet — its rule works for a character who has it). The shopkeeper's urgent
delivery: items/delivery.py.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core import visits
from engine.core.durations import NEXT_DAY, NEXT_NIGHT, THIS_PHASE
from engine.core.extensions import edit, read
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import GameState, JsonValue
from engine.core.wording import Each, EventFormat, Line, Value
from engine.rulesets.classic import economy
from engine.rulesets.classic import order as o
from engine.rulesets.classic.model import (
    BLOCKED,
    DYING,
    IN_BAR,
    ITEMS,
    Citizen,
    Town,
    become,
    cit,
    down,
    in_play,
    in_prison,
    take_item,
)
from engine.rulesets.classic.moves import MOVES, Move, block, harm
from engine.rulesets.classic.roles import family
from engine.rulesets.classic.roles.citizen import STAKE_KINDS, stake

MOVES.role("journalist", "executioner", "shopkeeper", "telepath", "van_helsing")

# ---------------------------------------------------------------- what the night's hostile acts were

SHOT_CAUSES = ["shot", "silver"]  # «стрелял»: a shot (modules add their shots' causes)
BITE_CAUSES = ["bite"]  # «кусалась» (the undead's module names its bites so)
# Moves that follow or search someone («все поисковики»); modules append theirs.
FOLLOWS = ["journalist_follow", "dark_journalist_follow", "sheriff_search", "execution"]
CONFESSIONS: list[str] = []  # the priest's confession («Его цель исповедана (священник не вскрывается)»)
# «Не действует на стрелков, совершающих выстрел после проверки (копы, Босс мафии, Ван Хельсинг)»: a shot
# made by a search that found (modules append their searches).
CHECKED_SHOTS = ["sheriff_search"]
UNCLEAN = ("unclean",)  # «Не рубит голову Нечисти»


@MOVES.layer("witness", o.LAYER_WITNESS)
def witness(res: Resolution, packet: DamagePacket) -> None:
    """No protection: the hostile act is kept (who, on whom, how, at which step) for those who watch."""
    harms: list[dict[str, Any]] = res.scratch.setdefault("harms", [])
    harms.append({"source": packet.source, "target": packet.target, "cause": packet.cause,
                  "moment": res.scratch.get("moment")})


def harms_of(res: Resolution) -> list[dict[str, Any]]:
    return list(res.scratch.get("harms", []))


def orders_of(res: Resolution, pid: int) -> list[Any]:
    return list(res.scratch.get("orders", {}).get(pid, []))


# ---------------------------------------------------------------- Журналист

FACT_KINDS = ("shot", "followed", "confessed", "frozen", "shopping", "bar", "home", "bite", "visited")
NOTES = "journalist_notes"  # the facts of his last night, for the next day's newspaper
SAW_MURDER = "journalist_saw_murder"  # player flag: he saw a murder (6.6: then he may be recruited)


def saw_murder(state: GameState, pid: int) -> bool:
    """6.6 «после того как журналист увидел убийство, он может быть завербован» (read by the recruitment)."""
    return bool(state.player(pid).flags.get(SAW_MURDER))


def _fact(kind: str, actor: int, target: int) -> dict[str, JsonValue]:
    return {"kind": kind, "actor": actor, "target": target}


def _last_of(res: Resolution, actor: int, about: int) -> dict[str, JsonValue] | None:
    """The last thing `actor` did that concerns `about` (as the actor or his target), or None."""
    state = res.state
    done: list[tuple[int, dict[str, JsonValue]]] = []  # (sequence, fact)
    for i, h in enumerate(harms_of(res)):
        if h["source"] == actor and (actor == about or h["target"] == about):
            kind = "shot" if h["cause"] in SHOT_CAUSES else "bite" if h["cause"] in BITE_CAUSES else "visited"
            done.append((2 * i + 1, _fact(kind, actor, int(h["target"]))))
    last_visit = None
    for v in visits.of_phase(state):
        if v.actor == actor and (actor == about or about in v.targets) and v.actor not in v.targets:
            last_visit = v
    if last_visit is not None:
        via = last_visit.via.removeprefix("ability:")
        kind = "followed" if via in FOLLOWS else "confessed" if via in CONFESSIONS else "visited"
        target = about if about in last_visit.targets else last_visit.targets[-1]
        fact = _fact(kind, actor, target)
        if kind == "confessed":
            fact = _fact(kind, target, target)  # «священник не вскрывается»
        # a harm outweighs the visit it came with («видит только выстрел, слежку не видит»)
        if not done:
            return fact
    if done:
        return done[-1][1]
    return None


def journalist_facts(res: Resolution, journalist: int, target: int) -> list[dict[str, JsonValue]]:
    """What the journalist learns of his target this night: the target's own last action, and each other
    character's last action on him (4.3 «Журналисту сообщается только последнее совершенное персонажем
    действие»)."""
    state = res.state
    facts: list[dict[str, JsonValue]] = []
    own = [order.kind for order in orders_of(res, target)]
    if state.effects_of(BLOCKED, target=target) and any(k not in ("home", "bar") for k in own):
        facts.append(_fact("frozen", target, target))
    elif "bar" in own:
        facts.append(_fact("bar", target, target))
    elif "buy" in own:
        facts.append(_fact("shopping", target, target))
    else:
        mine = _last_of(res, target, target)
        if mine is not None:
            facts.append(mine)
        elif not own or "home" in own:
            facts.append(_fact("home", target, target))
    others: list[int] = [v for v in visits.visitors_of(state, target) if v not in (target, journalist)]
    for pid, orders in sorted(res.scratch.get("orders", {}).items()):
        if pid in (target, journalist) or pid in others:
            continue
        if any(order.params.get("target") == target for order in orders):
            others.append(pid)  # blocked on his way: «посещал»
    for pid in others:
        fact = _last_of(res, pid, target)
        facts.append(fact if fact is not None else _fact("visited", pid, target))
    return facts


def follow(move: Move) -> None:
    """Follows his target through the night (following is no influence: a target in the bar is seen going to
    the bar; one killed tonight — dead by the journalist's early-morning step — was followed all night)."""
    state, res, target = move.state, move.res, move.target
    died_tonight = read(Town, state).died.get(str(target)) == state.phase
    in_bar = state.player(target).alive and state.effects_of(IN_BAR, target=target)
    if (died_tonight or in_bar) and not in_prison(state, target):
        visits.record(state, move.actor, [target], f"ability:{move.ability.id}")
    elif not move.reach(target):
        return
    facts = journalist_facts(res, move.actor, target)
    murder = any(h["source"] is not None and down(state, int(h["target"])) and (h["source"] == target or h["target"] == target)
                 for h in harms_of(res))
    if murder:
        state.player(move.actor).flags[SAW_MURDER] = 1
    state.effects = [e for e in state.effects if not (e.kind == NOTES and e.target == move.actor)]
    state.add_effect(NOTES, target=move.actor, during=NEXT_DAY, facts=list(facts), about=target)
    if facts:
        state.emit("journalist_facts", "player", move.actor, target=target, facts=list(facts))
    else:
        state.emit("journalist_nothing", "player", move.actor, target=target)
    move.done()


MOVES.move("journalist_follow", step=o.STEP_JOURNALIST)(follow)
MOVES.move("dark_journalist_follow", step=o.STEP_JOURNALIST)(follow)


@MOVES.rule("journalist_notes")
def _has_notes(state: GameState, pid: int, what: str) -> None:
    """«может написать статью, только о той ночи, которая предшествовала дню выпуска газеты»; one a day."""
    if not state.effects_of(NOTES, target=pid):
        raise Refusal("not_allowed", what=what, reason="no_notes")


def newspaper(move: Move) -> None:
    """The day's newspaper: the facts of last night, to everyone; +2 coins for the article (3.1)."""
    state = move.state
    notes = state.effects_of(NOTES, target=move.actor)
    if not notes:
        move.fail()
        return
    facts = notes[0].params.get("facts") or []
    state.effects = [e for e in state.effects if not (e.kind == NOTES and e.target == move.actor)]
    if facts:
        state.emit("newspaper", "public", None, facts=facts)
    else:
        state.emit("newspaper_empty", "public", None)
    economy.bonus(state, move.actor, "article")
    move.done()


MOVES.move("newspaper", step=o.STEP_DAY_MOVES, paid=False, free=True)(newspaper)
MOVES.move("dark_journalist_newspaper", step=o.STEP_DAY_MOVES, paid=False, free=True)(newspaper)

FACT = Line("town_fact.{kind}", when={"kind": FACT_KINDS}, params={"actor": Value("player"), "target": Value("player")})

# ---------------------------------------------------------------- Палач

KEPT_FROM_SHOP = "kept_from_shop"  # «Не дает персонажу ходить ночью в магазин/центр занятости»


@MOVES.move("execution", step=o.STEP_EXECUTIONER)
def execution(move: Move) -> None:
    """Watches his target (who shot this night before the axe is seen), keeps him from the shop, and
    executes a shooter — through the others' protection only (the vest does not stop the axe), not one
    who shot after a check, not the unclean («неудачно»). +2 coins an execution (3.1)."""
    state, res, target = move.state, move.res, move.target
    if not move.reach(target):
        return
    state.add_effect(KEPT_FROM_SHOP, target=target, source=move.actor, during=THIS_PHASE)
    shots = [h for h in harms_of(res) if h["source"] == target and h["cause"] in SHOT_CAUSES]
    if shots:
        state.emit("executioner_saw_shot", "player", move.actor, target=target)
    else:
        state.emit("executioner_saw_quiet", "player", move.actor, target=target)
    if not shots:
        move.done()
        return
    if state.player(target).faction in UNCLEAN:
        move.fail()
        return
    if all(order.kind in CHECKED_SHOTS for order in orders_of(res, target)):
        move.done()  # «Не действует на стрелков, совершающих выстрел после проверки», «выстрел видит»
        return
    harm(res, move.actor, target, cause="execution")
    if down(state, target):
        economy.bonus(state, move.actor, "execution")
    move.done()


@MOVES.queries.modifier("may_buy", layer=30)
def _kept_from_shop(state: GameState, allowed: bool, *, buyer: int, kind: str) -> bool:
    if state.effects_of(KEPT_FROM_SHOP, target=buyer):
        raise Refusal("not_allowed", what="buy", reason="interfered")
    return allowed


# ---------------------------------------------------------------- Хозяин магазина

MARKUP = 1  # «Ночью продает вещи из магазина по завышенной цене, +1 монета к цене магазина (оставляет себе)»
STOCKTAKING = "shop_stocktaking"  # «закрыть магазин на учет (магазин не будет доступен на одну ночь)»
SELF_BOUGHT = "shopkeeper_bought"  # flag: «Один раз за игру может купить для себя»
FAKE_USED, CHEAT_USED = "shop_fake_used", "shop_cheat_used"


def shopkeepers(state: GameState) -> list[int]:
    return [p.pid for p in state.players if p.secret_role == "shopkeeper" and in_play(state, p.pid)]


@MOVES.queries.modifier("price", layer=10)
def _markup(state: GameState, price: int, *, buyer: int, kind: str) -> int:
    keepers = shopkeepers(state)
    return price + MARKUP if keepers and buyer not in keepers else price


@MOVES.queries.modifier("shop_open", layer=10)
def _stocktaking(state: GameState, is_open: bool) -> bool:
    return is_open and not state.effects_of(STOCKTAKING)


@MOVES.queries.modifier("may_buy", layer=31)
def _for_himself(state: GameState, allowed: bool, *, buyer: int, kind: str) -> bool:
    """The shopkeeper buys once a game, «но в приоритете покупатель»: not the last of a limited kind when a
    buyer after him in the seat order asks for it tonight."""
    if not allowed or state.player(buyer).secret_role != "shopkeeper":
        return allowed
    if state.player(buyer).flags.get(SELF_BOUGHT):
        return False
    left = economy.stock_of(state, kind)
    if left is None:
        return True
    waiting = sum(1 for pid, orders in state.orders.items() if pid > buyer and in_play(state, pid)
                  and any(order.kind == "buy" and str(order.params.get("item")).removeprefix("buy_") == kind
                          for order in orders))
    return left > waiting


MOVES.on_death.append(lambda state, pid, cause: _shop_closes(state) if state.player(pid).secret_role == "shopkeeper"
                      else None)


def _shop_closes(state: GameState) -> None:
    """«После его смерти магазин выбывает из игры.»"""
    with edit(Town, state) as town:
        town.shop_open = False
    state.emit("shop_closed_for_good", "public", None)


@MOVES.move("shop_stocktaking", step=o.STEP_SHOPKEEPER)
def stocktaking(move: Move) -> None:
    move.state.add_effect(STOCKTAKING, source=move.actor, during=THIS_PHASE)
    move.done()


def _sales(state: GameState) -> list[dict[str, Any]]:
    """Tonight's sales so far: (buyer, item) in the order made («При срочной доставке не может отдавать
    подделку»: not the urgent deliveries)."""
    return [{"pid": int(str(e.params["pid"])), "item": str(e.params["item"])}
            for e in state.events if e.phase == state.phase and e.kind == "item_sold" and not e.params.get("urgent")]


def _new_item_uid(state: GameState, pid: int, kind: str) -> int | None:
    found = [i for i in cit(state, pid).items if i.kind == kind and i.bought_phase == state.phase]
    return found[-1].uid if found else None


@MOVES.rule("shop_fake_unused")
def _fake_unused(state: GameState, pid: int, what: str) -> None:
    if state.player(pid).flags.get(FAKE_USED):
        raise Refusal("limit_reached", what=what, reason="once_a_game")


@MOVES.rule("shop_cheat_unused")
def _cheat_unused(state: GameState, pid: int, what: str) -> None:
    if state.player(pid).flags.get(CHEAT_USED):
        raise Refusal("limit_reached", what=what, reason="once_a_game")


def _victim(move: Move) -> dict[str, Any] | None:
    """One of tonight's buyers (not himself), by lot; None when nobody bought."""
    done = move.res.scratch.setdefault("shop_tricked", [])
    sales = [s for i, s in enumerate(_sales(move.state)) if s["pid"] != move.actor and i not in done]
    if not sales:
        return None
    sale = move.state.random.choice(sales)
    done.append(_sales(move.state).index(sale))
    return sale


def _sold_item(move: Move) -> tuple[dict[str, Any], int] | None:
    """The night's sale the shopkeeper's trick falls on, and the item's uid with its buyer; None (the move
    failed: «no_buyer») when nobody bought tonight."""
    sale = _victim(move)
    uid = _new_item_uid(move.state, sale["pid"], sale["item"]) if sale else None
    if sale is None or uid is None:
        move.fail("no_buyer")
        return None
    return sale, uid


@MOVES.move("shop_fake", step=o.STEP_SHOP)
def shop_fake(move: Move) -> None:
    """«отдать заказчику подделку(испорченный оригинал), такая вещь не выполнит свою функцию когда придет время»
    (model.Item.fake)."""
    state = move.state
    found = _sold_item(move)
    if found is None:
        return
    sale, uid = found
    with edit(Citizen, state.player(sale["pid"])) as them:
        for item in them.items:
            if item.uid == uid:
                item.fake = True
    state.player(move.actor).flags[FAKE_USED] = 1
    state.emit("shop_faked", "player", move.actor, item=sale["item"])
    move.done()


@MOVES.move("shop_cheat", step=o.STEP_SHOP)
def shop_cheat(move: Move) -> None:
    """«кинуть ночного покупателя, монеты спишутся у покупателя и 50% останется Хозяину магазина с
    округлением вниз»: the buyer is left without the item; the shopkeeper keeps half the price (not his +1)."""
    state = move.state
    found = _sold_item(move)
    if found is None:
        return
    sale, uid = found
    take_item(state, sale["pid"], uid)
    left = economy.stock_of(state, sale["item"])
    if left is not None:
        with edit(Town, state) as town:
            town.stock = {**town.stock, sale["item"]: left + 1}
    paid = economy.price(state, sale["pid"], sale["item"])
    economy.earn(state, move.actor, paid // 2 - MARKUP, "order")  # his +1 of the sale is in already
    state.emit("shop_cheated", "player", sale["pid"], item=sale["item"])
    state.player(move.actor).flags[CHEAT_USED] = 1
    move.done()


_SELL = MOVES.moves["buy"]


def _buy_and_markup(move: Move) -> None:
    """The purchase (roles/everyone.py), then the shopkeeper's +1 of it («оставляет себе»); his own purchase
    spends his once a game."""
    state = move.state
    before = len(_sales(state))
    _SELL.behaviour(move)
    if len(_sales(state)) == before:
        return
    keepers = shopkeepers(state)
    if move.actor in keepers or state.player(move.actor).secret_role == "shopkeeper":
        state.player(move.actor).flags[SELF_BOUGHT] = 1
    elif keepers:
        economy.earn(state, keepers[0], MARKUP, "order")


# the shop's step is the purchase and, in the same breath, the shopkeeper's takings (no step of its own in 4.1)
MOVES.moves["buy"] = replace(_SELL, behaviour=_buy_and_markup)


# ---------------------------------------------------------------- Телепат

TELEPATH_DAY, TELEPATH_TARGET = "telepath_day", "telepath_target"


def _telepathy_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    target, vote_for = params.get("target"), params.get("vote_for")
    if target == vote_for:
        raise Refusal("invalid_target", target=target, reason="vote_self")
    flags = state.player(pid).flags
    if flags.get(TELEPATH_TARGET) == target and flags.get(TELEPATH_DAY) == state.day_number - 1:
        raise Refusal("invalid_target", target=target, reason="two_days_running")


@MOVES.move("telepathy", step=o.STEP_DAY_MOVES, check=_telepathy_check)
def telepathy(move: Move) -> None:
    """His target's vote, cast today, now goes to the one he names («Чей голос был изменен никто не узнает»).
    Not the same character two days running."""
    state, res, target = move.state, move.res, move.target
    vote_for = int(str(move.params["vote_for"]))
    flags = state.player(move.actor).flags
    flags[TELEPATH_DAY], flags[TELEPATH_TARGET] = state.day_number, target
    if not move.reach(target) or not in_play(state, vote_for):
        return
    orders = res.scratch.get("orders", {}).get(target, [])
    for i, order in enumerate(orders):
        if order.kind == "vote":
            orders[i] = order.model_copy(update={"params": {**order.params, "target": vote_for}})
    move.done()


MOVES.move("telepath_stake", step=o.STEP_STAKES)(stake)
STAKE_KINDS.append("telepath_stake")

# ---------------------------------------------------------------- Ван Хельсинг

WOUND = "silver_wound"  # wounded by a silver bullet: dying the next night (a heal then saves him)
SEARCHED = {"vh_search_vampire": ("vampire",), "vh_search_ghoul": ("ghoul",), "vh_search_zombie": ("zombie", "warlock")}
UNHARMED = ("warlock",)  # «Ведьмака убить не может, только находит»
PREY = ("unclean", "undead")  # «2 монеты за убийство нечисти» (the Зомби's and the Упырь's sides too)
BITES: list[str] = []  # the bites of the unclean (their module appends): «Не может быть укушен Нечистью»
FOLLOWS.extend(SEARCHED)
CHECKED_SHOTS.extend(SEARCHED)


@MOVES.layer("silver", o.LAYER_SILVER)
def silver(res: Resolution, packet: DamagePacket) -> None:
    """«Вампир, Упырь и Зомби получают ранение, без лечения следующей ночью умирают… Живые персонажи получают
    ранение, без лечения умрут следующей ночью»: no death now; dying the next night (the healers' `save` then
    saves him); this night's later moves are lost («Раненый игрок не может совершить ночной ход»)."""
    if packet.cause != "silver":
        return
    packet.amount = 0
    state = res.state
    if state.player(packet.target).secret_role in UNHARMED:
        return
    state.add_effect(WOUND, target=packet.target, source=packet.source, during=NEXT_NIGHT)
    if packet.source is not None:
        state.player(packet.target).flags[WOUND] = packet.source + 1  # who shot him: the bonus at his death
    state.add_effect(DYING, target=packet.target, during=NEXT_NIGHT, cause="silver")
    block(state, packet.target)
    state.emit("silver_wounded", "player", packet.target)


def _silver_death(state: GameState, pid: int, cause: str) -> None:
    if cause != "silver" or state.player(pid).faction not in PREY:
        return
    shooter = state.player(pid).flags.get(WOUND, 0) - 1  # (his effects are gone with him)
    if shooter >= 0 and state.player(shooter).alive:
        economy.bonus(state, shooter, "van_helsing_kill")


MOVES.on_death.append(_silver_death)


def vh_search(move: Move) -> None:
    """Found what he looks for: shoots at once (the Ведьмак is only found); else he learns «не найден»."""
    state, target = move.state, move.target
    if not move.reach(target):
        return
    role = state.player(target).secret_role
    if role in SEARCHED[move.ability.id]:
        state.emit("vh_found", "player", move.actor, target=target, role=role)
        if role not in UNHARMED:
            move.shoot(target, cause="silver")
    else:
        state.emit("vh_not_found", "player", move.actor, target=target, role=SEARCHED[move.ability.id][0])
    move.done()


for _search in SEARCHED:
    MOVES.move(_search, step=o.STEP_VAN_HELSING)(vh_search)


@MOVES.move("vh_shot", step=o.STEP_VAN_HELSING)
def vh_shot(move: Move) -> None:
    if move.reach(move.target):
        move.shoot(move.target, cause="silver")
        move.done()


family.HARMFUL.update({"execution", "vh_shot", *SEARCHED})  # «Вредить друг другу не могут»


@MOVES.queries.modifier("reach", layer=30)
def _not_bitten(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    """«Не может быть укушен Нечистью»."""
    return allowed and not (move.ability.id in BITES and state.player(target).secret_role == "van_helsing")


# ---------------------------------------------------------------- Спортсмен (не роль)

ATHLETE = "athlete"  # the trait (model.Citizen.traits), dealt by the table (setup.TRAIT_SEATS)
# «В случае нападении Уличного воришки, Ученика мафии, приходящего с осиновым колом»: the stakes (citizen.
# STAKE_KINDS), the thief's theft and the apprentice's shot.
ATHLETE_REPELS: list[str] = ["thief_steal", "apprentice_kill"]


@MOVES.queries.modifier("reach", layer=40)
def _athlete(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    """«извивает его, лишая дневного хода»: the attack fails and the attacker's move of the next day fails."""
    if not allowed or actor == target or ATHLETE not in cit(state, target).traits:
        return allowed
    if move.ability.id not in (*STAKE_KINDS, *ATHLETE_REPELS):
        return allowed
    if not state.effects_of(BLOCKED, target=actor, phase=state.phase + 1):
        state.add_effect(BLOCKED, target=actor, source=target, during=NEXT_DAY)
        state.emit("athlete_beaten", "player", actor, by=target)
    return False


def athlete_recruited(state: GameState, pid: int) -> bool:
    """«В случае вербовки бунтарем или мафией становится Вышибалой»: a recruited Спортсмен is a Вышибала (and no
    longer a citizen with strength) instead of joining. True when he was one."""
    if ATHLETE not in cit(state, pid).traits:
        return False
    with edit(Citizen, state.player(pid)) as me:
        me.traits = [t for t in me.traits if t != ATHLETE]
    become(state, pid, "bouncer")
    return True


# ---------------------------------------------------------------- words

MOVES.failure("no_buyer")
MOVES.words(
    EventFormat("journalist_facts", params={"list": Each("facts", FACT)}),
    EventFormat("newspaper", params={"list": Each("facts", FACT)}),
    EventFormat("vh_found", params={"role": Value("role")}),
    EventFormat("vh_not_found", params={"role": Value("role")}),
    EventFormat("shop_faked", params={"item": Line("classic_item.{item}", when={"item": tuple(ITEMS)})}),
    EventFormat("shop_cheated", params={"item": Line("classic_item.{item}", when={"item": tuple(ITEMS)})}),
)
