"""How the bot words Мафик's events beyond their parameters' names (engine/core/wording.py): the role
message with what the side knows and the public role's perk, the mafia with their roles, decks counted,
and the Вече's verdict with how its punishment was chosen when no plain majority did."""

from __future__ import annotations

from engine.core.wording import WHO, Each, EventFormat, First, Line, Value
from engine.rulesets.mafik.roles import SECRET_ROLES

FACTIONS = tuple(sorted({role.faction for role in SECRET_ROLES.values()}))
DECK = Value("counted_cards")
PUNISHMENT = Value("punishment")

EVENT_FORMATS = (
    EventFormat("role_assigned", key="event_mafik.role_assigned", params={
        "about": Line("secret.mafik_{faction}", when={"faction": FACTIONS}),
        "public_role": Value("public_role", source=WHO),
        "perk": Value("perk", source=WHO, empty="secret.no_perk"),
    }),
    # Псевдоним's alias signs an anonymous card message; a public post (cards/common.py `post`) is signed by its
    # writer, by an alias, or by nobody, and carries a text or a list of plays (Размашистая Z).
    EventFormat("card_message", params={"sender": First((
        Line("posts.message_alias", needs=("alias",), params={"alias": Value("text")}),
        Line("ui.from_sender", needs=("sender",), params={"sender": Value("player")}),
    ))}),
    EventFormat("public_post", params={
        "signed": First((
            Line("posts.by_sender", needs=("sender",), params={"sender": Value("player")}),
            Line("posts.by_alias", needs=("alias",), params={"alias": Value("text")}),
            Line("posts.anonymous"),
        )),
        "body": First((
            Line("posts.text", needs=("text",), params={"text": Value("text")}),
            Line("posts.no_plays", when={"plays": ([],)}),
            Line("posts.plays", needs=("plays",), params={"plays": Value()}),
        )),
    }),
    EventFormat("mafia_team", key="event_mafik.mafia_team", params={
        "members": Each("members", Line("secret.member", params={
            "name": Value("player", source="pid"), "secret_role": Value("role"),
            "public_role": Value("public_role", source="pid")})),
    }),
    EventFormat("mafia_intel", key="event_mafik.mafia_intel", params={"deck": DECK, "sleeve": Value("cards")}),
    EventFormat("deck_built", key="event_mafik.deck_built", params={"cards": DECK}),
    EventFormat("deck_rebuilt", key="event_mafik.deck_rebuilt", params={"cards": DECK}),
    EventFormat("council_verdict", key="event_mafik.council_verdict", params={
        "outcome": First((
            Line("ui.verdict", needs=("punished", "punishment"),
                 params={"pid": Value("player", source="punished"), "punishment": PUNISHMENT}),
            Line("ui.verdict_nobody"),
        )),
        # tied: the choices with the most votes; the decider: the highest public role among their voters
        "why": Line("vote_why.mafik_{decided_by}", lead=" ", needs=("punished", "punishment"),
                    when={"decided_by": ("tie", "default", "card")}, params={
                        "punishment": PUNISHMENT,
                        "tied": Value("punishments", source="tied", joined_by="vote_why.and"),
                        "count": Value("number", source="punishment_votes", at="tied"),
                        "decider": Value("player", source="decider"),
                        "role": Value("public_role", source="decider")}),
    }),
)
