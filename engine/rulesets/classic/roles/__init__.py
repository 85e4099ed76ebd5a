"""The roles' moves, one module per role group. Importing a module registers everything of its roles.

ADDING A ROLE (nothing else of the rule set changes but the ONE import line below):
1. data/classic/abilities/<group>.toml (its own file; read after data/classic/abilities.toml) — its moves: `id`,
   `secret_role`, `params` (ParamSpec kinds: target, choice…),
   `tags` (night / day, once_a_game, at_most:<flag>:<n>, not_two_phases_running, not_twice_on_target,
   unblockable, rule:<name>…; engine/core/abilities.py). `instant = true` for an act that is not an order.
2. engine/rulesets/classic/roles/<group>.py — `MOVES.role("<role id>")` (the table may deal it), and for each
   ability its behaviour for a step of order.py (4.1):

       MOVES.role("sheriff")

       @MOVES.move("sheriff_shot", step=o.STEP_SHERIFF, hostile=True)  # hostile: «враждебное действие»;
       def sheriff_shot(move: Move) -> None:   # paid=False: no +2; free=True: not a move; check=fn(state, pid, params)
           if move.reach(move.target):   # the visit; bar/blocked/jailed/… → «неудачно, кто-то или что-то помешало»
               move.shoot(move.target)   # a hostile act through the protection layers (vest…) → dying
               move.done()               # «удачно»; move.fail("why") — a reason of MOVES.failure(...)

   A blocked or dying actor never reaches the behaviour: the runner reports «неудачно» for him. Reading the
   order: `move.target`, `move.params`; telling: `move.tell(kind, **params)` (the actor), `state.emit(...)`.
   Blocking another: `moves.block(state, pid)` (his move of this phase fails). Coins: `economy.earn / pay /
   transfer / bonus(state, pid, "<key of economy.BONUSES>")`; the +2 a move is automatic (`paid`).
   Items: `model.new_item / items_of / has_item / spend_item / take_item`. Statuses: `state.add_effect(kind,
   target=…, during=THIS_PHASE / NEXT_DAY / …)` (engine/core/durations.py); per-player counters: `flags`.
   Deaths (engine/rulesets/classic/deaths.py): `doom` (dying tonight without the layers: poison's time is up),
   `save` (healed in time), `die` (at once: the clan's shot into the jail), `reveal` (a role to all). A role
   change: `model.become(state, pid, "soldier")` (a role that «изначально не существует» is only become:
   tests put it with `become` too). Prison: `jail.release(state, pid, "alibi")`, `jail.jail`. Day orders for
   the role (services.py): `orders_for(state, pid, "heal")`, `fulfil(state, order, pid)`. Visits of the
   night: engine/core/visits.py (`visitors_of`…).
3. Its other rules, all through `MOVES` (engine/rulesets/classic/moves.py): `@MOVES.rule("name")` for a
   `rule:name` tag; `@MOVES.layer("name", o.LAYER_…)` a protection layer (a new LAYER_ number in order.py and
   its line in tests/engine/pipeline_classic.txt); `@MOVES.queries.modifier("reach" | "price" | "may_buy" |
   "vote_weight" | "can_target" | "shop_open" | "team" | "pass_order" | "jailable" | "may_move" |
   "order_price")`; `@MOVES.instant("id")`;
   `MOVES.on_death` / `MOVES.on_jail` hooks;
   `MOVES.panel` lines; `MOVES.failure("why")`; `MOVES.words(EventFormat(...))`; `MOVES.question_kinds`;
   `MOVES.jail_targets` (abilities that may name a jailed character).
4. Its words: engine/rulesets/classic/locales/{ru,en}/<group>.toml — `act.<ability>`, `act_about.<ability>`,
   `event.<kind>` of every event it emits, `classic_why.<why>`, `reason.<refusal reason>`.
5. Its tests: tests/engine/classic/test_<role>.py (the `Game` builder of tests/engine/classic/conftest.py:
   `Game(["journalist"])` puts the role at seat 8; `.to_night().order(pid, "ability", target=…).resolve()`).
"""

from engine.rulesets.classic.roles import (
    care,  # noqa: F401  (Медсестра, Телохранитель, Реаниматор, Священник, Шмара, Пьяница, Туроператор)
    citizen,  # noqa: F401  (Мирный житель)
    clans,  # noqa: F401  (Следователь, прикрытие, допрос; Вербовщик, Ученик, Внебрачный ребёнок)
    cops,  # noqa: F401  (Шериф)
    everyone,  # noqa: F401  (сижу дома, бар, магазин)
    family,  # noqa: F401  (Муж и Жена)
    mafia,  # noqa: F401  (the clans' kill)
    neutral,  # noqa: F401  (Адвокат, Маньяк, Воришка, Отморозок, Аферист, Вышибала, Депутат)
    town,  # noqa: F401  (Журналист, Палач, Хозяин магазина, Телепат)
    undead,  # noqa: F401  (Вампир, Упырь, Дух)
)
