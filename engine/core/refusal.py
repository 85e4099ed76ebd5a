"""Why a submission or command was refused: a machine-readable code plus parameters.

The bot turns a Refusal into a sentence in the player's language; the engine never writes prose.
"""

from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """Raised when an action is not allowed; nothing in the state has changed."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.params!r})"

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params}

    def kept(self) -> Refusal:
        """This refusal as a verdict to keep (why an action is not available now), without its traceback:
        the traceback holds the frames it was raised and caught in, one of which holds the verdict, and
        such a cycle waits for the garbage collector — a panel built 1,400 of them, and the collector's
        pass over them cost a press 25 ms."""
        self.__traceback__ = self.__context__ = self.__cause__ = None
        return self


def refuse(verdict: Refusal | None) -> None:
    """Raise `verdict`, if there is one: a refusal found before it is raised (a deck judged, a check's
    answer). The frames a refusal passes through stay in its traceback, and a frame that still holds it
    makes a cycle that only the garbage collector frees; so pass it straight in (`refuse(judge(...))`),
    and this frame lets go of it as the refusal leaves."""
    if verdict is None:
        return
    try:
        raise verdict
    finally:
        del verdict


# The codes in use, in one place so the bot's locales can cover each of them.
CODES = (
    "game_not_running",  # the game is in deck building, finished, or not started
    "not_deck_building",  # deck building is over
    "not_in_game",  # no such player
    "dead",  # the acting player is dead
    "wrong_phase",  # e.g. a night-only card by day, a vote at night
    "first_night",  # a card that cannot be played on the first night
    "limit_reached",  # play limit, once-a-game perk already used, …
    "cost_unpayable",  # not enough points/cards, or payment does not match the cost
    "bad_payment_card",  # a payment card is not in hand, is played, or may not pay
    "invalid_target",  # dead, yourself, immune, not a valid kind of target
    "card_not_in_hand",
    "unknown_card",  # a named card that is not in the collection
    "bad_param",  # a parameter is missing or malformed
    "mafia_only",  # a (Мафия: …) option used by a non-mafia player
    "not_allowed",  # the role or the rules do not allow this action
    "card_used_twice",  # the same card used in two places of one submission
    "unknown_order",  # no such submission to withdraw
    "deck_invalid",  # deck building rules broken (see params.reason)
    "bad_order",  # the hand order given is not a permutation of the hand
    "not_implemented",  # the card has no behaviour yet and cannot be used
    "unknown_question",  # the master answers a question that was never asked (rulings.py)
    "question_closed",  # its phase is over, or the order it was about is withdrawn (see reason)
    "option_not_offered",  # the master's answer is not one of the question's options
    "not_your_question",  # the question was asked of someone else (the master or another player)
    "wrong_count",  # an answer that is not `count` different options
)
