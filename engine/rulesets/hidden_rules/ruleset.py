"""«Мафия по скрытым правилам» (seeds/004_…): two worlds, an anonymous soul stone, abilities told phase by
phase, death signs, stuns, a judge's trial, soul saving and soul theft."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel

from engine.core.actions import ActionDef
from engine.core.cards import ParamSpec
from engine.core.catalog import load_roles
from engine.core.extensions import edit
from engine.core.params import ParamContext, living_target, validate_params
from engine.core.profile import PanelFact, ViewProfile
from engine.core.queries import Queries
from engine.core.refusal import Refusal
from engine.core.resolution import Pipeline, Replacement
from engine.core.rng import seed_state
from engine.core.ruleset import Ruleset
from engine.core.state import GameState, Order, PlayerState
from engine.core.wording import EventFormat
from engine.rulesets.hidden_rules import setup
from engine.rulesets.hidden_rules.abilities import ABILITIES, spec_of
from engine.rulesets.hidden_rules.model import (
    DATA_DIR,
    FACTION,
    MAFIA,
    NAME,
    SHADOW,
    SPIRITS,
    Soul,
    Stone,
    acting,
    in_spirits,
    soul,
    stone,
)
from engine.rulesets.hidden_rules.schedule import told_paragraphs
from engine.rulesets.hidden_rules.stone import offered, shuffle_souls
from engine.rulesets.hidden_rules.wording import EVENT_FORMATS

QUERIES = Queries()
PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []


def _by_day(state: GameState, pid: int) -> None:
    """The vote: by day, by the living, when someone carries a кармическая тень (else there is no one to vote on)."""
    if not state.is_day:
        raise Refusal("wrong_phase", what="vote", reason="day_only")
    if not state.player(pid).alive:
        raise Refusal("dead")
    if not state.effects_of(SHADOW):
        raise Refusal("not_allowed", what="vote", reason="no_shadow")


def _trial_today(state: GameState, pid: int) -> None:
    if not any(t.phase == state.phase for t in stone(state).trials):
        raise Refusal("not_allowed", what="trial_vote", reason="no_trial")
    if not state.player(pid).alive:
        raise Refusal("dead")


VOTE = ActionDef(id="vote", screen="vote", kind="vote", source="phase", label_key="btn.vote",
                 params=(ParamSpec(name="target", kind="any_living"),), requires=(_by_day,))
TRIAL_VOTE = ActionDef(id="trial_vote", kind="trial_vote", source="phase", label_key="act.trial_vote",
                       params=(ParamSpec(name="target", kind="any_living"),), requires=(_trial_today,))


class HiddenRules(Ruleset):
    name = NAME
    queries = QUERIES
    pipeline = PIPELINE
    replacements = REPLACEMENTS
    single_orders = frozenset({*ABILITIES.single_orders, "vote", "trial_vote"})
    max_players = setup.MAX_PLAYERS
    rules_documents: ClassVar[dict[str, str]] = {"ru": "docs/rulesets/hidden_rules.md"}
    listing = 50
    game_ext: ClassVar[type[BaseModel]] = Stone
    player_ext: ClassVar[type[BaseModel]] = Soul
    action_defs = (VOTE, TRIAL_VOTE, *ABILITIES.action_defs())
    ability_catalogue = ABILITIES
    play_zones = ()  # no cards
    # the Суд's ballot offers only the two named, a stun no one already in the spirit world (targets the check accepts)
    view_profile = ViewProfile(zones=(), checked_targets=True)
    event_formats: ClassVar[tuple[EventFormat, ...]] = EVENT_FORMATS
    # The master's settings before the start (`/set KEY VALUE`; the first value is the default).
    start_settings: ClassVar[dict[str, tuple[str, ...]]] = {
        "aura": ("death_sign", "any_mark"), "mafia_win": ("parity", "all")}
    intro_kinds: ClassVar[frozenset[str]] = frozenset({"hr_role", "hr_mafia"})

    @property
    def data_dir(self) -> Path:
        return DATA_DIR

    # ---------------------------------------------------------------- set-up
    def public_roles(self) -> list[dict[str, Any]]:
        return [{"id": r.id, "name": r.name, "name_en": r.name_en} for r in load_roles(DATA_DIR).values()
                if not r.secret]

    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        setup.table_for(len(players), settings)
        state = GameState(ruleset=NAME, seed=seed, rng=seed_state(seed), settings=settings)
        state.players = [PlayerState(pid=i, name=name, public_role="character") for i, (name, _r) in enumerate(players)]
        for player, (role, group) in zip(state.players, setup.deal(state), strict=True):
            player.secret_role, player.faction = role, FACTION[role]
            with edit(Soul, player) as me:
                me.group = group
        shuffle_souls(state)
        return state

    def start(self, state: GameState) -> None:
        from engine.rulesets.hidden_rules.steps import begin_phase

        state.status = "running"
        mafia = [p.pid for p in state.players if p.faction == MAFIA]
        for player in state.players:
            state.emit("hr_role", "player", player.pid, secret_role=player.secret_role, faction=player.faction)
            if player.faction == MAFIA:  # decided: the mafia know each other from the start
                state.emit("hr_mafia", "player", player.pid, pids=[p for p in mafia if p != player.pid])
        begin_phase(state, 1)

    # ---------------------------------------------------------------- orders
    def acts_when_dead(self, state: GameState, pid: int) -> bool:
        """Спасение души: dead in the real world, he goes on in the spirit world."""
        return soul(state, pid).ghost

    def labels(self, state: GameState, pid: int, param: ParamSpec) -> list[str]:
        return offered(state, pid, param.of)

    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        if state.status != "running":
            raise Refusal("game_not_running", status=state.status)
        if not acting(state, pid):
            raise Refusal("dead")
        for order in orders:
            if order.kind in ("vote", "trial_vote"):
                (_by_day if order.kind == "vote" else _trial_today)(state, pid)
                if set(order.params) != {"target"}:
                    raise Refusal("bad_param", param="target", reason="missing")
                whom = living_target(state, self.queries, pid, order.params.get("target"), by="vote", allow_self=True)
                _check_ballot(state, order.kind, whom)
            elif order.kind in ABILITIES:
                ABILITIES.check(state, pid, order.kind, order.params)
                order.params = validate_params(self._context(state, pid, order.kind), dict(order.params))
                _check_ability(state, pid, order)
            else:
                raise Refusal("not_allowed", what=order.kind, reason="no_such_action")
        ABILITIES.check_orders(state, pid, orders)

    def check_partial(self, state: GameState, pid: int, kind: str, card: int | None, params: dict[str, Any]) -> None:
        if kind in ABILITIES:
            ABILITIES.check(state, pid, kind)
            validate_params(self._context(state, pid, kind, partial=True), dict(params))

    def _context(self, state: GameState, pid: int, kind: str, partial: bool = False) -> ParamContext:
        return ParamContext(state=state, ruleset=self, actor=pid, spec=spec_of(kind), by_day=state.is_day,
                            is_mafia=state.player(pid).faction == MAFIA, colours=(), partial=partial, roles=())

    # ---------------------------------------------------------------- the win
    def win_check(self, state: GameState) -> list[str] | None:
        from engine.rulesets.hidden_rules.steps import winners

        return winners(state)

    # ---------------------------------------------------------------- views and hidden rules
    def told_rules(self, state: GameState, pid: int) -> list[tuple[str, dict[str, Any]]] | None:
        return told_paragraphs(state, pid)

    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        me = soul(state, pid)
        return {"world": me.world, "ghost": me.ghost, "stolen": me.stolen, "told": list(me.told)}

    def panel_facts(self, state: GameState, pid: int) -> list[PanelFact]:
        me = soul(state, pid)
        facts = [PanelFact("panel_hidden_rules.ghost" if me.ghost else
                           f"panel_hidden_rules.{'spirits' if me.world == SPIRITS else 'living'}", {})]
        if me.stolen:
            facts.append(PanelFact("panel_hidden_rules.stolen", {}))
        return facts


def _check_ballot(state: GameState, kind: str, whom: int) -> None:
    """Кармическая тень: by day, votes go only against the shadowed. Суд: only one of the two named."""
    if kind == "vote" and not state.effects_of(SHADOW, target=whom):
        raise Refusal("invalid_target", target=whom, reason="no_shadow")
    if kind == "trial_vote" and not any(t.phase == state.phase and whom in (t.first, t.second)
                                        for t in stone(state).trials):
        raise Refusal("invalid_target", target=whom, reason="not_on_trial")


def _check_ability(state: GameState, pid: int, order: Order) -> None:
    """What an ability's parameters must meet beyond their kinds."""
    ability = ABILITIES[order.kind]
    if ability.what == "stun":
        whom = int(order.params["target"])
        if in_spirits(state, whom):  # «нельзя применять на уже оглушённого или на медитирующего»
            raise Refusal("invalid_target", target=whom, reason="in_spirits")
