"""«Мафия по скрытым правилам»'s order of resolution: every step named, one number each
(tests/engine/pipeline_hidden_rules.txt). Everything declared in a phase resolves at its end, in this order;
the text gives none, so this order is a decision (docs/rulesets/hidden_rules.md, «Порядок»)."""

STEP_COLLECT = 100  # the phase's orders, checked again
STEP_STUNS = 200  # Оглушение first: it «проваливает» the target's living-world actions (not a stun)
STEP_PROTECTION = 300  # Защита and Спасение души take hold for this phase
STEP_MARKS = 400  # тени, знаки смерти, Суд named, печати, Озарение's marks; the seals' public reveal
STEP_READS = 500  # Чтение ауры, Взгляд в прошлое, Взгляд в душу, the stone's links (of past phases only)
STEP_KILLS = 600  # Убийство, Уничтожение
STEP_THEFT = 700  # Похищение души
STEP_VOTES = 800  # the day's vote on the shadowed, the Суд's ballot
STEP_MOVES = 900  # Медитация, Вернуться, Опасный знак, the stunned: to their worlds (a stolen soul dies)
STEP_LINKS = 950  # this phase's uses become links of the stone
STEP_END = 1000  # statuses expire, the win, the next phase and what it tells
