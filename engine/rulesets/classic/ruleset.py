"""«Классическая форумная мафия» (seeds/001_…): coins and a shop, two mafia clans, jail instead of execution,
~36 roles resolved in the fixed order of section 4.1. Rules completed: docs/rulesets/classic.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel

from engine.core.actions import ActionDef, by_day
from engine.core.cards import CardSpec, ParamSpec
from engine.core.catalog import load_roles
from engine.core.extensions import edit, read
from engine.core.params import ParamContext, living_target, validate_params
from engine.core.profile import PanelFact, ViewProfile
from engine.core.refusal import Refusal
from engine.core.resolution import Pipeline
from engine.core.rng import seed_state
from engine.core.ruleset import Ruleset
from engine.core.state import GameState, Order, PlayerState
from engine.core.wording import EventFormat
from engine.rulesets.classic import setup
from engine.rulesets.classic.abilities import ABILITIES, spec_of
from engine.rulesets.classic.economy import balance, shop_line
from engine.rulesets.classic.model import (
    CLANS,
    DATA_DIR,
    IN_BAR,
    NAME,
    PRISON,
    ROLES,
    SOLD,
    Citizen,
    Town,
    cit,
    in_play,
    in_prison,
)
from engine.rulesets.classic.moves import MOVES
from engine.rulesets.classic.wording import EVENT_FORMATS

PIPELINE = Pipeline()
SECRET = tuple(r.id for r in ROLES.values() if r.secret)  # the secret roles (a parameter may name one)
JAIL_TARGETS = MOVES.jail_targets  # abilities that may name a jailed character (the interrogation, the clan's shot)


def may_vote(state: GameState, pid: int) -> None:
    """1.4: by day, in the game (not in prison); one vote, final (it cannot be changed or taken back)."""
    if in_prison(state, pid):
        raise Refusal("not_allowed", what="vote", reason="in_prison")
    if any(o.kind == "vote" for o in state.orders.get(pid, [])):
        raise Refusal("not_allowed", what="vote", reason="vote_final")


VOTE = ActionDef(id="vote", screen="vote", kind="vote", source="phase", label_key="btn.vote",
                 params=(ParamSpec(name="target", kind="target"),), requires=(by_day("vote"), may_vote))


def team_of(state: GameState, pid: int) -> str | None:
    """The group he may talk with (1.2): his clan, the cops, husband and wife — and what the modules add
    through the `team` query (the Бунтарь's followers…)."""
    player = state.player(pid)
    team: str | None = None
    if player.faction in CLANS or player.faction == "cops":
        team = player.faction
    elif "spouse" in cit(state, pid).traits:
        team = "family"
    found: str | None = MOVES.queries.ask("team", state, team, pid=pid)
    return found


def in_team(state: GameState, pid: int) -> None:
    if state.status != "running" or not state.player(pid).alive:
        raise Refusal("dead")
    if team_of(state, pid) is None:
        raise Refusal("not_allowed", what="team_note", reason="no_team")


TEAM_NOTE = ActionDef(id="team_note", kind="team_note", source="role", label_key="act.team_note", instant=True,
                      params=(ParamSpec(name="text", kind="message"),), requires=(in_team,))


def item_words(kind: str, charges: int) -> dict[str, Any]:
    """An item of the inventory on the panel: its name, its charges and what it does."""
    return {"item": PanelFact(f"classic_item.{kind}"), "n": charges, "about": PanelFact(f"classic_item_about.{kind}")}


class Classic(Ruleset):
    name = NAME
    queries = MOVES.queries
    pipeline = PIPELINE
    replacements = MOVES.layers
    single_orders = frozenset({*ABILITIES.single_orders, "vote"})
    max_players = setup.MAX_PLAYERS
    shared_public_roles: ClassVar[frozenset[str]] = frozenset({"resident"})  # no public roles: all are «Житель»
    rules_documents: ClassVar[dict[str, str]] = {"ru": "docs/rulesets/classic.md"}
    listing = 40
    game_ext: ClassVar[type[BaseModel]] = Town
    player_ext: ClassVar[type[BaseModel]] = Citizen
    public_statuses: ClassVar[frozenset[str]] = frozenset({PRISON, IN_BAR})
    action_defs = (VOTE, *ABILITIES.action_defs(), TEAM_NOTE)
    ability_catalogue = ABILITIES
    play_zones = ()  # no cards
    view_profile = ViewProfile(zones=(), currency="coins", order_choices=True, checked_targets=True)
    event_formats: ClassVar[tuple[EventFormat, ...]] = EVENT_FORMATS
    question_kinds: ClassVar[dict[str, tuple[str, ...]]] = MOVES.question_kinds  # the modules' questions
    # The master's settings before the start (`/set KEY VALUE`; the first value is the default).
    start_settings: ClassVar[dict[str, tuple[str, ...]]] = {
        "vote_tie": ("coin", "nobody"), "spouses": ("on", "off"), "deal": ("random", "fixed"),
        "silent_penalty": ("off", "on"), "psycho": ("on", "off"),
        "clan_orders": ("boss", "each")}
    intro_kinds: ClassVar[frozenset[str]] = frozenset({"classic_role", "athlete_dealt", "team_members", "role_changed"})
    counts_posts: ClassVar[bool] = True  # «сухари» (1.11): who writes nothing all day in the public group

    @property
    def data_dir(self) -> Path:
        return DATA_DIR

    # ---------------------------------------------------------------- set-up
    def public_roles(self) -> list[dict[str, Any]]:
        return [{"id": r.id, "name": r.name, "name_en": r.name_en} for r in load_roles(DATA_DIR).values() if not r.secret]

    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        setup.table_for(len(players), settings)
        state = GameState(ruleset=NAME, seed=seed, rng=seed_state(seed), settings=settings)
        state.players = [PlayerState(pid=i, name=name, public_role="resident") for i, (name, _r) in enumerate(players)]
        setup.deal(state, settings)
        return state

    def start(self, state: GameState) -> None:
        """The game begins with night 1, then day 1, night 2… (a decision: the engine's and the forum's usual
        numbering; the text states no first phase)."""
        state.status = "running"
        setup.introduce(state)
        from engine.rulesets.classic.steps import begin_phase

        begin_phase(state, 1)

    # ---------------------------------------------------------------- orders
    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        if state.status != "running":
            raise Refusal("game_not_running", status=state.status)
        if not state.player(pid).alive:
            raise Refusal("dead")
        moves = 0
        oids = {o.oid for o in orders}
        for order in orders:
            if order.kind == "vote":
                if not state.is_day:
                    raise Refusal("wrong_phase", what="vote", reason="day_only")
                if in_prison(state, pid):
                    raise Refusal("not_allowed", what="vote", reason="in_prison")
                if any(o.kind == "vote" and o.oid not in oids for o in state.orders.get(pid, [])):
                    raise Refusal("not_allowed", what="vote", reason="vote_final")
                if set(order.params) != {"target"}:
                    raise Refusal("bad_param", param="target", reason="missing")
                target = living_target(state, self.queries, pid, order.params.get("target"), by="vote",
                                       allow_self=False)
                if in_prison(state, target):
                    raise Refusal("invalid_target", target=target, reason="in_prison")
            elif order.kind in ABILITIES:
                ABILITIES.check(state, pid, order.kind, order.params)
                order.params = validate_params(self._context(state, pid, order.kind), dict(order.params))
                own = MOVES.moves[order.kind].check
                if own is not None:
                    own(state, pid, order.params)
                for target in ABILITIES[order.kind].targets_in(order.params):
                    if in_prison(state, target) and order.kind not in JAIL_TARGETS:
                        raise Refusal("invalid_target", target=target, reason="in_prison")
                moves += MOVES.is_move(order.kind)
            else:
                raise Refusal("not_allowed", what=order.kind, reason="no_such_action")
        if moves > 1:
            raise Refusal("limit_reached", what="move", reason="one_move")
        ABILITIES.check_orders(state, pid, orders)

    def on_public_post(self, state: GameState, pid: int) -> None:
        """1.11: a post in the game's thread by day (a vote is cast through the bot, so any post counts)."""
        if state.is_day and in_play(state, pid):
            with edit(Citizen, state.player(pid)) as me:
                me.posted_phase = state.phase

    def on_replaced(self, state: GameState, pid: int) -> None:
        """1.18: «При замене игрока, штрафы аннулируются» — the +1 votes he carries into the next count."""
        with edit(Citizen, state.player(pid)) as me:
            had, me.penalty, me.penalty_why = me.penalty, 0, []
        if had:
            state.emit("penalty_annulled", "public", None, pid=pid, n=had)

    def check_withdraw(self, state: GameState, pid: int, order: Order) -> None:
        """1.4: «Пост с голосом редактировать нельзя. Повторное голосование не допускается.»"""
        if order.kind == "vote":
            raise Refusal("not_allowed", what="vote", reason="vote_final")

    def on_submitted(self, state: GameState, pid: int, order: Order) -> None:
        """The vote is public as it is cast (a post in the game's thread)."""
        if order.kind == "vote":
            state.emit("vote_cast", "public", None, pid=pid, target=order.params["target"])

    def _context(self, state: GameState, pid: int, kind: str, partial: bool = False) -> ParamContext:
        return ParamContext(state=state, ruleset=self, actor=pid, spec=spec_of(kind), by_day=state.is_day,
                            is_mafia=state.player(pid).faction in CLANS, colours=(), partial=partial, roles=SECRET)

    def param_context(self, state: GameState, pid: int, spec: CardSpec, *, partial: bool = False) -> ParamContext:
        return ParamContext(state=state, ruleset=self, actor=pid, spec=spec, by_day=state.is_day,
                            is_mafia=state.player(pid).faction in CLANS, colours=(), partial=partial, roles=SECRET)

    def act(self, state: GameState, pid: int, action: str, params: dict[str, Any]) -> None:
        """An instant act of a module (MOVES.instant: an antidote, the Диплом…), checked as an order is; or a
        message to his group (1.2: the clans, the cops, husband and wife), relayed at once."""
        if action in MOVES.instants:
            if state.status != "running" or not state.player(pid).alive:
                raise Refusal("dead")
            ABILITIES.check(state, pid, action, params)
            checked = validate_params(self._context(state, pid, action), dict(params))
            MOVES.instants[action](state, pid, checked)
            ABILITIES.record(state, pid, action, ABILITIES[action].targets_in(checked))
            return
        if action != "team_note":
            raise Refusal("not_allowed", what=action, reason="no_such_action")
        in_team(state, pid)
        text = params.get("text")
        if set(params) != {"text"} or not isinstance(text, str) or not text.strip() or len(text) > 2000:
            raise Refusal("bad_param", param="text", kind="message", reason="empty_message")
        team = team_of(state, pid)
        for member in state.living():
            if member.pid != pid and team_of(state, member.pid) == team:
                state.emit("team_note", "player", member.pid, by=pid, text=text)
        state.emit("team_note_copy", "master", None, by=pid, team=team, text=text)

    # ---------------------------------------------------------------- the win
    def win_check(self, state: GameState) -> list[str] | None:
        from engine.rulesets.classic.win import winners

        return winners(state)

    # ---------------------------------------------------------------- views
    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        me = cit(state, pid)
        shared = read(Town, state).shared.get(me.purse, []) if me.purse else []
        return {"coins": balance(state, pid), "purse": me.purse or "own",
                "items": [i.model_dump(mode="json") for i in me.items],
                "shared_items": [i.model_dump(mode="json") for i in shared], "bar_visits": me.bar_visits,
                "penalty": me.penalty, "in_play": in_play(state, pid)}

    def panel_facts(self, state: GameState, pid: int) -> list[PanelFact]:
        me = cit(state, pid)
        facts = [PanelFact(f"panel_classic.coins_{me.purse or 'own'}", {"n": balance(state, pid)})]
        for item in me.items:
            key = "item" if item.active_from <= state.phase else "item_tomorrow"
            facts.append(PanelFact(f"panel_classic.{key}", item_words(item.kind, item.charges)))
        for item in read(Town, state).shared.get(me.purse, []) if me.purse else []:
            facts.append(PanelFact("panel_classic.shared_item", item_words(item.kind, item.charges)))
        if in_prison(state, pid):
            facts.append(PanelFact("panel_classic.prison", {}))
        if me.penalty and in_play(state, pid):  # the next day's (at night) or today's
            facts.append(PanelFact("panel_classic.penalty" if state.is_day else "panel_classic.penalty_tomorrow",
                                   {"n": me.penalty, "why": PanelFact("panel_classic.why_" + "_".join(me.penalty_why))}))
        for lines in MOVES.panel:
            facts += lines(state, pid)
        return facts

    def choice_facts(self, state: GameState, pid: int, action: str, param: str) -> dict[str, PanelFact]:
        """The shop screen's list: each item sold at what it costs him now (the Хозяин магазина's +1…) and, of a
        limited kind, what is left of it."""
        return {f"buy_{kind}": shop_line(state, pid, kind) for kind in SOLD} if (action, param) == ("buy", "item") else {}
