"""Мафик in the bot without Telegram: the role messages, the deck builder's limits and reasons, the
"(Другой)" title, card look-ups across rule sets."""

from __future__ import annotations

import re

import pytest

from engine.core import api
from engine.core.state import GameState
from engine.rulesets.mafik.roles import priority
from tgbot import gamedata
from tgbot.render import render
from tgbot.ui import deck as ui

ROLES = ["engineer", "genius", "croupier", "avenger", "authority", "lawyer", "monk", "highlander", "lazybones",
         "psychic", "sociopath", "banker", "cultist", "politician", "other:Лесник", "other:Атаман"]


def game(players: int = 16, seed: int = 3) -> GameState:
    return api.new_game("mafik", [(f"Игрок {i}", role) for i, role in enumerate(ROLES[:players])], seed=seed)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_secret_role_message_says_role_colours_knowledge_and_perk(lang):
    state = game()
    factions = set()
    for event in state.events:
        text = render(state, event, lang)
        assert text.strip() and not re.search(r"\{\w+\}", text), (event.kind, text)
        if event.kind == "role_assigned":
            factions.add(event.params["faction"])
            player = state.player(int(str(event.who)))
            assert "<b>" in text and ("Цвета:" in text if lang == "ru" else "Colours:" in text)
            if player.public_role == "other":
                assert f"<b>{player.role_title}</b>" in text
        if event.kind == "mafia_team":
            assert text.count("•") == 4
    assert factions == {"mafia", "law", "maniac", "traitor"}
    ru = "\n".join(render(state, e, "ru") for e in state.events if e.kind == "role_assigned")
    assert "очко Крови" in ru and "узнаёте одного случайного игрока" in ru and "в начале первой ночи" in ru


def test_mafia_learn_decks_hands_and_sleeves_at_the_first_night():
    state = game()
    api.deck_auto_all(state)
    intel = [e for e in state.events if e.kind == "mafia_intel"]
    assert len(intel) == 4
    text = render(state, intel[0], "ru")
    assert "колода:" in text and "рука:" in text and ("рукав:" in text or "рукав пуст." in text) and "{" not in text
    deck = next(e for e in state.events if e.kind == "deck_built")
    assert "×" in render(state, deck, "ru") or len(set(deck.params["cards"])) == len(deck.params["cards"])


def test_other_titles_order_ties_alphabetically_and_must_differ():
    state = game()
    others = sorted((p for p in state.players if p.public_role == "other"), key=priority)
    assert [p.role_title for p in others] == ["Атаман", "Лесник"]
    with pytest.raises(Exception, match="taken"):
        api.new_game("mafik", [(f"И{i}", "other:Вор" if i < 2 else ROLES[i]) for i in range(13)], seed=1)


def _limits(state: GameState, pid: int) -> dict[str, int | None]:
    return {limit.label: limit.most for limit in api.deck_rules(state, pid).limits}


def _own(state: GameState, pid: int) -> tuple[str, ...]:
    return api.deck_rules(state, pid).own


def test_builder_limits_and_reasons():
    state = game()
    pid = next(p.pid for p in state.players if p.public_role == "genius")
    assert _limits(state, pid) == {"paid": 12, "free": 5, "other": 2}
    croupier = next(p.pid for p in state.players if p.public_role == "croupier")
    assert _limits(state, croupier)["other"] == 4
    plain = [p for p in state.players if p.public_role not in ("genius", "croupier")]
    law = next(p for p in plain if p.faction == "law" and not {"damage", "defence"} & set(_own(state, p.pid)))
    problem = ui.add_problem(state, law.pid, ["pistol", "pistol"], "pistol")
    assert problem is not None and problem["reason"] == "too_many_copies" and problem["max"] == 2
    assert ui.deck_reason("ru", "mafik", problem).endswith("Не больше 2 копий одной карты.")
    problem = ui.add_problem(state, law.pid, ["pistol", "pistol"], "bunker")
    assert problem == {"reason": "other_colours", "have": 3, "max": 2}
    hitter = next(p.pid for p in plain if "damage" in _own(state, p.pid))
    assert ui.add_problem(state, hitter, ["shiv", "shiv", "street_fight"], "phone_call") == {
        "reason": "too_many_free", "have": 4, "max": 3}
    full = ["dummy", "dummy", "mulligan", "mulligan", "seek", "seek", "concentration", "concentration", "plan_b",
            "plan_b", "meditation", "meditation", "true_balance", "true_balance", "breach"]
    assert ui.add_problem(state, law.pid, full, "breach") == {"reason": "deck_full", "have": 16, "max": 15}
    assert ui.add_problem(state, law.pid, full, "phone_call") is None
    pool = api.deck_rules(state, law.pid).pool
    assert ui.add_problem(state, law.pid, [], "scouting") is not None or "scouting" not in pool
    rules = api.ruleset_of(state)
    assert not any(c.id in pool for c in rules.catalog if c.colour == "unique" or not rules.is_implemented(c.id))
    killer = next(p.pid for p in state.players if p.secret_role == "killer")
    assert ui.add_problem(state, killer, ["pistol"] * 4, "pistol") is None
    assert ui.add_problem(state, killer, ["pistol"] * 5, "pistol") is not None


def test_tabs_put_own_colours_first_then_neutral():
    state = game()
    for player in state.players:
        tabs = list(api.deck_rules(state, player.pid).colours)
        own = [c for c in _own(state, player.pid) if c in tabs]
        assert tabs[:len(own)] == own and tabs[len(own)] == "neutral"


def test_a_new_deck_is_offered_when_the_deck_is_empty_or_a_card_allows_it():
    state = game()
    api.deck_auto_all(state)
    player = state.player(0)
    assert not api.deck_rules(state, 0).rebuild and ui.rebuild_row({"id": 1}, state, 0, "ru") == []
    state.add_effect("may_rebuild", target=0, start=state.phase, end=state.phase + 1)
    assert api.deck_rules(state, 0).rebuild
    state.effects.clear()
    player.deck = []
    rows = ui.rebuild_row({"id": 1}, state, 0, "ru")
    assert rows and rows[0][0].text == "🃏 Собрать новую колоду"


def test_look_ups_are_fuzzy_and_cross_rule_set():
    assert gamedata.search_cards("пистолет", prefer="mafik")[:2] == [("mafik", "pistol"), ("micromafik", "pistol")]
    assert gamedata.search_cards("пистолет", prefer="micromafik")[0] == ("micromafik", "pistol")
    assert gamedata.search_cards("пстолет")[0][1] == "pistol"  # a typo
    assert gamedata.search_cards("coup de grace")[0] == ("mafik", "coup_de_grace")
    assert gamedata.search_cards("<b>Письмо</b>") == []
    assert gamedata.twin("mafik", "pistol") == "micromafik" and gamedata.twin("mafik", "shiv") is None
    text = ui.card_info("mafik", "berserk", "ru", with_ruleset=True)
    assert text.startswith("<b>Берсерк</b>\n<i>Мафик · Урон · Цена 2 · Свободная · Мирная</i>")
    assert gamedata.public_role_label("mafik", "other:Лесник", "ru") == "Лесник"
    assert gamedata.public_role_label("mafik", "other", "en", "Forester") == "Forester"
    assert gamedata.public_role_label("mafik", "engineer", "en") == "Engineer"
