"""Effect kinds are declared once (engine/cardgame/effects.py): a second declaration of a kind is
refused, and which kinds a character knows of is read from the declarations, as they are made."""

from __future__ import annotations

import pytest

from engine.cardgame.effects import EffectKind, EffectKinds
from engine.core.ruleset import get_ruleset


def test_an_effect_kind_declared_twice_is_refused() -> None:
    kinds = EffectKinds()
    kinds.kind("poison", known=True)
    with pytest.raises(ValueError, match="poison"):
        kinds.add(EffectKind("poison"))


def test_known_kinds_are_a_live_view_of_the_declarations() -> None:
    kinds = EffectKinds()
    known = kinds.known
    kinds.kind("spikes", known=True)
    kinds.kind("personal_guard")
    kinds.kind("may_message", known=True, caster_known=True)
    assert dict(known) == {"spikes": False, "may_message": True}
    assert "personal_guard" not in known


def test_micromafik_ticks_its_kinds_in_the_order_damage_was_dealt_before() -> None:
    """Poison's damage comes before Адреналин's deferred damage, as the tick step had them."""
    ticking = [k.kind for k in get_ruleset("micromafik").registries.effects if k.tick is not None]
    assert ticking.index("poison") < ticking.index("deferred_damage")
