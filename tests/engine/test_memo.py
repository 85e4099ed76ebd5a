"""engine/core/memo.py: inside a pass that changes nothing, a remembered function answers each set of
arguments once; outside one it is asked every time."""

from __future__ import annotations

from engine.core.memo import remembered, unchanging


def test_a_remembered_function_answers_once_per_arguments_inside_an_unchanging_pass() -> None:
    calls: list[tuple[object, int]] = []

    @remembered
    def cost(thing: object, n: int) -> int:
        calls.append((thing, n))
        return n * 2

    thing = object()
    with unchanging():
        assert [cost(thing, 1), cost(thing, 1), cost(thing, 2)] == [2, 2, 4]
        with unchanging():  # a nested pass shares the memo
            assert cost(thing, 1) == 2
    assert calls == [(thing, 1), (thing, 2)]


def test_outside_a_pass_a_remembered_function_is_asked_every_time() -> None:
    calls: list[int] = []

    @remembered
    def stance(pid: int) -> str:
        calls.append(pid)
        return "normal"

    with unchanging():
        stance(1)
    stance(1)
    stance(1)
    assert calls == [1, 1, 1]


def test_arguments_are_told_apart_by_identity_not_by_equality() -> None:
    """Two equal dicts are two questions: a params dict may change between passes, never inside one."""
    calls: list[dict[str, int]] = []

    @remembered
    def cost(params: dict[str, int]) -> int:
        calls.append(params)
        return len(params)

    with unchanging():
        cost({"x": 1})
        cost({"x": 1})
    assert len(calls) == 2
