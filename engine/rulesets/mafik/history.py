"""Мафик's records of what happened — for the cards that look back (REC).

One place writes each record:
- plays (`PlayRecord`): `record_play`, by the commit step (Hand and Sleeve plays) and the abilities step
  (a granted ability's use, zone "ability"); `number_resolution` writes each one's place in the order of
  resolution (`seq`) as the effects step begins;
- armor (`ArmorRecord`): the step `records:armor`, just before damage is settled — what each character had
  this phase, before any of it absorbed damage, without the Маньяк's blood armor (Расписание охраны);
- damage (`DamageRecord`): the step `records:damage`, just after the replacement layers — per source,
  target and card, what reached the armor and what it absorbed;
- votes (`VoteRecord`): `record_votes`, by the Вече's count.

Every card that reads what someone did in past phases reads it through `past_plays` (damage: `damage_in`,
votes: `votes_at`, each given the observer and the card), so that a card that watches the history —
Заметание следов — hooks in at one place: every such read is a `Look` asked through the query `looked_back`
(its modifiers watch and pass it on unchanged; a card that learns what someone did another way — Вендетта's
flags — calls `looked_back` itself). Fake
records (Заметание следов) are in the history itself and count as real for every reader.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.core.resolution import Play, Resolution
from engine.core.state import DamageRecord, GameState, PlayRecord, VoteRecord
from engine.rulesets.mafik.order import STEP_RECORD_ARMOR, STEP_RECORD_DAMAGE
from engine.rulesets.mafik.registry import REGISTRIES

CARD_ZONES = ("hand", "sleeve")  # a play of a card; "ability" is a granted ability's use


# ---- writing ----

def record_play(res: Resolution, play: Play) -> PlayRecord:
    """The record of a play as it is committed (its `seq` comes when the effects step begins)."""
    instance = play.instance
    printed = instance.card if instance is not None and instance.card != play.spec.id else None
    # a Мирная copy (Улучшение) played as itself: an Обвинение naming its card does not count this play
    peaceful = instance is not None and printed is None and "peaceful" in instance.tags
    record = PlayRecord(phase=res.state.phase, actor=play.actor, card=play.spec.id, targets=play.targets,
                        zone=play.via if play.via in (*CARD_ZONES, "ability") else "hand", printed=printed,
                        paid=[c.card for c in play.payment_cards], peaceful=peaceful)
    res.state.add_record(record)
    res.scratch.setdefault("records", {})[id(play)] = record
    return record


def number_resolution(res: Resolution, plays: Iterable[Play]) -> None:
    """Each play's place in the order of resolution ("в порядке их резолва"), 1 first — a cancelled one
    keeps the place it would have had."""
    records: dict[int, PlayRecord] = res.scratch.get("records", {})
    for seq, play in enumerate(plays, start=1):
        record = records.get(id(play))
        if record is not None:
            record.seq = seq


def record_votes(state: GameState, votes: dict[int, tuple[int, int]]) -> None:
    """The council's votes: voter → (target, strength)."""
    state.vote_log.extend([VoteRecord(phase=state.phase, voter=voter, target=target, strength=strength)
                           for voter, (target, strength) in sorted(votes.items())])  # (a list: no generator to resume)


def blood_armor(res: Resolution, pid: int) -> int:
    """Armor the Маньяк bought with blood this phase (the blood step's orders)."""
    orders = res.scratch.get("orders", {}).get(pid, [])
    return sum(1 for o in orders if o.kind == "blood" and o.params.get("use") == "armor")


@REGISTRIES.pipeline.step("records:armor", STEP_RECORD_ARMOR)
def _record_armor(res: Resolution) -> None:
    from engine.core.state import ArmorRecord

    for pid, amount in sorted(res.armor.items()):
        counted = amount - blood_armor(res, pid)
        if counted > 0:
            res.state.armor_log.append(ArmorRecord(phase=res.state.phase, pid=pid, amount=counted))


@REGISTRIES.pipeline.step("records:damage", STEP_RECORD_DAMAGE)
def _record_damage(res: Resolution) -> None:
    summed: dict[tuple[int | None, int, str | None], DamageRecord] = {}
    for packet in res.packets:
        if packet.dealt <= 0:
            continue
        key = (packet.source, packet.target, packet.card)
        record = summed.get(key)
        if record is None:
            record = summed[key] = DamageRecord(phase=res.state.phase, source=packet.source, target=packet.target,
                                                card=packet.card)
        record.dealt += packet.dealt
        record.absorbed += packet.absorbed
    res.state.damage_log.extend(summed.values())


# ---- reading ----

@dataclass(frozen=True)
class Look:
    """One look into what characters did: who looks, with which card (None: a rule or a perk's), at whose
    deeds (`actor`; None: anyone's — a phase's or a target's plays), in which phases (None: the whole game
    so far), and what it found: (who, phase) of each deed."""

    observer: int
    card: str | None
    actor: int | None
    phases: tuple[int, ...] | None
    found: tuple[tuple[int, int], ...]


def looked_back(state: GameState, observer: int, *, card: str | None, actor: int | None = None,
                phases: Iterable[int] | None = None, found: Iterable[tuple[int, int]] = ()) -> None:
    """A look into the records (`Look`), shown to the modifiers of the query `looked_back` (Заметание следов
    tells its player who looked)."""
    look = Look(observer=observer, card=card, actor=actor, phases=tuple(sorted(set(phases))) if phases is not None else None,
                found=tuple(found))
    REGISTRIES.queries.ask("looked_back", state, look)


def past_plays(state: GameState, observer: int, *, actor: int | None = None, target: int | None = None,
               phases: Iterable[int] | None = None, abilities: bool = False,
               card: str | None = None) -> list[PlayRecord]:
    """What was played (by `actor`, on `target`, in `phases`), as `observer` finds it with `card`, in the order
    of resolution (phase, then seq). Card plays only unless `abilities`; fake records count as real."""
    wanted = set(phases) if phases is not None else None
    found = [r for r in state.history
             if (actor is None or r.actor == actor) and (target is None or target in r.targets)
             and (wanted is None or r.phase in wanted) and (abilities or r.zone in CARD_ZONES)]
    looked_back(state, observer, card=card, actor=actor, phases=wanted, found=[(r.actor, r.phase) for r in found])
    return sorted(found, key=lambda r: (r.phase, r.seq))


def damage_in(state: GameState, phase: int, *, source: int | None = None, target: int | None = None,
              observer: int | None = None, card: str | None = None) -> list[DamageRecord]:
    """The damage records of a phase (from a source, to a target); with an `observer`, a look (`looked_back`)
    by `card` at what the sources did."""
    found = [r for r in state.damage_log if r.phase == phase and (source is None or r.source == source)
             and (target is None or r.target == target)]
    if observer is not None:
        looked_back(state, observer, card=card, actor=source, phases=[phase],
                    found=[(r.source, r.phase) for r in found if r.source is not None])
    return found


def armor_had(state: GameState, pid: int, phase: int) -> int:
    """The armor a character had in a phase, before it absorbed anything (the Маньяк's blood armor not counted)."""
    return sum(r.amount for r in state.armor_log if r.pid == pid and r.phase == phase)


def council_phases(state: GameState) -> list[int]:
    """The days whose council has been held (counted), latest first."""
    return sorted({v.phase for v in state.vote_log}, reverse=True)


def votes_at(state: GameState, phase: int) -> list[VoteRecord]:
    """The votes of a day's council (a card that looks at them says so: `looked_back`)."""
    return [v for v in state.vote_log if v.phase == phase]


def describe(records: Iterable[PlayRecord]) -> list[dict[str, Any]]:
    """Plays as event parameters (`plays`: card and targets, in order)."""
    return [{"card": r.card, "targets": list(r.targets)} for r in records]
