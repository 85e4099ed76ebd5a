"""The neutrals (5.2) and the lone killers: Адвокат, Маньяк, Уличный воришка, Отморозок, Аферист, Вышибала,
Депутат, Псих, Бунтарь.

THE VOTES: every change of the next day's vote is a `vote_weight` modifier, read off effects set at night —
a voice taken (VOICELESS: the Депутат's кляп, the Маньяк's пытка), a voice copied (VOTES_LIKE, source = the
Аферист or the Адвокат: the copied ballot counts 0 and the copier's ballot one more — «проголосует так же»;
when either skips the vote, nothing happens), the Депутат's «коррупция» (his ballot against the named ×2). The
Аферист's swap changes the ballots themselves, after the day's moves (`swapped_ballots`)."""

from __future__ import annotations

from typing import Any

from engine.core import rulings, visits
from engine.core.durations import NEXT_DAY, NEXT_NIGHT, THIS_PHASE
from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import GameState
from engine.core.wording import Each, EventFormat, Line, Value
from engine.rulesets.classic import economy
from engine.rulesets.classic import order as o
from engine.rulesets.classic.deaths import die
from engine.rulesets.classic.jail import release
from engine.rulesets.classic.model import (
    BLOCKED,
    CLANS,
    DYING,
    ITEMS,
    MOVE_INCOME,
    Citizen,
    Item,
    become,
    blocked,
    cit,
    cycle,
    down,
    in_play,
    in_prison,
    take_item,
)
from engine.rulesets.classic.moves import MOVES, Move, block, harm
from engine.rulesets.classic.roles import care, clans, cops, family

# why coins move (the events' `why`, worded classic_coins.<why>): the sales to the shop, the thief's take
economy.EARNED = (*economy.EARNED, "sale", "bribe")
economy.SPENT = (*economy.SPENT, "stolen", "bribe", "bribe_refusal")  # type: ignore[assignment]

MOVES.role("lawyer", "maniac", "thief", "thug", "swindler", "bouncer", "deputy", "psycho", "rebel")

family.HARMFUL.update({"maniac_bloody_kill", "maniac_kill", "maniac_torture", "thief_steal", "thug_shot",
                      "bouncer_beat", "psycho_blow", "rebel_shot"})

# ---- statuses ----
VOICELESS = "voiceless"  # his ballot counts nothing on the next day's vote (кляп, пытка)
VOTES_LIKE = "votes_like"  # source: the Аферист / Адвокат; his ballot counts for the source's choice
CORRUPT = "corrupt"  # target: the Депутат; param `on`: the accused («коррупция»)
CHURCH = "in_church"  # the Депутат hides in the church: nobody can act on him this night
WRECKED = "shop_wrecked"  # «магазин выбывает из игры на сутки»
SALE = 2  # «вещи и украденные монеты сдаёт в магазин - получает 2 монеты»; the maniac's «сдает в магазин за 2»
PISTOLS = ("thug",)  # roles with a pistol beyond the clans and the cops


def _voted(state: GameState, pid: int) -> bool:
    return in_play(state, pid) and any(order.kind == "vote" for order in state.orders.get(pid, []))


@MOVES.queries.modifier("vote_weight", layer=30)
def _votes(state: GameState, weight: int, *, voter: int, target: int) -> int:
    if state.effects_of(VOICELESS, target=voter):
        return 0
    for effect in state.effects_of(VOTES_LIKE, target=voter):
        if effect.source is not None and _voted(state, effect.source):
            return 0  # his voice goes to the copier's choice
    for effect in state.effects_of(VOTES_LIKE):
        if (effect.source == voter and effect.target is not None and _voted(state, effect.target)
                and not state.effects_of(VOICELESS, target=effect.target)):
            weight += 1
    for effect in state.effects_of(CORRUPT, target=voter):
        if effect.params.get("on") == target:
            weight *= 2
    return weight


# ---------------------------------------------------------------- Адвокат

def _sinless(state: GameState, pid: int) -> bool:
    """«священник или коп, если тот не убивал никого кроме мафов»: they leave automatically."""
    player = state.player(pid)
    return player.secret_role == "priest" or (player.faction == "cops" and not player.flags.get("killed_non_mafia"))


def _lawyer_frees(state: GameState, pid: int, why: str) -> None:
    """The Адвокат's releases of the freshly jailed (**Решение**: at once, as the night begins — «если на начало
    ночи адвокат жив и не сел ранее»): a sinless cop or the priest goes out automatically; a jailed Адвокат lets
    himself out (his night move). Nobody goes out twice («если игрок уже выпускался ранее»)."""
    jailed = state.player(pid)
    if jailed.flags.get("released_before"):
        return
    if jailed.secret_role == "lawyer":
        jailed.flags["released_before"] = 1
        with edit(Citizen, jailed) as me:
            me.moved_cycle = cycle(state.phase)  # «Выпуск… самого себя - ночной ход»: the cycle's one move
        release(state, pid, "lawyer")
        economy.earn(state, pid, MOVE_INCOME, "move")
        return
    if _sinless(state, pid) and any(p.secret_role == "lawyer" and in_play(state, p.pid) for p in state.players):
        jailed.flags["released_before"] = 1
        state.counters[LAW_FREED] = state.counters.get(LAW_FREED, 0) + 1
        release(state, pid, "lawyer")


MOVES.on_jail.append(_lawyer_frees)


def _cop_sins(state: GameState, pid: int, cause: str) -> None:
    """A cop whose shot of this night killed a non-mafioso is no longer sinless (the lawyer's release)."""
    if state.player(pid).faction in CLANS:
        return
    shots = {f"ability:{kind}" for kind in cops.COP_SHOTS}
    for visit in visits.of_phase(state):
        if pid in visit.targets and visit.via in shots and state.player(visit.actor).faction == "cops":
            state.player(visit.actor).flags["killed_non_mafia"] = 1


MOVES.on_death.append(_cop_sins)


@MOVES.queries.modifier("reach", layer=5)
def _evening(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    return allowed and (actor == target or not state.effects_of(CHURCH, target=target))


# ---- the mafia's bribe: «Выпускает из тюрьмы свежепосаженных персонажей за взятку в 8 монет от мафии (может
# выпустить любого игрока)… (Выпуск за взятку… — ночной ход)… Отказать мафу может только в случае, если до этого
# уже выпускались копы или священник. При этом теряет 1 монету (если монет нет, то отказать не может).»

BRIBE = "bribe_offer"  # target: the jailed; source: the clan's Босс; param `clan`. This night's offer.
BRIBE_PRICE = 8
REFUSAL_COST = 1
LAW_FREED = "lawyer_freed_law"  # a counter: the Адвокат has let a cop or the priest out («уже выпускались»)
MOVES.jail_targets.update({"mafia_bribe", "lawyer_release"})  # they name a jailed character


def _revealed(state: GameState, pid: int) -> bool:
    return any(e.kind == "role_revealed" and e.params.get("pid") == pid for e in state.events)


def lawyer_in_play(state: GameState) -> int | None:
    return next((p.pid for p in state.players if p.secret_role == "lawyer" and in_play(state, p.pid)), None)


def _bribable(state: GameState, target: int) -> str | None:
    """Why the jailed cannot be bought out (a refusal's reason), or None: freshly jailed (in the day just ended),
    his role not revealed, never let out before."""
    if not in_prison(state, target) or cit(state, target).jailed_day != state.day_number - 1:
        return "not_freshly_jailed"
    if _revealed(state, target):
        return "role_revealed"
    if state.player(target).flags.get("released_before"):
        return "released_before"
    return None


@MOVES.rule("clan_boss")
def _clan_boss(state: GameState, pid: int, what: str) -> None:
    """The clan's Босс «руководит действиями мафии, распоряжается общаком»."""
    me = state.player(pid)
    if me.secret_role != "boss" or me.faction not in CLANS:
        raise Refusal("not_allowed", what=what, reason="not_the_boss")


@MOVES.instant("mafia_bribe")
def mafia_bribe(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """The Босс offers the Адвокат (whoever he is: «Изначально адвоката никто не знает») 8 coins of the общак
    for a freshly jailed character; the Адвокат is told at once and answers this night (his move «Выпуск за
    взятку»); the coins go only when he lets him out. Not a move of the Босс."""
    target = int(params["target"])
    why = _bribable(state, target)
    if why is not None:
        raise Refusal("invalid_target", target=target, reason=why)
    clan = state.player(pid).faction
    if any(e.params.get("clan") == clan for e in state.effects_of(BRIBE)):
        raise Refusal("limit_reached", what="mafia_bribe", reason="bribe_tonight")
    if not economy.can_pay(state, pid, BRIBE_PRICE):
        raise Refusal("not_allowed", what="mafia_bribe", reason="no_coins")
    state.add_effect(BRIBE, target=target, source=pid, during=THIS_PHASE, clan=clan)
    state.emit("bribe_sent", "player", pid, target=target)
    lawyer = lawyer_in_play(state)
    if lawyer is not None:
        state.emit("bribe_offered", "player", lawyer, target=target, n=BRIBE_PRICE)


def _release_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    target = int(params["target"])
    if not state.effects_of(BRIBE, target=target):
        raise Refusal("invalid_target", target=target, reason="no_bribe")


def _bought_out(state: GameState, lawyer: int, offer: Any) -> bool:
    """The general rule of a bribe taken: 8 coins of the clan to the Адвокат, the jailed out."""
    target = offer.target
    if _bribable(state, target) is not None or not state.player(offer.source).alive \
            or not economy.transfer(state, offer.source, lawyer, BRIBE_PRICE, "bribe"):
        state.emit("bribe_refused", "player", offer.source, target=target)
        return False
    state.player(target).flags["released_before"] = 1
    release(state, target, "lawyer")
    state.emit("bribe_taken", "player", offer.source, target=target)
    return True


@MOVES.move("lawyer_release", step=o.STEP_LAWYER, check=_release_check)
def lawyer_release(move: Move) -> None:
    """«Выпуск за взятку … — ночной ход»: he takes the offer."""
    state = move.state
    offers = [e for e in state.effects_of(BRIBE, target=move.target) if not e.params.get("done")]
    if not offers:
        move.fail()
        return
    offer = offers[0]
    offer.params["done"] = 1
    if _bought_out(state, move.actor, offer):
        move.done()
    else:
        move.fail()


@MOVES.after_step(o.STEP_LAWYER)
def unanswered_bribes(res: Resolution) -> None:
    """An offer he did not take: «В случае, если ответа по предложению о взятке не последовало, это означает
    автоматический отказ (если адвокат имеет право отказать во взятке по правилам игры)». He may refuse anyone
    but a mafioso; a mafioso only once a cop or the priest has been let out, and it costs him 1 coin (none:
    he cannot refuse). Not allowed to refuse, he lets him out: that is his move of the night («неудачно» for
    any other). No Адвокат in the game (or none able to act): nobody takes it."""
    state = res.state
    for offer in state.effects_of(BRIBE):
        if offer.params.get("done") or offer.source is None or offer.target is None:
            continue
        offer.params["done"] = 1
        lawyer = lawyer_in_play(state)
        if lawyer is None or down(state, lawyer) or blocked(state, lawyer):
            state.emit("bribe_refused", "player", offer.source, target=offer.target)
            continue
        mafioso = state.player(offer.target).faction in CLANS
        may_refuse = not mafioso or (state.counters.get(LAW_FREED, 0) > 0
                                     and economy.pay(state, lawyer, REFUSAL_COST, "bribe_refusal"))
        if may_refuse:
            state.emit("bribe_refused", "player", offer.source, target=offer.target)
            continue
        if _bought_out(state, lawyer, offer):
            block(state, lawyer)
            state.emit("bribe_forced", "player", lawyer, target=offer.target)


@MOVES.move("lawyer_take_vote", step=o.STEP_LAWYER_VOTE)
def lawyer_take_vote(move: Move) -> None:
    if move.reach(move.target):
        move.state.add_effect(VOTES_LIKE, target=move.target, source=move.actor, during=NEXT_DAY)
        move.done()


# ---------------------------------------------------------------- Маньяк

def _maniac_kill(move: Move, cause: str) -> None:
    """«При убийствах игнорирует бронежилет»: a knife, not a shot (the vest stops shots only)."""
    if move.reach(move.target):
        move.shoot(move.target, cause=cause)
        move.done()


@MOVES.move("maniac_bloody_kill", step=o.STEP_MANIAC)
def maniac_bloody_kill(move: Move) -> None:
    _maniac_kill(move, "bloody")


@MOVES.move("maniac_kill", step=o.STEP_MANIAC)
def maniac_kill(move: Move) -> None:
    _maniac_kill(move, "knife")


def _bloody(state: GameState, pid: int, cause: str) -> None:
    """«весь город узнает, что убитый пал именно от руки маньяка… "Кроваво зарезана"»; the flag `bloody` tells
    the Ведьмак and the Реаниматор they cannot help him."""
    if cause == "bloody":
        state.player(pid).flags["bloody"] = 1
        state.emit("bloody_murder", "public", None, pid=pid)


MOVES.on_death.append(_bloody)


@MOVES.queries.modifier("revivable", layer=10)
def _not_after_a_bloody_murder(state: GameState, revivable: bool, *, pid: int) -> bool:
    """«Ведьмак и Реаниматор не могут помочь жертве» of the bloody murder."""
    return revivable and not state.player(pid).flags.get("bloody")


def last_item(state: GameState, pid: int) -> Item | None:
    """«последнюю по очередности приобретения»: the one bought last (held from the start: before any bought)."""
    held = [i for i in cit(state, pid).items if i.charges > 0]
    if not held:
        return None
    return max(held, key=lambda i: (i.bought_phase if i.bought_phase is not None else -1, i.uid))


def _keep(state: GameState, pid: int, item: Item) -> None:
    """A taken item into his inventory, acting from the next phase («только после окончания ночи»)."""
    kept = item.model_copy(update={"uid": state.next_id("item"), "active_from": state.phase + 1})
    with edit(Citizen, state.player(pid)) as me:
        me.items.append(kept)
    state.emit("item_gained", "player", pid, item=item.kind, bought=False)


@MOVES.move("maniac_torture", step=o.STEP_MANIAC_TORTURE)
def maniac_torture(move: Move) -> None:
    """«Игрок, подвергшийся мучениям, остаётся живым. Игрок не узнаёт, что лишился голоса… По желанию может
    выпытать… что-то одно». «Не может пытать священника» (**Решение**: «неудачно», the priest is not named)."""
    state, target = move.state, move.target
    if not move.reach(target):
        return
    if state.player(target).secret_role == "priest":
        move.fail()
        return
    if state.player(target).secret_role == "van_helsing":
        move.shoot(target, cause="torture")  # Ван Хельсинг: «Пытку маньяка пережить не может»
    state.add_effect(VOICELESS, target=target, source=move.actor, during=NEXT_DAY)
    learn = str(move.params.get("learn"))
    if learn == "torture_visits":
        went = visits.visited_by(state, target, state.phase - 2)
        move.tell("torture_visits", target=target, pids=went)
        state.emit("tortured", "player", target)
        move.done()
        return
    held = [i.kind for i in cit(state, target).items if i.charges > 0]
    pistol = _armed(state, target)
    if held:
        move.tell("torture_items", target=target, items=[{"item": kind} for kind in held])
    else:
        move.tell("torture_no_items", target=target)
    if pistol:  # «видит пистолет (мафы… копы…)»
        move.tell("torture_pistol", target=target)
    taken = last_item(state, target)
    if taken is None:
        state.add_effect(BLOCKED, target=target, source=move.actor, during=NEXT_DAY)  # «избивает»
        state.emit("tortured_beaten", "player", target)
        move.done()
        return
    take_item(state, target, taken.uid)
    state.emit("item_lost", "player", target, item=taken.kind)
    state.emit("tortured", "player", target)
    me = state.player(move.actor)
    if learn == "torture_items_keep" and not me.flags.get("maniac_kept"):
        me.flags["maniac_kept"] = 1
        _keep(state, move.actor, taken)
    else:
        economy.earn(state, move.actor, SALE, "sale")
    move.done()


# ---------------------------------------------------------------- Уличный воришка, Отморозок

def _armed(state: GameState, pid: int) -> bool:
    player = state.player(pid)
    return player.faction in (*CLANS, "cops") or player.secret_role in PISTOLS or (
        player.secret_role == "rebel" and bool(player.flags.get("rebel_armed")))


@MOVES.move("thief_steal", step=o.STEP_THIEF)
def thief_steal(move: Move) -> None:
    state, target = move.state, move.target
    if not move.reach(target):
        return
    care.sin(state, move.actor)  # «гопник грешен после первого ограбления»
    held = [i for i in cit(state, target).items if i.charges > 0]
    mirror = next((i for i in held if i.kind == "mirror"), None)
    if mirror is not None:  # «Если у игрока было "зеркало", то забирает только его и оставляет себе»
        take_item(state, target, mirror.uid)
        state.emit("item_lost", "player", target, item="mirror")
        _keep(state, move.actor, mirror)
        move.tell("stole_item", target=target, item="mirror")
        move.done()
        return
    if state.player(target).faction in (*CLANS, "cops"):
        state.emit("pistol_stolen", "player", target)
        move.tell("stole_pistol", target=target)
        if move.params.get("pistol") == "pistol_thug":
            become(state, move.actor, "thug")
        else:
            economy.earn(state, move.actor, SALE, "sale")
        move.done()
        return
    taken = last_item(state, target)
    if taken is not None:
        take_item(state, target, taken.uid)
        state.emit("item_lost", "player", target, item=taken.kind)
        move.tell("stole_item", target=target, item=taken.kind)
    else:
        coins = economy.balance(state, target) // 3  # «третью часть монет (округление в меньшую сторону)»
        if coins:
            economy.pay(state, target, coins, "stolen")
        move.tell("stole_coins", target=target, n=coins)
    economy.earn(state, move.actor, SALE, "sale")
    move.done()


@MOVES.move("thug_shot", step=o.STEP_THUG)
def thug_shot(move: Move) -> None:
    """«Если стреляет в Уличного воришку, то может сделать выбор Убить/создать клан Беспредельщиков… уличный
    воришка рядовым (воришка отказаться не может), будут иметь раздельный бюджет.»"""
    state, target = move.state, move.target
    if not move.reach(target):
        return
    if state.player(target).secret_role == "thief" and move.params.get("thief") == "thief_clan":
        become(state, target, "thug")
        state.emit("thug_clan", "player", target, pid=move.actor)
        move.tell("thug_clan", pid=target)
        move.done()
        return
    move.shoot(target)
    move.done()


# ---------------------------------------------------------------- Аферист

def _copy_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """«Нельзя выбирать одного и того же игрока два раза подряд и более двух раз за игру.»"""
    target = params.get("target")
    me = state.player(pid)
    if me.flags.get(f"swindled_{target}", 0) >= 2:
        raise Refusal("invalid_target", target=target, reason="twice_a_game")
    if me.flags.get("swindled_last", -1) == target and me.flags.get("swindled_cycle", -9) == cycle(state.phase) - 1:
        raise Refusal("invalid_target", target=target, reason="two_phases_running")


@MOVES.move("swindler_copy", step=o.STEP_SWINDLER, check=_copy_check)
def swindler_copy(move: Move) -> None:
    """«выбирает игрока, который на следующем дневном голосовании проголосует так же, как и Аферист… Аферист не
    узнаёт роль выбранного игрока.»"""
    state, target = move.state, move.target
    me = state.player(move.actor)
    me.flags[f"swindled_{target}"] = me.flags.get(f"swindled_{target}", 0) + 1
    me.flags["swindled_last"] = target
    me.flags["swindled_cycle"] = cycle(state.phase)
    if move.reach(target):
        state.add_effect(VOTES_LIKE, target=target, source=move.actor, during=NEXT_DAY)
        move.done()


SWAP = "votes_swapped"  # source: the Аферист; param `to`: whom the changed ballots of the next day's vote go to
SWAP_LATE, SWAP_COUNT = 5, 2  # «два голоса из пяти последних проголосовавших»
SWAP_LATE_FEW, SWAP_COUNT_FEW, FEW = 3, 1, 10  # «Если в игре осталось 10 и менее игроков… один голос из трёх»


@MOVES.move("swindler_swap", step=o.STEP_SWINDLER)
def swindler_swap(move: Move) -> None:
    """«может изменить два голоса из пяти последних проголосовавших»: a night move for the next day's vote (no
    visit: he names whom the ballots go to)."""
    move.state.add_effect(SWAP, source=move.actor, during=NEXT_DAY, to=move.target)
    move.done()


@MOVES.after_step(o.STEP_DAY_MOVES)
def swapped_ballots(res: Resolution) -> None:
    """The day's ballots as the vote counts them (after the Телепат): of the last five cast (by the time cast;
    three when ten or fewer are in the game), the latest two (one) not already against the named, not the
    Аферист's own and not of the named himself go to the named. «Никто не узнаёт о том, чьи голоса менялись»:
    no event (the public ballots stay as cast; the tally counts the change)."""
    state = res.state
    orders: dict[int, list[Any]] = res.scratch.get("orders", {})
    for effect in state.effects_of(SWAP):
        to = effect.params.get("to")
        if effect.source is None or not isinstance(to, int) or not in_play(state, to) \
                or not in_play(state, effect.source):
            continue
        few = sum(1 for p in state.players if in_play(state, p.pid)) <= FEW
        late, count = (SWAP_LATE_FEW, SWAP_COUNT_FEW) if few else (SWAP_LATE, SWAP_COUNT)
        ballots = sorted((order.oid, voter, i) for voter, found in orders.items() if in_play(state, voter)
                         for i, order in enumerate(found) if order.kind == "vote")
        for _oid, voter, i in reversed(ballots[-late:]):
            if count == 0:
                break
            ballot = orders[voter][i]
            if voter in (effect.source, to) or ballot.params.get("target") == to:
                continue
            orders[voter][i] = ballot.model_copy(update={"params": {**ballot.params, "target": to}})
            count -= 1


# ---------------------------------------------------------------- Вышибала

@MOVES.move("bouncer_beat", step=o.STEP_BOUNCER_BEAT)
def bouncer_beat(move: Move) -> None:
    """«Избитый персонаж, не может совершить ход без лечения… и без лечения умрет после следующей ночи.» «Если
    пытается избить персонажа с пистолетом, погибает от выстрела, даже если персонаж уже стрелял этой ночью.»"""
    state, target = move.state, move.target
    if not move.reach(target):
        return
    if _armed(state, target):
        harm(move.res, target, move.actor, cause="shot")
        move.fail()
        return
    state.add_effect(BLOCKED, target=target, source=move.actor, during=NEXT_DAY)
    state.add_effect(DYING, target=target, source=move.actor, during=NEXT_NIGHT, cause="beating")
    state.emit("beaten", "player", target)
    move.done()


@MOVES.move("bouncer_wreck", step=o.STEP_BOUNCER_WRECK)
def bouncer_wreck(move: Move) -> None:
    """«разгромить магазин, в этом магазин выбывает из игры на сутки»: this night's purchases and the next day's."""
    state = move.state
    state.add_effect(WRECKED, source=move.actor, during=THIS_PHASE)
    state.add_effect(WRECKED, source=move.actor, during=NEXT_DAY)
    state.emit("shop_wrecked", "public", None)
    move.done()


@MOVES.queries.modifier("shop_open", layer=40)
def _wrecked(state: GameState, is_open: bool) -> bool:
    return is_open and not state.effects_of(WRECKED)


# ---------------------------------------------------------------- Депутат

def _deputy_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """«Нельзя воздействовать на одного игрока две ночи подряд» (either act)."""
    target = params.get("target")
    me = state.player(pid)
    if me.flags.get("deputy_last") == target and me.flags.get("deputy_cycle", -9) == cycle(state.phase) - 1:
        raise Refusal("invalid_target", target=target, reason="two_phases_running")


def _deputy_marks(move: Move) -> None:
    me = move.state.player(move.actor)
    me.flags["deputy_last"] = move.target
    me.flags["deputy_cycle"] = cycle(move.state.phase)


@MOVES.move("deputy_gag", step=o.STEP_DEPUTY, check=_deputy_check)
def deputy_gag(move: Move) -> None:
    """«выбирает игрока, который на следующем дневном голосовании теряет голос» — the gag he has from the start."""
    _deputy_marks(move)
    if move.reach(move.target):
        move.state.add_effect(VOICELESS, target=move.target, source=move.actor, during=NEXT_DAY)
        move.done()


@MOVES.move("deputy_block", step=o.STEP_DEPUTY, check=_deputy_check)
def deputy_block(move: Move) -> None:
    """«выбирает игрока, который ночью теряет возможность сделать ход… приравнивается к "неудачно"»."""
    _deputy_marks(move)
    if move.reach(move.target):
        block(move.state, move.target, move.actor)
        move.done()


@MOVES.move("deputy_corruption", step=o.STEP_DAY_MOVES, paid=False, free=True)
def deputy_corruption(move: Move) -> None:
    """«Депутат голосует двойным голосом против выбранного персонажа, о чем должен сообщить в личку ведущему»."""
    move.state.add_effect(CORRUPT, target=move.actor, during=THIS_PHASE, on=move.target)
    move.done()


@MOVES.queries.modifier("order_price", layer=10)
def _deputy_harlot_free(state: GameState, price: int, *, by: int, service: str) -> int:
    """Депутат: «Заказ Шмаре не оплачивает»."""
    return 0 if service == "seduce" and state.player(by).secret_role == "deputy" else price


@MOVES.rule("deputy_church")
def _priest_in_play(state: GameState, pid: int, what: str) -> None:
    if not any(p.secret_role == "priest" and in_play(state, p.pid) for p in state.players):
        raise Refusal("not_allowed", what=what, reason="no_church")


@MOVES.move("deputy_church", step=o.STEP_BAR)
def deputy_church(move: Move) -> None:
    move.state.add_effect(CHURCH, target=move.actor, during=THIS_PHASE)
    move.done()


# ---------------------------------------------------------------- Псих

PSYCHO_STOCK = 1  # «Имеет первоначальный запас взрывчатки - 1 шт.»
STATION_BLAST = 2  # «Имея две взрывчатки в запасе может взорвать копа в участке, вместе с посаженным» (both spent)
MOVES.failure("in_station")
# «Изначально не существует» and the text never says who becomes him (**Решение**, docs/rulesets/classic.md,
# «Псих»): in a game of PSYCHO_FROM characters or more, on the morning of day PSYCHO_DAY the master is asked
# whether one of the town drawn by lot goes mad and becomes the Псих (default: yes); the setting `psycho` off: never.
PSYCHO_DAY = 2
PSYCHO_FROM = 12  # a small game keeps its few townsfolk (as the spouses come from 10)
PSYCHO_QUESTION = "psycho"
MOVES.question_kinds[PSYCHO_QUESTION] = ("psycho_yes", "psycho_no")


def _may_go_mad(state: GameState, pid: int) -> bool:
    """One of the town (a Мирный житель or a town role; not a cop) in the game, without a «не роль» (the spouses
    go mad their own way: the Маньяк; the Спортсмен), not a follower of the Бунтарь, not the Внебрачный ребёнок
    (his fate is the clan's)."""
    player = state.player(pid)
    return (player.faction == "town" and player.secret_role != "bastard" and in_play(state, pid)
            and not cit(state, pid).traits and not player.flags.get("rebel_since"))


@MOVES.after_step(o.STEP_REANIMATOR)
def psycho_question(res: Resolution) -> None:
    """The night before day PSYCHO_DAY ends: one of the town drawn by lot (the state's RNG), the master asked."""
    state = res.state
    if state.settings.get("psycho", "on") == "off" or state.day_number != PSYCHO_DAY \
            or len(state.players) < PSYCHO_FROM or PSYCHO_QUESTION in state.questions:
        return
    candidates = [p.pid for p in state.players if _may_go_mad(state, p.pid)]
    if candidates:
        rulings.ask_at_resolution(state, PSYCHO_QUESTION, PSYCHO_QUESTION, ["psycho_yes", "psycho_no"], "psycho_yes",
                                  to="master", pid=state.random.choice(candidates))


@MOVES.after_step(o.STEP_DAY_MOVES)
def psycho_arises(res: Resolution) -> None:
    """At the end of that day, the master's answer (or the default): he becomes the Псих, acting from the night."""
    state = res.state
    question = state.questions.get(PSYCHO_QUESTION)
    if question is None or question.phase != state.phase:
        return
    pid = int(str(question.params["pid"]))
    if rulings.ruling(state, PSYCHO_QUESTION) == "psycho_yes" and _may_go_mad(state, pid):
        become(state, pid, "psycho")




def explosives(state: GameState, pid: int) -> int:
    flags = state.player(pid).flags
    return PSYCHO_STOCK + flags.get("explosives_made", 0) - flags.get("explosives_used", 0)


@MOVES.rule("psycho_explosive")
def _has_explosive(state: GameState, pid: int, what: str) -> None:
    if explosives(state, pid) < 1:
        raise Refusal("not_allowed", what=what, reason="no_explosive")


@MOVES.move("psycho_blow", step=o.STEP_PSYCHO)
def psycho_blow(move: Move) -> None:
    """A blast (not a shot: the vest does not stop it); «Не умирает вместе с взорванным»."""
    state = move.state
    if explosives(state, move.actor) < 1:
        move.fail()
        return
    if not move.reach(move.target):
        return
    flags = state.player(move.actor).flags
    victims = [move.target, *_pair_of(state, move.target)]
    jailed = clans.interrogations(move.res).get(move.target)
    if jailed is not None:  # a cop at the interrogation, in the station
        if explosives(state, move.actor) < STATION_BLAST:
            move.tell("psycho_station", target=move.target)  # «неудачно, игрок в участке» (узнает копа)
            move.fail("in_station")
            return
        victims = [move.target, jailed]  # «может взорвать копа в участке, вместе с посаженным»
        flags["explosives_used"] = flags.get("explosives_used", 0) + STATION_BLAST - 1
    flags["explosives_used"] = flags.get("explosives_used", 0) + 1
    flags["killed"] = 1  # «псих [грешен] после первого убийства» (an attempt counts: **Решение**)
    for pid in victims:
        move.shoot(pid, cause="blast")
    move.done()


def _pair_of(state: GameState, pid: int) -> list[int]:
    """«При взрыве Шмары или ее клиента погибают оба»; «При взрыве Пьяни или его собутыльника погибают оба»: the
    other one of his pair tonight."""
    found: list[int] = []
    for kind in (care.BROTHEL, care.DRUNK):
        sources = {e.source for e in state.effects_of(kind, target=pid)}
        found += [e.target for e in state.effects_of(kind) if e.source in sources and e.target is not None
                  and e.target != pid and e.target not in found]
    return found


care.PIERCES_BROTHEL.add("psycho_blow")  # «…кроме укуса вампира и взрыва психа»


@MOVES.move("psycho_make", step=o.STEP_PSYCHO)
def psycho_make(move: Move) -> None:
    flags = move.state.player(move.actor).flags
    flags["explosives_made"] = flags.get("explosives_made", 0) + 1
    move.tell("explosive_made", n=explosives(move.state, move.actor))
    move.done()


@MOVES.layer("psycho", o.LAYER_PSYCHO)
def _shot_at_the_psycho(res: Resolution, packet: DamagePacket) -> None:
    """A shot that got through to the Псих: its shooter is remembered for his death («Если психа убивают из
    пистолета - убийца взрывается вместе с ним»)."""
    state = res.state
    if packet.cause == "shot" and packet.source is not None and state.player(packet.target).secret_role == "psycho":
        flags = state.player(packet.target).flags
        flags["shot_by"] = packet.source
        flags["shot_phase"] = state.phase


def _psycho_dies(state: GameState, pid: int, cause: str) -> None:
    """The shooter explodes with him — unless he has no explosive left."""
    player = state.player(pid)
    if player.secret_role != "psycho" or cause != "shot" or player.flags.get("shot_phase") != state.phase:
        return
    killer = player.flags.get("shot_by")
    if killer is not None and explosives(state, pid) >= 1 and state.player(killer).alive:
        die(state, killer, "blast", pid)


MOVES.on_death.append(_psycho_dies)


def _psycho_jailed(state: GameState, pid: int, why: str) -> None:
    """«Если психа сажают в тюрьму - игрок, давший последний (с учетом изменений) активный голос против него
    умирает в момент оглашения посаженного»: the last ballot against him that counted (its weight > 0)."""
    from engine.rulesets.classic.steps import vote_weight

    if state.player(pid).secret_role != "psycho":
        return
    ballots = [(order.oid, voter) for voter, orders in state.orders.items() for order in orders
               if order.kind == "vote" and order.params.get("target") == pid and in_play(state, voter)
               and vote_weight(state, voter, pid) > 0]
    if ballots:
        _oid, voter = max(ballots)
        die(state, voter, "blast", pid)


MOVES.on_jail.append(_psycho_jailed)


# ---------------------------------------------------------------- Бунтарь

# «Нельзя завербовать следующие роли» (the Вербовщик's list, 6.2: «Может завербовать те же роли, что и мафия»);
# the clans, the cops, the unclean and the undead by side. The Журналист «если не видел убийства» (town.saw_murder).
NOT_RECRUITABLE = ("lawyer", "spirit", "priest", "apprentice", "rebel", "reanimator", "maniac", "bastard", "psycho",
                   "thug", "swindler", "shopkeeper")
NOT_RECRUITABLE_SIDES = (*CLANS, "cops", "unclean", "undead")
REBEL_GROUP = 3  # «Группировка бунтаря не может составлять более 3 человек»; at three he shoots (**Решение**:
# three followers besides the Бунтарь)
REBELS = "rebels"  # the followers' group (the `team` query)


def recruitable(state: GameState, pid: int) -> bool:
    from engine.rulesets.classic.roles.town import saw_murder  # town imports after this module

    player = state.player(pid)
    if player.secret_role == "journalist":  # «Журналист-последователь»: he keeps his role
        return saw_murder(state, pid)
    return player.secret_role not in NOT_RECRUITABLE and player.faction not in NOT_RECRUITABLE_SIDES


def followers(state: GameState) -> list[int]:
    """The living followers, earliest recruited first."""
    found = [(p.flags["rebel_since"], p.pid) for p in state.players if p.alive and p.flags.get("rebel_since")]
    return [pid for _since, pid in sorted(found)]


@MOVES.rule("rebel_recruits")
def _recruits(state: GameState, pid: int, what: str) -> None:
    """«Вербовать может только изначальный бунтарь»; the group is full at three."""
    if state.player(pid).flags.get("rebel_successor"):
        raise Refusal("not_allowed", what=what, reason="not_the_first_rebel")
    if len(followers(state)) >= REBEL_GROUP:
        raise Refusal("limit_reached", what=what, reason="rebel_group_full")


@MOVES.rule("rebel_armed")
def _rebel_armed(state: GameState, pid: int, what: str) -> None:
    if not state.player(pid).flags.get("rebel_armed"):
        raise Refusal("not_allowed", what=what, reason="rebel_unarmed")


@MOVES.move("rebel_recruit", step=o.STEP_REBEL)
def rebel_recruit(move: Move) -> None:
    """«Вербовка удачна со второго раза, вербуемому сообщается о вербовке бунтарем, только когда тот становиться
    последователем. Если игрок не вербуемый, бунтарь узнает об этом при первом посещении.» **Решение**: the two
    visits need not be on consecutive nights."""
    state, target = move.state, move.target
    if not move.reach(target):
        return
    if not recruitable(state, target) or state.player(target).flags.get("rebel_since"):
        move.tell("rebel_not_recruitable", target=target)
        move.done()
        return
    me = state.player(move.actor)
    key = f"rebel_visited_{target}"
    if not me.flags.get(key):
        me.flags[key] = 1
        move.tell("rebel_first_visit", target=target)
        move.done()
        return
    if len(followers(state)) >= REBEL_GROUP:
        move.fail()
        return
    from engine.rulesets.classic.roles.town import athlete_recruited  # town imports after this module

    if athlete_recruited(state, target):  # a Вышибала, not a follower: to the Бунтарь, «не вербуется»
        move.tell("rebel_not_recruitable", target=target)
        move.done()
        return
    state.player(target).flags["rebel_since"] = state.next_id("rebel")
    state.emit("rebel_recruited", "player", target, pid=move.actor)
    move.tell("rebel_follower", target=target)
    if len(followers(state)) >= REBEL_GROUP and not me.flags.get("rebel_armed"):
        me.flags["rebel_armed"] = 1
        move.tell("rebel_armed")
    move.done()


@MOVES.move("rebel_shot", step=o.STEP_REBEL)
def rebel_shot(move: Move) -> None:
    if move.reach(move.target):
        move.shoot(move.target)
        move.done()


def _rebel_gone(state: GameState, pid: int, why: str) -> None:
    """«Если его сажают или убивают, бунтарем становится самый ранний по времени завербованный (при этом теряет
    свою первоначальную роль)»; the ability to shoot passes to him."""
    gone = state.player(pid)
    if gone.secret_role != "rebel":
        return
    heirs = [f for f in followers(state) if in_play(state, f)]
    if not heirs:
        return
    heir = state.player(heirs[0])
    heir.flags.pop("rebel_since", None)
    heir.flags["rebel_successor"] = 1
    if gone.flags.get("rebel_armed"):
        heir.flags["rebel_armed"] = 1
    become(state, heir.pid, "rebel")


MOVES.on_death.append(_rebel_gone)
MOVES.on_jail.append(_rebel_gone)


@MOVES.queries.modifier("team", layer=40)
def _rebels(state: GameState, team: str | None, *, pid: int) -> str | None:
    """«получают возможность общаться друг с другом» (the Бунтарь with them). **Решение**: one already in a group
    (husband and wife) keeps his own."""
    if team is not None:
        return team
    player = state.player(pid)
    if player.flags.get("rebel_since") or (player.secret_role == "rebel" and followers(state)):
        return REBELS
    return team


MOVES.words(
    EventFormat("bribe_sent", params={"target": Value("player")}),
    EventFormat("bribe_offered", params={"target": Value("player"), "n": Value("number")}),
    EventFormat("bribe_taken", params={"target": Value("player")}),
    EventFormat("bribe_refused", params={"target": Value("player")}),
    EventFormat("bribe_forced", params={"target": Value("player")}),
    EventFormat("rebel_not_recruitable", params={"target": Value("player")}),
    EventFormat("rebel_first_visit", params={"target": Value("player")}),
    EventFormat("rebel_follower", params={"target": Value("player")}),
    EventFormat("rebel_recruited", params={"pid": Value("player")}),
    EventFormat("explosive_made", params={"n": Value("number")}),
    EventFormat("psycho_station", params={"target": Value("player")}),
    EventFormat("bloody_murder", params={"pid": Value("player")}),
    EventFormat("torture_visits", params={"target": Value("player"), "pids": Value("players")}),
    EventFormat("torture_items", params={"target": Value("player"), "items": Each("items", Line(
        "classic_item.{item}", when={"item": tuple(ITEMS)}), sep=", ")}),
    EventFormat("torture_no_items", params={"target": Value("player")}),
    EventFormat("torture_pistol", params={"target": Value("player")}),
    EventFormat("item_lost", params={"item": Line("classic_item.{item}", when={"item": tuple(ITEMS)})}),
    EventFormat("stole_item", params={"target": Value("player"),
                                      "item": Line("classic_item.{item}", when={"item": tuple(ITEMS)})}),
    EventFormat("stole_pistol", params={"target": Value("player")}),
    EventFormat("stole_coins", params={"target": Value("player"), "n": Value("number")}),
    EventFormat("thug_clan", params={"pid": Value("player")}),
)
