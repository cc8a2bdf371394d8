"""Turn flow: coins and events, the task driver (``settle``), turns, refills, the regular actions and the end.

Spec §3.3, §3.9, §3.14, §3.16, §3.20 and §3.21.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tawa import Event

from . import data as D
from .board import passive
from .state import (
    BUY,
    COVER_OUT,
    DISCARD,
    DISMISS,
    HARVEST,
    HERDER,
    KEEPER,
    MAIN,
    NONE,
    OVER,
    PURCHASE,
    TAKE,
    WORK,
)

if TYPE_CHECKING:
    from .game import SacredValley

Ev = list[Event]


def who(p: int) -> str:
    return f"P{p}"


def cn(x: int) -> str:
    return D.CROPS[x]


# ------------------------------------------------------------------ coins (SV-007, SV-600, SV-632)
def gain(g: SacredValley, ev: Ev, p: int, amount: int, why: str) -> None:
    if amount == 0:
        return
    s = g.state
    s.coins[p] += amount
    if s.coins[p] < 0:
        raise AssertionError("coins below zero")  # SV-007
    verb = "gain" if amount > 0 else "pay"
    # SV-632 private coin log: the balance is seen only by its owner (SV-600)
    ev.append(Event("coins", f"you {verb} ${abs(amount)} ({why}); you now have ${s.coins[p]}", to=p,
                    data={"delta": amount, "balance": s.coins[p], "why": why}))


def pub(ev: Ev, kind: str, text: str, /, **data: Any) -> None:
    ev.append(Event(kind, text, None, data))


# ------------------------------------------------------------------ turn flow (SV-060–SV-070)
def start_turn(g: SacredValley, ev: Ev, p: int) -> None:
    s = g.state
    s.active = p
    s.regular_done = False
    s.last = NONE
    s.weaver_used = False
    s.saboteur_used = False
    s.items = 0
    s.window = MAIN
    s.mode = MAIN
    s.tasks = []
    pay_debts(g, ev)  # SV-061 at the very start of the turn


def pay_debts(g: SacredValley, ev: Ev) -> None:
    """SV-061/SV-201: each cover debt of the active player is paid if affordable, in the order incurred."""
    s = g.state
    p = s.active
    if not s.debts[p]:
        return
    keep = []
    for lv in s.debts[p]:
        fee = g.cfg.unlock_fee[lv]
        if s.coins[p] >= fee:
            gain(g, ev, p, -fee, f"level-{lv} cover debt")
            s.cover[lv] = COVER_OUT  # SV-205
            pub(ev, "debt_paid", f"{who(p)} pays the level-{lv} cover debt (${fee}); the cover leaves play",
                seat=p, level=lv, fee=fee)
        else:
            keep.append(lv)
    s.debts[p] = keep


def settle(g: SacredValley, ev: Ev) -> None:
    """Run pending tasks until one needs a decision; otherwise return to the free window (SV-068)."""
    s = g.state
    while True:
        if s.mode == OVER:
            return
        if s.tasks:
            t = s.tasks.pop()
            if run_task(g, ev, t):
                return
            continue
        s.mode = s.window
        pay_debts(g, ev)  # SV-061 again at every free window
        return


def run_task(g: SacredValley, ev: Ev, t: tuple[Any, ...]) -> bool:
    """Run one task; True when it paused for a decision (``state.mode`` set)."""
    s = g.state
    p = s.active
    kind = t[0]
    if kind == "plant":
        from .planting import plant_step

        return plant_step(g, ev)
    if kind == "end":
        if s.end_by >= 0:
            finish_game(g, ev)  # SV-564 the turn stops at once
            return True
        return False
    if kind == "seed_in":
        if s.pending < 0:
            return False
        if len(s.wh[p]) >= warehouse_limit(g, p):
            s.mode = DISCARD  # SV-265
            return True
        s.wh[p].append(s.pending)  # SV-263
        s.pending = -1
        return False
    if kind == "take":
        if any(c >= 0 for c in s.main) or s.vines > 0:
            s.mode = TAKE  # SV-406/SV-492 mandatory when any tile is there
            return True
        pub(ev, "no_free_seed", "no Seed Tile to take for free")
        return False
    if kind == "cam_in":
        if len(s.cam[p]) >= g.params.MAX_CAMAYOS:
            s.mode = DISMISS  # SV-282
            return True
        k = s.pending_cam
        s.cam[p].append(k)  # SV-281
        s.marker[p].append(D.CAMAYO_ONE_SHOT[k])  # SV-289
        s.pending_cam = -1
        return False
    if kind == "keeper":
        if len(s.wh[p]) > warehouse_limit(g, p):
            s.mode = KEEPER  # SV-287
            return True
        return False
    if kind == "immediate":
        from .market import immediate

        return immediate(g, ev, t[1])
    raise AssertionError(f"unknown task {t!r}")


def warehouse_limit(g: SacredValley, p: int) -> int:
    s = g.state
    return g.params.WAREHOUSE_KEEPER if D.WAREHOUSE_KEEPER in s.cam[p] else g.params.WAREHOUSE_BASE  # SV-264


def end_turn(g: SacredValley, ev: Ev) -> None:
    """SV-070 the active player ends the turn; refill; next player (with the SV-630 cap)."""
    s = g.state
    p = s.active
    cap = g.params.TURN_CAP_ROUNDS
    nxt = (p + 1) % s.n
    pub(ev, "end_turn", f"{who(p)} ends the turn", seat=p)
    if cap is not None and nxt == s.first and s.round >= cap:
        s.end_by = p  # SV-630 as if this player had filled the Terrace
        s.capped = True
        pub(ev, "turn_cap", f"round {s.round} was the last round (TURN_CAP_ROUNDS)")
        finish_game(g, ev)
        return
    refill(g, ev)  # SV-360
    if nxt == s.first:
        s.round += 1
        if cap is not None and s.round == cap:
            pub(ev, "cap_warning", f"round {cap} is the last round before the turn cap")  # SV-631
    start_turn(g, ev, nxt)


# ------------------------------------------------------------------ refill (SV-360–SV-370)
def draw(g: SacredValley) -> int:
    bag = g.state.bag
    i = g.rng.below(len(bag))
    bag[i], bag[-1] = bag[-1], bag[i]
    return bag.pop()


def fill_main(g: SacredValley, ev: Ev, setup: bool = False) -> None:
    s = g.state
    cap = g.params.VINE_CATU_CAPACITY
    recycles = 0
    for i in range(len(s.main)):
        while s.main[i] < 0:
            if not s.bag:
                if setup or recycles >= g.params.REFILL_RECYCLES_PER_REFILL or not s.sdiscard:
                    return  # SV-365 at most one recycling per refill
                recycles += 1
                pub(ev, "recycle", f"the seed discard ({len(s.sdiscard)} tiles) goes back into the bag")  # SV-364
                s.bag.extend(s.sdiscard)
                s.sdiscard.clear()
                continue
            t = draw(g)
            if t == D.VINE:  # SV-039/SV-363
                if s.vines < cap:
                    s.vines += 1
                    pub(ev, "draw", "a vine is drawn and goes to the Vine Catu", tile="vine", to="vine_catu")
                else:
                    s.sdiscard.append(t)
                    pub(ev, "draw", "a vine is drawn and goes to the seed discard", tile="vine", to="discard")
            else:
                s.main[i] = t
                pub(ev, "draw", f"{cn(t)} is drawn into Main Catu slot {i + 1}", tile=cn(t), slot=i + 1)


def refill(g: SacredValley, ev: Ev) -> None:
    s = g.state
    tiles = [t for t in s.main if t >= 0]  # SV-361 slide down keeping order
    s.main = tiles + [-1] * (len(s.main) - len(tiles))
    fill_main(g, ev)  # SV-362–SV-365
    cams = [k for k in s.cat if k >= 0]  # SV-367
    s.cat = cams + [-1] * (len(s.cat) - len(cams))
    for i in range(len(s.cat)):
        if s.cat[i] >= 0:
            continue
        pile = next((pl for pl in s.piles if pl), None)  # SV-369 current Age = lowest non-empty pile
        if pile is None:
            break  # SV-370
        k = pile.pop()
        s.cat[i] = k
        pub(ev, "camayo_drawn", f"{D.CAMAYO_NAMES[k]} (Age {D.CAMAYO_AGE[k]}) enters Camayo Catu slot {i + 1}",
            kind=D.CAMAYO_NAMES[k], slot=i + 1)


# ------------------------------------------------------------------ regular actions
def begin_action(g: SacredValley, kind: int) -> None:
    s = g.state
    s.regular_done = True  # SV-062 (an extra keeps it True)
    s.last = kind  # SV-341 the trigger of the next extra
    s.window = MAIN


def harvest(g: SacredValley, ev: Ev, p: int, final: bool = False) -> int:
    """SV-220–SV-222, SV-450, SV-495/SV-496, SV-505."""
    s = g.state
    cfg = g.cfg
    params = g.params
    fs = s.farmers[p]
    track = sum(cfg.track[f] for f in fs)
    from7 = any(f >= cfg.hp_max for f in fs)
    for i in range(len(fs)):
        fs[i] = 0
    bonus = 0
    if D.HARVEST_WORKER in s.cam[p]:
        bonus += params.HARVEST_WORKER_BONUS * passive(s, cfg, p, D.HARVEST_WORKER)
    if from7 and D.HARVEST_EXPERT in s.cam[p]:
        bonus += params.HARVEST_EXPERT_BONUS * passive(s, cfg, p, D.HARVEST_EXPERT)
    total = track + bonus
    gain(g, ev, p, total, "final harvest" if final else "harvest")
    pub(ev, "harvest", f"{who(p)} harvests ${total}" + (f" (${bonus} bonus)" if bonus else "")
        + (" in the final harvest" if final else ""), seat=p, amount=total, bonus=bonus, final=final)
    return total


def do_harvest(g: SacredValley, ev: Ev) -> None:
    s = g.state
    p = s.active
    begin_action(g, HARVEST)
    harvest(g, ev, p)
    if D.HERDER in s.cam[p] and any(a >= 0 for a in s.alpaca_at):  # SV-223/SV-394
        s.herd_left = g.params.HERDER_MOVES
        s.herd_moved = []
        s.mode = HERDER
        return
    settle(g, ev)


def do_work(g: SacredValley, ev: Ev) -> None:
    s = g.state
    p = s.active
    begin_action(g, WORK)
    pub(ev, "work", f"{who(p)} shows $0 and works for ${g.params.WORK_INCOME}", seat=p)  # SV-601
    gain(g, ev, p, g.params.WORK_INCOME, "work")  # SV-330
    settle(g, ev)


def begin_purchase(g: SacredValley, ev: Ev) -> None:
    s = g.state
    begin_action(g, BUY)
    s.items = 0
    s.window = PURCHASE  # SV-240
    pub(ev, "purchase", f"{who(s.active)} purchases", seat=s.active)
    settle(g, ev)


def end_purchase(g: SacredValley, ev: Ev) -> None:
    s = g.state
    s.window = MAIN  # SV-243
    settle(g, ev)


# ------------------------------------------------------------------ end of the game (SV-560–SV-587)
def finish_game(g: SacredValley, ev: Ev) -> None:
    s = g.state
    s.tasks = []
    s.plant = None
    n = s.n
    pub(ev, "game_end", f"the end is triggered by {who(s.end_by)}; final harvest", seat=s.end_by)
    for k in range(n):  # SV-565 from the ending player clockwise
        harvest(g, ev, (s.end_by + k) % n, final=True)
    if g.params.DEBT_AT_END == "deduct_floor_0":  # SV-204/SV-567
        for p in range(n):
            for lv in s.debts[p]:
                fee = g.cfg.unlock_fee[lv]
                paid = min(fee, s.coins[p])
                if paid:
                    gain(g, ev, p, -paid, f"unpaid level-{lv} debt")
                pub(ev, "debt_end", f"{who(p)}'s unpaid level-{lv} debt costs ${paid}", seat=p, level=lv, paid=paid)
    s.mode = OVER
    sc = scores(g)
    pub(ev, "scores", "final scores: " + ", ".join(f"{who(p)} {sc[p]}" for p in range(n)),
        scores=sc, coins=list(s.coins))  # SV-587


def rewards(g: SacredValley, p: int) -> int:
    """SV-580–SV-582, SV-497/SV-498."""
    s = g.state
    total = sum(D.CAMAYO_REWARD[k] for k in s.cam[p])
    if D.HATUN_RANTIC in s.cam[p]:
        mult = g.params.HATUN_RANTIC_MULTIPLIER
        times = passive(s, g.cfg, p, D.HATUN_RANTIC)
        total *= mult ** times
    return total


def scores(g: SacredValley) -> list[int]:
    s = g.state
    return [s.coins[p] + rewards(g, p) for p in range(s.n)]


def ranking(g: SacredValley) -> list[int]:
    """SV-583–SV-586: score, then Warehouse count; full ties share a position."""
    s = g.state
    sc = scores(g)
    key = [(sc[p], len(s.wh[p])) for p in range(s.n)]
    return [1 + sum(1 for q in range(s.n) if key[q] > key[p]) for p in range(s.n)]


