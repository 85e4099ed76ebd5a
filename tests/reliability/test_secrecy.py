"""Suite 4 — secrecy, for each rule set in RULESETS. Many games played through the bot (random legal orders submitted through the
game service as the buttons would, screens opened with button presses, phases resolved by the
master's /resolve); every message, edit, button and press answer the bot sends is checked by
`tests.reliability.secrecy`: a player gets only what the engine addressed to them, to their side
or to everyone; the public group only public events; the master's log everything. The screens a
player opens are also shown to depend on nothing the player may not see (non-interference: the
same screens for a game whose hidden parts are scrambled). And the checker is shown to catch a leak.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState, Order
from engine.rulesets.micromafik.roles import SECRET_ROLES
from engine.sim import Agent, GameRunner, agent_class_for
from tests.e2e.driver import play_a_card, use_an_action
from tests.reliability.inproc import Bot, answer_of, make_bot, press_update
from tests.reliability.secrecy import Checker, Reader, Seat, check_outbox
from tgbot.sandbox.faketg import FakeMessage, FakeUser
from tgbot.services.errors import ServiceError
from tgbot.storage.repo import OutboxMessage
from tgbot.ui import flow as fl
from tgbot.ui.callbacks import Act
from tgbot.ui.panel import panel
from tgbot.ui.resolve import phase_words

NAMES = ["Аглая", "Бронислав", "Велимир", "Гордей", "Доброгнева", "Ерофей", "Жозефина", "Зиновий", "Изольда",
         "Казимир", "Людомила", "Мирослав", "Нинель", "Онисим", "Прасковья", "Ростислав"]
PLAYERS = 8
MAX_PHASES = 16
# The rule sets played, with how many games of each (one of them in English): Микромафик's cards and
# Мафия с личинами's abilities, guises, statuses and relayed messages.
RULESETS = {"micromafik": 8, "guises": 6, "classic": 4, "hidden_rules": 4}
RULESET = get_ruleset("micromafik")  # the non-interference property's (it scrambles cards)


class Driver:
    """The e2e driver's view of a bot (feed, press, last_with_buttons) over the in-process bot."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.world = bot, bot.world

    async def feed(self, update: Any) -> None:
        await self.bot.feed(update)
        await self.bot.drain()

    async def press(self, user: FakeUser, message: FakeMessage, button: str) -> None:
        await self.feed(user.press(message, button))

    def last_with_buttons(self, user: FakeUser) -> FakeMessage:
        for message in reversed(self.world.messages_in(user.chat)):
            if message.inline_keyboard:
                return message
        raise AssertionError("no message with buttons")


def new_orders(before: list[Order], after: list[Order]) -> list[Order]:
    old = {o.oid for o in before}
    return [o for o in after if o.oid not in old]


@contextlib.contextmanager
def instant_actions() -> Iterator[list[tuple[str, dict[str, Any]]]]:
    """The instant actions (a message relayed at once…) an agent takes on its copy of the game, kept to be
    taken again through the service."""
    taken: list[tuple[str, dict[str, Any]]] = []
    original = api.act

    def record(state: GameState, pid: int, action: str, params: dict[str, Any] | None = None) -> None:
        original(state, pid, action, params)
        taken.append((action, dict(params or {})))

    api.act = record  # type: ignore[assignment]
    try:
        yield taken
    finally:
        api.act = original  # type: ignore[assignment]


async def agent_orders(bot: Bot, game_id: int, user: FakeUser, agent: Agent) -> tuple[int, int]:
    """A random legal agent chooses on a copy of the game; its orders and instant actions go through
    the service; (orders, instant actions) accepted."""
    live = await bot.state(game_id)
    trial = live.model_copy(deep=True)
    with instant_actions() as taken:
        agent.act(trial, get_ruleset(live.ruleset))
    accepted = instant = 0
    for action, params in taken:
        with contextlib.suppress(Refusal, ServiceError):
            await bot.app.service.act(game_id, user_id=user.id, action=action, params=params)
            instant += 1
    for order in new_orders(live.orders.get(agent.pid, []), trial.orders.get(agent.pid, [])):
        with contextlib.suppress(Refusal, ServiceError):
            await bot.app.service.submit(game_id, user_id=user.id, kind=order.kind, card=order.card,
                                         params=order.params, payment=order.payment.model_dump())
            accepted += 1
    return accepted, instant


async def look_around(bot: Bot, game_id: int, user: FakeUser, pid: int, rnd: random.Random) -> int:
    """Open the screens a player would: the panel, the orders, the hand's order, a card, the lists."""
    state = await bot.state(game_id)
    me = state.player(pid)
    presses = ["panel", "orders", "reorder", "replies", "votes" if state.is_day else "kills", "puns", "croupier",
               "paranoid"]
    data = [Act(g=game_id, p=state.phase, a=a).pack() for a in rnd.sample(presses, 3)]
    if me.hand:
        data.append(Act(g=game_id, p=state.phase, a="card", v=str(rnd.choice(me.hand).uid)).pack())
    for item in data:
        update = press_update(bot.world, user, item)
        await bot.feed(update)
        assert answer_of(bot.world, update).answered
    return len(data)


async def play(bot: Bot, rnd: random.Random, checker: Checker) -> dict[str, int]:
    counts = {"phases": 0, "orders": 0, "instant": 0, "presses": 0, "flows": 0}
    agents: dict[int, list[Agent]] = {}
    for g in bot.games:
        agent_class = agent_class_for((await bot.state(g.id)).ruleset)
        agents[g.id] = [agent_class(pid, random.Random(rnd.random())) for pid in range(len(g.users))]
    driver = Driver(bot)
    while True:
        running = [g for g in bot.games if (await bot.state(g.id)).status == "running"
                   and (await bot.state(g.id)).phase <= MAX_PHASES]
        if not running:
            return counts
        for game in running:
            state = await bot.state(game.id)
            for pid, user in enumerate(game.users):
                if not state.player(pid).alive:
                    continue
                orders, instant = await agent_orders(bot, game.id, user, agents[game.id][pid])
                counts["orders"] += orders
                counts["instant"] += instant
                counts["presses"] += await look_around(bot, game.id, user, pid, rnd)
                if user.language_code == "ru" and rnd.random() < 0.15:
                    await bot.drain()
                    counts["flows"] += 1
                    if state.player(pid).hand:
                        await play_a_card(driver, user, rnd)  # type: ignore[arg-type]
                    else:
                        await use_an_action(driver, user, rnd)  # type: ignore[arg-type]
            await bot.drain()
            checker.check({g.id: await bot.state(g.id) for g in bot.games})
            await bot.feed(game.master.send("/status", game.log))
            await bot.feed(game.master.send(f"/resolve {phase_words('ru', state.phase)}", game.log))
            await bot.drain()
            counts["phases"] += 1
            checker.check({g.id: await bot.state(g.id) for g in bot.games})


async def setup(tmp_path: Any, rnd: random.Random, ruleset: str = "micromafik") -> tuple[Bot, Checker, FakeUser]:
    bot = await make_bot(tmp_path, seed=rnd.randrange(1 << 30))
    games = RULESETS[ruleset]
    for n in range(games):
        lang = "en" if n == games - 1 else "ru"
        await bot.new_game(PLAYERS, names=rnd.sample(NAMES, PLAYERS), lang=lang, ruleset=ruleset)
    outsider = bot.world.add_user("Посторонний", started=True)
    await bot.drain()
    seen: dict[int, dict[str, Any]] = {}
    readers: dict[int, Reader] = {outsider.id: Reader(outsider.id, "ru", [])}
    for g in bot.games:
        langs = {pid: u.language_code or "ru" for pid, u in enumerate(g.users)}
        seen[g.id] = {"log": g.log.id, "public": g.public.id, "lang": (await bot.app.service.game(g.id))["locale"],
                      "langs": langs}
        for pid, user in enumerate(g.users):
            readers[user.id] = Reader(user.id, langs[pid], [Seat(g.id, pid)])
    return bot, Checker(bot.world, seen, readers, ruleset=ruleset), outsider


@pytest.mark.parametrize("ruleset", list(RULESETS))
async def test_no_message_tells_a_player_what_is_not_theirs(tmp_path, figures, ruleset):
    rnd = random.Random(1959)
    games = RULESETS[ruleset]
    bot, checker, outsider = await setup(tmp_path, rnd, ruleset)
    try:
        counts = await play(bot, rnd, checker)
        # The outsider pokes at every game's buttons: refusals only, nothing secret.
        for g in bot.games:
            for action in ("panel", "orders", "card", "kills"):
                await bot.feed(outsider.send("/start"))
                await bot.feed(press_update(bot.world, outsider, Act(g=g.id, p=1, a=action, v="1").pack()))
        checker.check({g.id: await bot.state(g.id) for g in bot.games})
        states = {g.id: await bot.state(g.id) for g in bot.games}
        seats = {(g.id, pid): u.id for g in bot.games for pid, u in enumerate(g.users)}
        rows = [dict(r) for r in await (await bot.app.db.conn.execute("SELECT * FROM outbox")).fetchall()]
        routed, misrouted = check_outbox(rows, states, checker.games, seats)
        finished = sum(s.status == "finished" for s in states.values())
        figures("secrecy" if ruleset == "micromafik" else f"secrecy_{ruleset}", games=games, games_finished=finished,
                phases=counts["phases"], orders_through_the_service=counts["orders"], instant_actions=counts["instant"],
                presses=counts["presses"], card_flows=counts["flows"],
                messages_checked=checker.messages_checked, lines_checked=checker.lines_checked,
                secret_tokens_explained=checker.tokens_explained, announcements_routed=routed,
                leaks=len(checker.leaks) + len(misrouted))
        assert counts["phases"] >= games * 4
        assert not checker.leaks, checker.leaks[:5]
        assert not misrouted, misrouted[:5]
    finally:
        await bot.close()


@pytest.mark.parametrize("ruleset", list(RULESETS))
async def test_the_checker_catches_a_leak(tmp_path, monkeypatch, ruleset):
    """Mutation: every player is also sent the events of the others and of the mafia (the roles dealt,
    the team list, the partners' cards). Both the line check and the routing check must see it."""
    import tgbot.services.games as games_module
    from tgbot.render import render

    original = games_module.event_messages

    def leaky(game: dict[str, Any], state: GameState, events: list[Any], players: list[dict[str, Any]]) -> list[Any]:
        out = original(game, state, events, players)
        secret = [e for e in events if e.to in ("faction", "player")]
        if secret:
            text = "\n".join(render(state, e, "ru") for e in secret)
            out += [OutboxMessage(chat_id=int(p["user_id"]), text=text, game_id=int(game["id"]),
                                  dedup_key=f"g{game['id']}:e{events[0].seq}-{events[-1].seq}:p{p['pid']}:7")
                    for p in players if p["pid"] is not None]
        return out

    monkeypatch.setattr(games_module, "event_messages", leaky)
    rnd = random.Random(3)
    bot, checker, _outsider = await setup(tmp_path, rnd, ruleset)
    try:
        checker.check({g.id: await bot.state(g.id) for g in bot.games})
        states = {g.id: await bot.state(g.id) for g in bot.games}
        seats = {(g.id, pid): u.id for g in bot.games for pid, u in enumerate(g.users)}
        rows = [dict(r) for r in await (await bot.app.db.conn.execute("SELECT * FROM outbox")).fetchall()]
        _routed, misrouted = check_outbox(rows, states, checker.games, seats)
        assert checker.leaks, "the roles dealt reached everyone and the checker did not notice"
        assert misrouted
    finally:
        await bot.close()


# ---------------------------------------------------------------------------- non-interference

def scramble(state: GameState, pid: int, rnd: random.Random) -> GameState:
    """The same game as `pid` sees it, with everything hidden from them changed at random: the other
    players' cards (same counts), points, orders (but a mafia partner's kill vote), the effects on
    them, and — where `pid` does not know them — their secret roles."""
    other = state.model_copy(deep=True)
    me = other.player(pid)
    ids = [c.id for c in RULESET.catalog]
    for p in other.players:
        if p.pid == pid:
            continue
        for zone in (p.deck, p.hand, p.discard):
            for card in zone:
                card.card = rnd.choice(ids)
        p.points = rnd.randint(0, 5)
        partner = me.faction == "mafia" and p.faction == "mafia"  # mafiosi see each other's kill votes
        other.orders[p.pid] = [o for o in other.orders.get(p.pid, []) if partner and o.kind == "kill_vote"]
        p.flags = {}
    other.effects = [e for e in other.effects if e.target == pid]
    unknown = [p for p in other.players if p.pid != pid and (me.faction != "mafia" or p.faction != "mafia")]
    roles = [(p.secret_role, p.faction) for p in unknown]
    rnd.shuffle(roles)
    for p, (role, faction) in zip(unknown, roles, strict=True):
        p.secret_role, p.faction = role, faction
    return other


def screens(state: GameState, pid: int, lang: str) -> list[Any]:
    """What the bot shows a player from state alone: the panel, each card's flow, the boost flow."""
    game = {"id": 1, "deadline_at": None, "locale": lang}
    out: list[Any] = [panel(game, state, pid, lang)]
    from tgbot.ui.flow_screens import flow_screen

    for card in state.player(pid).hand:
        flow = fl.new_flow(1, state.phase, "play", card=card.uid, spec=card.card)
        with contextlib.suppress(Refusal):
            out.append(flow_screen(state, pid, flow, lang))
    if state.player(pid).faction == "mafia" and state.is_night:
        out.append(flow_screen(state, pid, fl.new_flow(1, state.phase, "kill_boost"), lang))
    return out


NONINTERFERENCE = {"states": 0, "screens": 0}


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(seed=st.integers(0, 2**40), players=st.integers(4, 12))
def test_screens_depend_only_on_what_the_player_may_see(seed: int, players: int) -> None:
    rnd = random.Random(seed)
    runner = GameRunner("micromafik", players, seed)
    phases = 0
    while runner.running and phases < 8:
        runner.act()  # orders are pending: the richest moment to look
        state = runner.state
        for pid in range(players):
            if not state.player(pid).alive:
                continue
            lang = rnd.choice(["ru", "en"])
            mine = screens(state, pid, lang)
            theirs = screens(scramble(state, pid, rnd), pid, lang)
            assert [_dump(s) for s in mine] == [_dump(s) for s in theirs], f"player {pid} at phase {state.phase}"
            NONINTERFERENCE["states"] += 1
            NONINTERFERENCE["screens"] += len(mine)
        runner.resolve()
        phases += 1
    assert SECRET_ROLES


def _dump(screen: Any) -> Any:
    text, keyboard = screen
    return text, keyboard.model_dump() if keyboard is not None else None


def test_zz_report_noninterference(figures) -> None:
    figures("secrecy", noninterference_states=NONINTERFERENCE["states"],
            noninterference_screens=NONINTERFERENCE["screens"])
