"""How the bot words «Классическая форумная мафия»'s events beyond their parameters' names
(engine/core/wording.py): a move by its action's label, an item by its name, the reason a move failed by the
text's wording (4.3 «Результаты ходов»), the day's tally a line a character."""

from __future__ import annotations

from engine.core.wording import Each, EventFormat, Line, Value
from engine.rulesets.classic.abilities import ABILITIES
from engine.rulesets.classic.economy import EARNED, SPENT
from engine.rulesets.classic.model import CLANS, ITEMS
from engine.rulesets.classic.moves import MOVES
from engine.rulesets.classic.services import SERVICES

MOVE_IDS = tuple(a.id for a in ABILITIES if not a.instant)
ITEM_IDS = tuple(ITEMS)
WHY = tuple(MOVES.reasons)  # why a move failed (moves.REASONS and what the modules added: MOVES.failure)
TEAMS = (*CLANS, "cops", "family")
ITEM = {"item": Line("classic_item.{item}", when={"item": ITEM_IDS})}
SERVICE = {"service": Line("choice.service_{service}", when={"service": tuple(SERVICES)})}
WHAT = {"what": Line("act.{what}", when={"what": MOVE_IDS})}

EVENT_FORMATS = (
    EventFormat("move_ok", params=WHAT),
    EventFormat("move_failed", params={**WHAT, "why": Line("classic_why.{why}", when={"why": WHY})}),
    EventFormat("item_gained", params=ITEM),
    EventFormat("item_was_fake", params=ITEM),
    EventFormat("coins_earned", params={"why": Line("classic_coins.{why}", when={"why": EARNED})}),
    EventFormat("coins_spent", params={"why": Line("classic_coins.{why}", when={"why": SPENT})}),
    EventFormat("item_sold", params=ITEM),
    EventFormat("classic_role", params={"side": Value("faction")}),
    EventFormat("role_changed", params={"side": Value("faction")}),
    EventFormat("team_members", params={"team": Line("classic_team.{team}", when={"team": TEAMS}),
                                        "pids": Value("players")}),
    EventFormat("team_note", params={"by": Value("player")}),
    EventFormat("team_note_copy", params={"by": Value("player"),
                                          "team": Line("classic_team.{team}", when={"team": TEAMS})}),
    EventFormat("vote_tally", params={"list": Each("tally", Line("classic_words.tally_line", params={
        "pid": Value("player"), "n": Value("number")}))}),
    EventFormat("vote_tie", params={"pids": Value("players")}),
    EventFormat("vote_penalty", params={"why": Line("classic_words.penalty_{why}", when={"why": ("no_vote", "silent")})}),
    EventFormat("morning", params={
        "dead": Line("classic_words.header_dead", params={"dead": Value("players")}, needs=("dead",), lead="\n"),
        "jailed": Line("classic_words.header_jailed", params={"jailed": Value("players")}, needs=("jailed",),
                       lead="\n"),
        "released": Line("classic_words.header_released", params={"released": Value("players")},
                         needs=("released",), lead="\n"),
        "bar": Line("classic_words.header_bar", params={"bar": Value("players")}, needs=("bar",), lead="\n"),
        "items": Line("classic_words.header_items", params={"items": Each("items", Line(
            "classic_item.{item}", when={"item": ITEM_IDS}), sep=", ")}, needs=("items",), lead="\n"),
        "professions": Line("classic_words.header_professions", params={"professions": Each("professions", Line(
            "classic_words.profession", params={"pid": Value("player"), "role": Value("role")}), sep=", ")},
            needs=("professions",), lead="\n"),
    }),
    EventFormat("order_received", params=SERVICE),
    EventFormat("order_fulfilled", params=SERVICE),
    *MOVES.formats,  # the roles' and items' modules' own
)
