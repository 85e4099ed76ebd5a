"""Микромафик as a Ruleset: setup, deck building, the start, phases and the win."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Literal

from engine.cardgame.deckrules import DeckLimit, DeckRules
from engine.cardgame.options import PlayOption
from engine.cardgame.ruleset import CardRuleset
from engine.core import messages
from engine.core.cards import CardSpec
from engine.core.params import ParamContext
from engine.core.profile import PanelFact
from engine.core.refusal import Refusal, refuse
from engine.core.rng import seed_state
from engine.core.state import CardInstance, DeckBuilding, GameState, Order, Payment, PlayerState
from engine.rulesets.micromafik import orders, panel
from engine.rulesets.micromafik.abilities import ABILITIES
from engine.rulesets.micromafik.actions import ACTION_DEFS
from engine.rulesets.micromafik.cards.common import review_messages
from engine.rulesets.micromafik.registry import CATALOG, COLOURS, NAME, REGISTRIES
from engine.rulesets.micromafik.roles import LAW_ROLE, MAFIA_ROLES, PUBLIC_ROLES, SECRET_ROLES
from engine.rulesets.micromafik.wording import EVENT_FORMATS

DEFAULT_SETTINGS: dict[str, Any] = {
    "hand_size": 5,
    "law_draft_picks": 10,
    "draft_offer": 2,
    "mafia_own_colour_cards": 10,
    "mafia_other_colour_cards": 1,
    "max_copies": 2,
    "first_night_damage_cap": 4,
    "review_messages": True,  # the master judges each card message before it is delivered (core/messages.py)
}
MIN_PLAYERS = 4
MAX_PLAYERS = len(PUBLIC_ROLES)


class Micromafik(CardRuleset, registries=REGISTRIES):
    single_orders = orders.SINGLE_ORDERS
    orders_independent = True  # no check of a player's orders reads another's
    listing = 10
    colours = COLOURS
    action_defs = ACTION_DEFS
    ability_catalogue = ABILITIES
    order_costs = orders.ORDER_COSTS
    event_formats = EVENT_FORMATS
    question_kinds = messages.QUESTION_KINDS

    def public_roles(self) -> list[dict[str, Any]]:
        return [vars(r) for r in PUBLIC_ROLES.values()]

    # ---------------------------------------------------------------- setup
    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise Refusal("bad_param", param="players", reason="count", min=MIN_PLAYERS, max=MAX_PLAYERS)
        roles = [role for _name, role in players]
        if any(r not in PUBLIC_ROLES for r in roles):
            raise Refusal("bad_param", param="public_role", reason="unknown")
        if len(set(roles)) != len(roles):
            raise Refusal("bad_param", param="public_role", reason="taken")
        state = GameState(ruleset=NAME, seed=seed, rng=seed_state(seed), settings={**DEFAULT_SETTINGS, **settings})
        state.players = [PlayerState(pid=i, name=name, public_role=role) for i, (name, role) in enumerate(players)]
        secret = [*MAFIA_ROLES, *[LAW_ROLE] * (len(players) - len(MAFIA_ROLES))]
        state.random.shuffle(secret)
        for player, role_id in zip(state.players, secret, strict=True):
            role = SECRET_ROLES[role_id]
            player.secret_role = role.id
            player.faction = role.faction
            state.emit("role_assigned", "player", player.pid, secret_role=role.id, faction=role.faction,
                       colours=list(role.colours))
            if role.faction == "mafia":
                player.building = DeckBuilding(mode="choose")
            else:
                player.building = DeckBuilding(mode="draft")
                self._offer(state, player)
        return state

    def _offer(self, state: GameState, player: PlayerState) -> None:
        assert player.building is not None
        pool = [c for c in CATALOG.ids() if self.is_implemented(c)]
        player.building.offer = state.random.sample(pool, int(state.settings["draft_offer"]))
        state.emit("draft_offer", "player", player.pid, options=list(player.building.offer),
                   pick=len(player.building.picks) + 1, of=int(state.settings["law_draft_picks"]))

    def _building(self, state: GameState, pid: int, mode: str) -> DeckBuilding:
        if state.status != "setup":
            raise Refusal("not_deck_building")
        building = state.player(pid).building
        if building is None or building.done:
            raise Refusal("deck_invalid", reason="already_built")
        if building.mode != mode:
            raise Refusal("not_allowed", what=f"deck_{mode}", reason="mode")
        return building

    def deck_pick(self, state: GameState, pid: int, card: str) -> None:
        building = self._building(state, pid, "draft")
        if card not in building.offer:
            raise Refusal("deck_invalid", reason="not_offered", card=card)
        building.picks.append(card)
        if len(building.picks) >= int(state.settings["law_draft_picks"]):
            building.offer = []
            self._finish_building(state, pid)
        else:
            self._offer(state, state.player(pid))

    def deck_rules(self, state: GameState, pid: int) -> DeckRules:
        """The law draft (one of two offered cards, ten times); the mafia's free build: 10 cards of the
        own colours and 1 of each other colour, at most 2 copies of a card."""
        player = state.player(pid)
        building = player.building
        open_ = state.status == "setup" and building is not None and not building.done
        settings = state.settings
        own = SECRET_ROLES[player.secret_role].colours
        copies = int(settings["max_copies"])
        own_need, other_need = int(settings["mafia_own_colour_cards"]), int(settings["mafia_other_colour_cards"])
        kind: Literal["draft", "build"] | None = None
        if open_ and building is not None:
            kind = "draft" if building.mode == "draft" else "build"
        return DeckRules(
            kind=kind, layout="colours", own=own, colours=(*own, *(c for c in COLOURS if c not in own)),
            pool=MappingProxyType({c.id: copies for c in CATALOG if self.is_implemented(c.id)}), copies=copies,
            limits=(DeckLimit("own_total", "own_colour_count", least=own_need, most=own_need, colours=frozenset(own)),
                    *(DeckLimit("other_total", "other_colour_count", least=other_need, most=other_need,
                                colours=frozenset((c,)), colour=c) for c in COLOURS if c not in own)),
            offer=tuple(building.offer) if building else (), picks=tuple(building.picks) if building else (),
            of=int(settings["law_draft_picks"]))

    def may_rebuild(self, state: GameState, pid: int) -> bool:
        """Микромафик builds one deck, before the game."""
        return False

    def deck_build(self, state: GameState, pid: int, cards: list[str]) -> None:
        building = self._building(state, pid, "choose")
        refuse(self.deck_problem(state, pid, list(cards)))
        building.picks = list(cards)
        self._finish_building(state, pid)

    def deck_auto(self, state: GameState, pid: int) -> None:
        player = state.player(pid)
        building = player.building
        assert building is not None
        if building.mode == "draft":
            while not building.done:
                self.deck_pick(state, pid, state.random.choice(building.offer))
            return
        own = SECRET_ROLES[player.secret_role].colours
        copies = int(state.settings["max_copies"])

        def pool(colours: tuple[str, ...]) -> list[str]:
            return [c.id for c in CATALOG if c.colour in colours and self.is_implemented(c.id)] * copies

        deck = state.random.sample(pool(own), int(state.settings["mafia_own_colour_cards"]))
        for colour in COLOURS:
            if colour not in own:
                deck += state.random.sample(pool((colour,)), int(state.settings["mafia_other_colour_cards"]))
        self.deck_build(state, pid, deck)

    def _finish_building(self, state: GameState, pid: int) -> None:
        player = state.player(pid)
        assert player.building is not None
        player.building.done = True
        player.deck_choice = list(player.building.picks)
        state.emit("deck_built", "player", pid, cards=list(player.deck_choice))
        if all(p.building is not None and p.building.done for p in state.players):
            self.start(state)

    def start(self, state: GameState) -> None:
        if state.status != "setup":
            raise Refusal("not_deck_building")
        if not all(p.building is not None and p.building.done for p in state.players):
            raise Refusal("deck_invalid", reason="decks_not_built")
        for player in state.players:
            player.deck = [state.new_card(c) for c in player.deck_choice]
            state.random.shuffle(player.deck)
            size = int(state.settings["hand_size"]) + (1 if player.public_role == "alien" else 0)
            player.hand, player.deck = player.deck[:size], player.deck[size:]
        state.status = "running"
        begin_phase(state, 1)
        # "В начале первой ночи члены мафии узнают явные роли, колоды и руки друг друга" — not before.
        mafia = [p for p in state.players if p.faction == "mafia"]
        state.emit("mafia_team", "faction", "mafia", members=[
            {"pid": p.pid, "secret_role": p.secret_role, "public_role": p.public_role} for p in mafia
        ])
        for player in mafia:
            state.emit("mafia_intel", "faction", "mafia", pid=player.pid,
                       deck=sorted(c.card for c in player.deck), hand=[c.card for c in player.hand])

    # ---------------------------------------------------------------- phases
    def validate_orders(self, state: GameState, pid: int, orders_: list[Order]) -> None:
        orders.validate_orders(state, pid, orders_)

    def on_submitted(self, state: GameState, pid: int, order: Order) -> None:
        if order.kind == "kill_vote":  # each mafioso learns his partners' kill votes as they change
            for partner in kill_voters(state):
                if partner != pid:
                    state.emit("partner_kill_vote", "player", partner, pid=pid, target=order.params["target"])
        review_messages(state, pid, order)

    def begin_phase(self, state: GameState, phase: int) -> None:
        begin_phase(state, phase)

    def win_check(self, state: GameState) -> list[str] | None:
        return win_check(state)

    def draw_one(self, state: GameState, player: PlayerState) -> CardInstance | None:
        return player.deck.pop(0) if player.deck else None

    def shown_hand_size(self, state: GameState, pid: int) -> int:
        return shown_hand_size(state, pid)

    def check_partial(self, state: GameState, pid: int, kind: str, card: int | None, params: dict[str, Any]) -> None:
        if kind == "play":
            orders.check_partial_play(state, pid, card, params)

    def playable(self, state: GameState, pid: int, uid: int) -> int:
        return orders.playable(state, pid, uid)

    def param_context(self, state: GameState, pid: int, spec: CardSpec, *, partial: bool = False) -> ParamContext:
        return orders.param_context(state, pid, spec, partial=partial)

    def play_options(self, state: GameState, pid: int, uid: int, params: dict[str, Any],
                     payment: Payment) -> list[PlayOption]:
        return orders.play_options(state, pid, uid, payment)

    def play_cost(self, state: GameState, pid: int, uid: int, params: dict[str, Any]) -> int:
        from engine.rulesets.micromafik.costs import card_cost

        card = orders.in_hand(state, pid, uid)
        cost = card_cost(state, pid, CATALOG[card.card], card)
        chosen = params.get(another.param) if (another := REGISTRIES.plays_another.get(card.card)) else None
        if isinstance(chosen, dict) and chosen.get("card") in CATALOG:
            cost += card_cost(state, pid, CATALOG[str(chosen["card"])])
        return cost

    def panel_facts(self, state: GameState, pid: int) -> list[PanelFact]:
        return panel.panel_facts(state, pid, self.private_view(state, pid, costs=False))

    def private_view(self, state: GameState, pid: int, *, costs: bool = True) -> dict[str, Any]:
        """What only this player knows (`costs`: with each Hand card's cost now, which a panel's
        facts do not need)."""
        player = state.player(pid)
        view: dict[str, Any] = {
            "play_limit": orders.play_limit(state, pid) if state.status == "running" else 0,
            "perks_used": sorted(k.removeprefix("used_") for k in player.flags if k.startswith("used_")),
            "effects": known_effects(state, pid),
            "costs": {
                str(c.uid): _cost_now(state, pid, c) for c in player.hand
            } if state.status == "running" and costs else {},
        }
        if player.public_role == "psychic":
            view["deck_top"] = [c.card for c in player.deck[:2]]
        if player.faction == "mafia" and state.is_night and state.status == "running":
            view["partner_kill_votes"] = {
                str(p): next((o.params["target"] for o in state.orders.get(p, []) if o.kind == "kill_vote"), None)
                for p in kill_voters(state) if p != pid
            }
        return view


# Effects on a player that the player knows of (the card told them, or it is public or their own),
# and whether they know who cast it: the effect kinds declared `known` (engine/cardgame/effects.py).
# Others (Персональная охрана, Оплатить счёт…) stay unseen.
KNOWN_EFFECTS = REGISTRIES.effects.known


def known_effects(state: GameState, pid: int) -> list[dict[str, Any]]:
    out = []
    for effect in state.effects:
        if effect.target != pid or effect.kind not in KNOWN_EFFECTS:
            continue
        seen = effect.model_dump(exclude={"eid"})
        if not KNOWN_EFFECTS[effect.kind]:
            seen["source"] = None
        out.append(seen)
    return out


def _cost_now(state: GameState, pid: int, card: CardInstance) -> int:
    from engine.rulesets.micromafik.costs import card_cost

    return card_cost(state, pid, CATALOG[card.card], card)


def kill_voters(state: GameState) -> list[int]:
    """The living mafiosi who have a kill vote (they see each other's votes)."""
    return [p.pid for p in state.living() if p.faction == "mafia" and SECRET_ROLES[p.secret_role].kill_votes > 0]


def shown_hand_size(state: GameState, pid: int) -> int:
    """Страховка (Мафия) may show one card more than the hand holds."""
    bonus = len(state.effects_of("shown_hand_plus", target=pid))
    return len(state.player(pid).hand) + bonus


def begin_phase(state: GameState, phase: int) -> None:
    state.phase = phase
    for player in state.players:
        player.hand_at_phase_start = [c.card for c in player.hand]
        player.points_at_phase_start = player.points
    state.emit("phase_started", "public", None, phase=phase, night=state.is_night, day=state.day_number)


def win_check(state: GameState) -> list[str] | None:
    """A side wins when only its members are alive; all dead → nobody ([])."""
    factions = {p.faction for p in state.living()}
    if not factions:
        return []
    if len(factions) == 1:
        return sorted(factions)
    return None
