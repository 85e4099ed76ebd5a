"""Primitives shared by Мафик's cards. A card that needs more than these gets a new one here."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.orders import SetRule, reads_orders
from engine.cardgame.registries import CardCheck
from engine.core import messages
from engine.core.abilities import granted_by
from engine.core.cards import CardSpec, ParamSpec
from engine.core.checks import inspect, learn
from engine.core.durations import NEXT_PHASE, UNTIL_END, Duration, between, n_phases
from engine.core.params import ParamContext, validate_params
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import CardInstance, Effect, GameState, JsonValue, Order
from engine.rulesets.mafik.actions import ABILITIES
from engine.rulesets.mafik.costs import copy_has, sleeve_blocked
from engine.rulesets.mafik.deck import draw
from engine.rulesets.mafik.history import record_play
from engine.rulesets.mafik.order import (
    LAYER_DAMAGE_LOG,
    LAYER_NO_ARMOR,
    STEP_ABILITIES,
    STEP_CHOSEN_TARGETS,
    STEP_HANDS_AT_START,
    STEP_SNAPSHOT,
    STEP_UNPROTECTED,
)
from engine.rulesets.mafik.orders import find_card, played_spec, validator
from engine.rulesets.mafik.registry import CATALOG, COLOURS, NAME, REGISTRIES
from engine.rulesets.mafik.roles import SECRET_ROLES


def accusation_hits(play: Play, target: int | None = None) -> int:
    """How many cards the Обвинение named, if the target has ever played all of them; else 0.

    Whether an Обвинение can work against the target at all is the `accusation_works` query (the
    Предатель, Маскировка, Грим, Безликий, Известная личность…)."""
    named = [str(c) for c in play.params.get("accuse") or ()]
    who = play.target if target is None else target
    if not named or not accusation_works(play.state, play.actor, who, named):
        return 0
    played = {r.card for r in play.state.history if r.actor == who and not r.peaceful}  # a Мирная copy: Улучшение
    return len(named) if all(card in played for card in named) else 0


def accusation_works(state: GameState, actor: int, target: int, named: list[str]) -> bool:
    """May an Обвинение naming these cards work against the target? (query `accusation_works`: context
    actor, target, named)"""
    works: bool = REGISTRIES.queries.ask("accusation_works", state, True, actor=actor, target=target,
                                         named=list(named))
    return bool(works)


def draw_to_hand(play: Play, target: int, count: int, *, protect: bool = False) -> list[CardInstance]:
    """Cards drawn by an effect: nothing when the target has 0 cards in hand at that moment."""
    if not play.state.player(target).hand:
        return []
    return play.res.draw(target, count, protect=protect)


def to_sleeve(state: GameState, pid: int, card: CardInstance) -> bool:
    """Put a card into a Sleeve (not while it takes no cards: Изгнание, Тюрьма); False if it could not."""
    if sleeve_blocked(state, pid, "receive") or not state.player(pid).alive:
        return False
    state.player(pid).sleeve.append(card)
    return True


def draw_to_sleeve(res: Resolution, pid: int, count: int = 1) -> int:
    """Top cards of the deck into the Sleeve (a Пустышка when the deck is empty; deck.draw's hooks first)."""
    done = 0
    for _ in range(count):
        player = res.state.player(pid)
        if sleeve_blocked(res.state, pid, "receive"):
            break
        card = draw(res.state, player, "sleeve")
        player.sleeve.append(card)
        done += 1
    return done


def new_card_to_sleeve(state: GameState, pid: int, card_id: str) -> bool:
    """A new copy of a card (Заказ's Пистолет, За вами придут!'s Бункер…) into a Sleeve."""
    return to_sleeve(state, pid, state.new_card(card_id))


def set_stance(state: GameState, pid: int, stance: str, phases: int | None = None, *,
               during: Duration | None = None, play: Play | None = None) -> bool:
    """A card puts the player into a stance for `during` (else from now for `phases` phases; None: until
    changed), if the query `may_change_stance` (context pid, stance, card) allows it (Посредственность: no
    card changes the player's stance). With `play`, the change is recorded for this phase's conflicts
    (`stance_changes`: Наставничество). False when refused."""
    if not may_change_stance(state, pid, stance, play.spec.id if play is not None else None):
        return False
    span = during if during is not None else UNTIL_END if phases is None else n_phases(phases)
    state.add_effect("stance", target=pid, during=span, stance=stance)
    if play is not None:
        play.res.scratch.setdefault("stance_changes", []).append((id(play), pid))
    return True


def grant_play_as(play: Play, card_id: str) -> None:
    """Until the end of the game the player may play any Sleeve card as `card_id` (Солдат, Врач…)."""
    play.state.add_effect("play_as", target=play.actor, source=play.actor, during=UNTIL_END, card=card_id)


def role_of(play: Play, target: int, *, undeceivable: bool = False) -> str:
    """The secret role a check of this card learns (the Предатель shows a random law role; recorded and
    redirectable: engine/core/checks.py; `undeceivable`: the Оракул)."""
    return str(learn(play.res.ruleset, play.state, play.actor, target, "secret_role", card=play.spec.id,
                     undeceivable=undeceivable))


def guessed_role(play: Play, target: int, guess: Any) -> bool:
    """"Назовите Тайную роль цели. Если угадали…": the truth, folded through the `role_guess` query
    (context actor, target, card, guess) — disguises make a right guess fail."""
    right = bool(guess) and play.state.player(target).secret_role == guess
    answer: bool = REGISTRIES.queries.ask("role_guess", play.state, right, actor=play.actor, target=target,
                                          card=play.spec.id, guess=guess)
    return bool(answer)


def share_with_mafia(play: Play, kind: str, /, **params: JsonValue) -> None:
    """What the actor learns; "(Шпион: другие члены Мафии также это узнают)": when the actor is the Шпион,
    the whole mafia learns it (one faction event, which the Шпион reads as one of them)."""
    tell_or_share(play.state, play.actor, kind, card=play.spec.id, **params)


def not_twice_on(card_id: str) -> CardCheck:
    """"Нельзя применять дважды на одну цель": a card's own check refusing a target the player has
    already played this card on (in any earlier phase; the history keeps the card as played)."""

    def check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
        target = params.get("target")
        if any(r.actor == pid and r.card == card_id and target in r.targets for r in state.history):
            raise Refusal("invalid_target", card=card_id, target=target, reason="card_twice_on_target")

    return check




# ---- added with the Урон cards ----

def card_message(play: Play, to: int, text: str, *, anonymous: bool = True) -> None:
    """"Отправьте цели произвольное сообщение": the target gets it at the end of the phase, without the
    sender's name unless the card says otherwise; the master sees who sent it — and may have withheld it
    as a link (engine/core/messages.py). Усилитель сигнала may flip the anonymity, Псевдоним signs it
    (`anonymity`, `alias_of`)."""
    anonymous = anonymity(play, anonymous)
    messages.send(play.state, play.actor, to, text, anonymous=anonymous, via=play.spec.id, order=play.order,
                  alias=alias_of(play.state, play.actor) if anonymous else None)


def review_messages(state: GameState, pid: int, order: Order) -> None:
    """A just-submitted order's card messages become questions to the master (when the game reviews them)."""
    found = messages.found_in(order.params)
    if not found:
        return
    card: str | None = None
    if order.kind == "play":
        card = played_spec(state, pid, *find_card(state, pid, order.card), order.params).id
    elif order.kind == "ability":
        card = str(order.params.get("ability"))
    messages.review(state, pid, order, found, card)


def deny_armor(play: Play, target: int, during: Duration) -> None:
    """"Не может иметь броню" / "не получает брони": the target's armor counts for nothing `during`."""
    play.effect("no_armor", target=target, during=during)


@REGISTRIES.replacement("no_armor", LAYER_NO_ARMOR)
def _no_armor(res: Resolution, packet: DamagePacket) -> None:
    if res.state.effects_of("no_armor", target=packet.target):
        res.armor[packet.target] = 0


@REGISTRIES.replacement("damage_log", LAYER_DAMAGE_LOG)
def _damage_log(res: Resolution, packet: DamagePacket) -> None:
    """Who has ever dealt damage to whom (armor or not), for "если цель наносила вам урон"."""
    if packet.source is not None and packet.source != packet.target:
        res.state.player(packet.source).flags[f"damaged:{packet.target}"] = 1


def has_damaged(state: GameState, source: int, target: int) -> bool:
    """Has `source` dealt damage to `target` in any way in an earlier phase?"""
    return bool(state.player(source).flags.get(f"damaged:{target}"))


# Granted abilities: "до конца игры каждую ночь вы можете …". The card grants an `ability` effect; each
# phase the player may give an order of kind "ability" with {"ability": card id, **the ability's params}; it
# resolves as a play of that card with via="ability" (the card's behaviour tells the two apart), so
# redirects and retaliation see it. Each is declared in data/mafik/abilities.toml (its params, its tags:
# by night, once a phase…) and checked by the catalogue's validator (actions.ABILITIES).
ABILITY_PARAMS: dict[str, tuple[ParamSpec, ...]] = {a.id: a.params for a in ABILITIES.granted()}


def ability_spec(card_id: str) -> CardSpec:
    return replace(CATALOG[card_id], params=ABILITIES[card_id].params)


def grant_ability(play: Play, *, during: Duration, nights_only: bool = False, instead_of: str | None = None,
                  **params: JsonValue) -> None:
    """`during` (usually FROM_NEXT_PHASE) the player may use this card's ability. `nights_only` and
    `instead_of="sleeve"` (it takes the place of the phase's Sleeve card) are kept on the effect and must
    say what the catalogue says."""
    ability = ABILITIES[play.spec.id]
    if (nights_only, instead_of) != (ability.has("night"), ability.instead_of):
        raise ValueError(f"{play.spec.id}: the grant and data/mafik/abilities.toml disagree")
    play.effect("ability", target=play.actor, during=during, card=play.spec.id, nights_only=nights_only,
                instead_of=instead_of, **params)


def abilities(state: GameState, pid: int, card_id: str) -> list[Effect]:
    return granted_by(state, pid, card_id)


@validator("ability")
def _ability(state: GameState, pid: int, order: Order, used: set[int]) -> int:
    from engine.core.ruleset import get_ruleset
    from engine.rulesets.mafik.costs import stance

    card_id = order.params.get("ability")
    if not isinstance(card_id, str) or card_id not in ABILITY_PARAMS:
        raise Refusal("not_allowed", what="ability", card=card_id)
    ABILITIES.check(state, pid, card_id)
    player = state.player(pid)
    ctx = ParamContext(state=state, ruleset=get_ruleset(NAME), actor=pid, spec=ability_spec(card_id),
                       by_day=state.is_day, is_mafia=player.faction == "mafia", colours=COLOURS,
                       roles=tuple(SECRET_ROLES), stance=stance(state, pid))
    checked = validate_params(ctx, {k: v for k, v in order.params.items() if k not in ("ability", "instead_of")})
    instead_of = ABILITIES[card_id].instead_of
    order.params = {"ability": card_id, **checked, **({"instead_of": instead_of} if instead_of else {})}
    return 0


@reads_orders(*{a.kind for a in ABILITIES})
def _ability_set_tags(state: GameState, pid: int, orders: list[Order]) -> None:
    """The abilities' tags about a set of orders (`AbilityCatalogue.check_orders`), asked only of a set holding
    an order of some ability's kind: `check_orders` looks only at the orders an ability makes (`of_order`),
    and most sets are a vote and a punishment."""
    ABILITIES.check_orders(state, pid, orders)


REGISTRIES.rule(set_checks=(_ability_set_tags,))


@REGISTRIES.pipeline.step("abilities", STEP_ABILITIES)
def _ability_plays(res: Resolution) -> None:
    """Each ability order becomes a play of its card (via="ability"), resolved with the others."""
    for pid, orders in res.scratch["orders"].items():
        for order in orders:
            if order.kind == "ability":
                card_id = str(order.params["ability"])
                params = {k: v for k, v in order.params.items() if k not in ("ability", "instead_of")}
                play = Play(res, pid, ability_spec(card_id), params, order=order, via="ability")
                res.plays.append(play)
                record_play(res, play)


def once_a_phase(card_id: str) -> SetRule:
    """"Нельзя играть больше одной такой карты в фазу": at most one play of this card a phase (a set
    check for the card's declaration)."""

    @reads_orders("play")
    def check(state: GameState, pid: int, orders: list[Order]) -> None:
        plays = [o for o in orders if o.kind == "play"]
        if len(plays) > 1 and sum(
                1 for o in plays if played_spec(state, pid, *find_card(state, pid, o.card), o.params).id == card_id) > 1:
            raise Refusal("limit_reached", what="card", card=card_id)

    return check


# ---- added with the Защита cards ----

@REGISTRIES.pipeline.step("snapshot", STEP_SNAPSHOT)
def _snapshot(res: Resolution) -> None:
    """Hand sizes and stances as the phase's effects begin: the cards played this phase have left the
    hand, nothing is drawn yet, no card of this phase has changed a stance — so the order in which
    cards resolve never changes what they read."""
    living = res.state.living()
    res.scratch["hand_sizes"] = {p.pid: len(p.hand) for p in living}
    res.scratch["stances"] = stances_of(res.state, [p.pid for p in living])


def stances_of(state: GameState, pids: list[int]) -> dict[int, str]:
    """Each character's stance (`costs.stance`). While no stance effect is in force and no modifier of the query
    `stance` can act (`Queries.idle`: Обесценивание заслуг's lock is not in the state), `stance` answers normal
    for everyone: then no one is asked (most phases of a game)."""
    from engine.rulesets.mafik.costs import stance

    if not state.effects_of("stance") and REGISTRIES.queries.idle(state, ("stance",)):
        return dict.fromkeys(pids, "normal")
    return {pid: stance(state, pid) for pid in pids}


def hand_size(play: Play, pid: int) -> int:
    """"Цель с N картами в Руке" as a card resolves: the hand as the phase's effects began."""
    return int(play.res.scratch.get("hand_sizes", {}).get(pid, len(play.state.player(pid).hand)))


def in_stance(play: Play, which: str) -> bool:
    """(Верхняя/Нижняя стойка: …): was the player in this stance as the phase's effects began? Every
    card's stance variant reads this (docs/rulings.md): a stance a card of this phase takes does not
    change what another card of this phase reads, whatever order they resolve in."""
    from engine.rulesets.mafik.costs import stance

    return str(play.res.scratch.get("stances", {}).get(play.actor) or stance(play.state, play.actor)) == which


def upper(play: Play) -> bool:
    """(Верхняя стойка: …) applies: see `in_stance`."""
    return in_stance(play, "upper")


def lower(play: Play) -> bool:
    """(Нижняя стойка: …) applies: see `in_stance`."""
    return in_stance(play, "lower")


def lasting(state: GameState, target: int, card_id: str) -> bool:
    """Does an effect of this card, in force or still to come, act on the target? ("Несколько применений
    этой карты не складываются": then a new one does nothing.)"""
    return any(e.target == target and e.params.get("card") == card_id and (e.end is None or e.end >= state.phase)
               for e in state.effects)


def armor_for_phases(play: Play, target: int, amount: int, *, during: Duration, nights_only: bool = False) -> None:
    """`amount` armor in every phase `during` (nights only with `nights_only`). This phase's share comes
    at once (its tick has run); the rest is an `armor_each_phase` effect carrying the card's id (see
    `lasting`)."""
    state = play.state
    now = state.phase
    first, last = during.span(now)
    if first <= now and (last is None or now <= last) and (state.is_night or not nights_only):
        play.armor(target, amount)
    start = max(first, now + 1)
    if last is None or start <= last:
        play.effect("armor_each_phase", target=target, during=between(start, last), amount=amount,
                    nights_only=nights_only, card=play.spec.id)


# ---- added with misc ----

@REGISTRIES.pipeline.step("chosen_targets", STEP_CHOSEN_TARGETS)
def _chosen_targets(res: Resolution) -> None:
    """The characters each play was aimed at, as chosen: before Отражение or anything else turns it."""
    res.scratch["chosen_targets"] = {id(play): list(play.targets) for play in res.plays}


def chosen_targets(play: Play) -> list[int]:
    """Whom the player chose as the play's targets ("карты, сыгранные на цель", "выбирает цель целью
    карты"): a card turned back by Отражение was still played on the one who reflected it."""
    return list(play.res.scratch.get("chosen_targets", {}).get(id(play), play.targets))


def played_on(res: Resolution, target: int) -> list[Play]:
    """This phase's cards played on `target` (as chosen), from a Hand or a Sleeve (abilities are no cards)."""
    return [p for p in res.plays if p.via != "ability" and target in chosen_targets(p)]


def redirect_back(params: dict[str, JsonValue], actor: int, mirrors: set[int]) -> None:
    """Targets in `mirrors` (other than the actor) become the actor."""
    target = params.get("target")
    if isinstance(target, int) and not isinstance(target, bool) and target in mirrors and target != actor:
        params["target"] = actor
    targets = params.get("targets")
    if isinstance(targets, list):
        params["targets"] = [actor if t in mirrors and t != actor else t for t in targets]


def reflect_back(res: Resolution, mirrors: set[int]) -> None:
    """The effect of Отражение for each player of `mirrors`, this phase: every card (and ability order)
    another player aims at him goes back to that player."""
    if not mirrors:
        return
    for play in res.plays:
        if not play.options.get("cancelled"):
            redirect_back(play.params, play.actor, mirrors)
    for pid, orders in res.scratch["orders"].items():
        for order in orders:
            if order.kind not in ("play", "ability", "vote", "punishment"):
                redirect_back(order.params, pid, mirrors)


def protected(state: GameState, pid: int) -> bool:
    """Do protective cards act on the player? The `protected` query (Стероиды: «на вас не работает
    отражение, как и любые другие защитные карты» answers no): when not, Защита cards aimed at him or
    played by him without a target do nothing (`_unprotected`), and no effect of Отражение (however
    applied, e.g. Зеркальное Измерение) turns cards away from him."""
    return bool(REGISTRIES.queries.ask("protected", state, True, pid=pid))


@REGISTRIES.pipeline.step("unprotected", STEP_UNPROTECTED)
def _unprotected(res: Resolution) -> None:
    state = res.state
    defending = [play for play in res.plays if play.spec.colour == "defence" and not play.options.get("cancelled")]
    if not defending:  # (then who is protected matters not: the `protected` query only reads)
        return
    exposed = {p.pid for p in state.living() if not protected(state, p.pid)}
    if not exposed:
        return
    for play in defending:
        target = play.params.get("target")
        targets = play.params.get("targets")
        if isinstance(targets, list):
            play.params["targets"] = [t for t in targets if t not in exposed]
            if not play.params["targets"]:
                play.options["cancelled"] = True
        elif target in exposed or ("target" not in play.params and play.actor in exposed):
            play.options["cancelled"] = True


# Watches: "вы узнаете, какие карты играет цель (из Руки)" for some phases (Куратор спецслужб, Знакомства).
WATCH = "watch"


def watch_plays(play: Play, watched: int, watcher: int, *, during: Duration, report: str,
                hand_only: bool = False, to_mafia: bool = False) -> Effect:
    """`during`, `watcher` (with `to_mafia`: the whole mafia) learns each card `watched` plays (with
    `hand_only`: from the Hand), as an event of kind `report` with `pid` (who played) and `card`."""
    return play.state.add_effect(WATCH, target=watched, source=watcher, during=during, report=report,
                                 hand_only=hand_only, to_mafia=to_mafia, card=play.spec.id)


def _report_watched(res: Resolution) -> None:
    state = res.state
    for effect in state.effects_of(WATCH):
        plays = [p for p in res.plays if p.actor == effect.target and p.via in ("hand", "sleeve")
                 and (p.via == "hand" or not effect.params.get("hand_only"))]
        for play in plays:
            kind = str(effect.params["report"])
            if effect.params.get("to_mafia"):
                state.emit(kind, "faction", "mafia", pid=play.actor, card=play.spec.id)
            elif effect.source is not None and state.player(effect.source).alive:
                state.emit(kind, "player", effect.source, pid=play.actor, card=play.spec.id)


REGISTRIES.rule(trigger=_report_watched, effects=(EffectKind(WATCH),))


# ---- added with intel ----

def tell_or_share(state: GameState, pid: int, kind: str, /, **params: JsonValue) -> None:
    """`share_with_mafia` for what a lasting effect tells later, outside its play (Камера наблюдения's
    nightly report, Великий детектив at each rebuild): the Шпион's whole mafia learns it, anyone else alone."""
    if state.player(pid).secret_role == "spy":
        state.emit(kind, "faction", "mafia", actor=pid, **params)
    else:
        state.emit(kind, "player", pid, actor=pid, **params)


def accusation_hits_for(play: Play, target: int, named: list[str]) -> int:
    """`accusation_hits` for one target of a card that names an accusation per target (kind
    `accusations`, Разгром кулаков.): the same rule, with that target's named cards."""
    return accusation_hits(replace(play, params={**play.params, "accuse": list(named)}), target)


# ---- added with gss ----

def insert_into_deck(state: GameState, pid: int, card_id: str, where: str = "random") -> CardInstance:
    """A new copy of a card into the player's deck: "top" (drawn next), "bottom", or "random" (any
    position, the state's RNG: "получите Грим в колоду" — docs/rulings/mafik-disguise.md)."""
    deck = state.player(pid).deck
    card = state.new_card(card_id)
    if where == "top":
        deck.insert(0, card)
    elif where == "bottom":
        deck.append(card)
    else:
        deck.insert(state.random.below(len(deck) + 1), card)
    return card


# ---- added with chk ----

SIDES = ("mafia", "law", "maniac", "traitor")
STANCES = ("normal", "upper", "lower")
COLOUR_ASPECTS = ("colours", "hand_colours", "deck_colours")  # a list of colours
CARD_ASPECTS = ("hand", "sleeve")  # a list of card ids


def check(play: Play, target: int, aspect: str, *, truth: Any = None, undeceivable: bool = False) -> Any:
    """A check of this card (a card tagged `check`): what the actor learns of the target's `aspect` —
    recorded, redirectable, disguisable (engine/core/checks.py). `truth` is the card's own reading, a
    value or a function of the character actually read (a redirect may read another one)."""
    return inspect(play.res.ruleset, play.state, play.actor, target, aspect, card=play.spec.id, truth=truth,
                   undeceivable=undeceivable)


def card_colour(card_id: str) -> str:
    return CATALOG[card_id].colour


def random_hand_colours(state: GameState, pid: int, count: int) -> list[str]:
    """The colours of `count` random cards of a Hand (fewer if it holds fewer), from the state's RNG."""
    hand = state.player(pid).hand
    return [card_colour(c.card) for c in state.random.sample(hand, min(count, len(hand)))]


def random_result(state: GameState, aspect: str, value: Any) -> Any:
    """«Случайный результат» (Темнота, Укрытие): a random answer of the same shape as the true one — a
    random colour for each colour, a random role, side or stance, a coin for a yes/no, random cards."""
    rng = state.random
    if aspect == "secret_role":
        return rng.choice(sorted(SECRET_ROLES))
    if aspect == "side":
        return rng.choice(SIDES)
    if aspect == "stance":
        return rng.choice(STANCES)
    if isinstance(value, bool):
        return rng.below(2) == 1
    if aspect in COLOUR_ASPECTS and isinstance(value, list):
        return [rng.choice(COLOURS) for _ in value]
    if aspect in CARD_ASPECTS and isinstance(value, list):
        ids = CATALOG.ids()
        return [rng.choice(ids) for _ in value]
    return value


def transform(state: GameState, card: CardInstance, new_id: str) -> bool:
    """A physical card becomes another card (Дедуктивный метод, Саботаж: a Пустышка) — never a Долг.
    It keeps its uid and place; what made the old card special (cost change, Свободная, the copy's own
    tags) goes with it. A card that cannot be changed (`no_transform`: the Долг) stays."""
    if copy_has(card, "no_transform"):
        return False
    card.card = new_id
    state.card_arrived(new_id)
    card.cost_mod = 0
    card.free = False
    card.tags = ()
    return True


# ---- added with zone ----

Place = tuple[int, str]  # (player, zone): "hand", "sleeve", "deck" or "discard"


def move(state: GameState, card: CardInstance, *, src: Place | None, dst: Place,
         position: int | str = "bottom") -> bool:
    """One physical card from a zone of a player (`src`; None for a new card) into a zone of a player
    (`dst`), at `position`: "top" (index 0: a Sleeve's top, as Налоги and the аутодафе read it), "bottom",
    or an index. A Sleeve that takes no cards (`sleeve_blocked(…, "receive")`: Изгнание, Тюрьма) or a dead
    receiver takes none: the card stays where it was and False is returned. A Hand card moved away is not
    refilled (only cards played or discarded at night are)."""
    pid, zone = dst
    if not state.player(pid).alive or (zone == "sleeve" and sleeve_blocked(state, pid, "receive")):
        return False
    if src is not None:
        held: list[CardInstance] = getattr(state.player(src[0]), src[1])
        if card not in held:
            return False
        held.remove(card)
    into: list[CardInstance] = getattr(state.player(pid), zone)
    at = 0 if position == "top" else len(into) if position == "bottom" else max(0, min(int(position), len(into)))
    into.insert(at, card)
    return True


def own_card(player: Any, uids: list[int]) -> tuple[CardInstance | None, str]:
    """The first of `uids` the player holds (a param of kind `own_cards`), and the zone it lies in."""
    for zone in ("hand", "sleeve"):
        for card in getattr(player, zone):
            if card.uid in uids[:1]:
                return card, zone
    return None, ""



@REGISTRIES.pipeline.step("hands_at_start", STEP_HANDS_AT_START)
def _hands_at_start(res: Resolution) -> None:
    """The Hands as the phase's effects begin (this phase's plays gone, nothing given or drawn yet), for
    the cards that name a whole Hand (Угон, Рискованное дело)."""
    res.scratch["hands"] = {p.pid: list(p.hand) for p in res.state.living()}


def hand_at_start(play: Play, pid: int) -> list[CardInstance]:
    """The target's Hand as the phase's effects began (see `_hands_at_start`)."""
    hands: dict[int, list[CardInstance]] = play.res.scratch.get("hands", {})
    return list(hands.get(pid, play.state.player(pid).hand))


# ---- added with posts ----
# Messages to the city and anonymity (docs/rulings/mafik-posts.md). By the rules a card's message reaches
# its target without the sender's name («Цель не узнает, кто отправил сообщение»), unless the card says
# «неанонимное»; Усилитель сигнала lets its holder flip that per play (the play option FLIP), Псевдоним signs
# every anonymous message of its holder with an alias (an effect ALIAS: flags hold only numbers).
ALIAS = "alias"
FLIP = "flip_anonymity"


def alias_of(state: GameState, pid: int) -> str | None:
    """The alias the player signs his anonymous messages with (the latest Псевдоним), if any."""
    found = state.effects_of(ALIAS, target=pid)
    return str(found[-1].params["alias"]) if found else None


def anonymity(play: Play, anonymous: bool) -> bool:
    """Is this play's message anonymous? As its card says, flipped when the play carries FLIP."""
    return anonymous != bool(play.params.get(FLIP))


def message_card(state: GameState, card_id: str) -> bool:
    """Does this card send a message (to a player or to the city)? Every card with a message parameter;
    a card that sends one without a text of the player's says so through the query `message_card`
    (context card)."""
    default = any(p.name in messages.MESSAGE_PARAMS for p in CATALOG[card_id].params)
    answer: bool = REGISTRIES.queries.ask("message_card", state, default, card=card_id)
    return bool(answer)


def post(play: Play, *, anonymous: bool, text: str | None = None,
         plays: list[JsonValue] | None = None) -> bool:
    """A public post to the city, at resolution, through the public announcements (the bot posts it in
    the game's group): the player's `text` (a card message: the master may have withheld it, which the
    player learns) or the list of `plays` ({card, targets}) — signed with the player's name, or anonymous
    (`anonymity`: Усилитель сигнала flips it; an alias signs it). The master learns who wrote an
    anonymous post. True when it went out."""
    state = play.state
    anonymous = anonymity(play, anonymous)
    if text is not None and not messages.delivered(state, play.actor, play.order, text):
        state.emit("public_post_withheld", "player", play.actor, text=text, via=play.spec.id)
        return False
    params: dict[str, JsonValue] = {"via": play.spec.id, "sender": None if anonymous else play.actor}
    alias = alias_of(state, play.actor) if anonymous else None
    if alias:
        params["alias"] = alias
    if text is not None:
        params["text"] = text
    if plays is not None:
        params["plays"] = plays
    state.emit("public_post", "public", None, **params)
    if anonymous:
        state.emit("public_post_author", "master", None, sender=play.actor, via=play.spec.id)
    return True


# ---- added with stances ----

def may_change_stance(state: GameState, pid: int, stance: str, card: str | None) -> bool:
    """May a card (`card`) change the player's stance to `stance`? The query `may_change_stance`
    (context pid, stance, card): Посредственность answers no. Every stance a card gives asks it (`set_stance`)."""
    return bool(REGISTRIES.queries.ask("may_change_stance", state, True, pid=pid, stance=stance, card=card))


def stance_changes(play: Play, pid: int) -> int:
    """How many other plays of this phase have changed the player's stance so far (`set_stance` with a
    play records each): «на неё сыграны карты подобного типа» (Наставничество)."""
    return sum(1 for made_by, target in play.res.scratch.get("stance_changes", ())
               if target == pid and made_by != id(play))


def end_effects(state: GameState, kind: str, pid: int) -> int:
    """The player's effects of `kind` in force or still to come end now (Обесценивание заслуг: «мгновенно
    в неё переходит»; Весы преступлений: back from Изгнание): one begun in an earlier phase ends with the
    last one, one begun this phase or later is gone. How many ended."""
    now = state.phase
    ended = [e for e in state.effects if e.kind == kind and e.target == pid and (e.end is None or e.end >= now)]
    for effect in ended:
        if effect.start < now:
            effect.end = now - 1
        else:
            state.effects.remove(effect)
    return len(ended)


def exile(state: GameState, pid: int) -> Effect:
    """Изгнание as the Вече gives it (council.apply_punishment): the three phases after this one — two
    nights and the day between when chosen by day (Виновен!, Весы преступлений)."""
    from engine.rulesets.mafik.council import EXILE_NIGHTS

    return state.add_effect("exile", target=pid, during=n_phases(2 * EXILE_NIGHTS - 1, starting=NEXT_PHASE))


# ---- added with deaths ----

def hand_after_damage(res: Resolution, pid: int) -> int:
    """The would-die pre-pass (between the damage and the discards): how many cards the player's Hand
    will hold once this phase's damage is settled — the cards lost directly and the damage first cancel
    the replacements owed, then discard Hand cards; the replacements left and the draws owed come after
    (a deck with no cards left deals a Пустышка). 0: the player is to die at the end of the phase."""
    player = res.state.player(pid)
    lost = len([uid for uid in res.direct_losses.get(pid, []) if any(c.uid == uid for c in player.hand)])
    hand = len(player.hand) - lost
    owed = len(res.refills.get(pid, []))
    amount = res.final_damage.get(pid, 0)
    cancelled = min(amount, owed)
    discarded = min(amount - cancelled, hand)
    draws = int(res.scratch.get("draws", {}).get(pid, 0))
    return hand - discarded + owed - cancelled + draws


def late_damage(res: Resolution, packet: DamagePacket) -> None:
    """Damage dealt after the damage step (by the would-die pre-pass): folded through every replacement
    layer at once (armor left over absorbs it) and added to what the target takes this phase."""
    for _layer, name, fn in REGISTRIES.replacements:
        if packet.amount <= 0:
            break
        if name not in packet.applied:
            packet.applied.add(name)
            fn(res, packet)
    res.packets.append(packet)
    if packet.amount > 0:
        res.final_damage[packet.target] = res.final_damage.get(packet.target, 0) + packet.amount
