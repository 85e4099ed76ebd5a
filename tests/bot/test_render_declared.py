"""A rule set words its events as data (engine/core/wording.py) and the bot applies it: every declared
format is an event the rule set emits and names locale keys that exist; a format the bot has no code for
words its event all the same."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from engine.core import api
from engine.core.ruleset import get_ruleset, ruleset_names
from engine.core.state import Event, GameState
from engine.core.wording import WHO, Each, EventFormat, First, Line, Value
from engine.sim import play_game
from tgbot.i18n import keys
from tgbot.render import render

ROOT = Path(__file__).resolve().parents[2]
SHARED_LAYERS = ("engine/core", "engine/cardgame")  # what every rule set's game may emit besides its own


def emitted_kinds(ruleset: str) -> set[str]:
    """Every event kind named as a literal in an `.emit(…)` of the rule set's package or the shared layers, or
    in a `.tell(…)` (the first literal: a classic move's `tell(kind)`, a card play's `tell(pid, kind)`)."""
    found = set()
    for folder in (f"engine/rulesets/{ruleset}", *SHARED_LAYERS):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                    continue
                if node.func.attr == "emit" and node.args and isinstance(node.args[0], ast.Constant):
                    found.add(str(node.args[0].value))
                elif node.func.attr == "tell":
                    literal = next((a for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)),
                                   None)
                    if literal is not None:
                        found.add(str(literal.value))
    return found


@pytest.mark.parametrize("ruleset", ruleset_names())
def test_every_declared_format_is_an_event_its_rule_set_emits(ruleset: str) -> None:
    formats = api.event_formats(ruleset)
    assert {f.kind for f in formats} <= emitted_kinds(ruleset)
    assert len({f.kind for f in formats}) == len(formats), "one format per kind"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("ruleset", ruleset_names())
def test_every_locale_key_a_format_names_exists(ruleset: str, lang: str) -> None:
    named = {key for f in api.event_formats(ruleset) for key in f.locale_keys()}
    assert named - keys(lang) == set()


def test_both_rule_sets_declare_their_own_wording() -> None:
    assert api.event_format("mafik", "council_verdict") is not None
    assert api.event_format("micromafik", "council_result") is not None
    assert api.event_format("micromafik", "death") is None


def test_a_line_must_restrict_the_parameters_its_key_names() -> None:
    with pytest.raises(ValueError, match="decided_by"):
        Line("vote_why.micro_{decided_by}")
    line = Line("vote_why.micro_{decided_by}", when={"decided_by": ("tie", "default")})
    assert set(line.locale_keys()) == {"vote_why.micro_tie", "vote_why.micro_default"}


# ---------------------------------------------------------------- formats the bot has no code for

@pytest.fixture(scope="module")
def game() -> GameState:
    return play_game("micromafik", 8, 0).state


@pytest.fixture
def declare(monkeypatch: pytest.MonkeyPatch):
    """Give the game's rule set these formats instead of its own."""
    def set_formats(*formats: EventFormat) -> None:
        monkeypatch.setattr(type(get_ruleset("micromafik")), "event_formats", formats)
    return set_formats


def words(state: GameState, kind: str, params: dict[str, Any], *, to: str = "public", who: int | None = None,
          lang: str = "ru") -> str:
    return render(state, Event(seq=1, phase=1, kind=kind, to=to, who=who, params=params), lang)


def test_a_declared_format_words_an_event_the_bot_knows_nothing_of(game: GameState, declare) -> None:
    declare(EventFormat("omen", key="ui.verdict", params={
        "pid": Value("player", source="victim"), "punishment": Value("punishment", source="how")}))
    assert words(game, "omen", {"victim": 0, "how": "execution"}) == "Наказание — Игрок 1: казнь."
    assert words(game, "omen", {"victim": 0, "how": "execution"}, lang="en") == "Punished: Игрок 1 — execution."


def test_a_declared_kind_overrides_what_the_name_would_say(game: GameState, declare) -> None:
    """`discarded` is cards by its name; declared as colours it is colour words."""
    declare(EventFormat("beaten_colours", params={"played": Value("colours"), "discarded": Value("colours")}))
    text = words(game, "beaten_colours", {"target": 1, "played": ["attack"], "discarded": ["defence", "info"]})
    assert "Атака" in text and "Защита, Информация" in text


def test_a_line_words_only_when_its_conditions_hold(game: GameState, declare) -> None:
    declare(EventFormat("omen", key="ui.verdict", params={
        "punishment": Line("vote_why.micro_{how}", lead="!", needs=("pid",), when={"how": ("tie",)},
                           params={"count": Value("number", source="n")})}))
    assert words(game, "omen", {"pid": 0, "how": "tie", "n": 2.5}) == "Наказание — Игрок 1: !" \
        "Голоса за казнь и избиение разделились поровну (по 2.5) — по правилам это казнь.."
    assert words(game, "omen", {"pid": 0, "how": "votes", "n": 2}) == "Наказание — Игрок 1: ."
    assert words(game, "omen", {"pid": None, "how": "tie", "n": 2}) == "Наказание — —: ."


def test_first_takes_the_first_line_that_applies(game: GameState, declare) -> None:
    declare(EventFormat("omen", key="ui.verdict", params={"punishment": First((
        Line("punishment.execution", when={"x": (1,)}), Line("punishment.beating", needs=("y",))))}))
    assert words(game, "omen", {"pid": 0, "x": 1, "y": 1}).endswith(": казнь.")
    assert words(game, "omen", {"pid": 0, "x": 2, "y": 1}).endswith(": избиение.")
    assert words(game, "omen", {"pid": 0, "x": 2}).endswith(": .")


def test_each_words_every_item_with_its_fields(game: GameState, declare) -> None:
    declare(EventFormat("omen", key="ui.verdict", params={"punishment": Each("items", Line(
        "ui.verdict", params={"pid": Value("player", source="who"), "punishment": Value("punishment", source="p")}),
        sep=" / ")}))
    text = words(game, "omen", {"pid": 2, "items": [{"who": 0, "p": "execution"}, {"who": 1, "p": "beating"}]})
    assert text == "Наказание — Игрок 3: Наказание — Игрок 1: казнь. / Наказание — Игрок 2: избиение.."


def test_values_joined_counted_and_looked_up(game: GameState, declare) -> None:
    declare(EventFormat("omen", key="ui.verdict", params={
        "pid": Value("punishments", source="tied", joined_by="vote_why.and"),
        "punishment": Value("counted_cards", source="cards")}))
    text = words(game, "omen", {"tied": ["execution", "beating"], "cards": ["pistol", "assault", "pistol"]})
    assert text == "Наказание — казнь и избиение: Нападение, Пистолет ×2."
    declare(EventFormat("omen", key="ui.verdict", params={
        "pid": Value("number", source="weights", at="tied"), "punishment": Value("cards", empty="ui.verdict_nobody")}))
    assert words(game, "omen", {"weights": {"beating": 3}, "tied": ["beating"], "punishment": []}) == \
        "Наказание — 3: Никто не наказан.."
    assert words(game, "omen", {"weights": {}, "tied": ["beating"], "punishment": ["pistol"]}) == \
        "Наказание — 0: Пистолет."


def test_the_events_own_player_is_read_only_for_an_event_to_one_player(game: GameState, declare) -> None:
    state = game.model_copy(deep=True)
    state.players[0].public_role, state.players[0].role_title = "other", "Бард"
    declare(EventFormat("omen", key="ui.verdict", params={
        "pid": Value("public_role", source=WHO), "punishment": Value("perk", source=WHO, empty="secret.no_perk")}))
    assert words(state, "omen", {}, to="player", who=0) == "Наказание — Бард: без особых способностей.."
    assert words(state, "omen", {"punishment": "execution"}, to="public") == "Наказание — : казнь."
