"""Маскировка: the disguises (what checks, guesses and accusations see of a character), and the guess
cards of Разведка and Контроль that the disguises answer (Чип в мозгу, Догадка, Отдел кадров,
Табельное, Лжесвидетель).

How a disguise acts (docs/rulings/mafik-disguise.md):
- what a check sees is an `appearance` modifier; an undeceivable check (the Оракул's: «нельзя обмануть
  ничем, кроме способности предателя, безликого и толпы») runs only the modifiers flagged
  `DECEIVES_UNDECEIVABLE` (engine/core/checks.py): Безликий's and Толпа's here, the Предатель's in neutral.py;
- a right guess of the secret role fails through the `role_guess` query (Маскировка, Грим, Поддельные
  документы); an Обвинение fails through the `accusation_works` query (Маскировка, Грим, Безликий,
  Известная личность); Безликий also refuses guess cards at submission (`can_target` by="guess").
- A disguise resolves before the other cards of its phase (priority 10), so a check or a guess of the
  same phase already meets it.
"""

from __future__ import annotations

from typing import Any

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Layer, Query, Step
from engine.core.checks import DECEIVES_UNDECEIVABLE
from engine.core.durations import NEXT_DAY, NEXT_NIGHT, NEXT_PHASE, THIS_PHASE, UNTIL_END, UNTIL_USED, n_phases
from engine.core.queries import only_while
from engine.core.refusal import Refusal
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import GameState, JsonValue
from engine.rulesets.mafik.blood import BLOOD_CAP, BLOOD_PER_CARD
from engine.rulesets.mafik.cards.common import (
    armor_for_phases,
    card_message,
    draw_to_sleeve,
    grant_play_as,
    guessed_role,
    insert_into_deck,
    new_card_to_sleeve,
    not_twice_on,
    set_stance,
    upper,
)
from engine.rulesets.mafik.history import past_plays
from engine.rulesets.mafik.order import LAYER_HUNCH, STEP_HUNCH, STEP_SERVICE_WEAPON_BLOOD
from engine.rulesets.mafik.registry import CATALOG, REGISTRIES
from engine.rulesets.mafik.roles import SECRET_ROLES, colours_of, has_role

EARLY = 10  # disguises resolve before the cards that check or guess in the same phase
DISGUISE = "disguised"  # Маскировка and Грим: {role, card}


def _active(state: GameState, kind: str, target: int) -> list[Any]:
    return state.effects_of(kind, target=target)


def _role_seen(role: str, aspect: str, value: Any) -> Any:
    """What a check of `aspect` sees of a character taken for `role`."""
    if aspect == "secret_role":
        return role
    if aspect == "side":
        return SECRET_ROLES[role].faction
    if aspect == "colours":
        return list(SECRET_ROLES[role].colours)
    return value


# ---- Маскировка, Грим, Артист ----

def _disguise_role(state: GameState, target: int, *, card: Any = None) -> str | None:
    """The role a Маскировка or Грим on the target shows now (the latest), or None."""
    for effect in reversed(_active(state, DISGUISE, target)):
        if effect.params.get("card") == "disguise" and card == "open_investigation" \
                and state.player(target).secret_role in ("killer", "boss"):
            continue  # (Киллер, Босс: не спасает от Начать Расследование)
        return str(effect.params["role"])
    return None


def _disguise_appearance(state: GameState, value: Any, *, target: int, aspect: str, **ctx: Any) -> Any:
    """"Карты, узнающие вашу точную Тайную роль, узнают вместо этого выбранную" (not the Оракул's)."""
    if aspect != "secret_role":
        return value
    role = _disguise_role(state, target, card=ctx.get("card"))
    return value if role is None else role


def _disguise_guess(state: GameState, value: bool, *, target: int, card: Any = None, **_: Any) -> bool:
    """"Карты, которые требуют угадать вашу Тайную роль, работают, как если бы не угадали"."""
    return False if _disguise_role(state, target, card=card) is not None else value


@only_while(DISGUISE)
def _disguise_accusation(state: GameState, value: bool, *, target: int, **_: Any) -> bool:
    """"Обвинения против вас не срабатывают"."""
    return False if _active(state, DISGUISE, target) else value


def disguise(play: Play) -> None:
    """Маскировка: the chosen role, this phase and the next two."""
    play.effect(DISGUISE, target=play.actor, during=n_phases(3), role=str(play.params["role"]), card=play.spec.id)


REGISTRIES.declare("disguise", disguise, priority=EARLY,
                   queries=(Query("appearance", _disguise_appearance, layer=50), Query("role_guess", _disguise_guess),
                            Query("accusation_works", _disguise_accusation)),
                   effects=(EffectKind(DISGUISE, own=True),))

MAKEUP_LAST = "makeup_last"  # the role of the player's last Грим (not twice running)


def makeup(play: Play) -> None:
    """Грим: the chosen role for the next phase; then a new Грим shuffled into the deck."""
    role = str(play.params["role"])
    play.effect(DISGUISE, target=play.actor, during=NEXT_PHASE, role=role, card=play.spec.id)
    play.state.effects = [e for e in play.state.effects if not (e.kind == MAKEUP_LAST and e.target == play.actor)]
    play.effect(MAKEUP_LAST, target=play.actor, during=UNTIL_END, role=role)
    insert_into_deck(play.state, play.actor, play.spec.id, "random")


def _makeup_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """Not one's own role; not the role of one's previous Грим."""
    role = params.get("role")
    if role == state.player(pid).secret_role:
        raise Refusal("bad_param", card="makeup", param="role", kind="secret_role", reason="own_role")
    if any(e.params.get("role") == role for e in _active(state, MAKEUP_LAST, pid)):
        raise Refusal("bad_param", card="makeup", param="role", kind="secret_role", reason="same_role_twice")


REGISTRIES.declare("makeup", makeup, priority=EARLY, check=_makeup_check, effects=(EffectKind(MAKEUP_LAST),))


@REGISTRIES.card("artist")
def artist(play: Play) -> None:
    grant_play_as(play, "makeup")


# ---- Безликий ----

def faceless(play: Play) -> None:
    """From this night to the end: no Обвинение works, no check learns the secret role, no guess card
    may be aimed at the player. Everyone learns it."""
    play.effect("faceless", target=play.actor, during=UNTIL_END)
    play.announce("faceless", actor=play.actor)


def _faceless(state: GameState, target: int) -> bool:
    return bool(_active(state, "faceless", target))


@only_while("faceless")
def _faceless_appearance(state: GameState, value: Any, *, target: int, aspect: str, **_: Any) -> Any:
    """"Нельзя узнать вашу тайную роль": a check of the secret role learns nothing (None) — the Оракул's too."""
    return None if aspect == "secret_role" and _faceless(state, target) else value


@only_while("faceless")
def _faceless_guess(state: GameState, value: bool, *, target: int, **_: Any) -> bool:
    """A guess submitted before Безликий resolved still fails."""
    return False if _faceless(state, target) else value


@only_while("faceless")
def _faceless_accusation(state: GameState, value: bool, *, target: int, **_: Any) -> bool:
    return False if _faceless(state, target) else value


@only_while("faceless")
def _faceless_target(state: GameState, value: bool, *, target: int, by: str = "card", **_: Any) -> bool:
    """"К вам нельзя применить карты, требующие угадать тайную роль"."""
    return False if by == "guess" and _faceless(state, target) else value


REGISTRIES.declare("faceless", faceless, priority=EARLY,
                   queries=(Query("appearance", _faceless_appearance, layer=95, flags=(DECEIVES_UNDECEIVABLE,)),
                            Query("role_guess", _faceless_guess), Query("accusation_works", _faceless_accusation),
                            Query("can_target", _faceless_target)),
                   effects=(EffectKind("faceless", known=True, public=True),))


# ---- Толпа ----

def crowd(play: Play) -> None:
    """The chosen characters' secret roles rotate for checks this phase (1 shows 2's, 2 shows 3's, the last
    the first's); announced (Цена 1: not)."""
    play.effect("crowd", during=THIS_PHASE, members=list(play.targets))
    if not play.params.get("unannounced"):
        play.announce("crowd_played")


def _crowd_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    """Not on characters in a chat room."""
    rooms = {m for e in state.effects_of("room") for m in e.params.get("members", [])}
    for target in params.get("targets") or []:
        if target in rooms:
            raise Refusal("invalid_target", card="crowd", target=target, reason="in_a_room")


@only_while("crowd")
def _crowd_appearance(state: GameState, value: Any, *, target: int, aspect: str, **_: Any) -> Any:
    """The true role of the next member of the crowd (acts on the Оракул's check too)."""
    for effect in reversed(state.effects_of("crowd")):
        members = [int(m) for m in effect.params["members"]]
        if target in members:
            following = members[(members.index(target) + 1) % len(members)]
            return _role_seen(state.player(following).secret_role, aspect, value)
    return value


def _crowd_cost(state: GameState, value: int, *, spec: Any, params: dict[str, Any], **_: Any) -> int:
    """(Цена 1: не объявляется.)"""
    return value + 1 if params.get("unannounced") else value


REGISTRIES.declare("crowd", crowd, priority=EARLY, check=_crowd_check,
                   queries=(Query("appearance", _crowd_appearance, layer=80, flags=(DECEIVES_UNDECEIVABLE,)),
                            Query("cost", _crowd_cost, own=True)))


# ---- Поддельные документы ----

def forged_documents(play: Play) -> None:
    """Мафия, Маньяк, Предатель: to the end of the game role guesses fail and checks take the player for
    the chosen law role (its side and colours too). Others: nothing."""
    if has_role(play.me, ("mafia", "maniac", "traitor")) and play.params.get("role"):
        role = str(play.params["role"])
        play.effect("forged_documents", target=play.actor, during=UNTIL_END, role=role)
        if play.params.get("colours"):  # (Цена 1: со следующей пересборкой колоды — цвета выбранной роли)
            play.effect("next_deck_colours", target=play.actor, during=UNTIL_USED, next_build=True, card=play.spec.id,
                        op="set", colours=list(SECRET_ROLES[role].colours))


def _forged_role(state: GameState, target: int) -> str | None:
    effects = _active(state, "forged_documents", target)
    return str(effects[-1].params["role"]) if effects else None


def _forged_cost(state: GameState, value: int, *, spec: Any, params: dict[str, Any], **_: Any) -> int:
    """(Цена 1: со следующей пересборкой колоды вы получите цвета выбранной тайной роли.)"""
    return value + 1 if params.get("colours") else value


def _forged_appearance(state: GameState, value: Any, *, target: int, aspect: str, **ctx: Any) -> Any:
    role = _forged_role(state, target)
    return value if role is None else _role_seen(role, aspect, value)


def _forged_guess(state: GameState, value: bool, *, target: int, **_: Any) -> bool:
    return False if _forged_role(state, target) is not None else value


REGISTRIES.declare("forged_documents", forged_documents, priority=EARLY,
                   queries=(Query("appearance", _forged_appearance, layer=40), Query("role_guess", _forged_guess),
                            Query("cost", _forged_cost, own=True)),
                   effects=(EffectKind("forged_documents", own=True),))


# ---- Видимость величия, Сменщик ----

def semblance_of_greatness(play: Play) -> None:
    """This phase and the next, every check of the player's stance learns the chosen one."""
    play.effect("semblance", target=play.actor, during=n_phases(2), stance=str(play.params["stance"]))


@only_while("semblance")
def _semblance_appearance(state: GameState, value: Any, *, target: int, aspect: str, **ctx: Any) -> Any:
    effects = _active(state, "semblance", target)
    if aspect != "stance" or not effects:
        return value
    return effects[-1].params["stance"]


REGISTRIES.declare("semblance_of_greatness", semblance_of_greatness, priority=EARLY,
                   queries=(Query("appearance", _semblance_appearance, layer=51),),
                   effects=(EffectKind("semblance", own=True),))


def changer(play: Play) -> None:
    """This phase checks on the target see the chosen role and all its colours; the lower stance for 2
    phases if chosen."""
    play.effect("changer", target=play.target, during=THIS_PHASE, role=str(play.params["role"]))
    if play.params.get("lower_stance"):
        set_stance(play.state, play.actor, "lower", during=n_phases(2, starting=NEXT_PHASE), play=play)


@only_while("changer")
def _changer_appearance(state: GameState, value: Any, *, target: int, aspect: str, **ctx: Any) -> Any:
    effects = _active(state, "changer", target)
    if aspect not in ("secret_role", "colours") or not effects:
        return value
    return _role_seen(str(effects[-1].params["role"]), aspect, value)


REGISTRIES.declare("changer", changer, priority=EARLY, queries=(Query("appearance", _changer_appearance, layer=52),))


# ---- Известная личность ----

def celebrity(play: Play) -> None:
    """The chosen colour of one's role is announced; no Обвинение naming a card of that colour works."""
    colour = str(play.params["colour"])
    play.effect("celebrity", target=play.actor, during=UNTIL_END, colour=colour)
    play.announce("celebrity", actor=play.actor, colour=colour)


def _celebrity_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    if params.get("colour") not in colours_of(state, pid):
        raise Refusal("bad_param", card="celebrity", param="colour", kind="colour", reason="not_role_colour")


@only_while("celebrity")
def _celebrity_accusation(state: GameState, value: bool, *, target: int, named: list[str], **_: Any) -> bool:
    colours = {e.params["colour"] for e in _active(state, "celebrity", target)}
    return False if any(CATALOG[c].colour in colours for c in named) else value


REGISTRIES.declare("celebrity", celebrity, check=_celebrity_check, priority=EARLY,
                   queries=(Query("accusation_works", _celebrity_accusation),),
                   effects=(EffectKind("celebrity", known=True),))


# ---- Предательство ----

@REGISTRIES.card("betrayal")
def betrayal(play: Play) -> None:
    """Мафия: a Предатель target draws 2 cards into the Sleeve, another target 1. Предатель: a mafia
    target learns who the Предатель is. Others: nothing."""
    if "target" not in play.params:
        return
    target = play.state.player(play.target)
    if play.by_mafia:
        draw_to_sleeve(play.res, play.target, 2 if target.secret_role == "traitor" else 1)
    elif play.me.secret_role == "traitor" and target.faction == "mafia":
        play.tell(play.target, "traitor_revealed", pid=play.actor)


# ---- Симулянт ----

MALINGERER = "malingerer"


def malingerer(play: Play) -> None:
    """The publicly shown hand size becomes the chosen number, until cancelled; a new play replaces it."""
    state = play.state
    state.effects = [e for e in state.effects if not (e.kind == MALINGERER and e.target == play.actor)]
    play.effect(MALINGERER, target=play.actor, during=UNTIL_USED, amount=int(play.params["amount"]))


@only_while(MALINGERER)
def _malingerer_shown(state: GameState, value: int, *, pid: int, **_: Any) -> int:
    effects = _active(state, MALINGERER, pid)
    return int(effects[-1].params["amount"]) if effects else value


def _malingerer_cost(state: GameState, value: int, *, spec: Any, params: dict[str, Any], **_: Any) -> int:
    """(Цена 0, но перестаёт быть свободной.)"""
    return value - 1 if params.get("not_free") else value


def _malingerer_limit(state: GameState, value: bool, *, spec: Any, params: dict[str, Any], **_: Any) -> bool:
    return True if params.get("not_free") else value


def malingerer_cancel(state: GameState, pid: int, params: dict[str, Any]) -> None:
    """"В любую фазу можно отменить эффект": an instant action (the hand counts shown from now are true)."""
    effects = _active(state, MALINGERER, pid)
    if not effects:
        raise Refusal("not_allowed", what="malingerer_cancel", reason="no_effect")
    state.effects = [e for e in state.effects if not (e.kind == MALINGERER and e.target == pid)]
    state.emit("malingerer_cancelled", "player", pid, card=MALINGERER)


REGISTRIES.declare(MALINGERER, malingerer,
                   queries=(Query("shown_hand_size", _malingerer_shown), Query("cost", _malingerer_cost, own=True),
                            Query("counts_toward_limit", _malingerer_limit, layer=10, own=True)),
                   actions={"malingerer_cancel": malingerer_cancel},
                   effects=(EffectKind(MALINGERER, own=True),))


# ---- the guess cards ----

def brain_chip(play: Play) -> None:
    """Мафия, Предатель: a right guess tells every card the target has played on the player (the whole
    game); later plays of this card on that target cost nothing."""
    if "target" not in play.params or not has_role(play.me, ("mafia", "traitor")):
        return
    hit = guessed_role(play, play.target, play.params.get("role"))
    if hit:
        play.me.flags[f"brain_chip:{play.target}"] = 1
        cards = [r.card for r in past_plays(play.state, play.actor, actor=play.target, target=play.actor,
                                            abilities=True, card=play.spec.id)]
        play.tell(play.actor, "brain_chip", target=play.target, cards=cards)


def _brain_chip_cost(state: GameState, value: int, *, pid: int, spec: Any, params: dict[str, Any], **_: Any) -> int:
    if state.player(pid).flags.get(f"brain_chip:{params.get('target')}"):
        return 0
    return value


def _needs_target(card_id: str, role_param: str = "role") -> Any:
    def check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
        if params.get(role_param) and "target" not in params:
            raise Refusal("bad_param", card=card_id, param="target", kind="target", reason="missing")
        if "target" in params and not params.get(role_param):
            raise Refusal("bad_param", card=card_id, param=role_param, kind="secret_role", reason="missing")

    return check


REGISTRIES.declare("brain_chip", brain_chip, check=_needs_target("brain_chip"),
                   queries=(Query("cost", _brain_chip_cost, own=True),))


def hunch(play: Play) -> None:
    """Закон, Маньяк: the named role, if the target has no armor (the next night) — learnt after the next
    night. Мафия: a law role; if right, learnt after the next night, and no damage from that role to the
    end. Предатель: as many roles as there are corpses; if one is right, which one, after the next night."""
    me = play.me
    faction = me.faction
    if faction == "traitor" or me.secret_role == "traitor":
        roles = [str(r) for r in play.params.get("roles") or ()]
        right = next((r for r in roles if guessed_role(play, play.target, r)), None)
        play.effect("hunch", during=NEXT_NIGHT, observer=play.actor, subject=play.target, role=right,
                    hit=right is not None, armor_matters=False)
        return
    role = play.params.get("law_role") if faction == "mafia" else play.params.get("role")
    hit = guessed_role(play, play.target, role)
    if faction == "mafia" and hit:
        play.effect("hunch_immunity", target=play.actor, during=UNTIL_END, role=str(role))
    play.effect("hunch", during=NEXT_NIGHT, observer=play.actor, subject=play.target, role=role, hit=hit,
                armor_matters=faction != "mafia")


def _hunch_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    player = state.player(pid)
    name = "roles" if player.secret_role == "traitor" else "law_role" if player.faction == "mafia" else "role"
    value = params.get(name)
    dead = sum(1 for p in state.players if not p.alive)
    if name == "roles":
        if len(value or []) != dead:
            raise Refusal("bad_param", card="hunch", param=name, kind="secret_roles", reason="count")
    elif not value:
        raise Refusal("bad_param", card="hunch", param=name, kind="secret_role", reason="missing")


@only_while("hunch")
def _hunch_report(res: Resolution) -> None:
    """After the night the hunch waited for: the result, if the role was right (and, for the law and the
    Маньяк, the target had no armor that night)."""
    state = res.state
    for effect in state.effects_of("hunch"):
        if effect.end != state.phase:
            continue
        subject = int(effect.params["subject"])
        observer = int(effect.params["observer"])
        armored = effect.params.get("armor_matters") and res.armor.get(subject, 0) > 0
        if effect.params.get("hit") and not armored and state.player(observer).alive:
            state.emit("hunch", "player", observer, card="hunch", target=subject, secret_role=effect.params.get("role"))


def _hunch_immunity(res: Resolution, packet: DamagePacket) -> None:
    """Мафия's Догадка: no damage from characters of the guessed law role (their true role)."""
    if packet.source is None or packet.source == packet.target:
        return
    role = res.state.player(packet.source).secret_role
    if any(e.params.get("role") == role for e in res.state.effects_of("hunch_immunity", target=packet.target)):
        packet.amount = 0


REGISTRIES.declare("hunch", hunch, check=_hunch_check,
                   steps=(Step("cards:hunch", STEP_HUNCH, _hunch_report),),
                   replacements=(Layer("hunch_immunity", LAYER_HUNCH, _hunch_immunity),),
                   effects=(EffectKind("hunch"), EffectKind("hunch_immunity", own=True)))


def human_resources(play: Play) -> None:
    """Закон, Маньяк, Предатель: how many had the chosen law role at the start. Мафия: the same, if the
    living target's role was guessed."""
    role = str(play.params["role"])
    count = sum(1 for p in play.state.players if p.secret_role == role)
    if play.by_mafia:
        if "target" not in play.params:
            return
        if not guessed_role(play, play.target, role):
            return
    play.tell(play.actor, "human_resources", secret_role=role, count=count)


def _human_resources_check(state: GameState, pid: int, params: dict[str, JsonValue]) -> None:
    if state.player(pid).faction == "mafia" and "target" not in params:
        raise Refusal("bad_param", card="human_resources", param="target", kind="target", reason="missing")


REGISTRIES.declare("human_resources", human_resources, check=_human_resources_check)


def service_weapon(play: Play) -> None:
    """A right guess: a Пистолет (upper stance: 2) into the target's Sleeve; an optional message."""
    if guessed_role(play, play.target, play.params.get("role")):
        for _ in range(2 if upper(play) else 1):
            new_card_to_sleeve(play.state, play.target, "pistol")
        if play.me.secret_role == "maniac":
            play.effect("service_weapon_blood", target=play.actor, during=NEXT_NIGHT, subject=play.target)
    if play.params.get("message"):
        card_message(play, play.target, str(play.params["message"]))


@only_while("service_weapon_blood")
def _service_weapon_blood(res: Resolution) -> None:
    """(Маньяк: получает удвоенное кол-во очков крови, если цель применила пистолет следующей ночью): that
    night the blood his cards earned is earned once more (still at most 6 from a card and 6 in all)."""
    state = res.state
    for effect in state.effects_of("service_weapon_blood"):
        if effect.target is None:
            continue
        maniac = state.player(effect.target)
        subject = effect.params.get("subject")
        if not maniac.alive or not any(p.actor == subject and p.spec.id == "pistol" for p in res.plays):
            continue
        dealt: dict[tuple[int, str], int] = res.scratch.get("dealt", {})
        gained = sum(min(BLOOD_PER_CARD, amount) for (source, _play), amount in dealt.items() if source == maniac.pid)
        maniac.points = min(BLOOD_CAP, maniac.points + gained)


REGISTRIES.declare("service_weapon", service_weapon,
                   steps=(Step("cards:service_weapon", STEP_SERVICE_WEAPON_BLOOD, _service_weapon_blood),),
                   effects=(EffectKind("service_weapon_blood"),))


def perjurer(play: Play) -> None:
    """Мафия, Маньяк, Предатель: a right guess of the target's law role gives 6 armor next day."""
    if "target" not in play.params or not has_role(play.me, ("mafia", "maniac", "traitor")):
        return
    if guessed_role(play, play.target, play.params.get("role")):
        armor_for_phases(play, play.actor, 6, during=NEXT_DAY)


REGISTRIES.declare("perjurer", perjurer, check=not_twice_on("perjurer"))
