"""«Классическая форумная мафия»'s own state and the facts every part of it reads.

A character's extension (`Citizen`) keeps his coins (when he has his own purse), his items (`Item`: uid,
kind, charges, the phase bought and the phase from which it acts), the cycle of his last move, his bar visits
and his penalty votes; the game's (`Town`) the shared purses (each mafia clan's общак, the family's budget),
the shop's stock and what the rules look back on (who was jailed when, who died in which night).

Lasting statuses are effects (`state.add_effect`): prison (`PRISON`, public), blocked for this night
(`BLOCKED`), in the bar (`IN_BAR`), dying this night (`DYING`, until healed or the night's deaths).

Phases: the game begins with night 1 (phase 1), then day 1, night 2…; a cycle is a day and the night after it
(`cycle`; night 1 is a cycle alone), in which a character makes one move (1.7).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from engine.core.catalog import RoleInfo, load_roles
from engine.core.extensions import Extension, edit, read
from engine.core.state import GameState

NAME = "classic"
DATA_DIR = Path(__file__).resolve().parents[3] / "data" / NAME
ROLES: dict[str, RoleInfo] = load_roles(DATA_DIR)


def _raw(file: str) -> dict[str, Any]:
    with open(DATA_DIR / file, "rb") as fh:
        return tomllib.load(fh)


_ROLE_DATA = {r["id"]: r for r in _raw("roles.toml").get("secret", [])}
# Roles that «изначально не существует»: never dealt, only become.
ARISES = frozenset(rid for rid, r in _ROLE_DATA.items() if r.get("arises"))
TRAITS = {r["id"]: r for r in _raw("roles.toml").get("trait", [])}  # «не роль»: Муж и Жена, Спортсмен
FACTION = {r.id: str(r.faction) for r in ROLES.values() if r.secret}
CLANS = ("mafia_red", "mafia_green")  # the two clans («красный клан», «зеленый клан», 6.2)


class ItemInfo(BaseModel):
    id: str
    name: str
    name_en: str
    where: str  # shop, kiosk, given
    price: int | None = None
    stock: int | None = None  # None: as many as bought
    text: str
    text_en: str


ITEMS: dict[str, ItemInfo] = {i["id"]: ItemInfo(**i) for i in _raw("items.toml")["item"]}
SOLD = tuple(i.id for i in ITEMS.values() if i.where in ("shop", "kiosk") and i.price is not None)

# ---- effects (statuses) ----
PRISON = "prison"  # посажен: from the vote until released (public)
BLOCKED = "blocked"  # this night's move fails («неудачно, кто-то или что-то помешало»)
IN_BAR = "in_bar"  # «Голубая устрица»: nobody can act on him this night; everyone learns it in the morning
DYING = "dying"  # shot (or worse) this night: no later move; dies at the night's deaths unless saved

START_COINS = 4  # «все одиночные персонажи имеют на балансе 4 монеты»
CLAN_FUND = 8  # «У клана мафии общак 8 монет»
FAMILY_FUND = 8  # «У семьи баланс общий на старте 8 монет»
MOVE_INCOME = 2  # «получают по 2 монете за ход»
BAR_FEE = 2  # «Вход в бар 2 монеты»
BAR_LIMIT = 2  # «В бар нельзя пойти более 2-х раз за партию»


class Item(BaseModel):
    """One item a character holds: its kind (an id of items.toml), charges left, the phase it was bought
    (None: held from the start or given) and the phase from which it acts («со следующего игрового дня»)."""

    uid: int
    kind: str
    charges: int = 1
    bought_phase: int | None = None
    active_from: int = 0
    fake: bool = False  # the Хозяин магазина's подделка: does nothing when its time comes


class Citizen(Extension):
    coins: int = 0  # his own purse (a clan member's coins are the clan's общак, a spouse's the family's)
    purse: str = ""  # "" his own; a clan ("mafia_red") or "family": whose coins he spends and earns
    items: list[Item] = Field(default_factory=list)
    moved_cycle: int = -1  # the cycle of his last move (one a cycle, 1.7)
    bar_visits: int = 0
    penalty: int = 0  # votes against him from the master's log on the next day (1.11)
    penalty_why: list[str] = Field(default_factory=list)  # "no_vote", "silent": what tomorrow's penalty is for
    posted_phase: int | None = None  # the last day he wrote in the public group (the bot tells: api.public_post)
    traits: list[str] = Field(default_factory=list)  # «не роль»: spouse, athlete
    jailed_day: int | None = None  # the day he was jailed on (interrogation: the next night only)
    jailed_by: list[int] = Field(default_factory=list)  # who voted him into prison (the jailing's bonuses)


class Town(Extension):
    funds: dict[str, int] = Field(default_factory=dict)  # shared purses: each clan's общак, the family's
    stock: dict[str, int] = Field(default_factory=dict)  # what the shop and the kiosk have left (limited kinds)
    died: dict[str, int] = Field(default_factory=dict)  # pid → the phase of his death
    shop_open: bool = True  # the shop closes for good when its owner dies (a role module's rule)
    day_orders: list[dict[str, Any]] = Field(default_factory=list)  # services.DayOrder, passed on for a night
    shared: dict[str, list[Item]] = Field(default_factory=dict)  # a purse's common items (SHARED): the clan's poison


def cit(state: GameState, pid: int) -> Citizen:
    return read(Citizen, state.player(pid))


def cycle(phase: int) -> int:
    """The cycle of a phase: a day and the night after it (day 1 = phase 2 and night 2 = phase 3 are cycle 1)."""
    return phase // 2


def role_of(state: GameState, pid: int) -> str:
    return state.player(pid).secret_role


def side_of(state: GameState, pid: int) -> str:
    """The character's side now: a clan («mafia_red»), cops, town, neutral, thug, maniac, unclean, undead, spirit."""
    return state.player(pid).faction


def is_mafia(state: GameState, pid: int) -> bool:
    return side_of(state, pid) in CLANS


def in_prison(state: GameState, pid: int) -> bool:
    return bool(state.effects_of(PRISON, target=pid))


def in_play(state: GameState, pid: int) -> bool:
    """Alive and not in prison: a jailed character is out of the game until released (a decision)."""
    return state.player(pid).alive and not in_prison(state, pid)


def playing(state: GameState) -> list[int]:
    return [p.pid for p in state.players if in_play(state, p.pid)]


def dying(state: GameState, pid: int) -> bool:
    return bool(state.effects_of(DYING, target=pid))


def down(state: GameState, pid: int) -> bool:
    """Dead, or dying this night: makes no more moves this night."""
    return not state.player(pid).alive or dying(state, pid)


def blocked(state: GameState, pid: int) -> bool:
    return bool(state.effects_of(BLOCKED, target=pid))


# 1.15: «Все предметы, которые есть у персонажа - личные… К общим предметам клана, которым может воспользоваться
# любой член клана, относится яд. У Семьи противоядие общее.» — the kinds a shared purse holds in common.
POISONS = ("poison_viper", "poison_scorpion")
ANTIDOTES = ("antidote_viper", "antidote_scorpion", "antidote_vampire")
SHARED: dict[str, tuple[str, ...]] = {**{clan: POISONS for clan in CLANS}, "family": ANTIDOTES}


def shared_purse(state: GameState, pid: int, kind: str) -> str | None:
    """The purse whose common items hold this kind for him (his clan's poison, the family's antidote), or None."""
    purse = cit(state, pid).purse
    return purse if kind in SHARED.get(purse, ()) else None


def new_item(state: GameState, pid: int, kind: str, *, bought: bool = False, charges: int = 1,
             at_once: bool = False) -> Item:
    """An item into the character's inventory (or his clan's or family's common one, for the kinds SHARED): one
    bought acts from the next phase (the next game day, as purchases resolve in the early morning) unless
    `at_once` (the urgent delivery); one held from the start or given acts at once."""
    item = Item(uid=state.next_id("item"), kind=kind, charges=charges,
                bought_phase=state.phase if bought else None,
                active_from=state.phase + 1 if bought and not at_once else state.phase)
    common = shared_purse(state, pid, kind)
    if common is not None:
        with edit(Town, state) as town:
            town.shared = {**town.shared, common: [*town.shared.get(common, []), item]}
    else:
        with edit(Citizen, state.player(pid)) as me:
            me.items.append(item)
    state.emit("item_gained", "player", pid, item=kind, bought=bought)
    return item


def items_of(state: GameState, pid: int, kind: str, *, active: bool = True) -> list[Item]:
    """His items of a kind, his own then his purse's common ones (by default only those that act now), oldest
    first."""
    common = shared_purse(state, pid, kind)
    pool = [*cit(state, pid).items, *(read(Town, state).shared.get(common, []) if common else [])]
    return [i for i in pool if i.kind == kind and i.charges > 0 and (not active or i.active_from <= state.phase)]


def has_item(state: GameState, pid: int, kind: str) -> bool:
    return bool(items_of(state, pid, kind))


def spend_item(state: GameState, pid: int, uid: int) -> Item:
    """One charge of an item used (his own or his purse's common one); an item without charges is gone.
    Returns it as it was."""
    if any(i.uid == uid for i in cit(state, pid).items):
        with edit(Citizen, state.player(pid)) as me:
            item = next(i for i in me.items if i.uid == uid)
            before = item.model_copy()
            item.charges -= 1
            me.items = [i for i in me.items if i.charges > 0]
        return before
    with edit(Town, state) as town:
        for purse, held in town.shared.items():
            found = next((i for i in held if i.uid == uid), None)
            if found is not None:
                before = found.model_copy()
                found.charges -= 1
                town.shared = {**town.shared, purse: [i for i in held if i.charges > 0]}
                return before
    raise KeyError(f"item {uid} is not {pid}'s")


def use_up(state: GameState, pid: int, uid: int) -> bool:
    """One charge of an item used when its time comes: True when it works — False for a fake (the Хозяин
    магазина's подделка: «такая вещь не выполнит свою функцию когда придет время»), spent all the same, its
    holder told."""
    used = spend_item(state, pid, uid)
    if used.fake:
        state.emit("item_was_fake", "player", pid, item=used.kind)
    return not used.fake


def take_item(state: GameState, pid: int, uid: int) -> Item:
    """The item leaves the inventory whole (stolen, lost): his own only (a common one stays with the others)."""
    with edit(Citizen, state.player(pid)) as me:
        item = next(i for i in me.items if i.uid == uid)
        me.items = [i for i in me.items if i.uid != uid]
    return item


def become(state: GameState, pid: int, role: str, *, side: str | None = None) -> None:
    """His role changes (an apprentice becomes a soldier, a thief an otmorozok, a spouse the maniac…): a mafia
    role keeps his clan; `side` names another side. He is told his new role."""
    player = state.player(pid)
    player.secret_role = role
    if side is not None:
        player.faction = side
    elif not (FACTION[role] == "mafia" and player.faction in CLANS):
        player.faction = FACTION[role]
    state.emit("role_changed", "player", pid, secret_role=role, side=player.faction)
