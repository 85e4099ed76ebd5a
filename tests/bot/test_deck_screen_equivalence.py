"""The deck-building screens stay the same when the bot takes the deck rules from the engine
(`api.deck_rules`, `api.deck_check`, `api.deck_problem`) instead of the rule sets' internals.

Games of both rule sets, with casts that bring every public and secret role to the deck phase, are
rendered at deck building: Микромафик's draft after each pick, its mafia builder on every colour with
selections grown card by card (the refusal of each add included), Мафик's builder on every tab and
page, a search, a card's screen, the Инженер's screen, selections grown card by card with each
refusal, and the refusal of saving; then, once the game runs, Мафик's new deck (an empty deck, a card
that allows one, a full deck) and the phase panel's button for it. The digests were recorded from the
code before the switch (tests/bot/data/deck_golden.json); `DECK_GOLDEN=write` records them anew (only
after a deliberate change).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

from engine.core import api
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState
from engine.rulesets.mafik.roles import SECRET_ROLES as MAFIK_SECRET
from engine.rulesets.micromafik.roles import SECRET_ROLES as MICRO_SECRET
from tgbot import gamedata
from tgbot.ui import deck as ui

GOLDEN = Path(__file__).parent / "data" / "deck_golden.json"
GAME = {"id": 7, "deadline_at": None}
MAFIK_SEEDS = (1, 2)


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False, sort_keys=True, default=str).encode()).hexdigest()[:20]


def _screen(text: str, keyboard: Any) -> list[Any]:
    rows = [] if keyboard is None else [[(b.text, b.callback_data) for b in row] for row in keyboard.inline_keyboard]
    return [text, rows]


def _lang(pid: int) -> str:
    return ("ru", "en")[pid % 2]


def _mafik_casts() -> list[list[str]]:
    """Windows over every public role (16 seats: the Маньяк and the Предатель are dealt too)."""
    roles = [r["id"] for r in get_ruleset("mafik").public_roles() if r["id"] != "other"]
    casts = [roles[i:i + 16] for i in range(0, len(roles), 16)]
    casts[-1] = (casts[-1] + [r for r in roles if r not in casts[-1]])[:16]
    return casts


def _mafik_add(state: GameState, pid: int, cards: list[str], card: str, lang: str) -> str | None:
    problem = ui.add_problem(state, pid, cards, card)
    return None if problem is None else ui.deck_reason(lang, state.ruleset, problem)


def _mafik_save(state: GameState, pid: int, cards: list[str], lang: str) -> str | None:
    refusal = api.deck_problem(state, pid, cards)
    return None if refusal is None else ui.deck_reason(lang, state.ruleset, refusal.params)


def _mafik_player(out: dict[str, Any], key: str, state: GameState, pid: int, mode: str) -> None:
    lang = _lang(pid)
    rng = random.Random(key)
    draft = ui.new_draft(mode)
    out[f"{key}/panel"] = _screen(*ui.deck_panel(GAME, state, pid, lang)) if mode == "first" else None
    tabs = api.deck_rules(state, pid).colours
    for tab in tabs:
        for page in range(3):
            draft.update(tab=tab, page=page, view="list")
            out[f"{key}/tab/{tab}/{page}"] = _screen(*ui.collection_builder(GAME, state, pid, lang, draft))
    pool = list(api.deck_rules(state, pid).pool)
    for query in ("а", "о", "x", "щит", "нож"):
        hits = [c for c in gamedata.find_cards("mafik", query) if c in pool]
        draft.update(tab=ui.SEARCH, query=query, hits=hits, page=0, view="list")
        out[f"{key}/search/{query}"] = _screen(*ui.collection_builder(GAME, state, pid, lang, draft, None if hits else "-"))
    draft.update(tab=None, page=0, view="list")
    steps = []
    for n in range(24):
        card = rng.choice(pool)
        problem = _mafik_add(state, pid, draft["cards"], card, lang)
        steps.append([card, problem])
        if problem is None:
            draft["cards"].append(card)
        if n % 4 == 3:
            draft.update(view="card", card=card)
            out[f"{key}/card/{n}"] = _screen(*ui.collection_builder(GAME, state, pid, lang, draft, problem))
            draft["view"] = "list"
            draft["eng"] = sorted(set(draft["cards"]))[:n % 3]
            out[f"{key}/list/{n}"] = _screen(*ui.collection_builder(GAME, state, pid, lang, draft, problem))
            draft["view"] = "eng"
            out[f"{key}/eng/{n}"] = _screen(*ui.collection_builder(GAME, state, pid, lang, draft))
            draft["view"] = "list"
            out[f"{key}/save/{n}"] = _mafik_save(state, pid, draft["cards"], lang)
    out[f"{key}/adds"] = steps
    # a legal deck: the one the engine would choose, and its refusal of one card more
    trial = state.model_copy(deep=True)
    if state.status == "setup":
        api.deck_auto(trial, pid)
        chosen = list(trial.player(pid).deck_choice)
    else:
        chosen = list(state.player(pid).deck_choice)
    out[f"{key}/legal"] = _mafik_save(state, pid, chosen, lang)
    out[f"{key}/legal_more"] = [_mafik_add(state, pid, chosen, c, lang) for c in pool[::7]]
    draft.update(cards=chosen, eng=[], view="list")
    out[f"{key}/legal_screen"] = _screen(*ui.collection_builder(GAME, state, pid, lang, draft))


def _mafik(out: dict[str, Any]) -> None:
    for n, cast in enumerate(_mafik_casts()):
        for seed in MAFIK_SEEDS:
            state = api.new_game("mafik", [(f"Игрок {i}", r) for i, r in enumerate(cast)], seed=seed)
            for player in state.players:
                _mafik_player(out, f"mafik/{n}/{seed}/first/{player.pid}", state, player.pid, "first")
            api.deck_auto_all(state)
            for player in state.players:
                key = f"mafik/{n}/{seed}/running/{player.pid}"
                lang = _lang(player.pid)
                out[f"{key}/row_full"] = ui.rebuild_row(GAME, state, player.pid, lang) and \
                    [[(b.text, b.callback_data) for b in row] for row in ui.rebuild_row(GAME, state, player.pid, lang)]
                out[f"{key}/may_full"] = api.deck_rules(state, player.pid).rebuild
            allowed = state.model_copy(deep=True)
            for player in allowed.players:
                allowed.add_effect("may_rebuild", target=player.pid, start=allowed.phase, end=allowed.phase + 1)
            emptied = state.model_copy(deep=True)
            for player in emptied.players:
                player.deck = []
            for name, variant in (("allowed", allowed), ("empty", emptied)):
                for player in variant.players[:: 1 if name == "empty" else 3]:
                    key = f"mafik/{n}/{seed}/{name}/{player.pid}"
                    lang = _lang(player.pid)
                    out[f"{key}/row"] = [[(b.text, b.callback_data) for b in row]
                                         for row in ui.rebuild_row(GAME, variant, player.pid, lang)]
                    out[f"{key}/may"] = api.deck_rules(variant, player.pid).rebuild
                    _mafik_player(out, key, variant, player.pid, "rebuild")


def _micro_add(state: GameState, pid: int, cards: list[str], card: str, lang: str) -> str | None:
    """Микромафик's builder refuses a card only over its copy limit."""
    if card not in api.deck_rules(state, pid).pool:
        return "bad_button"
    problem = ui.add_problem(state, pid, cards, card)
    return None if problem is None else ui.reason_text(lang, state.ruleset, problem)


def _micromafik(out: dict[str, Any]) -> None:
    colours = get_ruleset("micromafik").colours
    for players in range(4, 9):
        for seed in (1, 2, 3):
            roles = [r["id"] for r in get_ruleset("micromafik").public_roles()]
            cast = random.Random(f"{players}/{seed}").sample(roles, players)
            state = api.new_game("micromafik", [(f"Игрок {i}", r) for i, r in enumerate(cast)], seed=seed)
            for player in state.players:
                pid, lang = player.pid, _lang(player.pid)
                key = f"micro/{players}/{seed}/{pid}"
                out[f"{key}/panel"] = _screen(*ui.deck_panel(GAME, state, pid, lang))
                if player.building is not None and player.building.mode == "draft":
                    trial = state.model_copy(deep=True)
                    for pick in range(10):
                        api.deck_pick(trial, pid, trial.player(pid).building.offer[pick % 2])
                        out[f"{key}/draft/{pick}"] = _screen(*ui.deck_panel(GAME, trial, pid, lang))
                    continue
                rng = random.Random(key)
                pool = [spec.id for spec in get_ruleset("micromafik").catalog]
                cards: list[str] = []
                steps = []
                for n in range(30):
                    card = rng.choice(pool)
                    problem = _micro_add(state, pid, cards, card, lang)
                    steps.append([card, problem])
                    if problem is None:
                        cards.append(card)
                    if n % 5 == 4:
                        for colour in (None, *colours):
                            out[f"{key}/builder/{n}/{colour}"] = _screen(
                                *ui.builder_panel(GAME, state, pid, lang, cards, colour, problem))
                out[f"{key}/adds"] = steps


def renderings() -> dict[str, str]:
    out: dict[str, Any] = {}
    _mafik(out)
    _micromafik(out)
    return {key: _digest(value) for key, value in out.items()}


def test_deck_screens_are_unchanged() -> None:
    got = renderings()
    if os.environ.get("DECK_GOLDEN") == "write":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(got, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(expected) > 1000, "too few screens captured to prove anything"
    changed = sorted(k for k in expected if got.get(k) != expected[k])
    assert not changed and set(got) == set(expected), f"{len(changed)} deck screens differ, e.g. {changed[:5]}"


def test_the_casts_deal_every_secret_role() -> None:
    dealt = set()
    for cast in _mafik_casts():
        for seed in MAFIK_SEEDS:
            state = api.new_game("mafik", [(f"Игрок {i}", r) for i, r in enumerate(cast)], seed=seed)
            dealt |= {p.secret_role for p in state.players}
    for players in range(4, 9):
        for seed in (1, 2, 3):
            roles = [r["id"] for r in get_ruleset("micromafik").public_roles()]
            cast = random.Random(f"{players}/{seed}").sample(roles, players)
            state = api.new_game("micromafik", [(f"Игрок {i}", r) for i, r in enumerate(cast)], seed=seed)
            dealt |= {f"micro:{p.secret_role}" for p in state.players}
    assert {*MAFIK_SECRET, *(f"micro:{r}" for r in MICRO_SECRET)} <= dealt
