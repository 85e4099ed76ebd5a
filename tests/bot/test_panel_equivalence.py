"""The panel a player sees stays the same when the bot takes its role actions from `api.actions`.

Simulated games of both rule sets are stopped at random moments; every living player's panel (text and
buttons) and the first screen of every role action it offers are rendered and compared with the
digests recorded from the code before the switch (tests/bot/data/panel_golden.json). Each moment is
also tried with the once-a-game perks spent, and with an empty Sleeve, one Hand card and the
Секретарша's extra play on, which the simulator's agents rarely reach. `PANEL_GOLDEN=write` records
the digests anew (only after a deliberate change).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

from engine.core import api
from engine.core.state import GameState
from engine.sim import GameRunner
from tgbot.ui import comms, deck  # noqa: F401 (their rows join the panel by place, as in the running bot)
from tgbot.ui import flow as fl
from tgbot.ui.flow_screens import flow_screen
from tgbot.ui.panel import panel

GOLDEN = Path(__file__).parent / "data" / "panel_golden.json"
GAMES = {"mafik": (15, range(1, 5)), "micromafik": (8, range(1, 9))}
# Casts of public roles the random ones rarely bring together (the rest of the perks, the Предатель).
CASTS = {"mafik": [["mentor", "cultist", "politician", "prosecutor", "bureaucrat", "revolutionary", "geek", "lucky",
                    "paranoiac", "bloodhound", "guard", "scientist", "undertaker", "addict", "looter", "secretary"]],
         "micromafik": [["businessman", "paranoiac", "croupier", "alien", "magician", "banker"]]}
STOP_CHANCE = 0.25  # how often a moment of a game is captured


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False, sort_keys=True, default=str).encode()).hexdigest()[:20]


def _buttons(keyboard: Any) -> list[list[tuple[str, str]]]:
    if keyboard is None:
        return []
    return [[(b.text, b.callback_data) for b in row] for row in keyboard.inline_keyboard]


def _offered(keyboard: Any) -> list[str]:
    """The role actions ("do" buttons) a panel offers."""
    return [data.split(":")[4] for row in _buttons(keyboard) for _text, data in row if data.split(":")[3] == "do"]


def _rendering(state: GameState, pid: int, lang: str) -> dict[str, Any]:
    game = {"id": 1, "deadline_at": None}
    text, keyboard = panel(game, state, pid, lang)
    out: dict[str, Any] = {"text": text, "buttons": _buttons(keyboard)}
    for key in _offered(keyboard):
        flow = fl.new_flow(1, state.phase, fl.FLOW_ACTIONS[key].kind, action=key)
        screen, markup = flow_screen(state, pid, flow, lang)
        out[key] = [screen, _buttons(markup)]
    return out


def _variants(state: GameState) -> list[tuple[str, GameState]]:
    """The state itself, every once-a-game perk spent, and no Sleeve and one Hand card left."""
    spent = state.model_copy(deep=True)
    for player in spent.players:
        player.flags[f"used_{player.public_role}"] = 1
        player.flags["lucky_redraws"] = 2
    bare = state.model_copy(deep=True)
    for player in bare.players:
        player.sleeve = []
        player.hand = player.hand[:1]
        player.points += 1  # the Параноик of Микромафик needs a point
        if player.public_role == "secretary" and bare.status == "running":  # her extra play, activated
            bare.add_effect("secretary", target=player.pid, source=player.pid, end=bare.phase)
    return [("as_is", state), ("spent", spent), ("bare", bare)]


def _runners() -> list[tuple[str, str, GameRunner]]:
    out = [(ruleset, str(seed), GameRunner(ruleset, players, seed))
           for ruleset, (players, seeds) in GAMES.items() for seed in seeds]
    for ruleset, casts in CASTS.items():
        for i, cast in enumerate(casts):
            runner = GameRunner(ruleset, len(cast), i)
            runner.state = api.new_game(ruleset, [(f"Игрок {n + 1}", r) for n, r in enumerate(cast)], seed=i)
            for agent in runner.agents:
                agent.build_deck(runner.state, runner.ruleset)
            if runner.state.status == "setup":
                api.deck_auto_all(runner.state)
            out.append((ruleset, f"cast{i}", runner))
    return out


def renderings() -> dict[str, str]:
    out: dict[str, str] = {}
    for ruleset, seed, runner in _runners():
        stops = random.Random(f"{ruleset}/{seed}")

        def hook(state: GameState, moment: str, ruleset: str = ruleset, seed: str = seed,
                 stops: random.Random = stops) -> None:
            if stops.random() >= STOP_CHANCE:
                return
            for name, variant in _variants(state):
                for player in variant.players:
                    if not player.alive:
                        continue
                    lang = ("ru", "en")[player.pid % 2]
                    key = f"{ruleset}/{seed}/{variant.phase}/{moment}/{name}/{player.pid}"
                    out[key] = _digest(_rendering(variant, player.pid, lang))

        while runner.running:
            runner.step(hook)
    return out


def test_panels_and_role_action_screens_are_unchanged() -> None:
    got = renderings()
    if os.environ.get("PANEL_GOLDEN") == "write":
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(got, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert len(expected) > 1000, "too few moments captured to prove anything"
    changed = sorted(k for k in expected if got.get(k) != expected[k])
    assert not changed and set(got) == set(expected), f"{len(changed)} panels differ, e.g. {changed[:5]}"
