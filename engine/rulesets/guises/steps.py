"""«Мафия с личинами»'s resolution: every step of order.py, in that order. Everything declared in a phase
resolves at its end; damage is collected as packets and taken off HP once every attack is known."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core import visits
from engine.core.blocks import drop_orders
from engine.core.durations import NEXT_DAY, NEXT_NIGHT, NEXT_PHASE, THIS_PHASE, UNTIL_END, n_phases
from engine.core.extensions import edit, read
from engine.core.phase import finish, kill, revalidate
from engine.core.resolution import DamagePacket, Resolution, add_replacement
from engine.core.state import GameState, Order
from engine.rulesets.guises import order as o
from engine.rulesets.guises.abilities import ABILITIES, GRANTED_BY_DEATH
from engine.rulesets.guises.model import (
    AMNESTY,
    ANONYMOUS,
    COOKED,
    PRISON,
    PUBLIC,
    RIOT,
    SILENCE,
    SPIRIT,
    WATCH,
    Character,
    Table,
    add_guises,
    cards,
    change_hp,
    char,
    guise_counts,
    has_public,
    hp,
    in_prison,
    is_spirit,
    set_cards,
)
from engine.rulesets.guises.ruleset import PIPELINE, QUERIES, REPLACEMENTS

OBSTRUCTED = "obstructed"  # Срыв расследования: this night, the target's abilities see only «Аноним»


def begin_phase(state: GameState, phase: int) -> None:
    state.phase = phase
    state.emit("phase_started", "public", None, phase=phase, night=state.is_night, day=state.day_number)


def passive(state: GameState, pid: int, role: str, *, prison: bool = False) -> bool:
    """A public role's passive ability works: he has it, and the prison has not taken it (unless «Т»)."""
    return has_public(state, pid, role) and (prison or not in_prison(state, pid))


def kept(res: Resolution, kind: str) -> Iterator[tuple[int, Order]]:
    """The phase's standing orders of a kind (after blocks), by seat."""
    for pid, orders in sorted(res.scratch["orders"].items()):
        for order in orders:
            if order.kind == kind:
                yield pid, order


def target(order: Order) -> int:
    return int(order.params["target"])


# ---------------------------------------------------------------- orders and blocks

@PIPELINE.step("collect", o.STEP_COLLECT)
def collect(res: Resolution) -> None:
    """Each living character's orders, checked again (a status gained since may drop one)."""
    from engine.rulesets.guises.ruleset import Guises

    state = res.state
    validate = Guises().validate_orders
    res.scratch["orders"] = {p.pid: revalidate(state, p.pid, validate) for p in state.living()
                             if state.orders.get(p.pid)}
    res.scratch["start_cards"] = {p.pid: cards(state, p.pid) for p in state.players}


@PIPELINE.step("blocks", o.STEP_BLOCKS)
def blocks(res: Resolution) -> None:
    """Допрос and Задержание block their targets at once; a blocked character declared nothing (but «Б»)
    and learns it, not by whom. The Берсерк cannot be blocked (Ярость, Т). Then what stands is spent."""
    state = res.state
    blocked: set[int] = set()
    for orders in res.scratch["orders"].values():
        for order in orders:
            ability = ABILITIES.of_order(order)
            if ability is not None and ability.has("blocks"):
                blocked.update(ability.targets_in(order.params))
    blocked = {pid for pid in blocked if not passive(state, pid, "berserk", prison=True)}
    drop_orders(res, blocked, keeps=lambda order: _unblockable(order))
    for pid, orders in sorted(res.scratch["orders"].items()):
        for order in orders:
            if order.kind in ABILITIES:
                ABILITIES.resolved(state, pid, order)


def _unblockable(order: Order) -> bool:
    ability = ABILITIES.of_order(order)
    return ability is not None and ability.has("unblockable")


# ---------------------------------------------------------------- guises

@PIPELINE.step("guises", o.STEP_GUISES)
def guises(res: Resolution) -> None:
    state = res.state
    for pid, order in kept(res, "double_life"):  # all his guises become the one named, as many as he had
        with edit(Character, state.player(pid)) as me:
            me.guises = {str(order.params["guise"]): max(1, sum(me.guises.values()))}
    for _pid, order in kept(res, "slander"):
        add_guises(state, target(order), str(order.params["guise"]), 3)
    for pid, order in kept(res, "disguise"):
        add_guises(state, pid, str(order.params["guise"]), 20, tonight=True)
    for _pid, order in kept(res, "aid"):
        add_guises(state, target(order), state.player(target(order)).secret_role, 2)
    for pid, order in kept(res, "move"):
        if order.params.get("play") == "talon":
            add_guises(state, pid, str(order.params["guise"]), 5, tonight=True)
    for _pid, order in kept(res, "obstruct"):
        state.add_effect(OBSTRUCTED, target=target(order), during=THIS_PHASE)


@QUERIES.modifier("appearance")
def _obstruction(state: GameState, value: object, *, observer: int, target: int, aspect: str, **_: object) -> object:
    if aspect == "guise" and state.effects_of(OBSTRUCTED, target=observer):
        return ANONYMOUS
    return value


def learn_guise(res: Resolution, observer: int, whom: int, via: str) -> str:
    """One guise drawn from `whom`, as `observer` sees it; the Маньяк learns each drawn from him."""
    from engine.core.checks import learn

    state = res.state
    seen = str(learn(res.ruleset, state, observer, whom, "guise"))
    state.emit("guise_learned", "player", observer, target=whom, guise=seen, how=via)
    if state.player(whom).secret_role == "maniac" and observer != whom:
        state.emit("guise_drawn_from_you", "player", whom, guise=seen)
    return seen


# ---------------------------------------------------------------- checks

TWICE = ("mastermind", "intel", "testimony")
ONCE = ("hands_forensic", "hands_investigator", "hands_juror", "stalk")
AUTOPSY = ("autopsy_forensic", "autopsy_detective", "exhume")


@PIPELINE.step("checks", o.STEP_CHECKS)
def checks(res: Resolution) -> None:
    state = res.state
    for kind in (*TWICE, *ONCE):
        for pid, order in kept(res, kind):
            for _ in range(2 if kind in TWICE else 1):
                learn_guise(res, pid, target(order), kind)
    for pid, order in kept(res, "search"):
        named = str(order.params["guise"])
        seen = {} if state.effects_of(OBSTRUCTED, target=pid) else guise_counts(state, target(order))
        if named in seen:
            state.emit("guise_found", "player", pid, target=target(order), guise=named)
        else:
            state.emit("guise_not_found", "player", pid, target=target(order), guise=named)
    for kind in AUTOPSY:
        for pid, order in kept(res, kind):
            state.emit("role_learned", "player", pid, target=target(order),
                       secret_role=state.player(target(order)).secret_role)
    if state.is_night:
        for watch in state.effects_of(WATCH):
            if watch.source is not None and watch.target is not None and state.player(watch.source).alive:
                learn_guise(res, watch.source, watch.target, "investigate")
    table = read(Table, state)
    for pid, _order in kept(res, "seance"):
        dead = [int(p) for p, phase in sorted(table.died.items()) if phase == state.phase - 1]
        for whom in dead:
            learn_guise(res, pid, whom, "seance")
        if not dead:
            state.emit("seance_empty", "player", pid)


# ---------------------------------------------------------------- attacks

def attack(res: Resolution, source: int, whom: int, amount: int, *, cause: str = "attack") -> None:
    res.damage(DamagePacket(target=whom, amount=amount, source=source, cause=cause))


def _guessed(state: GameState, order: Order) -> bool:
    return state.player(target(order)).secret_role == order.params.get("role")


@PIPELINE.step("attacks", o.STEP_ATTACKS)
def attacks(res: Resolution) -> None:
    state = res.state
    for kind, amount in (("pistol", 1), ("shotgun", 2), ("revolver", 1), ("preemptive", 1), ("assault", 1)):
        for pid, order in kept(res, kind):
            attack(res, pid, target(order), amount)
            if kind == "shotgun":
                state.emit("shotgun_used", "public", None, pid=pid)
    for kind, amount in (("sniper", 2), ("backstab", 1)):
        for pid, order in kept(res, kind):
            if _guessed(state, order):
                attack(res, pid, target(order), amount)
    for pid, order in kept(res, "retribution"):
        if _guessed(state, order) or state.player(target(order)).faction == "law":
            attack(res, pid, target(order), 2)
    for pid, order in kept(res, "sabotage"):
        seen = {} if state.effects_of(OBSTRUCTED, target=pid) else guise_counts(state, target(order))
        if seen.get(str(order.params["guise"]), 0) >= 10:
            attack(res, pid, target(order), 1)
    for pid, order in kept(res, "bloodbath"):  # not an attack
        for victim in state.living():
            if victim.public_role == order.params["public"] and victim.secret_role == order.params["role"]:
                attack(res, pid, victim.pid, 2, cause="damage")
    for pid, order in kept(res, "sabotage_day"):  # Диверсия: 1 damage, not called an attack
        attack(res, pid, target(order), 1, cause="damage")
        state.emit("sabotage_day_target", "public", None, target=target(order))
    for boss, _order in kept(res, "sawn_off"):  # Обрез: everyone but the Mafia who used an ability on him
        for pid, orders in sorted(res.scratch["orders"].items()):
            if pid == boss or state.player(pid).faction == "mafia":
                continue
            if any(boss in ABILITIES[order.kind].targets_in(order.params) for order in orders if order.kind in ABILITIES):
                attack(res, boss, pid, 1)


# ---------------------------------------------------------------- damage

@PIPELINE.step("damage", o.STEP_DAMAGE)
def damage(res: Resolution) -> None:
    state = res.state
    res.scratch["cover"] = {int(order.params["targets"][0]): int(order.params["targets"][1])
                            for _pid, order in kept(res, "cover")}
    res.scratch["vest"] = {target(order): pid for pid, order in kept(res, "vest")}
    res.scratch["somersault"] = {pid for pid, _order in kept(res, "somersault")}
    whist = {pid for pid, order in kept(res, "move") if order.params.get("play") == "whist"}
    res.scratch["whist"] = whist
    hit_before = {p.target for p in res.packets}
    res.apply_replacements(REPLACEMENTS)
    for whom, amount in sorted(res.final_damage.items()):
        if state.player(whom).alive:
            change_hp(state, whom, -amount)
            state.emit("guises_wounded", "player", whom)
    for pid in sorted(whist - hit_before):  # Вист without damage: 1 damage in the morning
        if state.player(pid).alive:
            change_hp(state, pid, -1)
            state.emit("whist_backfired", "player", pid)


def _cover(res: Resolution, packet: DamagePacket) -> None:
    moved = res.scratch.get("cover", {}).get(packet.target)
    if packet.cause == "attack" and moved is not None:
        packet.target = moved


def _vest(res: Resolution, packet: DamagePacket) -> None:
    guard = res.scratch.get("vest", {}).get(packet.target)
    if packet.cause == "attack" and guard is not None and guard != packet.target:
        packet.target = guard
        if packet.source is not None:  # dealt back, not an attack
            res.damage(DamagePacket(target=packet.source, amount=packet.amount, source=guard, cause="damage",
                                    applied={"cover", "vest"}))


def _highlander(res: Resolution, packet: DamagePacket) -> None:
    if res.state.phase in (1, 3) and passive(res.state, packet.target, "highlander", prison=True):
        packet.amount = 0


def _somersault(res: Resolution, packet: DamagePacket) -> None:
    if packet.cause == "attack" and packet.target in res.scratch.get("somersault", ()):
        packet.amount = 0


def _whist(res: Resolution, packet: DamagePacket) -> None:
    if packet.target in res.scratch.get("whist", ()):
        packet.amount = 0


for _name, _layer, _fn in (("cover", o.LAYER_COVER, _cover), ("vest", o.LAYER_VEST, _vest),
                           ("highlander", o.LAYER_HIGHLANDER, _highlander),
                           ("somersault", o.LAYER_SOMERSAULT, _somersault), ("whist", o.LAYER_WHIST, _whist)):
    add_replacement(REPLACEMENTS, _name, _layer, _fn)


# ---------------------------------------------------------------- statuses

def jail(state: GameState, pid: int, phases: int, why: str) -> None:
    """To prison from the next phase for `phases` phases; the Воин never goes (Неудержимый)."""
    if has_public(state, pid, "warrior") or not state.player(pid).alive:
        return
    state.add_effect(PRISON, target=pid, during=n_phases(phases, starting=NEXT_PHASE))
    state.emit("jailed", "public", None, pid=pid, why=why)


@PIPELINE.step("statuses", o.STEP_STATUSES)
def statuses(res: Resolution) -> None:
    state = res.state
    for _pid, order in kept(res, "arrest"):
        jail(state, target(order), 2, "arrest")
    for _pid, order in kept(res, "frameup"):
        if _guessed(state, order):
            jail(state, target(order), 2, "frameup")
    for _pid, order in kept(res, "raid"):
        state.emit("raid_target", "public", None, target=target(order))
        jail(state, target(order), 2, "raid")
    for _pid, order in kept(res, "cook"):
        state.add_effect(COOKED, target=target(order), during=NEXT_NIGHT)
        state.emit("cook_target", "public", None, target=target(order))
    for kind in ("silence_boss", "silence_killer", "silence_agent"):
        for _pid, order in kept(res, kind):
            state.add_effect(SILENCE, target=target(order), during=n_phases(2, starting=NEXT_PHASE))
            state.emit("silenced", "player", target(order))
    for _pid, order in kept(res, "call"):
        state.emit("boss_call", "player", target(order), text=str(order.params["text"]))
    for pid, order in kept(res, "plunder"):
        role = state.player(target(order)).public_role
        if role not in char(state, pid).looted and not has_public(state, pid, role):
            with edit(Character, state.player(pid)) as me:
                me.looted = [*me.looted, role]
            gain_public_role(state, pid, role)
        state.emit("loot_taken", "public", None, pid=pid, target=target(order))
    for pid, order in kept(res, "militia"):
        with edit(Character, state.player(pid)) as me:
            me.militia = target(order)
    for _pid, order in kept(res, "riot"):
        state.add_effect(RIOT, target=target(order), during=NEXT_DAY)
        state.emit("riot_target", "public", None, target=target(order))
    for pid, order in kept(res, "investigate"):
        state.add_effect(WATCH, target=target(order), source=pid, during=NEXT_NIGHT)
        state.emit("investigation_target", "public", None, target=target(order))
    for pid, order in kept(res, "move"):
        if order.params.get("play") == "amnesty":
            state.add_effect(AMNESTY, target=pid, during=NEXT_DAY)
    for pid, order in kept(res, "job_change"):
        state.player(pid).public_role = str(order.params["public"])
        with edit(Character, state.player(pid)) as me:
            me.changed_role = True
        gain_public_role(state, pid, str(order.params["public"]))
        state.emit("public_role_changed", "public", None, pid=pid)


def gain_public_role(state: GameState, pid: int, role: str) -> None:
    """A public role taken during the game (the Лентяй's Биржа труда, the Мародер's Расхищение) acts as
    if held from the start from then on: ЗОЖ gives its +1 ХП now; Переговоры' +3 falls from the first day
    with it (the days resolved by then are remembered)."""
    days = read(Table, state).days + (1 if state.is_day else 0)  # a day's resolution: from the next day
    with edit(Character, state.player(pid)) as me:
        me.since = {**me.since, role: days}
        if role == "strongman":
            me.hp += 1


# ---------------------------------------------------------------- the Джокер's cards

@PIPELINE.step("cards", o.STEP_CARDS)
def joker_cards(res: Resolution) -> None:
    """Each Ход costs its card, Фолд empties the hand, then Раздача and Пас give, then Хит doubles the
    hands of those who made no Ход (what they held at nightfall)."""
    state = res.state
    start: dict[int, int] = res.scratch["start_cards"]
    movers = {pid for pid, _o in kept(res, "move")} | {pid for pid, _o in kept(res, "misere")}
    res.scratch["movers"] = {pid: str(order.params.get("play")) for pid, order in kept(res, "move")} | \
        {pid: "misere" for pid, _o in kept(res, "misere")}
    for pid in sorted(movers):
        set_cards(state, pid, cards(state, pid) - 1)
    for pid, order in kept(res, "move"):
        play = order.params.get("play")
        if play == "fold":
            set_cards(state, pid, 0)
        elif play == "pass":
            set_cards(state, target(order), cards(state, target(order)) + 1)
    for _pid, order in kept(res, "deal"):
        for whom in order.params["targets"]:
            set_cards(state, int(whom), cards(state, int(whom)) + 1)
    if any(True for _ in kept(res, "joker_hit")):
        for player in state.living():
            if player.pid not in movers and start.get(player.pid, 0):
                set_cards(state, player.pid, cards(state, player.pid) + start[player.pid])
    for player in state.players:
        if cards(state, player.pid) != start.get(player.pid, 0) and player.alive:
            state.emit("cards_now", "player", player.pid, n=cards(state, player.pid))


# ---------------------------------------------------------------- the vote

def strength(state: GameState, pid: int) -> int:
    """A voter's strength in half votes: 1, Деспотия +0.5, Влияние +1, Известность +0.5, Переговоры +3 less
    one a day passed; the Сплетник's banked votes spent today are added in the vote step."""
    halves = 2
    halves += 1 if passive(state, pid, "politician") else 0
    halves += 2 if passive(state, pid, "authority") else 0
    halves += 1 if passive(state, pid, "oppositionist", prison=True) else 0
    if passive(state, pid, "ambassador"):  # from the start, or from the first day he had the role
        halves += 2 * max(0, 3 - (read(Table, state).days - char(state, pid).since.get("ambassador", 0)))
    return halves


def tie_rank(state: GameState, pid: int) -> tuple[int, int]:
    role = state.player(pid).public_role
    return (PUBLIC.index(role) if role in PUBLIC else len(PUBLIC), pid)


@PIPELINE.step("vote", o.STEP_VOTE)
def vote(res: Resolution) -> None:
    """The most voted living character dies (ties: the public role listed first in the text); the list of
    who voted for whom is public. Strengths in half votes; what is taken off a character secretly too."""
    state = res.state
    if not state.is_day:
        return
    tally: dict[int, int] = {}
    ballots: list[dict[str, int]] = []
    spent = {pid: int(order.params["amount"]) for pid, order in kept(res, "dirt")}
    voters = set()
    for pid, order in kept(res, "vote"):
        whom = target(order)
        voters.add(pid)
        power = strength(state, pid) + 2 * spent.get(pid, 0)
        if power > 2 and passive(state, whom, "millionaire", prison=True):
            power = 2  # VIP: a stronger voter counts once against him
        tally[whom] = tally.get(whom, 0) + power
        ballots.append({"pid": pid, "target": whom})
    for pid, amount in spent.items():
        if pid in voters:
            with edit(Character, state.player(pid)) as me:
                me.bank -= amount
    for player in state.living():
        pid = player.pid
        if pid not in voters and passive(state, pid, "gossip", prison=True) and not is_spirit(state, pid):
            with edit(Character, player) as me:
                me.bank += 1
        off = 0
        if state.effects_of(RIOT, target=pid):
            off -= 3
        if player.secret_role == "maniac" and not in_prison(state, pid):  # Скользкий ублюдок (Г)
            off += 2 + sum(1 for p in state.players if not p.alive)
        if state.effects_of(AMNESTY, target=pid):
            off += 4
        if any(True for p, _o in kept(res, "all_in") if p == pid):
            off += 4
        if off:
            tally[pid] = tally.get(pid, 0) - off
    state.emit("ballots", "public", None, ballots=ballots)
    alive = {p.pid for p in state.living()}
    standing = [(t, n) for t, n in tally.items() if t in alive and n > 0]
    if not standing:
        state.emit("vote_nobody", "public", None)
        return
    most = max(n for _t, n in standing)
    loser = min((t for t, n in standing if n == most), key=lambda t: tie_rank(state, t))
    player = state.player(loser)
    if passive(state, loser, "lawyer") and not player.flags.get("used_acquittal"):
        player.flags["used_acquittal"] = 1
        state.emit("acquitted", "public", None, pid=loser)
    elif passive(state, loser, "politician"):
        state.emit("immunity", "public", None, pid=loser)
        jail(state, loser, 4, "immunity")
    else:
        state.emit("voted_out", "public", None, pid=loser)
        die(state, loser, "vote")


# ---------------------------------------------------------------- deaths

def die(state: GameState, pid: int, cause: str) -> None:
    """Death — unless the Мститель's unfinished business makes him a spirit instead (once, Т). The
    Киллер's Наследие gives the Босс his Пистолет; the Офицер's Сбор ополчения arms his heir."""
    player = state.player(pid)
    if not player.alive:
        return
    if has_public(state, pid, "avenger") and not player.flags.get("used_unfinished") and not is_spirit(state, pid):
        player.flags["used_unfinished"] = 1
        with edit(Character, player) as me:
            me.hp = 1
        state.add_effect(SPIRIT, target=pid, during=UNTIL_END)
        state.emit("became_spirit", "public", None, pid=pid)
        _bequeath(state, pid, spirit=True)
        return
    kill(state, pid, cause)
    with edit(Table, state) as table:
        table.died = {**table.died, str(pid): state.phase}
    _bequeath(state, pid, spirit=False)


def grant(state: GameState, pid: int, abilities: tuple[str, ...]) -> None:
    with edit(Character, state.player(pid)) as me:
        me.granted = [*me.granted, *(a for a in abilities if a not in me.granted)]
    for ability in abilities:
        state.emit("ability_granted", "player", pid, what=ability)


def _bequeath(state: GameState, pid: int, *, spirit: bool) -> None:
    player = state.player(pid)
    if player.secret_role == "killer":  # Наследие (Г,Т): on death or becoming a spirit
        for boss in state.living():
            if boss.secret_role == "boss":
                grant(state, boss.pid, GRANTED_BY_DEATH["killer"])
    heir = char(state, pid).militia
    if not spirit and heir is not None and state.player(heir).alive:  # Сбор ополчения: when he dies
        grant(state, heir, GRANTED_BY_DEATH["officer"])


@PIPELINE.step("deaths", o.STEP_DEATHS)
def deaths(res: Resolution) -> None:
    state = res.state
    for player in state.living():
        if hp(state, player.pid) <= 0:
            die(state, player.pid, "hp")
    if any(True for _ in kept(res, "joker_bust")):  # Баст: 3 or more cards in the morning
        busted = [p.pid for p in state.living() if cards(state, p.pid) >= 3]
        for pid in busted:
            die(state, pid, "bust")
        with edit(Table, state) as table:
            table.busted = busted
    for pid, order in kept(res, "all_in"):
        right = all(state.player(int(p)).secret_role == role for p, role in dict(order.params["roles"]).items())
        if right:
            with edit(Table, state) as table:
                table.all_in = pid
        else:
            state.emit("all_in_wrong", "player", pid)  # Ва-банк is named secretly: the death alone is public
            die(state, pid, "all_in")
    if state.is_night:
        for player in state.living():  # Медитация: 1 HP after the night heals one
            if passive(state, player.pid, "monk") and hp(state, player.pid) == 1 and not is_spirit(state, player.pid):
                change_hp(state, player.pid, 1)
                state.emit("meditated", "player", player.pid)


@PIPELINE.step("croupier", o.STEP_CROUPIER)
def croupier(res: Resolution) -> None:
    """Крупье (Г,Т): each morning the Джокер learns the cards of everyone, a guise of the dead holding a
    card and of the living holding two, the roles of those Баст killed and of those who made a Ход but Пас."""
    state = res.state
    if not state.is_night:
        return
    table = read(Table, state)
    movers: dict[int, str] = res.scratch.get("movers", {})
    for joker in state.living():
        if joker.secret_role != "joker":
            continue
        counts = {str(p.pid): cards(state, p.pid) for p in state.players}
        state.emit("croupier_counts", "player", joker.pid, counts=counts)
        for player in state.players:
            n = cards(state, player.pid)
            if player.pid != joker.pid and ((not player.alive and n >= 1) or (player.alive and n >= 2)):
                learn_guise(res, joker.pid, player.pid, "croupier")
        shown = sorted(set(table.busted) | {p for p, play in movers.items() if play != "pass" and p != joker.pid})
        for pid in shown:
            state.emit("role_learned", "player", joker.pid, target=pid, secret_role=state.player(pid).secret_role)


# ---------------------------------------------------------------- the end of the phase

def winners(state: GameState) -> list[str] | None:
    """Ва-банк's Джокер alone; the Маньяк as the last one alive (and while he lives, neither the Мафия nor
    the Закон wins); the Мафия when the whole Закон is dead, the Закон when the whole Мафия is; nobody
    when nobody is left who could win."""
    table = read(Table, state)
    if table.all_in is not None and state.player(table.all_in).alive:
        return ["joker"]
    alive = state.living()
    if not alive:
        return []
    if any(p.secret_role == "maniac" for p in alive):
        return ["maniac"] if len(alive) == 1 else None
    mafia = any(p.faction == "mafia" for p in alive)
    law = any(p.faction == "law" for p in alive)
    if mafia and not law:
        return ["mafia"]
    if law and not mafia:
        return ["law"]
    return [] if not mafia and not law else None


@PIPELINE.step("end", o.STEP_END)
def end(res: Resolution) -> None:
    state = res.state
    if state.is_day:
        with edit(Table, state) as table:
            table.days += 1
    for player in state.players:
        with edit(Character, player) as me:
            me.tonight = {}
        if player.alive:
            add_guises(state, player.pid, player.secret_role, 1)  # +1 of the true role, every phase
    state.effects = [e for e in state.effects if e.end is None or e.end > state.phase]
    state.orders = {}
    visits.forget_before(state, state.phase + 1)
    found = winners(state)
    if found is not None:
        for player in state.players:
            if player.public_role == "hero" and player.alive and player.faction in found:
                state.emit("hero_achievement", "public", None, pid=player.pid)
        finish(state, found, {str(p.pid): {"secret_role": p.secret_role, "faction": p.faction} for p in state.players})
        return
    with edit(Table, state) as table:
        table.all_in = None
    begin_phase(state, state.phase + 1)

