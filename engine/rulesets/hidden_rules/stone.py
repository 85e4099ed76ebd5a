"""The soul stone: every character's soul under an anonymous label (shuffled with the state's RNG), the links
— one character's ability used on another in any past phase — that the spirit world's abilities draw, with
their directions, seals and Озарение's marks. What a player has drawn is his alone (`Soul.edges`, `arrows`);
what he sees is sent to him as a picture (engine/core/diagram.py) with a text wording beside it."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.diagram import Diagram, Edge, Node
from engine.core.extensions import edit
from engine.core.state import GameState
from engine.rulesets.hidden_rules.model import (
    LABELS,
    SPIRITS,
    Soul,
    Stone,
    acting,
    label_of,
    soul,
    stone,
)

SEALED, MARKED = "sealed", "marked"


def shuffle_souls(state: GameState) -> None:
    labels = list(LABELS[:len(state.players)])
    state.random.shuffle(labels)
    with edit(Stone, state) as table:
        table.souls = {str(p.pid): labels[p.pid] for p in state.players}


def all_labels(state: GameState) -> list[str]:
    return sorted(stone(state).souls.values())


def pair(a: str, b: str) -> list[str]:
    return sorted((a, b))


def past_arrows(state: GameState) -> set[tuple[str, str]]:
    """(from, to) of every link of the phases before this one (a character on himself draws none)."""
    return {(label_of(state, link.actor), label_of(state, link.target)) for link in stone(state).links
            if link.phase < state.phase and link.actor != link.target}


def past_pairs(state: GameState) -> set[tuple[str, str]]:
    return {(min(a, b), max(a, b)) for a, b in past_arrows(state)}


def theft_options(state: GameState, pid: int) -> dict[str, int]:
    """Похищение души: the souls he found with Взгляд в душу (by label), and the characters in the spirit
    world with him (by name) — «напрямую, а не на камне душ»."""
    me = soul(state, pid)
    out = {label_of(state, t): t for t in me.glanced if acting(state, t)}
    for player in state.players:
        if player.pid != pid and acting(state, player.pid) and soul(state, player.pid).world == SPIRITS:
            out.setdefault(player.name, player.pid)
    return out


def offered(state: GameState, pid: int, of: str | None) -> list[str]:
    """The labels a `label(s)` parameter names: all souls; the links he has drawn ("A-B"); whom he may rob."""
    if of == "links":
        return ["-".join(e) for e in soul(state, pid).edges]
    if of == "theft":
        return list(theft_options(state, pid))
    return all_labels(state)


def draw(state: GameState, pid: int, pairs: Iterable[tuple[str, str]], arrows: Iterable[tuple[str, str]] = ()) -> None:
    with edit(Soul, state.player(pid)) as me:
        edges = [list(e) for e in me.edges]
        for a, b in pairs:
            if pair(a, b) not in edges:
                edges.append(pair(a, b))
        known = [list(x) for x in me.arrows]
        for a, b in arrows:
            if [a, b] not in known:
                known.append([a, b])
            if pair(a, b) not in edges:
                edges.append(pair(a, b))
        me.edges, me.arrows = sorted(edges), sorted(known)


def view(state: GameState, pid: int) -> Diagram:
    """What he has seen of the stone: every soul (a soul he found with Взгляд в душу named), the seals and
    marks on it now, the links he drew, with an arrow where he knows the direction."""
    me = soul(state, pid)
    table = stone(state)
    names = {label_of(state, t): state.player(t).name for t in me.glanced}
    nodes = tuple(Node(id=lab, label=f"{lab} · {names[lab]}" if lab in names else lab,
                       badges=tuple(b for b, on in ((SEALED, lab in table.seals), (MARKED, lab in table.marks)) if on))
                  for lab in all_labels(state))
    arrows = {tuple(x) for x in me.arrows}
    edges = []
    for a, b in (tuple(e) for e in me.edges):
        forward, back = (a, b) in arrows, (b, a) in arrows
        if forward and back:
            edges.append(Edge(a, b, "both"))
        elif back:
            edges.append(Edge(b, a, "forward"))
        else:
            edges.append(Edge(a, b, "forward" if forward else "none"))
    return Diagram(nodes, tuple(edges))


def show(state: GameState, pid: int) -> None:
    """Send him the stone as he knows it: the picture, and its text (the bot's fallback)."""
    picture = view(state, pid)
    arrow = {"none": "–", "forward": "→", "both": "↔"}
    links = ", ".join(f"{e.a}{arrow[e.arrow]}{e.b}" for e in picture.edges) or "—"
    sealed = ", ".join(n.id for n in picture.nodes if SEALED in n.badges) or "—"
    marked = ", ".join(n.id for n in picture.nodes if MARKED in n.badges) or "—"
    state.emit("hr_stone", "player", pid, diagram=picture.to_json(), links=links, sealed=sealed, marked=marked)
