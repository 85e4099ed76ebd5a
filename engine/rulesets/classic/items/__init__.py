"""The items' effects, one module per group (each registers protection layers, query modifiers and moves
through MOVES, like a role module), and the shop's urgent delivery."""

from engine.rulesets.classic.items import (
    calls,  # noqa: F401  (Визитка мафии, Звонок в МВД, Указ президента)
    clonidine,  # noqa: F401  (Клофелин)
    delivery,  # noqa: F401  (срочная доставка Хозяина магазина)
    diploma,  # noqa: F401  (Диплом)
    guards,  # noqa: F401  (Отражатель, Икона, Капкан)
    kit,  # noqa: F401  (Клизма, Шантаж, Складной нож, Зеркало)
    night,  # noqa: F401  (Сирена, Снотворное)
    papers,  # noqa: F401  (Командировочное предписание, Алиби, Завещание)
    poison,  # noqa: F401  (Яд гадюки / скорпиона, противоядия; Химик)
    undead,  # noqa: F401  (Чеснок, Противоядие от вампира, Святая вода)
    vest,  # noqa: F401  (Бронежилет)
    wounds,  # noqa: F401  (Заточка, Йод и бинт)
)
