"""Cards that act on decks: what is drawn (the `on_draw` hooks), what a deck holds (peek, transform,
insert, destroy), and how the next deck is built (the queries `deck_colours`, `max_copies`, `deck_limits`,
`free_picks`, read wherever a deck is judged: engine/rulesets/mafik/deck.py).

Readings: docs/rulings/mafik-decks.md. Effects "until the next build" carry `next_build=True` and are
taken away by `_built` (the last rebuild hook of this module), after the cards' own rebuild hooks ran.
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Layer, Query
from engine.core.durations import NEXT_PHASE, UNTIL_END, UNTIL_USED, n_phases
from engine.core.memo import remembered
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import Effect, GameState, JsonValue
from engine.rulesets.mafik.cards.common import (
    accusation_hits,
    grant_play_as,
    insert_into_deck,
    lower,
    new_card_to_sleeve,
    set_stance,
    to_sleeve,
    transform,
    upper,
)
from engine.rulesets.mafik.deck import deck_limits, destroy
from engine.rulesets.mafik.order import LAYER_DANGEROUS
from engine.rulesets.mafik.registry import BLANK, CATALOG, COLOURS, REGISTRIES
from engine.rulesets.mafik.roles import colours_of

NEXT_DECK = "next_deck_colours"  # the colours of the next deck: replace one, add one, all, or a set of them
DECK_VIEW = "deck_view"  # the player always sees the top (and bottom) cards of the own deck


def _next_build(play: Play, kind: str, **params: JsonValue) -> None:
    """An effect on the actor that lasts until the next deck is built (then `_built` takes it away)."""
    play.effect(kind, target=play.actor, during=UNTIL_USED, next_build=True, card=play.spec.id, **params)


@only_while(NEXT_DECK)
def _next_colours(state: GameState, value: tuple[str, ...], *, pid: int, **_: Any) -> tuple[str, ...]:
    """`deck_colours`: the changes waiting for the next build, in the order they were played."""
    colours = list(value)
    for effect in state.effects_of(NEXT_DECK, target=pid):
        op = effect.params["op"]
        if op == "all":
            colours = list(COLOURS)
        elif op == "set":  # another role's colours (Поддельные документы)
            colours = [str(c) for c in effect.params["colours"]]
        elif op == "replace":
            old, new = str(effect.params["old"]), str(effect.params["new"])
            colours = [new if c == old else c for c in colours] if old in colours else colours
        elif op == "add" and effect.params["new"] not in colours:
            colours.append(str(effect.params["new"]))
    return tuple(dict.fromkeys(colours))


REGISTRIES.rule(queries=(Query("deck_colours", _next_colours),), effects=(EffectKind(NEXT_DECK, own=True),))


def _built(state: GameState, pid: int) -> None:
    """A new deck is built: what waited for it is spent (a new list only when one is: the state's index of the
    effects lives on with the list it was built from, engine/core/state.py `effects_of`)."""
    if any(_waits_for_build(e, pid) for e in state.effects):
        state.effects = [e for e in state.effects if not _waits_for_build(e, pid)]


def _waits_for_build(effect: Effect, pid: int) -> bool:
    return effect.target == pid and bool(effect.params.get("next_build"))


# ---- Обыск ----

def house_search(play: Play) -> None:
    """A Пустышка to the Sleeve; with a right Обвинение (or in the upper stance) a copy of a random card of
    the target's deck instead (a Пустышка when that deck is empty)."""
    state, target = play.state, play.target
    card = BLANK
    if target is not None and (upper(play) or accusation_hits(play) > 0):
        deck = state.player(target).deck
        card = state.random.choice(deck).card if deck else BLANK
        play.tell(play.actor, "house_search", target=target, named=card)
    new_card_to_sleeve(state, play.actor, card)


REGISTRIES.declare("house_search", house_search)


# ---- Маска, Карнавал ----

def mask(play: Play) -> None:
    """"При пересборке колоды можете брать до 3-х (Нижняя стойка: 4) одинаковых карт этого цвета": until the
    end of the game; a colour chosen twice keeps the larger number."""
    play.effect("mask", target=play.actor, during=UNTIL_END, colour=str(play.params["colour"]),
                copies=4 if lower(play) else 3)


@only_while("mask")
def _mask_copies(state: GameState, value: int, *, pid: int, card: str, **_: Any) -> int:
    most = _masked(state, pid).get(CATALOG[card].colour)
    return value if most is None else max(value, most)


@remembered
def _masked(state: GameState, pid: int) -> dict[str, int]:
    """The most copies the player's Маски allow, by colour (once in a pass: a deck's pool asks of every card)."""
    most: dict[str, int] = {}
    for effect in state.effects_of("mask", target=pid):
        colour, copies = str(effect.params["colour"]), int(str(effect.params["copies"]))
        most[colour] = max(copies, most.get(colour, copies))
    return most


REGISTRIES.declare("mask", mask,
                   queries=(Query("max_copies", _mask_copies),), effects=(EffectKind("mask", own=True),))


@REGISTRIES.card("carnival")
def carnival(play: Play) -> None:
    """"До конца игры вы можете играть любую карту из Рукава, как если бы это была Маска"."""
    grant_play_as(play, "mask")


# ---- Смена IP, Шизофрения, Карьерный рост: the colours of the next deck ----

def ip_change(play: Play) -> None:
    _next_build(play, NEXT_DECK, op="replace", old=str(play.params["old"]), new=str(play.params["new"]))


REGISTRIES.declare("ip_change", ip_change)


def schizophrenia(play: Play) -> None:
    """"Следующую колоду можете собрать, используя все цвета. При проверке вашей роли до сборки колоды будет
    получен ответ «Маньяк»"."""
    _next_build(play, NEXT_DECK, op="all")


@only_while(NEXT_DECK)
def _schizophrenic(state: GameState, value: Any, *, target: int, aspect: str, **_: Any) -> Any:
    if aspect == "secret_role" and any(e.params.get("card") == "schizophrenia"
                                       for e in state.effects_of(NEXT_DECK, target=target)):
        return "maniac"
    return value


REGISTRIES.declare("schizophrenia", schizophrenia, queries=(Query("appearance", _schizophrenic, layer=60),))


def career_growth(play: Play) -> None:
    """Мафия: the chosen colour takes the place of one of the role's colours (`old`) at the next build;
    Закон, Предатель: it is added to them; Маньяк: nothing."""
    player = play.state.player(play.actor)
    colour = play.params.get("colour")
    if player.faction == "maniac" or colour is None:
        return
    if player.faction == "mafia":
        old = play.params.get("old") or colours_of(play.state, play.actor)[0]
        _next_build(play, NEXT_DECK, op="replace", old=str(old), new=str(colour))
    else:
        _next_build(play, NEXT_DECK, op="add", new=str(colour))


REGISTRIES.declare("career_growth", career_growth)


# ---- Убеждение ----

def persuasion(play: Play) -> None:
    """The top 2 (upper: 4) cards of the target's deck become the named cards, in order. Several on one
    target in a night: one of them, at random, works."""
    res, target = play.res, play.target
    if target is None:
        return
    chosen: dict[int, int] = res.scratch.setdefault("persuasion", {})
    if target not in chosen:
        rivals = [p for p in res.plays if p.spec.id == "persuasion" and p.target == target
                  and not p.options.get("cancelled")]
        chosen[target] = id(play.state.random.choice(rivals)) if rivals else id(play)
    if chosen[target] != id(play):
        return
    deck = play.state.player(target).deck
    for card, name in zip(deck, [str(c) for c in play.params.get("cards") or ()], strict=False):
        transform(play.state, card, name)


REGISTRIES.declare("persuasion", persuasion)


# ---- Промывание мозгов ----

@REGISTRIES.card("brainwashing")
def brainwashing(play: Play) -> None:
    """Every card of the colour leaves the target's deck; the actor learns whether any did."""
    colour = str(play.params["colour"])
    if play.target is None:
        return
    gone = destroy(play.state, play.target, lambda c: CATALOG[c.card].colour == colour)
    play.tell(play.actor, "brainwashing_destroyed" if gone else "brainwashing_none", target=play.target, colour=colour)


# ---- Рестарт ----

@REGISTRIES.card("restart")
def restart(play: Play) -> None:
    """Every living player may build a new deck in the next phase; everyone learns who played it."""
    for player in play.state.living():
        play.effect("may_rebuild", target=player.pid, during=NEXT_PHASE)
    play.announce("restart", actor=play.actor)


# ---- Иллюзия обмана ----

def illusion_of_deception(play: Play) -> None:
    play.effect("illusion", target=play.actor, during=UNTIL_USED, named=str(play.params["card"]))


def _illusion(state: GameState, pid: int, zone: str) -> None:
    """The next card drawn: with 50% the named one (its copy from the deck, else a new one)."""
    effects = state.effects_of("illusion", target=pid)
    if not effects:
        return
    effect = effects[0]
    state.effects.remove(effect)
    if state.random.below(2):
        return
    named = str(effect.params["named"])
    deck = state.player(pid).deck
    copy = next((c for c in deck if c.card == named), None)
    if copy is not None:
        deck.remove(copy)
        deck.insert(0, copy)
    else:
        insert_into_deck(state, pid, named, "top")


REGISTRIES.declare("illusion_of_deception", illusion_of_deception, on_draw=_illusion,
                   effects=(EffectKind("illusion", own=True),))


# ---- Кредит ----

def credit(play: Play) -> None:
    """Played: a new Кредит is shuffled into the deck."""
    insert_into_deck(play.state, play.actor, "credit", "random")


def _credit_drawn(state: GameState, pid: int, zone: str) -> None:
    """"Если вы должны вытянуть эту карту из колоды в руку, она превращается в Долг и вы получаете
    Пустышку в рукав"."""
    deck = state.player(pid).deck
    if zone != "hand" or not deck or deck[0].card != "credit":
        return
    transform(state, deck[0], "debt")
    to_sleeve(state, pid, state.new_card(BLANK))
    state.emit("credit_debt", "player", pid)


REGISTRIES.declare("credit", credit, on_draw=_credit_drawn)


# ---- Хитрый план ----

def cunning_plan(play: Play) -> None:
    """The chosen Sleeve cards go into the deck at random places, Свободные; "можете перейти в верхнюю
    стойку на 2 фазы": the two phases after this one."""
    state, player = play.state, play.state.player(play.actor)
    chosen = {int(str(u)) for u in play.params.get("sleeve") or ()}
    for card in [c for c in player.sleeve if c.uid in chosen]:
        player.sleeve.remove(card)
        card.free = True
        player.deck.insert(state.random.below(len(player.deck) + 1), card)
    if play.params.get("upper_stance"):
        set_stance(play.state, play.actor, "upper", during=n_phases(2, starting=NEXT_PHASE), play=play)


REGISTRIES.declare("cunning_plan", cunning_plan)


# ---- Наследие ----

def legacy(play: Play) -> None:
    play.effect("legacy", target=play.actor, during=UNTIL_END, named=str(play.params["card"]),
                copies=2 if upper(play) else 1)


def _legacy_rebuilt(state: GameState, pid: int) -> None:
    """"После каждой прокрутки колоды копия этой карты будет добавляться вам в рукав" (each new deck)."""
    for effect in state.effects_of("legacy", target=pid):
        named = str(effect.params["named"])
        given = sum(new_card_to_sleeve(state, pid, named) for _ in range(int(str(effect.params["copies"]))))
        if given:
            state.emit("legacy", "player", pid, named=named, count=given)


REGISTRIES.declare("legacy", legacy, on_rebuild=_legacy_rebuilt, effects=(EffectKind("legacy", own=True),))


# ---- Let's get dangerous ----

def lets_get_dangerous(play: Play) -> None:
    _next_build(play, "dangerous")


@only_while("dangerous")
def _dangerous_copies(state: GameState, value: int, *, pid: int, card: str, **_: Any) -> int:
    """At the next build: as many copies of the three as the deck holds."""
    if card in ("pistol", "broad_daylight", "sniper_rifle") and state.effects_of("dangerous", target=pid):
        return max(value, deck_limits(state, pid)["size"])
    return value


def _dangerous_rebuilt(state: GameState, pid: int) -> None:
    """The three's copies in the new deck deal 1 more base damage, for the rest of the game."""
    if not state.effects_of("dangerous", target=pid):
        return
    uids = [c.uid for c in state.player(pid).deck if c.card in ("pistol", "broad_daylight", "sniper_rifle")]
    if uids:
        state.add_effect("dangerous_copies", target=pid, source=pid, during=UNTIL_END, uids=uids)


def _dangerous_damage(res: Resolution, packet: DamagePacket) -> None:
    play = packet.play
    if packet.fixed or play is None or play.instance is None or play.spec.id not in ("pistol", "broad_daylight", "sniper_rifle"):
        return
    if any(play.instance.uid in (e.params.get("uids") or []) for e in res.state.effects_of("dangerous_copies")):
        packet.amount += 1


REGISTRIES.declare("lets_get_dangerous", lets_get_dangerous, on_rebuild=_dangerous_rebuilt,
                   queries=(Query("max_copies", _dangerous_copies),),
                   replacements=(Layer("lets_get_dangerous", LAYER_DANGEROUS, _dangerous_damage),),
                   effects=(EffectKind("dangerous", own=True), EffectKind("dangerous_copies", own=True)))


# ---- Кейкаку ----

KEIKAKU_FREE = 3


def keikaku(play: Play) -> None:
    _next_build(play, "keikaku", count=KEIKAKU_FREE)


@only_while("keikaku")
def _keikaku_picks(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    return value + sum(int(str(e.params["count"])) for e in state.effects_of("keikaku", target=pid))


REGISTRIES.declare("keikaku", keikaku, queries=(Query("free_picks", _keikaku_picks),),
                   effects=(EffectKind("keikaku", own=True),))


# ---- Интуиция ----

BOTTOM_DISCARD = "deck_bottom_discard"  # the right to discard the deck's bottom card once a phase


def intuition(play: Play) -> None:
    """Закон, Предатель: the top 3 cards of the deck, always; Мафия, Маньяк: the top and the bottom one, and
    the bottom one may be discarded once a phase."""
    if play.state.player(play.actor).faction in ("mafia", "maniac"):
        play.effect(DECK_VIEW, target=play.actor, during=UNTIL_END, top=1, bottom=1)
        play.effect(BOTTOM_DISCARD, target=play.actor, during=UNTIL_END)
    else:
        play.effect(DECK_VIEW, target=play.actor, during=UNTIL_END, top=3, bottom=0)


def discard_deck_bottom(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """"Можете сбрасывать нижнюю карту в колоде в конце каждой фазы": once a phase, when the player asks
    (the phase's end is the deadline; the bot cannot ask at it)."""
    player = state.player(pid)
    if not state.effects_of(BOTTOM_DISCARD, target=pid):
        raise Refusal("not_allowed", what="discard_deck_bottom", reason="no_effect")
    if player.flags.get("deck_bottom_discarded") == state.phase:
        raise Refusal("limit_reached", what="discard_deck_bottom")
    if not player.deck:
        raise Refusal("not_allowed", what="discard_deck_bottom", reason="deck_empty")
    card = player.deck.pop()
    player.discard.append(card)
    player.flags["deck_bottom_discarded"] = state.phase
    state.emit("deck_bottom_discarded", "player", pid, card=card.card)


REGISTRIES.declare("intuition", intuition, actions={"discard_deck_bottom": discard_deck_bottom},
                   effects=(EffectKind(DECK_VIEW, own=True), EffectKind(BOTTOM_DISCARD, own=True)))


# ---- Гений ----

GENIUS_LESS, GENIUS_LEAST = 3, 3


def genius(play: Play) -> None:
    play.effect("genius", target=play.actor, during=UNTIL_END, less=GENIUS_LESS)


def _genius_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """"Нельзя сыграть, если в новой колоде максимум 3 карты" (the new deck, after this card)."""
    if deck_limits(state, pid)["size"] - GENIUS_LESS <= GENIUS_LEAST:
        raise Refusal("not_allowed", what="card", reason="deck_too_small")


@only_while("genius")
def _genius_limits(state: GameState, value: dict[str, int], *, pid: int, **_: Any) -> dict[str, int]:
    less = sum(int(str(e.params["less"])) for e in state.effects_of("genius", target=pid))
    return {**value, "size": max(0, value["size"] - less)} if less else value


REGISTRIES.declare("genius", genius, check=_genius_check, queries=(Query("deck_limits", _genius_limits),),
                   effects=(EffectKind("genius", own=True),))


# ---- Дежавю ----

def deja_vu(play: Play) -> None:
    """A copy of the named card on top of the own deck."""
    insert_into_deck(play.state, play.actor, str(play.params["card"]), "top")


def _played_before(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """"Выберете карту, которую играли ранее": played by anyone in an earlier phase."""
    named = params.get("card")
    if named is not None and not any(r.card == named and r.phase < state.phase for r in state.history):
        raise Refusal("bad_param", param="card", reason="never_played")


REGISTRIES.declare("deja_vu", deja_vu, check=_played_before)


# ---- Оптимизм ----

OPTIMISM_CARDS = 3


def optimism(play: Play) -> None:
    """The colours named for the next 3 cards of the own deck (an empty place is a Пустышка, as drawn)."""
    deck = play.state.player(play.actor).deck
    cards = [c.card for c in deck[:OPTIMISM_CARDS]]
    cards += [BLANK] * (OPTIMISM_CARDS - len(cards))
    named = [play.params.get(k) for k in ("first", "second", "third")]
    right = [card for card, colour in zip(cards, named, strict=True) if CATALOG[card].colour == colour]
    misses = OPTIMISM_CARDS - len(right)
    if not misses:
        play.tell(play.actor, "optimism_right", cards=cards)
    elif lower(play):
        play.tell(play.actor, "optimism_misses_cards", n=misses, cards=right)
    else:
        play.tell(play.actor, "optimism_misses", n=misses)


REGISTRIES.declare("optimism", optimism)


# What waited for the next deck is spent once it is built (after every rebuild hook above).
REGISTRIES.rule(on_rebuild=_built)
