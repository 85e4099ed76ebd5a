"""The master's `/set table`: the card games' «мафии/нейтралов» form, or a list of role ids one a seat (a rule set
that deals a whole table, as «Классическая форумная мафия»), or off."""

from __future__ import annotations

import pytest

from tgbot.services.errors import ServiceError
from tgbot.services.options import parse_option


def test_the_table_as_mafia_slash_neutral() -> None:
    assert parse_option("table", "2/1") == {"mafia": 2, "neutral": 1}


def test_the_table_as_a_list_of_roles() -> None:
    assert parse_option("table", "boss, soldier,soldier  citizen") == ["boss", "soldier", "soldier", "citizen"]


def test_the_table_off() -> None:
    assert parse_option("table", "off") is None


@pytest.mark.parametrize("raw", ["boss", "2/x", "boss;soldier", "Босс,Рядовой"])
def test_a_table_that_is_neither_is_refused(raw: str) -> None:
    with pytest.raises(ServiceError):
        parse_option("table", raw)


OWN = {"vote_tie": ("coin", "nobody")}


def test_a_rule_sets_own_setting_takes_one_of_its_words() -> None:
    assert parse_option("vote_tie", " Nobody ", OWN) == "nobody"


def test_a_rule_sets_own_setting_refuses_another_word() -> None:
    with pytest.raises(ServiceError):
        parse_option("vote_tie", "maybe", OWN)


def test_a_setting_no_rule_set_declares_is_refused() -> None:
    with pytest.raises(ServiceError):
        parse_option("vote_tie", "nobody")
