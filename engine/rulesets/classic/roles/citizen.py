"""Мирный житель (5.1.1): «Может ходить в центр занятости (купить профессию) и магазин за 6 монет, охотиться с
осиновым колом.» The shop is everyone's move (roles/everyone.py); the job centre's professions are not in
this edition (the text lists none). The stake (4.3 «Хождение с колом»): at least three at once on one target;
on a vampire or a ghoul it kills, on anyone else the three learn «не вампир»; the move is «удачно» either way."""

from __future__ import annotations

from engine.rulesets.classic import order as o
from engine.rulesets.classic.moves import MOVES, Move

MOVES.role("citizen")

STAKE_KINDS = ["stake"]  # every ability that is a walk with a stake (role modules append theirs)
STAKE_TARGETS = ("vampire", "ghoul")  # «охота на вампира»; Упырь «может быть убит аналогично вампиру»
STAKE_CREW = 3  # «не менее трёх персонажей одновременно»


@MOVES.move("stake", step=o.STEP_STAKES, hostile=True)
def stake(move: Move) -> None:
    state = move.state
    if not move.reach(move.target):
        return
    res = move.res
    crews: dict[int, list[int]] = res.scratch.setdefault("stake_crews", {})
    crew = crews.setdefault(move.target, [])
    crew.append(move.actor)
    move.done()
    if len(crew) != STAKE_CREW:
        return
    if state.player(move.target).secret_role in STAKE_TARGETS:
        move.shoot(move.target, cause="stakes")
    else:
        for pid in crew:
            state.emit("not_a_vampire", "player", pid, target=move.target)
