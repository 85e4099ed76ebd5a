"""«Классическая форумная мафия»'s resolution: the core steps around section 4.1 (the orders collected, the day's
vote, the night's deaths, the morning, the end) and one step for each step of 4.1, which runs the moves the
roles' modules registered for it (moves.run_step)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import visits
from engine.core.extensions import edit, read
from engine.core.phase import finish, revalidate
from engine.core.resolution import Resolution
from engine.core.state import GameState
from engine.rulesets.classic import economy, services
from engine.rulesets.classic import order as o
from engine.rulesets.classic.abilities import ABILITIES
from engine.rulesets.classic.deaths import die
from engine.rulesets.classic.jail import jail
from engine.rulesets.classic.model import (
    DYING,
    Citizen,
    Town,
    cit,
    cycle,
    in_play,
    in_prison,
)
from engine.rulesets.classic.moves import MOVES, run_step, standing
from engine.rulesets.classic.ruleset import PIPELINE
from engine.rulesets.classic.win import winners


def begin_phase(state: GameState, phase: int) -> None:
    state.phase = phase
    state.emit("phase_started", "public", None, phase=phase, night=state.is_night, day=state.day_number)


# ---------------------------------------------------------------- the orders

@PIPELINE.step("collect", o.STEP_COLLECT)
def collect(res: Resolution) -> None:
    """Each living character's orders, checked again; a move taken marks the cycle's one move (1.7), and each
    paid move is remembered for the morning's +2 coins (3.1)."""
    from engine.rulesets.classic.ruleset import Classic

    state = res.state
    validate = Classic().validate_orders
    res.scratch["orders"] = {p.pid: revalidate(state, p.pid, validate) for p in state.living()
                             if state.orders.get(p.pid)}
    movers: list[int] = []
    for pid, orders in sorted(res.scratch["orders"].items()):
        kinds = [order.kind for order in orders if MOVES.is_move(order.kind)]
        if kinds:
            with edit(Citizen, state.player(pid)) as me:
                me.moved_cycle = cycle(state.phase)
        if any(MOVES.moves[k].paid for k in kinds):
            movers.append(pid)
    res.scratch["movers"] = movers


def _runner(step: int) -> Callable[[Resolution], None]:
    def run(res: Resolution) -> None:
        if (step in o.DAY_STEPS) == res.state.is_day:
            run_step(res, step, ABILITIES)

    run.__name__ = f"step_{step}"
    return run


for _number, _name, _words in o.FOUR_ONE:
    PIPELINE.step(_name, _number)(_runner(_number))
for _number, _name, _fn in MOVES.steps:  # the modules' own steps (MOVES.step)
    PIPELINE.step(_name, _number)(_fn)


# ---------------------------------------------------------------- the day's vote

def vote_weight(state: GameState, voter: int, target: int) -> int:
    """How many votes a ballot counts (the query `vote_weight`: the Диплом doubles it, a sleeping pill or a
    quarantine voids it… from the items' and roles' modules)."""
    weight: int = MOVES.queries.ask("vote_weight", state, 1, voter=voter, target=target)
    return max(0, weight)


@PIPELINE.step("vote", o.STEP_VOTE)
def vote(res: Resolution) -> None:
    """1.4, 1.11: the ballots (each final, public as cast) and yesterday's penalties counted; the most voted
    is jailed. A tie: the setting `vote_tie` — "coin" (default: one of them by lot, as the text's coin for the
    Отражатель) or "nobody". Who did not vote gets +1 vote against him on the next day."""
    state = res.state
    if not state.is_day:
        return
    tally: dict[int, int] = {}
    voters: set[int] = set()
    against: dict[int, list[int]] = {}
    for pid, order in standing(res, "vote"):
        target = int(order.params["target"])
        if not in_play(state, pid) or not in_play(state, target):
            continue
        voters.add(pid)
        against.setdefault(target, []).append(pid)
        tally[target] = tally.get(target, 0) + vote_weight(state, pid, target)
    for player in state.players:
        me_now = cit(state, player.pid)
        if me_now.penalty and in_play(state, player.pid):
            tally[player.pid] = tally.get(player.pid, 0) + me_now.penalty
            for why in me_now.penalty_why:
                state.emit("vote_penalty", "public", None, pid=player.pid, n=1, why=why)
    # «сухари»: no post all day in the public group (the setting silent_penalty: the bot reads the group)
    silent_counts = state.settings.get("silent_penalty") == "on"
    for player in state.players:  # today's penalties are spent; tomorrow's are the silent voters'
        with edit(Citizen, player) as me:
            reasons = [] if not in_play(state, player.pid) else \
                [*(["no_vote"] if player.pid not in voters else []),
                 *(["silent"] if silent_counts and me.posted_phase != state.phase else [])]
            me.penalty, me.penalty_why = len(reasons), reasons
    state.emit("vote_tally", "public", None, tally=[{"pid": t, "n": n} for t, n in sorted(tally.items())])
    standing_ = [(t, n) for t, n in tally.items() if n > 0]
    if not standing_:
        state.emit("jail_nobody", "public", None)
        return
    most = max(n for _t, n in standing_)
    top = sorted(t for t, n in standing_ if n == most)
    if len(top) > 1 and state.settings.get("vote_tie", "coin") == "nobody":
        state.emit("vote_tie", "public", None, pids=top)
        return
    jailed = top[0] if len(top) == 1 else state.random.choice(top)
    if not MOVES.queries.ask("jailable", state, True, pid=jailed):  # the Дух: «Не может быть посажен»
        state.emit("jail_immune", "public", None, pid=jailed)
        return
    jail(state, jailed, against.get(jailed, []))


# ---------------------------------------------------------------- deaths

@PIPELINE.step("night_deaths", o.STEP_NIGHT_DEATHS)
def night_deaths(res: Resolution) -> None:
    """The dying die (shot and not saved by the end of the night: «Убит – погиб от выстрела сразу»)."""
    state = res.state
    for effect in sorted(state.effects_of(DYING), key=lambda e: e.eid):
        if effect.target is not None and state.player(effect.target).alive:
            die(state, effect.target, str(effect.params.get("cause", "shot")), effect.source)


# ---------------------------------------------------------------- the morning and the end

@PIPELINE.step("morning", o.STEP_MORNING)
def morning(res: Resolution) -> None:
    """+2 coins for every move made this phase (3.1); after a night, the morning header (1.14)."""
    state = res.state
    economy.income(state, res.scratch.get("movers", []))
    if state.is_night:
        header(state)


def header(state: GameState) -> None:
    """1.14, «шапка дня»: «Обязательно будет указано, кто сел, кто вышел, кто выбыл из игры, какие профессии
    приобрели, какие предметы купили» — and (1.9) who was in the bar. Read off this night's events (the
    modules emit `released`, `profession_bought` for theirs); a part with nothing to say is left out."""
    tonight = [e for e in state.events if e.phase == state.phase]

    def pids(kind: str) -> list[int] | None:
        found = [int(e.params["pid"]) for e in tonight if e.kind == kind]
        return found or None

    items = [{"item": e.params["item"]} for e in tonight if e.kind == "item_sold"]
    jailed = [p.pid for p in state.players if p.alive and in_prison(state, p.pid)]
    state.emit("morning", "public", None, day=(state.phase + 2) // 2, dead=pids("death"), released=pids("released"),
               bar=pids("went_to_bar"), items=items or None, jailed=jailed or None,
               professions=[{"pid": e.params["pid"], "role": e.params["role"]}
                            for e in tonight if e.kind == "profession_bought"] or None)


@PIPELINE.step("end", o.STEP_END)
def end(res: Resolution) -> None:
    state = res.state
    state.effects = [e for e in state.effects if e.end is None or e.end > state.phase]
    state.orders = {}
    services.forget(state)
    visits.forget_before(state, state.phase - 1)  # this phase's and the last: «К кому он ходил прошлой ночью»
    found = winners(state)
    if found is not None:
        finish(state, found, {str(p.pid): {"secret_role": p.secret_role, "faction": p.faction} for p in state.players})
        return
    begin_phase(state, state.phase + 1)


def died_in(state: GameState, phase: int) -> list[int]:
    return [int(pid) for pid, at in sorted(read(Town, state).died.items()) if at == phase]
