"""The items' effects, one module per group (each registers protection layers, query modifiers and moves
through MOVES, like a role module). An item without its module here is sold and held, and does nothing yet."""

from engine.rulesets.classic.items import (
    diploma,  # noqa: F401  (Диплом)
    guards,  # noqa: F401  (Отражатель, Икона, Капкан)
    kit,  # noqa: F401  (Клизма, Шантаж, Складной нож, Зеркало)
    night,  # noqa: F401  (Сирена, Снотворное)
    papers,  # noqa: F401  (Командировочное предписание, Алиби, Завещание)
    poison,  # noqa: F401  (Яд гадюки / скорпиона, противоядия; Химик)
    undead,  # noqa: F401  (Чеснок, Противоядие от вампира, Святая вода)
    vest,  # noqa: F401  (Бронежилет)
)
