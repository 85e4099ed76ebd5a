"""The card-game layer that Мафик and Микромафик share, on top of the small core.

The core (engine/core/) knows set-up, orders, resolution, views and the win; a rule set of hit points or
coins builds on it directly. A card game builds on this layer: a `CardRuleset` with deck building,
draws, costs and hand sizes (ruleset.py), its registries in one object (registries.py), the order
validation's skeleton (orders.py), the armor replacement (damage.py), the death and end steps
(steps.py), secret roles (roles.py) and the primitives cards share (play.py). It is a package beside
engine/core/ rather than inside it, so that dependencies keep pointing one way: rule sets → card layer
→ core, and nothing in the core is card-shaped beyond the card data and the `Play` handle.
"""
