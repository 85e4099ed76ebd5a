"""A rule set's own strings live in its package (`<package>/locales/<lang>.toml`) and join the bot's
catalog; no key may be defined twice, by the bot and a rule set or by two rule sets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core import api
from engine.core.ruleset import ruleset_names
from tgbot import i18n


@pytest.fixture
def fresh_catalog() -> Iterator[None]:
    """The catalog is cached: each test loads it anew, and the real one is loaded again afterwards."""
    i18n._catalog.cache_clear()
    yield
    i18n._catalog.cache_clear()


def _rule_sets(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, files: dict[str, str | None]) -> None:
    """Rule sets by name, each with its ru locale file's text (None: no locales folder)."""
    for name, text in files.items():
        (tmp_path / name).mkdir()
        if text is not None:
            (tmp_path / name / "locales").mkdir()
            (tmp_path / name / "locales" / "ru.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "ruleset_names", lambda: tuple(files))
    monkeypatch.setattr(i18n.api, "package_dir", lambda name: tmp_path / name)


def test_each_rule_set_with_a_locales_folder_adds_its_file() -> None:
    files = i18n.locale_files("ru")
    assert files[0] == i18n.LOCALES_DIR / "ru.toml"
    own = [api.package_dir(name) / "locales" / "ru.toml" for name in ruleset_names()]
    assert [f for f in files[1:] if f.name == "ru.toml"] == [path for path in own if path.is_file()]
    assert api.package_dir("mafik") / "locales" / "ru.toml" in files


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_rule_sets_own_strings_are_in_the_catalog(lang: str) -> None:
    assert i18n.has(lang, "panel_mafik.deck") and i18n.has(lang, "panel_micromafik.points_deck")
    assert i18n.t("ru", "panel_micromafik.points_deck", balance=2, deck=5, limit=1) == \
        "Баллы: 2 · карт в колоде: 5 · карт за фазу: 1"


def test_a_rule_set_without_a_locales_folder_adds_nothing(monkeypatch, tmp_path, fresh_catalog) -> None:
    _rule_sets(monkeypatch, tmp_path, {"alpha": '[panel_alpha]\nhp = "Жизни: {n}"\n', "beta": None})
    assert i18n.locale_files("ru") == [i18n.LOCALES_DIR / "ru.toml", tmp_path / "alpha" / "locales" / "ru.toml"]
    assert i18n.t("ru", "panel_alpha.hp", n=3) == "Жизни: 3"


def test_a_key_the_bot_defines_is_refused_in_a_rule_sets_file(monkeypatch, tmp_path, fresh_catalog) -> None:
    _rule_sets(monkeypatch, tmp_path, {"alpha": '[ui]\nempty = "ничего"\n'})
    with pytest.raises(ValueError, match=r"'ui\.empty' is defined in .*ru\.toml and in .*alpha"):
        i18n.t("ru", "ui.empty")


def test_a_key_two_rule_sets_define_is_refused(monkeypatch, tmp_path, fresh_catalog) -> None:
    _rule_sets(monkeypatch, tmp_path, {"alpha": '[act]\nhit = "Удар"\n', "beta": '[act]\nhit = "Удар"\n'})
    with pytest.raises(ValueError, match=r"'act\.hit' is defined in .*alpha.* and in .*beta"):
        i18n.keys("ru")


def test_a_rule_set_may_split_its_strings_into_a_folder_per_language(monkeypatch, tmp_path, fresh_catalog) -> None:
    _rule_sets(monkeypatch, tmp_path, {"alpha": '[panel_alpha]\nhp = "Жизни: {n}"\n'})
    folder = tmp_path / "alpha" / "locales" / "ru"
    folder.mkdir()
    (folder / "b_cards.toml").write_text('[event]\nalpha_hit = "Удар: {n}"\n', encoding="utf-8")
    (folder / "a_cards.toml").write_text('[event]\nalpha_heal = "Лечение: {n}"\n', encoding="utf-8")
    assert i18n.locale_files("ru") == [i18n.LOCALES_DIR / "ru.toml", tmp_path / "alpha" / "locales" / "ru.toml",
                                       folder / "a_cards.toml", folder / "b_cards.toml"]
    assert i18n.t("ru", "event.alpha_hit", n=2) == "Удар: 2"
    assert i18n.t("ru", "event.alpha_heal", n=1) == "Лечение: 1"


def test_a_key_defined_twice_in_a_rule_sets_folder_is_refused(monkeypatch, tmp_path, fresh_catalog) -> None:
    _rule_sets(monkeypatch, tmp_path, {"alpha": None})
    folder = tmp_path / "alpha" / "locales" / "ru"
    folder.mkdir(parents=True)
    (folder / "one.toml").write_text('[event]\nalpha_hit = "Удар"\n', encoding="utf-8")
    (folder / "two.toml").write_text('[event]\nalpha_hit = "Тоже удар"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"'event\.alpha_hit' is defined in .*one\.toml and in .*two\.toml"):
        i18n.t("ru", "event.alpha_hit")
