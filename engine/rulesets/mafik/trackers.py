"""Condition trackers (TRACK): "сделайте X за N фаз — получите награду, иначе штраф".

A tracker is one effect of kind `tracker` (`track`), in force over its window (`during`: the phases whose
deeds count). Its params say everything, as plain data:
- `metric`: what is measured over the deeds of the players `who`, each phase of the window, from the
  records (history.py: the plays of this phase; the damage as folded this phase; the armor given):
  - `damage_dealt`: damage their cards and effects dealt to others (what reached the armor, absorbed or not);
  - `armor_given`: armor their cards and effects gave (to anyone: `Resolution.armor_given`);
  - `cards_played`: cards they played (from a Hand or a Sleeve; an ability's use is no card);
  - `one_colour`: every card they play in the window is of one colour (at least one card; a neutral
    card — Пустышка, Долг — is of no colour: it neither breaks nor meets it); a second
    colour fails at once, success comes when the window ends;
  - `common_colour`: in one phase, every one of them plays a card of one same colour;
  the sums (`progress`) are kept on the effect; `threshold` is the sum that meets the goal — at once,
  even before the window ends («в том числе досрочно»); a window that ends unmet fails;
- `reward` (met): {"to": [players], "hand": n, "sleeve": n} — cards from each one's deck;
- `penalty` (failed): {"lose_sleeve": bool, "damage": n} — the tracker's owner (`source`) loses the whole
  Sleeve (to the discard pile) and takes `n` damage that armor does not block;
- `met` / `failed`: the event kinds told (the rewarded players learn `met`; the owner learns `failed`).
The step `trackers` (STEP_TRACKERS, just after the damage is folded, so this phase's damage counts)
settles each active tracker; a penalty's damage is folded at once through every replacement layer, so it
is this phase's damage like any other. A tracker on a character (`target`) ends when that character dies.
Rulings: docs/rulings/mafik-goals.md.
"""

from __future__ import annotations

from engine.cardgame.effects import EffectKind
from engine.cardgame.registries import Step
from engine.core.durations import Duration
from engine.core.resolution import DamagePacket, Play, Resolution
from engine.core.state import Effect, JsonValue
from engine.rulesets.mafik.history import past_plays
from engine.rulesets.mafik.order import STEP_TRACKERS
from engine.rulesets.mafik.registry import CATALOG, COLOURS, REGISTRIES

TRACKER = "tracker"
METRICS = ("damage_dealt", "armor_given", "cards_played", "one_colour", "common_colour")


def track(play: Play, metric: str, *, during: Duration, met: str, failed: str | None = None,
          who: list[int] | None = None, threshold: int = 1, on_actor: bool = True,
          reward: dict[str, JsonValue] | None = None, penalty: dict[str, JsonValue] | None = None,
          **params: JsonValue) -> Effect:
    """A tracker of this play (see the module): `metric` over the deeds of `who` (default: the actor)
    `during` the window. `on_actor`: the tracker lies on the actor (and ends if the actor dies)."""
    if metric not in METRICS:
        raise ValueError(f"unknown tracker metric {metric!r}")
    return play.effect(TRACKER, target=play.actor if on_actor else None, during=during, card=play.spec.id,
                       metric=metric, who=list(who if who is not None else [play.actor]), threshold=threshold,
                       progress=0, colours=[], reward=reward or {}, penalty=penalty or {}, met=met,
                       failed=failed, **params)


def _plays(res: Resolution, effect: Effect, pid: int) -> list[str]:
    """The cards `pid` played this phase (as played: a card played «как» another is that other)."""
    card = str(effect.params.get("card") or "") or None
    return [r.card for r in past_plays(res.state, pid, actor=pid, phases=[res.state.phase], card=card)]


def _colours(cards: list[str]) -> set[str]:
    """The colours of these cards; a neutral card (Пустышка, Долг) is of no colour."""
    return {CATALOG[c].colour for c in cards} & set(COLOURS)


def _verdict(res: Resolution, effect: Effect) -> bool | None:
    """True: met; False: failed now; None: not yet decided (this phase's deeds added to the progress)."""
    params = effect.params
    metric = str(params["metric"])
    who = [int(str(p)) for p in params.get("who") or []]
    threshold = int(str(params.get("threshold", 1)))
    if metric == "common_colour":
        played = [_colours(_plays(res, effect, pid)) for pid in who]
        return True if played and set.intersection(*played) else None
    if metric == "one_colour":
        colours = {str(c) for c in params.get("colours") or []}
        for pid in who:
            colours |= _colours(_plays(res, effect, pid))
        params["colours"] = sorted(colours)
        if len(colours) > 1:
            return False
        return True if colours and effect.end == res.state.phase else None
    progress = int(str(params.get("progress", 0)))
    for pid in who:
        if metric == "damage_dealt":
            progress += sum(p.dealt for p in res.packets if p.source == pid and p.target != pid)
        elif metric == "armor_given":
            progress += res.armor_given.get(pid, 0)
        else:  # cards_played
            progress += len(_plays(res, effect, pid))
    params["progress"] = progress
    return True if progress >= threshold else None


def _reward(res: Resolution, effect: Effect) -> None:
    from engine.rulesets.mafik.cards.common import draw_to_sleeve

    state = res.state
    reward = effect.params.get("reward") or {}
    assert isinstance(reward, dict)
    to = [int(str(p)) for p in reward.get("to") or [effect.source]]
    for pid in dict.fromkeys(to):
        player = state.player(pid)
        if not player.alive:
            continue
        hand = int(str(reward.get("hand", 0)))
        if hand and player.hand:  # an effect's draw to a Hand: nothing when the Hand is empty
            res.draw(pid, hand)
        sleeve = draw_to_sleeve(res, pid, int(str(reward.get("sleeve", 0))))
        state.emit(str(effect.params["met"]), "player", pid, card=effect.params.get("card"), n=sleeve)


def _penalty(res: Resolution, effect: Effect) -> bool:
    """The owner's penalty; True when it dealt damage (to be folded)."""
    state = res.state
    owner = effect.source
    if owner is None or not state.player(owner).alive:
        return False
    penalty = effect.params.get("penalty") or {}
    assert isinstance(penalty, dict)
    player = state.player(owner)
    lost = 0
    if penalty.get("lose_sleeve"):
        lost = len(player.sleeve)
        player.discard.extend(player.sleeve)
        player.sleeve = []
    damage = int(str(penalty.get("damage", 0)))
    failed = effect.params.get("failed")
    if failed:
        state.emit(str(failed), "player", owner, card=effect.params.get("card"), n=lost, damage=damage)
    if damage <= 0:
        return False
    res.damage(DamagePacket(target=owner, amount=damage, source=None, card=None, cause="penalty", ignore_armor=True))
    return True


def _settle(res: Resolution) -> None:
    """Every tracker active this phase: met (the reward, at once), failed (a metric that cannot be met any
    more, or the window's last phase unmet: the penalty), or carried on to the next phase."""
    state = res.state
    folded = False
    for effect in list(state.effects_of(TRACKER)):
        verdict = _verdict(res, effect)
        if verdict is None and effect.end is not None and effect.end <= state.phase:
            verdict = False
        if verdict is None:
            continue
        state.effects.remove(effect)
        if verdict:
            _reward(res, effect)
        elif _penalty(res, effect):
            folded = True
    if folded:
        res.apply_replacements(REGISTRIES.replacements)


REGISTRIES.rule(steps=(Step("trackers", STEP_TRACKERS, _settle),), effects=(EffectKind(TRACKER, own=True, status=False),))
