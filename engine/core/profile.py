"""How a panel shows a rule set's game (`api.view_profile`): the bot reads this instead of the rule set's name.

A rule set declares which of a player's zones a panel lists, in what currency costs are paid besides
cards, whether a card is shown with its colour, and how the day's votes are put to the player. What
may be done is not here: that is `api.actions` (and a play's options, `api.play_options`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ViewProfile:
    """A rule set's panel: what it shows and how it asks."""

    # The player's zones a panel lists and plays from, in order ("hand", "sleeve").
    zones: tuple[str, ...] = ("hand",)
    # What pays a cost besides cards: "points" (a counter of the panel) or "blood" (the Маньяк's).
    currency: str = "points"
    # A card is shown with its colour (the colours decide what may be played).
    card_colours: bool = False
    # A player who does not vote votes against themselves: the vote screen says so and marks the vote.
    self_vote: bool = False
    # The punishment is an open vote: each punishment is listed with its rule, a barred one marked.
    open_punishment: bool = False
    # An order without a sentence of its own (`ui.order_<kind>`) is listed with the words of its choices
    # («🛒 Магазин: Чеснок — 4 мон.»), not its label alone.
    order_choices: bool = False
    # A target question of its actions offers only the characters the engine's check of the order accepts
    # (no button for one it would refuse: a prisoner, a cop for the cops' cover…), not every living one.
    checked_targets: bool = False


@dataclass(frozen=True)
class PanelFact:
    """One line of a player's panel beyond the zones it lists (hit points, coins, a stance…): a locale
    key and its params, which the bot words by name as it words an event's (player ids, card ids,
    colours…). Only what the player may know: a rule set builds these from the player's own view."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
