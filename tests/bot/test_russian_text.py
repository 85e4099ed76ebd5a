"""Russian that reads as Russian: plurals by CLDR rules, verbs that agree with the character, names where
no case ending is needed, and no «(а)», «(ы)», «(ов)» or dangling empty values — in both locales and in
every event the engine emits."""

from __future__ import annotations

import re
import string

import pytest

from engine.core.state import Event
from engine.sim import play_game
from tgbot.gender import guess
from tgbot.i18n import Count, Named, _catalog, is_choice, plural_category, t
from tgbot.render import PLAYER_KEYS, render

LANGS = ("ru", "en")
ALTERNATION = re.compile(r"\w\((а|я|ы|и|ов|ев|ей|ла|на|ло|о|ое|ая|ые|ь|ся|сь|ась|s|es)\)")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
DANGLING = re.compile(r" —[.;,)]|: [.;,]|— —|: —[.;,]?$|: —\n|\(\)|«—»|«»")
PLURAL_NEEDS = {"ru": {"one", "few", "many"}, "en": {"one", "other"}}


def choices(text: str) -> list[tuple[str, str]]:
    """Every `{name:spec}` whose spec is a choice of words."""
    return [(name, spec) for _lit, name, spec, _conv in string.Formatter().parse(text)
            if name and spec and is_choice(spec)]


def bad_parts(text: str) -> list[str]:
    return ALTERNATION.findall(text) + PLACEHOLDER.findall(text) + DANGLING.findall(text)


@pytest.mark.parametrize("lang", LANGS)
def test_locale_strings_have_no_alternations(lang):
    bad = {key: text for key, text in _catalog(lang).items() if ALTERNATION.search(text)}
    assert not bad


@pytest.mark.parametrize("lang", LANGS)
def test_every_choice_names_the_forms_its_language_needs(lang):
    for key, text in _catalog(lang).items():
        for name, spec in choices(text):
            forms = {part.split("=", 1)[0] for part in spec.split("|")}
            assert forms in ({"m", "f"}, PLURAL_NEEDS[lang], PLURAL_NEEDS[lang] | {"other"}), (key, name, forms)


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_formats_with_either_gender_and_any_number(lang):
    """Every placeholder of every string, as a character of either gender or as 0…25: no placeholder left,
    no alternation, no format error."""
    for key, text in _catalog(lang).items():
        names = {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}
        counted = {name for name, spec in choices(text) if "one=" in spec}
        for gender in ("m", "f"):
            for n in (0, 1, 2, 5, 11, 21, 22, 25):
                params = {name: n if name in counted else Named("Вера", gender) for name in names}
                out = t(lang, key, **params)
                assert not ALTERNATION.search(out) and not PLACEHOLDER.search(out), (key, out)


def test_plural_follows_the_number_in_russian():
    assert [t("ru", "ui.points", n=n) for n in (1, 2, 5, 11, 21, 22)] == [
        "1 балл", "2 балла", "5 баллов", "11 баллов", "21 балл", "22 балла"]
    assert [t("en", "ui.points", n=n) for n in (1, 2)] == ["1 point", "2 points"]
    assert plural_category("ru", 3) == "few" and Count(3, "ru") == 3


def event(**fields):
    return Event(seq=1, to="public", **fields)


def _games():
    for ruleset, players, seeds in (("micromafik", 8, range(6)), ("mafik", 15, range(4))):
        for seed in seeds:
            yield play_game(ruleset, players, seed).state


def test_every_simulated_event_reads_cleanly_in_both_languages_and_genders():
    kinds = set()
    for state in _games():
        for gender in ("m", "f"):
            for player in state.players:
                player.gender = gender
            for event in state.events:
                kinds.add(event.kind)
                for lang in LANGS:
                    text = render(state, event, lang)
                    assert not bad_parts(text), (event.kind, event.params, text)
    assert {"death", "damage_taken", "surveillance", "council_verdict", "game_over"} <= kinds


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_string_chooses_its_words_from_real_parameters(lang):
    """The events the simulations may not reach: each string's characters (a seat) and counted numbers
    (2), through the renderer, so a parameter that reaches a choice as text is caught."""
    state = next(_games())
    for key, text in _catalog(lang).items():
        table, _, kind = key.partition(".")
        if table not in ("event", "event_mafik") or "." in kind or "_no_" in kind:
            continue
        counted = {name for name, spec in choices(text) if "one=" in spec}
        names = {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}
        params = {name: 2 if name in counted else 0 for name in names & (PLAYER_KEYS | counted)}
        rendered = render(state, event(kind=kind, phase=1, params=params), lang)
        assert not ALTERNATION.search(rendered) and not PLACEHOLDER.search(rendered), (key, rendered)


def test_a_verb_agrees_with_the_character():
    state = next(_games())
    state.players[0].gender, state.players[1].gender = "f", "m"
    names = state.players[0].name, state.players[1].name
    assert render(state, event(kind="death", phase=1, params={"pid": 0}), "ru") == f"{names[0]} погибла."
    assert render(state, event(kind="death", phase=1, params={"pid": 1}), "ru") == f"{names[1]} погиб."
    surveil = event(kind="surveillance", phase=1, params={"target": 0, "cards": []})
    assert render(state, surveil, "ru") == f"Слежка: {names[0]} ничего не сыграла."


def test_empty_values_are_left_out():
    state = next(_games())
    damage = event(kind="damage_taken", phase=1, params={"amount": 1, "refills_cancelled": 1, "discarded": []})
    assert render(state, damage, "ru") == "Вы получили 1 урона, карты не сброшены; не добрано карт: 1."
    beaten = event(kind="beaten_colours", phase=1, params={"target": 0, "played": [], "discarded": []})
    assert "ничего не" in render(state, beaten, "ru") and "—" not in render(state, beaten, "ru")


def test_names_stand_where_they_need_no_case_ending():
    """No «за Вера Павловна»: a name after a preposition or as a genitive would need declining."""
    after = re.compile(r"(?<![\w-])(за|для|от|у|против|на|из рукава|колоды|персонажа|персонажу) <?b?>?\{(target|to|pid|"
                       r"sender|actor|name|subject|voter|targets|members|names|by|shooter|pids)\}")
    bad = {key: text for key, text in _catalog("ru").items() if after.search(text)}
    assert not bad


@pytest.mark.parametrize(("name", "gender"), [
    ("Вера Павловна", "f"), ("Анна", "f"), ("Любовь", "f"), ("Иван Петрович", "m"), ("Никита", "m"),
    ("Илья", "m"), ("Доктор Ватсон", "m"), ("Саша", None), ("Женя", None), ("Alice", None), ("Игорь", None)])
def test_gender_is_guessed_from_the_name_or_left_to_ask(name, gender):
    assert guess(name) == gender
