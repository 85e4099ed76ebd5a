"""Suite 5 — authorization. The master's commands work only for the game's master and the admins
named in ADMINS; anyone else is refused and nothing changes. A player never acts for another,
whatever callback data they send (Hypothesis: other players' seats, cards, orders, games). A room's
group admits only the room's members. The webhook's secret token is tested in
tests/bot/test_webhook.py.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from aiogram.filters import Command
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from tests.reliability.inproc import Bot, Game, answer_of, log_records, make_bot, press_update
from tests.reliability.test_bad_input import PLAY_ACTIONS, invariants, states
from tgbot.i18n import t
from tgbot.routers import master
from tgbot.ui.callbacks import Act, Lang, Signup
from tgbot.ui.resolve import phase_words

NOT_MASTER = t("ru", "error.not_master")
ARGS = {"bind": "1", "set": "night_minutes 30", "lang": "en", "extend": "30", "replace": "1 123", "modkill": "1",
        "state": "1", "newgame": "micromafik"}


def master_commands() -> list[str]:
    """Every command of the master's router (new ones are covered as they are added)."""
    found: list[str] = []
    for handler in master.make_router().message.handlers:
        for flt in handler.filters or []:
            command = flt.callback
            if isinstance(command, Command):
                found += [str(c) for c in command.commands]
    return found


async def db_picture(bot: Bot) -> list[Any]:
    conn = bot.app.db.conn
    out: list[Any] = []
    for table in ("games", "players", "submissions", "snapshots"):
        async with conn.execute(f"SELECT * FROM {table} ORDER BY rowid") as cur:  # fixed table names
            out.append([tuple(r) for r in await cur.fetchall()])
    return out


async def test_master_commands_only_for_the_master_and_admins(tmp_path, figures):
    admin_id = 777_000
    bot = await make_bot(tmp_path, admins=[admin_id])
    admin = bot.world.add_user("Админ", user_id=admin_id, started=True)
    try:
        game = await bot.new_game(6, admins=(admin,))
        other = await bot.new_game(5)
        player, outsider = game.users[0], bot.world.add_user("Чужак", started=True)
        bot.world.set_member(game.log, player, "member")
        bot.world.set_member(game.log, outsider, "member")
        bot.world.set_member(game.public, outsider, "member")
        bot.world.set_member(other.log, game.master, "member")  # a master, but of another game
        commands = master_commands()
        assert {"bind", "set", "lang", "startgame", "status", "resolve", "extend"} <= set(commands)
        refused = 0
        with log_records() as records:
            for command in commands:
                if command == "newgame":
                    continue  # anyone may create a game in a chat of their own (here: the chat is taken)
                for who, chat in ((player, game.log), (outsider, game.log), (game.master, other.log),
                                  (outsider, game.public), (player, game.public)):
                    before = await db_picture(bot)
                    seen = len(bot.world.messages_in(chat))
                    target = other if who is game.master else game  # a game that is not theirs
                    arg = str(target.id) if command == "bind" else ARGS.get(command, "")
                    await bot.feed(who.send(f"/{command} {arg}".strip(), chat))
                    await bot.drain()
                    replies = [m.text or "" for m in bot.world.messages_in(chat)[seen:]]
                    assert await db_picture(bot) == before, f"/{command} by {who.first_name} changed the game"
                    if command == "bind" or chat in (game.log, other.log):
                        assert any(NOT_MASTER in r for r in replies), (command, who.first_name, replies)
                        refused += 1
            # /newgame in a chat that already has a game: refused, for anyone.
            before = await db_picture(bot)
            await bot.feed(player.send("/newgame micromafik", game.log))
            assert await db_picture(bot) == before
            # The master and an admin may.
            phase = (await bot.state(game.id)).phase
            await bot.feed(admin.send("/extend 30", game.log))
            await bot.feed(admin.send(f"/resolve {phase_words('ru', phase)}", game.log))
            assert (await bot.state(game.id)).phase == phase + 1
            await bot.feed(game.master.send(f"/resolve {phase_words('ru', phase + 1)}", game.log))
            assert (await bot.state(game.id)).phase == phase + 2
            assert not records.errors()
        figures("authorization", master_commands=len(commands), refused_attempts=refused, admin_allowed=True)
    finally:
        await bot.close()


async def _players_never_act_for_others(draw: Any, tmp: Path) -> int:
    bot = await make_bot(tmp)
    try:
        a = await bot.new_game(6)
        b = await bot.new_game(5)
        service = bot.app.service
        games: list[Game] = [a, b]
        # Everyone has something to lose: orders in the current phase.
        for game in games:
            state = await bot.state(game.id)
            for pid, user in enumerate(game.users):
                me = state.player(pid)
                if me.hand:
                    await service.submit(game.id, user_id=user.id, kind="discard", card=me.hand[0].uid)
                if me.faction == "mafia":
                    await service.submit(game.id, user_id=user.id, kind="kill_vote", params={"target": (pid + 1) % 5})
        await bot.drain()
        presses = 0
        with log_records() as records:
            for _ in range(draw(st.integers(10, 30))):
                game = draw(st.sampled_from(games))
                attacker = draw(st.sampled_from(game.users))
                victim_game = draw(st.sampled_from(games))
                vstate = await bot.state(victim_game.id)
                victim = draw(st.integers(0, len(vstate.players) - 1))
                vp = vstate.player(victim)
                values = [str(victim)] + [str(c.uid) for c in [*vp.hand, *vp.deck][:6]] + \
                         [str(o.oid) for o in vstate.orders.get(victim, [])] + ["businessman_point", "execution"]
                kind = draw(st.sampled_from(["act", "act", "act", "signup", "lang"]))
                if kind == "act":
                    data = Act(g=victim_game.id, p=draw(st.sampled_from([vstate.phase, vstate.phase - 1, 0])),
                               a=draw(st.sampled_from(PLAY_ACTIONS[:-1])), v=draw(st.sampled_from(values))).pack()
                elif kind == "signup":
                    data = Signup(g=victim_game.id, role=draw(st.sampled_from(["hero", "monk", "businessman"]))).pack()
                else:
                    data = Lang(lang=draw(st.sampled_from(["en", "ru", "xx"]))).pack()
                before = await states(bot)
                others_lang = {u.id: (await bot.app.repo.user(u.id) or {}).get("locale")
                               for g in games for u in g.users if u is not attacker}
                players_before = [await bot.app.repo.players(g.id) for g in games]
                update = press_update(bot.world, attacker, data)
                note(f"{attacker.first_name} presses {data}")
                await bot.feed(update)
                await bot.drain()
                presses += 1
                assert answer_of(bot.world, update).answered
                mine = {(g.id, pid) for g in games for pid, u in enumerate(g.users) if u is attacker}
                problems = invariants(before, await states(bot), mine, set())
                assert not problems, problems
                assert [await bot.app.repo.players(g.id) for g in games] == players_before or kind == "lang"
                assert others_lang == {u.id: (await bot.app.repo.user(u.id) or {}).get("locale")
                                       for g in games for u in g.users if u is not attacker}
            assert not records.errors()
        return presses
    finally:
        await bot.close()


PRESSES = {"n": 0}


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True,
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(data=st.data())
def test_a_player_never_acts_for_another_whatever_the_callback_data(data: st.DataObject) -> None:
    async def run() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            PRESSES["n"] += await _players_never_act_for_others(data.draw, Path(tmp))

    asyncio.run(run())


def test_zz_report_authorization(figures) -> None:
    figures("authorization", forged_presses_for_others=PRESSES["n"])


async def test_room_groups_admit_only_the_rooms_living_members(tmp_path, figures):
    """A Мафик chat room in a pool group: its invite link makes join requests; the bot approves the
    room's members and declines everyone else — other players of the game, a stranger — and
    declines any request to a pool group with no room in it (also the room's group once it is over)."""
    from tests.e2e.driver import add_pool_group, state_of
    from tests.e2e.test_mafik_comms import mafik_game, room_of_three, to_day
    from tgbot.sandbox.faketg import InviteLink

    h = await mafik_game(tmp_path)
    try:
        pool = [await add_pool_group(h), await add_pool_group(h, "Вторая")]
        await to_day(h)
        await room_of_three(h)
        members, others = h.players[1:4], [h.players[6], h.players[0]]
        invite = next(m for m in reversed(h.world.messages_in(members[0].chat)) if "Чат-комната 1 открыта" in (m.text or ""))
        link = next(b["url"] for row in invite.inline_keyboard for b in row if b.get("url"))
        found = h.world.find_invite(link)
        assert found is not None
        group = next(g for g in pool if g.id == found.chat_id)  # the room's group; the other one is free
        spare = next(g for g in pool if g is not group)
        stranger = h.world.add_user("Чужак", started=True)
        declined = approved = 0
        for user in [*others, stranger]:  # (the master owns the pool groups: already in them)
            await h.feed(user.request_join(link))
            assert not group.member(user.id).is_present and user.id not in group.join_requests, user.first_name
            declined += 1
        for user in members:
            await h.feed(user.request_join(link))
            assert group.member(user.id).is_present
            approved += 1

        def own_link(chat: Any, name: str) -> str:
            url = f"https://t.me/+forged{name}"
            chat.invite_links[url] = InviteLink(invite_link=url, chat_id=chat.id, creator_id=h.master.id,
                                                creates_join_request=True)
            return url

        # A pool group with no room in it admits nobody, not even a player of the game.
        for user in (members[0], h.players[6]):
            await h.feed(user.request_join(own_link(spare, f"s{user.id}")))
            assert not spare.member(user.id).is_present and user.id not in spare.join_requests
            declined += 1
        # The room ends with the night: its group is free again and admits nobody.
        await h.resolve()
        assert (await state_of(h)).phase == 4 and group.member(members[0].id).status == "left"
        await h.feed(members[0].request_join(own_link(group, "after")))
        assert not group.member(members[0].id).is_present and members[0].id not in group.join_requests
        declined += 1
        figures("authorization", room_join_requests_approved=approved, room_join_requests_declined=declined)
    finally:
        await h.close()
