"""The secrecy checker: does a message that reached a chat say anything its reader may not know?

Every message, edit, button and button-press answer the bot sent (from the fake's call log) is
split into lines. A line that names a secret role or a side ("Киллер", "Мафия", …) must be
explained: it is a line of an event the reader may see (`engine.core.views.visible_to`, rendered
for the reader), or a line of a fixed text everyone gets (the rules), or it speaks of the reader's
own role and side and of nobody else, or is a line of their own panel's facts (api.panel_facts: the
Маньяк's own guises by name). The words are the rule set's (`words_of`: its secret roles, sides and
cards; its locale strings, card texts and completed rules as the fixed texts). A line that names another character together with a card
must likewise be a line of a visible event, or only name cards the reader has held, chosen or been
told of (their own view), or be the reader's own choices in the card flow. The master's log group
may see everything. The routing of announcements is checked from the outbox: a player's message
holds only events addressed to them or their side, the public group only public events, and the
master's log every event as its account words it (`tgbot.services.chronicle.log_lines`).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from html import unescape
from typing import Any

from engine.core import api
from engine.core.ruleset import get_ruleset, ruleset_names
from engine.core.state import GameState
from engine.core.views import player_view, visible_to
from tgbot import gamedata
from tgbot.i18n import _catalog, choose, has, is_choice, t
from tgbot.render import Renderer, render
from tgbot.routers.general import games_named
from tgbot.sandbox.faketg import World
from tgbot.sandbox.faketg.formatting import parse_html
from tgbot.services.announce import PANEL_EVENTS, split_text
from tgbot.services.chronicle import log_lines
from tgbot.ui.panel import describe_order, fact_text, held_names
from tgbot.ui.rules_doc import rules_messages

LANGS = ("ru", "en")


class _Empty(dict[str, Any]):
    """Every placeholder empty; a choice of words (`{pid:m=…|f=…}`, plurals) takes the given form."""

    def __init__(self, form: str = "m") -> None:
        super().__init__()
        self.form = form

    def __missing__(self, key: str) -> Any:
        return _Form(self.form)


class _Form(str):
    form: str

    def __new__(cls, form: str) -> _Form:
        made = super().__new__(cls, "")
        made.form = form
        return made

    def __format__(self, spec: str) -> str:
        return choose(spec, self.form) if is_choice(spec) else ""


def plain(html: str) -> str:
    try:
        return parse_html(html)[0]
    except Exception:  # the checker must not fail on a fixed text with odd markup
        return re.sub(r"<[^>]+>", "", html)


def _words(words: set[str]) -> re.Pattern[str]:
    ordered = sorted(words, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(w) for w in ordered) + r")(?!\w)")


def _pattern(words: set[str]) -> re.Pattern[str] | None:
    """Whole words of a set; None for an empty set (a rule set without cards has no card words)."""
    return _words(words) if words else None


def found(pattern: re.Pattern[str] | None, line: str) -> list[str]:
    return pattern.findall(line) if pattern is not None else []


@dataclass(frozen=True)
class Words:
    """What a rule set's texts may give away: its secret roles' and sides' names, its cards' names; and
    the texts everyone may read (every locale string, every card's text, the completed rules)."""

    ruleset: str
    roles: dict[str, str]  # word -> secret role id
    factions: dict[str, str]  # word -> side
    cards: dict[str, str]  # word -> card id
    roles_re: re.Pattern[str] | None
    factions_re: re.Pattern[str] | None
    cards_re: re.Pattern[str] | None
    flow_summary: re.Pattern[str]
    static: frozenset[str]
    long_static: tuple[str, ...]

    def in_fixed_text(self, line: str, words: set[str]) -> bool:
        """The line is, or quotes, a fixed text (the rules, a card's text) that holds these words."""
        if line in self.static:
            return True
        quoted = [s for s in self.long_static if s in line]
        return all(any(w in s for s in quoted) for w in words) if quoted else False

    def card_ids_in(self, value: Any) -> set[str]:
        """Card ids anywhere in event or order parameters."""
        ids = set(self.cards.values())
        out: set[str] = set()
        if isinstance(value, str) and value in ids:
            out.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                out |= self.card_ids_in(item)
        elif isinstance(value, list | tuple):
            for item in value:
                out |= self.card_ids_in(item)
        return out


@cache
def words_of(ruleset: str) -> Words:
    catalog = api.catalog(ruleset)
    secret = [r for r in catalog.roles.values() if r.secret]
    roles = {gamedata.role_name(ruleset, r.id, lang): r.id for r in secret for lang in LANGS}
    sides = {r.faction for r in secret if r.faction}
    factions = {t(lang, f"faction.{f}"): f for lang in LANGS for f in sides if has(lang, f"faction.{f}")}
    cards = {gamedata.card_name(ruleset, c, lang): c for c in gamedata.card_ids(ruleset) for lang in LANGS}
    names = {spec.name for card in get_ruleset(ruleset).catalog for spec in card.params}
    flow_summary = re.compile(r"^(" + "|".join(re.escape(n) for n in sorted(names)) + r"): " if names else r"(?!)")
    static = _static_lines(ruleset)
    long_static = tuple(sorted((line for line in static if len(line) >= 30), key=len, reverse=True))
    return Words(ruleset, roles, factions, cards, _pattern(set(roles)), _pattern(set(factions)), _pattern(set(cards)),
                 flow_summary, static, long_static)


def _static_lines(ruleset: str) -> frozenset[str]:
    lines: set[str] = set()
    texts = [value.format_map(_Empty(form)) for lang in LANGS for value in _catalog(lang).values()
             for form in ("m", "f", "one", "few", "many", "other")]
    texts += [gamedata.card_text(ruleset, c, lang) for c in gamedata.card_ids(ruleset) for lang in LANGS]
    texts += [part for lang in LANGS for part in rules_messages(lang, ruleset) or []]
    # the greeting and the help as the bot words them (the games it runs by name: «Мафия с личинами» names a side)
    texts += [t(lang, "general.welcome", games=games_named(lang)) for lang in LANGS]
    texts += [t(lang, "general.help", ids="|".join(ruleset_names())) for lang in LANGS]
    for text in texts:
        lines.update(line.strip() for line in plain(text).split("\n"))
    return frozenset(line for line in lines if line)


@dataclass
class Seat:
    game: int
    pid: int


@dataclass
class Reader:
    """A player's private chat: who reads it, in which language, and what they may know."""

    user_id: int
    lang: str
    seats: list[Seat]
    known_cards: set[str] = field(default_factory=set)
    own_lines: set[str] = field(default_factory=set)  # the lines of their own panel facts, so far


@dataclass
class Leak:
    chat: int
    line: str
    why: str


@dataclass
class Checker:
    world: World
    games: dict[int, dict[str, Any]]  # game id -> {"log": chat, "public": chat, "lang": str}
    readers: dict[int, Reader]
    ruleset: str = "micromafik"
    checked_calls: int = 0
    lines_checked: int = 0
    messages_checked: int = 0
    tokens_explained: int = 0
    leaks: list[Leak] = field(default_factory=list)
    _rendered: dict[tuple[int, int, str], list[str]] = field(default_factory=dict)

    @property
    def words(self) -> Words:
        return words_of(self.ruleset)

    # ------------------------------------------------------------------ what a reader may know
    def event_lines(self, game: int, state: GameState, seq: int, lang: str) -> list[str]:
        key = (game, seq, lang)
        if key not in self._rendered:
            event = state.events[seq - 1]
            self._rendered[key] = [line.strip() for line in plain(render(state, event, lang)).split("\n")]
        return self._rendered[key]

    def visible_lines(self, states: dict[int, GameState], reader: Reader) -> set[str]:
        lines: set[str] = set()
        for seat in reader.seats:
            state = states[seat.game]
            for event in state.events:
                if visible_to(event, state, seat.pid):
                    lines.update(self.event_lines(seat.game, state, event.seq, reader.lang))
        return lines

    def public_lines(self, states: dict[int, GameState], game: int) -> set[str]:
        state, lang = states[game], self.games[game]["lang"]
        return {line for e in state.events if e.to == "public" for line in self.event_lines(game, state, e.seq, lang)}

    def learn(self, states: dict[int, GameState], reader: Reader) -> None:
        """The cards a reader has held, chosen or been told of, so far."""
        for seat in reader.seats:
            state = states[seat.game]
            me = state.player(seat.pid)
            known = reader.known_cards
            known.update(c.card for c in [*me.deck, *me.hand, *me.discard, *me.sleeve])
            known.update(me.deck_choice)
            if me.building is not None:
                known.update(me.building.picks)
                known.update(me.building.offer)
            for order in state.orders.get(seat.pid, []):
                known |= self.words.card_ids_in(order.params)
            known.update(r.card for r in state.history if r.actor == seat.pid)
            for event in state.events:
                if visible_to(event, state, seat.pid):
                    known |= self.words.card_ids_in(event.params)
            # A panel fact is the player's own view (api.panel_facts: "only what the player may know"):
            # hit points, the Маньяк's own guises by name.
            r = Renderer(state, reader.lang)
            reader.own_lines.update(line.strip() for fact in api.panel_facts(state, seat.pid)
                                    for line in plain(fact_text(r, fact)).split("\n"))
            # His own orders as the withdraw screen lists them («🔦 Search for the Sheriff → X» is his own move).
            names = held_names(state, seat.pid, reader.lang)
            reader.own_lines.update(("✖ " + unescape(describe_order(state, o, names, reader.lang, seat.pid))[:48]).strip()
                                    for o in player_view(state, seat.pid, events=False)["orders"])

    # ------------------------------------------------------------------ the calls
    def texts(self, start: int) -> list[tuple[int, str]]:
        """(chat, text) of every successful message, edit, button label and press answer since `start`."""
        out: list[tuple[int, str]] = []
        for call in self.world.calls[start:]:
            if not call.ok:
                continue
            method, params = call.method, call.params
            if method in ("sendMessage", "editMessageText", "sendDocument", "editMessageCaption"):
                chat = int(params["chat_id"])
                body = params.get("text") if "Text" in method or method == "sendMessage" else params.get("caption")
                if body:
                    out.append((chat, plain(str(body)) if params.get("parse_mode") == "HTML" else str(body)))
                markup = params.get("reply_markup")
                if markup:
                    data = json.loads(markup) if isinstance(markup, str) else markup
                    for row in data.get("inline_keyboard", []):
                        out += [(chat, str(b.get("text", ""))) for b in row]
            elif method == "answerCallbackQuery" and params.get("text"):
                record = self.world.callbacks.get(str(params["callback_query_id"]))
                if record is not None:
                    out.append((record.user_id, str(params["text"])))
            elif method == "sendDocument":
                pass
        return out

    def check(self, states: dict[int, GameState]) -> None:
        """Check every call made since the last check, against what each reader may know now."""
        start, self.checked_calls = self.checked_calls, len(self.world.calls)
        for call in self.world.calls[start:]:
            if call.ok and call.method == "sendDocument":
                chat = int(call.params["chat_id"])
                if not any(chat == g["log"] for g in self.games.values()):
                    self.leaks.append(Leak(chat, str(call.files), "a document outside the master's log"))
        by_chat: dict[int, list[str]] = defaultdict(list)
        for chat, text in self.texts(start):
            by_chat[chat].append(text)
        for reader in self.readers.values():
            self.learn(states, reader)
        names = {g: [p.name for p in states[g].players] for g in states}
        logs = {g["log"] for g in self.games.values()}
        publics = {g["public"]: gid for gid, g in self.games.items()}
        for chat, texts in by_chat.items():
            if chat in logs:
                continue  # the master sees everything
            if chat in publics:
                gid = publics[chat]
                allowed = self.public_lines(states, gid)
                self._check_texts(chat, texts, allowed, names[gid], own_names=set(), own_roles=set(), known=None)
                continue
            reader = self.readers.get(chat)
            if reader is None:
                continue  # somebody outside every game: nothing secret is theirs to get, checked below
            allowed = self.visible_lines(states, reader)
            own_names = {states[s.game].player(s.pid).name for s in reader.seats}
            own_roles = set()
            for s in reader.seats:
                me = states[s.game].player(s.pid)
                own_roles |= {w for w, r in self.words.roles.items() if r == me.secret_role}
                own_roles |= {w for w, f in self.words.factions.items() if f == me.faction}
            everyone = [n for s in reader.seats for n in names[s.game]]
            self._check_texts(chat, texts, allowed, everyone, own_names=own_names, own_roles=own_roles, own=reader.own_lines,
                              known=reader.known_cards)

    def _check_texts(self, chat: int, texts: list[str], allowed: set[str], names: list[str], *,
                     own_names: set[str], own_roles: set[str], known: set[str] | None,
                     own: set[str] | frozenset[str] = frozenset()) -> None:
        others = [n for n in names if n not in own_names]
        for text in texts:
            self.messages_checked += 1
            for raw in text.split("\n"):
                line = raw.strip()
                if not line:
                    continue
                self.lines_checked += 1
                words = self.words
                secrets = set(found(words.roles_re, line)) | set(found(words.factions_re, line))
                named = [n for n in others if n in line]
                cards = {words.cards[c] for c in found(words.cards_re, line)}
                if secrets:
                    if line in allowed or words.in_fixed_text(line, secrets) or (not named and secrets <= own_roles) \
                            or line in own:
                        self.tokens_explained += len(secrets)
                    else:
                        self.leaks.append(Leak(chat, line, f"names {sorted(secrets)} unexplained"))
                if named and cards:
                    mine = known is not None and cards <= known
                    if line in allowed or line in words.static or words.flow_summary.match(line) or mine:
                        self.tokens_explained += len(cards)
                    else:
                        self.leaks.append(Leak(chat, line, f"cards {sorted(cards)} with {named}"))


def _phase_post_extra(line: str, lang: str, names: set[str]) -> bool:
    """A new phase's post adds its deadline and the living characters' names, each with its public statuses
    («Анна (госпиталь)»): public facts, no event's."""
    deadline = re.escape(t(lang, "ui.deadline", time="TIME", tz="ZONE")).replace("TIME", ".+").replace("ZONE", ".+")
    if re.fullmatch(deadline, line):
        return True
    alive = re.escape(t(lang, "ui.alive_list", n="COUNT", names="NAMES")).replace("COUNT", r"\d+").replace("NAMES", "(.*)")
    match = re.fullmatch(alive, line)
    if match is None:
        return False
    words = {value for key, value in _catalog(lang).items() if key.startswith("status.")}
    rest = match[1]
    while rest:  # «Имя», or «Имя (статус, статус)», separated by ", " (a status word may hold parentheses)
        name = next((n for n in sorted(names, key=len, reverse=True) if rest.startswith(n)), None)
        if name is None:
            return False
        rest = rest[len(name):]
        if rest.startswith(" ("):
            depth, end = 0, None
            for i, char in enumerate(rest[1:], start=1):
                depth += {"(": 1, ")": -1}.get(char, 0)
                if depth == 0:
                    end = i
                    break
            if end is None or not _only_status_words(rest[2:end], words):
                return False
            rest = rest[end + 1:]
        rest = rest.removeprefix(", ")
    return True


def _only_status_words(text: str, words: set[str]) -> bool:
    """A list of public status words («госпиталь (Повар), тюрьма»; a word may itself hold a comma-free
    parenthesis)."""
    rest = text
    while rest:
        word = next((w for w in sorted(words, key=len, reverse=True) if rest.startswith(w)), None)
        if word is None:
            return False
        rest = rest[len(word):].removeprefix(", ")
    return True


def check_outbox(rows: list[dict[str, Any]], states: dict[int, GameState], games: dict[int, dict[str, Any]],
                 seats: dict[tuple[int, int], int]) -> tuple[int, list[str]]:
    """Routing of every announcement in the outbox; (rows checked, problems)."""
    problems: list[str] = []
    checked = 0
    spans: dict[tuple[int, int, int], dict[int, str]] = defaultdict(dict)
    for row in rows:
        key = row["dedup_key"] or ""
        chat = int(row["chat_id"])
        match = re.fullmatch(r"g(\d+):e(\d+)-(\d+):(public|log|p(\d+)):(\d+)", key)
        if match is None:
            panel = re.fullmatch(r"g(\d+):(?:deck|phase\d+):p(\d+)", key)
            if panel is not None:
                checked += 1
                if seats.get((int(panel[1]), int(panel[2]))) != chat:
                    problems.append(f"{key}: a panel sent to chat {chat}")
            elif key.endswith((":logfile", ":recordfile")) and chat != games[int(key[1:].split(":")[0])]["log"]:
                problems.append(f"{key}: the game's log file sent to chat {chat}")
            continue
        checked += 1
        gid, first, last, audience, part = int(match[1]), int(match[2]), int(match[3]), match[4], int(match[6])
        state, lang = states[gid], games[gid]["lang"]
        events = state.events[first - 1:last]
        text = plain(row["text"] or "")
        if audience == "public":
            expected = "\n".join(render(state, e, lang) for e in events if e.to == "public")
            names = {p.name for p in state.players}
            said = "\n".join(line for line in text.split("\n") if not _phase_post_extra(line, lang, names))
            if chat != games[gid]["public"] or plain(split_text(expected)[part]) != said:
                problems.append(f"{key}: the public message is not exactly the public events")
        elif audience == "log":
            if chat != games[gid]["log"]:
                problems.append(f"{key}: the master's log sent to chat {chat}")
            spans[(gid, first, last)][part] = row["text"] or ""
        else:
            pid = int(match[5])
            if seats.get((gid, pid)) != chat:
                problems.append(f"{key}: player {pid}'s message sent to chat {chat}")
            reader_lang = games[gid]["langs"].get(pid, lang)
            visible = {line.strip() for e in events if visible_to(e, state, pid) and e.kind not in PANEL_EVENTS
                       for line in plain(render(state, e, reader_lang)).split("\n")}
            stray = [line for line in text.split("\n") if line.strip() and line.strip() not in visible]
            if stray:
                problems.append(f"{key}: lines not addressed to player {pid}: {stray[:2]}")
    for (gid, first, last), parts in spans.items():
        state, lang = states[gid], games[gid]["lang"]
        log = plain("\n".join(parts[i] for i in sorted(parts)))
        for event in state.events[first - 1:last]:
            if any(plain(line) not in log for line in log_lines(state, event, lang)):
                problems.append(f"g{gid} event {event.seq} ({event.kind}, to {event.to}) missing from the master's log")
    return checked, problems
