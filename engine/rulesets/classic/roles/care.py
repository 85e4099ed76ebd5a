"""The town's services with day orders (5.1.5–5.1.9, 5.1.13, 5.1.14): Медсестра, Телохранитель, Реаниматор,
Священник, Шмара, Пьяница, Туроператор. Decisions: docs/rulesets/classic.md, section «care».

Statuses (effects, engine/rulesets/classic/model.py's way): a guard (`GUARD`, source the bodyguard), the tour
and the excursion, the drinking pair, the harlot's pair (`BROTHEL`), the prayer, the quarantine (the next day's
vote), the funeral of a corpse; a wound is a death scheduled for the next night (`DYING` from then: «Раненый
игрок не может совершить ночной ход… Во вторую ночь персонаж умрет, если его не вылечит врач»). What a role did
on which night is kept as a `LOG` effect on it (the limits «два раза подряд», «три ночи подряд»).

Names other modules may use or extend: `sinful` / `sin` (the priest's «Грешность персонажа»), `buried` (the
funeral: «отпетого игрока не может поднять Ведьмак»), `POISON_KINDS` (the statuses the stomach pump cures),
`HEAL_CURES` (the statuses a heal cures, e.g. a bite), `PIERCES_BROTHEL` (moves the harlot's shelter does not
stop: «кроме укуса вампира и взрыва психа»), `HOSTILE` (hostile moves: the shelter stops them). Causes of
harm this module reads: "shot", "execution", "torture", "poison…" (a cause that starts so)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core import visits
from engine.core.durations import NEXT_DAY, NEXT_NIGHT, THIS_PHASE, UNTIL_END
from engine.core.extensions import edit, read
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import GameState, JsonValue
from engine.core.wording import EventFormat, Value
from engine.rulesets.classic import economy
from engine.rulesets.classic import order as o
from engine.rulesets.classic.deaths import save
from engine.rulesets.classic.jail import release
from engine.rulesets.classic.model import (
    BLOCKED,
    CLANS,
    DYING,
    Town,
    in_prison,
    new_item,
    role_of,
)
from engine.rulesets.classic.moves import FAILED, MOVES, Move, block, harm
from engine.rulesets.classic.roles.citizen import STAKE_KINDS, stake
from engine.rulesets.classic.roles.family import is_hostile
from engine.rulesets.classic.services import DayOrder, fulfil, orders_for

MOVES.role("nurse", "bodyguard", "reanimator", "priest", "harlot", "drunkard", "tour_operator")

# ---- statuses ----
LOG = "care_log"  # what a role of this module did on which night (its limits look back)
GUARD = "care_guard"  # guarded this night (source: the bodyguard; params special: he shoots back)
TOUR = "care_tour"  # on a tour: no move, «не действуют ночные ходы других игроков»
EXCURSION = "care_excursion"  # on an excursion: no move, touchable
DRUNK = "care_drunk"  # drinking tonight: immune to poison
BROTHEL = "care_brothel"  # the harlot and her client tonight: no hostile act reaches them
PRAYER = "care_prayer"  # the priest's prayer tonight: nothing reaches him but a heal
QUARANTINE = "care_quarantine"  # his vote counts nothing on the next day
FUNERAL = "care_funeral"  # a buried corpse: neither the Ведьмак nor the Реаниматор raises him
ORDER_LOG = "care_order_log"  # the nurse's orders accepted, by customer and day
SINNED = "sinned"  # a player's flag: sinful (the priest's confession)
GOD_SAVED = "god_saved"  # the priest's flag: the first shot was turned away
LEFT_PRISON = "left_prison"  # the priest's flag: he left prison once
FUNERAL_DONE = "funeral_done"  # the priest's flag: the funeral of the game is done
PUMPED_SELF = "pumped_self"  # the nurse's flag: her own stomach pumped once
FENCE_DAY = "fence_day"  # the drunkard's flag: the day he last wrote on the fence

# ---- what other modules may extend ----
POISON_KINDS: list[str] = ["poisoned", "poison_viper", "poison_scorpion"]  # statuses the pump cures
HEAL_CURES: list[str] = ["bitten", "wounded"]  # statuses a heal cures
PIERCES_BROTHEL: set[str] = set()  # hostile moves the harlot's shelter does not stop (the vampire's, the psycho's)
HOSTILE: set[str] = set()  # hostile moves beyond family.HARMFUL
HEALS = frozenset({"nurse_heal", "nurse_bandage", "nurse_pump"})
GUARDED_CAUSES = ("shot", "execution", "torture")  # and every poison: «от выстрелов, травли, казни палача, пытки»
HIGH_STATUS = frozenset({"boss", "sheriff", "warlock", "reanimator", "deputy"})  # Шмара: «Высокий имеют…»
UNCLEAN = frozenset({"vampire", "ghoul", "zombie"})  # анализ крови: «определяет Нечисть и Зомби»

MOVES.failure("at_home", "not_a_corpse", "not_revivable")


def is_poison(cause: str) -> bool:
    return cause.startswith("poison")


def hostile(ability: str) -> bool:
    return is_hostile(ability) or ability in HOSTILE


# ---------------------------------------------------------------- bookkeeping

def log(state: GameState, pid: int, what: str, targets: Iterable[int], **extra: JsonValue) -> None:
    state.add_effect(LOG, target=pid, during=UNTIL_END, what=what, targets=list(targets), night=state.phase, **extra)


def logged(state: GameState, pid: int, whats: Iterable[str], night: int) -> list[dict[str, Any]]:
    kinds = set(whats)
    return [dict(e.params) for e in state.effects
            if e.kind == LOG and e.target == pid and e.params.get("what") in kinds and e.params.get("night") == night]


def logged_targets(state: GameState, pid: int, whats: Iterable[str], night: int) -> set[int]:
    found: set[int] = set()
    for entry in logged(state, pid, whats, night):
        targets = entry.get("targets")
        if isinstance(targets, list):
            found.update(int(t) for t in targets if isinstance(t, int))
    return found


def last_night(state: GameState) -> int:
    """The night before this one (at night) or before the coming one (by day)."""
    return state.phase - 2 if state.is_night else state.phase - 1


def customer_key(state: GameState, pid: int) -> str:
    """«от одного персонажа(клана)»: a clan orders as one."""
    side = state.player(pid).faction
    return side if side in CLANS else str(pid)


def ordered(state: GameState, pid: int, service: str | tuple[str, ...], target: int) -> list[DayOrder]:
    services = (service,) if isinstance(service, str) else service
    return [order for s in services for order in orders_for(state, pid, s) if order.target == target]


def refuse(target: int, why: str) -> Refusal:
    return Refusal("invalid_target", target=target, reason=why)


def visit(move: Move, target: int) -> bool:
    """A visit that reaches the dying too (a heal: «пулю вытащил уже врач несколько позже»); the rest as
    `Move.reach`: the dead, the jailed, the bar, a tour… stop it («неудачно»)."""
    state = move.state
    ok = state.player(target).alive and not in_prison(state, target) and bool(
        MOVES.queries.ask("reach", state, True, actor=move.actor, target=target, move=move))
    visits.record(state, move.actor, [target], f"ability:{move.ability.id}", worked=ok)
    return ok


def not_paid(res: Resolution, pid: int) -> None:
    """This move earns no +2 (the drunkard's own companion: «денег не получает»)."""
    movers: list[int] = res.scratch.get("movers", [])
    if pid in movers:
        movers.remove(pid)


# ---------------------------------------------------------------- sin (the priest's confession)

def sin(state: GameState, pid: int) -> None:
    state.player(pid).flags[SINNED] = 1


def sinful(state: GameState, pid: int) -> bool:
    """«Грешность персонажа на момент прихода священника»: the unclean and the undead from the first day; the
    others once they did what the text names (marked by `sin`)."""
    player = state.player(pid)
    return player.faction in ("unclean", "undead") or player.secret_role in (
        "vampire", "ghoul", "warlock", "zombie") or bool(player.flags.get(SINNED))


@MOVES.layer("sin", o.LAYER_SIN)
def _sin(res: Resolution, packet: DamagePacket) -> None:
    """A hostile act that got through: «член мафии грешен, как только убил или отравил; копы грешны, если убили
    мирного жителя; маньяк грешен после первого убийства; псих после первого убийства»."""
    state = res.state
    source = packet.source
    if source is None or source == packet.target:
        return
    killer = state.player(source)
    murderer = killer.faction in CLANS or killer.secret_role in ("maniac", "psycho")
    if murderer or (killer.faction == "cops" and state.player(packet.target).faction == "town"):
        sin(state, source)


# ---------------------------------------------------------------- who may be reached

@MOVES.queries.modifier("reach", layer=30)
def _care_reach(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    if not allowed or actor == target:
        return allowed
    if state.effects_of(TOUR, target=target):
        return False  # «На отправленного в тур игрока не действуют ночные ходы других игроков»
    if state.effects_of(PRAYER, target=target) and move.ability.id not in HEALS:
        return False  # «священник не доступен для любого воздействия, кроме лечения»
    ability = move.ability.id
    if hostile(ability) and ability not in PIERCES_BROTHEL and state.effects_of(BROTHEL, target=target):
        pair = {e.source for e in state.effects_of(BROTHEL, target=target)} | {target}
        if actor not in pair:
            return False  # «Выстрел в Шмару или клиента Шмары - неудачно, кто-то или что-то помешало»
    return True


# ---------------------------------------------------------------- protection layers

@MOVES.layer("bodyguard", o.LAYER_BODYGUARD)
def _bodyguard(res: Resolution, packet: DamagePacket) -> None:
    """«Защищает выбранного персонажа от выстрелов, травли, казни палача, пытки маньяка ночью. Если защищаемого
    травят, то вместо него будет отравлен телохранитель… Если телохранителя в течение ночи убивают, то персонаж
    лишается защиты… Не может защитить от Вампира и Психа.» The special guard shoots the attacker."""
    state = res.state
    if not (packet.cause in GUARDED_CAUSES or is_poison(packet.cause)):
        return
    for effect in state.effects_of(GUARD, target=packet.target):
        guard = effect.source
        if guard is None or guard == packet.target or not state.player(guard).alive or state.effects_of(
                DYING, target=guard):
            continue
        attacker = packet.source
        if is_poison(packet.cause):
            packet.target = guard
        else:
            packet.amount = 0
        state.emit("guard_attacked", "player", guard, target=effect.target)
        if effect.params.get("special") and attacker is not None and attacker != guard \
                and state.player(attacker).alive:
            harm(res, guard, attacker, cause="shot")
        return


@MOVES.layer("drunk", o.LAYER_DRUNK)
def _drunk(res: Resolution, packet: DamagePacket) -> None:
    """«В ночь пьянки, Пьяница и собутыльник не восприимчивы к любому яду» («Отравление пьющего - удачно (яд
    спишется, алкоголь нейтрализует яд)»)."""
    if is_poison(packet.cause) and res.state.effects_of(DRUNK, target=packet.target):
        packet.amount = 0


@MOVES.layer("brothel", o.LAYER_BROTHEL)
def _brothel(res: Resolution, packet: DamagePacket) -> None:
    """A hostile act that is no move (a shot back…) on the harlot or her client: stopped as well."""
    state = res.state
    shelter = state.effects_of(BROTHEL, target=packet.target)
    if shelter and packet.source not in {e.source for e in shelter} | {packet.target} \
            and packet.cause not in ("vampire_bite", "blast"):
        packet.amount = 0


@MOVES.layer("priest", o.LAYER_PRIEST)
def _priest(res: Resolution, packet: DamagePacket) -> None:
    state = res.state
    target = packet.target
    if state.effects_of(PRAYER, target=target):
        packet.amount = 0
        return
    player = state.player(target)
    if packet.cause == "shot" and player.secret_role == "priest" and not player.flags.get(GOD_SAVED):
        player.flags[GOD_SAVED] = 1  # «Выстрел в священника - "удачно" (высшие силы отвели пулю)»
        packet.amount = 0
        state.emit("god_saved", "player", target)


# ================================================================ Медсестра (5.1.14)

def _nurse_limits(state: GameState, pid: int, what: str, targets: list[int]) -> None:
    """«Два дня подряд, без заказа не может лечить и перевязывать одного и того же игрока… Три ночи подряд, без
    заказа не может ходить к одному и тому же игроку.» «Один раз на игру может промыть желудок себе.»"""
    before = last_night(state)
    for target in targets:
        if ordered(state, pid, "heal", target):
            continue
        if what in ("nurse_heal", "nurse_bandage") and target in logged_targets(state, pid, [what], before):
            raise refuse(target, "two_nights_running")
        nurse_moves = ("nurse_pump", "nurse_heal", "nurse_bandage", "nurse_test", "nurse_quarantine")
        if target in logged_targets(state, pid, nurse_moves, before) \
                and target in logged_targets(state, pid, nurse_moves, before - 2):
            raise refuse(target, "three_nights_running")
    if what == "nurse_pump" and pid in targets and state.player(pid).flags.get(PUMPED_SELF):
        raise refuse(pid, "once_a_game_self")


def _targets(params: dict[str, Any]) -> list[int]:
    found = params.get("targets", [params.get("target")])
    return [t for t in found if isinstance(t, int)] if isinstance(found, list) else []


def _nurse_check(what: str) -> Any:
    def check(state: GameState, pid: int, params: dict[str, Any]) -> None:
        _nurse_limits(state, pid, what, _targets(params))

    return check


@MOVES.move("nurse_test", step=o.STEP_NURSE_EVENING, check=_nurse_check("nurse_test"))
def nurse_test(move: Move) -> None:
    """«анализ крови - определяет Нечисть и Зомби» — she learns yes or no, not the role."""
    state = move.state
    if not move.reach(move.target):
        return
    player = state.player(move.target)
    found = player.faction == "unclean" or player.secret_role in UNCLEAN
    move.tell("blood_unclean" if found else "blood_clean", target=move.target)
    log(state, move.actor, "nurse_test", [move.target], found=found)
    move.done()


def _last_test(state: GameState, pid: int) -> dict[str, Any] | None:
    found = logged(state, pid, ["nurse_test"], last_night(state))
    return found[-1] if found else None


@MOVES.rule("blood_report")
def _may_report(state: GameState, pid: int, what: str) -> None:
    """«Следующей ночью может сообщить результат Ван Хельсингу (через ведущего)»: the night after a blood test,
    once."""
    if _last_test(state, pid) is None:
        raise Refusal("not_allowed", what=what, reason="no_blood_test")
    if state.player(pid).flags.get("reported_night") == state.phase:
        raise Refusal("limit_reached", what=what, reason="once_a_night")


@MOVES.instant("nurse_report")
def nurse_report(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """The last night's blood test to the Ван Хельсинг (whoever holds the role and is in the game; none: it is
    lost, and she is not told). Not a move: it is passed on through the master."""
    test = _last_test(state, pid)
    assert test is not None
    state.player(pid).flags["reported_night"] = state.phase
    target = int(test["targets"][0])
    kind = "blood_report_unclean" if test.get("found") else "blood_report_clean"
    for player in state.players:
        if player.secret_role == "van_helsing" and player.alive and not in_prison(state, player.pid):
            state.emit(kind, "player", player.pid, target=target)


@MOVES.move("nurse_quarantine", step=o.STEP_NURSE_EVENING, check=_nurse_check("nurse_quarantine"))
def nurse_quarantine(move: Move) -> None:
    """«запереть на карантин - игрок лишается ночного хода и голоса на дневном голосовании (сам игрок об этом
    не узнаёт)»."""
    state = move.state
    if not move.reach(move.target):
        return
    block(state, move.target, move.actor)
    state.add_effect(QUARANTINE, target=move.target, source=move.actor, during=NEXT_DAY)
    log(state, move.actor, "nurse_quarantine", [move.target])
    move.done()


@MOVES.queries.modifier("vote_weight", layer=90)
def _quarantined(state: GameState, weight: int, *, voter: int, target: int) -> int:
    return 0 if state.effects_of(QUARANTINE, target=voter) else weight


def _cure(state: GameState, pid: int, kinds: Iterable[str], *, poison_deaths: bool = False) -> None:
    gone = set(kinds)
    state.effects = [e for e in state.effects if not (e.target == pid and (
        e.kind in gone or (poison_deaths and e.kind == DYING and is_poison(str(e.params.get("cause", ""))))))]


@MOVES.move("nurse_heal", step=o.STEP_NURSE_NIGHT, check=_nurse_check("nurse_heal"))
def nurse_heal(move: Move) -> None:
    """«вылечить одного игрока»: the shot of this night taken out in time, a wound closed (the bandaged of the
    last night saved). «Зомби не могут быть вылечены». The order «на лечение» is fulfilled by it."""
    state = move.state
    target = move.target
    if not visit(move, target) or role_of(state, target) == "zombie":
        move.fail()
        return
    save(state, target)
    _cure(state, target, HEAL_CURES)
    for order in ordered(state, move.actor, "heal", target)[:1]:
        fulfil(state, order, move.actor)
    log(state, move.actor, "nurse_heal", [target])
    move.done()


WOUNDS = ("wound", "silver")  # «Раненный»: bandaged last night; Ван Хельсинг's silver bullet («получают ранение»)


@MOVES.after_step(o.STEP_NURSE_NIGHT)
def wounded_nurse(res: Resolution) -> None:
    """«Раненная медсестра, не может посетить пациента, а делает лечение себе»: her heal or bandage of the night
    (it failed: the wounded make no move) heals her instead."""
    state = res.state
    for pid, orders in sorted(res.scratch.get("orders", {}).items()):
        wounds = state.effects_of(DYING, target=pid)
        if (state.player(pid).secret_role != "nurse" or not state.player(pid).alive or not wounds
                or any(e.params.get("cause") not in WOUNDS for e in wounds)
                or not any(order.kind in ("nurse_heal", "nurse_bandage") for order in orders)):
            continue
        save(state, pid)
        _cure(state, pid, HEAL_CURES)
        state.emit("nurse_healed_herself", "player", pid)


@MOVES.move("nurse_bandage", step=o.STEP_NURSE_NIGHT, check=_nurse_check("nurse_bandage"))
def nurse_bandage(move: Move) -> None:
    """«перевязать двух игроков»: one dying tonight lives through it, wounded («Раненный – если в ночь
    враждебной акции против персонажа, его перевязывает врач(медсестра)»): «Если на следующую ночь перевязанного
    игрока не лечат повторно, перевязанный игрок умирает» — a death scheduled for the next night (no move then)."""
    state = move.state
    targets = _targets(move.params)
    reached = [t for t in targets if visit(move, t)]
    if not reached:
        move.fail()
        return
    for target in reached:
        if role_of(state, target) != "zombie" and save(state, target):
            state.add_effect(DYING, target=target, during=NEXT_NIGHT, cause="wound")
    log(state, move.actor, "nurse_bandage", reached)
    move.done()


@MOVES.move("nurse_pump", step=o.STEP_NURSE_NIGHT, check=_nurse_check("nurse_pump"))
def nurse_pump(move: Move) -> None:
    """«промывание желудка - лечит от отравления. Один раз на игру может промыть желудок себе.»"""
    state = move.state
    target = move.target
    if not visit(move, target):
        move.fail()
        return
    _cure(state, target, POISON_KINDS, poison_deaths=True)
    if target == move.actor:
        state.player(move.actor).flags[PUMPED_SELF] = 1
    log(state, move.actor, "nurse_pump", [target])
    move.done()


@MOVES.queries.modifier("pass_order", layer=30)
def _nurse_orders(state: GameState, allowed: bool, *, executor: int, by: int, service: str) -> bool:
    """«два дня подряд не может принять заказ от одного и того же персонажа»."""
    if not allowed or service != "heal":
        return allowed
    if any(e.kind == ORDER_LOG and e.target == executor and e.params.get("by") == by
           and e.params.get("day") == state.day_number - 1 for e in state.effects):
        return False
    state.add_effect(ORDER_LOG, target=executor, during=UNTIL_END, by=by, day=state.day_number)
    return True


# ================================================================ Телохранитель (5.1.8)

def _guard_check(special: bool) -> Any:
    def check(state: GameState, pid: int, params: dict[str, Any]) -> None:
        target = int(params["target"])
        if target in logged_targets(state, pid, ["bodyguard_guard", "bodyguard_special"], last_night(state)):
            raise refuse(target, "two_nights_running")  # «не может защищать одного и того же два раза подряд»
        if special and not ordered(state, pid, "special_guard", target):
            raise refuse(target, "special_by_order")  # «"Особая защита персонажа" осуществляется только по заказу»

    return check


def _guard(move: Move, special: bool) -> None:
    state = move.state
    if not move.reach(move.target):
        return
    state.add_effect(GUARD, target=move.target, source=move.actor, during=THIS_PHASE, special=special)
    services = ("special_guard",) if special else ("guard", "special_guard")
    for order in ordered(state, move.actor, services, move.target)[:1]:
        fulfil(state, order, move.actor)  # «Если нападавшего не будет, монеты будут все равно сняты»
    log(state, move.actor, move.ability.id, [move.target])
    move.done()


@MOVES.move("bodyguard_guard", step=o.STEP_BODYGUARD, check=_guard_check(False))
def bodyguard_guard(move: Move) -> None:
    _guard(move, False)


@MOVES.move("bodyguard_special", step=o.STEP_BODYGUARD, check=_guard_check(True))
def bodyguard_special(move: Move) -> None:
    _guard(move, True)


MOVES.move("bodyguard_stake", step=o.STEP_STAKES)(stake)
MOVES.move("tour_stake", step=o.STEP_STAKES)(stake)
STAKE_KINDS.extend(["bodyguard_stake", "tour_stake"])


# ================================================================ Туроператор (5.1.9)

def _trip_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """«Не может воздействовать на одного игрока две ночи подряд.»"""
    target = int(params["target"])
    if target in logged_targets(state, pid, ["tour_send", "excursion_send"], last_night(state)):
        raise refuse(target, "two_nights_running")


def _trip(move: Move, status: str, service: str) -> None:
    """«Отправленный в тур игрок не может совершать ночных ходов… узнает о своей поездке. Тур длится одну ночь.»
    The name is not announced."""
    state = move.state
    if not move.reach(move.target):
        return
    block(state, move.target, move.actor)
    state.add_effect(status, target=move.target, source=move.actor, during=THIS_PHASE)
    state.emit(f"sent_on_{service}", "player", move.target)
    for order in ordered(state, move.actor, service, move.target)[:1]:
        fulfil(state, order, move.actor)
    log(state, move.actor, move.ability.id, [move.target])
    move.done()


@MOVES.move("tour_send", step=o.STEP_TOUR_OPERATOR, check=_trip_check)
def tour_send(move: Move) -> None:
    _trip(move, TOUR, "tour")


@MOVES.move("excursion_send", step=o.STEP_TOUR_OPERATOR, check=_trip_check)
def excursion_send(move: Move) -> None:
    _trip(move, EXCURSION, "excursion")


# ================================================================ Шмара (5.1.5)

def _valid_orders(state: GameState, pid: int, service: str, target: int) -> list[DayOrder]:
    """Orders she (he) may take: «Не может принимать заказ на одного и того же игрока от одного персонажа(клана)
    два раза подряд» — not the same customer (clan) and target as the last night's order taken."""
    before = logged(state, pid, ["harlot_seduce", "drunkard_drink"], last_night(state))
    taken = {(str(e.get("by")), t) for e in before if e.get("by") is not None for t in e.get("targets") or []}
    found = []
    for order in ordered(state, pid, service, target):
        if (customer_key(state, order.by), target) in taken:
            continue
        if service == "seduce" and order.by == target and state.player(target).flags.get("invited_harlot"):
            continue  # «Можно по заказу пригласить Шмару к себе(один раз за игру)»
        found.append(order)
    return found


def _harlot_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    target = int(params["target"])
    if target in logged_targets(state, pid, ["harlot_seduce"], last_night(state)) \
            and not _valid_orders(state, pid, "seduce", target):
        raise refuse(target, "two_nights_running")  # «Не может две ночи подряд снимать одного и того же…»


def at_home(res: Resolution, pid: int) -> bool:
    """«если персонаж остался дома»: «сижу дома», or no move out this night."""
    kinds = [order.kind for order in res.scratch["orders"].get(pid, []) if MOVES.is_move(order.kind)]
    return not kinds or "home" in kinds


@MOVES.move("harlot_seduce", step=o.STEP_HARLOT, check=_harlot_check)
def harlot_seduce(move: Move) -> None:
    """«На ночь снимает клиента, клиент не может совершить свой ход. Самостоятельно работает только на улице…
    Узнает статус клиента, высокий/низкий… Не может сама(даже по заказу) снять – священника и Духа, но снять
    может, только Священника по его личному заказу. И Шмара, и клиент, не доступны для ночного враждебного
    воздействия, кроме укуса вампира и взрыва психа.»"""
    state = move.state
    target = move.target
    orders = _valid_orders(state, move.actor, "seduce", target)
    role = role_of(state, target)
    if role == "spirit" or (role == "priest" and not any(order.by == target for order in orders)):
        move.reach(target)
        move.fail()
        return
    if not orders and at_home(move.res, target):
        move.fail("at_home")
        return
    if not move.reach(target):
        return
    block(state, target, move.actor)
    for pid in (move.actor, target):
        state.add_effect(BROTHEL, target=pid, source=move.actor, during=THIS_PHASE)
    move.tell("client_high" if role in HIGH_STATUS else "client_low", target=target)
    taken = None
    for order in orders[:1]:
        if fulfil(state, order, move.actor):
            taken = order
            if order.by == target:
                state.player(target).flags["invited_harlot"] = 1
    log(state, move.actor, "harlot_seduce", [target],
        by=customer_key(state, taken.by) if taken is not None else None)
    move.done()


# ================================================================ Пьяница (5.1.7)

def _drunkard_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    target = int(params["target"])
    takeable = [order for s in ("drink",) for order in orders_for(state, pid, s)
                if _valid_orders(state, pid, "drink", order.target)]
    if takeable and target not in {order.target for order in takeable}:
        raise refuse(target, "must_take_order")  # «отказаться от заказа пьяница не может, если заказов несколько - может выбрать»
    if not takeable and target in logged_targets(state, pid, ["drunkard_drink"], last_night(state)):
        raise refuse(target, "two_nights_running")  # «Не может две ночи подряд… одного и того же игрока без заказа»


@MOVES.move("drunkard_drink", step=o.STEP_DRUNKARD, check=_drunkard_check)
def drunkard_drink(move: Move) -> None:
    """«Не даёт сделать ночной ход собутыльнику, от внешних воздействий не защищает. Собутыльник не помнит с кем
    пил… В ночь пьянки, Пьяница и собутыльник не восприимчивы к любому яду.» With an order, the order's fee;
    «Если нет заказа может найти собутыльника самостоятельно, но тогда денег не получает» — nor the +2."""
    state = move.state
    target = move.target
    orders = _valid_orders(state, move.actor, "drink", target)
    if not move.reach(target):
        return
    block(state, target, move.actor)
    for pid in (move.actor, target):
        state.add_effect(DRUNK, target=pid, source=move.actor, during=THIS_PHASE)
    taken = None
    for order in orders[:1]:
        if fulfil(state, order, move.actor):
            taken = order
    if taken is None:
        not_paid(move.res, move.actor)
    log(state, move.actor, "drunkard_drink", [target],
        by=customer_key(state, taken.by) if taken is not None else None)
    move.done()


@MOVES.rule("fence")
def _fence_allowed(state: GameState, pid: int, what: str) -> None:
    """«Может писать любой пьяный бред на заборе, если делал ход "споить персонажа"» — the day after a drinking
    night (whether or not the companion was reached), once that day."""
    if not logged(state, pid, ["drunkard_drink"], state.phase - 1):
        raise Refusal("not_allowed", what=what, reason="not_drunk")
    if state.player(pid).flags.get(FENCE_DAY) == state.day_number:
        raise Refusal("limit_reached", what=what, reason="once_a_day")


@MOVES.instant("drunkard_fence")
def drunkard_fence(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """Written on the fence: the town reads it, nobody signs it."""
    state.player(pid).flags[FENCE_DAY] = state.day_number
    state.emit("fence", "public", None, text=str(params["text"]))


# ================================================================ Священник (5.1.6)

def _block_but_the_shop(res: Resolution, pid: int) -> None:
    """«Также священник блокирует ночной ход исповедуемого персонажа… Исповедуемый не может совершить ночной ход,
    но после исповеди может ходить в магазин и центр занятости»: his later moves of the night fail, his purchase
    stands."""
    state = res.state
    orders: dict[int, list[Any]] = res.scratch["orders"]
    kept = []
    for order in orders.get(pid, []):
        found = MOVES.moves.get(order.kind)
        if found is not None and found.step > o.STEP_PRIEST and not found.free and order.kind != "buy":
            state.emit("move_failed", "player", pid, what=order.kind, why=FAILED)
        else:
            kept.append(order)
    orders[pid] = kept


@MOVES.move("priest_confess", step=o.STEP_PRIEST)
def priest_confess(move: Move) -> None:
    """«Узнает, грешен ли исповедуемый или нет… Исповедуемый игрок получает святой крестик… Утром узнает, что
    был исповедан.» «Если исповедует Психа, лишает его действия на следующую ночь.»"""
    state = move.state
    target = move.target
    if not move.reach(target):
        return
    move.tell("confession_sinful" if sinful(state, target) else "confession_clean", target=target)
    _block_but_the_shop(move.res, target)
    new_item(state, target, "cross")
    state.emit("confessed", "player", target)
    if role_of(state, target) == "psycho":
        state.add_effect(BLOCKED, target=target, source=move.actor, during=NEXT_NIGHT)
    move.done()


@MOVES.move("priest_prayer", step=o.STEP_BAR)
def priest_prayer(move: Move) -> None:
    """«божественная молитва, в этот момент священнику не доступен ролевой ход и священник не доступен для
    любого воздействия, кроме лечения» — from the late evening, as the bar («Выстрел в священника при молитве -
    неудачно, кто-то или что-то помешало»)."""
    move.state.add_effect(PRAYER, target=move.actor, during=THIS_PHASE)
    move.done()


@MOVES.rule("funeral_once")
def _funeral_once(state: GameState, pid: int, what: str) -> None:
    if state.player(pid).flags.get(FUNERAL_DONE):
        raise Refusal("limit_reached", what=what, reason="once_a_game")


def buried(state: GameState, pid: int) -> bool:
    """«отпетого игрока не может поднять Ведьмак и Реаниматор»."""
    return bool(state.effects_of(FUNERAL, target=pid))


@MOVES.move("priest_funeral", step=o.STEP_PRIEST_FUNERAL)
def priest_funeral(move: Move) -> None:
    """«Один раз за игру может отпеть игрока» (early morning): the one he named, if he is a corpse by then; one
    still alive is not buried and the funeral is not spent."""
    state = move.state
    target = move.target
    if state.player(target).alive:
        move.fail("not_a_corpse")
        return
    state.add_effect(FUNERAL, target=target, source=move.actor, during=UNTIL_END)
    state.player(move.actor).flags[FUNERAL_DONE] = 1
    move.done()


def _priest_leaves_prison(state: GameState, pid: int, why: str) -> None:
    """«Автоматически выходит из тюрьмы сев в первый раз»."""
    player = state.player(pid)
    if player.secret_role == "priest" and not player.flags.get(LEFT_PRISON):
        player.flags[LEFT_PRISON] = 1
        release(state, pid, "priest")


MOVES.on_jail.append(_priest_leaves_prison)


# ================================================================ Реаниматор (5.1.13)

def _died_in_prison(state: GameState, pid: int) -> bool:
    """«персонаж убитый/умерший в тюрьме не подлежит лечению и воскрешению»."""
    for event in reversed(state.events):
        if event.kind in ("classic_jailed", "released") and event.params.get("pid") == pid:
            return event.kind == "classic_jailed"
    return False


def _reanimate_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """«Не может два дня подряд реанимировать одного и того же человека.»"""
    target = int(params["target"])
    if target in logged_targets(state, pid, ["reanimate"], last_night(state)):
        raise refuse(target, "two_nights_running")


def revive(state: GameState, pid: int) -> None:
    player = state.player(pid)
    player.alive = True
    player.died = None
    with edit(Town, state) as town:
        town.died = {k: v for k, v in town.died.items() if k != str(pid)}
    state.emit("reanimated", "public", None, pid=pid)


@MOVES.move("reanimate", step=o.STEP_REANIMATOR, check=_reanimate_check)
def reanimate(move: Move) -> None:
    """«Ходит последним и знает все трупы за прошедшую ночь. Реанимирует любого (одного) из них… (роль и статус
    не узнает). Себя реанимировать не может… Не может реанимировать Зомби.» He names beforehand whom he goes to
    («Выезжает точно на вызов»); if that one is a corpse of this night, he lives again."""
    state = move.state
    target = move.target
    corpses = [int(pid) for pid, at in sorted(read(Town, state).died.items()) if at == state.phase]
    move.tell("night_corpses", pids=corpses)
    if target not in corpses:
        move.fail("not_a_corpse")
        return
    # the query `revivable`: another module's «не могут помочь жертве» (the maniac's bloody murder)
    if role_of(state, target) == "zombie" or buried(state, target) or _died_in_prison(state, target) \
            or not MOVES.queries.ask("revivable", state, True, pid=target):
        move.fail("not_revivable")
        return
    revive(state, target)
    economy.bonus(state, move.actor, "reanimation")
    log(state, move.actor, "reanimate", [target])
    move.done()


# ---------------------------------------------------------------- words

MOVES.words(EventFormat("night_corpses", params={"pids": Value("players")}))
