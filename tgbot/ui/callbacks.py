"""Callback data of every button. Each carries its game and phase, so a stale or foreign button is
recognised and answered without changing anything (Telegram allows 64 bytes)."""

from __future__ import annotations

from aiogram.filters.callback_data import CallbackData


class Act(CallbackData, prefix="a"):
    """An action in a game: `a` names it, `v` is its argument (a card uid, a pid, a choice…)."""

    g: int  # game id
    p: int  # phase the button belongs to
    a: str
    v: str = ""


class Signup(CallbackData, prefix="s"):
    """Choosing a public role while signing up for game `g`: `a` is "" (take `role`), "info" (read its
    perk first) or "page" (`role` is then the page number of a long list)."""

    g: int
    role: str
    a: str = ""


class Lang(CallbackData, prefix="l"):
    lang: str
