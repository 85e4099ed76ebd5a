"""Every refusal the engine can raise has a sentence in both locales."""

import ast
import tomllib
from pathlib import Path

from engine.core.refusal import CODES

ROOT = Path(__file__).resolve().parents[1]


def _locale(lang: str) -> dict:
    with open(ROOT / "locales" / f"{lang}.toml", "rb") as fh:
        return tomllib.load(fh)


def _raised_codes() -> set[str]:
    codes = set()
    for path in (ROOT / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Refusal"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                codes.add(node.args[0].value)
    return codes


def test_every_raised_refusal_code_is_declared():
    assert _raised_codes() <= set(CODES)


def test_every_refusal_code_has_ru_and_en_text():
    for lang in ("ru", "en"):
        assert set(CODES) <= set(_locale(lang)["refusal"]), lang
