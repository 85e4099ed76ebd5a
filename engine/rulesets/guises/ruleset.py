"""«Мафия с личинами» (seeds/003_…): 2 HP, the hospital and the prison, guises that checks draw from, a
secret day vote with strengths, 27 public and 14 secret roles, the Джокер's cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel

from engine.core.actions import ActionDef, by_day
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
from engine.rulesets.guises import setup
from engine.rulesets.guises.abilities import ABILITIES, spec_of
from engine.rulesets.guises.model import (
    COOKED,
    DATA_DIR,
    HERO,
    IDLER,
    NAME,
    PRISON,
    PUBLIC,
    SECRET,
    SILENCE,
    SPIRIT,
    Character,
    Table,
    char,
    draw_guise,
    faction_of,
    has_public,
    in_hospital,
    in_prison,
    is_spirit,
)
from engine.rulesets.guises.wording import EVENT_FORMATS

QUERIES = Queries()
PIPELINE = Pipeline()
REPLACEMENTS: list[tuple[int, str, Replacement]] = []


def may_vote(state: GameState, pid: int) -> None:
    """Голосование: by day; lost in prison (but the Оппозиционер's and the Берсерк's); a spirit declares nothing."""
    if is_spirit(state, pid):
        raise Refusal("not_allowed", what="vote", reason="spirit")
    if in_prison(state, pid) and not (has_public(state, pid, "oppositionist") or has_public(state, pid, "berserk")):
        raise Refusal("not_allowed", what="vote", reason="in_prison")


VOTE = ActionDef(id="vote", screen="vote", kind="vote", source="phase", label_key="btn.vote",
                 params=(ParamSpec(name="target", kind="any_living"),),
                 requires=(by_day("vote"), may_vote))


def may_write(state: GameState, pid: int) -> None:
    """Messages go one to one (and among Босс, Киллер and Агент); Безмолвие forbids them for two phases;
    a spirit declares nothing."""
    if state.status != "running" or not state.player(pid).alive:
        raise Refusal("dead")
    if state.effects_of(SILENCE, target=pid):
        raise Refusal("not_allowed", what="whisper", reason="silenced")


def in_trio(state: GameState, pid: int) -> None:
    if state.player(pid).secret_role not in TRIO:
        raise Refusal("not_allowed", what="trio_note", reason="role")


TRIO = ("boss", "killer", "agent")  # the one room of more than two: Босс, Киллер and Агент
WHISPER = ActionDef(id="whisper", kind="whisper", source="phase", label_key="act.whisper", instant=True,
                    params=(ParamSpec(name="to", kind="target"), ParamSpec(name="text", kind="message")),
                    requires=(may_write,))
TRIO_NOTE = ActionDef(id="trio_note", kind="trio_note", source="role", label_key="act.trio_note", instant=True,
                      params=(ParamSpec(name="text", kind="message"),), requires=(in_trio, may_write))


@QUERIES.modifier("can_target")
def _recluse_and_vip(state: GameState, allowed: bool, *, actor: int, target: int, by: str) -> bool:
    """Затворник: nobody else's ability on him the first night. VIP (Т): no active day ability but the vote."""
    if not allowed or actor == target or by == "message":
        return allowed
    if state.phase == 1 and has_public(state, target, "sociopath"):
        return False
    return not (state.is_day and by != "vote" and has_public(state, target, "millionaire"))


class Guises(Ruleset):
    name = NAME
    queries = QUERIES
    pipeline = PIPELINE
    replacements = REPLACEMENTS
    single_orders = frozenset({*ABILITIES.single_orders, "vote"})
    max_players = setup.MAX_PLAYERS
    shared_public_roles: ClassVar[frozenset[str]] = frozenset({HERO})
    rules_documents: ClassVar[dict[str, str]] = {"ru": "docs/rulesets/guises.md"}
    listing = 30
    game_ext: ClassVar[type[BaseModel]] = Table
    player_ext: ClassVar[type[BaseModel]] = Character
    public_statuses: ClassVar[frozenset[str]] = frozenset({PRISON, SPIRIT, COOKED})
    action_defs = (VOTE, *ABILITIES.action_defs(), WHISPER, TRIO_NOTE)
    ability_catalogue = ABILITIES
    play_zones = ()  # no cards
    view_profile = ViewProfile(zones=())
    event_formats: ClassVar[tuple[EventFormat, ...]] = EVENT_FORMATS

    @property
    def data_dir(self) -> Path:
        return DATA_DIR

    # ---------------------------------------------------------------- set-up
    def public_roles(self) -> list[dict[str, Any]]:
        roles = load_roles(DATA_DIR)
        return [{"id": r, "name": roles[r].name, "name_en": roles[r].name_en} for r in PUBLIC]

    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        setup.table_for(len(players), settings)
        state = GameState(ruleset=NAME, seed=seed, rng=seed_state(seed), settings=settings)
        chosen = public_roles_for([role for _name, role in players])
        state.players = [PlayerState(pid=i, name=name, public_role=role) for i, ((name, _r), role)
                         in enumerate(zip(players, chosen, strict=True))]
        for player, role in zip(state.players, setup.deal(state, settings), strict=True):
            player.secret_role, player.faction = role, _faction(role)
            with edit(Character, player) as me:
                me.guises = {role: 1}  # decision: one guise of the own role (the text kept only «Маньяк [Маньяк]»)
                me.hp = 3 if player.public_role == "strongman" else 2
                me.cards = 1 if role == "joker" else 0
        return state

    def start(self, state: GameState) -> None:
        state.status = "running"
        for player in state.players:
            state.emit("guises_role", "player", player.pid, secret_role=player.secret_role,
                       faction=player.faction)
        bosses = [p for p in state.players if p.secret_role in ("boss", "killer", "agent")]
        for player in bosses if len(bosses) > 1 else ():  # Контакты: Босс, Киллер и Агент learn each other's
            state.emit("guises_contacts", "player", player.pid, pids=[p.pid for p in bosses if p.pid != player.pid])
        from engine.rulesets.guises.steps import begin_phase

        begin_phase(state, 1)

    # ---------------------------------------------------------------- orders
    def validate_orders(self, state: GameState, pid: int, orders: list[Order]) -> None:
        if state.status != "running":
            raise Refusal("game_not_running", status=state.status)
        if not state.player(pid).alive:
            raise Refusal("dead")
        for order in orders:
            if order.kind == "vote":
                if not state.is_day:
                    raise Refusal("wrong_phase", what="vote", reason="day_only")
                may_vote(state, pid)
                if set(order.params) != {"target"}:
                    raise Refusal("bad_param", param="target", reason="missing")
                living_target(state, self.queries, pid, order.params.get("target"), by="vote", allow_self=True)
            elif order.kind in ABILITIES:
                ABILITIES.check(state, pid, order.kind, order.params)
                order.params = validate_params(self._context(state, pid, order.kind), dict(order.params))
                _check_ability(state, pid, order)
            else:
                raise Refusal("not_allowed", what=order.kind, reason="no_such_action")
        ABILITIES.check_orders(state, pid, orders)

    def _context(self, state: GameState, pid: int, kind: str, partial: bool = False) -> ParamContext:
        return ParamContext(state=state, ruleset=self, actor=pid, spec=spec_of(kind), by_day=state.is_day,
                            is_mafia=faction_of(state, pid) == "mafia", colours=(), partial=partial,
                            roles=tuple(SECRET))

    def aspect(self, state: GameState, pid: int, aspect: str) -> Any:
        """A guise: one drawn at random from all the character holds, weighted by count."""
        if aspect == "guise":
            return draw_guise(state, pid)
        return super().aspect(state, pid, aspect)

    def act(self, state: GameState, pid: int, action: str, params: dict[str, Any]) -> None:
        """A message, relayed at once: to one living character, or to the living of Босс, Киллер, Агент."""
        if action not in ("whisper", "trio_note"):
            raise Refusal("not_allowed", what=action, reason="no_such_action")
        may_write(state, pid)
        text = params.get("text")
        if not isinstance(text, str) or not text.strip() or len(text) > 2000:
            raise Refusal("bad_param", param="text", kind="message", reason="empty_message")
        if action == "whisper":
            if set(params) != {"to", "text"}:
                raise Refusal("bad_param", param="to", kind="target", reason="missing")
            to = living_target(state, self.queries, pid, params.get("to"), by="message", allow_self=False)
            state.emit("whisper", "player", to, by=pid, text=text)
            state.emit("whisper_copy", "master", None, by=pid, to=to, text=text)
            return
        in_trio(state, pid)
        for member in state.living():
            if member.secret_role in TRIO and member.pid != pid:
                state.emit("trio_note", "player", member.pid, by=pid, text=text)
        state.emit("trio_note_copy", "master", None, by=pid, text=text)

    # ---------------------------------------------------------------- the win
    def win_check(self, state: GameState) -> list[str] | None:
        from engine.rulesets.guises.steps import winners

        return winners(state)

    # ---------------------------------------------------------------- views
    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        me = char(state, pid)
        view: dict[str, Any] = {"cards": me.cards, "hospital": in_hospital(state, pid), "bank": me.bank,
                                "looted": me.looted, "granted": me.granted}
        if has_public(state, pid, "strongman"):  # ЗОЖ: always knows his HP
            view["hp"] = me.hp
        if state.player(pid).secret_role == "maniac":  # Двойная жизнь: he sets them, so he knows them
            view["guises"] = me.guises
        return view

    def statuses(self, state: GameState, pid: int) -> list[dict[str, Any]]:
        shown = super().statuses(state, pid)
        if state.player(pid).alive and not is_spirit(state, pid) and in_hospital(state, pid) \
                and not any(s["status"] == COOKED for s in shown):
            shown.insert(0, {"status": "hospital", "end": None})
        return shown

    def muted(self, state: GameState, pid: int) -> bool:
        """Безмолвие: two phases with no messages, public or private (the bot reports a public post)."""
        return bool(state.effects_of(SILENCE, target=pid))

    def panel_facts(self, state: GameState, pid: int) -> list[PanelFact]:
        me = char(state, pid)
        facts: list[PanelFact] = []
        if has_public(state, pid, "strongman"):
            facts.append(PanelFact("panel_guises.hp", {"hp": me.hp}))
        state_key = "spirit" if is_spirit(state, pid) else "prison" if in_prison(state, pid) else \
            "hospital" if in_hospital(state, pid) else "healthy"
        facts.append(PanelFact(f"panel_guises.{state_key}", {}))
        if me.cards or state.player(pid).secret_role == "joker":
            facts.append(PanelFact("panel_guises.cards", {"n": me.cards}))
        if has_public(state, pid, "gossip"):
            facts.append(PanelFact("panel_guises.bank", {"n": me.bank}))
        if state.player(pid).secret_role == "maniac":
            for role, n in sorted(me.guises.items()):
                facts.append(PanelFact("panel_guises.guise", {"secret_role": role, "n": n}))
        return facts


def _faction(role: str) -> str:
    from engine.rulesets.guises.model import FACTION

    return FACTION[role]


def public_roles_for(wanted: list[str]) -> list[str]:
    """Each player's public role: the one chosen, if it is a role and nobody before took it (Героев может
    быть сколько угодно); else the Лентяй, if nobody holds it; else — a decision — the Герой."""
    out: list[str] = []
    for role in wanted:
        if role in PUBLIC and (role == HERO or role not in out):
            out.append(role)
        else:
            out.append("")
    for i, role in enumerate(out):
        if not role:
            out[i] = IDLER if IDLER not in out else HERO
    return out


def _check_ability(state: GameState, pid: int, order: Order) -> None:
    """What an ability's parameters must meet beyond their kinds."""
    params = order.params
    kind = order.kind
    if kind == "sabotage_day":
        target = int(params["target"])
        if in_hospital(state, target) or in_prison(state, target):
            raise Refusal("invalid_target", target=target, reason="laid_up")
    if kind == "militia" and params.get("target") == pid:
        raise Refusal("invalid_target", target=pid, reason="self")
    if kind == "dirt" and int(params["amount"]) > char(state, pid).bank:
        raise Refusal("bad_param", param="amount", kind="number", reason="out_of_range")
    if kind == "job_change":
        taken = {p.public_role for p in state.players} - {HERO}  # the dead's roles were in the game too
        if params["public"] in taken or params["public"] == IDLER:
            raise Refusal("bad_param", param="public", kind="choice", reason="role_taken")
    if kind == "all_in":
        others = {str(p.pid) for p in state.living() if p.pid != pid}
        if set(params["roles"]) != others:
            raise Refusal("bad_param", param="roles", kind="role_map", reason="whole_list")
