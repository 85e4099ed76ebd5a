"""Orders found valid when submitted are not checked again at the deadline while nothing but submissions has
changed the game (engine/core/checked.py): every function of the API is a change, a submission or a read;
any change forgets the verdicts; a loaded or copied state checks everything again; and every verdict kept is
what a check at the deadline finds, in random games whatever the order of the players' actions."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import api, phase
from engine.core.checked import still_valid
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset
from engine.core.state import GameState, Order
from engine.sim import GameRunner
from tests.engine.mafik.conftest import MafikScenario

CHANGES = {"start", "deck_pick", "deck_build", "deck_auto", "deck_auto_all", "withdraw", "reorder_hand", "resolve",
           "act", "rule", "configure", "public_post", "replaced", "answer", "modkill"}
READS = {"ruleset_of", "new_game", "deck_rules", "may_rebuild", "deck_problem", "deck_check", "check", "playable",
         "record_orders", "play_cost", "catalog", "start_settings", "view_profile", "muted", "intro_kinds",
         "counts_posts", "panel_facts", "choice_facts", "param_choices", "param_values", "param_labels",
         "param_span", "may_give", "order_cost", "is_implemented", "may_act", "actions", "payment_options",
         "player_colours", "counters", "told_rules", "submitted", "dump", "load", "play_options", "event_formats",
         "event_format", "check_answer", "package_dir"}


def _counts_its_changes(fn: Callable[..., object]) -> bool:
    return hasattr(fn, "__wrapped__") and getattr(getattr(fn, "__code__", None), "co_name", None) == "counted"


def test_every_function_of_the_api_is_a_counted_change_a_submission_or_a_read() -> None:
    """A new function of the API must say which it is: one that changes the state and does not count it
    would let orders it made invalid pass the deadline unchecked."""
    public = {name: fn for name, fn in inspect.getmembers(api, callable)
              if not name.startswith("_") and not inspect.isclass(fn) and getattr(fn, "__module__", None) == api.__name__}
    assert set(public) == CHANGES | READS | {"submit"}, set(public) ^ (CHANGES | READS | {"submit"})
    assert {name for name, fn in public.items() if _counts_its_changes(fn)} == CHANGES
    # `record_orders` writes the master's record of the phase, inside `resolve` only
    assert "record_orders(state)" in inspect.getsource(api.resolve)


def _day() -> MafikScenario:
    g = MafikScenario.day(2).player("A", hand=6).player("B", hand=6).player("C", hand=6).player("D", hand=6)
    g.build()
    return g


def _orders(g: MafikScenario, name: str) -> list[Order]:
    return g.state.orders[g.pid(name)]


def test_orders_found_valid_stay_so_while_other_players_submit() -> None:
    g = _day()
    g.order("A", "vote", target="B")
    assert still_valid(g.state, g.pid("A"), _orders(g, "A"))
    g.order("B", "vote", target="A")
    g.order("C", "punishment", choice="torture")
    assert still_valid(g.state, g.pid("A"), _orders(g, "A"))
    assert still_valid(g.state, g.pid("B"), _orders(g, "B"))


def test_a_new_order_of_the_same_player_is_a_new_set_found_valid() -> None:
    g = _day()
    g.order("A", "vote", target="B")
    first = list(_orders(g, "A"))
    g.order("A", "punishment", choice="torture")
    assert not still_valid(g.state, g.pid("A"), first)
    assert still_valid(g.state, g.pid("A"), _orders(g, "A"))


def test_any_change_through_the_api_forgets_every_verdict() -> None:
    changes: list[Callable[[MafikScenario], object]] = [
        lambda g: api.reorder_hand(g.state, g.pid("D"), [c.uid for c in reversed(g.state.player(g.pid("D")).hand)]),
        lambda g: api.act(g.state, g.pid("D"), "private_message", {"to": g.pid("C"), "text": "привет"}),
        lambda g: api.modkill(g.state, g.pid("D")),
        lambda g: api.configure(g.state, "review_messages", True),
    ]
    for change in changes:
        g = _day()
        g.order("A", "vote", target="B")
        change(g)
        assert not still_valid(g.state, g.pid("A"), _orders(g, "A"))


def test_a_refused_change_forgets_them_too() -> None:
    g = _day()
    g.order("A", "vote", target="B")
    try:
        api.act(g.state, g.pid("D"), "no_such_action", {})
    except Refusal:
        pass
    else:
        raise AssertionError("an unknown action was accepted")
    assert not still_valid(g.state, g.pid("A"), _orders(g, "A"))


def test_a_loaded_or_copied_state_checks_everything_again() -> None:
    g = _day()
    g.order("A", "vote", target="B")
    for other in (api.load(api.dump(g.state)), g.state.model_copy(), g.state.model_copy(deep=True)):
        assert not still_valid(other, g.pid("A"), other.orders[g.pid("A")])


def test_a_vote_for_a_character_the_master_killed_is_dropped_at_the_deadline() -> None:
    """The master's /modkill goes through the API: the vote found valid before is checked again and dropped."""
    g = _day()
    g.order("A", "vote", target="C")
    api.modkill(g.state, g.pid("C"))
    g.resolve()
    dropped = [e for e in g.state.events if e.kind == "order_dropped" and e.who == g.pid("A")]
    assert [(e.params["kind"], e.params["code"], e.params["params"]) for e in dropped] == \
        [("vote", "invalid_target", {"target": g.pid("C"), "reason": "dead"})]


def _interleaved(runner: GameRunner) -> None:
    """Each agent's instant actions right before its own orders: changes come between other players' orders."""
    for agent in runner.agents:
        agent.act_instantly(runner.state, runner.ruleset)
        agent.act(runner.state, runner.ruleset)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from([("mafik", 16), ("micromafik", 8)]), seed=st.integers(min_value=0, max_value=10_000),
       interleaved=st.booleans())
def test_every_verdict_kept_is_what_the_deadline_check_finds(game: tuple[str, int], seed: int,
                                                             interleaved: bool) -> None:
    """Whenever the deadline takes a player's orders as found valid, checking them anyway accepts them all
    as they are (the validators leave their parameters as they were)."""
    kept: list[int] = []
    plain = phase.still_valid

    def checking(state: GameState, pid: int, orders: list[Order]) -> bool:
        if not plain(state, pid, orders):
            return False
        copies = [o.model_copy(deep=True) for o in orders]
        get_ruleset(state.ruleset).validate_orders(state, pid, copies)
        assert [c.params for c in copies] == [o.params for o in orders]
        kept.append(pid)
        return True

    ruleset, players = game
    runner = GameRunner(ruleset, players, seed)
    phase.still_valid = checking
    try:
        for _ in range(12):
            if not runner.running:
                break
            _interleaved(runner) if interleaved else runner.act()
            runner.resolve()
    finally:
        phase.still_valid = plain
    assert kept or ruleset == "micromafik", "no verdict was kept"


# What the bot may import of the engine besides the API: descriptions, views and reads (a function that changes
# a game outside the API would let an order it made invalid pass the deadline unchecked).
BOT_MAY_IMPORT = {"engine.core.api", "engine.core.state", "engine.core.refusal", "engine.core.ruleset",
                  "engine.core.views", "engine.core.actions", "engine.core.profile", "engine.core.diagram",
                  "engine.core.cards", "engine.core.wording", "engine.core.message_log", "engine.cardgame.options",
                  "engine.cardgame.deckrules", "engine.sim", "engine.stats"}


def test_the_bot_changes_a_game_only_through_the_api() -> None:
    root = Path(__file__).resolve().parents[2] / "tgbot"
    imported: dict[str, str] = {}
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
                names = [f"{node.module}.{a.name}" if node.module == "engine.core" else node.module for a in node.names]
                imported.update((name, str(path.relative_to(root))) for name in names)
            elif isinstance(node, ast.Import):
                imported.update((a.name, str(path.relative_to(root))) for a in node.names if a.name.startswith("engine"))
    assert {name: where for name, where in imported.items() if name not in BOT_MAY_IMPORT} == {}
