"""The clans beyond the Шериф's shot and the mafia's kill: the cops (5.1.4) — the Следователь, the cover
(«Прикрытие»), the interrogation of the jailed («Допрос»), the Следователь freeing a jailed Шериф —; the mafia
(6) — the Босс's search for the Шериф and his succession, the Вербовщик and his recruitment (with or without
шантаж; the recruit's decision is a question to him), the Ученик клана (anonymous tasks; a success makes him a
Рядовой), the clan's shot into its jailed member —; and the Внебрачный ребёнок Босса («Коронация»; his death
voids the clan's moves of the night). Decisions: docs/rulesets/classic.md, «## clans».

State: per-player flags (plain ints, `PlayerState.flags`), keys prefixed `cl_`:
- cl_hired_by (the apprentice's recruiter + 1), cl_clan (his clan's index in CLANS + 1), cl_apprenticed_<i>
  (was an apprentice of clan i: «Повторно не может быть завербован тем же кланом»), cl_task / cl_task_night
  (the task's target + 1 and the night it is for), cl_changed (the phase his role changed by blackmail);
- cl_offer_to / cl_offer_night / cl_offer_day (a recruiter's offer: the target + 1, the night made, the day
  answered), cl_recruits (a Босс who was the Вербовщик keeps recruiting), cl_joined (the phase he joined);
- cl_jailed (times jailed), cl_dirty (a cop killed someone not of the mafia), cl_interrogated, cl_heir (the
  Внебрачный ребёнок's clan + 1, crowned at «Коронация»), cl_covered (the phase he was last covered).
"""

from __future__ import annotations

from typing import Any

from engine.core import rulings
from engine.core.durations import THIS_PHASE
from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Resolution
from engine.core.state import GameState
from engine.core.wording import EventFormat, Value
from engine.rulesets.classic import economy, services
from engine.rulesets.classic import order as o
from engine.rulesets.classic.deaths import die, reveal
from engine.rulesets.classic.jail import release
from engine.rulesets.classic.model import (
    CLANS,
    DYING,
    Citizen,
    become,
    cit,
    down,
    in_play,
    in_prison,
)
from engine.rulesets.classic.moves import MOVES, Move
from engine.rulesets.classic.roles import cops, family, mafia

MOVES.role("investigator", "recruiter", "bastard")

COVERED = "cl_covered_now"  # the effect: covered by the cops this night (source: the cop)
BLACKMAIL_PRICE = 5  # «За 5 монет можно применить шантаж сразу при первой вербовке»
CLAN_MAX = 5  # «Клан не может состоять более чем из 5 членов одновременно»
# «Нельзя завербовать следующие роли: Адвокат, Дух, Священник, Мафы, Ученики мафии, Копы, Бунтарь, Нечисть,
# Нежить, Реаниматолог, Маньяк, Сын босса мафии, Псих, Отморозок, Белая Ведьма, Аферист, Хозяин магазина,
# Журналист (если не видел убийства)» — by role, and by side (every mafioso, cop, нечисть, нежить…).
UNRECRUITABLE_ROLES = frozenset({"lawyer", "spirit", "priest", "apprentice", "rebel", "reanimator", "maniac",
                                 "bastard", "psycho", "thug", "swindler", "shopkeeper", "ghoul"})
# 6.6 «Темный Журналист (после того как журналист увидел убийство, он может быть завербован)… не теряет своей
# роли. Становится Журналист-рядовой»; 5.1.3 «Может отказать в вербовке, но тогда не может принять повторное
# предложение уже от любого клана» (his flag JOURNALIST_REFUSED).
JOURNALIST_REFUSED = "cl_journalist_refused"
UNRECRUITABLE_SIDES = frozenset({*CLANS, "mafia", "cops", "unclean", "undead", "maniac", "thug", "spirit"})
# The cover protects from the hostile acts of «Мафии, Гопника, Отморозка, Зомби, Психа или Маньяка».
COVER_STOPS_SIDES = frozenset({*CLANS, "mafia", "thug", "maniac"})
COVER_STOPS_ROLES = frozenset({"thief", "zombie", "psycho", "apprentice"})
# The cop at an interrogation «не может быть подвергнут никакому воздействию, кроме заточки, воздействия
# Вампира, Психа и воздействия Духа»: these roles' moves (and these abilities: the items' module adds the shiv).
STATION_PIERCING_ROLES = frozenset({"vampire", "ghoul", "psycho", "spirit"})
STATION_PIERCING: set[str] = set()

cops.COP_SHOTS.append("investigator_shot")
mafia.CLAN_SHOTS.extend(["recruiter_kill", "clan_jail_shot", "dark_journalist_kill"])
family.HARMFUL.update({"investigator_shot", "boss_search", "recruiter_kill", "apprentice_kill", "clan_jail_shot",
                       "dark_journalist_kill"})
MOVES.jail_targets.update({"cops_interrogate", "clan_jail_shot"})
MOVES.failure("recruit_refused", "not_jailed_yesterday")
# One clan offers: accept or refuse (he does not learn which clan); two: he picks the clan («может сделать выбор»).
MOVES.question_kinds["recruit_offer"] = ("accept", "join_mafia_red", "join_mafia_green", "refuse")
MOVES.question_kinds["name_accomplice"] = ()


# ---------------------------------------------------------------- small helpers

def flag(state: GameState, pid: int, key: str) -> int:
    return state.player(pid).flags.get(key, 0)


def set_flag(state: GameState, pid: int, key: str, value: int) -> None:
    flags = state.player(pid).flags
    if value:
        flags[key] = value
    else:
        flags.pop(key, None)


def clan_of(state: GameState, pid: int) -> str | None:
    faction = state.player(pid).faction
    return faction if faction in CLANS else None


def members(state: GameState, clan: str) -> list[int]:
    """The clan's living members (not its apprentice: «До этого не является членом клана»)."""
    return [p.pid for p in state.players if p.alive and p.faction == clan]


def apprentices_of(state: GameState, clan: str) -> list[int]:
    index = CLANS.index(clan) + 1
    return [p.pid for p in state.players if p.alive and p.secret_role == "apprentice"
            and p.flags.get("cl_clan") == index]


def is_cop(state: GameState, pid: int) -> bool:
    return state.player(pid).faction == "cops"


def announce_clan(state: GameState, clan: str) -> None:
    """Who is in the clan now, to each member (1.2: the clan's group)."""
    team = [pid for pid in members(state, clan) if not in_prison(state, pid)] or members(state, clan)
    for pid in members(state, clan):
        state.emit("team_members", "player", pid, team=clan, pids=[m for m in team if m != pid])


def join_clan(state: GameState, pid: int, role: str, clan: str) -> None:
    """He becomes a member of the clan in `role`: the clan's side and its общак (his own coins join it)."""
    coins = cit(state, pid).coins if not cit(state, pid).purse else 0
    become(state, pid, role, side=clan)
    with edit(Citizen, state.player(pid)) as me:
        me.purse, me.coins = clan, 0
    if coins:
        _fund(state, clan, coins)
    for key in ("cl_hired_by", "cl_clan", "cl_task", "cl_task_night"):
        set_flag(state, pid, key, 0)
    set_flag(state, pid, "cl_joined", state.phase)
    announce_clan(state, clan)


def _fund(state: GameState, clan: str, coins: int) -> None:
    from engine.rulesets.classic.model import Town

    with edit(Town, state) as town:
        town.funds = {**town.funds, clan: town.funds.get(clan, 0) + coins}


# ---------------------------------------------------------------- the cops: the Следователь

@MOVES.move("investigator_shot", step=o.STEP_INVESTIGATOR)
def investigator_shot(move: Move) -> None:
    """«ходить на убийство»: the cops' one shot of the night, at the Следователь's step."""
    if move.reach(move.target):
        move.shoot(move.target)
        move.done()


@MOVES.rule("cop")
def _cop(state: GameState, pid: int, what: str) -> None:
    if not is_cop(state, pid):
        raise Refusal("not_allowed", what=what, reason="not_a_cop")


def _cover_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """«Не могут прикрывать друг друга, не могут два дня подряд прикрывать одного и того же игрока.»"""
    target = int(params["target"])
    if is_cop(state, target):
        raise Refusal("invalid_target", target=target, reason="cop_covers_cop")
    if flag(state, target, "cl_covered") == state.phase - 2 and state.phase > 2:
        raise Refusal("invalid_target", target=target, reason="covered_last_night")


@MOVES.move("cops_cover", step=o.STEP_COPS_COVER, check=_cover_check)
def cover(move: Move) -> None:
    """Прикрытие: the target is guarded this night from the hostile acts of the mafia, the thief, the thug, a
    zombie, the psycho and the maniac (not the vampire's bite); while the cop stands. An order is fulfilled
    by a successful cover (its 2 coins from the customer); one not ordered earns the cops' bonus («Удачное
    прикрытие(без заказа) - 2 монеты»)."""
    state = move.state
    if not move.reach(move.target):
        return
    state.add_effect(COVERED, target=move.target, source=move.actor, during=THIS_PHASE)
    set_flag(state, move.target, "cl_covered", state.phase)
    ordered = [d for d in services.orders_for(state, move.actor, "cover") if d.target == move.target]
    if ordered:
        for day_order in ordered:
            services.fulfil(state, day_order, move.actor)
    else:
        economy.bonus(state, move.actor, "cops_cover")
    move.done()


def interrogations(res: Resolution) -> dict[int, int]:
    """This night's interrogations: the cop (in the station all night) → the jailed he questions."""
    orders: dict[int, list[Any]] = res.scratch.get("orders", {})
    return {pid: int(x.params["target"]) for pid, found in orders.items() for x in found
            if x.kind == "cops_interrogate"}


def _interrogated_cops(move: Move) -> set[int]:
    return set(interrogations(move.res))


@MOVES.queries.modifier("reach", layer=30)
def _cover_and_station(state: GameState, allowed: bool, *, actor: int, target: int, move: Move) -> bool:
    """The covered are out of reach of the listed sides' hostile acts («Выстрел в прикрываемого копами —
    неудачно»); the interrogating cop is out of reach of all but the Вампир, the Псих, the Дух and the shiv
    («Выстрел в копа проводящего допрос — неудачно»); the clans cannot harm the Внебрачный ребёнок."""
    if not allowed or actor == target:
        return allowed
    me = state.player(actor)
    hostile = family.is_hostile(move.ability.id)
    if hostile and (me.faction in COVER_STOPS_SIDES or me.secret_role in COVER_STOPS_ROLES):
        for effect in state.effects_of(COVERED, target=target):
            if effect.source is not None and not down(state, effect.source):
                return False
    if target in _interrogated_cops(move) and me.secret_role not in STATION_PIERCING_ROLES \
            and move.ability.id not in STATION_PIERCING:
        return False
    # «Мафия не может убить, завербовать подкидыша»
    mafioso = me.faction in CLANS or me.secret_role == "apprentice"
    return not (hostile and mafioso and state.player(target).secret_role == "bastard")


def _interrogate_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """«Посаженного днём игрока можно допросить только в ночь, следующую за днём его посадки»."""
    target = int(params["target"])
    if not in_prison(state, target) or cit(state, target).jailed_day != state.day_number - 1:
        raise Refusal("invalid_target", target=target, reason="not_jailed_yesterday")


def jailing_bonuses(state: GameState, jailed: int) -> None:
    """«Монеты за посадку начисляются при вскрытии роли посаженного игрока»: to each who voted him in, by
    his side and the jailed's role (3.1)."""
    them = state.player(jailed)
    theirs = "mafia" if them.faction in CLANS else them.faction
    role = them.secret_role
    for voter in cit(state, jailed).jailed_by:
        if not state.player(voter).alive:
            continue
        side = state.player(voter).faction
        key = None
        if side in CLANS and (theirs == "cops" or role in ("priest", "warlock")):
            key = "mafia_jail_cop"
        elif side == "cops" and (theirs in ("mafia", "maniac", "thug") or role == "warlock"):
            key = "cops_jail"
        elif side == "town" and (theirs == "mafia" or role == "warlock"):
            key = "town_jail"
        elif side == "unclean" and role in ("van_helsing", "priest"):
            key = "unclean_jail"
        if key is not None:
            economy.bonus(state, voter, key)


@MOVES.move("cops_interrogate", step=o.STEP_INTERROGATION, check=_interrogate_check)
def interrogate(move: Move) -> None:
    """Допрос: the jailed's role to the cops, revealed to all in the morning header; +1 coin to the cop, the
    jailing's bonuses to the voters. A mafioso names one accomplice (his choice: a question to him, answered
    by day; an apprentice only when no other member is left)."""
    state = move.state
    target = move.target
    if (not state.player(target).alive or not in_prison(state, target)
            or cit(state, target).jailed_day != state.day_number - 1 or flag(state, target, "cl_interrogated")):
        move.fail("not_jailed_yesterday")
        return
    set_flag(state, target, "cl_interrogated", 1)
    role = state.player(target).secret_role
    for cop in [p.pid for p in state.players if p.alive and p.faction == "cops"]:
        state.emit("interrogation", "player", cop, target=target, role=role)
    reveal(state, target)
    economy.bonus(state, move.actor, "cops_interrogation")
    jailing_bonuses(state, target)
    clan = clan_of(state, target)
    if clan is not None:
        options = [pid for pid in members(state, clan) if pid != target] or apprentices_of(state, clan)
        if options:
            rulings.ask_at_resolution(state, f"accomplice{target}d{state.day_number}", "name_accomplice",
                                      options, options[0], to=target, among="players")
    move.done()


@MOVES.rule("sheriff_jailed")
def _sheriff_jailed(state: GameState, pid: int, what: str) -> None:
    """«Если Шериф был посажен в тюрьму, но не убивал никого кроме мафии - Следователь, вместо ночного хода,
    выпустит его из тюрьмы на следующее утро. При повторной посадке из тюрьмы не выходит.»"""
    if freeable_sheriff(state) is None:
        raise Refusal("not_allowed", what=what, reason="no_sheriff_to_free")


def freeable_sheriff(state: GameState) -> int | None:
    for p in state.players:
        if (p.alive and p.secret_role == "sheriff" and in_prison(state, p.pid)
                and p.flags.get("cl_jailed", 0) <= 1 and not p.flags.get("cl_dirty")):
            return p.pid
    return None


@MOVES.move("free_sheriff", step=o.STEP_JAIL_EXIT)
def free_sheriff(move: Move) -> None:
    sheriff = freeable_sheriff(move.state)
    if sheriff is None or not release(move.state, sheriff, "investigator"):
        move.fail()
        return
    move.done()


def _on_jail(state: GameState, pid: int, why: str) -> None:
    set_flag(state, pid, "cl_jailed", flag(state, pid, "cl_jailed") + 1)


@MOVES.layer("shot_landed", o.LAYER_SHOT_LANDED)
def _shot_landed(res: Resolution, packet: DamagePacket) -> None:
    """The last layer: the act got through; its author is kept on the victim (who killed him, at his death)."""
    if packet.source is not None:
        set_flag(res.state, packet.target, "cl_shot_by", packet.source + 1)


def _on_death(state: GameState, pid: int, cause: str) -> None:
    player = state.player(pid)
    killer = player.flags.get("cl_shot_by", 0) - 1  # a cop who killed someone not of the mafia
    if killer >= 0 and is_cop(state, killer) and player.faction not in CLANS:
        set_flag(state, killer, "cl_dirty", 1)
    if player.secret_role == "sheriff":  # «При смерти шерифа становится шерифом»
        for other in state.players:
            if other.alive and other.secret_role == "investigator":
                become(state, other.pid, "sheriff")
                break
    if player.secret_role == "boss" and player.faction in CLANS:
        succeed(state, player.faction)


MOVES.on_jail.append(_on_jail)
MOVES.on_death.append(_on_death)


# ---------------------------------------------------------------- the mafia: the Босс

@MOVES.move("boss_search", step=o.STEP_MAFIA_BOSS)
def boss_search(move: Move) -> None:
    """«поиск шерифа (если находит шерифа то сразу в него стреляет)»; else he learns «не шериф»."""
    if not move.reach(move.target):
        return
    if move.state.player(move.target).secret_role == "sheriff":
        move.tell("sheriff_found", target=move.target)
        move.shoot(move.target)
    else:
        move.tell("sheriff_not_found", target=move.target)
    move.done()


def succeed(state: GameState, clan: str) -> None:
    """The Босс is dead. The first Босс killed: the Внебрачный ребёнок, if in the game, takes his place at
    «Коронация». Else «новым Боссом становится Рядовой, находящийся в клане дольше всех. Если рядовых нет, то
    Боссом становится вербовщик, сохраняя при этом способность вербовать в клан новичков»."""
    first = state.counters.get("cl_bosses_dead", 0) == 0
    state.counters["cl_bosses_dead"] = state.counters.get("cl_bosses_dead", 0) + 1
    if first:
        for p in state.players:
            if p.secret_role == "bastard" and in_play(state, p.pid) and not down(state, p.pid):
                set_flag(state, p.pid, "cl_heir", CLANS.index(clan) + 1)
                return
    promote(state, clan)


def promote(state: GameState, clan: str) -> None:
    alive = [pid for pid in members(state, clan) if state.player(pid).secret_role != "boss"]
    if any(state.player(pid).secret_role == "boss" for pid in members(state, clan)):
        return
    soldiers = sorted((pid for pid in alive if state.player(pid).secret_role == "soldier"),
                      key=lambda pid: (not in_play(state, pid), flag(state, pid, "cl_joined"), pid))
    recruiters = [pid for pid in alive if state.player(pid).secret_role == "recruiter"]
    heir = soldiers[0] if soldiers else (recruiters[0] if recruiters else None)
    if heir is None:
        return
    if state.player(heir).secret_role == "recruiter":
        set_flag(state, heir, "cl_recruits", 1)
    become(state, heir, "boss", side=clan)
    for pid in members(state, clan):
        state.emit("clan_new_boss", "player", pid, pid=heir)


@MOVES.after_step(o.STEP_CORONATION)
def coronation(res: Resolution) -> None:
    """«Коронация» сына босса: «После смерти отца (первого убитого Босса) занимает его место… Покупную роль
    теряет…, если был завербован то покидает клан… и становится Боссом»."""
    state = res.state
    for p in state.players:
        index = p.flags.get("cl_heir", 0)
        if not index:
            continue
        set_flag(state, p.pid, "cl_heir", 0)
        clan = CLANS[index - 1]
        if not p.alive or p.secret_role == "zombie":
            promote(state, clan)
            continue
        join_clan(state, p.pid, "boss", clan)
        state.emit("coronation", "master", None, pid=p.pid, clan=clan)
        for pid in members(state, clan):
            if pid != p.pid:
                state.emit("clan_new_boss", "player", pid, pid=p.pid)


@MOVES.after_step(o.STEP_CHEMIST)
def mourning(res: Resolution) -> None:
    """«При убийстве подкидыша текущей ночью все ходы мафии неудачно (траур)»: if the Внебрачный ребёнок is
    dying this night, the clans' kills of the night are undone and their offers of recruitment void."""
    state = res.state
    if not any(p.secret_role == "bastard" and p.alive and down(state, p.pid) for p in state.players):
        return
    mafiosi = {p.pid for p in state.players if p.faction in CLANS or p.secret_role == "apprentice"}
    state.effects = [e for e in state.effects if not (e.kind == DYING and e.source in mafiosi)]
    for pid in sorted(mafiosi):
        if state.player(pid).alive and flag(state, pid, "cl_offer_night") == state.phase:
            for key in ("cl_offer_to", "cl_offer_night"):
                set_flag(state, pid, key, 0)
        if state.player(pid).alive and pid in res.scratch.get("orders", {}):
            state.emit("mourning", "player", pid)


# ---------------------------------------------------------------- who sends the clan's moves

# 1.6: «Все игроки отправляют Ведущему свои ночные хода. У мафии шлет босс мафии или уполномоченное лицо»; 6.3:
# «Рядовой мафиози. Ходит на дело ночью, если посылает босс.» With the setting `clan_orders` "boss" (default) a
# member's night move counts only if his Босс sent him on the job this night; "each": every member sends his own.
SENT = "cl_sent"  # target: the member sent this night; source: the Босс
OWN_MOVES = frozenset({"home", "bar"})  # «сижу дома»; the bar is «любой персонаж, вместо своего ночного хода»
MOVES.failure("not_sent")


def boss_of(state: GameState, clan: str) -> int | None:
    """The clan's Босс who can send: alive and not in prison."""
    return next((pid for pid in members(state, clan) if state.player(pid).secret_role == "boss"
                 and in_play(state, pid)), None)


def _send_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    target = int(params["target"])
    if clan_of(state, target) != clan_of(state, pid) or not in_play(state, target):
        raise Refusal("invalid_target", target=target, reason="not_clanmate")
    if state.effects_of(SENT, target=target):
        raise Refusal("invalid_target", target=target, reason="sent_already")


@MOVES.instant("clan_send")
def clan_send(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """«Ходит на дело ночью, если посылает босс»: not a move of the Босс; the member is told."""
    _send_check(state, pid, params)
    target = int(params["target"])
    state.add_effect(SENT, target=target, source=pid, during=THIS_PHASE)
    state.emit("clan_sent", "player", target)
    state.emit("clan_sent_by_you", "player", pid, target=target)


@MOVES.queries.modifier("may_move", layer=10)
def _sent(state: GameState, why: str | None, *, pid: int, ability: str) -> str | None:
    """A member's night move without the Босс's word fails («неудачно: Босс не посылал на дело»). **Решение**: the
    Босс jailed, or no Босс in the game (the heir's «Коронация» pending), every member sends his own — the
    «уполномоченное лицо»."""
    clan = clan_of(state, pid)
    if why is not None or clan is None or state.settings.get("clan_orders", "boss") != "boss" or state.is_day:
        return why
    if state.player(pid).secret_role == "boss" or ability in OWN_MOVES or boss_of(state, clan) is None:
        return why
    return None if state.effects_of(SENT, target=pid) else "not_sent"


# ---------------------------------------------------------------- the mafia: the Вербовщик and his recruits

@MOVES.move("recruiter_kill", step=o.STEP_MAFIA_SOLDIER)
def recruiter_kill(move: Move) -> None:
    """«Использует все функции обычного мафиози»: the clan's kill, at the Рядовой's step."""
    mafia.clan_kill(move)


MOVES.move("dark_journalist_kill", step=o.STEP_MAFIA_SOLDIER, hostile=True)(mafia.clan_kill)  # «Журналист-рядовой»


@MOVES.rule("may_recruit")
def _may_recruit(state: GameState, pid: int, what: str) -> None:
    """The Вербовщик (or a Босс who was one); «Пока в клане есть ученик, вербовщик не может вербовать нового
    ученика»; a clan of five takes nobody more."""
    me = state.player(pid)
    if not (me.secret_role == "recruiter" or (me.secret_role == "boss" and me.flags.get("cl_recruits"))):
        raise Refusal("not_allowed", what=what, reason="not_a_recruiter")
    clan = clan_of(state, pid)
    if clan is None:
        raise Refusal("not_allowed", what=what, reason="not_a_recruiter")
    if apprentices_of(state, clan):
        raise Refusal("not_allowed", what=what, reason="has_apprentice")
    if len(members(state, clan)) >= CLAN_MAX:
        raise Refusal("not_allowed", what=what, reason="clan_full")


@MOVES.rule("blackmail_fee")
def _blackmail_fee(state: GameState, pid: int, what: str) -> None:
    if not economy.can_pay(state, pid, BLACKMAIL_PRICE):
        raise Refusal("not_allowed", what=what, reason="no_coins")


def recruitable(state: GameState, target: int, clan: str) -> bool:
    from engine.rulesets.classic.roles.town import saw_murder  # town imports after this module

    player = state.player(target)
    if not in_play(state, target) or player.secret_role in UNRECRUITABLE_ROLES:
        return False
    if player.secret_role == "journalist" and (not saw_murder(state, target) or player.flags.get(JOURNALIST_REFUSED)):
        return False
    if player.faction in UNRECRUITABLE_SIDES:
        return False
    if player.flags.get(f"cl_apprenticed_{CLANS.index(clan)}"):
        return False  # «Повторно не может быть завербован тем же кланом»
    return player.flags.get("cl_changed", 0) != state.phase  # recruited by blackmail this night


def hire(state: GameState, target: int, recruiter: int, clan: str) -> None:
    """«Этот игрок становится учеником клана» (his role is no longer his); a Спортсмен becomes a Вышибала."""
    from engine.rulesets.classic.roles.town import athlete_recruited  # town imports after this module

    economy.bonus(state, recruiter, "mafia_recruit")
    if athlete_recruited(state, target):
        return
    if state.player(target).secret_role == "journalist":  # «Журналист-рядовой»: a member at once, his role kept
        join_clan(state, target, "dark_journalist", clan)
        return
    become(state, target, "apprentice")
    index = CLANS.index(clan)
    set_flag(state, target, "cl_hired_by", recruiter + 1)
    set_flag(state, target, "cl_clan", index + 1)
    set_flag(state, target, f"cl_apprenticed_{index}", 1)
    set_flag(state, target, "cl_changed", state.phase)
    state.emit("apprentice_hired", "player", target)


def _recruit_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Not one's own clan («Мафы» cannot be recruited; one's own are known)."""
    target = int(params["target"])
    if clan_of(state, pid) is not None and clan_of(state, target) == clan_of(state, pid):
        raise Refusal("invalid_target", target=target, reason="own_clan")


@MOVES.move("recruit_blackmail", step=o.STEP_RECRUITER, check=_recruit_check)
def recruit_blackmail(move: Move) -> None:
    """Вербовка с шантажом (5 coins, taken whatever the outcome unless the move is blocked): no choice for the
    recruit — one who may be recruited becomes the clan's apprentice at once."""
    state = move.state
    clan = clan_of(state, move.actor)
    if clan is None or not move.reach(move.target):
        return
    if not economy.pay(state, move.actor, BLACKMAIL_PRICE, "blackmail"):
        move.fail("no_coins")
        return
    if recruitable(state, move.target, clan) and not apprentices_of(state, clan):
        hire(state, move.target, move.actor, clan)
        move.tell("recruit_success", target=move.target)
        move.done()
        return
    state.emit("recruit_attempt", "player", move.target)
    move.fail("recruit_refused")


@MOVES.move("recruit", step=o.STEP_RECRUITER, check=_recruit_check)
def recruit(move: Move) -> None:
    """Вербовка: the offer is made; at the night's end (unless the recruiter or the recruit is dying: «вербовка
    считается не состоявшейся… Вербовщик же получает ответ — неудачно») the recruit is asked, by day."""
    state = move.state
    if clan_of(state, move.actor) is None or not move.reach(move.target):
        return
    set_flag(state, move.actor, "cl_offer_to", move.target + 1)
    set_flag(state, move.actor, "cl_offer_night", state.phase)


def _offers(state: GameState, key: str) -> list[tuple[int, int, str]]:
    """(recruiter, target, clan) of the offers whose flag `key` is this phase."""
    found = []
    for p in state.players:
        clan = clan_of(state, p.pid)
        if p.alive and clan is not None and p.flags.get(key) == state.phase and p.flags.get("cl_offer_to"):
            found.append((p.pid, p.flags["cl_offer_to"] - 1, clan))
    return found


@MOVES.after_step(o.STEP_CHEMIST)
def offers_made(res: Resolution) -> None:
    """The night's offers: void if either is dying; one who cannot be recruited is only told of the attempt;
    else one question to him, with every clan that offered (a choice when two clans recruit him)."""
    state = res.state
    asked: dict[int, list[str]] = {}
    for recruiter, target, clan in _offers(state, "cl_offer_night"):
        if down(state, recruiter) or down(state, target):
            set_flag(state, recruiter, "cl_offer_to", 0)
            state.emit("move_failed", "player", recruiter, what="recruit", why="interfered")
            continue
        set_flag(state, recruiter, "cl_offer_day", state.phase + 1)
        if recruitable(state, target, clan):
            asked.setdefault(target, []).append(f"join_{clan}")
        else:
            state.emit("recruit_attempt", "player", target)
    for target, options in sorted(asked.items()):
        offered = sorted(options) if len(options) > 1 else ["accept"]
        rulings.ask_at_resolution(state, f"recruit{target}n{state.phase}", "recruit_offer",
                                  [*offered, "refuse"], "refuse", to=target)


@MOVES.after_step(o.STEP_DAY_MOVES)
def answers(res: Resolution) -> None:
    """By day: the recruits' answers («Вербовка происходит после ответа игрока»; the recruiter learns the
    outcome in the day), and the jailed mafiosi's accomplice named at the interrogation."""
    state = res.state
    for recruiter, target, clan in _offers(state, "cl_offer_day"):
        for key in ("cl_offer_to", "cl_offer_night", "cl_offer_day"):
            set_flag(state, recruiter, key, 0)
        key = f"recruit{target}n{state.phase - 1}"
        accepted = (rulings.asked(state, key) and rulings.ruling(state, key) in ("accept", f"join_{clan}")
                    and in_play(state, recruiter) and recruitable(state, target, clan)
                    and not apprentices_of(state, clan) and len(members(state, clan)) < CLAN_MAX)
        if accepted:
            hire(state, target, recruiter, clan)
            state.emit("recruit_success", "player", recruiter, target=target)
        else:
            if state.player(target).secret_role == "journalist" and rulings.asked(state, key):
                set_flag(state, target, JOURNALIST_REFUSED, 1)  # «не может принять повторное предложение»
            state.emit("recruit_refused", "player", recruiter, target=target)
    for key, question in sorted(state.questions.items()):
        if question.kind == "name_accomplice" and question.phase == state.phase:
            [named] = rulings.picked(state, key)
            jailed = question.to
            for cop in [p.pid for p in state.players if p.alive and p.faction == "cops"]:
                state.emit("accomplice_named", "player", cop, target=jailed, pid=named)


# ---------------------------------------------------------------- the Ученик клана

@MOVES.rule("hirer")
def _hirer(state: GameState, pid: int, what: str) -> None:
    if not my_apprentices(state, pid):
        raise Refusal("not_allowed", what=what, reason="no_apprentice")


def my_apprentices(state: GameState, pid: int) -> list[int]:
    return [p.pid for p in state.players if p.alive and p.secret_role == "apprentice"
            and p.flags.get("cl_hired_by") == pid + 1]


@MOVES.move("apprentice_task", step=o.STEP_DAY_MOVES, paid=False, free=True)
def apprentice_task(move: Move) -> None:
    """«Наниматель может поручить ученику только убийство… задание получает анонимно»: a day order (not a
    move), passed on at the day's end; the apprentice learns the target, not who gave it."""
    state = move.state
    for pid in my_apprentices(state, move.actor):
        set_flag(state, pid, "cl_task", move.target + 1)
        set_flag(state, pid, "cl_task_night", state.phase + 1)
        state.emit("apprentice_task_given", "player", pid, target=move.target)
    move.done()


@MOVES.move("apprentice_kill", step=o.STEP_APPRENTICE)
def apprentice_kill(move: Move) -> None:
    """The apprentice's shot. «Если Вербовщик садится и выходит, ночной ход ученика - неудачно.» A success —
    not blocked, and the victim killed or wounded (a heal later does not undo it), on the task's target when
    there is one — makes him a Рядовой of the clan."""
    state = move.state
    me = state.player(move.actor)
    hirer = me.flags.get("cl_hired_by", 0) - 1
    clan_index = me.flags.get("cl_clan", 0) - 1
    if hirer >= 0 and cit(state, hirer).jailed_day == state.day_number - 1:
        move.fail()
        return
    if clan_index >= 0 and state.player(move.target).faction == CLANS[clan_index]:
        move.fail()  # no shooting at the clan (he does not know it: «неудачно»)
        return
    if not move.reach(move.target):
        return
    packet = move.shoot(move.target)
    move.done()
    task = me.flags.get("cl_task", 0) if me.flags.get("cl_task_night") == state.phase else 0
    if packet.amount > 0 and clan_index >= 0 and (not task or task == move.target + 1):
        join_clan(state, move.actor, "soldier", CLANS[clan_index])


@MOVES.after_step(o.STEP_REANIMATOR)
def orphans(res: Resolution) -> None:
    """«Если Вербовщик убит или садится и не вышел, то ученик становиться Вышибалой» — «если нет другого такого
    же персонажа в игре, в противном случае становится мирным»."""
    state = res.state
    for p in state.players:
        if not p.alive or p.secret_role != "apprentice":
            continue
        hirer = p.flags.get("cl_hired_by", 0) - 1
        if hirer >= 0 and state.player(hirer).alive and not in_prison(state, hirer):
            continue
        for key in ("cl_hired_by", "cl_clan", "cl_task", "cl_task_night"):
            set_flag(state, p.pid, key, 0)
        bouncer = any(q.alive and q.secret_role == "bouncer" for q in state.players)
        become(state, p.pid, "citizen" if bouncer else "bouncer")


# ---------------------------------------------------------------- the clan's shot into the jail

@MOVES.rule("in_clan")
def _in_clan(state: GameState, pid: int, what: str) -> None:
    if clan_of(state, pid) is None:
        raise Refusal("not_allowed", what=what, reason="not_in_clan")


def _jail_shot_check(state: GameState, pid: int, params: dict[str, Any]) -> None:
    target = int(params["target"])
    if not in_prison(state, target) or clan_of(state, target) != clan_of(state, pid):
        raise Refusal("invalid_target", target=target, reason="not_jailed_clanmate")


@MOVES.move("clan_jail_shot", step=o.STEP_CLAN_JAIL_SHOT, check=_jail_shot_check)
def clan_jail_shot(move: Move) -> None:
    """«Мафия может застрелить своего коллегу если того посадили, чтобы предотвратить его допрос»: he dies at
    once, his role not revealed (1.13)."""
    state = move.state
    if not state.player(move.target).alive or not in_prison(state, move.target):
        move.fail()
        return
    die(state, move.target, "clan_shot")
    move.done()


# ---------------------------------------------------------------- words

MOVES.words(
    EventFormat("interrogation", params={"role": Value("role")}),
    EventFormat("coronation", params={"clan": Value("faction")}),
    EventFormat("clan_sent_by_you", params={"target": Value("player")}),
)
