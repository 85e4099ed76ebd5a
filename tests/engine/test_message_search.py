"""Where the card messages of an order's params are found (engine/core/messages.py `found_in`): under a
`message` or `messages` key of any dict, at any depth in lists and dicts, with the targets that dict names."""

from engine.core.messages import found_in


def test_found_in_plain_params_holds_no_message() -> None:
    assert found_in({"target": 3}) == []
    assert found_in({"choice": "execution"}) == []
    assert found_in({"cards": [4, 5]}) == []


def test_found_in_own_message_goes_to_the_target() -> None:
    assert found_in({"target": 2, "message": "привет"}) == [("привет", [2])]
    assert found_in({"targets": [1, 4], "message": "всем"}) == [("всем", [1, 4])]


def test_found_in_messages_go_to_their_targets_in_order() -> None:
    assert found_in({"targets": [1, 4], "messages": ["a", " ", "b"]}) == [("a", [1]), ("b", [])]
    assert found_in({"targets": [1, 4, 6], "messages": ["a", "b", "c"]}) == [("a", [1]), ("b", [4]), ("c", [6])]


def test_found_in_blank_message_is_none() -> None:
    assert found_in({"target": 2, "message": "  "}) == []


def test_found_in_searches_nested_plays() -> None:
    nested = {"card": "flashmob", "plays": [{"target": 5, "message": "x"}, [{"target": 6, "message": "y"}]],
              "inner": {"inner2": {"targets": [7], "messages": ["z"]}}}
    assert found_in(nested) == [("x", [5]), ("y", [6]), ("z", [7])]


def test_found_in_own_messages_come_before_nested_ones() -> None:
    params = {"inner": {"target": 1, "message": "later"}, "target": 2, "message": "first"}
    assert found_in(params) == [("first", [2]), ("later", [1])]
