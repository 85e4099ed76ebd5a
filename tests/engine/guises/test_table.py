"""The table: phases, HP and statuses, blocks, guises, set-up, the win («Мафия с личинами»)."""

from __future__ import annotations

import pytest

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.views import player_view
from engine.rulesets.guises.model import draw_guise
from engine.rulesets.guises.ruleset import public_roles_for
from engine.rulesets.guises.setup import DEFAULT_TABLE, table_for


def test_the_game_starts_with_a_night_and_nights_and_days_alternate(game) -> None:
    g = game(("hero", "boss"), ("hero", "officer"))
    assert g.state.phase == 1 and g.state.is_night
    g.resolve()
    assert g.state.is_day
    g.resolve()
    assert g.state.is_night


def test_every_character_starts_with_2_hp(game) -> None:
    state = api.new_game("guises", [(f"P{i}", "hero") for i in range(6)], seed=4)
    assert all(state.player(p.pid).ext.get("hp", 2) == 2 for p in state.players)


def test_one_hp_is_the_hospital_a_public_status(game) -> None:
    g = game(("hero", "boss"), ("hero", "officer")).set(1, hp=1)
    board = {p["pid"]: p["statuses"] for p in player_view(g.state, 0)["players"]}
    assert board[1] == [{"status": "hospital", "end": None}]


def test_hospital_takes_the_secret_roles_abilities_not_marked_g(game) -> None:
    g = game(("hero", "officer"), ("hero", "boss")).set(0, hp=1)
    with pytest.raises(Refusal) as refused:
        g.do(0, "revolver", target=1)
    assert refused.value.params["reason"] == "in_hospital"
    g.do(0, "militia", target=1)  # Сбор ополчения (Г) is kept


def test_hospital_keeps_the_public_roles_abilities(game) -> None:
    g = game(("acrobat", "officer"), ("hero", "boss")).set(0, hp=1)
    g.do(0, "somersault")


def test_prison_takes_every_ability_not_marked_t(game) -> None:
    g = game(("patrolman", "boss"), ("hero", "policeman"), ("hero", "forensic"))
    g.do(1, "arrest", target=0).resolve().resolve()  # jailed for day 1 and night 2
    assert g.state.is_night
    with pytest.raises(Refusal):
        g.do(0, "interrogate", target=2)
    g.do(0, "detain", target=2)  # Задержание (Т,Б)


def test_zero_hp_is_death(game) -> None:
    g = game(("hero", "killer"), ("hero", "officer"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "shotgun", target=1).resolve()
    assert not g.alive(1)
    assert {"kind": "death", "pid": 1, "cause": "hp"} in g.public("death")


def test_hp_has_no_maximum(game) -> None:
    g = game(("monk", "forensic"), ("hero", "boss")).set(0, hp=5)
    g.resolve()
    assert g.hp(0) == 5


def test_a_blocked_character_declared_nothing_and_learns_it_not_by_whom(game) -> None:
    g = game(("hero", "boss"), ("hero", "officer"), ("hero", "forensic"))
    g.do(0, "interrogate", target=1).do(1, "revolver", target=0).resolve()
    assert g.hp(0) == 2
    assert g.told(1, "blocked") == [{"kind": "blocked"}]


def test_unblockable_abilities_stand_when_blocked(game) -> None:
    g = game(("hero", "boss"), ("hero", "policeman"), ("hero", "forensic"))
    g.do(0, "interrogate", target=1).do(1, "police_block", target=2).do(2, "hands_forensic", target=0).resolve()
    assert g.told(2, "blocked") and not g.told(2, "guise_learned")


def test_a_blocked_once_a_game_ability_is_not_spent(game) -> None:
    g = game(("hero", "boss"), ("acrobat", "officer"), ("hero", "forensic"))
    g.do(0, "interrogate", target=1).do(1, "somersault").resolve()
    assert not g.state.player(1).flags.get("used_somersault")


def test_a_check_draws_one_guise_weighted_by_count(game) -> None:
    g = game(("hero", "boss"), ("hero", "officer")).set(1, guises={"officer": 1, "boss": 99})
    drawn = [draw_guise(g.state, 1) for _ in range(200)]
    assert drawn.count("boss") > 180 and set(drawn) == {"boss", "officer"}


def test_everyone_gains_a_guise_of_the_true_role_at_the_end_of_every_phase(game) -> None:
    g = game(("hero", "boss"), ("hero", "officer"))
    g.resolve().resolve()
    assert g.char(0).guises == {"boss": 3} and g.char(1).guises == {"officer": 3}


def test_starting_guises_are_one_of_the_own_role(game) -> None:
    state = api.new_game("guises", [(f"P{i}", "hero") for i in range(8)], seed=2)
    for player in state.players:
        assert player.ext["guises"] == {player.secret_role: 1}


def test_a_player_without_a_public_role_becomes_the_idler_else_a_hero() -> None:
    assert public_roles_for(["", "monk", "", "monk"]) == ["idler", "monk", "hero", "hero"]


def test_public_roles_are_unique_except_the_hero() -> None:
    assert public_roles_for(["hero", "hero", "cook", "cook"]) == ["hero", "hero", "cook", "idler"]


@pytest.mark.parametrize("players", sorted(DEFAULT_TABLE))
def test_the_default_table_starts_for_every_count(players: int) -> None:
    mafia, law, neutral = table_for(players, {})
    assert mafia + law + neutral == players and 1 <= mafia < law


def test_a_table_that_cannot_start_is_refused() -> None:
    with pytest.raises(Refusal):
        table_for(6, {"table": {"mafia": 3, "neutral": 0}})
    with pytest.raises(Refusal):
        table_for(3, {})
    assert table_for(8, {"table": {"mafia": 2, "neutral": 2}}) == (2, 4, 2)


def test_boss_killer_and_agent_learn_each_other_at_the_start() -> None:
    for seed in range(20):
        state = api.new_game("guises", [(f"P{i}", "hero") for i in range(12)], seed=seed)
        trio = [p.pid for p in state.players if p.secret_role in ("boss", "killer", "agent")]
        if len(trio) == 3:
            told = [e for e in state.events if e.kind == "guises_contacts"]
            assert sorted(e.who for e in told) == sorted(trio)
            assert all(sorted([*e.params["pids"], e.who]) == sorted(trio) for e in told)
            return
    raise AssertionError("no table with the three")


def test_contacts_a_lone_boss_is_told_of_no_partners() -> None:
    """Контакты names the others of the three; a Босс alone (4–5 players) has none, so is told nothing
    (not «ваши сообщники — —»)."""
    state = api.new_game("guises", [(f"P{i}", "hero") for i in range(4)], seed=3)
    assert [p.secret_role for p in state.players].count("boss") == 1
    assert not [e for e in state.events if e.kind == "guises_contacts"]


def test_mafia_wins_when_all_the_law_is_dead(game) -> None:
    g = game(("hero", "killer"), ("hero", "officer"), ("hero", "boss"), ("hero", "agent"))
    g.do(0, "shotgun", target=1).resolve()
    assert g.state.status == "finished" and g.state.winners == ["mafia"]


def test_law_wins_when_all_the_mafia_is_dead(game) -> None:
    g = game(("hero", "killer"), ("hero", "officer"), ("hero", "forensic"), ("hero", "juror"), phase=2)
    for pid in (1, 2, 3):
        g.do(pid, "vote", target=0)
    g.resolve()
    assert g.state.winners == ["law"]


def test_the_game_ends_with_no_winner_when_nobody_can_win(game) -> None:
    """Neither the Мафия nor the Закон is left and no Маньяк: the Джокер alone cannot win — decision."""
    from engine.core.phase import kill
    from engine.rulesets.guises.steps import winners

    g = game(("hero", "killer"), ("hero", "officer"), ("hero", "joker"), ("hero", "forensic"))
    for pid in (0, 1, 3):
        kill(g.state, pid, "test")
    assert winners(g.state) == []
    for pid in (2,):
        kill(g.state, pid, "test")
    assert winners(g.state) == []


def test_a_hero_on_the_winning_side_gets_an_achievement(game) -> None:
    g = game(("hero", "killer"), ("hero", "officer"), ("hero", "boss"), ("hero", "agent"))
    g.do(0, "shotgun", target=1).resolve()
    assert [e["pid"] for e in g.public("hero_achievement")] == [0, 2, 3]


def test_messages_go_one_to_one_and_are_relayed_at_once(game) -> None:
    g = game(("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    api.act(g.state, 1, "whisper", {"to": 2, "text": "привет"})
    told = [e for e in g.state.events if e.kind == "whisper"]
    assert [(e.who, e.params) for e in told] == [(2, {"by": 1, "text": "привет"})]


def test_boss_killer_and_agent_talk_together(game) -> None:
    g = game(("hero", "boss"), ("hero", "killer"), ("hero", "agent"), ("hero", "traitor"), ("hero", "juror"))
    api.act(g.state, 0, "trio_note", {"text": "план"})
    assert sorted(e.who for e in g.state.events if e.kind == "trio_note") == [1, 2]
    with pytest.raises(Refusal):
        api.act(g.state, 3, "trio_note", {"text": "я с вами"})


def test_silence_forbids_messages(game) -> None:
    g = game(("hero", "boss"), ("hero", "forensic"), ("hero", "juror"))
    g.do(0, "silence_boss", target=1).resolve()
    with pytest.raises(Refusal):
        api.act(g.state, 1, "whisper", {"to": 2, "text": "помогите"})
