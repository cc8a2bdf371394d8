"""Planting: exemption, unlocking, fees, placement, HP and per-planting effects (spec §3.4–§3.8)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tawa import Event

from . import data as D
from .board import all_occupied, flood, passive, planting_hp, tocricoc_payees, unlock_fee_for
from .flow import cn, gain, pub, settle, who
from .state import (
    BY_CLEANER,
    BY_SABOTEUR,
    COVER_DEBT,
    COVER_ON,
    COVER_OUT,
    EX_FOREIGNER,
    EX_YANACONA,
    EXEMPT,
    FARMER,
    M_WARRIOR,
    PARTNER,
    PlantCtx,
)

if TYPE_CHECKING:
    from .game import SacredValley

Ev = list[Event]


# ------------------------------------------------------------------ planting (SV-090–SV-131, SV-170–SV-187)
def start_planting(g: SacredValley, ev: Ev, crop: int, x: int, how: int) -> None:
    s = g.state
    s.plant = PlantCtx(crop, x, how)
    s.tasks.append(("end",))  # SV-562/SV-563: the end check follows the whole planting
    s.tasks.append(("plant",))
    settle(g, ev)


def plant_step(g: SacredValley, ev: Ev) -> bool:
    s = g.state
    cfg = g.cfg
    ctx = s.plant
    assert ctx is not None
    p = s.active
    if ctx.stage == 0:  # exemption (SV-101, SV-494)
        if ctx.crop != D.VINE and ctx.crop not in s.techs[p]:
            yan = D.YANACONA in s.cam[p]
            fi = s.unused_marker(p, D.FOREIGNER)
            if yan and fi >= 0:
                s.mode = EXEMPT
                return True
            set_exemption(g, ev, EX_YANACONA if yan else EX_FOREIGNER)
        ctx.stage = 1
    if ctx.stage == 1:  # unlocking (SV-171–SV-175)
        lv = cfg.level[ctx.cell]
        if lv in cfg.unlock_fee and s.cover[lv] == COVER_ON:
            fee = unlock_fee_for(s, cfg, p, ctx.cell)
            ctx.level = lv
            if fee:
                gain(g, ev, p, -fee, f"level-{lv} unlock fee")
            pub(ev, "unlock_fee", f"{who(p)} unlocks level {lv} and pays ${fee}"
                + (" (Terrace Worker)" if fee == 0 else ""), seat=p, level=lv, fee=fee)
            ctx.stage = 2
            s.mode = PARTNER
            return True
        ctx.stage = 3
    if ctx.stage == 3:
        place_tile(g, ev)
        ctx.stage = 4
    if ctx.stage == 4:  # SV-128/SV-504 farmers
        fs = s.farmers[p]
        while ctx.hp > 0:
            room = [i for i in range(len(fs)) if fs[i] < cfg.hp_max]
            if not room:
                ctx.lost += ctx.hp
                ctx.hp = 0
                break
            if len(room) == 1:
                advance_farmer(g, room[0])
                continue
            s.mode = FARMER
            return True
        ctx.stage = 5
    if ctx.stage == 5:
        after_planting(g, ev)
    return False


def set_exemption(g: SacredValley, ev: Ev, ex: int) -> None:
    s = g.state
    ctx = s.plant
    assert ctx is not None
    p = s.active
    ctx.exempt = ex
    if ex == EX_FOREIGNER:
        i = s.unused_marker(p, D.FOREIGNER)
        s.marker[p][i] = False  # SV-289 using the one-shot returns its marker
        pub(ev, "foreigner", f"{who(p)} uses Foreigner to plant {cn(ctx.crop)} without its Technology", seat=p)
    else:
        pub(ev, "yanacona", f"{who(p)} uses Yanacona to plant {cn(ctx.crop)} without its Technology", seat=p)


def choose_partner(g: SacredValley, ev: Ev, q: int) -> None:
    """SV-175–SV-179 the work partner pays, or is exempt, or takes the cover as a debt; then SV-180–SV-186."""
    s = g.state
    cfg = g.cfg
    ctx = s.plant
    assert ctx is not None
    p = s.active
    lv = ctx.level
    fee = cfg.unlock_fee[lv]
    if D.TERRACE_WORKER in s.cam[q]:
        s.cover[lv] = COVER_OUT
        pub(ev, "partner", f"{who(p)} names {who(q)} as work partner; {who(q)} pays nothing (Terrace Worker)",
            seat=p, partner=q, paid=0, debt=False)
    elif s.coins[q] >= fee:
        gain(g, ev, q, -fee, f"work partner fee, level {lv}")
        s.cover[lv] = COVER_OUT
        pub(ev, "partner", f"{who(p)} names {who(q)} as work partner; {who(q)} pays ${fee}",
            seat=p, partner=q, paid=fee, debt=False)
    else:
        s.cover[lv] = COVER_DEBT
        s.debts[q].append(lv)
        pub(ev, "partner", f"{who(p)} names {who(q)} as work partner; {who(q)} cannot pay and takes the "
            f"level-{lv} cover as a debt", seat=p, partner=q, paid=0, debt=True)
    unlock_discards(g, ev, lv)
    ctx.stage = 3
    s.tasks.append(("plant",))


def unlock_discards(g: SacredValley, ev: Ev, lv: int) -> None:
    """SV-180–SV-186."""
    s = g.state
    params = g.params
    for _ in range(params.UNLOCK_SEED_DISCARD):  # SV-180/SV-181 lowest occupied slot, out of the game
        i = next((i for i, t in enumerate(s.main) if t >= 0), -1)
        if i < 0:
            break
        s.sout.append(s.main[i])
        pub(ev, "unlock_discard", f"Main Catu slot {i + 1} ({cn(s.main[i])}) leaves the game", slot=i + 1)
        s.main[i] = -1
    removed = 0
    for i in range(len(s.cat)):  # SV-182/SV-183 the 3 lowest occupied Camayo slots
        if removed >= params.UNLOCK_CAMAYO_DISCARD:
            break
        if s.cat[i] >= 0:
            pub(ev, "unlock_discard", f"Camayo Catu slot {i + 1} ({D.CAMAYO_NAMES[s.cat[i]]}) leaves the game",
                slot=i + 1)
            s.cout.append(s.cat[i])
            s.cat[i] = -1
            removed += 1
    age = g.cfg.age_purge.get(lv)
    if age is not None:  # SV-184 purge that Age from its pile (face down, SV-605) and from the Catu
        pile = s.piles[age - 1]
        if pile:
            pub(ev, "purge", f"the {len(pile)} Age {age} tiles left in the draw pile leave the game face down",
                age=age, count=len(pile))
        s.purged.extend(pile)
        pile.clear()
        for i in range(len(s.cat)):
            if s.cat[i] >= 0 and D.CAMAYO_AGE[s.cat[i]] == age:
                pub(ev, "purge", f"Camayo Catu slot {i + 1} ({D.CAMAYO_NAMES[s.cat[i]]}) leaves the game", slot=i + 1)
                s.cout.append(s.cat[i])
                s.cat[i] = -1
    pub(ev, "unlocked", f"level {lv} is open", level=lv)


def place_tile(g: SacredValley, ev: Ev) -> None:
    """SV-187 Tocricoc fees, the tile is placed, HP and the per-planting effects."""
    s = g.state
    cfg = g.cfg
    params = g.params
    ctx = s.plant
    assert ctx is not None
    p = s.active
    x = ctx.cell
    crop = ctx.crop
    for q in tocricoc_payees(s, cfg, p, crop, x):  # SV-459/SV-460/SV-461
        fee = params.TOCRICOC_FEE
        gain(g, ev, p, -fee, f"Tocricoc fee to {who(q)}")
        gain(g, ev, q, fee, f"Tocricoc fee from {who(p)}")
        pub(ev, "tocricoc_fee", f"{who(p)} pays ${fee} to {who(q)} (Tocricoc)", seat=p, payee=q, fee=fee)
    if ctx.how == BY_CLEANER:  # SV-408 the vine goes to the seed discard
        s.sdiscard.append(s.tile[x])
        s.tile[x] = -1
    if ctx.how == BY_SABOTEUR:
        s.pending = -1  # SV-500 straight from the Catu
    else:
        s.wh[p].remove(crop)
    if s.mee_owner[x] >= 0 and s.mee_kind[x] == M_WARRIOR:
        s.mee_owner[x] = -1  # SV-455 the Warrior meeple returns to its reserve
        s.mee_kind[x] = -1
    s.tile[x] = crop
    s.iso[x] = False
    for z in cfg.nb[x]:
        s.iso[z] = False  # SV-100 an isolated tile touched by a Seed Tile is normal for good
    cells = flood(s, cfg, crop, x)
    hp, _base, alpacas = planting_hp(s, cfg, p, crop, cells, ctx.exempt)
    how = ("plants", "plants (Saboteur)", "replaces a vine (Cleaner) with")[ctx.how]
    pub(ev, "plant", f"{who(p)} {how} {cn(crop)} on {cfg.names[x]}: Farmland of {len(cells)} tiles, "
        f"{alpacas} alpaca(s), {hp} HP", seat=p, crop=cn(crop), grid=cfg.names[x], size=len(cells),
        alpacas=alpacas, hp=hp)
    if all_occupied(s, cfg):
        s.end_by = p  # SV-560; the planting still resolves fully (SV-563)
    if alpacas and D.ALPACA_WORKER in s.cam[p]:  # SV-393
        amount = alpacas * passive(s, cfg, p, D.ALPACA_WORKER)
        gain(g, ev, p, amount, "Alpaca Worker")
        pub(ev, "alpaca_worker", f"{who(p)} gains ${amount} (Alpaca Worker)", seat=p, amount=amount)
    ctx.hp = hp
    ctx.lost = 0


def advance_farmer(g: SacredValley, i: int) -> None:
    s = g.state
    ctx = s.plant
    assert ctx is not None
    fs = s.farmers[s.active]
    add = min(ctx.hp, g.cfg.hp_max - fs[i])
    fs[i] += add
    ctx.hp -= add


def after_planting(g: SacredValley, ev: Ev) -> None:
    s = g.state
    cfg = g.cfg
    params = g.params
    ctx = s.plant
    assert ctx is not None
    p = s.active
    if ctx.lost:
        pub(ev, "hp_lost", f"{who(p)} loses {ctx.lost} HP (track full)", seat=p, lost=ctx.lost)
        if D.UMU in s.cam[p]:  # SV-507
            amount = ctx.lost * passive(s, cfg, p, D.UMU)
            gain(g, ev, p, amount, "Umu")
            pub(ev, "umu", f"{who(p)} gains ${amount} (Umu)", seat=p, amount=amount)
    if D.CULTIVATOR in s.cam[p]:  # SV-491/SV-492
        fs = s.farmers[p] if params.CULTIVATOR_ANY_FARMER else s.farmers[p][:1]
        if any(f >= params.CULTIVATOR_THRESHOLD for f in fs):
            pub(ev, "cultivator", f"{who(p)} takes a free Seed Tile (Cultivator)", seat=p)
            s.tasks.append(("take",))
    s.plant = None


