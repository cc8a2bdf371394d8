"""Step 3, Trade (PK-180..PK-237): selling loads at villages and buying llamas."""

from __future__ import annotations

from typing import NamedTuple

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.refusal import Refusal
from tawa.games.pachakuna.data import COLOURS, Tables, llama_name, llamas_of
from tawa.games.pachakuna.rules.end import has_all_colours, win
from tawa.games.pachakuna.state import Moved, PachakunaState, Payment, Phase


class Sell(NamedTuple):
    """Llama ``llama`` sells its load at its village (PK-200)."""

    kind: str  # "sell"
    llama: int


class Buy(NamedTuple):
    """Buy a llama at the village of colour ``village`` (PK-230, PK-233)."""

    kind: str  # "buy"
    village: int


class EndTrade(NamedTuple):
    """End the trade step; the refill follows (PK-270)."""

    kind: str  # "end_trade"


END_TRADE = Action("end trade", "End the trade step (refill follows)", EndTrade("end_trade"))

NOT_NOW = Refusal(
    "PK-112", "selling and buying happen in the trade step", "the trade step, after the move step of your turn (PK-111)"
)
OFF_BOARD = Refusal("PK-095", "that llama is not on the board (it waits off the board until bought)")
ON_TILE = Refusal("PK-184", "a llama on a terrain tile can neither sell nor serve as the place of a purchase")
JUST_BOUGHT = Refusal("PK-237", "a llama cannot sell in the turn it is bought")
DID_NOT_MOVE = Refusal("PK-181", "only llamas that moved trade (STAYED_LLAMA_TRADES=false)")
EMPTY = Refusal("PK-205", "the llama carries nothing until the refill")
OWN_COLOUR = Refusal("PK-200", "a llama cannot sell the village's own colour")
SOLD_HERE = Refusal("PK-207", "this village already had its sale this turn")
AFTER_PURCHASE = Refusal("PK-183", "no sale after a purchase (TRADE_ORDER=sells_first)")
ONE_PURCHASE = Refusal("PK-234", "one purchase per turn (MULTI_BUY=false)")
NO_LLAMA_THERE = Refusal("PK-233", "a llama is bought only at a village where one of your llamas may trade")


# ---------------------------------------------------------------------------- predicates
def trading(s: PachakunaState) -> bool:
    return s.step == Phase.TRADE


def trade_refusal(s: PachakunaState, tables: Tables, params: Params, k: int) -> Refusal | None:
    """Whether llama ``k`` may trade where it stands: PK-095 on the board, PK-180/184 on a village, PK-237 not bought
    this turn, PK-181 STAYED_LLAMA_TRADES."""
    if s.pos[k] < 0:
        return OFF_BOARD
    if tables.village_at[s.pos[k]] < 0:
        return ON_TILE
    if s.bought[k]:
        return JUST_BOUGHT
    if not params.STAYED_LLAMA_TRADES and s.moved[k] != Moved.MOVED:
        return DID_NOT_MOVE
    return None


def trades_here(s: PachakunaState, tables: Tables, params: Params, k: int) -> bool:
    return trade_refusal(s, tables, params, k) is None


def sell_refusal(s: PachakunaState, tables: Tables, params: Params, k: int) -> Refusal | None:
    """PK-184/205 a loaded llama on a village; PK-200/210 not the village colour; PK-201/207 the demand is still
    there; PK-183 TRADE_ORDER."""
    refusal = trade_refusal(s, tables, params, k)
    if refusal is not None:
        return refusal
    if s.load[k] < 0:
        return EMPTY
    v = tables.village_at[s.pos[k]]
    if s.load[k] == v:
        return OWN_COLOUR
    if s.demand[v] < 0:
        return SOLD_HERE
    if params.TRADE_ORDER == "sells_first" and s.buys > 0:
        return AFTER_PURCHASE
    return None


def can_sell(s: PachakunaState, tables: Tables, params: Params, k: int) -> bool:
    return sell_refusal(s, tables, params, k) is None


def purchase_refusal(s: PachakunaState, params: Params) -> Refusal | None:
    """PK-232 fewer than 3 llamas; PK-230/254 the 4 pieces held; PK-234 MULTI_BUY."""
    seat = s.active
    if s.owned(seat) >= params.MAX_LLAMAS:
        return Refusal("PK-232", f"you already own {params.MAX_LLAMAS} llamas")
    if s.holds(seat) < params.LLAMA_COST:
        return Refusal("PK-254", f"a llama costs {params.LLAMA_COST} pieces you do not hold")
    if not params.MULTI_BUY and s.buys > 0:
        return ONE_PURCHASE
    return None


def buy_villages(s: PachakunaState, tables: Tables, params: Params) -> list[int]:
    """Villages where the active player may buy a llama now (PK-230..PK-235): where one of their llamas trades."""
    if purchase_refusal(s, params) is not None:
        return []
    return sorted({tables.village_at[s.pos[k]] for k in llamas_of(s.active) if trades_here(s, tables, params, k)})


def sale_gain(tables: Tables, payout: tuple[int, int, int], load: int, d: int) -> int:
    """PK-202..PK-204: what selling ``load`` into demand ``d`` pays, by ``payout`` (the PAYOUT Param: upper flag /
    lower flag / neither)."""
    upper, lower = tables.demands[d]
    up, low, none = payout
    return up if load == upper else low if load == lower else none


# ---------------------------------------------------------------------------- actions
def sell_id(k: int) -> str:
    return f"sell {llama_name(k)}"


def buy_id(village: int) -> str:
    return f"buy at {COLOURS[village]}"


def legal_trade(s: PachakunaState, tables: Tables, params: Params) -> list[Action]:
    acts = []
    for k in llamas_of(s.active):
        if can_sell(s, tables, params, k):
            v = tables.village_at[s.pos[k]]
            acts.append(
                Action(
                    sell_id(k),
                    f"{llama_name(k)} sells {COLOURS[s.load[k]]} at the {COLOURS[v]} village "
                    f"({tables.demand_name(s.demand[v])})",
                    Sell("sell", k),
                )
            )
    for v in buy_villages(s, tables, params):
        acts.append(
            Action(buy_id(v), f"Buy a llama at the {COLOURS[v]} village (pay {params.LLAMA_COST})", Buy("buy", v))
        )
    acts.append(END_TRADE)
    return acts


# ---------------------------------------------------------------------------- effects
def sell(s: PachakunaState, tables: Tables, params: Params, k: int, who: str) -> list[Event]:
    seat = s.active
    v = tables.village_at[s.pos[k]]
    d = s.demand[v]
    colour = s.load[k]
    gain = sale_gain(tables, params.PAYOUT, colour, d)  # PK-202..PK-204
    s.supply[seat][colour] += gain
    s.load[k] = -1  # PK-205
    s.reload[k] = True  # PK-277
    s.demand[v] = -1  # PK-206 to the discard pile
    s.discard.append(d)
    s.sold.append(v)  # PK-207
    events = [
        Event(
            "sell",
            f"{who} {llama_name(k)} sells {COLOURS[colour]} at the {COLOURS[v]} village "
            f"({tables.demand_name(d)}): +{gain} {COLOURS[colour]}",
            data={"llama": k, "colour": COLOURS[colour], "gain": gain, "demand": d},
        )
    ]
    if params.WIN_CHECK == "immediate" and has_all_colours(s.supply[seat]):  # PK-303/304
        events += win(s, who)
    return events


def start_purchase(s: PachakunaState, params: Params, village: int) -> None:
    """PK-230: the llama's pieces are collected one at a time."""
    s.paying, s.pay_need, s.pay_village = Payment.LLAMA, params.LLAMA_COST, village


def place_bought_llama(s: PachakunaState, tables: Tables, who: str) -> list[Event]:
    """PK-233 placed on the village; PK-236 empty; PK-322 the lowest free slot."""
    v = s.pay_village
    k = next(k for k in llamas_of(s.active) if s.pos[k] < 0)
    s.pos[k] = tables.village_cell[v]
    s.region[k] = -1
    s.load[k] = -1
    s.reload[k] = True  # PK-277 loaded at refill
    s.bought[k] = True  # PK-168, PK-237
    s.moved[k] = Moved.STAYED
    s.buys += 1
    s.pay_village = -1
    return [
        Event(
            "buy", f"{who} buys {llama_name(k)} at the {COLOURS[v]} village", data={"llama": k, "village": COLOURS[v]}
        )
    ]
