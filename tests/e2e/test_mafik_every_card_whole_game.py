"""Every implemented Мафик card beyond the first three colours (Урон, Защита, Нейтральные, which the whole
game of test_mafik_whole_game.py plays) is played through the bot in one whole game: each phase every living
character is dealt cards not yet played, opens one on the panel and walks its dialogue with random choices
(every parameter kind it asks is a button or a typed message), and the master resolves the phase. The game
goes on until each card's play was accepted and resolved, and nothing the bot did raised."""

from __future__ import annotations

import logging
import random
from typing import Any

from engine.core import api
from engine.core.state import GameState
from tests.e2e.driver import fresh_panel, play_a_card, save, state_of
from tests.e2e.harness import make_harness, start_mafik
from tests.e2e.test_mafik_phase import ROLES

FIRST_COLOURS = ("damage", "defence", "neutral")
HAND = 12  # what every character holds as a phase begins: nobody dies of the cards played on him, nor of the Вече
MAX_PHASES = 40


def cards_to_play() -> set[str]:
    return {c.id for c in api.catalog("mafik").cards.values()
            if c.colour not in FIRST_COLOURS and api.is_implemented("mafik", c.id)}


def needs_last_nights_dead(spec: Any) -> bool:
    return any(p.kind == "dead_target" and p.of == "last_night" and not p.optional for p in spec.params)


def playable_now(state: GameState, pid: int, card_id: str) -> bool:
    """Would this card, in the player's Hand, be playable now (tried on the state, then put back)?"""
    player = state.player(pid)
    hand = player.hand
    card = state.new_card(card_id)
    player.hand = [card, *(state.new_card("dummy") for _ in range(HAND - 1))]
    try:
        return api.playable(state, pid, card.uid) is None
    finally:
        player.hand = hand


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
            if state.is_night and state.phase > 1 and any(needs_last_nights_dead(cards[c]) for c in left):
                victim = next(p for p in reversed(state.living()) if p.faction == "law")
                await h.feed(h.master.send(f"/modkill {victim.pid + 1}", h.log))  # someone for tomorrow's cards
                state = await state_of(h)
            dealt: set[str] = set()
            for player in state.living():  # fresh hands and Sleeves to pay with: untried cards playable now
                player.sleeve = [state.new_card("dummy") for _ in range(5)]
                todo = sorted(c for c in left - dealt if cards[c].colour != "unique" or cards[c].role == player.secret_role)
                rnd.shuffle(todo)
                # a role's own cards first (its holder may die), then those about last night's dead (each night
                # they wait, the master kills someone for them)
                todo.sort(key=lambda c: (cards[c].colour != "unique", not needs_last_nights_dead(cards[c])))
                chosen = [c for c in todo if playable_now(state, player.pid, c)][:3]
                dealt.update(chosen)
                player.hand = [state.new_card(c) for c in (chosen + ["dummy"] * HAND)[:HAND]]
                player.hand_at_phase_start = [c.card for c in player.hand]
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
        end = await state_of(h)
        assert not left, f"never accepted through the bot by phase {end.phase} ({end.status}): {sorted(left)}"
        resolved = {r.card for r in (await state_of(h)).history}
        assert wanted <= resolved, f"accepted but never resolved: {sorted(wanted - resolved)}"
    finally:
        await h.close()
