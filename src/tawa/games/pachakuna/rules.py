"""P'achakuna rules: setup, the legal decisions of each step, and applying them (spec PK-080..PK-320).

A turn is Rotate (free rotation, paid rotations) -> Move (one decision per llama with a choice) -> Trade (sells,
buys) -> Refill (automatic). Payments are collected one piece at a time (``pay red``). Decisions with a single
option are resolved automatically by ``settle`` (PK-323 and the rulings in data.py).
"""
from __future__ import annotations

from typing import Any

from tawa import Action, Event, Rng
from tawa.games.pachakuna.board import CELLS, CENTRE, TILE_CELLS, Tables, cell_name
from tawa.games.pachakuna.data import ALL_PIECES, BROWN, COLOURS, parse_layout
from tawa.games.pachakuna.demands import demand_name, fill_missing
from tawa.games.pachakuna.reach import reachable
from tawa.games.pachakuna.state import (
    MOVE,
    MOVED,
    NO_PAYMENT,
    NOT_YET,
    OVER,
    PAY_LLAMA,
    PAY_ROTATION,
    ROTATE_FREE,
    ROTATE_PAID,
    STAYED,
    TRADE,
    PKState,
)

SIDE = ("White", "Black")

# ============================================================================ setup


def setup(s: PKState, tables: Tables, params: Any, rng: Rng) -> list[Event]:
    """PK-080..PK-099."""
    events: list[Event] = []
    # PK-081..PK-084 villages and tiles
    s.types = [""] * len(CELLS)
    s.orient = [0] * len(CELLS)
    if params.layout == "random":  # PK-084 (ruling: the game's Rng serves the shuffle)
        kinds = [t for t, n in params.TILE_COUNTS.items() for _ in range(n)]
        order = {"F": 0, "N": 1, "M": 2}
        kinds.sort(key=lambda t: (order.get(t, 3), t))
        rng.shuffle(kinds)
        for i, cell in enumerate(TILE_CELLS):
            s.types[cell] = kinds[i]
            s.orient[cell] = rng.below(6)
    else:  # PK-082, PK-083
        plan = parse_layout(params.LAYOUTS[params.layout])
        for cell in TILE_CELLS:
            t, o = plan[CELLS[cell]]
            s.types[cell] = t
            s.orient[cell] = o
    events.append(Event("setup", f"layout {params.layout}", data={"layout": params.layout}))
    # PK-085..PK-090 demands
    s.bag = list(range(len(tables.demands)))
    s.discard = []
    s.demand = [-1] * 7
    events.extend(fill_missing(s, tables, params, rng, setup=True))
    # PK-092/093 seats; PK-094..PK-097 llamas and supplies
    s.white_seat = rng.below(2) if params.WHITE_SEAT == "random" else int(params.WHITE_SEAT)
    for seat in (0, 1):
        k = seat * 3
        s.pos[k] = CENTRE
        s.load[k] = 0  # one white resource
    s.supply = [[0] * 8, [0] * 8]
    s.supply[1 - s.white_seat][BROWN] = 1  # PK-096
    s.rocks = []  # PK-098
    s.active = s.white_seat  # PK-099
    s.step = ROTATE_FREE
    events.append(Event("setup", f"seat {s.white_seat} plays White and starts; seat {1 - s.white_seat} plays "
                                 "Black and holds the brown resource", data={"white_seat": s.white_seat}))
    return events


# ============================================================================ queries


def llama_name(k: int) -> str:
    return f"llama{k % 3}"


def is_rotatable(s: PKState, cell: int) -> bool:
    """PK-040 tiles only; PK-138 no llama; PK-139 no rock; PK-135 once per turn."""
    return (s.types[cell] != "" and cell not in s.rocks and cell not in s.rotated
            and cell not in s.pos)


def can_rotate_more(s: PKState, params: Any) -> bool:
    """PK-136 / PK-007 (MAX_ROTATIONS)."""
    return params.MAX_ROTATIONS is None or len(s.rotated) < params.MAX_ROTATIONS


def holds(s: PKState, seat: int) -> int:
    return sum(s.supply[seat])


def has_all_colours(supply: list[int]) -> bool:
    """PK-300/301: one of each of the 7 colours; brown does not count."""
    return all(supply[c] >= 1 for c in range(7))


def llama_terrain(s: PKState, seat: int) -> int:
    """PK-060: White valley (0), Black mountain (1)."""
    return s.colour_of(seat)


def destinations(s: PKState, tables: Tables, k: int) -> list[tuple[int, int]]:
    return reachable(tables, s.types, s.orient, s.pos[k], s.region[k], llama_terrain(s, k // 3))


def stranded_llamas(s: PKState, tables: Tables, cell: int, o: int) -> list[int]:
    """PK-325: the active player's llamas that would have no reachable cell after turning ``cell`` to ``o``."""
    old = s.orient[cell]
    s.orient[cell] = o
    try:
        return [k for k in range(s.active * 3, s.active * 3 + 3) if s.pos[k] >= 0 and not destinations(s, tables, k)]
    finally:
        s.orient[cell] = old


def trades_here(s: PKState, tables: Tables, params: Any, k: int) -> bool:
    """PK-180/184: on a village after the move; PK-181 STAYED_LLAMA_TRADES; bought llamas do not sell (PK-237)."""
    if s.pos[k] < 0 or tables.village_at[s.pos[k]] < 0 or s.bought[k]:
        return False
    return params.STAYED_LLAMA_TRADES or s.moved[k] == MOVED


def can_sell(s: PKState, tables: Tables, params: Any, k: int) -> bool:
    if not trades_here(s, tables, params, k) or s.load[k] < 0:  # PK-184, PK-205
        return False
    v = tables.village_at[s.pos[k]]
    if s.load[k] == v:  # PK-200, PK-210
        return False
    if s.demand[v] < 0:  # PK-201, PK-207
        return False
    return not (params.TRADE_ORDER == "sells_first" and s.buys > 0)  # PK-183


def buy_villages(s: PKState, tables: Tables, params: Any) -> list[int]:
    """Villages where the active player may buy a llama now (PK-230..PK-235)."""
    seat = s.active
    if s.owned(seat) >= params.MAX_LLAMAS or holds(s, seat) < params.LLAMA_COST:  # PK-232, PK-254
        return []
    if not params.MULTI_BUY and s.buys > 0:  # PK-234
        return []
    vs = {tables.village_at[s.pos[k]] for k in range(seat * 3, seat * 3 + 3) if trades_here(s, tables, params, k)}
    return sorted(vs)


def paid_rotation_possible(s: PKState, params: Any) -> bool:
    return holds(s, s.active) >= params.ROTATION_COST and can_rotate_more(s, params)  # PK-132, PK-254


# ============================================================================ legal actions


def legal(s: PKState, tables: Tables, params: Any) -> list[Action]:
    seat = s.active
    if s.paying:
        return [Action(f"pay {ALL_PIECES[c]}", f"Pay one {ALL_PIECES[c]} piece", ("pay", c))
                for c in range(8) if s.supply[seat][c] > 0]
    if s.step in (ROTATE_FREE, ROTATE_PAID):
        return _legal_rotate(s, tables, params)
    if s.step == MOVE:
        return _legal_move(s, tables)
    if s.step == TRADE:
        return _legal_trade(s, tables, params)
    return []


def _rotate_action(tables: Tables, params: Any, kind: str, cell: int, cur: int, o: int, free: bool) -> Action:
    key = (cell, o, free, kind, cur)
    a = _ROTATE_ACTIONS.get(key)
    if a is None:
        how = "free" if free else f"pay {params.ROTATION_COST}"
        name = cell_name(cell)
        if o == cur:  # PK-131/137: a 0-degree rotation only places a rock
            text = f"Keep tile {name} {kind}{o} as it is, 0-degree rotation: it gets a rock ({how})"
        else:
            mountain = ",".join(str(d) for d in tables.tile_types[kind].mountain_sides(o))
            text = f"Rotate tile {name} {kind}{cur} -> {kind}{o} (mountain sides {mountain}) ({how})"
        a = _ROTATE_ACTIONS[key] = Action(f"rotate {name} o{o}", text, ("rotate", cell, o))
    return a


_ROTATE_ACTIONS: dict[tuple[int, int, bool, str, int], Action] = {}
_END_ROTATE = Action("end rotate", "End the rotate step (rocks go on the tiles rotated this turn)", ("end_rotate",))


def _legal_rotate(s: PKState, tables: Tables, params: Any) -> list[Action]:
    free = s.step == ROTATE_FREE
    acts: list[Action] = []
    if free or paid_rotation_possible(s, params):
        zero_ok = params.FREE_ZERO_ROTATION if free else params.PAID_ZERO_ROTATION  # PK-131, PK-137
        orient = s.orient
        for cell in TILE_CELLS:  # PK-040 tiles only
            if not is_rotatable(s, cell):  # PK-139 rock, PK-135 rotated, PK-138 llama
                continue
            for o in range(6):  # PK-047 any of the 6 orientations in one rotation
                if o == orient[cell] and not zero_ok:
                    continue
                acts.append(_rotate_action(tables, params, s.types[cell], cell, orient[cell], o, free))
    acts.append(_END_ROTATE)
    return acts


def _legal_move(s: PKState, tables: Tables) -> list[Action]:
    k = s.active * 3 + s.move_slot
    acts = []
    who = f"{SIDE[s.colour_of(s.active)]} {llama_name(k)} ({_load_text(s.load[k])})"
    for cell, rg in destinations(s, tables, k):
        suffix = f" r{rg}" if tables.multi and rg >= 0 else ""
        acts.append(Action(f"move {llama_name(k)} {cell_name(cell)}{suffix}",
                           f"Move {who} to {cell_name(cell)}{_place_text(s, tables, cell)}",
                           ("move", k, cell, rg)))
    if tables.village_at[s.pos[k]] >= 0:  # PK-164
        acts.append(Action(f"stay {llama_name(k)}",
                           f"{who} stays on {cell_name(s.pos[k])}{_place_text(s, tables, s.pos[k])}",
                           ("stay", k)))
    return acts


def _load_text(load: int) -> str:
    return f"carrying {COLOURS[load]}" if load >= 0 else "empty"


def _place_text(s: PKState, tables: Tables, cell: int) -> str:
    """' (red village, demand Y/B)' for a village, ' (tile M5)' for a tile: for the action texts."""
    v = tables.village_at[cell]
    if v < 0:
        return f" (tile {s.types[cell]}{s.orient[cell]})"
    d = s.demand[v]
    return f" ({COLOURS[v]} village, demand {demand_name(tables, d)[4:] if d >= 0 else 'none'})"


def _legal_trade(s: PKState, tables: Tables, params: Any) -> list[Action]:
    acts = []
    for k in range(s.active * 3, s.active * 3 + 3):
        if can_sell(s, tables, params, k):
            v = tables.village_at[s.pos[k]]
            acts.append(Action(f"sell {llama_name(k)}",
                               f"{llama_name(k)} sells {COLOURS[s.load[k]]} at the {COLOURS[v]} village "
                               f"({demand_name(tables, s.demand[v])})", ("sell", k)))
    for v in buy_villages(s, tables, params):
        acts.append(Action(f"buy at {COLOURS[v]}", f"Buy a llama at the {COLOURS[v]} village "
                                                   f"(pay {params.LLAMA_COST})", ("buy", v)))
    acts.append(Action("end trade", "End the trade step (refill follows)", ("end_trade",)))
    return acts


# ============================================================================ apply


def apply(s: PKState, tables: Tables, params: Any, rng: Rng, data: tuple[Any, ...]) -> list[Event]:
    kind = data[0]
    seat = s.active
    who = SIDE[s.colour_of(seat)]
    events: list[Event] = []
    if kind == "pay":
        events += _pay(s, tables, params, data[1])
    elif kind == "rotate":
        cell, o = data[1], data[2]
        if s.step == ROTATE_FREE:  # PK-130: the free rotation(s) come first
            events += _rotate(s, cell, o, who, "free")
            if len(s.rotated) >= params.FREE_ROTATIONS:
                s.step = ROTATE_PAID
        else:  # PK-132/133: paid rotation, collect the pieces first
            s.paying, s.pay_need, s.pay_cell, s.pay_orient = PAY_ROTATION, params.ROTATION_COST, cell, o
    elif kind == "end_rotate":
        events += _end_rotate(s, who)
    elif kind == "move":  # PK-161
        k, cell, rg = data[1], data[2], data[3]
        s.pos[k], s.region[k] = cell, rg
        s.moved[k] = MOVED
        s.move_slot += 1
        events.append(Event("move", f"{who} {llama_name(k)} moves to {cell_name(cell)}",
                            data={"llama": k, "to": cell_name(cell)}))
    elif kind == "stay":  # PK-164
        k = data[1]
        s.moved[k] = STAYED
        s.move_slot += 1
        events.append(Event("stay", f"{who} {llama_name(k)} stays on {cell_name(s.pos[k])}", data={"llama": k}))
    elif kind == "sell":
        events += _sell(s, tables, params, data[1], who)
    elif kind == "buy":  # PK-230
        s.paying, s.pay_need, s.pay_village = PAY_LLAMA, params.LLAMA_COST, data[1]
    elif kind == "end_trade":
        events += _end_trade(s, tables, params, rng, who)
    else:  # pragma: no cover
        raise ValueError(f"unknown action {data!r}")
    events += settle(s, tables, params, rng)
    return events


def _rotate(s: PKState, cell: int, o: int, who: str, how: str) -> list[Event]:
    old = s.orient[cell]
    s.orient[cell] = o  # PK-143 takes effect at once
    s.rotated.append(cell)
    return [Event("rotate", f"{who} rotates {cell_name(cell)} ({s.types[cell]}) from o{old} to o{o} ({how})",
                  data={"cell": cell_name(cell), "from": old, "to": o, "how": how})]


def _pay(s: PKState, tables: Tables, params: Any, c: int) -> list[Event]:
    """PK-134/231 any colours incl. brown; PK-253/254 into the general supply, never below zero."""
    seat = s.active
    s.supply[seat][c] -= 1
    s.pay_need -= 1
    events = [Event("pay", f"{SIDE[s.colour_of(seat)]} pays one {ALL_PIECES[c]}", data={"piece": ALL_PIECES[c]})]
    if s.pay_need > 0:
        return events
    who = SIDE[s.colour_of(seat)]
    if s.paying == PAY_ROTATION:
        events += _rotate(s, s.pay_cell, s.pay_orient, who, f"paid {params.ROTATION_COST}")
        s.pay_cell = s.pay_orient = -1
    else:  # PK-233 placed on the village; PK-236 empty; PK-322 lowest free slot
        v = s.pay_village
        k = next(k for k in range(seat * 3, seat * 3 + 3) if s.pos[k] < 0)
        s.pos[k] = tables.village_cell[v]
        s.region[k] = -1
        s.load[k] = -1
        s.reload[k] = True  # PK-277 loaded at refill
        s.bought[k] = True  # PK-168, PK-237
        s.moved[k] = STAYED
        s.buys += 1
        s.pay_village = -1
        events.append(Event("buy", f"{who} buys {llama_name(k)} at the {COLOURS[v]} village",
                            data={"llama": k, "village": COLOURS[v]}))
    s.paying = NO_PAYMENT
    return events


def _end_rotate(s: PKState, who: str) -> list[Event]:
    """PK-140/141: rocks exactly on the tiles rotated this turn, every other rock removed."""
    s.rocks = sorted(s.rotated)
    s.step = MOVE
    s.move_slot = 0
    names = ", ".join(cell_name(c) for c in s.rocks) or "none"
    return [Event("rocks", f"{who} ends rotating; rocks on: {names}", data={"rocks": [cell_name(c) for c in s.rocks]})]


def _sell(s: PKState, tables: Tables, params: Any, k: int, who: str) -> list[Event]:
    seat = s.active
    v = tables.village_at[s.pos[k]]
    d = s.demand[v]
    colour = s.load[k]
    upper, lower = tables.demands[d]
    up, low, none = params.PAYOUT
    gain = up if colour == upper else low if colour == lower else none  # PK-202..PK-204
    s.supply[seat][colour] += gain
    s.load[k] = -1  # PK-205
    s.reload[k] = True  # PK-277
    s.demand[v] = -1  # PK-206 to the discard pile
    s.discard.append(d)
    s.sold.append(v)  # PK-207
    events = [Event("sell", f"{who} {llama_name(k)} sells {COLOURS[colour]} at the {COLOURS[v]} village "
                            f"({demand_name(tables, d)}): +{gain} {COLOURS[colour]}",
                    data={"llama": k, "colour": COLOURS[colour], "gain": gain, "demand": d})]
    if params.WIN_CHECK == "immediate" and has_all_colours(s.supply[seat]):  # PK-303/304
        events += _win(s, who)
    return events


def _win(s: PKState, who: str) -> list[Event]:
    """PK-300, PK-304, PK-306: the game ends at once."""
    s.winner = s.active
    s.step = OVER
    s.paying = NO_PAYMENT
    return [Event("win", f"{who} (seat {s.active}) holds all 7 colours and wins", data={"winner": s.active})]


def _end_trade(s: PKState, tables: Tables, params: Any, rng: Rng, who: str) -> list[Event]:
    seat = s.active
    if params.WIN_CHECK == "end_of_turn" and has_all_colours(s.supply[seat]):
        return _win(s, who)
    events = fill_missing(s, tables, params, rng, setup=False)  # PK-270..PK-276
    for k in range(seat * 3, seat * 3 + 3):  # PK-277/278
        if s.reload[k]:
            s.load[k] = tables.village_at[s.pos[k]]
            s.reload[k] = False
            events.append(Event("reload", f"{who} {llama_name(k)} is loaded with {COLOURS[s.load[k]]}",
                                data={"llama": k, "colour": COLOURS[s.load[k]]}))
    # end of turn: clear the per-turn bookkeeping, hand over (PK-110)
    s.rotated = []
    s.sold = []
    s.buys = 0
    s.moved = [NOT_YET] * len(s.moved)
    s.bought = [False] * len(s.bought)
    s.move_slot = 0
    s.turn += 1
    if params.TURN_CAP is not None and s.turn >= params.TURN_CAP:  # PK-320
        s.step = OVER
        s.draw = True
        events.append(Event("draw", f"turn cap {params.TURN_CAP} reached without a winner: draw"))
        return events
    s.active = 1 - seat
    s.step = ROTATE_FREE
    events.append(Event("turn", f"turn {s.turn + 1}: {SIDE[s.colour_of(s.active)]} (seat {s.active}) to play",
                        data={"turn": s.turn + 1, "seat": s.active}))
    return events


# ============================================================================ automatic resolution


def settle(s: PKState, tables: Tables, params: Any, rng: Rng) -> list[Event]:
    """Resolve decisions that have a single option (PK-323 and the rulings in data.py)."""
    events: list[Event] = []
    while s.step != OVER and not s.paying:
        who = SIDE[s.colour_of(s.active)]
        if s.step == ROTATE_PAID:
            if paid_rotation_possible(s, params) and any(is_rotatable(s, c) for c in TILE_CELLS):
                return events
            events += _end_rotate(s, who)
        elif s.step == MOVE:
            if _next_mover(s, tables):
                return events
            s.step = TRADE
        elif s.step == TRADE:
            seat = s.active
            if buy_villages(s, tables, params) or any(can_sell(s, tables, params, k)
                                                      for k in range(seat * 3, seat * 3 + 3)):
                return events
            events += _end_trade(s, tables, params, rng, who)
        else:
            return events
    return events


def _next_mover(s: PKState, tables: Tables) -> bool:
    """Advance ``move_slot`` to the next llama with a real choice (PK-160, PK-163, PK-323)."""
    seat = s.active
    while s.move_slot < 3:
        k = seat * 3 + s.move_slot
        if s.pos[k] >= 0 and s.moved[k] == NOT_YET:
            if destinations(s, tables, k):
                return True
            s.moved[k] = STAYED  # stuck on a tile (PK-163) or nowhere to go from a village
        s.move_slot += 1
    return False
