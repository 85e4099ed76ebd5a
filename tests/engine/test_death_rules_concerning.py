"""Death rules marked `concerning` (engine/core/phase.py) are asked only about the characters they name:
the deaths decided so must be the deaths every rule asked about every living character decides."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine.cardgame import steps
from engine.core import phase
from engine.core.phase import CONCERNS, concerning, decide_deaths, marked_like
from engine.core.presence import gated
from engine.core.resolution import Resolution
from engine.core.state import PlayerState
from engine.rulesets.mafik.registry import REGISTRIES
from engine.sim import play_game


def test_a_concerning_rule_is_asked_only_about_whom_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    @concerning(lambda res: {2})
    def rule(res: Resolution, player: PlayerState) -> str | None:
        asked.append(player.pid)
        return "marked"

    players = [PlayerState(pid=pid, name=f"p{pid}", public_role="citizen") for pid in range(4)]
    res = SimpleNamespace(state=SimpleNamespace(living=lambda: players))
    killed: list[tuple[int, str]] = []
    monkeypatch.setattr(phase, "kill", lambda state, pid, cause: killed.append((pid, cause)))
    decide_deaths(res, [rule])  # type: ignore[arg-type]
    assert asked == [2]
    assert killed == [(0, "cards"), (1, "cards"), (2, "marked"), (3, "cards")]


def test_the_gate_around_a_card_rule_keeps_its_concerning_mark() -> None:
    def who(res: Resolution) -> set[int]:
        return set()

    @concerning(who)
    def rule(res: Resolution, player: PlayerState) -> None:
        return None

    assert getattr(marked_like(rule, gated("some_card", rule)), CONCERNS) is who


MARKED = [rule for rule in REGISTRIES.death_rules if getattr(rule, CONCERNS, None) is not None]


def test_mafik_marks_its_card_death_rules() -> None:
    assert len(MARKED) >= 2


@pytest.mark.parametrize("seed", range(300, 312))
def test_a_concerning_rule_has_no_say_about_anyone_it_does_not_name(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """In whole games, at every phase's deaths: each marked Мафик rule (none of which changes anything when
    asked) says None about every living character its mark leaves out."""
    real = steps.decide_deaths
    checked = 0

    def checking(res: Resolution, rules: list[Any]) -> None:
        nonlocal checked
        for rule in MARKED:
            named = getattr(rule, CONCERNS)(res)
            for player in res.state.living():
                if player.pid not in named:
                    assert rule(res, player) is None
                    checked += 1
        real(res, rules)

    monkeypatch.setattr(steps, "decide_deaths", checking)
    play_game("mafik", 16, seed)
    assert checked > 0
