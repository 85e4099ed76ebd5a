"""Мафик as a Ruleset: setup, decks (and new decks), the start, phases, instant actions, the win."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.cardgame.deckrules import DeckRules
from engine.cardgame.options import PlayOption
from engine.cardgame.ruleset import CardRuleset, card_rules
from engine.core import messages
from engine.core.actions import Action, PaymentOptions
from engine.core.cards import CardSpec
from engine.core.params import ParamContext
from engine.core.profile import PanelFact, ViewProfile
from engine.core.refusal import Refusal, refuse
from engine.core.rng import Rng, seed_state
from engine.core.ruleset import get_ruleset
from engine.core.state import CardInstance, DeckBuilding, GameState, Order, Payment, PlayerState
from engine.rulesets.mafik import comms, deck, gains, neutral, orders, perks_a, perks_b
from engine.rulesets.mafik.actions import ABILITIES, ACTION_DEFS
from engine.rulesets.mafik.autopool import auto_pools
from engine.rulesets.mafik.blood import BLOOD_START
from engine.rulesets.mafik.cards import deaths, mail
from engine.rulesets.mafik.cards.common import ABILITY_PARAMS, ability_spec, review_messages
from engine.rulesets.mafik.costs import BLOOD_PER_COST, card_cost, exiled, normalise_hand, sleeve_blocked, stance
from engine.rulesets.mafik.deck import deck_limits
from engine.rulesets.mafik.panel import STANCE_COLOURS, panel_facts
from engine.rulesets.mafik.registry import (
    BLANK,
    CATALOG,
    COLOURS,
    NAME,
    REGISTRIES,
    UNIQUE,
)
from engine.rulesets.mafik.roles import LAW_ROLES, MAFIA_ROLES, OTHER, PUBLIC_ROLES, SECRET_ROLES, colours_of
from engine.rulesets.mafik.wording import EVENT_FORMATS

# review_messages: the master judges each card message before it is delivered (engine/core/messages.py).
DEFAULT_SETTINGS: dict[str, Any] = {"hand_size": 6, "min_players": 12, "max_players": 30, "review_messages": True}
MANIAC_FROM, TRAITOR_FROM = 13, 16
UNIQUE_ON_DECK = 3  # the role's unique card arrives in the Sleeve with the third deck


class Mafik(CardRuleset, registries=REGISTRIES):
    single_orders = orders.SINGLE_ORDERS
    orders_independent = True  # no check of a player's orders reads another's
    max_players = int(DEFAULT_SETTINGS["max_players"])
    listing = 20
    colours = COLOURS
    action_defs = ACTION_DEFS
    ability_catalogue = ABILITIES
    play_zones = ("hand", "sleeve")
    view_profile = ViewProfile(zones=play_zones, currency="blood", card_colours=True, self_vote=True,
                               open_punishment=True)
    event_formats = EVENT_FORMATS
    # The statuses the cards make public («Все об этом узнают», «публичный статус»: Из последних сил, Временная
    # смерть, Шипы, Безликий), shown beside the living on the public board: each declared `public` by its card.
    public_statuses: ClassVar[frozenset[str]] = frozenset(k.kind for k in REGISTRIES.effects if k.public)
    question_kinds: ClassVar[dict[str, tuple[str, ...]]] = {
        **messages.QUESTION_KINDS, **mail.QUESTION_KINDS, **deaths.QUESTION_KINDS}  # Цензура, Русская рулетка

    # ---------------------------------------------------------------- what a player can do
    def abilities(self) -> dict[str, CardSpec]:
        return {card_id: ability_spec(card_id) for card_id in ABILITY_PARAMS}

    def player_colours(self, state: GameState, pid: int) -> tuple[str, ...]:
        return colours_of(state, pid)

    def payment_options(self, state: GameState, pid: int) -> PaymentOptions:
        """Sleeve cards (none in Изгнание), the Культист's Hand cards too (two at most, which his payment
        screen says); blood in pairs (the Маньяк)."""
        player = state.player(pid)
        sleeve, hand = orders.paying_cards(state, pid)
        return PaymentOptions(cards=tuple(c.uid for c in [*sleeve, *hand]),
                              points_per_cost=BLOOD_PER_COST if player.secret_role == "maniac" else 0,
                              currency=self.view_profile.currency, most=orders.means_of(player, sleeve, hand),
                              notes=("ui.pay_cultist",) if player.public_role == "cultist" else ())

    def granted_actions(self, state: GameState, pid: int) -> list[Action]:
        """Granted abilities usable now ("every night you may…"), one per card."""
        return ABILITIES.granted_actions(state, pid)

    def public_roles(self) -> list[dict[str, Any]]:
        return [vars(r) for r in PUBLIC_ROLES]

    # ---------------------------------------------------------------- setup
    def new_game(self, players: list[tuple[str, str]], seed: int, settings: dict[str, Any]) -> GameState:
        config = {**DEFAULT_SETTINGS, **settings}
        if not int(config["min_players"]) <= len(players) <= int(config["max_players"]):
            raise Refusal("bad_param", param="players", reason="count", min=config["min_players"],
                          max=config["max_players"])
        known = {r.id for r in PUBLIC_ROLES}
        # "(Другой)" comes as "other:<title>": the role's name, chosen by the player (ties: alphabetical).
        seats = [(name, *_role_and_title(role)) for name, role in players]
        roles = [role for _name, role, _title in seats]
        if any(r not in known for r in roles):
            raise Refusal("bad_param", param="public_role", reason="unknown")
        named = [r for r in roles if r != OTHER]
        titles = [title.casefold() for _name, _role, title in seats if title]
        if len(set(named)) != len(named) or len(set(titles)) != len(titles):
            raise Refusal("bad_param", param="public_role", reason="taken")
        state = GameState(ruleset=NAME, seed=seed, rng=seed_state(seed), settings=config)
        state.players = [PlayerState(pid=i, name=name, public_role=role, role_title=title)
                         for i, (name, role, title) in enumerate(seats)]
        secret = list(MAFIA_ROLES)
        if len(players) >= MANIAC_FROM:
            secret.append("maniac")
        if len(players) >= TRAITOR_FROM:
            secret.append("traitor")
        secret += [state.random.choice(LAW_ROLES) for _ in range(len(players) - len(secret))]
        state.random.shuffle(secret)
        for player, role_id in zip(state.players, secret, strict=True):
            role = SECRET_ROLES[role_id]
            player.secret_role, player.faction = role.id, role.faction
            player.building = DeckBuilding(mode="choose")
            state.emit("role_assigned", "player", player.pid, secret_role=role.id, faction=role.faction,
                       colours=list(role.colours))
        mafia = [p for p in state.players if p.faction == "mafia"]
        state.emit("mafia_team", "faction", "mafia", members=[
            {"pid": p.pid, "secret_role": p.secret_role, "public_role": p.public_role} for p in mafia
        ])
        return state

    def deck_pick(self, state: GameState, pid: int, card: str) -> None:
        raise Refusal("not_allowed", what="deck_draft", reason="mode")

    def deck_rules(self, state: GameState, pid: int) -> DeckRules:
        return deck.deck_rules(state, pid)

    def deck_rules_of(self, state: GameState, pid: int, cards: list[str]) -> DeckRules:
        return deck.judged_rules(state, pid, cards)

    def may_rebuild(self, state: GameState, pid: int) -> bool:
        return deck.may_rebuild(state, pid)

    def in_collection(self, spec: CardSpec) -> bool:
        return spec.colour != UNIQUE  # a role's unique card comes with its third deck, never by choice

    def deck_build(self, state: GameState, pid: int, cards: list[str]) -> None:
        if state.status != "setup":
            raise Refusal("not_deck_building")
        player = state.player(pid)
        if player.building is None or player.building.done:
            raise Refusal("deck_invalid", reason="already_built")
        refuse(self.deck_problem(state, pid, list(cards)))
        guaranteed = player.building.guaranteed
        if any(guaranteed.count(c) > list(cards).count(c) for c in guaranteed):
            raise Refusal("deck_invalid", reason="guaranteed_not_in_deck")
        player.building.picks = list(cards)
        player.building.done = True
        player.deck_choice = list(cards)
        state.emit("deck_built", "player", pid, cards=list(cards))
        if all(p.building is not None and p.building.done for p in state.players):
            self.start(state)

    def deck_auto(self, state: GameState, pid: int) -> None:
        """A legal random deck of the player's own colours and neutral cards, none that its owner could
        never play (like «План В» when the own colours have fewer than its ten cards): the deck's size of
        paid cards; the Свободные a deck may hold besides are the builder's choice (`auto_pool` with free)."""
        self.deck_build(state, pid, self.auto_deck(state, pid, state.random))

    def auto_deck(self, state: GameState, pid: int, rng: Rng) -> list[str]:
        """The paid cards `deck_auto` builds, drawn with `rng` (the game's, or a copy of it: the simulator's
        agent draws the deck the game would without building it yet)."""
        pool = self.auto_pool(state, pid, free=False)
        size = deck_limits(state, pid)["size"]
        if len(pool) < size:
            pool += [BLANK] * size
        return rng.sample(pool, size)

    def auto_pool(self, state: GameState, pid: int, *, free: bool) -> list[str]:
        """The cards an automatic deck draws from, each as many times as it may be taken: the player's deck
        colours and neutral cards, implemented, not ones its owner could never play; Свободные or paid
        (both worked out at once and kept while nothing they read changes: engine/rulesets/mafik/autopool.py)."""
        paid, free_cards = auto_pools(self, state, pid)
        return list(free_cards if free else paid)

    def start(self, state: GameState) -> None:
        if state.status != "setup":
            raise Refusal("not_deck_building")
        if not all(p.building is not None and p.building.done for p in state.players):
            raise Refusal("deck_invalid", reason="decks_not_built")
        for player in state.players:
            deal(state, player)
        state.status = "running"
        begin_phase(state, 1)
        for player in state.players:
            if player.faction == "mafia":
                state.emit("mafia_intel", "faction", "mafia", pid=player.pid, deck=sorted(c.card for c in player.deck),
                           hand=[c.card for c in player.hand], sleeve=[c.card for c in player.sleeve])

    # ---------------------------------------------------------------- phases
    def validate_orders(self, state: GameState, pid: int, orders_: list[Order]) -> None:
        orders.validate_orders(state, pid, orders_)

    def on_submitted(self, state: GameState, pid: int, order: Order) -> None:
        if order.kind == "punishment":  # the punishment vote is open
            state.emit("punishment_vote", "public", None, pid=pid, choice=order.params["choice"])
        review_messages(state, pid, order)

    def on_withdrawn(self, state: GameState, pid: int, order: Order) -> None:
        if order.kind == "punishment":  # taking the open vote back is as public as casting it
            state.emit("punishment_vote_withdrawn", "public", None, pid=pid)

    def begin_phase(self, state: GameState, phase: int) -> None:
        begin_phase(state, phase)

    def win_check(self, state: GameState) -> list[str] | None:
        return win_check(state)

    def draw_one(self, state: GameState, player: PlayerState) -> CardInstance | None:
        """The top card into the Hand; an empty deck gives a Пустышка (deck.draw: the `on_draw` hooks first);
        nothing when the player may not draw now (`may_draw`, reason "effect": Все под контролем)."""
        if not gains.may_draw(state, player.pid, "effect"):
            return None
        return deck.draw(state, player, "hand")

    def shown_hand_size(self, state: GameState, pid: int) -> int:
        return shown_hand_size(state, pid)

    def shown_hand_sizes(self, state: GameState, pids: list[int]) -> list[int]:
        """`shown_hand_size` of each, asked at once (its modifiers only read the state). While the query is idle
        (`Queries.idle`: no Симулянт's effect in the state, most phases) each size shown is the Hand's own, what
        every question would answer, and none is asked."""
        players = state.players
        if REGISTRIES.queries.idle(state, ("shown_hand_size",)):
            return [len(players[pid].hand) for pid in pids]
        return REGISTRIES.queries.ask_each("shown_hand_size", state, [(len(players[pid].hand), {"pid": pid}) for pid in pids])

    def normalise_hand(self, state: GameState, pid: int) -> None:
        normalise_hand(state, pid)

    def check_partial(self, state: GameState, pid: int, kind: str, card: int | None, params: dict[str, Any]) -> None:
        if kind == "play":
            orders.check_partial_play(state, pid, card, params)

    def playable(self, state: GameState, pid: int, uid: int) -> int:
        return orders.playable(state, pid, uid)

    def param_context(self, state: GameState, pid: int, spec: CardSpec, *, partial: bool = False) -> ParamContext:
        return orders.param_context(state, pid, spec, partial=partial)

    def play_options(self, state: GameState, pid: int, uid: int, params: dict[str, Any],
                     payment: Payment) -> list[PlayOption]:
        return orders.play_options(state, pid, uid, params)

    def play_cost(self, state: GameState, pid: int, uid: int, params: dict[str, Any]) -> int:
        card, zone = orders.find_card(state, pid, uid)
        spec = orders.played_spec(state, pid, card, zone, params)
        return card_cost(state, pid, spec, card, params)

    def act(self, state: GameState, pid: int, action: str, params: dict[str, Any]) -> None:
        if state.status != "running" and action != "engineer_pick":
            raise Refusal("game_not_running", status=state.status)
        if not state.player(pid).alive:
            raise Refusal("dead")
        handler = REGISTRIES.instant_actions.get(action)
        if handler is None:
            raise Refusal("not_allowed", what=action, reason="no_such_action")
        handler(state, pid, params)

    def aspect(self, state: GameState, pid: int, aspect: str) -> Any:
        """Checks may learn a character's colours and stance."""
        if aspect == "colours":
            return list(colours_of(state, pid))
        if aspect == "stance":
            return stance(state, pid)
        return super().aspect(state, pid, aspect)

    def counters(self, state: GameState, pid: int) -> list[tuple[str, dict[str, Any]]]:
        """The generic reading, and what the counters kept by cards and perks mean (their declarations'
        `counters`: the Медиум's colour of the last damaging card, the phase of the one Отражение…)."""
        return [(kind, REGISTRIES.counters[kind](params) if kind in REGISTRIES.counters else params)
                for kind, params in super().counters(state, pid)]

    def panel_facts(self, state: GameState, pid: int) -> list[PanelFact]:
        return panel_facts(state, pid)

    def private_view(self, state: GameState, pid: int) -> dict[str, Any]:
        player = state.player(pid)
        running = state.status == "running"
        view: dict[str, Any] = {
            "stance": stance(state, pid) if running else "normal",
            # the colours whose Hand card the stance allows besides (Верхняя / Нижняя стойка)
            "stance_colours": list(STANCE_COLOURS.get(stance(state, pid), ())) if running else [],
            "colours": list(colours_of(state, pid)),
            "blood": player.points if player.secret_role == "maniac" else None,
            "decks_built": player.flags.get("decks_built", 0),
            "exiled": exiled(state, pid),
            "costs": {str(c.uid): card_cost(state, pid, CATALOG[c.card], c) for c in [*player.hand, *player.sleeve]}
            if running else {},
            "private_messages_left": comms.private_allowance(state, pid)
            - player.flags.get(f"private_day_{state.day_number}", 0) if running else 0,
            "rooms": [e.model_dump() for e in state.effects if e.kind == "room" and pid in e.params["members"]],
        }
        top, bottom = deck.deck_view(state, pid)  # the Экстрасенс, Интуиция
        if top:
            view["deck_top"] = [c.card for c in player.deck[:top]]
        if bottom:
            view["deck_bottom"] = [c.card for c in player.deck[-bottom:]]
        return view


def _role_and_title(role: str) -> tuple[str, str]:
    """A public role as given at sign-up: an id, or "other:<title>" for a "(Другой)" of one's own."""
    if role.startswith(OTHER + ":"):
        return OTHER, " ".join(role[len(OTHER) + 1:].split())
    return role, ""


def deal(state: GameState, player: PlayerState) -> None:
    """The first deck: shuffled (Инженер's two on top), 6 cards to the Hand, the roles' extras."""
    player.deck = state.new_cards(player.deck_choice)
    state.random.shuffle(player.deck)
    for card_id in reversed(player.building.guaranteed if player.building else []):
        card = next(c for c in player.deck if c.card == card_id)
        player.deck.remove(card)
        player.deck.insert(0, card)
    size = int(state.settings["hand_size"]) - (1 if player.public_role == "geek" else 0)
    guaranteed = len(player.building.guaranteed) if player.building else 0
    player.hand = [deck.draw(state, player, "hand") for _ in range(min(size, len(player.deck)))]
    if guaranteed:
        state.random.shuffle(player.hand)
    if player.public_role == "strongman":  # Здоровяк: one more Пустышка
        player.hand.append(state.new_card(BLANK))
    if player.public_role == "rich":  # Богач: two Пустышки in the Sleeve
        player.sleeve += [state.new_card(BLANK), state.new_card(BLANK)]
    if player.public_role == "cardsharp" and player.deck:  # Шулер
        player.sleeve.append(deck.draw(state, player, "sleeve"))
    if player.secret_role == "maniac":
        if player.deck:
            player.sleeve.append(deck.draw(state, player, "sleeve"))
        player.points = BLOOD_START
    player.flags["decks_built"] = 1


def rebuild_deck(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """A new deck, under the same rules, once the old one is empty (or a card allows it)."""
    player = state.player(pid)
    if not deck.may_rebuild(state, pid):
        raise Refusal("not_allowed", what="rebuild_deck", reason="deck_not_empty")
    cards = params.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise Refusal("bad_param", param="cards", reason="not_a_list")
    refuse(card_rules(get_ruleset(NAME)).deck_problem(state, pid, cards))
    picks, free = deck.free_picks(state, pid), params.get("free")
    if free is not None and (not isinstance(free, list) or len(free) > picks
                             or any(not isinstance(c, str) or free.count(c) > cards.count(c) for c in free)):
        raise Refusal("bad_param", param="free", reason="free_picks")
    for effect in state.effects_of("may_rebuild", target=pid)[:1] if player.deck else []:  # an empty deck needs none
        state.effects.remove(effect)
    player.discard.extend(player.deck)
    player.deck = state.new_cards(cards)
    state.random.shuffle(player.deck)
    deck.make_free(player.deck, [str(c) for c in free] if isinstance(free, list) else None, picks)
    player.flags["decks_built"] = player.flags.get("decks_built", 1) + 1
    state.emit("deck_rebuilt", "player", pid, cards=list(cards), deck=player.flags["decks_built"])
    if player.flags["decks_built"] == UNIQUE_ON_DECK and not sleeve_blocked(state, pid, "receive"):
        unique = next((c.id for c in CATALOG if c.colour == UNIQUE and c.role == player.secret_role), None)
        if unique is not None:
            player.sleeve.append(state.new_card(unique))
            state.emit("unique_card", "player", pid, card=unique)
    if player.public_role == "banker" and player.deck and not sleeve_blocked(state, pid, "receive"):  # Банкир
        player.sleeve.append(deck.draw(state, player, "sleeve"))
    for hook in REGISTRIES.on_rebuild:
        hook(state, pid)


def engineer_pick(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """Инженер: two cards of the deck being built are sure to be among the first dealt."""
    player = state.player(pid)
    if player.public_role != "engineer":
        raise Refusal("not_allowed", what="engineer_pick", reason="role")
    if state.status != "setup" or player.building is None or player.building.done:
        raise Refusal("not_deck_building")
    cards = params.get("cards")
    if not isinstance(cards, list) or len(cards) != 2 or not all(c in CATALOG for c in cards):
        raise Refusal("bad_param", param="cards", reason="two_cards")
    player.building.guaranteed = list(cards)


# The instant actions of the roles and of the game itself (cards add theirs in their declarations).
REGISTRIES.rule(actions={
    "swap": neutral.swap,
    "rebuild_deck": rebuild_deck,
    "private_message": comms.send_private,
    "room_propose": comms.propose_room,
    "room_confirm": comms.confirm_room,
    "engineer_pick": engineer_pick,
    "geek_card": perks_a.geek_card,
    "loot": perks_a.loot,
    "mentor_stance": perks_a.mentor_stance,
    "secretary": perks_a.secretary,
    "addict_move": perks_b.addict_move,
    "lucky_redraw": perks_b.lucky_redraw,
    "undertaker": perks_b.undertaker,
})


def shown_hand_size(state: GameState, pid: int) -> int:
    shown: int = REGISTRIES.queries.ask("shown_hand_size", state, len(state.player(pid).hand), pid=pid)
    return shown


def begin_phase(state: GameState, phase: int) -> None:
    state.phase = phase
    gains.phase_start(state)  # the Маньяк's bought draws, Супергерой, Независимый доход… (gains.py)
    for player in state.players:
        if not player.alive:
            continue
        held = [c.card for c in player.hand]
        if player.hand_at_phase_start != held:  # (a model's field set costs more than a comparison)
            player.hand_at_phase_start = held
        if player.points_at_phase_start != player.points:
            player.points_at_phase_start = player.points
    state.emit("phase_started", "public", None, phase=phase, night=state.is_night, day=state.day_number)


def win_check(state: GameState) -> list[str] | None:
    """Закон: mafia, traitor and maniac dead, law alive. Мафия: law and maniac dead, mafia alive.
    Предатель: law lost and he lives. Маньяк: everyone else dead. All dead: nobody ([])."""
    alive = {p.faction for p in state.living()}
    if not alive:
        return []
    if alive == {"maniac"}:
        return ["maniac"]
    if "law" in alive and not alive & {"mafia", "traitor", "maniac"}:
        return ["law"]
    if "mafia" in alive and not alive & {"law", "maniac"}:
        return sorted({"mafia"} | ({"traitor"} & alive))
    if alive == {"traitor"}:
        return ["traitor"]
    return None
