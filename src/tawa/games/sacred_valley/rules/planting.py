"""Planting: exemption, unlocking, fees, placement, HP and per-planting effects (spec §3.4–§3.8, SV-187 order).

A planting is a ``PlantCtx`` that goes through its ``Stage``s as the pending ``Job.PLANT`` step; it pauses for the
planter's choices (exemption, work partner, farmer) and goes on after them.
"""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.sacred_valley.data import (
    ALPACA_WORKER,
    CAMAYO_AGE,
    CAMAYO_LABELS,
    CULTIVATOR,
    FOREIGNER,
    TERRACE_WORKER,
    UMU,
    VINE,
    YANACONA,
    Tables,
)
from tawa.games.sacred_valley.rules.common import Events, crop_name, gain, plural, pub, who
from tawa.games.sacred_valley.rules.terrace import all_occupied, flood, planting_hp, tocricoc_payees, unlock_fee_for
from tawa.games.sacred_valley.state import (
    Cover,
    Exemption,
    How,
    Job,
    Meeple,
    Phase,
    PlantCtx,
    SacredValleyState,
    Stage,
    Task,
)


def start_planting(s: SacredValleyState, crop: int, x: int, how: How) -> None:
    s.plant = PlantCtx(crop, x, how)
    s.tasks.append(Task(Job.END))  # SV-562/SV-563: the end check follows the whole planting
    s.tasks.append(Task(Job.PLANT))


def plant_step(s: SacredValleyState, tables: Tables, params: Params, ev: Events) -> bool:
    """Go on with the planting in progress; True when it paused for a choice (``state.mode`` set)."""
    ctx = s.plant
    assert ctx is not None
    p = s.active
    if ctx.stage == Stage.EXEMPTION:  # SV-101, SV-494
        if ctx.crop != VINE and ctx.crop not in s.techs[p]:
            yan = YANACONA in s.cam[p]
            fi = s.unused_marker(p, FOREIGNER)
            if yan and fi >= 0:
                s.mode = Phase.EXEMPTION
                return True
            set_exemption(s, ev, Exemption.YANACONA if yan else Exemption.FOREIGNER)
        ctx.stage = Stage.UNLOCK
    if ctx.stage == Stage.UNLOCK:  # SV-171–SV-175
        lv = tables.level[ctx.cell]
        if lv in tables.unlock_fee and s.cover[lv] == Cover.ON_TERRACE:
            fee = unlock_fee_for(s, tables, p, ctx.cell)
            ctx.level = lv
            if fee:
                gain(s, ev, p, -fee, f"level-{lv} unlock fee")
            pub(
                ev,
                "unlock_fee",
                f"{who(p)} unlocks level {lv} and pays ${fee}" + (" (Terrace Worker)" if fee == 0 else ""),
                seat=p,
                level=lv,
                fee=fee,
            )
            ctx.stage = Stage.PARTNER
            s.mode = Phase.PARTNER
            return True
        ctx.stage = Stage.PLACE
    if ctx.stage == Stage.PLACE:
        place_tile(s, tables, params, ev)
        ctx.stage = Stage.FARMERS
    if ctx.stage == Stage.FARMERS:  # SV-128/SV-504
        fs = s.farmers[p]
        while ctx.hp > 0:
            room = [i for i in range(len(fs)) if fs[i] < tables.hp_max]
            if not room:
                ctx.lost += ctx.hp
                ctx.hp = 0
                break
            if len(room) == 1:
                advance_farmer(s, tables, room[0])
                continue
            s.mode = Phase.FARMER
            return True
        ctx.stage = Stage.EFFECTS
    if ctx.stage == Stage.EFFECTS:
        after_planting(s, tables, params, ev)
    return False


def set_exemption(s: SacredValleyState, ev: Events, ex: Exemption) -> None:
    ctx = s.plant
    assert ctx is not None
    p = s.active
    ctx.exempt = ex
    if ex == Exemption.FOREIGNER:
        i = s.unused_marker(p, FOREIGNER)
        s.marker[p][i] = False  # SV-289 using the one-shot returns its marker
        pub(ev, "foreigner", f"{who(p)} uses Foreigner to plant {crop_name(ctx.crop)} without its Technology", seat=p)
    else:
        pub(ev, "yanacona", f"{who(p)} uses Yanacona to plant {crop_name(ctx.crop)} without its Technology", seat=p)


def choose_exemption(s: SacredValleyState, ev: Events, ex: Exemption) -> None:
    """SV-494 the holder of both Yanacona and an unused Foreigner chooses; the planting goes on."""
    set_exemption(s, ev, ex)
    assert s.plant is not None
    s.plant.stage = Stage.UNLOCK
    s.tasks.append(Task(Job.PLANT))


def choose_partner(s: SacredValleyState, tables: Tables, params: Params, ev: Events, q: int) -> None:
    """SV-175–SV-179 the work partner pays, or is exempt, or takes the cover as a debt; then SV-180–SV-186."""
    ctx = s.plant
    assert ctx is not None
    p = s.active
    lv = ctx.level
    fee = tables.unlock_fee[lv]
    if TERRACE_WORKER in s.cam[q]:
        s.cover[lv] = Cover.OUT_OF_PLAY
        pub(
            ev,
            "partner",
            f"{who(p)} names {who(q)} as work partner; {who(q)} pays nothing (Terrace Worker)",
            seat=p,
            partner=q,
            paid=0,
            debt=False,
        )
    elif s.coins[q] >= fee:
        gain(s, ev, q, -fee, f"work partner fee, level {lv}")
        s.cover[lv] = Cover.OUT_OF_PLAY
        pub(
            ev,
            "partner",
            f"{who(p)} names {who(q)} as work partner; {who(q)} pays ${fee}",
            seat=p,
            partner=q,
            paid=fee,
            debt=False,
        )
    else:
        s.cover[lv] = Cover.DEBT
        s.debts[q].append(lv)
        pub(
            ev,
            "partner",
            f"{who(p)} names {who(q)} as work partner; {who(q)} cannot pay and takes the level-{lv} cover as a debt",
            seat=p,
            partner=q,
            paid=0,
            debt=True,
        )
    unlock_discards(s, tables, params, ev, lv)
    ctx.stage = Stage.PLACE
    s.tasks.append(Task(Job.PLANT))


def unlock_discards(s: SacredValleyState, tables: Tables, params: Params, ev: Events, lv: int) -> None:
    """SV-180–SV-186."""
    for _ in range(params.UNLOCK_SEED_DISCARD):  # SV-180/SV-181 lowest occupied slot, out of the game
        i = next((i for i, t in enumerate(s.main) if t >= 0), -1)
        if i < 0:
            break
        s.sout.append(s.main[i])
        pub(ev, "unlock_discard", f"Main Catu slot {i + 1} ({crop_name(s.main[i])}) leaves the game", slot=i + 1)
        s.main[i] = -1
    removed = 0
    for i in range(len(s.cat)):  # SV-182/SV-183 the 3 lowest occupied Camayo slots
        if removed >= params.UNLOCK_CAMAYO_DISCARD:
            break
        if s.cat[i] >= 0:
            pub(
                ev,
                "unlock_discard",
                f"Camayo Catu slot {i + 1} ({CAMAYO_LABELS[s.cat[i]]}) leaves the game",
                slot=i + 1,
            )
            s.cout.append(s.cat[i])
            s.cat[i] = -1
            removed += 1
    age = tables.age_purge.get(lv)
    if age is not None:  # SV-184 purge that Age from its pile (face down, SV-605) and from the Catu
        pile = s.piles[age - 1]
        if pile:
            pub(
                ev,
                "purge",
                f"the {plural(len(pile), f'Age {age} tile')} left in the draw pile leave the game face down",
                age=age,
                count=len(pile),
            )
        s.purged.extend(pile)
        pile.clear()
        for i in range(len(s.cat)):
            if s.cat[i] >= 0 and CAMAYO_AGE[s.cat[i]] == age:
                pub(ev, "purge", f"Camayo Catu slot {i + 1} ({CAMAYO_LABELS[s.cat[i]]}) leaves the game", slot=i + 1)
                s.cout.append(s.cat[i])
                s.cat[i] = -1
    pub(ev, "unlocked", f"level {lv} is open", level=lv)


def place_tile(s: SacredValleyState, tables: Tables, params: Params, ev: Events) -> None:
    """SV-187 Tocricoc fees, the tile is placed, HP and the per-planting effects."""
    ctx = s.plant
    assert ctx is not None
    p = s.active
    x = ctx.cell
    crop = ctx.crop
    for q in tocricoc_payees(s, tables, params, p, crop, x):  # SV-459/SV-460/SV-461
        fee = params.TOCRICOC_FEE
        gain(s, ev, p, -fee, f"Tocricoc fee to {who(q)}")
        gain(s, ev, q, fee, f"Tocricoc fee from {who(p)}")
        pub(ev, "tocricoc_fee", f"{who(p)} pays ${fee} to {who(q)} (Tocricoc)", seat=p, payee=q, fee=fee)
    if ctx.how == How.CLEANER:  # SV-408 the vine goes to the seed discard
        s.sdiscard.append(s.tile[x])
        s.tile[x] = -1
    if ctx.how == How.SABOTEUR:
        s.pending = -1  # SV-500 straight from the Catu
    else:
        s.wh[p].remove(crop)
    if s.mee_owner[x] >= 0 and s.mee_kind[x] == Meeple.WARRIOR:
        s.mee_owner[x] = -1  # SV-455 the Warrior meeple returns to its reserve
        s.mee_kind[x] = -1
    s.tile[x] = crop
    s.iso[x] = False
    for z in tables.nb[x]:
        s.iso[z] = False  # SV-100 an isolated tile touched by a Seed Tile is normal for good
    cells = flood(s, tables, crop, x)
    hp, _base, alpacas = planting_hp(s, tables, params, p, crop, cells, ctx.exempt)
    how = ("plants", "plants (Saboteur)", "replaces a vine (Cleaner) with")[ctx.how]
    pub(
        ev,
        "plant",
        f"{who(p)} {how} {crop_name(crop)} on {tables.names[x]}: Farmland of "
        f"{plural(len(cells), 'tile')}, {plural(alpacas, 'alpaca')}, {hp} HP",
        seat=p,
        crop=crop_name(crop),
        grid=tables.names[x],
        size=len(cells),
        alpacas=alpacas,
        hp=hp,
    )
    if all_occupied(s, tables):
        s.end_by = p  # SV-560; the planting still resolves fully (SV-563)
    if alpacas and ALPACA_WORKER in s.cam[p]:  # SV-393
        amount = alpacas * s.passive(p, ALPACA_WORKER, tables.stack)
        gain(s, ev, p, amount, "Alpaca Worker")
        pub(ev, "alpaca_worker", f"{who(p)} gains ${amount} (Alpaca Worker)", seat=p, amount=amount)
    ctx.hp = hp
    ctx.lost = 0


def advance_farmer(s: SacredValleyState, tables: Tables, i: int) -> None:
    """SV-504 the chosen farmer takes the HP it has room for; the rest waits for the next farmer."""
    ctx = s.plant
    assert ctx is not None
    fs = s.farmers[s.active]
    add = min(ctx.hp, tables.hp_max - fs[i])
    fs[i] += add
    ctx.hp -= add


def choose_farmer(s: SacredValleyState, tables: Tables, i: int) -> None:
    advance_farmer(s, tables, i)
    s.tasks.append(Task(Job.PLANT))


def after_planting(s: SacredValleyState, tables: Tables, params: Params, ev: Events) -> None:
    ctx = s.plant
    assert ctx is not None
    p = s.active
    if ctx.lost:
        pub(ev, "hp_lost", f"{who(p)} loses {ctx.lost} HP (track full)", seat=p, lost=ctx.lost)
        if UMU in s.cam[p]:  # SV-507
            amount = ctx.lost * s.passive(p, UMU, tables.stack)
            gain(s, ev, p, amount, "Umu")
            pub(ev, "umu", f"{who(p)} gains ${amount} (Umu)", seat=p, amount=amount)
    if CULTIVATOR in s.cam[p]:  # SV-491/SV-492
        fs = s.farmers[p] if params.CULTIVATOR_ANY_FARMER else s.farmers[p][:1]
        if any(f >= params.CULTIVATOR_THRESHOLD for f in fs):
            pub(ev, "cultivator", f"{who(p)} takes a free Seed Tile (Cultivator)", seat=p)
            s.tasks.append(Task(Job.TAKE))
    s.plant = None
