"""The action space (spec §6.1), legal-action generation and dispatch.

Every decision is one action whose ``data`` is a key tuple; ids are readable and stable:

=====================  ====================================================================
``crop chili``         setup crop choice (SV-021)
``plant potato r1c3``  Plant a Warehouse tile on a grid (regular, Hatun Runa or Chasqui)
``harvest`` ``purchase`` ``work`` ``end turn``
``buy slot3`` ``buy vine`` ``hire slot2`` ``tech corn`` ``end purchase``   Purchase items
``use hatun_runa`` ``use barterer`` ``use chasqui``                          extra actions
``weave corn`` ``alpaca r3c4`` ``clean r2c3 potato``                         free-window abilities
``exempt yanacona`` ``exempt foreigner``  ``partner 2`` (seat)  ``farmer 2`` (1-based)
``take slot1`` ``take vine`` (free seed)  ``discard corn`` (Warehouse tile)
``sabotage r2c3`` ``keep vine``  ``dismiss 2`` (Work Zone position, 1-based)
``warrior r4c5`` ``tocricoc r1c2``  ``herd w1 r3c4`` ``stop herding``
=====================  ====================================================================
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tawa import Action

from . import abilities as AB
from . import data as D
from . import flow as F
from . import market as M
from . import planting as PL
from . import setup as SU
from .board import alpaca_destinations, cleaner_targets, is_locked, plant_targets, tech_ok
from .config import Cfg
from .state import (
    BUY,
    BY_PLANT,
    CROP,
    DISCARD,
    DISMISS,
    EX_FOREIGNER,
    EX_YANACONA,
    EXEMPT,
    EXTRA_ANY,
    EXTRA_PLANT,
    FARMER,
    HARVEST,
    HERDER,
    KEEPER,
    M_TOCRICOC,
    M_WARRIOR,
    MAIN,
    NONE,
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

Key = tuple[Any, ...]
EXTRAS = (D.HATUN_RUNA, D.BARTERER, D.CHASQUI)


def key_id(cfg: Cfg, k: Key) -> tuple[str, str]:
    """(id, text) of an action key."""
    v = k[0]
    nm = cfg.names
    if v == "crop":
        return f"crop {D.CROPS[k[1]]}", f"choose {D.CROPS[k[1]]} as your crop"
    if v == "plant":
        return f"plant {D.CROPS[k[1]]} {nm[k[2]]}", f"plant {D.CROPS[k[1]]} on {nm[k[2]]}"
    if v in ("harvest", "purchase", "work"):
        return v, v.capitalize()
    if v == "end_turn":
        return "end turn", "end your turn"
    if v == "buy":
        return f"buy slot{k[1] + 1}", f"buy the Main Catu tile in slot {k[1] + 1}"
    if v == "buy_vine":
        return "buy vine", "buy a vine from the Vine Catu"
    if v == "hire":
        return f"hire slot{k[1] + 1}", f"hire the Camayo in slot {k[1] + 1}"
    if v == "tech":
        return f"tech {D.CROPS[k[1]]}", f"buy the {D.CROPS[k[1]]} Technology"
    if v == "end_purchase":
        return "end purchase", "end the Purchase"
    if v == "extra":
        what = {D.HATUN_RUNA: "another Plant action", D.BARTERER: "an extra Purchase action",
                D.CHASQUI: "an extra action of any kind"}[k[1]]
        return f"use {D.CAMAYO_NAMES[k[1]]}", f"use {D.CAMAYO_NAMES[k[1]].replace('_', ' ')}: take {what}"
    if v == "weave":
        return f"weave {D.CROPS[k[1]]}", f"discard two {D.CROPS[k[1]]} for ${cfg.params.WEAVER_INCOME} (Weaver)"
    if v == "gray":
        return f"alpaca {nm[k[1]]}", f"put a gray alpaca on {nm[k[1]]} (Alpaca Worker)"
    if v == "clean":
        return f"clean {nm[k[1]]} {D.CROPS[k[2]]}", f"replace the vine on {nm[k[1]]} with {D.CROPS[k[2]]} (Cleaner)"
    if v == "exempt":
        name = "yanacona" if k[1] == EX_YANACONA else "foreigner"
        return f"exempt {name}", f"use {name.capitalize()} as the Technology exemption"
    if v == "partner":
        return f"partner {k[1]}", f"choose P{k[1]} as work partner (pays the fee too, or takes the cover as a debt)"
    if v == "farmer":
        return f"farmer {k[1] + 1}", f"advance farmer {k[1] + 1}"
    if v == "take":
        return f"take slot{k[1] + 1}", f"take the Main Catu tile in slot {k[1] + 1} for free"
    if v == "take_vine":
        return "take vine", "take a vine for free"
    if v == "discard":
        return f"discard {D.CROPS[k[1]]}", f"discard a {D.CROPS[k[1]]} tile from your Warehouse"
    if v == "sab":
        return f"sabotage {nm[k[1]]}", f"plant the vine on {nm[k[1]]} now (Saboteur)"
    if v == "keep":
        return "keep vine", "keep the vine in your Warehouse"
    if v == "dismiss":
        return f"dismiss {k[1] + 1}", f"discard the Camayo in Work Zone position {k[1] + 1}"
    if v == "warrior":
        return f"warrior {nm[k[1]]}", f"put the Warrior meeple on {nm[k[1]]}"
    if v == "tocricoc":
        return f"tocricoc {nm[k[1]]}", f"put the Tocricoc meeple on {nm[k[1]]}"
    if v == "herd":
        return f"herd {D.ALPACA_NAMES[k[1]]} {nm[k[2]]}", f"move alpaca {D.ALPACA_NAMES[k[1]]} to {nm[k[2]]}"
    if v == "stop_herd":
        return "stop herding", "stop moving alpacas"
    raise KeyError(k)


def all_keys(cfg: Cfg, players: int) -> list[Key]:
    cells = range(cfg.ncells)
    keys: list[Key] = [("crop", c) for c in D.PLAYER_CROPS]
    keys += [("plant", c, x) for c in range(6) for x in cells]
    keys += [("harvest",), ("purchase",), ("work",), ("end_turn",)]
    keys += [("buy", i) for i in range(cfg.main_slots)] + [("buy_vine",)]
    keys += [("hire", i) for i in range(cfg.cam_slots)] + [("tech", c) for c in D.PLAYER_CROPS]
    keys += [("end_purchase",)] + [("extra", k) for k in EXTRAS]
    keys += [("weave", c) for c in D.PLAYER_CROPS] + [("gray", x) for x in cells]
    keys += [("clean", x, c) for x in cells for c in range(6)]
    keys += [("exempt", EX_YANACONA), ("exempt", EX_FOREIGNER)] + [("partner", q) for q in range(players)]
    keys += [("farmer", i) for i in range(cfg.max_farmers)]
    keys += [("take", i) for i in range(cfg.main_slots)] + [("take_vine",)]
    keys += [("discard", c) for c in range(6)] + [("sab", x) for x in cells] + [("keep",)]
    keys += [("dismiss", i) for i in range(cfg.params.MAX_CAMAYOS)]
    keys += [("warrior", x) for x in cells] + [("tocricoc", x) for x in cells]
    keys += [("herd", a, x) for a in range(4) for x in cells] + [("stop_herd",)]
    return keys


def live_text(g: SacredValley, k: Key) -> str | None:
    """A text naming what an offered action acquires and its price now (the static text names only a slot)."""
    s = g.state
    p = s.active
    v = k[0]
    if v == "buy":
        return f"buy {D.CROPS[s.main[k[1]]]} from Main Catu slot {k[1] + 1} for ${M.seed_price(g, p, k[1])}"
    if v == "buy_vine":
        return f"buy a vine for ${M.seed_price(g, p, -1)}"
    if v == "hire":
        kind = s.cat[k[1]]
        return (f"hire {D.CAMAYO_NAMES[kind].replace('_', ' ')} (Age {D.CAMAYO_AGE[kind]}, end reward "
                f"${D.CAMAYO_REWARD[kind]}) from Camayo Catu slot {k[1] + 1} for ${M.camayo_price(g, k[1])}")
    if v == "tech":
        return f"buy the {D.CROPS[k[1]]} Technology for ${M.tech_price(g, p)}"
    if v == "take":
        return f"take {D.CROPS[s.main[k[1]]]} from Main Catu slot {k[1] + 1} for free"
    if v == "dismiss":
        return f"discard {D.CAMAYO_NAMES[s.cam[p][k[1]]].replace('_', ' ')} (Work Zone {k[1] + 1}) to make room"
    if v == "farmer":
        return f"advance farmer {k[1] + 1} (now on {s.farmers[p][k[1]]}; {s.plant.hp if s.plant else 0} HP to place)"
    if v == "harvest":
        fs = s.farmers[p]
        return f"Harvest: cash in your farmers on {fs} (${sum(g.cfg.track[f] for f in fs)} before bonuses)"
    return None


LIVE = frozenset(("buy", "buy_vine", "hire", "tech", "take", "dismiss", "farmer", "harvest"))


class Table:
    """Action objects of one option set and player count, made once and shared."""

    def __init__(self, cfg: Cfg, players: int) -> None:
        self.keys = all_keys(cfg, players)
        self.act: dict[Key, Action] = {}
        self.by_id: dict[str, Key] = {}
        for k in self.keys:
            aid, text = key_id(cfg, k)
            self.act[k] = Action(aid, text, k)
            self.by_id[aid] = k
        self.ids = [self.act[k].id for k in self.keys]


_TABLES: dict[tuple[int, int], Table] = {}


def table(cfg: Cfg, players: int) -> Table:
    t = _TABLES.get((id(cfg), players))
    if t is None:
        t = _TABLES[(id(cfg), players)] = Table(cfg, players)
    return t


# ------------------------------------------------------------------ legality
def purchase_items(g: SacredValley, p: int) -> list[Key]:
    """Items ``p`` can acquire now (SV-240, SV-260–SV-313)."""
    s = g.state
    cfg = g.cfg
    params = g.params
    coins = s.coins[p]
    out: list[Key] = []
    for i, t in enumerate(s.main):
        if t >= 0 and M.seed_price(g, p, i) <= coins:
            out.append(("buy", i))
    if s.vines > 0 and M.seed_price(g, p, -1) <= coins:
        out.append(("buy_vine",))
    cam = s.cam[p]
    room = len(cam) < params.MAX_CAMAYOS or any(D.CAMAYO_DISCARDABLE[k] for k in cam)  # SV-283
    if room:
        for i, k in enumerate(s.cat):
            if k >= 0 and M.camayo_price(g, i) <= coins and (params.ALLOW_DUPLICATE_CAMAYOS or k not in cam):
                out.append(("hire", i))
    techs = s.techs[p]
    if len(techs) < params.MAX_TECH and M.tech_price(g, p) <= coins:  # SV-312
        for c in D.PLAYER_CROPS:
            if c not in techs and s.tech_res[c] > 0:  # SV-310/SV-313
                out.append(("tech", c))
    del cfg
    return out


def can_purchase(g: SacredValley, p: int) -> bool:
    if g.params.DEBT_BLOCKS_PURCHASE and g.state.debts[p]:
        return False  # SV-202 option
    return bool(purchase_items(g, p))  # SV-065


def plant_keys(g: SacredValley, p: int) -> list[Key]:
    s = g.state
    crops = sorted(set(s.wh[p]))
    return [("plant", c, x) for c, x in plant_targets(s, g.cfg, p, crops)]  # SV-064


def harvest_legal(g: SacredValley, p: int) -> bool:
    s = g.state
    if g.params.HARVEST_ALWAYS_LEGAL:
        return True  # SV-063
    return any(s.farmers[p]) or D.HARVEST_WORKER in s.cam[p]


def regular_keys(g: SacredValley, p: int) -> list[Key]:
    s = g.state
    out = plant_keys(g, p)
    if harvest_legal(g, p):
        out.append(("harvest",))
    if can_purchase(g, p):
        out.append(("purchase",))
    if s.coins[p] == 0:
        out.append(("work",))  # SV-066
    if not out:
        out.append(("harvest",))
    return out


def window_keys(g: SacredValley, p: int) -> list[Key]:
    """Free-window abilities (SV-068): Weaver, the gray alpaca, Cleaner."""
    s = g.state
    out: list[Key] = []
    if D.WEAVER in s.cam[p] and not s.weaver_used:  # SV-465
        wh = s.wh[p]
        out += [("weave", c) for c in D.PLAYER_CROPS if wh.count(c) >= 2]
    if s.unused_marker(p, D.ALPACA_WORKER) >= 0 and any(s.alpaca_at[a] < 0 for a in D.GRAY_ALPACAS):
        out += [("gray", x) for x in alpaca_destinations(s, g.cfg)]  # SV-390–SV-392
    if s.unused_marker(p, D.CLEANER) >= 0:
        out += [("clean", x, c) for x, c in cleaner_targets(s, g.cfg, p)]  # SV-408–SV-410
    return out


def extra_keys(g: SacredValley, p: int) -> list[Key]:
    """SV-341: each extra directly follows an action meeting its trigger."""
    s = g.state
    out: list[Key] = []
    if s.last == PLANT and s.unused_marker(p, D.HATUN_RUNA) >= 0 and plant_keys(g, p):
        out.append(("extra", D.HATUN_RUNA))  # SV-452
    if s.last in (PLANT, HARVEST) and s.unused_marker(p, D.BARTERER) >= 0 and can_purchase(g, p):
        out.append(("extra", D.BARTERER))  # SV-400
    if s.last != NONE and s.unused_marker(p, D.CHASQUI) >= 0 and any_action_keys(g, p):
        out.append(("extra", D.CHASQUI))  # SV-490 (an action of any kind, with its legality rules, SV-340)
    return out


def any_action_keys(g: SacredValley, p: int) -> list[Key]:
    """The actions Chasqui's extra action may be (SV-490): any kind, each with its own legality (SV-340)."""
    out = [*plant_keys(g, p)]
    if harvest_legal(g, p):
        out.append(("harvest",))  # SV-063 / HARVEST_ALWAYS_LEGAL
    if can_purchase(g, p):
        out.append(("purchase",))
    if g.state.coins[p] == 0:
        out.append(("work",))  # SV-066
    return out


def legal_keys(g: SacredValley) -> list[Key]:
    s = g.state
    p = s.active
    m = s.mode
    cfg = g.cfg
    if m == MAIN:
        out = window_keys(g, p)
        if not s.regular_done:
            return out + regular_keys(g, p)
        return out + extra_keys(g, p) + [("end_turn",)]
    if m == PURCHASE:
        out = purchase_items(g, p)
        if s.items >= g.params.PURCHASE_MIN_ITEMS or not out:
            out.append(("end_purchase",))
        if s.items == 0:
            return out  # SV-068 the free window is between two items, not before the first one
        return out + window_keys(g, p)
    if m == CROP:
        return [("crop", c) for c in D.PLAYER_CROPS if c not in s.crop]
    if m == EXTRA_PLANT:
        return plant_keys(g, p)
    if m == EXTRA_ANY:
        return any_action_keys(g, p) or [("harvest",)]  # Chasqui is offered only when one exists
    if m == EXEMPT:
        return [("exempt", EX_YANACONA), ("exempt", EX_FOREIGNER)]
    if m == PARTNER:
        return [("partner", q) for q in range(s.n) if q != p]  # SV-175
    if m == FARMER:
        fs = s.farmers[p]
        return [("farmer", i) for i in range(len(fs)) if fs[i] < cfg.hp_max]
    if m == TAKE:
        out = [("take", i) for i, t in enumerate(s.main) if t >= 0]
        if s.vines > 0:
            out.append(("take_vine",))
        return out
    if m in (DISCARD, KEEPER):
        return [("discard", c) for c in sorted(set(s.wh[p]))]
    if m == SABOTEUR:
        return [("sab", x) for _, x in plant_targets(s, cfg, p, [D.VINE])] + [("keep",)]
    if m == DISMISS:
        return [("dismiss", i) for i, k in enumerate(s.cam[p]) if D.CAMAYO_DISCARDABLE[k]]  # SV-283
    if m == WARRIOR:
        return [("warrior", x) for x in range(cfg.ncells) if not s.occupied(x)]
    if m == TOCRICOC:
        return [("tocricoc", x) for x in range(cfg.ncells) if s.tile[x] >= 0 and s.mee_owner[x] < 0]
    if m == HERDER:
        out = []
        if s.herd_left > 0:
            dests = alpaca_destinations(s, cfg)
            twice = g.params.HERDER_SAME_ALPACA_TWICE
            for a in range(4):
                if s.alpaca_at[a] >= 0 and (twice or a not in s.herd_moved):
                    out += [("herd", a, x) for x in dests]
        out.append(("stop_herd",))
        return out
    return []


# ------------------------------------------------------------------ dispatch
def apply_key(g: SacredValley, k: Key, ev: list) -> None:
    s = g.state
    v = k[0]
    if v == "crop":
        SU.choose_crop(g, ev, k[1])
    elif v == "plant":
        F.begin_action(g, PLANT)
        PL.start_planting(g, ev, k[1], k[2], BY_PLANT)
    elif v == "harvest":
        F.do_harvest(g, ev)
    elif v == "purchase":
        F.begin_purchase(g, ev)
    elif v == "work":
        F.do_work(g, ev)
    elif v == "end_turn":
        F.end_turn(g, ev)
    elif v == "buy":
        M.buy_seed(g, ev, k[1])
    elif v == "buy_vine":
        M.buy_seed(g, ev, -1)
    elif v == "hire":
        M.hire(g, ev, k[1])
    elif v == "tech":
        M.buy_tech(g, ev, k[1])
    elif v == "end_purchase":
        F.end_purchase(g, ev)
    elif v == "extra":
        AB.use_extra(g, ev, k[1])
    elif v == "weave":
        AB.weave(g, ev, k[1])
    elif v == "gray":
        AB.gray_alpaca(g, ev, k[1])
    elif v == "clean":
        AB.cleaner(g, ev, k[1], k[2])
    elif v == "exempt":
        PL.set_exemption(g, ev, k[1])
        assert s.plant is not None
        s.plant.stage = 1
        s.tasks.append(("plant",))
        F.settle(g, ev)
    elif v == "partner":
        PL.choose_partner(g, ev, k[1])
        F.settle(g, ev)
    elif v == "farmer":
        PL.advance_farmer(g, k[1])
        s.tasks.append(("plant",))
        F.settle(g, ev)
    elif v == "take":
        M.take_free(g, ev, k[1])
    elif v == "take_vine":
        M.take_free(g, ev, -1)
    elif v == "discard":
        M.discard_seed(g, ev, k[1], keeper=s.mode == KEEPER)
    elif v == "sab":
        M.saboteur_plant(g, ev, k[1])
    elif v == "keep":
        M.saboteur_keep(g, ev)
    elif v == "dismiss":
        M.dismiss(g, ev, k[1])
    elif v == "warrior":
        M.place_meeple(g, ev, k[1], M_WARRIOR)
    elif v == "tocricoc":
        M.place_meeple(g, ev, k[1], M_TOCRICOC)
    elif v == "herd":
        AB.herd(g, ev, k[1], k[2])
    elif v == "stop_herd":
        AB.stop_herding(g, ev)
    else:
        raise AssertionError(f"unknown action {k!r}")


__all__ = ["BUY", "apply_key", "is_locked", "legal_keys", "table", "tech_ok"]
