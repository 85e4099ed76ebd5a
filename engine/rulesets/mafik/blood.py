"""The Маньяк's blood points, as the seed prices them: where he starts, the cap, what one card may earn
him, and what blood buys (the night-only buys apart). Its own module so that both the ability
catalogue's narrowing of the offer (actions.py) and the blood orders (neutral.py) read one list."""

from __future__ import annotations

BLOOD_START, BLOOD_CAP, BLOOD_PER_CARD = 2, 6, 6
BLOOD_USES = {"armor": 1, "damage1": 2, "draw_sleeve": 2, "draw_hand": 3, "damage2": 3}
NIGHT_USES = {"armor", "damage1", "damage2"}
