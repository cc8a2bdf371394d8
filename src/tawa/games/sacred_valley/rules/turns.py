"""Turns: start and end of a turn, debts, refills, the regular actions Harvest, Work and Purchase, and the end.

Spec §3.3, §3.8, §3.9, §3.14, §3.16 and §3.20. An action's effects stop where a decision or a pending step begins;
``rules.tasks.advance`` runs the pending steps afterwards.
"""

from __future__ import annotations

from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.sacred_valley.data import (
    CAMAYO_AGE,
    CAMAYO_LABELS,
    CAMAYO_NAMES,
    CROPS,
    HARVEST_EXPERT,
    HARVEST_WORKER,
    HERDER,
    VINE,
    Tables,
)
from tawa.games.sacred_valley.rules.common import Events, crop_name, gain, plural, pub, who
from tawa.games.sacred_valley.scoring import scores
from tawa.games.sacred_valley.state import Cover, Last, Phase, SacredValleyState


# ------------------------------------------------------------------ turn flow (SV-060–SV-070)
def start_turn(s: SacredValleyState, tables: Tables, ev: Events, p: int) -> None:
    if p == s.first:
        pub(ev, "round", f"=== round {s.round} ===", round=s.round)  # a separator for the reader of the log
    pub(ev, "turn", f"--- {who(p)}'s turn ---", seat=p, round=s.round)
    reset_turn(s, p)
    pay_debts(s, tables, ev)  # SV-061 at the very start of the turn


def reset_turn(s: SacredValleyState, p: int) -> None:
    """``p`` is to act at the start of a turn: no action taken yet, in the main free window."""
    s.active = p
    s.regular_done = False
    s.last = Last.NONE
    s.weaver_used = False
    s.saboteur_used = False
    s.items = 0
    s.window = Phase.MAIN
    s.mode = Phase.MAIN
    s.tasks = []


def pay_debts(s: SacredValleyState, tables: Tables, ev: Events) -> None:
    """SV-061/SV-201: each cover debt of the active player is paid if affordable, in the order incurred."""
    p = s.active
    if not s.debts[p]:
        return
    keep = []
    for lv in s.debts[p]:
        fee = tables.unlock_fee[lv]
        if s.coins[p] >= fee:
            gain(s, ev, p, -fee, f"level-{lv} cover debt")
            s.cover[lv] = Cover.OUT_OF_PLAY  # SV-205
            pub(
                ev,
                "debt_paid",
                f"{who(p)} pays the level-{lv} cover debt (${fee}); the cover leaves play",
                seat=p,
                level=lv,
                fee=fee,
            )
        else:
            keep.append(lv)
    s.debts[p] = keep


def end_turn(s: SacredValleyState, tables: Tables, params: Params, rng: Rng, ev: Events) -> None:
    """SV-070 the active player ends the turn; refill; next player (with the SV-630 cap)."""
    p = s.active
    cap = params.TURN_CAP_ROUNDS
    nxt = (p + 1) % s.n
    pub(ev, "end_turn", f"{who(p)} ends the turn", seat=p)
    if cap is not None and nxt == s.first and s.round >= cap:
        s.end_by = p  # SV-630 as if this player had filled the Terrace
        s.capped = True
        pub(ev, "turn_cap", f"round {s.round} was the last round (TURN_CAP_ROUNDS)")
        finish_game(s, tables, params, ev)
        return
    refill(s, params, rng, ev)  # SV-360
    if nxt == s.first:
        s.round += 1
        if cap is not None and s.round == cap:
            pub(ev, "cap_warning", f"round {cap} is the last round before the turn cap")  # SV-631
    start_turn(s, tables, ev, nxt)


# ------------------------------------------------------------------ refill (SV-360–SV-370)
def draw(s: SacredValleyState, rng: Rng) -> int:
    bag = s.bag
    i = rng.below(len(bag))
    bag[i], bag[-1] = bag[-1], bag[i]
    return bag.pop()


def fill_main(s: SacredValleyState, params: Params, rng: Rng, ev: Events, setup: bool = False) -> None:
    cap = params.VINE_CATU_CAPACITY
    recycles = 0
    for i in range(len(s.main)):
        while s.main[i] < 0:
            if not s.bag:
                if setup or recycles >= params.REFILL_RECYCLES_PER_REFILL or not s.sdiscard:
                    return  # SV-365 at most one recycling per refill
                recycles += 1
                tiles = plural(len(s.sdiscard), "tile")
                pub(ev, "recycle", f"the seed discard ({tiles}) goes back into the bag")  # SV-364
                s.bag.extend(s.sdiscard)
                s.sdiscard.clear()
                continue
            t = draw(s, rng)
            if t == VINE:  # SV-039/SV-363
                if s.vines < cap:
                    s.vines += 1
                    pub(ev, "draw", "a vine is drawn and goes to the Vine Catu", tile="vine", to="vine_catu")
                else:
                    s.sdiscard.append(t)
                    pub(ev, "draw", "a vine is drawn and goes to the seed discard", tile="vine", to="discard")
            else:
                s.main[i] = t
                pub(ev, "draw", f"{crop_name(t)} is drawn into Main Catu slot {i + 1}", tile=crop_name(t), slot=i + 1)


def refill(s: SacredValleyState, params: Params, rng: Rng, ev: Events) -> None:
    s.main = _slide(ev, "Main Catu", s.main, CROPS)  # SV-361 slide down keeping order
    fill_main(s, params, rng, ev)  # SV-362–SV-365
    s.cat = _slide(ev, "Camayo Catu", s.cat, CAMAYO_LABELS)  # SV-367
    for i in range(len(s.cat)):
        if s.cat[i] >= 0:
            continue
        pile = next((pl for pl in s.piles if pl), None)  # SV-369 current Age = lowest non-empty pile
        if pile is None:
            break  # SV-370
        k = pile.pop()
        s.cat[i] = k
        pub(
            ev,
            "camayo_drawn",
            f"{CAMAYO_LABELS[k]} (Age {CAMAYO_AGE[k]}) enters Camayo Catu slot {i + 1}",
            kind=CAMAYO_NAMES[k],
            slot=i + 1,
        )


def _slide(ev: Events, catu: str, slots: list[int], names: tuple[str, ...]) -> list[int]:
    """The Catu's tiles slid down into the lowest slots, keeping their order; a log line says what moved."""
    kept = [(i, t) for i, t in enumerate(slots) if t >= 0]
    moves = [f"{names[t]} {i + 1}->{j + 1}" for j, (i, t) in enumerate(kept) if i != j]
    if moves:
        pub(ev, "slide", f"the {catu} slides down: " + ", ".join(moves), catu=catu)
    return [t for _, t in kept] + [-1] * (len(slots) - len(kept))


# ------------------------------------------------------------------ regular actions
def begin_action(s: SacredValleyState, kind: Last) -> None:
    s.regular_done = True  # SV-062 (an extra keeps it True)
    s.last = kind  # SV-341 the trigger of the next extra
    s.window = Phase.MAIN


def harvest(s: SacredValleyState, tables: Tables, ev: Events, p: int, final: bool = False) -> int:
    """SV-220–SV-222, SV-450, SV-495/SV-496, SV-505."""
    fs = s.farmers[p]
    track = sum(tables.track[f] for f in fs)
    from7 = any(f >= tables.hp_max for f in fs)
    for i in range(len(fs)):
        fs[i] = 0
    bonus = 0
    if HARVEST_WORKER in s.cam[p]:
        bonus += tables.harvest_worker_bonus * s.passive(p, HARVEST_WORKER, tables.stack)
    if from7 and HARVEST_EXPERT in s.cam[p]:
        bonus += tables.harvest_expert_bonus * s.passive(p, HARVEST_EXPERT, tables.stack)
    total = track + bonus
    gain(s, ev, p, total, "final harvest" if final else "harvest")
    pub(
        ev,
        "harvest",
        f"{who(p)} harvests ${total}"
        + (f" (${bonus} bonus)" if bonus else "")
        + (" in the final harvest" if final else ""),
        seat=p,
        amount=total,
        bonus=bonus,
        final=final,
    )
    return total


def do_harvest(s: SacredValleyState, tables: Tables, params: Params, ev: Events) -> bool:
    """The Harvest action; False when Herder's moves follow (SV-223/SV-394)."""
    p = s.active
    begin_action(s, Last.HARVEST)
    harvest(s, tables, ev, p)
    if HERDER in s.cam[p] and any(a >= 0 for a in s.alpaca_at):
        s.herd_left = params.HERDER_MOVES
        s.herd_moved = []
        s.mode = Phase.HERDER
        return False
    return True


def do_work(s: SacredValleyState, params: Params, ev: Events) -> None:
    p = s.active
    begin_action(s, Last.WORK)
    pub(ev, "work", f"{who(p)} shows $0 and works for ${params.WORK_INCOME}", seat=p)  # SV-601
    gain(s, ev, p, params.WORK_INCOME, "work")  # SV-330


def begin_purchase(s: SacredValleyState, ev: Events) -> None:
    begin_action(s, Last.PURCHASE)
    s.items = 0
    s.window = Phase.PURCHASE  # SV-240
    pub(ev, "purchase", f"{who(s.active)} purchases", seat=s.active)


def end_purchase(s: SacredValleyState) -> None:
    s.window = Phase.MAIN  # SV-243


# ------------------------------------------------------------------ end of the game (SV-560–SV-587)
def finish_game(s: SacredValleyState, tables: Tables, params: Params, ev: Events) -> None:
    s.tasks = []
    s.plant = None
    n = s.n
    pub(ev, "game_end", f"the end is triggered by {who(s.end_by)}; final harvest", seat=s.end_by)
    for k in range(n):  # SV-565 from the ending player clockwise
        harvest(s, tables, ev, (s.end_by + k) % n, final=True)
    if params.DEBT_AT_END == "deduct_floor_0":  # SV-204/SV-567
        for p in range(n):
            for lv in s.debts[p]:
                fee = tables.unlock_fee[lv]
                paid = min(fee, s.coins[p])
                if paid:
                    gain(s, ev, p, -paid, f"unpaid level-{lv} debt")
                pub(ev, "debt_end", f"{who(p)}'s unpaid level-{lv} debt costs ${paid}", seat=p, level=lv, paid=paid)
    s.mode = Phase.OVER
    sc = scores(s, tables)
    pub(
        ev,
        "scores",
        "final scores: " + ", ".join(f"{who(p)} {sc[p]}" for p in range(n)),
        scores=sc,
        coins=list(s.coins),
    )  # SV-587
