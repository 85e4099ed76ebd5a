"""A character's grammatical gender guessed from its name, for Russian verbs («погиб» / «погибла»).

Only a guess: sign-up shows it with buttons to correct it, and asks when the name does not tell."""

from __future__ import annotations

import re

# Male names ending in -а/-я, and names worn by both (Саша, Женя, Валя…).
MALE_IN_A = frozenset(["никита", "илья", "кузьма", "фома", "лука", "савва", "данила", "гаврила", "фока",
    "емеля", "лёва", "лева", "миша", "гриша", "паша", "петя", "коля", "вася", "ваня", "витя", "дима",
    "серёжа", "сережа", "лёша", "леша", "федя", "гоша", "стёпа", "тёма", "тема", "вова", "володя", "боря",
    "толя", "юра", "яша", "костя", "жора", "рома", "слава"])
BOTH = frozenset(["саша", "женя", "валя", "шура", "никола", "сева", "тоша"])
# Female names not ending in -а/-я.
FEMALE_OTHER = frozenset(["любовь", "нинель", "юдифь", "эсфирь", "руфь", "агарь", "рахиль", "ассоль"])
_WORD = re.compile(r"[a-zа-яё]+")


def guess(name: str) -> str | None:
    """m, f, or None when the name does not tell (a nickname, a title, a foreign name, Саша)."""
    words = _WORD.findall(name.casefold())
    for word in words[1:]:  # a patronymic says it most surely
        if word.endswith(("вна", "чна", "ична")):
            return "f"
        if word.endswith("ич"):
            return "m"
    if not words:
        return None
    first = words[0]
    if first in BOTH:
        return None
    if first in MALE_IN_A:
        return "m"
    if first in FEMALE_OTHER:
        return "f"
    if not re.fullmatch(r"[а-яё]+", first):
        return None  # Latin letters: English names do not mark gender this way
    if first.endswith(("а", "я")):
        return "f"
    if first.endswith("ь"):
        return None  # Игорь and Любовь both end so
    if first.endswith(("о", "е", "и", "у", "ю", "э", "ы")):
        return None  # Тоша-like nicknames, indeclinable or foreign names: ask
    return "m"
