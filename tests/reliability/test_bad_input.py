"""Suite 3 — bad input, driven by Hypothesis, for each rule set in RULESETS. Random sequences of updates from players (alive and
dead, one of them in two games), outsiders and masters: real buttons (also stale ones, and of
another game), forged and malformed callback data, double clicks (one after the other and at the
same time), unknown commands, master commands in the wrong chat or from the wrong person, very
long and odd Unicode text, edits, inline queries.

After every update: no exception escaped, the error handler was not reached (no ERROR record of
the bot), nobody was told "something went wrong"; every press was answered and every private
message got a reply, none with a raw placeholder; the engine's invariants hold (no card in two
places, a player's cards and points change only when a phase resolves, points never negative,
orders only for living players and for cards in hand, the phase and the status never go back,
the event log only grows); and nobody's orders changed but the sender's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from aiogram.types import Update
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState
from tests.reliability.inproc import Bot, Records, answer_of, log_records, make_bot, press_update
from tgbot.i18n import t
from tgbot.sandbox.faketg import FakeChat, FakeUser
from tgbot.services.errors import ServiceError
from tgbot.ui.callbacks import Act
from tgbot.ui.resolve import phase_words

# The rule sets fuzzed, with their examples (Микромафик's cards; Мафия с личинами's abilities and statuses).
RULESETS = {"micromafik": 40, "guises": 25, "classic": 15, "hidden_rules": 15}
SIZES = {"classic": (10, 9, 8), "hidden_rules": (10, 9, 8)}  # the players of the three games, where the rule set needs more than 6, 5, 4
LAW = ("law", "town", "cops")  # the sides voted against (classic: its town and cops; its clans are mafia_*)
PLAY_ACTIONS = ["do", "panel", "card", "disc", "votes", "vote", "puns", "pun", "kills", "kill", "perk", "croupier", "crou",
                "paranoid", "para", "orders", "wd", "reorder", "up", "noop", "replies", "reply", "play", "boost", "keep",
                "f", "pick", "bcol", "badd", "bdel", "btext", "bsave", "bauto", "explode", ""]
FLOW_VALUES = ["p=0", "p=1", "p=99", "t=0", "t=3", "pc=1", "pc=-1", "pp=1", "pp=-5", "pp=x", "ok", "d", "s",
               "tab=attack", "tab=nope", "opt=magician_copy", "opt=x", "noop", "p=", "t=", ""]
MASTER_COMMANDS = ["/newgame", "/bind", "/set", "/lang", "/startgame", "/status", "/resolve", "/extend"]
ARGS = ["", "1", "2", "999", "-5", "0", "abc", "micromafik", "mafik", "nope", "night_minutes 5", "early on",
        "day_ends 25:99", "players 99", "en", "ru", "zz", "99999999999999999999", "10:00", "\u202e1", "１"]
ODD = ["\u202eevil", "zero\u200bwidth", "𝕄𝕒𝕗𝕚𝕒", "<b>bold</b>", "&amp; &lt;", "<script>", "{name}", "%s %d",
       "/start join_", "/start join_abc", "/start join_99999999999999999999", "\u0000", "ё" * 300, "👨‍👩‍👧‍👦" * 50]
INTERNAL = {t(lang, "error.internal") for lang in ("ru", "en")}
TEXTS = st.one_of(
    st.sampled_from(ODD),
    st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40),
    st.integers(1, 6000).map(lambda n: ("Ж" * n)),
)


@dataclass
class World:
    """The cast: two running games (one player in both), one game still building decks (in a rule set
    with deck building; else a third running game), an outsider."""

    bot: Bot
    ruleset: str = "micromafik"
    people: list[FakeUser] = field(default_factory=list)
    groups: list[FakeChat] = field(default_factory=list)

    @property
    def world(self) -> Any:
        return self.bot.world


async def cast(tmp: Path, ruleset: str = "micromafik") -> World:
    bot = await make_bot(tmp)
    sizes = SIZES.get(ruleset, (6, 5, 4))
    a = await bot.new_game(sizes[0], ruleset=ruleset)
    b = await bot.new_game(sizes[1], ruleset=ruleset)
    c = await bot.new_game(sizes[2], resolve_deck=False, ruleset=ruleset)
    service = bot.app.service
    # A player of game 1 also plays in game 2 (seat 0 of game 2 handed over to them).
    twin = a.users[1]
    async with bot.app.repo.db.batch() as conn:  # through the repository, whose caches follow its writes
        await bot.app.repo.replace_player(conn, b.id, 0, user_id=twin.id, locale=None)
    b.users[0] = twin
    bot.world.set_member(b.public, twin, "member")
    # Somebody dies: the mafia strikes (where it votes a kill), then the day votes one of the law out (day
    # after day, a new one each day, until somebody is dead: a public role may escape the first vote).
    refused = (Refusal, ServiceError)
    for game in (a, b):
        tried: set[int] = set()
        for _day in range(3):
            state = await bot.state(game.id)
            mafia = [p.pid for p in state.players if p.faction.startswith("mafia")]
            law = [p.pid for p in state.players if p.faction in LAW]
            for pid in mafia:
                with contextlib.suppress(*refused):
                    await service.submit(game.id, user_id=game.users[pid].id, kind="kill_vote", params={"target": law[0]})
            await service.resolve(game.id, state.phase)
            state = await bot.state(game.id)
            victim = next(p.pid for p in state.living() if p.faction in LAW and p.pid not in tried)
            tried.add(victim)
            for p in state.living():
                with contextlib.suppress(*refused):
                    await service.submit(game.id, user_id=game.users[p.pid].id, kind="vote", params={"target": victim})
                with contextlib.suppress(*refused):
                    await service.submit(game.id, user_id=game.users[p.pid].id, kind="punishment",
                                         params={"choice": "execution"})
            await service.resolve(game.id, state.phase)
            state = await bot.state(game.id)
            if any(not p.alive for p in state.players) or state.status != "running":
                break
    outsider = bot.world.add_user("Чужак", started=True)
    admin_less = bot.world.add_user("Гость", started=False, language_code="en")
    # A player who found their way into game 1's log group, and the outsider into a public group.
    bot.world.set_member(a.log, a.users[2], "member")
    bot.world.set_member(a.public, outsider, "member")
    await bot.drain()
    people = [u for g in (a, b, c) for u in g.users if u is not twin] + [twin, outsider, admin_less, a.master, b.master]
    return World(bot, ruleset, people=people, groups=[a.log, a.public, b.log, b.public, c.log, c.public])


def invariants(before: dict[int, GameState], after: dict[int, GameState], movers: set[tuple[int, int]],
               resolved: set[int]) -> list[str]:
    """What must hold between two moments of every game; the problems found."""
    problems: list[str] = []
    for gid, new in after.items():
        old = before[gid]
        order = ["setup", "running", "finished"]
        if new.phase < old.phase or order.index(new.status) < order.index(old.status):
            problems.append(f"game {gid} went back: {old.status}/{old.phase} -> {new.status}/{new.phase}")
        if [e.seq for e in new.events[:len(old.events)]] != [e.seq for e in old.events]:
            problems.append(f"game {gid}: the event log changed")
        seen: Counter[int] = Counter()
        for p in new.players:
            zones = [*p.deck, *p.hand, *p.discard, *p.sleeve]
            seen.update(c.uid for c in zones)
            if p.points < 0:
                problems.append(f"game {gid} player {p.pid}: {p.points} points")
            if not p.alive and new.orders.get(p.pid):
                problems.append(f"game {gid}: dead player {p.pid} has orders")
            hand = {c.uid for c in p.hand}
            for o in new.orders.get(p.pid, []):
                if o.card is not None and o.card not in hand:
                    problems.append(f"game {gid}: an order of player {p.pid} uses card {o.card} not in hand")
            q = old.player(p.pid)
            if gid not in resolved and new.status == "running" and old.status == "running":
                if sorted(c.uid for c in [*q.deck, *q.hand, *q.discard, *q.sleeve]) != sorted(c.uid for c in zones):
                    problems.append(f"game {gid} player {p.pid}: cards changed outside a resolution")
                if q.points != p.points or q.alive != p.alive:
                    problems.append(f"game {gid} player {p.pid}: points or life changed outside a resolution")
                if (gid, p.pid) not in movers and [o.model_dump() for o in old.orders.get(p.pid, [])] != \
                        [o.model_dump() for o in new.orders.get(p.pid, [])]:
                    problems.append(f"game {gid}: player {p.pid}'s orders changed by someone else")
        doubles = [uid for uid, n in seen.items() if n > 1]
        if doubles:
            problems.append(f"game {gid}: cards {doubles} in two places")
    return problems


@dataclass
class Stats:
    updates: int = 0
    presses: int = 0
    double_clicks: int = 0
    texts: int = 0
    commands: int = 0
    edits: int = 0
    inline: int = 0
    resolutions: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    api_errors: Counter[str] = field(default_factory=Counter)


STATS = Stats()
RUN: set[str] = set()


async def seats_of(bot: Bot, user: FakeUser) -> set[tuple[int, int]]:
    return {(g.id, pid) for g in bot.games for pid, u in enumerate(g.users) if u is user}


async def states(bot: Bot) -> dict[int, GameState]:
    return {g.id: (await bot.state(g.id)).model_copy(deep=True) for g in bot.games}


def action_ids(ruleset: str) -> list[str]:
    """The rule set's actions and cards by id (forged values of a `do`, `card` or `play` press)."""
    return sorted(api.catalog(ruleset).actions) + [c.id for c in get_ruleset(ruleset).catalog][:40] or ["x"]


def callback_data(draw: Any, cast_: World, user: FakeUser) -> str:
    """Callback data: a real button the user has (maybe stale), or forged, or garbage."""
    world = cast_.world
    kind = draw(st.sampled_from(["real", "real", "forged", "forged", "raw"]))
    if kind == "real":
        buttons = [b["callback_data"] for m in world.messages_in(user.chat) for row in m.inline_keyboard
                   for b in row if b.get("callback_data")]
        if buttons:
            return str(draw(st.sampled_from(buttons[-40:])))
        kind = "forged"
    if kind == "forged":
        games = [g.id for g in cast_.bot.games] + [0, 99]
        action = draw(st.sampled_from(PLAY_ACTIONS))
        value = draw(st.one_of(st.integers(-3, 400).map(str), st.sampled_from(FLOW_VALUES),
                               st.sampled_from(action_ids(cast_.ruleset)),
                               st.sampled_from(["letter", "attack", "businessman_point", "execution", "beating", "x" * 30]),
                               st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=":"), max_size=8)))
        try:
            return Act(g=draw(st.sampled_from(games)), p=draw(st.integers(-1, 8)), a=action, v=value).pack()
        except ValueError:
            return "a:1:1:panel:"
    return str(draw(st.sampled_from(["garbage", "", "a", "a:", "a:1", "a:x:y:z:w", "a:1:1", "a:1:1:vote:0:extra",
                                      "s:1:boss", "s:99:hero", "s:x", "l:zz", "l:en", "l:", "a:-1:-1:panel:",
                                      "a:1:99999999999999999999:vote:1", "ä:1:1:vote:1", "a:1:1:vote:" + "9" * 50])))


async def step(draw: Any, cast_: World, records: Records) -> None:
    bot, world = cast_.bot, cast_.world
    before = await states(bot)
    user = draw(st.sampled_from(cast_.people))
    kind = draw(st.sampled_from(["press", "press", "press", "press", "double", "text", "command", "group", "edit",
                                 "inline", "resolve"]))
    movers = await seats_of(bot, user)
    resolved: set[int] = set()
    updates: list[Update] = []
    private = False
    if kind in ("press", "double"):
        data = callback_data(draw, cast_, user)
        message = world.last_message(user.chat)
        if message is None:
            updates.append(user.send("/start"))
            private = True
        else:
            message.reply_markup = {"inline_keyboard": [[{"text": "·", "callback_data": data}]]}
            updates.append(user.press(message, data))
            if kind == "double":
                updates.append(user.press(message, data))
    elif kind in ("text", "command"):
        if kind == "text":
            text = draw(TEXTS)
        else:
            text = draw(st.sampled_from([*MASTER_COMMANDS, "/start", "/help", "/rules", "/card", "/language",
                                         "/leave", "/foo", "/start@other_bot", "/card@mafik_test_bot"]))
            text = f"{text} {draw(st.sampled_from(ARGS))}".strip()
        if text.strip():
            updates.append(user.send(text))
            private = True
    elif kind == "group":
        chats = [c for c in cast_.groups if c.member(user.id).can_write]
        if chats:
            chat = draw(st.sampled_from(chats))
            text = f"{draw(st.sampled_from(MASTER_COMMANDS))} {draw(st.sampled_from(ARGS))}".strip()
            updates.append(user.send(text, chat))
            if text.startswith("/resolve"):
                resolved = {g.id for g in bot.games}
    elif kind == "edit":
        mine = [m for m in world.messages_in(user.chat, sender=user) if m.text]
        text = draw(TEXTS)
        if mine and text.strip():  # as a send: Telegram's apps send no edit to nothing but whitespace
            updates.append(user.edit(draw(st.sampled_from(mine)), text))
            STATS.edits += 1
    elif kind == "inline":
        updates.append(user.inline_query(draw(TEXTS)[:60]))
        STATS.inline += 1
    else:  # a master resolves (a deadline passing is the same call)
        game = draw(st.sampled_from(bot.games))
        phase = (await bot.state(game.id)).phase
        updates.append(game.master.send(f"/resolve {phase_words('ru', phase)}", game.log))
        resolved = {game.id}
        STATS.resolutions += 1
    if not updates:
        return
    for update in updates:
        note(f"{kind} by {user.first_name} ({user.id}): {update.model_dump_json(exclude_none=True)[:300]}")
    sent_before = {id(u): len(world.messages_in(u.chat)) for u in [user]}
    calls_before = len(world.calls)
    if kind == "double":
        STATS.double_clicks += 1
        await asyncio.gather(*(bot.feed(u) for u in updates))
    else:
        for update in updates:
            await bot.feed(update)
    await bot.drain()
    STATS.updates += len(updates)
    for call in world.calls[calls_before:]:
        if not call.ok:
            STATS.api_errors[(call.description or "")[:40]] += 1
    # Nobody is told "something went wrong", and the error handler was never reached.
    assert not records.errors(), [r.getMessage() for r in records.errors()]
    for update in updates:
        if update.callback_query is not None:
            STATS.presses += 1
            record = answer_of(world, update)
            assert record.answered, f"press {update.callback_query.data!r} was not answered"
            assert record.text not in INTERNAL
            assert "{" not in (record.text or "") and "}" not in (record.text or ""), record.text
            if record.show_alert and record.text:
                STATS.refusals[record.text[:30]] += 1
    if private:
        STATS.texts += kind == "text"
        STATS.commands += kind == "command"
        replies = world.messages_in(user.chat)[sent_before[id(user)]:]
        fresh = [m for m in world.messages_in(user.chat) if m.edit_date is not None and m.date >= world.now()]
        assert replies or fresh, f"no answer to {updates[0].message.text!r}" if updates[0].message else "no answer"
        for reply in replies:
            assert (reply.text or "") not in INTERNAL
    problems = invariants(before, await states(bot), movers, resolved)
    assert not problems, problems


# No shrinking: a failing sequence is reported whole (with every step noted), and shrinking these
# stateful runs takes minutes. Each rule set plays its own number of examples (RULESETS).
@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_random_updates_never_crash_and_keep_the_games_sound(ruleset: str) -> None:
    @settings(max_examples=RULESETS[ruleset], deadline=None, suppress_health_check=list(HealthCheck),
              derandomize=True, phases=[Phase.explicit, Phase.reuse, Phase.generate])
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        async def scenario() -> None:
            with tempfile.TemporaryDirectory() as tmp:
                cast_ = await cast(Path(tmp), ruleset)
                try:
                    with log_records() as records:
                        for _ in range(data.draw(st.integers(10, 45), label="updates")):
                            await step(data.draw, cast_, records)
                finally:
                    await cast_.bot.close()

        asyncio.run(scenario())

    fuzz()
    RUN.add(ruleset)


def test_zz_report_bad_input_figures(figures) -> None:
    """Runs after the property (same module): the figures of everything fuzzed."""
    figures("bad_input", updates_fuzzed=STATS.updates, presses=STATS.presses, double_clicks=STATS.double_clicks,
            texts=STATS.texts, commands=STATS.commands, edits=STATS.edits, inline_queries=STATS.inline,
            resolutions=STATS.resolutions, rule_sets=sorted(RUN), refusals_answered=sum(STATS.refusals.values()),
            api_errors=dict(STATS.api_errors.most_common(6)), unhandled_exceptions=0)


async def test_a_double_click_on_confirm_submits_once_and_says_why_the_second_did_nothing(tmp_path) -> None:
    """Both clicks arrive at once (as they do under polling, where each update is its own task):
    one order, the first "accepted", the second "this screen is out of date" — not an engine
    refusal about a card used twice, which is what two handlers racing on one flow produced."""
    from tests.e2e.driver import acts

    bot = await make_bot(tmp_path)
    try:
        game = await bot.new_game(6)
        await bot.drain()
        state = await bot.state(game.id)
        doubled = 0
        for pid, user in enumerate(game.users):
            for card in state.player(pid).hand:
                await bot.feed(press_update(bot.world, user, Act(g=game.id, p=state.phase, a="play", v=str(card.uid)).pack()))
                message = bot.world.last_message(user.chat)
                assert message is not None
                for _ in range(30):
                    values = [a.v for _t, a in acts(message) if a.a == "f"]
                    if "ok" in values and not any(v.startswith(("p=", "t=", "pc=", "pp=")) for v in values):
                        break  # the last screen: confirm
                    pick = "ok" if "ok" in values else \
                        next((v for v in values if v.startswith(("p=", "t=", "pc="))), None) or \
                        next((v for v in ("d", "pp=1", "s") if v in values), None)
                    if pick is None:
                        break
                    await bot.feed(user.press(message, Act(g=game.id, p=state.phase, a="f", v=pick).pack()))
                if "ok" not in [a.v for _t, a in acts(message) if a.a == "f"]:
                    await bot.feed(user.press(message, Act(g=game.id, p=state.phase, a="panel").pack()))
                    continue
                ok = Act(g=game.id, p=state.phase, a="f", v="ok").pack()
                first, second = user.press(message, ok), user.press(message, ok)
                await asyncio.gather(bot.feed(first), bot.feed(second))
                answers = sorted([answer_of(bot.world, first).text or "", answer_of(bot.world, second).text or ""])
                assert answers == sorted([t("ru", "ui.accepted"), t("ru", "error.old_screen")]), answers
                assert [o.kind for o in (await bot.state(game.id)).orders[pid]].count("play") == 1
                doubled += 1
                break
        assert doubled >= 3
    finally:
        await bot.close()

