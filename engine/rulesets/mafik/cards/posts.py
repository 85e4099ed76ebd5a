"""Messages to the city and anonymity (issue 15, posts): Анонимность, Псевдоним, Усилитель сигнала, Размашистая Z,
Оркестр, Слепое правосудие (Вигиланте). Rulings: docs/rulings/mafik-posts.md.

The primitives are in cards/common.py ("added with posts"): `post` (a public post, signed or anonymous, through
the public announcements), `alias_of` (Псевдоним's signature on every anonymous message), `anonymity` (the play
option FLIP of Усилитель сигнала) and `message_card` (which cards send a message: the «анонимные карты» and the
signed ones the option may flip).
"""

from __future__ import annotations

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Query, Step
from engine.core.cards import CardSpec
from engine.core.durations import FROM_NEXT_PHASE, NEXT_NIGHT, UNTIL_END
from engine.core.messages import found_in
from engine.core.phase import kill
from engine.core.refusal import Refusal
from engine.core.resolution import Play, Resolution
from engine.core.state import GameState, JsonValue
from engine.rulesets.mafik.cards.common import (
    ALIAS,
    FLIP,
    abilities,
    card_message,
    chosen_targets,
    draw_to_sleeve,
    grant_ability,
    message_card,
    post,
)
from engine.rulesets.mafik.history import CARD_ZONES
from engine.rulesets.mafik.order import STEP_LAST_WORD, STEP_ORCHESTRA
from engine.rulesets.mafik.registry import REGISTRIES

EARLY = 10  # Псевдоним signs the messages sent in its own phase too, whatever their seats
ALIAS_MAX = 40  # characters: a signature, not a message
CITY = "to_city"


# ---- Анонимность: «До конца игры можно будет ночью писать 1 анонимное сообщение любому игроку или городу»

def anonymous_messages(play: Play) -> None:
    """Played (Цена 1): the nightly ability from the next phase, once however many are played. Used
    (via="ability"): the anonymous message to the chosen player, or a public anonymous post to the city —
    both at the end of the phase, through the master (card messages)."""
    if play.via == "ability":
        text = str(play.params["message"])
        if play.params.get("to") == CITY:
            post(play, anonymous=True, text=text)
        else:
            card_message(play, play.target, text)
        return
    if not abilities(play.state, play.actor, "anonymity"):
        grant_ability(play, during=FROM_NEXT_PHASE, nights_only=True)
    play.tell(play.actor, "anonymity_granted")


REGISTRIES.declare("anonymity", anonymous_messages)


# ---- Псевдоним: «Можете выбрать себе псевдоним и все анонимные сообщения будут подписываться им»

def pseudonym(play: Play) -> None:
    """The alias signs every anonymous message of the player from now on (a new Псевдоним replaces it)."""
    alias = " ".join(str(play.params["alias"]).split())
    state = play.state
    state.effects = [e for e in state.effects if not (e.kind == ALIAS and e.target == play.actor)]
    play.effect(ALIAS, target=play.actor, during=UNTIL_END, alias=alias)
    play.tell(play.actor, "pseudonym_set", alias=alias)


def _pseudonym_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    alias = " ".join(str(params.get("alias") or "").split())
    if not alias or len(alias) > ALIAS_MAX:
        raise Refusal("bad_param", card="pseudonym", param="alias", reason="alias_length", n=ALIAS_MAX)


REGISTRIES.declare("pseudonym", pseudonym, priority=EARLY, check=_pseudonym_check,
                   effects=(EffectKind(ALIAS, own=True, status=False),))


# ---- Усилитель сигнала: «До конца игры можете играть анонимные карты, как неанонимные и наоборот»

def signal_booster(play: Play) -> None:
    """From now on every play of a message card may carry the option FLIP (offered from the next phase:
    the effect begins as this card resolves)."""
    if not play.state.effects_of("signal_booster", target=play.actor):
        play.effect("signal_booster", target=play.actor, during=UNTIL_END)
    play.tell(play.actor, "signal_booster_on")


def _flip_check(state: GameState, pid: int, spec: CardSpec, params: dict[str, JsonValue]) -> None:
    value = params[FLIP]
    if not isinstance(value, bool):
        raise Refusal("bad_param", param=FLIP, reason="not_a_flag")
    if not value:
        return
    if not state.effects_of("signal_booster", target=pid):
        raise Refusal("not_allowed", what=FLIP, card=spec.id)
    has_text_param = any(p.name in ("message", "messages") for p in spec.params)
    if not message_card(state, spec.id) or (has_text_param and not found_in(params)):
        raise Refusal("not_allowed", what=FLIP, card=spec.id, reason="no_message")


REGISTRIES.declare("signal_booster", signal_booster, options={FLIP: _flip_check},
                   effects=(EffectKind("signal_booster", own=True, status=False),))


# ---- Размашистая Z: «Отправьте публично и неанонимно сообщение с названиями карт, которые вы сыграли в эту фазу,
# и их целями»

def sweeping_z(play: Play) -> None:
    """A signed public post: every other card the player played this phase (from the Hand or the Sleeve, in
    the order played, cancelled ones too) with the targets chosen for it."""
    plays: list[JsonValue] = [{"card": p.spec.id, "targets": list(chosen_targets(p))}
                              for p in play.res.plays
                              if p.actor == play.actor and p is not play and p.via in CARD_ZONES]
    post(play, anonymous=False, plays=plays)


def _sweeping_z_posts(state: GameState, value: bool, *, card: str) -> bool:
    """Размашистая Z sends a message (the list) without a text of the player's."""
    return value or card == "sweeping_z"


REGISTRIES.declare("sweeping_z", sweeping_z, queries=(Query("message_card", _sweeping_z_posts),))


# ---- Оркестр: «Напишите публичное анонимное сообщение и выберите любую карту. Получите в рукав столько карт из
# колоды, сколько выбранных карт было сыграно следующей ночью»

def orchestra(play: Play) -> None:
    post(play, anonymous=True, text=str(play.params["message"]))
    play.effect("orchestra", target=play.actor, during=NEXT_NIGHT, named=str(play.params["card"]))


def _orchestra_count(res: Resolution) -> None:
    """At the end of the night each Оркестр waited for: how many times its card was played (from a Hand or a
    Sleeve, by anyone, as itself or as another card played as it) — that many cards of the deck into the
    player's Sleeve."""
    state = res.state
    for effect in state.effects_of("orchestra"):
        if effect.target is None or not state.player(effect.target).alive:
            continue
        named = str(effect.params["named"])
        count = sum(1 for r in state.history if r.phase == state.phase and r.card == named and r.zone in CARD_ZONES)
        drawn = draw_to_sleeve(res, effect.target, count)
        state.emit("orchestra_count", "player", effect.target, named=named, n=count, drawn=drawn)


REGISTRIES.declare("orchestra", orchestra, steps=(Step("orchestra", STEP_ORCHESTRA, _orchestra_count),),
                   effects=(EffectKind("orchestra", own=True),))


# ---- Слепое правосудие (Вигиланте): «Каждый незакон в списке получает 4 урона, а каждый закон получает 30 урона.
# (по желанию - виги умирает, но оставляет послание всему городу.)»

LAW_DAMAGE, OTHER_DAMAGE = 30, 4
LAST_WORD = "last_word"


def blind_justice(play: Play) -> None:
    """4 damage to each non-law target, 30 to each law one (their true side: no check); with the option the
    vigilante leaves a signed post to the city and dies at the end of the phase."""
    state = play.state
    for target in play.targets:
        play.damage(target, LAW_DAMAGE if state.player(target).faction == "law" else OTHER_DAMAGE)
    if play.params.get("last_word"):
        post(play, anonymous=False, text=str(play.params["message"]))
        play.res.scratch.setdefault(LAST_WORD, []).append(play.actor)


def _last_word(res: Resolution) -> None:
    """The vigilante who chose his last word dies at the end of the phase, whatever his Hand (just before the
    deaths by cards)."""
    for pid in res.scratch.get(LAST_WORD, []):
        if res.state.player(pid).alive:
            kill(res.state, pid, "last_word")


REGISTRIES.declare("vigilante_blind_justice", blind_justice, steps=(Step("last_word", STEP_LAST_WORD, _last_word),))
