"""The role-unique cards that learn (they arrive in the Sleeve with the role's third deck:
ruleset.rebuild_deck, UNIQUE_ON_DECK). Their «(по желанию - …)» part is a `flag` param and comes IN
ADDITION to the main effect (docs/rulings/mafik-intel.md).

What a card learns of a character's colours goes through `engine.core.checks.learn` (aspect "colours"),
so a disguise answers through the `appearance` query.
"""

from __future__ import annotations

from engine.core.checks import learn
from engine.core.resolution import Play
from engine.rulesets.mafik.cards.common import card_message, new_card_to_sleeve
from engine.rulesets.mafik.registry import COLOURS, REGISTRIES

WILD_WEST_DAMAGE = 2  # На диком западе: the two other targets take 2 damage
NOT_COLOURS = 2  # Элементарно!: 2 colours each target does NOT have


def _colours(play: Play, target: int) -> list[str]:
    return [str(c) for c in learn(play.res.ruleset, play.state, play.actor, target, "colours") or []]


def _one_colour(play: Play, target: int) -> None:
    """"Узнает 1 из цветов тайной роли": a random one of the colours the target's role shows."""
    colours = _colours(play, target)
    if colours:
        play.tell(play.actor, "role_colour", target=target, colour=play.state.random.choice(colours))


def _gift(play: Play, targets: list[int]) -> None:
    """«(по желанию) добавить 1 карту на свой выбор в рукав каждой цели»: a new copy into each Sleeve."""
    card = play.params.get("card")
    if not play.params.get("give_card") or not isinstance(card, str):
        return
    for target in targets:
        if new_card_to_sleeve(play.state, target, card):
            play.state.emit("card_to_sleeve", "player", target, card=card)


@REGISTRIES.card("spy_undercover")
def spy_undercover(play: Play) -> None:
    """Шпион — Под прикрытием: 1 colour of each of 3 targets' secret role (option: a chosen card to each Sleeve)."""
    for target in play.targets:
        _one_colour(play, target)
    _gift(play, play.targets)


@REGISTRIES.card("sheriff_wild_west")
def sheriff_wild_west(play: Play) -> None:
    """Шериф — На диком западе: the first 2 targets have 1 role colour learned, the other 2 take 2 damage
    (option: a chosen card to each of the 4 Sleeves)."""
    learned, shot = play.targets[:2], play.targets[2:]
    for target in learned:
        _one_colour(play, target)
    for target in shot:
        play.damage(target, WILD_WEST_DAMAGE)
    _gift(play, play.targets)


@REGISTRIES.card("detective_elementary")
def detective_elementary(play: Play) -> None:
    """Сыщик — Элементарно!: for each of 2 targets, 2 random colours its role does NOT have (option: an
    anonymous message to each)."""
    for target in play.targets:
        missing = [c for c in COLOURS if c not in _colours(play, target)]
        chosen = sorted(play.state.random.sample(missing, min(NOT_COLOURS, len(missing))))
        play.tell(play.actor, "colours_absent", target=target, colours=chosen)
    texts = play.params.get("messages")
    if play.params.get("send_messages") and isinstance(texts, list):
        for target, text in zip(play.targets, texts, strict=False):
            card_message(play, target, str(text))


@REGISTRIES.card("traitor_intuition")
def traitor_intuition(play: Play) -> None:
    """Предатель — Интуиция: who the living mafiosi are (their public roles are public: the characters
    themselves); option: a chosen card to each one's Sleeve."""
    mafiosi = [p.pid for p in play.state.living() if p.faction == "mafia"]
    play.tell(play.actor, "living_mafiosi", pids=mafiosi)
    _gift(play, mafiosi)
