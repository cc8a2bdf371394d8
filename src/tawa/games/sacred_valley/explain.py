"""Why an action id is not legal now, with the rule that forbids it (spec §6.2)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tawa import IllegalAction

from . import actions as A
from . import data as D
from . import market as F
from .board import alpaca_destinations, plant_problem
from .state import (
    BY_CLEANER,
    BY_PLANT,
    BY_SABOTEUR,
    CROP,
    DISCARD,
    DISMISS,
    EXEMPT,
    EXTRA_ANY,
    EXTRA_PLANT,
    FARMER,
    HARVEST,
    HERDER,
    KEEPER,
    MAIN,
    MODE_NAMES,
    NONE,
    OVER,
    PARTNER,
    PLANT,
    PURCHASE,
    SABOTEUR,
    TAKE,
    TOCRICOC,
    WARRIOR,
)

if TYPE_CHECKING:
    from .game import SacredValley

_PURCHASE_KEYS = ("buy", "buy_vine", "hire", "tech", "end_purchase")
_REGULAR = ("plant", "harvest", "purchase", "work")


def explain(g: SacredValley, aid: str) -> IllegalAction:
    def bad(text: str, rule: str | None = None) -> IllegalAction:
        return IllegalAction(text, rule=rule, action=aid)

    s = g.state
    if s.mode == OVER:
        return bad("the game is over", "SV-564")
    k = A.table(g.cfg, g.players).by_id.get(aid)
    if k is None:
        return bad(f"{aid!r} is not an action of Sacred Valley")
    p = s.active
    v = k[0]
    m = s.mode
    mode = MODE_NAMES[m]
    wanted = _mode_of(v)
    if m in (EXTRA_PLANT, EXTRA_ANY) and v in ("end_turn", "extra", "weave", "gray", "clean"):
        return bad("the extra action just chosen must be taken first", "SV-340")
    if m == EXTRA_PLANT and v in _REGULAR:
        return bad("Hatun Runa grants a Plant action", "SV-452")
    if wanted is not None and m not in wanted:
        return bad(f"{aid!r} is not a choice now (the current decision is {mode})", _rule_for_mode(v, s))
    cfg = g.cfg
    if v in _REGULAR and m == MAIN and s.regular_done:
        return bad("the regular action was already taken this turn", "SV-062")
    if v in ("weave", "gray", "clean") and m == PURCHASE and s.items == 0:
        return bad("no free window before the first item of a Purchase", "SV-068")
    if v == "work":
        return bad("Work needs exactly $0", "SV-066")
    if v == "harvest":
        return bad("with HARVEST_ALWAYS_LEGAL off, Harvest needs a farmer above 0 or Harvest Worker", "SV-063")
    if v == "end_turn":
        return bad("the regular action has not been taken yet", "SV-062")
    if v == "end_purchase":
        return bad("a Purchase must acquire at least one item", "SV-065")
    if v == "purchase":
        if g.params.DEBT_BLOCKS_PURCHASE and s.debts[p]:
            return bad("a debtor may not Purchase (DEBT_BLOCKS_PURCHASE)", "SV-202")
        return bad("no item can be acquired", "SV-065")
    if v in ("plant", "sab", "clean"):
        if v == "plant" and m == MAIN and s.regular_done:
            return bad("the regular action was already taken", "SV-062")
        if v == "plant":
            crop, x, how = k[1], k[2], BY_PLANT
            if crop not in s.wh[p]:
                return bad(f"there is no {D.CROPS[crop]} tile in the Warehouse", "SV-090")
        elif v == "sab":
            crop, x, how = D.VINE, k[1], BY_SABOTEUR
        else:
            x, crop, how = k[1], k[2], BY_CLEANER
            if s.unused_marker(p, D.CLEANER) < 0:
                return bad("no unused Cleaner", "SV-289")
            if crop not in s.wh[p]:
                return bad(f"there is no {D.CROPS[crop]} tile in the Warehouse", "SV-408")
            if crop == D.VINE and not g.params.CLEANER_ALLOWS_VINE:
                return bad("Cleaner's replacement may not be a vine", "SV-412")
        why = plant_problem(s, cfg, p, crop, x, how)
        if why:
            return bad(why[1], why[0])
        return bad(f"{aid!r} is not legal now")
    if v in ("buy", "buy_vine"):
        if v == "buy" and s.main[k[1]] < 0:
            return bad("that Main Catu slot is empty", "SV-242")
        if v == "buy_vine" and s.vines == 0:
            return bad("the Vine Catu is empty", "SV-262")
        return bad("the price is more than your coins", "SV-007")
    if v == "hire":
        if s.cat[k[1]] < 0:
            return bad("that Camayo Catu slot is empty", "SV-186")
        if len(s.cam[p]) >= g.params.MAX_CAMAYOS and not any(D.CAMAYO_DISCARDABLE[c] for c in s.cam[p]):
            return bad("three Camayos that cannot be discarded are held", "SV-283")
        if not g.params.ALLOW_DUPLICATE_CAMAYOS and s.cat[k[1]] in s.cam[p]:
            return bad("duplicate Camayos are not allowed (option)", "SV-292")
        return bad(f"the price (${F.camayo_price(g, k[1])}) is more than your coins", "SV-280")
    if v == "tech":
        c = k[1]
        if c in s.techs[p]:
            return bad("that Technology is already owned", "SV-310")
        if len(s.techs[p]) >= g.params.MAX_TECH:
            return bad("four Technologies is the maximum", "SV-312")
        if s.tech_res[c] == 0:
            return bad("that Technology's reserve is empty", "SV-313")
        return bad("the Technology costs more than your coins", "SV-311")
    if v == "extra":
        kind = k[1]
        if s.unused_marker(p, kind) < 0:
            return bad(f"no unused {D.CAMAYO_NAMES[kind]}", "SV-289")
        if not s.regular_done:
            return bad("extra actions come after the regular action", "SV-340")
        if kind == D.HATUN_RUNA and s.last != PLANT:
            return bad("Hatun Runa follows a Plant action only", "SV-341")
        if kind == D.BARTERER and s.last not in (PLANT, HARVEST):
            return bad("Barterer follows a Plant or Harvest action only", "SV-341")
        if kind == D.CHASQUI and s.last == NONE:
            return bad("Chasqui follows an action", "SV-341")
        return bad("the extra action would have no legal action to take", "SV-340")
    if v == "weave":
        if D.WEAVER not in s.cam[p]:
            return bad("no Weaver held", "SV-465")
        if s.weaver_used:
            return bad("Weaver is used at most once per turn", "SV-465")
        return bad("Weaver needs two non-vine tiles of the same crop", "SV-465")
    if v == "gray":
        if s.unused_marker(p, D.ALPACA_WORKER) < 0:
            return bad("no unused Alpaca Worker", "SV-289")
        if all(s.alpaca_at[a] >= 0 for a in D.GRAY_ALPACAS):
            return bad("no gray alpaca is left in the reserve", "SV-392")
        if s.alp[k[1]] >= 0:
            return bad("two alpacas never share a grid", "SV-150")
        return bad("that grid is not open to an alpaca", "SV-155")
    if v == "herd":
        a, x = k[1], k[2]
        if s.alpaca_at[a] < 0:
            return bad("that alpaca is not on the Terrace", "SV-157")
        if a in s.herd_moved and not g.params.HERDER_SAME_ALPACA_TWICE:
            return bad("one Herder use moves an alpaca at most once", "SV-395")
        if s.herd_left <= 0:
            return bad("Herder moves up to 2 alpacas", "SV-394")
        if x not in alpaca_destinations(s, cfg):
            return bad("two alpacas never share a grid", "SV-150")
    if v == "partner" and k[1] == p:
        return bad("the work partner must be another player", "SV-175")
    if v == "dismiss":
        if k[1] >= len(s.cam[p]):
            return bad("no Camayo in that Work Zone position", "SV-282")
        return bad(f"{D.CAMAYO_NAMES[s.cam[p][k[1]]]} can never be discarded", "SV-283")
    if v == "warrior":
        return bad("the Warrior meeple goes on an empty grid", "SV-453")
    if v == "tocricoc":
        if s.tile[k[1]] < 0:
            return bad("the Tocricoc meeple goes on a grid holding a Seed Tile", "SV-457")
        return bad("that grid already holds a meeple", "SV-155")
    if v == "farmer":
        return bad("that farmer cannot take HP", "SV-504")
    if v in ("take", "take_vine"):
        return bad("that Catu place is empty", "SV-406")
    if v == "discard":
        return bad("there is no such tile in the Warehouse", "SV-265")
    if v == "crop":
        return bad("that crop is already taken", "SV-002")
    return bad(f"{aid!r} is not legal now")


def _mode_of(v: str) -> tuple[int, ...] | None:
    if v in _REGULAR:
        return (MAIN, EXTRA_ANY, EXTRA_PLANT) if v == "plant" else (MAIN, EXTRA_ANY)
    if v in _PURCHASE_KEYS:
        return (PURCHASE,)
    if v in ("weave", "gray", "clean"):
        return (MAIN, PURCHASE)
    if v in ("end_turn", "extra"):
        return (MAIN,)
    return {
        "crop": (CROP,), "exempt": (EXEMPT,), "partner": (PARTNER,), "farmer": (FARMER,), "take": (TAKE,),
        "take_vine": (TAKE,), "discard": (DISCARD, KEEPER), "sab": (SABOTEUR,), "keep": (SABOTEUR,),
        "dismiss": (DISMISS,), "warrior": (WARRIOR,), "tocricoc": (TOCRICOC,), "herd": (HERDER,),
        "stop_herd": (HERDER,),
    }.get(v)


_MODE_RULES = {
    "sab": "SV-499", "keep": "SV-499", "herd": "SV-394", "stop_herd": "SV-394", "partner": "SV-175",
    "farmer": "SV-504", "exempt": "SV-494", "take": "SV-406", "take_vine": "SV-406", "discard": "SV-265",
    "warrior": "SV-453", "tocricoc": "SV-457", "crop": "SV-021",
}


def _rule_for_mode(v: str, s: object) -> str | None:
    if v in _MODE_RULES:
        return _MODE_RULES[v]
    if v in ("weave", "gray", "clean"):
        return "SV-068"
    if v == "dismiss":
        return "SV-284"
    if v in _PURCHASE_KEYS:
        return "SV-240"
    if v in _REGULAR:
        return "SV-062"
    if v == "extra":
        return "SV-340"
    return None
