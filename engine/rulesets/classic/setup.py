"""The table: which roles a game of N players deals, the check that refuses one that cannot start, and the
start (purses, items given, who learns whom).

The text gives only fragments («2 клана по 3 человека изначально (1+2). У каждого клана в начале игры есть
диплом»; «Копы – 2 человека»; every other role single; the roles that «изначально не существует» are never
dealt). The default table is a decision (docs/rulesets/classic.md, «Расклад»): two clans of a Босс and two
mafiosi, the cops, then the single roles in TABLE_ORDER as the players grow, the rest Мирные жители — but only
roles whose moves are implemented are dealt (IMPLEMENTED; a role module adds its role there). The master may
give the whole list as the setting `table` (a list of role ids, one a seat, the clans' members after their
Босс in order); `check_table` refuses one that cannot start.
"""

from __future__ import annotations

from typing import Any

import engine.rulesets.classic.items
import engine.rulesets.classic.roles  # noqa: F401
from engine.core.extensions import edit
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.rulesets.classic.model import (
    ARISES,
    CLAN_FUND,
    CLANS,
    FACTION,
    FAMILY_FUND,
    ITEMS,
    ROLES,
    START_COINS,
    Citizen,
    Town,
    new_item,
)
from engine.rulesets.classic.moves import MOVES

MIN_PLAYERS = 8  # two clans of three, a cop, a citizen
MAX_PLAYERS = 32  # a decision: at 32 the default table deals every single role of the text, the Дух and the Внебрачный ребёнок last
CITIZEN = "citizen"
# The roles dealt (their moves work): each role module declares its own (MOVES.role("sheriff")).
IMPLEMENTED: set[str] = MOVES.roles
# A clan: its Босс, then his two (the Вербовщик and a Рядовой; a Рядовой in the Вербовщик's seat until the
# Вербовщик's module deals him).
CLAN = ("boss", "recruiter", "soldier")
COPS = ("sheriff", "investigator")
# The single roles by priority as the players grow (a decision: the roles that shape the game first).
TABLE_ORDER = ("journalist", "priest", "nurse", "bodyguard", "shopkeeper", "harlot", "drunkard", "executioner",
               "lawyer", "thief", "athlete", "tour_operator", "telepath", "van_helsing", "vampire", "warlock", "reanimator",
               "swindler", "deputy", "rebel", "spirit", "bastard")
# A «не роль» the table deals in a seat of its own (a decision: the Спортсмен, «Мирный житель имеющий силу», once
# the Уличный воришка he beats is dealt): the seat is a Мирный житель with the trait.
TRAIT_SEATS = {"athlete": CITIZEN}
SPOUSES_FROM = 10  # from this many players, two citizens are husband and wife (a decision)
# Items held from the start (5.x: «С начала партии имеет бронежилет», «…сирену»; «Изначально имеет Сирену»).
START_ITEMS: dict[str, tuple[str, ...]] = {
    "boss": ("vest", "diploma"),  # the clan's Диплом is in its Босс's hands (a decision)
    "recruiter": ("siren",),
    "sheriff": ("vest",),
    "van_helsing": ("vest", "siren"),
    "shopkeeper": ("siren",),
}
# «Всем МЖ без роли в начале партии раздаются случайные предметы»: one of these each (a decision: the shop's
# goods without a stock limit that any citizen may use).
CITIZEN_GIFTS = ("vest", "diploma", "siren", "enema", "alibi", "icon", "police_call", "will", "inheritance")


def _clan_role(role: str) -> str:
    return role if role in IMPLEMENTED else "soldier"


def default_table(players: int) -> list[str]:
    """The roles for `players` seats, before shuffling: both clans, the cops, the single roles, citizens."""
    roles = [_clan_role(r) for r in CLAN] * 2
    citizens = 2 if players >= SPOUSES_FROM else 1  # room for the husband and wife among the citizens
    roles += [r for r in COPS if r in IMPLEMENTED][:max(0, players - citizens - len(roles))]  # a seat for the town
    for role in TABLE_ORDER:
        if len(roles) >= players - citizens:
            break
        if role in IMPLEMENTED or role in TRAIT_SEATS:
            roles.append(role)
    return roles + [CITIZEN] * (players - len(roles))


def check_table(roles: list[str], players: int) -> None:
    """Refuse a table that cannot start: not one role a seat; an unknown role, one that only arises or one not
    implemented; not two clans of a Босс and two mafiosi; a single role twice; nobody of the town."""
    def bad(why: str, **params: Any) -> Refusal:
        """reason "table" (the bot says the table cannot start, with its sides' counts); `why`: what is wrong."""
        sides = [FACTION.get(TRAIT_SEATS.get(r, r), "") for r in roles]
        return Refusal("bad_param", param="table", reason="table", why=why, mafia=sides.count("mafia"),
                       law=sides.count("town") + sides.count("cops"),
                       neutral=len(sides) - sides.count("mafia") - sides.count("town") - sides.count("cops"),
                       **params)

    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Refusal("bad_param", param="players", reason="count", min=MIN_PLAYERS, max=MAX_PLAYERS)
    if len(roles) != players:
        raise bad("seats", roles=len(roles), players=players)
    for role in roles:
        if role in TRAIT_SEATS:
            if roles.count(role) > 1:
                raise bad("twice", role=role)
            continue
        if role not in ROLES or not ROLES[role].secret:
            raise bad("unknown_role", role=role)
        if role in ARISES:
            raise bad("arises", role=role)
        if role not in IMPLEMENTED:
            raise bad("role_not_implemented", role=role)
        if role != CITIZEN and role != "soldier" and roles.count(role) > (2 if role in ("boss", "recruiter") else 1):
            raise bad("twice", role=role)
    if roles.count("boss") != 2:
        raise bad("two_clans")
    mafiosi = [r for r in roles if FACTION.get(r) == "mafia" and r != "boss"]
    if len(mafiosi) != 4:
        raise bad("clan_of_three")
    if roles.count("soldier") > 4:
        raise bad("clan_of_three")
    if not any(FACTION[TRAIT_SEATS.get(r, r)] == "town" for r in roles):
        raise bad("no_town")


def table_for(players: int, settings: dict[str, Any]) -> list[str]:
    given = settings.get("table")
    if isinstance(given, dict):  # the card games' «мафии/нейтралов» form: a table here is a list of roles
        raise Refusal("bad_param", param="table", reason="table", why="role_list", mafia=given.get("mafia"),
                      law=players - int(given.get("mafia", 0)) - int(given.get("neutral", 0)),
                      neutral=given.get("neutral"))
    roles = [str(r) for r in given] if isinstance(given, list) else default_table(players)
    check_table(roles, players)
    return roles


def deal(state: GameState, settings: dict[str, Any]) -> None:
    """The table's roles shuffled over the seats (the state's RNG); the clans: each Босс and, in the order
    dealt, two mafiosi; the purses; the items held from the start; the Зеркало to a random player; husband
    and wife among the citizens."""
    rng = state.random
    roles = table_for(len(state.players), settings)
    if settings.get("deal") != "fixed":  # "fixed": the master deals the table's roles seat by seat, as listed
        rng.shuffle(roles)
    for player, role in zip(state.players, roles, strict=True):
        trait = role if role in TRAIT_SEATS else None
        role = TRAIT_SEATS.get(role, role)
        player.secret_role, player.faction = role, FACTION[role]
        if trait is not None:
            with edit(Citizen, player) as me:
                me.traits = [trait]
    bosses = [p for p in state.players if p.secret_role == "boss"]
    others = [p for p in state.players if p.faction == "mafia" and p.secret_role != "boss"]
    for i, clan in enumerate(CLANS):
        for member in [bosses[i], *others[2 * i:2 * i + 2]]:
            member.faction = clan
            with edit(Citizen, member) as me:
                me.purse = clan
    funds = {clan: CLAN_FUND for clan in CLANS}
    citizens = [p for p in state.players if p.secret_role == CITIZEN and not _traits(state, p.pid)]
    if len(state.players) >= SPOUSES_FROM and len(citizens) >= 2 and settings.get("spouses", "on") not in ("off", False):
        for spouse in rng.sample(citizens, 2):
            with edit(Citizen, spouse) as me:
                me.purse = "family"
                me.traits = ["spouse"]
        funds["family"] = FAMILY_FUND
    from engine.rulesets.classic.economy import initial_stock

    with edit(Town, state) as town:
        town.funds = funds
        town.stock = initial_stock(settings)
    for player in state.players:
        with edit(Citizen, player) as me:
            if not me.purse:
                me.coins = 0 if player.secret_role == "shopkeeper" else START_COINS
        for kind in START_ITEMS.get(player.secret_role, ()):
            if kind != "diploma" or player.secret_role == "boss":
                new_item(state, player.pid, kind)
        if player.secret_role == CITIZEN and not _traits(state, player.pid):  # a «не роль» is a role here
            new_item(state, player.pid, rng.choice(list(CITIZEN_GIFTS)))
    assert all(k in ITEMS for k in CITIZEN_GIFTS)
    new_item(state, rng.choice(state.players).pid, "mirror")


def _traits(state: GameState, pid: int) -> list[str]:
    from engine.rulesets.classic.model import cit

    return cit(state, pid).traits


def introduce(state: GameState) -> None:
    """Who learns whom at the start: each his role; a clan its members; the cops each other; the spouses
    each other (1.2: the groups the rules define)."""
    for player in state.players:
        state.emit("classic_role", "player", player.pid, secret_role=player.secret_role, side=player.faction)
        if "athlete" in _traits(state, player.pid):
            state.emit("athlete_dealt", "player", player.pid)
    groups: dict[str, list[int]] = {}
    for player in state.players:
        if player.faction in CLANS or player.faction == "cops":
            groups.setdefault(player.faction, []).append(player.pid)
        if "spouse" in _traits(state, player.pid):
            groups.setdefault("family", []).append(player.pid)
    for group, members in sorted(groups.items()):
        for pid in members:
            state.emit("team_members", "player", pid, team=group, pids=[m for m in members if m != pid])
