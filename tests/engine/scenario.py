"""A few-line way to set up a game position, play, resolve and look at the outcome.

    g = Scenario.night(1)
    g.player("A", secret="killer", hand=["pistol", "letter"]).player("B", hand=5)
    g.play("A", "pistol", target="B", pay_cards=["letter"]).resolve()
    assert g.hand_size("B") == 3

Players are named; names stand for pids everywhere (targets, named players in params). Hands and
decks are lists of card ids, or a number of filler cards. The position is built directly, without
deck building, so every test states exactly the cards it is about.
"""

from __future__ import annotations

from typing import Any

from engine.core import api
from engine.core.refusal import Refusal
from engine.core.ruleset import get_ruleset
from engine.core.state import Event, GameState, Order, PlayerState
from engine.rulesets.mafik import roles as mafik_roles
from engine.rulesets.mafik import ruleset as mafik
from engine.rulesets.micromafik import roles as micromafik_roles
from engine.rulesets.micromafik import ruleset as micromafik

# Per rule set: its secret roles, default settings, how a phase begins, and an inert filler card
# (it does nothing unless played — Микромафик's Аутопсия needs a dead target; Мафик's Пустышка).
RULESETS: dict[str, tuple[dict[str, Any], dict[str, Any], Any, str]] = {
    "micromafik": (micromafik_roles.SECRET_ROLES, micromafik.DEFAULT_SETTINGS, micromafik.begin_phase, "autopsy"),
    "mafik": (mafik_roles.SECRET_ROLES, mafik.DEFAULT_SETTINGS, mafik.begin_phase, "dummy"),
}
FILLER = "autopsy"


class Scenario:
    RULESET = "micromafik"

    def __init__(self, phase: int, ruleset: str | None = None, seed: int = 7) -> None:
        ruleset = ruleset or self.RULESET
        self.secret_roles, settings, self._begin_phase, self.filler = RULESETS[ruleset]
        self.state = GameState(ruleset=ruleset, seed=seed, rng=seed, settings=dict(settings))
        self.state.status = "running"
        self._phase = phase
        self._built = False
        self.names: dict[str, int] = {}

    @classmethod
    def night(cls, n: int = 2) -> Scenario:
        return cls(2 * n - 1)

    @classmethod
    def day(cls, n: int = 1) -> Scenario:
        return cls(2 * n)

    # ---- building ----
    def player(self, name: str, *, secret: str | None = None, role: str | None = None, hand: list[str] | int = 5,
               deck: list[str] | int = 10, points: int = 0, chose: list[str] | None = None,
               sleeve: list[str] | int = 0) -> Scenario:
        state = self.state
        pid = len(state.players)
        secret = secret or ("lawman" if state.ruleset == "micromafik" else "officer")
        role = role or ("hero" if state.ruleset == "micromafik" else "other")
        player = PlayerState(pid=pid, name=name, public_role=role, secret_role=secret,
                             faction=self.secret_roles[secret].faction, points=points)
        player.hand = [state.new_card(c) for c in self._cards(hand)]
        player.deck = [state.new_card(c) for c in self._cards(deck)]
        player.sleeve = [state.new_card(c) for c in self._cards(sleeve)]
        player.deck_choice = list(chose) if chose is not None else [c.card for c in player.deck + player.hand]
        state.players.append(player)
        self.names[name] = pid
        return self

    def _cards(self, spec: list[str] | int) -> list[str]:
        return [self.filler] * spec if isinstance(spec, int) else list(spec)

    def build(self) -> Scenario:
        if not self._built:
            self._built = True
            self._begin_phase(self.state, self._phase)
        return self

    # ---- acting ----
    def pid(self, name: str | int) -> int:
        return name if isinstance(name, int) else self.names[name]

    def uid(self, name: str, card: str, *, skip: set[int] | None = None, zone: str = "hand") -> int:
        player = self.state.player(self.pid(name))
        for c in getattr(player, zone):
            if c.card == card and c.uid not in (skip or set()):
                return c.uid
        raise AssertionError(f"{name} has no {card} in {zone}")

    def _params(self, params: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in params.items():
            if key in ("target", "subject") and isinstance(value, str):
                out[key] = self.pid(value)
            elif key == "targets":
                out[key] = [self.pid(v) for v in value]
            else:
                out[key] = value
        return out

    def order(self, name: str, kind: str, *, card: str | None = None, pay_points: int = 0,
              pay_cards: list[str] | None = None, pay_sleeve: list[str] | None = None,
              pay_options: dict[str, Any] | None = None, from_sleeve: bool = False, **params: Any) -> Order:
        """Submit an order; cards are given by id and found in the player's hand (or sleeve)."""
        self.build()
        used: set[int] = set()
        card_uid = None
        if card is not None:
            card_uid = self.uid(name, card, zone="sleeve" if from_sleeve else "hand")
            used.add(card_uid)
        paid = []
        for zone, cards in (("hand", pay_cards or []), ("sleeve", pay_sleeve or [])):
            for c in cards:
                uid = self.uid(name, c, skip=used, zone=zone)
                used.add(uid)
                paid.append(uid)
        for key in ("give", "cards_from_hand"):
            if key in params:
                uids = []
                for c in params[key]:
                    uid = self.uid(name, c, skip=used)
                    used.add(uid)
                    uids.append(uid)
                params[key] = uids
        payment = {"points": pay_points, "cards": paid, "options": pay_options or {}}
        return api.submit(self.state, self.pid(name), kind, card=card_uid, params=self._params(params), payment=payment)

    def play(self, name: str, card: str, **kwargs: Any) -> Scenario:
        self.order(name, "play", card=card, **kwargs)
        return self

    def refusal(self, name: str, kind: str, **kwargs: Any) -> Refusal:
        """The refusal an order meets (fails the test if it is accepted)."""
        self.build()  # building the position is not a change made by the order
        before = self.state.model_dump_json()
        try:
            self.order(name, kind, **kwargs)
        except Refusal as refusal:
            assert self.state.model_dump_json() == before, "a refused order changed the state"
            return refusal
        raise AssertionError(f"{kind} by {name} was accepted")

    def vote(self, name: str, target: str, punishment: str | None = None) -> Scenario:
        self.order(name, "vote", target=target)
        if punishment:
            self.order(name, "punishment", choice=punishment)
        return self

    def resolve(self) -> Scenario:
        self.build()
        api.resolve(self.state)
        return self

    # ---- looking ----
    def p(self, name: str) -> PlayerState:
        return self.state.player(self.pid(name))

    def hand(self, name: str) -> list[str]:
        return [c.card for c in self.p(name).hand]

    def sleeve(self, name: str) -> list[str]:
        return [c.card for c in self.p(name).sleeve]

    def hand_size(self, name: str) -> int:
        return len(self.p(name).hand)

    def points(self, name: str) -> int:
        return self.p(name).points

    def alive(self, name: str) -> bool:
        return self.p(name).alive

    def events(self, kind: str, *, to: str | None = None) -> list[Event]:
        """Events of a kind; with `to`, only those addressed to that player."""
        out = [e for e in self.state.events if e.kind == kind]
        if to is not None:
            out = [e for e in out if e.to == "player" and e.who == self.pid(to)]
        return out

    def public(self, kind: str) -> list[Event]:
        return [e for e in self.state.events if e.kind == kind and e.to == "public"]

    @property
    def ruleset(self) -> Any:
        return get_ruleset(self.state.ruleset)
