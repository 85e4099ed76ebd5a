"""«Мафия по скрытым правилам»'s resolution: every step of order.py, in that order. Everything declared in a
phase resolves at its end; the worlds change last, so what a character did this phase he did from the
world he was in when it began."""

from __future__ import annotations

from collections.abc import Iterator

from engine.core.abilities import AbilityDef
from engine.core.extensions import edit
from engine.core.phase import finish, kill, revalidate
from engine.core.resolution import Resolution
from engine.core.state import GameState, Order
from engine.rulesets.hidden_rules import order as o
from engine.rulesets.hidden_rules.abilities import ABILITIES
from engine.rulesets.hidden_rules.model import (
    DEATH_SIGN,
    LIVING,
    MAFIA,
    SHADOW,
    SPIRITS,
    TOWN,
    Link,
    Soul,
    Stone,
    Trial,
    acting,
    label_of,
    pid_of,
    soul,
    stone,
)
from engine.rulesets.hidden_rules.ruleset import PIPELINE
from engine.rulesets.hidden_rules.schedule import tell_due
from engine.rulesets.hidden_rules.stone import draw, past_arrows, past_pairs, show, theft_options


def begin_phase(state: GameState, phase: int) -> None:
    """A new phase: who is «помечен» now (for Чтение ауры), a phase more in the spirit world, what is told,
    the Суд's two named for today's ballot, and who else is in the spirit world, to those there."""
    state.phase = phase
    state.emit("phase_started", "public", None, phase=phase, night=state.is_night, day=state.day_number)
    with edit(Stone, state) as table:
        table.marked_at_start = [p.pid for p in state.players if marked(state, p.pid)]
    for player in state.players:
        if acting(state, player.pid) and soul(state, player.pid).world == SPIRITS:
            with edit(Soul, player) as me:
                me.spirit_phases += 1
    tell_due(state)
    for trial in stone(state).trials:
        if trial.phase == phase:
            state.emit("hr_trial_named", "public", None, first=trial.first, second=trial.second)
    there = [p.pid for p in state.players if acting(state, p.pid) and soul(state, p.pid).world == SPIRITS]
    for pid in there:
        state.emit("hr_spirits_here", "player", pid, pids=[p for p in there if p != pid])


def marked(state: GameState, pid: int) -> bool:
    """«Помечена» (Чтение ауры): a знак смерти on him; with the setting aura=any_mark also a кармическая тень,
    a seal or Озарение's mark on his soul."""
    if state.effects_of(DEATH_SIGN, target=pid):
        return True
    if state.settings.get("aura") != "any_mark":
        return False
    table, label = stone(state), stone(state).souls.get(str(pid))
    return bool(state.effects_of(SHADOW, target=pid)) or label in table.seals or label in table.marks


def kept(res: Resolution, what: str) -> Iterator[tuple[int, Order]]:
    """The phase's standing orders of abilities that do `what` (or of that order kind), by seat."""
    for pid, orders in sorted(res.scratch["orders"].items()):
        for order in orders:
            ability = ABILITIES.of_order(order)
            if (ability.what if ability is not None else order.kind) == what:
                yield pid, order


def target(order: Order) -> int:
    return int(order.params["target"])


def next_phase_span(state: GameState) -> tuple[int, int]:
    return state.phase + 1, state.phase + 1


# ---------------------------------------------------------------- orders and stuns

@PIPELINE.step("collect", o.STEP_COLLECT)
def collect(res: Resolution) -> None:
    from engine.rulesets.hidden_rules.ruleset import HiddenRules

    state = res.state
    validate = HiddenRules().validate_orders
    res.scratch["orders"] = {p.pid: revalidate(state, p.pid, validate) for p in state.players
                             if acting(state, p.pid) and state.orders.get(p.pid)}
    res.scratch["protected"], res.scratch["saved"], res.scratch["stunned"] = {}, set(), set()


def _living_world(ability: AbilityDef | None) -> bool:
    return ability is not None and any(t.name == "rule" and t.args[0] == "living" for t in ability.tags)


@PIPELINE.step("stuns", o.STEP_STUNS)
def stuns(res: Resolution) -> None:
    """Оглушение: all stuns at once; a stun is not undone by being stunned («даже из-под оглушения»). A
    target under a Защита whose protector is not stunned himself is not stunned (but a stolen soul). The
    stunned's other living-world actions fail; he learns it."""
    state = res.state
    aimed = {target(order) for _pid, order in kept(res, "stun")}
    guards = {target(order) for pid, order in kept(res, "protect") if pid not in aimed}
    stunned = {t for t in aimed if t not in guards or soul(state, t).stolen}
    res.scratch["stunned"] = stunned
    for pid in sorted(stunned):
        state.emit("hr_stunned", "player", pid)
        orders = res.scratch["orders"].get(pid, [])
        res.scratch["orders"][pid] = [x for x in orders if not _living_world(ABILITIES.of_order(x))
                                      or ABILITIES[x.kind].what == "stun"]


@PIPELINE.step("protection", o.STEP_PROTECTION)
def protection(res: Resolution) -> None:
    """Защита holds this phase; the protector carries a знак смерти in the next. Спасение души waits for a death."""
    state = res.state
    for pid, order in kept(res, "protect"):
        res.scratch["protected"][target(order)] = pid
        state.add_effect(DEATH_SIGN, target=pid, source=pid, start=state.phase + 1, end=state.phase + 1)
    for _pid, order in kept(res, "soul_save"):
        res.scratch["saved"].add(target(order))


# ---------------------------------------------------------------- marks and seals

def _shadow_end(state: GameState) -> int:
    """A shadow lasts to the next phase with a vote (the next day)."""
    nxt = state.phase + 1
    return nxt if nxt % 2 == 0 else nxt + 1


def seal(state: GameState, labels: list[str]) -> None:
    with edit(Stone, state) as table:
        table.seals = [*table.seals, *(lab for lab in labels if lab not in table.seals)]
    reveal_seals(state)


def reveal_seals(state: GameState) -> None:
    """Печать: when the seals are half of the living or more, the sealed are named publicly and the seals drop."""
    table = stone(state)
    if table.seals and 2 * len(table.seals) >= len(state.living()):
        state.emit("hr_seals_revealed", "public", None, pids=sorted(pid_of(state, lab) for lab in table.seals))
        with edit(Stone, state) as changed:
            changed.seals = []


@PIPELINE.step("marks", o.STEP_MARKS)
def marks(res: Resolution) -> None:
    state = res.state
    start = state.phase + 1
    for pid, order in kept(res, "karmic_shadow"):
        state.add_effect(SHADOW, target=target(order), source=pid, start=start, end=_shadow_end(state))
    for pid, order in kept(res, "death_sign"):
        for whom in order.params["targets"]:
            state.add_effect(DEATH_SIGN, target=int(whom), source=pid, start=start, end=start)
    for pid, order in kept(res, "secret_sign"):
        state.add_effect(DEATH_SIGN, target=target(order), source=pid, start=start, end=start)
    danger: dict[str, int] = {}
    for pid, order in kept(res, "dangerous_sign"):
        for whom in (pid, target(order)):
            state.add_effect(DEATH_SIGN, target=whom, source=pid, start=start, end=start)
        danger[str(pid)] = target(order)
    res.scratch["danger"] = danger
    for _pid, order in kept(res, "trial"):
        first, second = (int(t) for t in order.params["targets"])
        with edit(Stone, state) as table:
            table.trials = [*table.trials, Trial(phase=start, first=first, second=second)]
    for pid, order in kept(res, "insight"):
        labels = [str(x) for x in order.params["souls"]]
        hit = label_of(state, target(order)) in labels
        if hit:
            with edit(Stone, state) as table:
                table.marks = sorted({*table.marks, label_of(state, target(order))})
        state.emit("hr_insight_hit" if hit else "hr_insight_miss", "player", pid, target=target(order))
        show(state, pid)
    for pid, order in kept(res, "seal"):
        seal(state, [str(x) for x in order.params["souls"]])
        show(state, pid)
    for _pid, order in kept(res, "direct_seal"):
        seal(state, [label_of(state, target(order))])


# ---------------------------------------------------------------- what is learnt

@PIPELINE.step("reads", o.STEP_READS)
def reads(res: Resolution) -> None:
    """Checks and the stone's links, all of the phases before this one."""
    state = res.state
    at_start = set(stone(state).marked_at_start)
    for pid, order in kept(res, "aura"):
        state.emit("hr_aura_marked" if target(order) in at_start else "hr_aura_clean", "player", pid,
                   target=target(order))
    for pid, order in kept(res, "past_glance"):
        first, second = (int(t) for t in order.params["targets"])
        bad = any(link.actor == first and link.target == second and link.bad and link.phase < state.phase
                  for link in stone(state).links)
        state.emit("hr_past_bad" if bad else "hr_past_clean", "player", pid, first=first, second=second)
    for pid, order in kept(res, "soul_glance"):
        with edit(Soul, state.player(pid)) as me:
            me.glanced = sorted({*me.glanced, target(order)})
        state.emit("hr_soul_found", "player", pid, target=target(order), label=label_of(state, target(order)))
        show(state, pid)
    pairs, arrows = past_pairs(state), past_arrows(state)
    for what in ("link", "weak_link", "direct_link", "links_of", "clarify"):
        for pid, order in kept(res, what):
            if what == "links_of":
                one = str(order.params["soul"])
                draw(state, pid, [p for p in pairs if one in p])
            elif what == "clarify":
                chosen = [tuple(str(x).split("-")) for x in order.params["links"]]
                draw(state, pid, [], [(a, b) for a, b in arrows if (min(a, b), max(a, b)) in chosen])
            elif what == "direct_link":
                a, b = (str(x) for x in order.params["souls"])
                draw(state, pid, [], [x for x in ((a, b), (b, a)) if x in arrows])
            else:  # Связь (up to 3), Слабая связь (2): the links among them, no direction
                chosen_souls = {str(x) for x in order.params["souls"]}
                draw(state, pid, [p for p in pairs if set(p) <= chosen_souls])
            show(state, pid)


# ---------------------------------------------------------------- deaths

def die(res: Resolution, pid: int, cause: str, *, saveable: bool = True) -> None:
    """A death, seen by everyone as a death. Under Спасение души (and with his own soul) the character goes on
    in the spirit world, without Вернуться, and learns he is dead in the real world."""
    state = res.state
    if not state.player(pid).alive:
        return
    save = saveable and pid in res.scratch["saved"] and not soul(state, pid).stolen
    kill(state, pid, cause)
    if save:
        with edit(Soul, state.player(pid)) as me:
            me.ghost, me.world = True, SPIRITS
        state.emit("hr_ghost", "player", pid)


def attack(res: Resolution, pid: int, cause: str) -> None:
    """A death Защита stops (Убийство, Уничтожение): the protected learns he was saved."""
    if pid in res.scratch["protected"]:
        res.state.emit("hr_protected", "player", pid)
        return
    die(res, pid, cause)


@PIPELINE.step("kills", o.STEP_KILLS)
def kills(res: Resolution) -> None:
    state = res.state
    for pid, order in kept(res, "kill"):
        whom = target(order)
        if state.effects_of(DEATH_SIGN, target=whom):
            attack(res, whom, "kill")
        else:
            state.emit("hr_kill_failed", "player", pid, target=whom)
    for pid, _order in kept(res, "destroy"):
        marked_one = stone(state).danger.get(str(pid))
        if marked_one is not None:
            attack(res, marked_one, "destroy")


@PIPELINE.step("theft", o.STEP_THEFT)
def theft(res: Resolution) -> None:
    """Похищение души: back to the living world, the spirit world deadly from now; a soul whose body is dead
    is gone at once, and the thief waits three phases instead of one."""
    state = res.state
    for pid, order in kept(res, "soul_theft"):
        whom = theft_options(state, pid).get(str(order.params["soul"]))
        if whom is None:
            continue
        res.scratch.setdefault("theft_targets", {})[pid] = whom
        if soul(state, whom).ghost:
            with edit(Soul, state.player(whom)) as me:
                me.ghost = False
            state.emit("hr_soul_devoured", "player", whom)
            wait = 4
        else:
            with edit(Soul, state.player(whom)) as me:  # a forced return is a return (Шаман А's announcement)
                me.returned = me.returned or me.world == SPIRITS
                me.stolen, me.world = True, LIVING
            state.emit("hr_soul_stolen", "player", whom)
            wait = 2
        with edit(Soul, state.player(pid)) as me:
            me.theft_from = state.phase + wait


# ---------------------------------------------------------------- votes

def _tally(res: Resolution, kind: str) -> dict[int, int]:
    tally: dict[int, int] = {}
    for _pid, order in kept(res, kind):
        tally[target(order)] = tally.get(target(order), 0) + 1
    return tally


@PIPELINE.step("votes", o.STEP_VOTES)
def votes(res: Resolution) -> None:
    """The day's vote against the shadowed: the most votes dies (a tie: nobody; Защита does not help). The
    Суд's ballot: one of the two is executed whatever saves him — the most votes, the first named on a tie."""
    state = res.state
    if state.is_day:
        tally = {t: n for t, n in _tally(res, "vote").items() if state.player(t).alive}
        most = max(tally.values(), default=0)
        top = [t for t, n in tally.items() if n == most]
        if len(top) == 1:
            state.emit("hr_voted_out", "public", None, pid=top[0], votes=most)
            die(res, top[0], "vote")
        else:
            state.emit("hr_vote_nobody", "public", None)
    for trial in stone(state).trials:
        if trial.phase != state.phase:
            continue
        tally = _tally(res, "trial_vote")
        alive = [t for t in (trial.first, trial.second) if state.player(t).alive]
        if not alive:
            continue
        doomed = max(alive, key=lambda t: (tally.get(t, 0), t == trial.first))
        state.emit("hr_trial_verdict", "public", None, pid=doomed,
                   first=tally.get(trial.first, 0), second=tally.get(trial.second, 0))
        die(res, doomed, "trial", saveable=False)


# ---------------------------------------------------------------- worlds

def move(res: Resolution, pid: int, world: str) -> None:
    state = res.state
    me = soul(state, pid)
    if me.world == world or not state.player(pid).alive:
        return
    if world == SPIRITS and me.stolen:  # «попадание в мир духов для персонажа смертельно»
        die(res, pid, "stolen_soul", saveable=False)
        return
    with edit(Soul, state.player(pid)) as changed:
        changed.world = world
        changed.returned = changed.returned or world == LIVING
    state.emit("hr_world", "player", pid, world=world)


@PIPELINE.step("moves", o.STEP_MOVES)
def moves(res: Resolution) -> None:
    for pid, _order in kept(res, "return"):
        move(res, pid, LIVING)
    goers = set(res.scratch["stunned"])
    goers |= {pid for pid, _order in kept(res, "meditate")}
    goers |= {pid for pid, _order in kept(res, "dangerous_sign")}
    for pid in sorted(goers):
        move(res, pid, SPIRITS)


# ---------------------------------------------------------------- links and the end

def targets_of(state: GameState, pid: int, order: Order, ability: AbilityDef, res: Resolution) -> list[int]:
    """The characters an ability was used on (souls by their owners), for the stone's links."""
    params = order.params
    found = ability.targets_in(params)
    found += [pid_of(state, str(x)) for x in params.get("souls", [])]
    if ability.what == "links_of":
        found.append(pid_of(state, str(params["soul"])))
    if ability.what == "soul_theft" and pid in res.scratch.get("theft_targets", {}):
        found.append(res.scratch["theft_targets"][pid])
    if ability.what == "destroy" and str(pid) in stone(state).danger:
        found.append(stone(state).danger[str(pid)])
    return found


@PIPELINE.step("links", o.STEP_LINKS)
def links(res: Resolution) -> None:
    """Every ability carried out this phase on another character is a link of the stone from the next phase
    (the stone's own reads draw none); its use is kept for the limits that look back."""
    state = res.state
    new: list[Link] = []
    for pid, orders in sorted(res.scratch["orders"].items()):
        for order in orders:
            ability = ABILITIES.of_order(order)
            if ability is None:
                continue
            found = targets_of(state, pid, order, ability, res)
            ABILITIES.record(state, pid, ability.id, ability.targets_in(order.params))
            if ability.marked("reads"):
                continue
            new += [Link(phase=state.phase, actor=pid, target=t, ability=ability.id, bad=ability.marked("bad"))
                    for t in dict.fromkeys(found) if t != pid]
    with edit(Stone, state) as table:
        table.links = [*table.links, *new]
        table.danger = res.scratch.get("danger", {})


def winners(state: GameState) -> list[str] | None:
    """Decided: the town wins when no mafia lives; the mafia when it is as many as the town (setting
    mafia_win=parity, the default) or when the town is all dead (mafia_win=all). A saved soul is dead."""
    mafia = sum(1 for p in state.living() if p.faction == MAFIA)
    town = sum(1 for p in state.living() if p.faction == TOWN)
    if not mafia and not town:
        return []
    if not mafia:
        return [TOWN]
    if not town or (state.settings.get("mafia_win", "parity") == "parity" and mafia >= town):
        return [MAFIA]
    return None


@PIPELINE.step("end", o.STEP_END)
def end(res: Resolution) -> None:
    state = res.state
    reveal_seals(state)
    state.effects = [e for e in state.effects if e.end is None or e.end > state.phase]
    state.orders = {}
    found = winners(state)
    if found is not None:
        finish(state, found, {str(p.pid): {"secret_role": p.secret_role, "faction": p.faction} for p in state.players})
        return
    begin_phase(state, state.phase + 1)
