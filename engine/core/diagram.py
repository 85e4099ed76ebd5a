"""A picture the engine asks the bot to draw: labelled nodes, edges with or without arrows, badges.

An event carries one as `params["diagram"]` (the JSON of `Diagram.to_json()`); the bot draws it as an image
(text in its caption) and falls back to a text diagram where it cannot draw. Node labels are shown as they
are (anonymous tags such as soul labels); badges and edge kinds are keys the rule set's locales word as
`diagram.badge.<key>` and `diagram.edge.<key>`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engine.core.state import JsonValue

Arrow = Literal["none", "forward", "both"]  # forward: from `a` to `b`


@dataclass(frozen=True)
class Node:
    id: str
    label: str
    badges: tuple[str, ...] = ()


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    arrow: Arrow = "none"
    kind: str = ""  # "" is a plain edge; a rule set may name kinds ("weak") its locales word


@dataclass(frozen=True)
class Diagram:
    nodes: tuple[Node, ...] = ()
    edges: tuple[Edge, ...] = field(default=())

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "nodes": [{"id": n.id, "label": n.label, "badges": list(n.badges)} for n in self.nodes],
            "edges": [{"a": e.a, "b": e.b, "arrow": e.arrow, "kind": e.kind} for e in self.edges],
        }

    @classmethod
    def from_json(cls, data: JsonValue) -> Diagram:
        if not isinstance(data, dict):
            raise ValueError("a diagram is an object")
        nodes = tuple(
            Node(str(n["id"]), str(n["label"]), tuple(str(b) for b in n.get("badges", [])))
            for n in data.get("nodes", [])
        )
        edges = tuple(
            Edge(str(e["a"]), str(e["b"]), e.get("arrow", "none"), str(e.get("kind", "")))
            for e in data.get("edges", [])
        )
        ids = {n.id for n in nodes}
        for edge in edges:
            if edge.a not in ids or edge.b not in ids or edge.arrow not in ("none", "forward", "both"):
                raise ValueError(f"a diagram's edge joins unknown nodes or has an unknown arrow: {edge}")
        return cls(nodes, edges)
