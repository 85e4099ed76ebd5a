"""The roles' moves, one module per role group. Importing a module registers its moves (MOVES.move), its
rules (MOVES.rule), its protection layers (MOVES.layer) and its query modifiers (MOVES.queries); each
ability it registers is declared in data/classic/abilities.toml. A new role group is one module here and
ONE line below (and its role dealt by the table: engine/rulesets/classic/setup.py IMPLEMENTED)."""

from engine.rulesets.classic.roles import (
    citizen,  # noqa: F401  (Мирный житель)
    cops,  # noqa: F401  (Шериф)
    everyone,  # noqa: F401  (сижу дома, бар, магазин)
    mafia,  # noqa: F401  (the clans' kill)
)
