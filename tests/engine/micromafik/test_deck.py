"""Deck building and the start, through engine.core.api (seeds/002_…, "Колода", "Мафия", "Роли").

Law draws its deck by 10 picks, each from an offer of 2 random cards; mafia chooses 10 cards of
its own colours and exactly 1 of each other colour, at most 2 copies of a card. Then every deck is
shuffled, everyone takes 5 cards (Пришелец 6) and night 1 begins; the mafia learn each other.
"""

from collections import Counter

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.state import GameState
from engine.core.views import events_for
from engine.rulesets.micromafik.registry import CATALOG
from engine.rulesets.micromafik.roles import PUBLIC_ROLES

ROLES = list(PUBLIC_ROLES)


def new(count: int = 8, seed: int = 11, roles: list[str] | None = None) -> GameState:
    chosen = roles if roles is not None else ROLES[:count]
    return api.new_game("micromafik", [(f"P{i}", r) for i, r in enumerate(chosen)], seed=seed)


def refused(fn, *args) -> Refusal:  # type: ignore[no-untyped-def]
    try:
        fn(*args)
    except Refusal as refusal:
        return refusal
    raise AssertionError("accepted")


def of(colour: str) -> list[str]:
    return [c.id for c in CATALOG if c.colour == colour]


def mafia_deck(own: tuple[str, str], others: tuple[str, str]) -> list[str]:
    """A legal mafia choice: 5 + 5 cards of the own colours (one copy each), 1 of each other colour."""
    return of(own[0])[:5] + of(own[1])[:5] + [of(others[0])[0], of(others[1])[0]]


def boss_deck() -> list[str]:
    return mafia_deck(("support", "info"), ("attack", "defence"))


def killer_deck() -> list[str]:
    return mafia_deck(("attack", "defence"), ("support", "info"))


def by_role(state: GameState, secret: str) -> int:
    return next(p.pid for p in state.players if p.secret_role == secret)


def law(state: GameState) -> list[int]:
    return [p.pid for p in state.players if p.faction == "law"]


def draft_all(state: GameState, pid: int) -> list[str]:
    """Take the first card of every offer; return the picks."""
    picks = []
    for _ in range(10):
        building = state.player(pid).building
        assert building is not None
        picks.append(building.offer[0])
        api.deck_pick(state, pid, building.offer[0])
    return picks


def build_everything(state: GameState) -> None:
    for pid in law(state):
        draft_all(state, pid)
    api.deck_build(state, by_role(state, "boss"), boss_deck())
    api.deck_build(state, by_role(state, "killer"), killer_deck())


# ---------------------------------------------------------------- new_game


def test_new_game_eight_players_two_mafia_boss_and_killer_the_rest_law():
    state = new(8)
    assert state.status == "setup" and state.phase == 0
    assert Counter(p.secret_role for p in state.players) == {"boss": 1, "killer": 1, "lawman": 6}
    assert Counter(p.faction for p in state.players) == {"mafia": 2, "law": 6}


def test_new_game_each_player_learns_only_his_own_secret_role():
    state = new(8)
    for player in state.players:
        (assigned,) = [e for e in events_for(state, player.pid) if e.kind == "role_assigned"]
        assert assigned.who == player.pid
        assert assigned.params["secret_role"] == player.secret_role


def test_new_game_four_to_fifteen_players_always_two_mafia():
    for count in (4, 15):
        state = new(count)
        assert len(state.players) == count
        assert Counter(p.faction for p in state.players) == {"mafia": 2, "law": count - 2}


def test_new_game_fewer_than_four_players_refused():
    refusal = refused(new, 3)
    assert (refusal.code, refusal.params["reason"], refusal.params["min"]) == ("bad_param", "count", 4)


def test_new_game_more_than_fifteen_players_refused():
    players = [(f"P{i}", ROLES[i % len(ROLES)]) for i in range(16)]
    refusal = refused(lambda: api.new_game("micromafik", players, seed=1))
    assert (refusal.code, refusal.params["reason"], refusal.params["max"]) == ("bad_param", "count", 15)


def test_new_game_public_roles_are_unique():
    refusal = refused(new, 8, 11, ["hero", "hero", *ROLES[:6]])
    assert (refusal.code, refusal.params["param"], refusal.params["reason"]) == ("bad_param", "public_role", "taken")


def test_new_game_unknown_public_role_refused():
    refusal = refused(new, 8, 11, ["king", *ROLES[:7]])
    assert (refusal.code, refusal.params["reason"]) == ("bad_param", "unknown")


def test_new_game_secret_roles_depend_on_the_seed_only():
    assert [p.secret_role for p in new(8, seed=5).players] == [p.secret_role for p in new(8, seed=5).players]
    layouts = {tuple(p.secret_role for p in new(8, seed=s).players) for s in range(12)}
    assert len(layouts) > 1


# ---------------------------------------------------------------- the law draft


def test_law_draft_offers_two_different_cards_of_the_collection():
    state = new()
    for pid in law(state):
        building = state.player(pid).building
        assert building is not None and building.mode == "draft"
        assert len(building.offer) == 2 and len(set(building.offer)) == 2
        assert all(card in CATALOG for card in building.offer)
        offers = [e for e in events_for(state, pid) if e.kind == "draft_offer"]
        assert offers[-1].params == {"options": building.offer, "pick": 1, "of": 10}


def test_law_draft_ten_picks_make_the_deck():
    state = new()
    pid = law(state)[0]
    picks = draft_all(state, pid)
    player = state.player(pid)
    assert player.building is not None and player.building.done
    assert player.building.offer == []
    assert player.deck_choice == picks
    assert len(picks) == 10


def test_law_draft_each_pick_gets_a_new_offer():
    state = new()
    pid = law(state)[0]
    api.deck_pick(state, pid, state.player(pid).building.offer[1])  # type: ignore[union-attr]
    offers = [e for e in events_for(state, pid) if e.kind == "draft_offer"]
    assert [e.params["pick"] for e in offers] == [1, 2]
    assert state.player(pid).building.offer == offers[-1].params["options"]  # type: ignore[union-attr]


def test_law_draft_card_not_offered_refused():
    state = new()
    pid = law(state)[0]
    offer = state.player(pid).building.offer  # type: ignore[union-attr]
    outside = next(c for c in CATALOG.ids() if c not in offer)
    refusal = refused(api.deck_pick, state, pid, outside)
    assert (refusal.code, refusal.params["reason"], refusal.params["card"]) == ("deck_invalid", "not_offered", outside)
    assert state.player(pid).building.picks == []  # type: ignore[union-attr]


def test_law_draft_no_eleventh_pick():
    state = new()
    pid = law(state)[0]
    draft_all(state, pid)
    refusal = refused(api.deck_pick, state, pid, "pistol")
    assert (refusal.code, refusal.params["reason"]) == ("deck_invalid", "already_built")


def test_law_cannot_choose_a_deck_freely():
    state = new()
    refusal = refused(api.deck_build, state, law(state)[0], killer_deck())
    assert refusal.code == "not_allowed"


# ---------------------------------------------------------------- the mafia's choice


def test_mafia_choice_legal_deck_accepted():
    state = new()
    boss = by_role(state, "boss")
    api.deck_build(state, boss, boss_deck())
    player = state.player(boss)
    assert player.building is not None and player.building.done
    assert player.deck_choice == boss_deck()
    assert len(player.deck_choice) == 12


def test_mafia_choice_up_to_two_copies_accepted():
    state = new()
    killer = by_role(state, "killer")
    deck = of("attack")[:3] * 2 + of("defence")[:4] + ["payment", "letter"]
    api.deck_build(state, killer, deck)
    assert state.player(killer).deck_choice == deck


def test_mafia_choice_needs_exactly_ten_own_colour_cards():
    state = new()
    boss = by_role(state, "boss")
    short = refused(api.deck_build, state, boss, boss_deck()[1:])
    assert (short.code, short.params["reason"], short.params["have"], short.params["need"]) == (
        "deck_invalid", "own_colour_count", 9, 10)
    long = refused(api.deck_build, state, boss, [*boss_deck(), of("info")[5]])
    assert (long.params["reason"], long.params["have"]) == ("own_colour_count", 11)


def test_mafia_choice_needs_exactly_one_card_of_each_other_colour():
    state = new()
    boss = by_role(state, "boss")
    missing = [c for c in boss_deck() if CATALOG[c].colour != "defence"]
    refusal = refused(api.deck_build, state, boss, missing)
    assert (refusal.code, refusal.params["reason"], refusal.params["colour"], refusal.params["have"]) == (
        "deck_invalid", "other_colour_count", "defence", 0)
    extra = refused(api.deck_build, state, boss, [*boss_deck(), of("attack")[1]])
    assert (extra.params["reason"], extra.params["colour"], extra.params["have"]) == ("other_colour_count", "attack", 2)


def test_mafia_choice_at_most_two_copies_of_a_card():
    state = new()
    boss = by_role(state, "boss")
    deck = ["payment"] * 3 + of("support")[1:4] + of("info")[:4] + ["pistol", "block"]
    refusal = refused(api.deck_build, state, boss, deck)
    assert (refusal.code, refusal.params["reason"], refusal.params["card"], refusal.params["max"]) == (
        "deck_invalid", "too_many_copies", "payment", 2)


def test_mafia_choice_unknown_card_refused():
    state = new()
    refusal = refused(api.deck_build, state, by_role(state, "boss"), [*boss_deck()[1:], "king"])
    assert (refusal.code, refusal.params["reason"]) == ("deck_invalid", "unknown_card")


def test_mafia_choice_refused_leaves_building_open():
    state = new()
    boss = by_role(state, "boss")
    refused(api.deck_build, state, boss, boss_deck()[1:])
    api.deck_build(state, boss, boss_deck())
    assert state.player(boss).building.done  # type: ignore[union-attr]


def test_mafia_cannot_draft():
    state = new()
    refusal = refused(api.deck_pick, state, by_role(state, "killer"), "pistol")
    assert refusal.code == "not_allowed"


# ---------------------------------------------------------------- the deadline default


def test_deck_auto_all_finishes_every_deck_legally_and_starts():
    state = new()
    api.deck_auto_all(state)
    assert state.status == "running" and state.phase == 1
    for player in state.players:
        assert player.building is not None and player.building.done
        if player.faction == "law":
            assert len(player.deck_choice) == 10
        else:
            assert api.deck_problem(state, player.pid, player.deck_choice) is None
            assert len(player.deck_choice) == 12


def test_deck_auto_all_keeps_what_was_already_built():
    state = new()
    boss = by_role(state, "boss")
    api.deck_build(state, boss, boss_deck())
    first = law(state)[0]
    api.deck_pick(state, first, state.player(first).building.offer[0])  # type: ignore[union-attr]
    picked = list(state.player(first).building.picks)  # type: ignore[union-attr]
    api.deck_auto_all(state)
    assert state.player(boss).deck_choice == boss_deck()
    assert state.player(first).deck_choice[:1] == picked
    assert len(state.player(first).deck_choice) == 10


def test_deck_auto_all_after_the_start_refused():
    state = new()
    api.deck_auto_all(state)
    assert refused(api.deck_auto_all, state).code == "not_deck_building"


def test_no_play_during_deck_building():
    state = new()
    refusal = refused(api.resolve, state)
    assert refusal.code == "game_not_running"


# ---------------------------------------------------------------- the start


def test_start_when_the_last_deck_is_built():
    state = new()
    build_everything(state)
    assert state.status == "running"
    assert state.phase == 1
    assert [e.params for e in state.events if e.kind == "phase_started"] == [{"phase": 1, "night": True, "day": 1}]


def test_start_not_before_every_deck_is_built():
    state = new()
    for pid in law(state):
        draft_all(state, pid)
    api.deck_build(state, by_role(state, "boss"), boss_deck())
    assert state.status == "setup"
    assert all(p.hand == [] for p in state.players)


def test_start_five_cards_in_hand_the_rest_in_the_deck():
    state = new(roles=ROLES[1:9])  # no Пришелец
    build_everything(state)
    for player in state.players:
        if player.public_role == "alien":
            continue
        assert len(player.hand) == 5
        assert len(player.deck) == len(player.deck_choice) - 5
        assert sorted(c.card for c in player.hand + player.deck) == sorted(player.deck_choice)


def test_start_alien_takes_six_cards():
    state = new(roles=ROLES[:8])
    build_everything(state)
    alien = next(p for p in state.players if p.public_role == "alien")
    assert len(alien.hand) == 6
    assert len(alien.deck) == len(alien.deck_choice) - 6


def test_start_decks_are_shuffled():
    shuffled = 0
    for seed in range(5):
        state = new(seed=seed)
        build_everything(state)
        for player in state.players:
            if [c.card for c in player.hand + player.deck] != player.deck_choice:
                shuffled += 1
    assert shuffled >= 35  # of 40 decks; an unshuffled deck keeps the chosen order


def test_start_is_deterministic_for_a_seed():
    one, two = new(seed=9), new(seed=9)
    build_everything(one)
    build_everything(two)
    assert one.model_dump_json() == two.model_dump_json()


# ---------------------------------------------------------------- the mafia learn each other


def test_mafia_learn_each_other_at_the_start():
    state = new()
    build_everything(state)
    boss, killer = by_role(state, "boss"), by_role(state, "killer")
    (team,) = [e for e in state.events if e.kind == "mafia_team"]
    assert (team.to, team.who, team.phase) == ("faction", "mafia", 1)
    assert sorted(m["pid"] for m in team.params["members"]) == sorted([boss, killer])
    for member in team.params["members"]:
        player = state.player(member["pid"])
        assert (member["secret_role"], member["public_role"]) == (player.secret_role, player.public_role)


def test_mafia_do_not_know_each_other_during_deck_building():
    state = new()
    assert [e for e in state.events if e.kind in ("mafia_team", "mafia_intel")] == []


def test_mafia_learn_each_others_deck_and_hand_at_the_start():
    state = new()
    build_everything(state)
    intel = [e for e in state.events if e.kind == "mafia_intel"]
    assert sorted(e.params["pid"] for e in intel) == sorted([by_role(state, "boss"), by_role(state, "killer")])
    for event in intel:
        player = state.player(event.params["pid"])
        assert (event.to, event.who, event.phase) == ("faction", "mafia", 1)
        assert event.params["hand"] == [c.card for c in player.hand]
        assert event.params["deck"] == sorted(c.card for c in player.deck)


def test_mafia_team_and_intel_are_seen_by_the_mafia_only():
    state = new()
    build_everything(state)
    for player in state.players:
        kinds = {e.kind for e in events_for(state, player.pid)}
        secret = {"mafia_team", "mafia_intel"} & kinds
        assert secret == ({"mafia_team", "mafia_intel"} if player.faction == "mafia" else set())
