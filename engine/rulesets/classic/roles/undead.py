"""Нечисть (5.3: Вампир, Упырь) and the Дух (5.5). Decisions: docs/rulesets/classic.md «undead».

Вампир: «ночью кусает игрока. Укушенный игрок истекает кровью и умирает следующей ночью, если не будет вылечен
или обращен в Упыря вторым укусом… Не может укусить священника… Не может воздействовать на игроков, имеющих
крестик или иную защиту от вампира. Управляет голосами упырей… Вампир узнает если кусал бескровного персонажа
(Духа)… Если Вампира убивают, но вместе с ним умирают все Упыри. Если Вампира посадили, то Упыри остаются».
A bite is a hostile act folded through the protection layers (cause "vampire_bite" / "ghoul_bite": the Чеснок,
and the Крест and the Икона of their modules); what gets through leaves the BITTEN status: at the start of the
next night (STEP_UNDEAD_DUSK) he is dying of it («истекает кровью»), so he makes no move that night and a heal
of that night saves him. The Вампир's second bite on the next night makes him an Упырь (`become`), saved.

Упырь: keeps his first role («Первоначальную роль не теряет»: the `holds` query gives him its moves), which
happen with a chance of 50/50 («основной ход произойдет с вероятностью 50 на 50»); bites (never turning:
«не может обращать укушенного игрока в Упыря»); «Раз в две ночи… обязан укусить кого-то живого, если этого
не сделает, он умирает» (STEP_UNDEAD_DAWN; a «Медвежья кровь» held quenches the thirst once).

Дух: «Запереть персонажа дома»: his move of the night and his day moves fail, his vote the next day is void;
the Дух decides whether the others may reach him this night; not the same one two nights running; a zombie
locked shows his role and is never locked again. «не восприимчив ни к каким воздействиям» (every move on him
fails, nothing harms him), «Не может быть посажен» (released at once), «Может быть убит только Зеркалом»
(coming to its holder he dies), «Не может отказаться от ночного хода. Если игрок не отправил ход, то на утро
Ведущим будет обличена его роль.»
"""

from __future__ import annotations

from engine.core import visits
from engine.core.durations import NEXT_DAY, THIS_PHASE, UNTIL_END, Duration
from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import Effect, GameState, JsonValue
from engine.core.wording import EventFormat, Line, Value
from engine.rulesets.classic import economy
from engine.rulesets.classic import order as o
from engine.rulesets.classic.deaths import die, doom, reveal
from engine.rulesets.classic.items.undead import SPIRIT_WARDS, VAMPIRE_BITE, drive_out, use_antidote
from engine.rulesets.classic.jail import release
from engine.rulesets.classic.model import (
    BLOCKED,
    CLANS,
    DYING,
    Citizen,
    Town,
    become,
    dying,
    in_play,
    in_prison,
    items_of,
    role_of,
    side_of,
    use_up,
)
from engine.rulesets.classic.moves import MOVES, Move, block, fold
from engine.rulesets.classic.roles import care, town
from engine.rulesets.classic.roles.family import HARMFUL

MOVES.role("vampire", "ghoul", "spirit")
MOVES.words(
    EventFormat("undead_ghoul_turned_copy", params={"vampire": Value("player")}),
    EventFormat("undead_spirit_driven_out", params={"item": Line("classic_item.{item}", when={"item": SPIRIT_WARDS})}),
)

GHOUL_BITE = "ghoul_bite"
BITE_CAUSES = (VAMPIRE_BITE, GHOUL_BITE)  # the causes of the bites (a layer of another module may stop them)
HARMFUL.update({"vampire_bite", "ghoul_bite"})  # spouses cannot harm each other
town.BITES.extend(["vampire_bite", "ghoul_bite"])  # Ван Хельсинг «Не может быть укушен Нечистью»
care.PIERCES_BROTHEL.add("vampire_bite")  # the harlot's shelter stops all «кроме укуса вампира и взрыва психа»

BITTEN = "undead_bitten"  # bitten this night (params: by = "vampire" | "ghoul", cured): bleeds the next night
BLEEDING = "undead_bleeding"  # the DYING cause of a bite's next night
GHOUL = "ghoul"  # on an Упырь (until the end): params was = his first role, fed = the phase of his last bite
SPIRIT_LOCKED = "spirit_locked"  # locked by the Дух: his vote the next day is void
SEALED = "spirit_sealed"  # locked and sealed this night: nobody else reaches him
THIRST_NIGHTS = 4  # «Раз в две ночи»: phases between two bites at most (night N, N+2: the bite is due by N+4)
BITE_SPAN = Duration("bite", lambda p: (p, p + 2))  # this night and the next (a second bite running)


def is_unclean(state: GameState, pid: int) -> bool:
    return side_of(state, pid) == "unclean"


def ghoul_mark(state: GameState, pid: int) -> list[Effect]:
    return state.effects_of(GHOUL, target=pid)


# ---------------------------------------------------------------- the bite

def _bleeding_only(state: GameState, pid: int) -> bool:
    return dying(state, pid) and all(e.params.get("cause") == BLEEDING for e in state.effects_of(DYING, target=pid))


def _reach_for_bite(move: Move, target: int) -> bool:
    """The visit: one bleeding from last night's bite may still be bitten (the second bite that turns him)."""
    state = move.state
    ok = (state.player(target).alive and not in_prison(state, target)
          and (not dying(state, target) or _bleeding_only(state, target))
          and bool(MOVES.queries.ask("reach", state, True, actor=move.actor, target=target, move=move)))
    visits.record(state, move.actor, [target], f"ability:{move.ability.id}", worked=ok)
    if not ok:
        move.fail()
    return ok


def _stop_bleeding(state: GameState, pid: int) -> None:
    state.effects = [e for e in state.effects if not (e.kind == DYING and e.target == pid
                                                      and e.params.get("cause") == BLEEDING)]


def turn_ghoul(state: GameState, pid: int, vampire: int) -> None:
    """«обращен в Упыря вторым укусом»: saved from the bleeding, an Упырь of the нечисть, his first role kept;
    one in a clan leaves it (his own purse, empty); the Вампир's bonus «Обращение в вампира»."""
    _stop_bleeding(state, pid)
    state.effects = [e for e in state.effects if not (e.kind == BITTEN and e.target == pid)]
    was = role_of(state, pid)
    with edit(Citizen, state.player(pid)) as me:
        if me.purse in CLANS:
            me.purse, me.coins = "", 0
    become(state, pid, "ghoul")
    fed = state.phase if state.is_night else state.phase - 1  # the night of his turning counts as fed
    state.add_effect(GHOUL, target=pid, during=UNTIL_END, was=was, fed=fed)
    state.emit("undead_ghoul_turned", "player", vampire, target=pid)
    state.emit("undead_ghoul_turned_copy", "master", None, pid=pid, vampire=vampire, secret_role=was)
    economy.bonus(state, vampire, "vampire_turn")


def _bite(move: Move, kind: str) -> bool:
    """The bite of the Вампир ("vampire") or an Упырь ("ghoul"); True when it took."""
    state, target = move.state, move.target
    if role_of(state, target) == "spirit":  # «узнает если кусал бескровного персонажа (Духа)»
        visits.record(state, move.actor, [target], f"ability:{move.ability.id}", worked=True)
        move.tell("undead_bloodless", target=target)
        move.done()
        return False
    if not _reach_for_bite(move, target):
        return False
    if is_unclean(state, target) or (kind == "vampire" and role_of(state, target) == "priest"):
        move.fail()  # «Не могут причинять вред друг другу»; «Не может укусить священника»
        return False
    packet = fold(move.res, move.actor, target, VAMPIRE_BITE if kind == "vampire" else GHOUL_BITE)
    if packet.amount <= 0:
        move.fail()  # «Не может воздействовать на игроков, имеющих крестик или иную защиту от вампира»
        return False
    took_bite(state, target, move.actor, kind)
    move.done()
    return True


def took_bite(state: GameState, target: int, biter: int, kind: str) -> None:
    """A bite that got through: «Укушенный игрок получает сообщение: «укушен»»; the Вампир's second bite running
    turns him into an Упырь, else he bleeds (unless an antidote is taken at once)."""
    state.emit("undead_bitten", "player", target)
    twice = kind == "vampire" and any(e.params.get("by") == "vampire" and e.start == state.phase - 2
                                      for e in state.effects_of(BITTEN, target=target))
    if twice:
        turn_ghoul(state, target, biter)
    else:
        cured = use_antidote(state, target)
        state.add_effect(BITTEN, target=target, source=biter, during=BITE_SPAN, by=kind, cured=cured)


@MOVES.after_step(o.STEP_HARLOT)
def harlot_and_vampire(res: Resolution) -> None:
    """Шмара: «Если переспит с вампиром, подвергается укусу» (through the protections from the vampire)."""
    state = res.state
    for effect in state.effects_of(care.BROTHEL):
        harlot, client = effect.source, effect.target
        if harlot is None or client is None or client == harlot or role_of(state, client) != "vampire":
            continue
        if fold(res, client, harlot, VAMPIRE_BITE).amount > 0:
            took_bite(state, harlot, client, "vampire")


@MOVES.move("vampire_bite", step=o.STEP_VAMPIRE)
def vampire_bite(move: Move) -> None:
    _bite(move, "vampire")


@MOVES.move("ghoul_bite", step=o.STEP_GHOUL)
def ghoul_bite(move: Move) -> None:
    if _bite(move, "ghoul"):
        for mark in ghoul_mark(move.state, move.actor):
            mark.params["fed"] = move.state.phase


# ---------------------------------------------------------------- the night's edges

@MOVES.step("undead_day", o.STEP_UNDEAD_DAY)
def undead_day(res: Resolution) -> None:
    """The Вампир «Не может совершать дневные ходы кроме голосования»: his day moves (a day order, the Диплом)
    fail («неудачно»); his vote counts."""
    state = res.state
    if state.is_day:
        for player in state.living():
            if player.secret_role == "vampire":
                block(state, player.pid)


@MOVES.step("undead_dusk", o.STEP_UNDEAD_DUSK)
def undead_dusk(res: Resolution) -> None:
    """The night begins: last night's bitten bleed (dying: no move tonight; a heal tonight saves him); each
    Упырь's role move is tossed for (50/50: lost, it fails «неудачно» and he is told his thirst won)."""
    state = res.state
    if not state.is_night:
        return
    for effect in list(state.effects_of(BITTEN)):
        if effect.start == state.phase - 2 and not effect.params.get("cured") and effect.target is not None:
            doom(state, effect.target, BLEEDING, effect.source)
            state.emit("undead_bleeding", "player", effect.target)
    from engine.rulesets.classic.abilities import ABILITIES

    for pid, orders in sorted(res.scratch.get("orders", {}).items()):
        for mark in ghoul_mark(state, pid):
            first = str(mark.params.get("was"))
            role_moves = [order for order in orders if order.kind in ABILITIES
                          and ABILITIES[order.kind].holder == "secret_role"
                          and ABILITIES[order.kind].holder_name == first]
            if role_moves and not state.random.choice((True, False)):
                block(state, pid)
                state.emit("undead_thirst", "player", pid)


@MOVES.step("undead_dawn", o.STEP_UNDEAD_DAWN)
def undead_dawn(res: Resolution) -> None:
    """Before the night's deaths: an Упырь who bit nobody for two nights dies of thirst (a «Медвежья кровь»
    he holds is drunk instead); a Дух who sent no lock has his role revealed in the morning."""
    state = res.state
    if not state.is_night:
        return
    for player in state.living():
        for mark in ghoul_mark(state, player.pid):
            if in_prison(state, player.pid):  # a decision: out of the game, his thirst waits
                mark.params["fed"] = state.phase
                continue
            if state.phase - int(str(mark.params.get("fed", state.phase))) < THIRST_NIGHTS:
                continue
            blood = items_of(state, player.pid, "bear_blood")
            if blood and use_up(state, player.pid, blood[0].uid):  # «Позволяет упырю утолить жажду» (not a fake)
                mark.params["fed"] = state.phase
                state.emit("undead_thirst_quenched", "player", player.pid)
            else:
                doom(state, player.pid, "thirst")
        if player.secret_role == "spirit" and not any(
                order.kind == "spirit_lock" for order in res.scratch.get("orders", {}).get(player.pid, [])):
            reveal(state, player.pid)  # «на утро Ведущим будет обличена его роль»


# ---------------------------------------------------------------- protection and votes

@MOVES.layer("undead", o.LAYER_UNDEAD)
def undead_nature(res: Resolution, packet: DamagePacket) -> None:
    """The Дух feels nothing; a shot on the Вампир or an Упырь is «удачно» but «нежить регенерируется»; the
    нечисть and the нежить do not take poison («яд спишется, нечисть невосприимчива к яду»)."""
    side = side_of(res.state, packet.target)
    immune = (side == "spirit" or (side in ("unclean", "undead") and "poison" in packet.cause)
              or (side == "unclean" and packet.cause == "shot"))
    if immune:
        packet.amount = 0


@MOVES.queries.modifier("reach", layer=30)
def _untouchable(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    """Every move on the Дух fails («Выстрел в Духа — неудачно»); one the Дух sealed is out of reach tonight."""
    if not allowed or actor == target:
        return allowed
    if role_of(state, target) == "spirit":
        return False
    return not state.effects_of(SEALED, target=target)


@MOVES.queries.modifier("holds", layer=30)
def _ghoul_keeps_his_role(state: GameState, held: bool, *, pid: int, ability: object) -> bool:
    """«Первоначальную роль не теряет»: an Упырь holds his first role's moves."""
    if held or getattr(ability, "holder", "") != "secret_role":
        return held
    return any(m.params.get("was") == getattr(ability, "holder_name", None) for m in ghoul_mark(state, pid))


def _controller(state: GameState) -> int | None:
    """The Вампир who directs the Упыри's votes today: in play, voting, not bitten by a zombie."""
    for player in state.players:
        if (player.secret_role == "vampire" and in_play(state, player.pid)
                and not player.flags.get("vampire_lost_votes")
                and any(order.kind == "vote" for order in state.orders.get(player.pid, []))):
            return player.pid
    return None


@MOVES.queries.modifier("vote_weight", layer=30)
def _undead_votes(state: GameState, weight: int, *, voter: int, target: int) -> int:
    """Locked by the Дух: «Его голос на следующий день голосования не засчитывается». «Управляет голосами
    упырей на дневном голосовании»: each Упырь in play adds his vote to the Вампир's, his own counts nothing."""
    if state.effects_of(SPIRIT_LOCKED, target=voter):
        return 0
    vampire = _controller(state)
    if vampire is None:
        return weight
    if role_of(state, voter) == "ghoul":
        return 0
    if voter == vampire:
        return weight + sum(1 for p in state.players if p.secret_role == "ghoul" and in_play(state, p.pid)
                            and not state.effects_of(SPIRIT_LOCKED, target=p.pid))
    return weight


# ---------------------------------------------------------------- deaths and prison

def _vampire_dead(state: GameState, pid: int, cause: str) -> None:
    """«Если Вампира убивают, но вместе с ним умирают все Упыри»."""
    if role_of(state, pid) != "vampire":
        return
    for player in state.players:
        if player.alive and player.secret_role == "ghoul":
            die(state, player.pid, "vampire_dead")


def _spirit_not_jailed(state: GameState, pid: int, cause: str) -> None:
    """«Не может быть посажен»: the Дух is out at once."""
    if role_of(state, pid) == "spirit":
        release(state, pid, "spirit")


MOVES.on_death.append(_vampire_dead)
MOVES.on_jail.append(_spirit_not_jailed)


# ---------------------------------------------------------------- the Дух

def _lock_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    target = params.get("target")
    me = state.player(pid)
    if not isinstance(target, int):
        return
    if me.flags.get("spirit_last") == target + 1 and me.flags.get("spirit_last_phase") == state.phase - 2:
        raise Refusal("invalid_target", target=target, reason="spirit_two_nights")
    if me.flags.get(f"spirit_zombie_{target}"):
        raise Refusal("invalid_target", target=target, reason="spirit_knows_zombie")


@MOVES.move("spirit_lock", step=o.STEP_SPIRIT, check=_lock_check)
def spirit_lock(move: Move) -> None:
    state, target = move.state, move.target
    me = state.player(move.actor)
    me.flags["spirit_last"], me.flags["spirit_last_phase"] = target + 1, state.phase
    if not move.reach(target):
        return
    # (the Зеркало of the visited: items/kit.py turns every visit of the Дух into his death)
    if drive_out(state, target):  # «игнорирует любую защиту, кроме Святой воды и Иконы»
        move.fail()
        return
    block(state, target, move.actor)
    state.add_effect(BLOCKED, target=target, source=move.actor, during=NEXT_DAY)  # «все дневные ходы неудачны»
    state.add_effect(SPIRIT_LOCKED, target=target, source=move.actor, during=NEXT_DAY)
    if move.params.get("access") == "lock_sealed":
        state.add_effect(SEALED, target=target, source=move.actor, during=THIS_PHASE)
    if role_of(state, target) == "zombie":  # «При блокировке зомби узнает его роль»
        me.flags[f"spirit_zombie_{target}"] = 1
        move.tell("undead_spirit_found_zombie", target=target, secret_role="zombie")
    move.done()


# ---------------------------------------------------------------- нежить: the Ведьмак and his Зомби

MOVES.role("warlock", "zombie")
ZOMBIE_BITE = "zombie_bite"
HARMFUL.add(ZOMBIE_BITE)
ZOMBIE_LIMIT = 2  # «В игре не может быть более 2 зомби одновременно»
NOT_RAISED = ("zombie", "spirit", "ghoul")  # «Не может Поднимать Зомби из зомби»; «Не воскрешаемый»; a ghoul
ENERGY = "warlock_energy"  # flag: the strength gathered at home
SUICIDE_USED = "warlock_suicide_used"  # flag: «Один раз за игру»


@MOVES.rule("warlock_energy")
def _has_energy(state: GameState, pid: int, what: str) -> None:
    """«сидеть дома, копить силы для колдовства»: a raising spends one night's strength (a decision)."""
    if state.player(pid).flags.get(ENERGY, 0) < 1:
        raise Refusal("not_allowed", what=what, reason="warlock_no_energy")


@MOVES.rule("zombie_voted")
def _voted(state: GameState, pid: int, what: str) -> None:
    """«Если не голосовал, то ночью "кусаться" не может» (the day before this night)."""
    if not any(e.kind == "vote_cast" and e.phase == state.phase - 1 and e.params.get("pid") == pid
               for e in state.events):
        raise Refusal("not_allowed", what=what, reason="zombie_no_vote")


@MOVES.move("warlock_gather", step=o.STEP_WARLOCK_SEND)
def warlock_gather(move: Move) -> None:
    me = move.state.player(move.actor)
    me.flags[ENERGY] = me.flags.get(ENERGY, 0) + 1
    move.done()


@MOVES.move("warlock_send", step=o.STEP_WARLOCK_SEND)
def warlock_send(move: Move) -> None:
    """«Направить зомби к персонажу»: every zombie's bite tonight goes to his target (none in play: «неудачно»)."""
    if not any(p.secret_role == "zombie" and in_play(move.state, p.pid) for p in move.state.players):
        move.fail()
        return
    move.res.scratch["zombie_target"] = move.target
    move.done()


def _died_in_prison(state: GameState, pid: int) -> bool:
    """1.13: the role of one killed in prison is not revealed — so his death has no reveal."""
    died = state.player(pid).died
    return not any(e.kind == "role_revealed" and e.phase == died and e.params.get("pid") == pid
                   for e in state.events)


def raise_zombie(state: GameState, pid: int, warlock: int) -> None:
    """The corpse rises a Зомби («изначальную роль теряют»): alive again, of the нежить, his own empty purse,
    no Зеркало («Не может иметь зеркало»); the town sees him back."""
    player = state.player(pid)
    player.alive = True
    player.died = None
    with edit(Town, state) as town:
        town.died = {k: v for k, v in town.died.items() if k != str(pid)}
    with edit(Citizen, player) as me:
        if me.purse:
            me.purse, me.coins = "", 0
        me.items = [i for i in me.items if i.kind != "mirror"]
    become(state, pid, "zombie")
    state.player(warlock).flags["warlock_raised"] = 1  # «ведьмак грешен после первого поднятия трупа»
    state.emit("undead_risen", "public", None, pid=pid)


@MOVES.move("warlock_raise", step=o.STEP_WARLOCK_RAISE)
def warlock_raise(move: Move) -> None:
    state, target = move.state, move.target
    me = state.player(move.actor)
    zombies = sum(1 for p in state.players if p.alive and p.secret_role == "zombie")
    cause = next((str(e.params.get("cause")) for e in reversed(state.events)
                  if e.kind == "death" and e.params.get("pid") == target), "")
    if (state.player(target).alive or role_of(state, target) in NOT_RAISED or zombies >= ZOMBIE_LIMIT
            or _died_in_prison(state, target) or "bloody" in cause or me.flags.get(ENERGY, 0) < 1):
        move.fail()
        return
    me.flags[ENERGY] -= 1
    raise_zombie(state, target, move.actor)
    move.done()


@MOVES.move("zombie_bite", step=o.STEP_ZOMBIE)
def zombie_bite(move: Move) -> None:
    """«Укушенный игрок умирает на утро следующей ночи, если не был вылечен. … Если два зомби вместе укусят
    одного игрока, то тот стазу умирает ("загрызли", утром город об этом узнает).» Not the Ведьмак, the Дух."""
    state = move.state
    target = int(str(move.res.scratch.get("zombie_target", move.target)))
    if role_of(state, target) in ("warlock", "spirit") or target == move.actor:
        visits.record(state, move.actor, [target], f"ability:{move.ability.id}", worked=False)
        move.fail()
        return
    if not _reach_for_bite(move, target):
        return
    packet = fold(move.res, move.actor, target, ZOMBIE_BITE)
    if packet.amount <= 0:
        move.fail()
        return
    if role_of(state, target) == "vampire":  # «При укусе Зомби теряет дневную способность управлять голосами»
        state.player(target).flags["vampire_lost_votes"] = 1
    crews: dict[int, list[int]] = move.res.scratch.setdefault("zombie_crews", {})
    crew = crews.setdefault(target, [])
    crew.append(move.actor)
    if len(crew) == 2:
        doom(state, target, "gnawed", move.actor)
        state.emit("undead_gnawed", "public", None, pid=target)
    elif len(crew) == 1:
        state.emit("undead_bitten", "player", target)
        state.add_effect(BITTEN, target=target, source=move.actor, during=BITE_SPAN, by="zombie", cured=False)
    move.done()


@MOVES.layer("warlock", o.LAYER_WARLOCK)
def warlock_suicide(res: Resolution, packet: DamagePacket) -> None:
    """«Один раз за игру, если имеет накопленную энергию, персонажа пытающегося застрелить Ведьмака, заставляет
    провести самоубийство стрелка. (На утро город узнает о суициде)»."""
    state = res.state
    if packet.cause != "shot" or packet.source is None or role_of(state, packet.target) != "warlock":
        return
    me = state.player(packet.target)
    if me.flags.get(SUICIDE_USED) or me.flags.get(ENERGY, 0) < 1:
        return
    me.flags[SUICIDE_USED] = 1
    me.flags[ENERGY] -= 1
    packet.amount = 0
    doom(state, packet.source, "suicide")
    state.emit("undead_suicide", "public", None, pid=packet.source)


@MOVES.queries.modifier("vote_weight", layer=31)
def _empty_zombie_vote(state: GameState, weight: int, *, voter: int, target: int) -> int:
    """«На дневном голосовании голосует пустым голосом»."""
    return 0 if role_of(state, voter) == "zombie" else weight
