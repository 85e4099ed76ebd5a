"""Callback data: the fast packer of game buttons says exactly what aiogram's `pack()` says."""

from hypothesis import given
from hypothesis import strategies as st

from tgbot.ui.callbacks import Act

values = st.text(max_size=40) | st.integers(-10**6, 10**6).map(str)


@given(g=st.integers(1, 10**12), p=st.integers(0, 500), a=st.text(max_size=12), v=values)
def test_act_data_packs_like_aiogram(g, p, a, v):
    try:
        expected: str | None = Act(g=g, p=p, a=a, v=v).pack()
    except ValueError:
        expected = None
    try:
        got: str | None = Act.data(g, p, a, v)
    except ValueError:
        got = None
    assert got == expected
    if got is not None:
        assert Act.unpack(got) == Act(g=g, p=p, a=a, v=v)
