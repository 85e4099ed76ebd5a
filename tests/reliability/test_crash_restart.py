"""Suite 1 — crash and restart. The real bot process plays Микромафик games through the HTTP fake
Telegram and is killed with SIGKILL at random moments (while players submit, while the master
resolves, while announcements go out), then started again on the same database, 50+ times.

Counted and asserted: every submission the bot answered "accepted" is in the committed state
when its phase is resolved (0 lost); every phase resolved once; every announcement of the outbox
delivered (0 lost); every duplicate is a message Telegram had accepted while the bot died before
marking it sent (at most one per chat per crash), and the duplicates are reported.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter

import pytest

from tests.reliability.botproc import BotProcesses, bot_env
from tests.reliability.chaos import Chaos, ChaosAPI
from tests.reliability.dbview import DbView
from tests.reliability.procdriver import GameDriver, Net, until
from tgbot.delivery import Delivery
from tgbot.sandbox.faketg import FakeTelegramServer, World

KILLS = 52
GAMES_AT_ONCE = 3
MAX_PHASES = 8  # a phase a second or two: more would run into the log group's 20 messages a minute
COLD_RESTART_AT = (26,)  # after these kills the restart is a cold `python -m tgbot` (the first start is too)


def outbox_keys(db: DbView) -> Counter[tuple[int, str]]:
    return Counter((int(r["chat_id"]), str(r["document_name"] if r["op"] == "document" else r["text"]))
                   for r in db.outbox() if r["op"] != "edit")


@pytest.mark.slow
async def test_sigkill_at_random_moments_loses_nothing(tmp_path, figures):
    rnd = random.Random(20261129)
    world = World()
    db = DbView(tmp_path / "bot.sqlite3")
    procs = BotProcesses({}, tmp_path)
    chaos = Chaos(procs, world, db, rnd)
    server = FakeTelegramServer(world)
    server.api = api = ChaosAPI(world, chaos)
    await server.start()
    assert server._runner is not None
    web = server._runner.server  # aiohttp's: a connection leaves its list once its request is handled
    chaos.quiet = lambda: web is None or api.quiet(len(web.connections))
    procs.env = bot_env(server.url, tmp_path / "bot.sqlite3")
    net = Net(world, chaos, db)
    drivers: list[GameDriver] = []
    try:
        await chaos.start(cold=True)
        stop = asyncio.Event()
        chaos.cold_at = frozenset(COLD_RESTART_AT)
        monkey_task = asyncio.create_task(chaos.monkey(KILLS, stop))
        # Games of GAMES_AT_ONCE at a time: when one ends and the monkey is not done, another begins.
        running: set[asyncio.Task[None]] = set()
        while True:
            while len(running) < GAMES_AT_ONCE and not monkey_task.done():
                driver = GameDriver(net, random.Random(rnd.random()), len(drivers) + 1)
                drivers.append(driver)
                running.add(asyncio.create_task(driver.play(MAX_PHASES)))
            if not running:
                break
            finished, running = await asyncio.wait(running, return_when=asyncio.FIRST_COMPLETED)
            for task in finished:
                task.result()
        stop.set()
        await monkey_task
        assert chaos.ready.is_set()

        # A last, clean restart delivers everything still queued (a fresh process owes Telegram's
        # per-group minute window nothing, so the tail goes out at once instead of over a minute).
        await chaos.clean_restart()
        assert await until(lambda: db.pending() == 0, 180), f"{db.pending()} messages never went out"

        # ---------------------------------------------------------------- counting
        lost_submissions = [x for d in drivers for x in d.lost]
        accepted = sum(d.submissions for d in drivers)
        verified = sum(d.verified for d in drivers)
        twice = sum(d.double_resolutions for d in drivers)
        for d in drivers:
            started = Counter(e["params"]["phase"] for e in db.events(d.game_id) if e["kind"] == "phase_started")
            twice += sum(n - 1 for n in started.values() if n > 1)
            seqs = [e["seq"] for e in db.events(d.game_id)]
            assert seqs == list(range(1, len(seqs) + 1)), f"game {d.game_id}: events missing or repeated"

        rows = db.outbox()
        failed = [r for r in rows if (r["last_error"] or "").startswith("failed")]
        superseded = sum(r["last_error"] == "superseded" for r in rows)
        expected = outbox_keys(db)
        accepted_sends = chaos.sends()
        lost_messages = sum(max(0, n - accepted_sends[key]) for key, n in expected.items())
        duplicates = sum(max(0, accepted_sends[key] - n) for key, n in expected.items())
        in_flight = sum(k.sends_in_flight for k in chaos.kills)
        at_stops = sum(k.sends_in_flight for k in chaos.stops)
        errors = [line for line in procs.log_lines() if line.startswith("{") and json.loads(line)["level"] in ("ERROR", "CRITICAL")]
        kinds = Counter(k.label.split(" ")[0] for k in chaos.kills)
        moments = Counter()
        for k in chaos.kills:
            moments["while players submit"] += k.in_flight["press"] > 0
            moments["during resolution"] += k.in_flight["resolve"] > 0
            moments["while announcements go out"] += k.pending_outbox > 0
        finished = sum((db.game(d.game_id) or {}).get("status") == "finished" for d in drivers)
        numbers = dict(
            kills=len(chaos.kills), cold_starts=procs.cold_starts, restarts=procs.starts - 1,
            games=len(drivers), games_finished=finished, phases_resolved=sum(d.resolutions for d in drivers),
            submissions_accepted=accepted, submissions_verified=verified, submissions_lost=len(lost_submissions),
            phases_resolved_twice=twice, announcements=sum(expected.values()), announcements_lost=lost_messages,
            announcements_failed=len(failed), edits_superseded=superseded, duplicates=duplicates, in_flight_at_kills=in_flight,
            in_flight_at_polite_stops=at_stops,
            max_in_flight_at_a_kill=max((k.sends_in_flight for k in chaos.kills), default=0),
            updates_resent_after_loss=net.resent, triggers=dict(kinds), moments=dict(moments),
            bot_errors_logged=len(errors))
        figures("crash_restart", **numbers)

        # Every failure says the figures and the first thing lost (or duplicated) by name.
        lost_keys = [key for key, n in expected.items() if accepted_sends[key] < n]
        extra_keys = [key for key, n in expected.items() if accepted_sends[key] > n]
        said = (f"figures: {numbers}; first submission lost: {lost_submissions[:1]}; "
                f"first announcement lost: {lost_keys[:1]}; first duplicate: {extra_keys[:1]}")
        assert len(chaos.kills) >= 50, said
        assert all(moments[m] > 0 for m in ("while players submit", "during resolution", "while announcements go out")), said
        assert not lost_submissions, said
        assert verified >= accepted > 0, said
        assert twice == 0, said
        assert not failed, f"{failed[:1]}; {said}"
        assert lost_messages == 0, said
        # A duplicate is only ever the message in flight when the process died (or a polite stop ran out
        # of time): at most one per chat per crash (the chat's oldest unsent message), at most `parallel`.
        assert duplicates == in_flight + at_stops, said
        for kill in chaos.kills:
            assert kill.sends_in_flight == kill.chats_in_flight <= Delivery.__init__.__kwdefaults__["parallel"], \
                f"{kill}; {said}"
        assert not errors, f"{errors[:5]}; {said}"
    finally:
        await procs.stop()
        await server.stop()
