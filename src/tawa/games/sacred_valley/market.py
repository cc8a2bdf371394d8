"""Purchase items, hiring and immediate abilities, free seeds and Warehouse discards (spec §3.10–§3.13)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tawa import Event

from . import data as D
from .board import all_occupied, plant_targets
from .flow import cn, gain, pub, settle, who
from .planting import start_planting
from .state import (
    BY_SABOTEUR,
    COVER_OUT,
    M_WARRIOR,
    SABOTEUR,
    TOCRICOC,
    WARRIOR,
)

if TYPE_CHECKING:
    from .game import SacredValley

Ev = list[Event]


# ------------------------------------------------------------------ purchase items (SV-240–SV-314)
def seed_price(g: SacredValley, p: int, slot: int) -> int:
    s = g.state
    if D.SEED_RANTIC in s.cam[p]:
        return g.params.SEED_RANTIC_PRICE  # SV-399
    return g.cfg.main_prices[slot] if slot >= 0 else g.params.VINE_PRICE  # SV-260/SV-262


def camayo_price(g: SacredValley, slot: int) -> int:
    k = g.state.cat[slot]
    return D.CAMAYO_COST[k] + g.cfg.surcharge[slot]  # SV-280


def tech_price(g: SacredValley, p: int) -> int:
    return g.cfg.tech_costs[len(g.state.techs[p]) - 1]  # SV-310/SV-311 leftmost open slot


def buy_seed(g: SacredValley, ev: Ev, slot: int) -> None:
    s = g.state
    p = s.active
    price = seed_price(g, p, slot)
    gain(g, ev, p, -price, "seed")
    s.items += 1
    if slot >= 0:
        t = s.main[slot]
        s.main[slot] = -1  # SV-242 no sliding during the turn
        pub(ev, "buy_seed", f"{who(p)} buys {cn(t)} from Main Catu slot {slot + 1} for ${price}",
            seat=p, crop=cn(t), slot=slot + 1, price=price)
        s.pending = t
    else:
        s.vines -= 1
        pub(ev, "buy_seed", f"{who(p)} buys a vine for ${price}", seat=p, crop="vine", slot=0, price=price)
        s.pending = D.VINE
        if D.SABOTEUR in s.cam[p] and not s.saboteur_used and plant_targets(g.state, g.cfg, p, [D.VINE]):
            s.mode = SABOTEUR  # SV-499
            return
    s.tasks.append(("seed_in",))
    settle(g, ev)


def saboteur_plant(g: SacredValley, ev: Ev, x: int) -> None:
    s = g.state
    s.saboteur_used = True  # SV-499 once per turn
    pub(ev, "saboteur", f"{who(s.active)} plants the vine at once (Saboteur)", seat=s.active)
    start_planting(g, ev, D.VINE, x, BY_SABOTEUR)


def saboteur_keep(g: SacredValley, ev: Ev) -> None:
    g.state.tasks.append(("seed_in",))  # SV-500
    settle(g, ev)


def hire(g: SacredValley, ev: Ev, slot: int) -> None:
    s = g.state
    p = s.active
    price = camayo_price(g, slot)
    k = s.cat[slot]
    gain(g, ev, p, -price, f"hire {D.CAMAYO_NAMES[k]}")
    s.cat[slot] = -1
    s.items += 1
    s.pending_cam = k
    pub(ev, "hire", f"{who(p)} hires {D.CAMAYO_NAMES[k]} from Camayo Catu slot {slot + 1} for ${price}",
        seat=p, kind=D.CAMAYO_NAMES[k], slot=slot + 1, price=price)
    s.tasks.append(("immediate", k))  # SV-288 right after the hire
    s.tasks.append(("keeper",))
    s.tasks.append(("cam_in",))
    settle(g, ev)


def dismiss(g: SacredValley, ev: Ev, i: int) -> None:
    s = g.state
    p = s.active
    k = s.cam[p].pop(i)
    s.marker[p].pop(i)  # SV-286 an unused marker returns to the reserve
    s.cdiscard.append(k)  # SV-285
    pub(ev, "discard_camayo", f"{who(p)} discards {D.CAMAYO_NAMES[k]} to make room", seat=p,
        kind=D.CAMAYO_NAMES[k])
    s.tasks.append(("cam_in",))
    settle(g, ev)


def immediate(g: SacredValley, ev: Ev, k: int) -> bool:
    s = g.state
    cfg = g.cfg
    p = s.active
    if k == D.TERRACE_WORKER:  # SV-405/SV-406
        if g.params.DEBT_CANCELLED_BY_LATER_TERRACE_WORKER and s.debts[p]:  # SV-203 option
            for lv in s.debts[p]:
                s.cover[lv] = COVER_OUT
            pub(ev, "debt_cancelled", f"{who(p)}'s cover debts are cancelled (Terrace Worker)", seat=p)
            s.debts[p] = []
        s.tasks.append(("take",))
        return False
    if k == D.WARRIOR:  # SV-453
        if any(not s.occupied(x) for x in range(cfg.ncells)):
            s.mode = WARRIOR
            return True
        pub(ev, "warrior_lost", "no empty grid: the Warrior placement is lost")
        return False
    if k == D.TOCRICOC:  # SV-457/SV-463
        if any(s.tile[x] >= 0 and s.mee_owner[x] < 0 for x in range(cfg.ncells)):
            s.mode = TOCRICOC
            return True
        pub(ev, "tocricoc_lost", "no grid holds a Seed Tile without a meeple: the Tocricoc placement is lost")
        return False
    if k == D.SUPERVISOR:  # SV-503
        s.farmers[p].append(0)
        pub(ev, "supervisor", f"{who(p)} puts a second farmer on space 0 (Supervisor)", seat=p)
    return False


def place_meeple(g: SacredValley, ev: Ev, x: int, kind: int) -> None:
    s = g.state
    p = s.active
    s.mee_owner[x] = p
    s.mee_kind[x] = kind
    name = "Warrior" if kind == M_WARRIOR else "Tocricoc"
    pub(ev, "meeple", f"{who(p)} puts a {name} meeple on {g.cfg.names[x]}", seat=p, grid=g.cfg.names[x],
        kind=name.lower())
    if kind == M_WARRIOR and all_occupied(s, g.cfg):
        s.end_by = p  # SV-562
        s.tasks.append(("end",))
    settle(g, ev)


def buy_tech(g: SacredValley, ev: Ev, crop: int) -> None:
    s = g.state
    p = s.active
    price = tech_price(g, p)
    gain(g, ev, p, -price, f"{cn(crop)} Technology")
    s.tech_res[crop] -= 1
    s.techs[p].append(crop)  # SV-310
    s.items += 1
    pub(ev, "tech", f"{who(p)} buys the {cn(crop)} Technology for ${price}", seat=p, crop=cn(crop), price=price)
    settle(g, ev)


def take_free(g: SacredValley, ev: Ev, slot: int) -> None:
    s = g.state
    p = s.active
    if slot >= 0:
        t = s.main[slot]
        s.main[slot] = -1
        pub(ev, "free_seed", f"{who(p)} takes {cn(t)} from Main Catu slot {slot + 1} for free", seat=p,
            crop=cn(t), slot=slot + 1)
    else:
        s.vines -= 1
        t = D.VINE
        pub(ev, "free_seed", f"{who(p)} takes a vine for free", seat=p, crop="vine", slot=0)
    s.pending = t
    s.tasks.append(("seed_in",))
    settle(g, ev)


def discard_seed(g: SacredValley, ev: Ev, crop: int, keeper: bool) -> None:
    s = g.state
    p = s.active
    s.wh[p].remove(crop)
    s.sdiscard.append(crop)  # SV-265 / SV-287
    pub(ev, "discard_seed", f"{who(p)} discards {cn(crop)} from the Warehouse", seat=p, crop=cn(crop))
    s.tasks.append(("keeper",) if keeper else ("seed_in",))
    settle(g, ev)


