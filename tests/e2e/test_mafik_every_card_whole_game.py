"""Every implemented Мафик card beyond the first three colours (Урон, Защита, Нейтральные, which the whole
game of test_mafik_whole_game.py plays) is played through the bot in one whole game: each phase every living
character is dealt cards not yet played, opens one on the panel and walks its dialogue with random choices
(every parameter kind it asks is a button or a typed message), and the master resolves the phase. The game
goes on until each card's play was accepted and resolved, and nothing the bot did raised."""

from __future__ import annotations

import logging
import random

from engine.core import api
from engine.core.state import GameState
from tests.e2e.driver import fresh_panel, play_a_card, save, state_of
from tests.e2e.harness import make_harness, start_mafik
from tests.e2e.test_mafik_phase import ROLES

FIRST_COLOURS = ("damage", "defence", "neutral")
HAND = 6  # what every character holds as a phase begins: nobody dies of the cards played on him
MAX_PHASES = 30


def cards_to_play() -> set[str]:
    return {c.id for c in api.catalog("mafik").cards.values()
            if c.colour not in FIRST_COLOURS and api.is_implemented("mafik", c.id)}


def rare_first(state: GameState, pid: int, todo: list[str]) -> list[str]:
    """The order cards are dealt in: those playable now first, and among them first a role's unique card
    (only its holder may try it) and a card about last night's dead (only a phase after a night death
    allows it) — so the more cards there are, the less a rare chance is missed (a stable sort)."""
    cards = api.catalog("mafik").cards
    probe = state.model_copy(deep=True)
    hand = [probe.new_card(c) for c in todo]
    probe.player(pid).hand = hand
    probe.player(pid).sleeve = [probe.new_card("dummy") for _ in range(5)]
    now = {c.card for c in hand if api.playable(probe, pid, c.uid) is None}

    def key(card: str) -> tuple[bool, bool, bool]:
        narrow = any(p.kind == "dead_target" and p.of == "last_night" for p in cards[card].params)
        ready = card in now
        return (not ready, not (ready and narrow), not (ready and cards[card].colour == "unique"))

    return sorted(todo, key=key)


async def test_every_card_is_played_through_the_bot_in_a_whole_game(tmp_path, caplog):
    caplog.set_level(logging.ERROR)
    rnd = random.Random(13)
    h = await make_harness(tmp_path, players=13)
    await start_mafik(h, ROLES)
    state = await state_of(h)
    dead = next(p for p in reversed(state.players) if p.faction == "law")
    await h.feed(h.master.send(f"/modkill {dead.pid + 1}", h.log))  # a death in night 1, for the cards about the dead
    cards = api.catalog("mafik").cards
    roles = {p.secret_role for p in state.players}
    left = {c for c in cards_to_play() if cards[c].colour != "unique" or cards[c].role in roles}
    wanted = set(left)
    played: set[str] = set()
    try:
        while left and (await state_of(h)).phase <= MAX_PHASES and (await state_of(h)).status == "running":
            state = await state_of(h)
            for player in state.living():  # fresh hands and Sleeves to pay with, the untried cards first
                todo = sorted(c for c in left - played if cards[c].colour != "unique" or cards[c].role == player.secret_role)
                rnd.shuffle(todo)
                todo = rare_first(state, player.pid, todo)
                player.hand = [state.new_card(c) for c in (todo[:3] + ["dummy"] * HAND)[:HAND]]
                player.hand_at_phase_start = [c.card for c in player.hand]
                player.sleeve = [state.new_card("dummy") for _ in range(5)]
            await save(h, state)
            for player in state.living():
                state = await state_of(h)
                uids = [c.uid for c in state.player(player.pid).hand if c.card != "dummy"
                        and api.playable(state, player.pid, c.uid) is None]
                for uid in uids:
                    card = next(c.card for c in state.player(player.pid).hand if c.uid == uid)
                    await fresh_panel(h, h.players[player.pid])  # the panel shows the dealt cards
                    if await play_a_card(h, h.players[player.pid], rnd, uid=uid):
                        played.add(card)
                        break
            await h.resolve()
            left -= played
            played.clear()
        assert not caplog.records, [r.getMessage() for r in caplog.records]
        assert not left, f"never accepted through the bot in {MAX_PHASES} phases: {sorted(left)}"
        resolved = {r.card for r in (await state_of(h)).history}
        assert wanted <= resolved, f"accepted but never resolved: {sorted(wanted - resolved)}"
    finally:
        await h.close()
