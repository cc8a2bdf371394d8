"""Purchase items, hiring and immediate abilities, free seeds and Warehouse discards (spec §3.10–§3.13).

Each function carries out one choice; it returns False where a new decision begins (``state.mode`` set) and the
pending steps must wait, True where ``rules.tasks.advance`` runs them next.
"""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.sacred_valley.data import (
    CAMAYO_COST,
    CAMAYO_DISCARDABLE,
    CAMAYO_LABELS,
    CAMAYO_NAMES,
    SABOTEUR,
    SEED_RANTIC,
    SUPERVISOR,
    TERRACE_WORKER,
    TOCRICOC,
    VINE,
    WARRIOR,
    Tables,
)
from tawa.games.sacred_valley.rules.common import Events, crop_name, gain, pub, who
from tawa.games.sacred_valley.rules.planting import start_planting
from tawa.games.sacred_valley.rules.terrace import end_if_full, plant_targets
from tawa.games.sacred_valley.state import Cover, How, Job, Meeple, Phase, SacredValleyState, Task


# ------------------------------------------------------------------ prices and what may be acquired (SV-260–SV-313)
def seed_price(s: SacredValleyState, tables: Tables, p: int, slot: int) -> int:
    """SV-260/SV-262 the slot's price or the vine price (``slot`` -1); $1 with Seed Rantic (SV-399)."""
    if SEED_RANTIC in s.cam[p]:
        return tables.seed_rantic_price
    return tables.main_prices[slot] if slot >= 0 else tables.vine_price


def camayo_price(s: SacredValleyState, tables: Tables, slot: int) -> int:
    """SV-280 the printed cost, plus the surcharge of the top slots."""
    return CAMAYO_COST[s.cat[slot]] + tables.surcharge[slot]


def tech_price(s: SacredValleyState, tables: Tables, p: int) -> int:
    """SV-310/SV-311 the cost of the leftmost open Technology slot."""
    return tables.tech_costs[len(s.techs[p]) - 1]


def camayo_room(s: SacredValleyState, tables: Tables, p: int) -> bool:
    """SV-281–SV-283 a free Work Zone position, or a held Camayo that may be discarded to make room."""
    cam = s.cam[p]
    return len(cam) < tables.max_camayos or any(CAMAYO_DISCARDABLE[k] for k in cam)


def copy_allowed(s: SacredValleyState, tables: Tables, p: int, kind: int) -> bool:
    """SV-292 a second copy of a held kind only with ALLOW_DUPLICATE_CAMAYOS."""
    return tables.allow_duplicates or kind not in s.cam[p]


def tech_slot_open(s: SacredValleyState, tables: Tables, p: int) -> bool:
    """SV-312 at most MAX_TECH Technologies."""
    return len(s.techs[p]) < tables.max_tech


def tech_in_reserve(s: SacredValleyState, c: int) -> bool:
    """SV-313 a cube of that colour is left in the Technology reserve."""
    return s.tech_res[c] > 0


def debt_blocks_purchase(s: SacredValleyState, params: Params, p: int) -> bool:
    """SV-202 with the option DEBT_BLOCKS_PURCHASE, a debtor may not Purchase."""
    return bool(params.DEBT_BLOCKS_PURCHASE and s.debts[p])


# ------------------------------------------------------------------ acquiring
def buy_seed(s: SacredValleyState, tables: Tables, params: Params, ev: Events, slot: int) -> bool:
    p = s.active
    price = seed_price(s, tables, p, slot)
    gain(s, ev, p, -price, "seed")
    s.items += 1
    if slot >= 0:
        t = s.main[slot]
        s.main[slot] = -1  # SV-242 no sliding during the turn
        pub(
            ev,
            "buy_seed",
            f"{who(p)} buys {crop_name(t)} from Main Catu slot {slot + 1} for ${price}",
            seat=p,
            crop=crop_name(t),
            slot=slot + 1,
            price=price,
        )
        s.pending = t
    else:
        s.vines -= 1
        pub(ev, "buy_seed", f"{who(p)} buys a vine for ${price}", seat=p, crop="vine", slot=0, price=price)
        s.pending = VINE
        if SABOTEUR in s.cam[p] and not s.saboteur_used and plant_targets(s, tables, params, p, [VINE]):
            s.mode = Phase.SABOTEUR  # SV-499
            return False
    s.tasks.append(Task(Job.SEED_IN))
    return True


def saboteur_plant(s: SacredValleyState, ev: Events, x: int) -> None:
    s.saboteur_used = True  # SV-499 once per turn
    pub(ev, "saboteur", f"{who(s.active)} plants the vine at once (Saboteur)", seat=s.active)
    start_planting(s, VINE, x, How.SABOTEUR)


def saboteur_keep(s: SacredValleyState) -> None:
    s.tasks.append(Task(Job.SEED_IN))  # SV-500


def hire(s: SacredValleyState, tables: Tables, ev: Events, slot: int) -> None:
    p = s.active
    price = camayo_price(s, tables, slot)
    k = s.cat[slot]
    gain(s, ev, p, -price, f"hire {CAMAYO_LABELS[k]}")
    s.cat[slot] = -1
    s.items += 1
    s.pending_cam = k
    pub(
        ev,
        "hire",
        f"{who(p)} hires {CAMAYO_LABELS[k]} from Camayo Catu slot {slot + 1} for ${price}",
        seat=p,
        kind=CAMAYO_NAMES[k],
        slot=slot + 1,
        price=price,
    )
    s.tasks.append(Task(Job.IMMEDIATE, k))  # SV-288 right after the hire
    s.tasks.append(Task(Job.KEEPER))
    s.tasks.append(Task(Job.CAM_IN))


def dismiss(s: SacredValleyState, ev: Events, i: int) -> None:
    p = s.active
    k = s.cam[p].pop(i)
    s.marker[p].pop(i)  # SV-286 an unused marker returns to the reserve
    s.cdiscard.append(k)  # SV-285
    pub(ev, "discard_camayo", f"{who(p)} discards {CAMAYO_LABELS[k]} to make room", seat=p, kind=CAMAYO_NAMES[k])
    s.tasks.append(Task(Job.CAM_IN))


def immediate(s: SacredValleyState, tables: Tables, params: Params, ev: Events, k: int) -> bool:
    """SV-288 a hired Camayo's immediate ability; True when it needs the hirer's choice (``state.mode`` set)."""
    p = s.active
    if k == TERRACE_WORKER:  # SV-405/SV-406
        if params.DEBT_CANCELLED_BY_LATER_TERRACE_WORKER and s.debts[p]:  # SV-203 option
            for lv in s.debts[p]:
                s.cover[lv] = Cover.OUT_OF_PLAY
            pub(ev, "debt_cancelled", f"{who(p)}'s cover debts are cancelled (Terrace Worker)", seat=p)
            s.debts[p] = []
        s.tasks.append(Task(Job.TAKE))
        return False
    if k == WARRIOR:  # SV-453
        if any(not s.occupied(x) for x in range(tables.ncells)):
            s.mode = Phase.WARRIOR
            return True
        pub(ev, "warrior_lost", "no empty grid: the Warrior placement is lost")
        return False
    if k == TOCRICOC:  # SV-457/SV-463
        if any(s.tile[x] >= 0 and s.mee_owner[x] < 0 for x in range(tables.ncells)):
            s.mode = Phase.TOCRICOC
            return True
        pub(ev, "tocricoc_lost", "no grid holds a Seed Tile without a meeple: the Tocricoc placement is lost")
        return False
    if k == SUPERVISOR:  # SV-503
        s.farmers[p].append(0)
        pub(ev, "supervisor", f"{who(p)} puts a second farmer on space 0 (Supervisor)", seat=p)
    return False


def place_meeple(s: SacredValleyState, tables: Tables, ev: Events, x: int, kind: Meeple) -> None:
    p = s.active
    s.mee_owner[x] = p
    s.mee_kind[x] = kind
    name = "Warrior" if kind == Meeple.WARRIOR else "Tocricoc"
    pub(
        ev,
        "meeple",
        f"{who(p)} puts a {name} meeple on {tables.names[x]}",
        seat=p,
        grid=tables.names[x],
        kind=name.lower(),
    )
    if kind == Meeple.WARRIOR:
        end_if_full(s, tables, p)


def buy_tech(s: SacredValleyState, tables: Tables, ev: Events, crop: int) -> None:
    p = s.active
    price = tech_price(s, tables, p)
    gain(s, ev, p, -price, f"{crop_name(crop)} Technology")
    s.tech_res[crop] -= 1
    s.techs[p].append(crop)  # SV-310
    s.items += 1
    pub(
        ev,
        "tech",
        f"{who(p)} buys the {crop_name(crop)} Technology for ${price}",
        seat=p,
        crop=crop_name(crop),
        price=price,
    )


def take_free(s: SacredValleyState, ev: Events, slot: int) -> None:
    p = s.active
    if slot >= 0:
        t = s.main[slot]
        s.main[slot] = -1
        pub(
            ev,
            "free_seed",
            f"{who(p)} takes {crop_name(t)} from Main Catu slot {slot + 1} for free",
            seat=p,
            crop=crop_name(t),
            slot=slot + 1,
        )
    else:
        s.vines -= 1
        t = VINE
        pub(ev, "free_seed", f"{who(p)} takes a vine for free", seat=p, crop="vine", slot=0)
    s.pending = t
    s.tasks.append(Task(Job.SEED_IN))


def discard_seed(s: SacredValleyState, ev: Events, crop: int) -> None:
    p = s.active
    keeper = s.mode == Phase.KEEPER_DISCARD
    s.wh[p].remove(crop)
    s.sdiscard.append(crop)  # SV-265 / SV-287
    pub(ev, "discard_seed", f"{who(p)} discards {crop_name(crop)} from the Warehouse", seat=p, crop=crop_name(crop))
    s.tasks.append(Task(Job.KEEPER) if keeper else Task(Job.SEED_IN))
