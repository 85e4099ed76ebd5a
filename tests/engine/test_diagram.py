"""A diagram round-trips through an event's JSON and refuses edges to nodes it does not have."""

import pytest

from engine.core.diagram import Diagram, Edge, Node


def test_diagram_round_trips_through_json() -> None:
    diagram = Diagram(
        (Node("1", "А", ("sealed",)), Node("2", "Б")),
        (Edge("1", "2", "forward", "weak"),),
    )
    assert Diagram.from_json(diagram.to_json()) == diagram


def test_diagram_refuses_an_edge_to_an_unknown_node() -> None:
    with pytest.raises(ValueError):
        Diagram.from_json({"nodes": [{"id": "1", "label": "А"}], "edges": [{"a": "1", "b": "9"}]})
