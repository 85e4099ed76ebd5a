"""Communication (1.2): «Участникам игры запрещено общаться в личке между собой на темы, связанные с игрой (кроме
групп, определенных правилами игры)» — a clan, the cops, husband and wife talk through the bot; nobody else."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from tests.engine.classic.conftest import CITIZEN, GREEN_BOSS, RED_1, RED_2, RED_BOSS, Game


def test_a_clan_member_writes_to_his_clan_only(game: Game) -> None:
    api.act(game.state, RED_BOSS, "team_note", {"text": "завтра голосуем за шерифа"})
    told = {e.who for e in game.events("team_note")}
    assert told == {RED_1, RED_2}
    assert GREEN_BOSS not in told
    assert game.events("team_note_copy"), "the master sees it"


def test_a_citizen_has_no_group_to_write_to(game: Game) -> None:
    with pytest.raises(Refusal) as err:
        api.act(game.state, CITIZEN, "team_note", {"text": "привет"})
    assert err.value.params["reason"] == "no_team"


def test_an_empty_message_is_refused(game: Game) -> None:
    with pytest.raises(Refusal):
        api.act(game.state, RED_BOSS, "team_note", {"text": "  "})
