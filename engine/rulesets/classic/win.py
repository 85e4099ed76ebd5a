"""The ten win conditions of section 6, as data: for each side, who of it must be in play and which groups
must be gone. «In play»: alive and not in prison (a jailed character is out of the game until released — a
decision). Groups the text names but this edition has not (мирный прокурор, мэр, прокурор, демоны) are never
in play.

When the game ends (a decision, docs/rulesets/classic.md «Победа»): as soon as one of the FIGHTING sides
meets its condition — a mafia clan, the town (the cops win with it), the отморозки, the маньяк/псих, the
нежить, the нечисть — or nobody of a fighting side is in play. Then every side whose condition holds wins
together: the neutrals (each of them alive), the family (both spouses in play), the Дух (alive when a clan —
any side that ended the game — wins).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.state import GameState
from engine.rulesets.classic.model import CLANS, cit, in_play

Group = Callable[[GameState, int, str], bool]  # (state, pid, the side asking) → is pid of the group


def _clan(state: GameState, pid: int, side: str) -> bool:
    return state.player(pid).faction in CLANS


def _other_clan(state: GameState, pid: int, side: str) -> bool:
    return state.player(pid).faction in CLANS and state.player(pid).faction != side


def _faction(name: str) -> Group:
    return lambda state, pid, _side: state.player(pid).faction == name


def _role(name: str) -> Group:
    return lambda state, pid, _side: state.player(pid).secret_role == name


GROUPS: dict[str, Group] = {
    "mafia": _clan, "other_clan": _other_clan, "cops": _faction("cops"), "town": _faction("town"),
    "unclean": _faction("unclean"), "undead": _faction("undead"), "priest": _role("priest"),
    "maniac": _faction("maniac"), "thug": _faction("thug"), "van_helsing": _role("van_helsing"),
    "neutral": _faction("neutral"), "spirit": _faction("spirit"),
}

# side → (the group of which one must be in play, the groups that must be gone). The text's words in comments.
CONDITIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    # «Мафия - остался в живых хоть один представитель клана, нет представителей другого клана, нет Копов, нет
    # нечисти, нет мирного прокурора, нет священника, нет маньяка, нет отморозка, нет нежити.»
    "mafia_red": ("self", ("other_clan", "cops", "unclean", "priest", "maniac", "thug", "undead")),
    "mafia_green": ("self", ("other_clan", "cops", "unclean", "priest", "maniac", "thug", "undead")),
    # «Копы - остался в живых хоть один представитель, нет мафии, нет маньяка, нет отморозка, нет нечисти, нет
    # нежити, побеждают с мирными.»
    "cops": ("cops", ("mafia", "maniac", "thug", "unclean", "undead")),
    # «Мирные - остался в живых хоть один мирный житель, нет представителей мафиозных кланов, нет маньяка, нет
    # отморозка, нет нет нечисти, нет нежити.»
    "town": ("town", ("mafia", "maniac", "thug", "unclean", "undead")),
    # «Отморозок - нет мафии, нет копов, нет мэра, нет прокурора, нет маньяка, нет демонов.»
    "thug": ("thug", ("mafia", "cops", "maniac")),
    # «Гопник/остальные нейтралы - нет копов, нет священника, нет нечисти, нет нежити.»
    "neutral": ("neutral", ("cops", "priest", "unclean", "undead")),
    # «Маньяк/Псих - нет мафии, нет копов, нет священника, нет прокурора, нет отморозка, нет нечисти, нет нежити.»
    "maniac": ("maniac", ("mafia", "cops", "priest", "thug", "unclean", "undead")),
    # «Нежить - нет копов, нет маньяка, нет священника, нет отморозка, нет нечисти.»
    "undead": ("undead", ("cops", "maniac", "priest", "thug", "unclean")),
    # «Нечисть – нет Ван Хельсинга, нет священника, нет копов, нет мафии, нет отморозка, нет маньяка, нет нежити.»
    "unclean": ("unclean", ("van_helsing", "priest", "cops", "mafia", "thug", "maniac", "undead")),
}
# The sides whose condition ends the game.
FIGHTING = ("mafia_red", "mafia_green", "town", "cops", "thug", "maniac", "undead", "unclean")
# «Семья - дожили до конца партии вместе.» «ДУХ - дожил до победы любого из кланов.»
SURVIVORS = ("family", "spirit")


def _present(state: GameState, group: str, side: str) -> bool:
    test = GROUPS[group] if group != "self" else (lambda s, pid, sd: s.player(pid).faction == sd)
    return any(test(state, p.pid, side) for p in state.players if in_play(state, p.pid))


def holds(state: GameState, side: str) -> bool:
    """The side's condition of section 6 holds now."""
    needs, gone = CONDITIONS[side]
    return _present(state, needs, side) and not any(_present(state, g, side) for g in gone)


def spouses(state: GameState) -> list[int]:
    return [p.pid for p in state.players if "spouse" in cit(state, p.pid).traits]


def winners(state: GameState) -> list[str] | None:
    """None while the game goes on; else every side that wins, in FIGHTING's order then the survivors."""
    fighting = [side for side in FIGHTING if holds(state, side)]
    anyone = any(_present(state, g, "") for g in ("mafia", "town", "cops", "thug", "maniac", "undead", "unclean"))
    if not fighting and anyone:
        return None
    won = list(fighting)
    if holds(state, "neutral"):
        won.append("neutral")
    pair = spouses(state)
    if pair and all(in_play(state, pid) for pid in pair):
        won.append("family")
    if fighting and any(p.alive and p.faction == "spirit" for p in state.players):
        won.append("spirit")
    return won
