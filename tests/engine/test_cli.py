"""The command-line entry points (`python -m engine …`), run as other tools run them: a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# The rules text (Russian) lives outside the checkout, next to it; tests that need it skip without it.
SEED = ROOT.parent / "shared" / "seeds" / "002_278ea6191ad35223.txt"

SECTIONS = {"Атака": "attack", "Защита": "defence", "Поддержка": "support", "Информация": "info"}
CARD_KEYS = {"id", "name", "colour", "cost", "tags", "implemented"}


def run_engine(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)


@cache
def cards_json() -> list[dict[str, Any]]:
    proc = run_engine("cards", "--ruleset", "micromafik", "--json")
    assert proc.returncode == 0, proc.stderr
    rows: list[dict[str, Any]] = json.loads(proc.stdout)
    return rows


def seed_cards() -> dict[str, str]:
    """Card name → colour, from the seed's card sections.

    Within "==== Атака ====" … "==== Информация ====" each card is a block: its name on the first
    line, its text on the following line(s), blocks separated by blank lines. The collection ends
    at "Что нужно исправить".
    """
    assert SEED.exists(), f"the rules text (shared/seeds) must lie beside the checkout: {SEED}"
    cards: dict[str, str] = {}
    colour: str | None = None
    block: list[str] = []

    def flush() -> None:
        if colour is not None and block:
            name = block[0].strip()
            assert name not in cards, f"card {name!r} twice in the seed"
            assert len(block) >= 2, f"card {name!r} has no text"
            cards[name] = colour
        block.clear()

    for line in SEED.read_text(encoding="utf-8").splitlines():
        if line.startswith("Что нужно исправить"):
            break
        if line.startswith("===="):
            flush()
            title = line.strip("= ").strip()
            colour = SECTIONS.get(title)  # other sections hold no cards
            continue
        if line.strip():
            block.append(line)
        else:
            flush()
    flush()
    return cards


def test_seed_parser_finds_every_section() -> None:
    cards = seed_cards()
    assert set(cards.values()) == set(SECTIONS.values())
    assert cards["Пистолет"] == "attack" and cards["Аутопсия"] == "defence"
    assert cards["Оплатить счёт"] == "support" and cards["Взятие показаний"] == "info"


def test_cards_lists_the_whole_collection() -> None:
    rows = cards_json()
    assert isinstance(rows, list)
    assert len(rows) == 44
    for row in rows:
        assert set(row) >= CARD_KEYS, row
        assert isinstance(row["id"], str) and row["id"]
        assert isinstance(row["cost"], int) and row["cost"] >= 0
        assert isinstance(row["tags"], list) and all(isinstance(t, str) for t in row["tags"])
        assert row["colour"] in SECTIONS.values()
    assert len({row["id"] for row in rows}) == 44


def test_card_names_and_colours_match_the_rules() -> None:
    rows = cards_json()
    expected = seed_cards()
    actual = {row["name"]: row["colour"] for row in rows}
    assert len(actual) == len(rows), "two cards share a name"
    assert set(actual) - set(expected) == set(), "cards not in the rules"
    assert set(expected) - set(actual) == set(), "cards of the rules missing"
    wrong = {name: (actual[name], colour) for name, colour in expected.items() if actual[name] != colour}
    assert not wrong


def test_every_card_is_implemented() -> None:
    missing = [row["id"] for row in cards_json() if row["implemented"] is not True]
    assert not missing


def test_cards_plain_text_lists_every_card() -> None:
    proc = run_engine("cards", "--ruleset", "micromafik")
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert len(lines) == 44
    assert all(line.startswith("+ ") for line in lines)


def test_simulate_json() -> None:
    proc = run_engine("simulate", "--ruleset", "micromafik", "--players", "8", "--games", "20", "--seed", "1", "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, "one JSON object on one line"
    report = json.loads(lines[0])
    assert isinstance(report, dict)
    assert {"games", "completed", "errors", "winners", "mean_phases"} <= set(report)
    assert report["games"] == 20
    assert report["completed"] == 20
    assert report["errors"] == 0
    winners = report["winners"]
    assert "none" in winners
    assert set(winners) <= {"none", "law", "mafia"}
    assert sum(winners.values()) == report["completed"]
    assert report["mean_phases"] > 0


def test_simulate_is_reproducible() -> None:
    args = ("simulate", "--players", "6", "--games", "5", "--seed", "9", "--json")
    first, second = run_engine(*args), run_engine(*args)
    assert first.returncode == second.returncode == 0
    assert first.stdout == second.stdout


def test_unknown_ruleset_is_a_usage_error() -> None:
    proc = run_engine("cards", "--ruleset", "no_such_ruleset", "--json")
    assert proc.returncode == 2
    assert "invalid choice" in proc.stderr


# ---------------------------------------------------------------------------- Мафик

@cache
def mafik_cards_json() -> list[dict[str, Any]]:
    proc = run_engine("cards", "--ruleset", "mafik", "--json")
    assert proc.returncode == 0, proc.stderr
    rows: list[dict[str, Any]] = json.loads(proc.stdout)
    return rows


def test_mafik_cards_lists_the_whole_collection() -> None:
    rows = mafik_cards_json()
    assert len(rows) == 264
    assert len({row["id"] for row in rows}) == 264
    for row in rows:
        assert set(row) >= CARD_KEYS, row
        assert isinstance(row["cost"], int) and row["cost"] >= 0
        assert isinstance(row["tags"], list) and all(isinstance(t, str) for t in row["tags"])


def test_mafik_card_names_match_the_rules() -> None:
    from tests.engine.mafik.test_data import SEED as MAFIK_SEED
    from tests.engine.mafik.test_data import seed_cards as mafik_seed_cards

    assert MAFIK_SEED.exists(), f"the rules text (shared/seeds) must lie beside the checkout: {MAFIK_SEED}"
    expected = mafik_seed_cards()
    rows = mafik_cards_json()
    assert {row["colour"] for row in rows} == set(expected)
    for colour, names in expected.items():
        assert [row["name"] for row in rows if row["colour"] == colour] == names, colour
    assert sum(len(names) for names in expected.values()) == 264


def mafik_behaviours() -> set[str]:
    from engine.rulesets.mafik.registry import REGISTRIES

    return set(REGISTRIES.cards.behaviours)


def test_mafik_every_card_of_the_collection_is_implemented() -> None:
    """All 264 cards of Мафик have their behaviour (issues 13–15), so the deck builder offers every colour."""
    rows = mafik_cards_json()
    implemented = {row["id"] for row in rows if row["implemented"] is True}
    assert implemented == mafik_behaviours() == {row["id"] for row in rows}
    assert len(rows) == 264


def test_mafik_cards_plain_text_marks_the_implemented_ones() -> None:
    proc = run_engine("cards", "--ruleset", "mafik")
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert len(lines) == 264
    assert sum(line.startswith("+ ") for line in lines) == len(mafik_behaviours())
    assert sum(line.startswith("- ") for line in lines) == 264 - len(mafik_behaviours())


def test_mafik_simulate_json() -> None:
    proc = run_engine("simulate", "--ruleset", "mafik", "--players", "16", "--games", "5", "--seed", "1", "--json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, "one JSON object on one line"
    report = json.loads(lines[0])
    assert report["ruleset"] == "mafik" and report["players"] == 16 and report["games"] == 5
    assert report["completed"] == 5
    assert report["errors"] == 0 and report["error_samples"] == []
    assert set(report["winners"]) <= {"none", "law", "mafia", "mafia+traitor", "maniac", "traitor"}
    assert sum(report["winners"].values()) == 5
    assert report["mean_phases"] > 0
