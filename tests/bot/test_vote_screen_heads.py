"""A vote screen's head is the rule set's own where its locales have one (`screen_<rule set>.*`), else the
plain one (tgbot/routers/play/votes.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tgbot.i18n import t
from tgbot.routers.play.votes import _head


@pytest.mark.parametrize("screen", ["choose_vote", "choose_punishment"])
def test_mafiks_vote_screens_have_its_own_heads_and_micromafiks_the_plain_ones(screen: str) -> None:
    mafik, micro = SimpleNamespace(ruleset="mafik"), SimpleNamespace(ruleset="micromafik")
    assert _head(mafik, "ru", screen) == t("ru", f"screen_mafik.{screen}") != t("ru", f"ui.{screen}")  # type: ignore[arg-type]
    assert _head(micro, "ru", screen) == t("ru", f"ui.{screen}")  # type: ignore[arg-type]
