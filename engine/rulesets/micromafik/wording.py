"""How the bot words Микромафик's events beyond their parameters' names (engine/core/wording.py): the
Вече's result saying why it was an execution when the punishment vote did not decide, and the colours
a beaten character played or discarded."""

from __future__ import annotations

from engine.core.wording import EventFormat, Line, Value

EVENT_FORMATS = (
    EventFormat("council_result", key="event_micromafik.council_result", params={
        "why": Line("vote_why.micro_{decided_by}", lead=" ",
                    when={"outcome": ("execution",), "decided_by": ("tie", "default")},
                    params={"count": Value(source="execution")}),
    }),
    EventFormat("beaten_colours", params={"played": Value("colours"), "discarded": Value("colours")}),
)
