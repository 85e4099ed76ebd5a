"""«Мафия по скрытым правилам» in the bot: the Суд's ballot offers the two named and nobody else, through the
generic target filter (ViewProfile.checked_targets, tgbot/ui/flow.py: accepted_targets)."""

from __future__ import annotations

from tests.engine.hidden_rules.conftest import JUDGE, Game
from tgbot.ui import flow as fl


def test_the_trial_ballot_offers_only_the_two_the_judge_named() -> None:
    g = Game().know_all(JUDGE).to_phase(3).do(JUDGE, "judge_trial", targets=[1, 2]).resolve()
    flow = fl.new_flow(1, g.state.phase, fl.FLOW_ACTIONS["trial_vote"].kind, action="trial_vote")
    question = fl.next_question(g.state, 4, flow)
    assert question is not None
    assert sorted(question.options) == [1, 2], "«отдать голос за казнь одной из них»"
