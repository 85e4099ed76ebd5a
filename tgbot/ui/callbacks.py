"""Callback data of every button. Each carries its game and phase, so a stale or foreign button is
recognised and answered without changing anything (Telegram allows 64 bytes)."""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData


class Act(CallbackData, prefix="a"):
    """An action in a game: `a` names it, `v` is its argument (a card uid, a pid, a choice…)."""

    g: int  # game id
    p: int  # phase the button belongs to
    a: str
    v: str = ""

    @staticmethod
    def data(g: int, p: int, a: str, v: object = "") -> str:
        """`Act(g=…, p=…, a=…, v=…).pack()` without building the model (a panel packs a dozen per
        click); the same checks: no separator inside a value, at most 64 bytes."""
        value = str(v)
        if ":" in a or ":" in value:
            raise ValueError(f"Separator symbol ':' can not be used in {a!r} / {value!r}")
        packed = f"a:{int(g)}:{int(p)}:{a}:{value}"
        if len(packed.encode()) > 64:
            raise ValueError(f"Resulted callback data is too long! len({packed!r}.encode()) > 64")
        return packed


class Code(StrEnum):
    """What an `Act` press of a phase asks for (its `a`): a long name in the code, the short value on the
    wire (buttons already sent keep working, and a button stays within Telegram's 64 bytes)."""

    PANEL = "panel"
    CARD = "card"  # a card's screen (`v`: its uid)
    DISCARD = "disc"
    VOTES = "votes"
    VOTE = "vote"
    PUNISHMENTS = "puns"
    PUNISHMENT = "pun"
    KILLS = "kills"
    KILL = "kill"
    PERK = "perk"  # an instant perk without parameters (the Бизнесмен's point)
    HAND_CARD = "croupier"  # the screen of an action on one Hand card (`v`: the action's id)
    HAND_CARD_PICK = "crou"  # … its card picked (`v`: action id.uid)
    AMOUNT = "paranoid"  # the screen of an action taking a number paid in points (`v`: the action's id)
    AMOUNT_PICK = "para"  # … its number picked (`v`: action id.n)
    ORDERS = "orders"
    WITHDRAW = "wd"
    REORDER = "reorder"
    UP = "up"
    NOOP = "noop"
    REPLIES = "replies"
    REPLY = "reply"
    PLAY = "play"
    PLAY_AS = "plas"  # Мафик: a Sleeve card "as" another (`v`: uid.card)
    DO = "do"  # Мафик: an action of FLOW_ACTIONS
    ABILITY = "ab"  # Мафик: a granted ability
    SWAP_WITH_SLEEVE = "swh"  # the Маньяк's swap begun from a Hand card
    SWAP_WITH_HAND = "sws"  # … from a Sleeve card
    BOOST = "boost"
    KEEP = "keep"  # an order on one held card, e.g. keeping a knocked-out card (`v`: uid.action id)
    FLOW = "f"  # a step of the card flow (`v`: what was chosen)


class Signup(CallbackData, prefix="s"):
    """Choosing a public role while signing up for game `g`: `a` is "" (take `role`), "info" (read its
    perk first), "page" (`role` is then the page number of a long list) or "gender" (`role` is m or f:
    the character's grammatical gender, corrected after signing up)."""

    g: int
    role: str
    a: str = ""


class Lang(CallbackData, prefix="l"):
    lang: str


class Decide(CallbackData, prefix="d"):
    """The master's answer to a question the rules leave to them (engine/core/rulings.py), on its message
    in the log group: question `k` of game `g`, asked in phase `p`; `o` is the option chosen."""

    g: int
    p: int
    k: str
    o: str


class Resolve(CallbackData, prefix="rs"):
    """The master's confirmation of /resolve in the log group: end phase `p` of game `g` — that phase
    only; pressed once the game has moved on, it is refused."""

    g: int
    p: int


class Answer(CallbackData, prefix="q"):
    """A player's answer to a question the rules ask them (engine/core/rulings.py), on its message in
    their private chat: question `k` of game `g`, answered in phase `p`. `m` is the bitmask of the option
    indices marked on the message (the state of a pick of several lives here, not on the server); `i` is
    the option pressed — with count 1 it answers, with more it is toggled — or -1 for «Готово»."""

    g: int
    p: int
    k: str
    m: int = 0
    i: int = -1
