"""The Мафик collection as data: all 264 cards, named as in the seed (its typos corrected), in a valid schema."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from engine.core.cards import DATA_DIR, CardCatalog
from tests.engine.test_card_texts import corrected

ROOT = Path(__file__).resolve().parents[3]
SEED = ROOT.parent / "shared" / "seeds" / "000_c570546acaabf30d.txt"
COLOURS = {"Урон": "damage", "Защита": "defence", "Разведка": "intel", "Маскировка": "disguise",
           "Контроль": "control", "Хаос": "chaos", "Поддержка": "support", "Усиление": "boost",
           "Нейтральные": "neutral"}
TAGS = {"day", "strict_day", "free", "peaceful", "accusation", "upper", "lower", "self_ok", "cost_x",
        "once_per_game", "no_stack", "check"}
TAGS |= {"guess"}  # names a target's secret role to hit (Безликий refuses it): docs/mafik-data.md
TAGS |= {"no_transform", "no_as", "no_discard", "hand_bottom"}  # what one copy is (the Долг): docs/mafik-data.md
KINDS = {"target", "targets", "any_living", "dead_target", "dead_targets", "accusation", "accusations", "card_names", "card_name",
         "card_effect", "secret_role", "secret_roles", "role_map", "colour", "colours", "stance", "chat_room",
         "number", "choice", "flag", "message", "messages", "hand_cards", "sleeve_cards", "target_cards",
         "past_phase", "past_phases", "phase_cards", "own_cards", "card_multiset"}
WHO = {"mafia", "law", "maniac", "traitor", "boss", "advisor", "spy", "killer", "officer", "sheriff", "commissar",
       "judge", "vigilante", "policeman", "investigator", "detective"}
UNIQUE_ROLES = {"Босс": "boss", "Советник": "advisor", "Шпион": "spy", "Киллер": "killer", "Офицер": "officer",
                "Вигиланте": "vigilante", "Шериф": "sheriff", "Комиссар": "commissar", "Судья": "judge",
                "Полицейский": "policeman", "Следователь": "investigator", "Сыщик": "detective",
                "Маньяк": "maniac", "Предатель": "traitor"}


def seed_cards() -> dict[str, list[str]]:
    """Card names per colour, as the seed lists them (the first line of each block)."""
    text = corrected(SEED.read_text(encoding="utf-8"))
    parts = re.split(r"^==== (.+?) ====\s*$", text, flags=re.M)
    names: dict[str, list[str]] = {}
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        title = title.strip()
        if title not in COLOURS:
            continue
        if title == "Нейтральные":
            body, unique = body.split("Уникальные карты роли:")
            names["unique"] = [_unique_name(line) for line in unique.splitlines() if re.match(r"^\S+ - ", line)]
        blocks = [b.strip() for b in re.split(r"\n\s*\n", body) if b.strip()]
        names[COLOURS[title]] = [b.splitlines()[0].strip() for b in blocks if not b.startswith("-")
                                 and not b.startswith("За выполненную")]
    return names


def _unique_name(line: str) -> str:
    """"Офицер - Виновен! Может…" → "Виновен!"; "Босс - Все под контролем. Все…" → "Все под контролем"."""
    match = re.match(r"^\S+ - (.+?)([.!])\s", line + " ")
    assert match is not None, line
    return match.group(1) + ("!" if match.group(2) == "!" else "")


@pytest.fixture(scope="module")
def catalog() -> CardCatalog:
    return CardCatalog.load("mafik")


def test_mafik_collection_has_264_cards(catalog):
    counts = Counter(spec.colour for spec in catalog)
    assert len(catalog) == 264, counts
    assert all(counts[c] == 30 for c in COLOURS.values() if c != "neutral"), counts
    assert counts["neutral"] == 10 and counts["unique"] == 14


@pytest.mark.parametrize("colour", [*COLOURS.values(), "unique"])
def test_mafik_card_names_match_the_seed(catalog, colour):
    expected = seed_cards()[colour]
    actual = [spec.name for spec in catalog if spec.colour == colour]
    assert actual == expected


def test_mafik_cards_follow_the_schema(catalog):
    for spec in catalog:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", spec.id), spec.id
        assert spec.text.strip() and spec.text_en.strip() and spec.name_en.strip(), spec.id
        assert spec.tags <= TAGS, (spec.id, spec.tags - TAGS)
        assert spec.cost >= 0, spec.id
        for by in (*spec.cost_by, *spec.tags_by, *spec.max_copies_by):
            assert set(by.who) <= WHO, (spec.id, by.who)
            assert by.tags <= TAGS, spec.id
        names = [p.name for p in spec.params]
        assert len(set(names)) == len(names), spec.id
        for param in spec.params:
            assert param.kind in KINDS, (spec.id, param.kind)
            assert set(param.who) <= WHO, (spec.id, param.who)
            if param.kind == "choice":
                assert param.choices, spec.id
        if spec.has("accusation"):
            assert any(p.kind in ("accusation", "accusations") for p in spec.params), f"{spec.id}: Обвинение without an accuse param"
        if spec.colour == "unique":
            assert spec.role in UNIQUE_ROLES.values(), spec.id


def test_mafik_card_texts_are_the_seeds(catalog):
    seed = re.sub(r"\s+", " ", corrected(SEED.read_text(encoding="utf-8")))
    for spec in catalog:
        assert re.sub(r"\s+", " ", spec.text).strip() in seed, spec.id


def test_mafik_roles():
    with open(DATA_DIR / "mafik" / "roles.toml", "rb") as fh:
        roles = tomllib.load(fh)
    secret = {r["id"]: r for r in roles["secret"]}
    assert set(secret) == set(UNIQUE_ROLES.values())
    assert sorted(r["id"] for r in roles["secret"] if r["faction"] == "mafia") == ["advisor", "boss", "killer", "spy"]
    assert secret["maniac"]["faction"] == "maniac" and secret["traitor"]["faction"] == "traitor"
    assert len(secret["maniac"]["colours"]) == 8
    public = [r["name"] for r in roles["public"]]
    assert len(public) == 41 and public[0] == "Мститель" and public[-1] == "(Другой)"
    seed = SEED.read_text(encoding="utf-8")
    block = seed.split("==== Явные роли ====")[1].split("==== Фракции")[0]
    listed = [b.strip().splitlines()[0] for b in re.split(r"\n\s*\n", block) if b.strip()][1:]
    assert public == listed
