"""The items' effects, one module per group (each registers protection layers, query modifiers and moves
through MOVES, like a role module). An item without its module here is sold and held, and does nothing yet."""

from engine.rulesets.classic.items import (
    diploma,  # noqa: F401  (Диплом)
    undead,  # noqa: F401  (Чеснок, Противоядие от вампира, Святая вода)
    vest,  # noqa: F401  (Бронежилет)
)
