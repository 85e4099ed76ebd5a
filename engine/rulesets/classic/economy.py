"""The economy (section 3): purses, +2 coins a move, bonuses, the shop and the kiosk.

Purses: a single character's own coins (4 at the start, the Хозяин магазина 0; each cop his own 4); a mafia
clan's общак (8) shared by its members; the family's budget (8) shared by the spouses. `balance`, `pay` and
`earn` go through the character's purse, whoever holds it.

Income: «Все игроки, отправившие ход согласно функционала роли получают по 2 монете за ход, независимо от
того, удачный был ход или нет. Ходы: "сижу дома", "поход в Бар" не оплачиваются. Зомби монеты не получают.»
— `income`, run in the morning over every move submitted (moves.MoveDef.paid). Bonuses: `bonus(state, pid,
key)` with a key of BONUSES (the text's table); role modules call it; the kills' bonuses are paid at the
night's deaths (`kill_bonus`).

The shop and the kiosk: a purchase is a night move («поход в магазин любого персонажа», early morning): its
price (the query `price`: the Хозяин магазина's +1 at night is a modifier of it, from his module), the stock
(limited kinds: Святая вода 3, Указ президента 1; the setting `stock` may change any), and the item acts from
the next game day (model.new_item).
"""

from __future__ import annotations

from engine.core.extensions import edit, read
from engine.core.profile import PanelFact
from engine.core.refusal import Refusal
from engine.core.state import GameState, JsonValue
from engine.rulesets.classic.model import ITEMS, MOVE_INCOME, SOLD, Citizen, Town, cit, new_item

# The text's bonuses (3.1), by key: (coins, the words of the text). Paid by `bonus`.
BONUSES: dict[str, tuple[int, str]] = {
    "mafia_jail_cop": (2, "мафия: Посадка копа, свяща, Ведьмака или демона"),
    "mafia_kill": (1, "мафия: Убийство"),
    "mafia_kill_cop": (2, "мафия: Убийство копа"),
    "mafia_kill_vampire": (2, "мафия: Убийство вампира"),
    "mafia_kill_warlock": (2, "мафия: Убийство ведьмака"),
    "mafia_recruit": (2, "мафия: Удачная вербовка"),
    "cops_interrogation": (1, "копы: Допрос"),
    "cops_jail": (1, "копы: Посадка мафа, маньяка, ведьмака, отморозка или демона"),
    "cops_kill_mafia": (2, "копы: Убийство мафа"),
    "cops_kill_vampire": (2, "копы: Убийство вампира"),
    "cops_kill_warlock": (2, "копы: Убийство ведьмака"),
    "cops_cover": (2, "копы: Удачное прикрытие(без заказа)"),
    "town_jail": (1, "мирные: Посадка мафа, ведьмака или демона"),
    "town_kill_vampire": (2, "мирные: Убийство вампира"),
    "reanimation": (1, "Реаниматолог. Удачная реанимация"),
    "article": (2, "Журналист. За каждую написанную статью"),
    "execution": (2, "Палач - 2 монеты за казнь"),
    "van_helsing_kill": (2, "Ван Хельсинг - 2 монеты за убийство нечисти"),
    "unclean_jail": (2, "нечисть: Посадка Ван Хельсинга или священника"),
    "vampire_turn": (2, "Вампир. Обращение в вампира"),
    "kill_spirit": (5, "Любой персонаж: Убийство Духа"),
}


def purse_key(state: GameState, pid: int) -> str:
    """"" his own coins, else the shared purse he spends from (a clan, "family")."""
    return cit(state, pid).purse


def balance(state: GameState, pid: int) -> int:
    key = purse_key(state, pid)
    if key:
        return read(Town, state).funds.get(key, 0)
    return cit(state, pid).coins


def _change(state: GameState, pid: int, delta: int) -> int:
    key = purse_key(state, pid)
    if key:
        with edit(Town, state) as town:
            town.funds = {**town.funds, key: town.funds.get(key, 0) + delta}
            return town.funds[key]
    with edit(Citizen, state.player(pid)) as me:
        me.coins += delta
        return me.coins


# why coins come (the event's `why`)
EARNED = ("move", "order", "blackmail", "inheritance", "clonidine", *(f"bonus_{key}" for key in BONUSES))
SPENT = ("bar", "purchase", "order", "blackmail", "clonidine")  # why coins go (blackmail: the recruiter's шантаж, 6.2; the item's)


def earn(state: GameState, pid: int, amount: int, why: str) -> None:
    """Coins into his purse (told to him: what for — one of EARNED — and the balance now)."""
    if amount <= 0:
        return
    now = _change(state, pid, amount)
    state.emit("coins_earned", "player", pid, n=amount, why=why, balance=now)


def can_pay(state: GameState, pid: int, amount: int) -> bool:
    return balance(state, pid) >= amount


def pay(state: GameState, pid: int, amount: int, why: str) -> bool:
    """Coins out of his purse if he has them (True), else nothing (False); `why`: one of SPENT."""
    if amount < 0 or not can_pay(state, pid, amount):
        return False
    if amount:
        now = _change(state, pid, -amount)
        state.emit("coins_spent", "player", pid, n=amount, why=why, balance=now)
    return True


def transfer(state: GameState, payer: int, payee: int, amount: int, why: str) -> bool:
    """An order's fee «снимается с заказчика»: from one purse to another, if the payer has it."""
    if not pay(state, payer, amount, why):
        return False
    earn(state, payee, amount, why)
    return True


def bonus(state: GameState, pid: int, key: str) -> None:
    """One of the text's bonuses (BONUSES) to the character's purse."""
    amount, _words = BONUSES[key]
    earn(state, pid, amount, f"bonus_{key}")


def income(state: GameState, movers: list[int]) -> None:
    """+2 coins to each living character who submitted a paid move this phase (failed or not); the Зомби
    earns nothing. Called once a phase, in the morning."""
    for pid in movers:
        player = state.player(pid)
        if player.alive and player.secret_role != "zombie":
            earn(state, pid, MOVE_INCOME, "move")


# ---------------------------------------------------------------- the shop and the kiosk

def stock_of(state: GameState, kind: str) -> int | None:
    """What is left of a kind (None: no limit)."""
    stock = read(Town, state).stock
    return stock.get(kind) if kind in stock else None


def initial_stock(settings: dict[str, JsonValue]) -> dict[str, int]:
    """The text's stock (Святая вода 3, Указ президента 1); the setting `stock` ({kind: n}) may set any
    kind's («Количество товара в магазине, может отличаться в конкретной партии на усмотрение ведущего»)."""
    stock = {i.id: i.stock for i in ITEMS.values() if i.stock is not None}
    given = settings.get("stock")
    if isinstance(given, dict):
        for kind, n in given.items():
            if kind in SOLD and isinstance(n, int) and n >= 0:
                stock[kind] = n
    return stock


def base_price(kind: str) -> int:
    price = ITEMS[kind].price
    if price is None:
        raise Refusal("bad_param", param="item", kind="choice", reason="not_sold")
    return price


def price(state: GameState, buyer: int, kind: str) -> int:
    """What `buyer` pays for `kind` now: the list price through the `price` query (the Хозяин магазина's
    +1 at night, urgent delivery… are modifiers of it, from his module)."""
    from engine.rulesets.classic.moves import MOVES

    value: int = MOVES.queries.ask("price", state, base_price(kind), buyer=buyer, kind=kind)
    return value


def shop_line(state: GameState, buyer: int, kind: str) -> PanelFact:
    """An item on the shop screen as it stands for `buyer` now: its price, and the stock left of a limited kind."""
    left = stock_of(state, kind)
    item = PanelFact(f"classic_item.{kind}")
    if left is None:
        return PanelFact("classic_shop.item", {"item": item, "price": price(state, buyer, kind)})
    if left <= 0:
        return PanelFact("classic_shop.sold_out", {"item": item})
    return PanelFact("classic_shop.item_left", {"item": item, "price": price(state, buyer, kind), "n": left})


def shop_is_open(state: GameState) -> bool:
    """Open unless its owner died (Town.shop_open) or a module closes it for now (the `shop_open` query: the
    Хозяин магазина's «закрыть магазин на учет», the Вышибала's «разгромить магазин»)."""
    from engine.rulesets.classic.moves import MOVES

    is_open: bool = read(Town, state).shop_open and MOVES.queries.ask("shop_open", state, True)
    return is_open


def may_buy(state: GameState, buyer: int, kind: str, *, cost: int | None = None) -> None:
    """Refuse a purchase the shop cannot make: not sold, the shop closed, out of stock, too dear (at `cost`,
    when it is not the shop's `price`: the urgent delivery's)."""
    if kind not in SOLD:
        raise Refusal("bad_param", param="item", kind="choice", reason="not_sold")
    if not shop_is_open(state):
        raise Refusal("not_allowed", what="buy", reason="shop_closed")
    left = stock_of(state, kind)
    if left is not None and left <= 0:
        raise Refusal("not_allowed", what="buy", reason="out_of_stock")
    if not can_pay(state, buyer, price(state, buyer, kind) if cost is None else cost):
        raise Refusal("not_allowed", what="buy", reason="no_coins")
    allowed: bool = _shop_rules(state, buyer, kind)
    if not allowed:
        raise Refusal("not_allowed", what="buy", reason="not_for_you")


def _shop_rules(state: GameState, buyer: int, kind: str) -> bool:
    """The `may_buy` query: who may not buy what (poison is not sold to the town…), from role modules."""
    from engine.rulesets.classic.moves import MOVES

    allowed: bool = MOVES.queries.ask("may_buy", state, True, buyer=buyer, kind=kind)
    return allowed


def buy(state: GameState, buyer: int, kind: str, *, urgent: int | None = None) -> bool:
    """The purchase, at the shop's step: paid, the stock less one, the item in his inventory (acting from the
    next game day). `urgent`: the urgent delivery's cost — the item acts at once. False (and nothing changes)
    when it can no longer be made."""
    try:
        may_buy(state, buyer, kind, cost=urgent)
    except Refusal:
        return False
    pay(state, buyer, price(state, buyer, kind) if urgent is None else urgent, "purchase")
    left = stock_of(state, kind)
    if left is not None:
        with edit(Town, state) as town:
            town.stock = {**town.stock, kind: left - 1}
    new_item(state, buyer, kind, bought=True, at_once=urgent is not None)
    # the morning header says which (not by whom); the shopkeeper's tricks are for the night's buyers only
    state.emit("item_sold", "master", None, pid=buyer, item=kind, urgent=urgent is not None)
    return True
