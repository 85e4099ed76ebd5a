"""Primitives shared by Мафик's cards. A card that needs more than these gets a new one here."""

from __future__ import annotations

from typing import Any

from engine.core.checks import learn
from engine.core.resolution import Play, Resolution
from engine.core.state import CardInstance, GameState, JsonValue
from engine.rulesets.mafik.costs import exiled
from engine.rulesets.mafik.registry import CARDS, CATALOG


def accusation_hits(play: Play, target: int | None = None) -> int:
    """How many cards the Обвинение named, if the target has ever played all of them; else 0.

    Обвинение never works against the Предатель."""
    named = [str(c) for c in play.params.get("accuse") or ()]
    who = play.target if target is None else target
    if not named or play.state.player(who).secret_role == "traitor":
        return 0
    played = {r.card for r in play.state.history if r.actor == who}
    return len(named) if all(card in played for card in named) else 0


def draw_to_hand(play: Play, target: int, count: int, *, protect: bool = False) -> list[CardInstance]:
    """Cards drawn by an effect: nothing when the target has 0 cards in hand at that moment."""
    if not play.state.player(target).hand:
        return []
    return play.res.draw(target, count, protect=protect)


def to_sleeve(state: GameState, pid: int, card: CardInstance) -> bool:
    """Put a card into a Sleeve (not while the owner is in Изгнание); False if it could not."""
    if exiled(state, pid) or not state.player(pid).alive:
        return False
    state.player(pid).sleeve.append(card)
    return True


def draw_to_sleeve(res: Resolution, pid: int, count: int = 1) -> int:
    """Top cards of the deck into the Sleeve (a Пустышка when the deck is empty)."""
    ruleset = res.ruleset
    done = 0
    for _ in range(count):
        player = res.state.player(pid)
        if exiled(res.state, pid):
            break
        card = ruleset.draw_one(res.state, player)
        if card is None:
            break
        player.sleeve.append(card)
        done += 1
    return done


def new_card_to_sleeve(state: GameState, pid: int, card_id: str) -> bool:
    """A new copy of a card (Заказ's Пистолет, За вами придут!'s Бункер…) into a Sleeve."""
    return to_sleeve(state, pid, state.new_card(card_id))


def set_stance(state: GameState, pid: int, stance: str, phases: int | None) -> None:
    """The player goes into a stance from now for `phases` phases (None: until changed)."""
    end = None if phases is None else state.phase + phases - 1
    state.add_effect("stance", target=pid, end=end, stance=stance)


def grant_play_as(play: Play, card_id: str) -> None:
    """Until the end of the game the player may play any Sleeve card as `card_id` (Солдат, Врач…)."""
    play.state.add_effect("play_as", target=play.actor, source=play.actor, card=card_id)


def side_of(play: Play, target: int) -> str:
    return str(learn(play.res.ruleset, play.state, play.actor, target, "side"))


def role_of(play: Play, target: int) -> str:
    """The secret role a check learns (the Предатель shows a random law role)."""
    return str(learn(play.res.ruleset, play.state, play.actor, target, "secret_role"))


def guessed_role(play: Play, target: int, guess: Any) -> bool:
    """"Назовите Тайную роль цели. Если угадали…" — compared with the truth."""
    return bool(guess) and play.state.player(target).secret_role == guess


def apply_effect(play: Play, card_id: str, params: dict[str, JsonValue], *, via: str) -> None:
    """Apply another card's effect as part of this play."""
    sub = Play(play.res, play.actor, CATALOG[card_id], dict(params), via=via)
    CARDS.behaviours[card_id](sub)


def tonight(state: GameState) -> int:
    """The last phase of "this night" (the current phase when played at night)."""
    return state.phase if state.is_night else state.phase + 1
