from tests.engine.scenario import Scenario


def test_pistol_deals_two_damage():
    g = Scenario.night(2)
    g.player("A", hand=["pistol", "letter"]).player("B", hand=5)
    g.play("A", "pistol", target="B", pay_cards=["letter"]).resolve()
    assert g.hand_size("B") == 3
    # A played one card (refilled) and paid one card (not refilled)
    assert g.hand_size("A") == 1
