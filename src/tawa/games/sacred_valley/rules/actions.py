"""The action space (spec §6.1): every action id, its text and its ``Key``, made once per option set and player count.

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

The offered texts of some actions name what they acquire and its price now (``live_text``).
"""
from __future__ import annotations

from typing import NamedTuple

from tawa.core.actions import Action
from tawa.core.params import Params
from tawa.games.sacred_valley.data import (
    ALPACA_NAMES,
    ALPACAS,
    BARTERER,
    CAMAYO_AGE,
    CAMAYO_NAMES,
    CAMAYO_REWARD,
    CHASQUI,
    CROPS,
    HATUN_RUNA,
    PLAYER_CROPS,
    Tables,
)
from tawa.games.sacred_valley.rules.market import camayo_price, seed_price, tech_price
from tawa.games.sacred_valley.state import Exemption, SVState

EXTRAS = (HATUN_RUNA, BARTERER, CHASQUI)
EXTRA_GIVES = {HATUN_RUNA: "another Plant action", BARTERER: "an extra Purchase action",
               CHASQUI: "an extra action of any kind"}


class Key(NamedTuple):
    """The structured form of an action (``Action.data``): its verb and what it is about."""

    verb: str
    crop: int = -1
    cell: int = -1
    which: int = -1  # by verb: a Catu slot, a seat, a farmer, a Work Zone position, a Camayo kind, an exemption
    #                   or an alpaca


def key_id(tables: Tables, params: Params, k: Key) -> tuple[str, str]:
    """(id, text) of an action key."""
    v = k.verb
    nm = tables.names
    if v == "crop":
        return f"crop {CROPS[k.crop]}", f"choose {CROPS[k.crop]} as your crop"
    if v == "plant":
        return f"plant {CROPS[k.crop]} {nm[k.cell]}", f"plant {CROPS[k.crop]} on {nm[k.cell]}"
    if v in ("harvest", "purchase", "work"):
        return v, v.capitalize()
    if v == "end_turn":
        return "end turn", "end your turn"
    if v == "buy":
        return f"buy slot{k.which + 1}", f"buy the Main Catu tile in slot {k.which + 1}"
    if v == "buy_vine":
        return "buy vine", "buy a vine from the Vine Catu"
    if v == "hire":
        return f"hire slot{k.which + 1}", f"hire the Camayo in slot {k.which + 1}"
    if v == "tech":
        return f"tech {CROPS[k.crop]}", f"buy the {CROPS[k.crop]} Technology"
    if v == "end_purchase":
        return "end purchase", "end the Purchase"
    if v == "extra":
        name = CAMAYO_NAMES[k.which]
        return f"use {name}", f"use {name.replace('_', ' ')}: take {EXTRA_GIVES[k.which]}"
    if v == "weave":
        return f"weave {CROPS[k.crop]}", f"discard two {CROPS[k.crop]} for ${params.WEAVER_INCOME} (Weaver)"
    if v == "gray":
        return f"alpaca {nm[k.cell]}", f"put a gray alpaca on {nm[k.cell]} (Alpaca Worker)"
    if v == "clean":
        return (f"clean {nm[k.cell]} {CROPS[k.crop]}",
                f"replace the vine on {nm[k.cell]} with {CROPS[k.crop]} (Cleaner)")
    if v == "exempt":
        name = "yanacona" if k.which == Exemption.YANACONA else "foreigner"
        return f"exempt {name}", f"use {name.capitalize()} as the Technology exemption"
    if v == "partner":
        return (f"partner {k.which}",
                f"choose P{k.which} as work partner (pays the fee too, or takes the cover as a debt)")
    if v == "farmer":
        return f"farmer {k.which + 1}", f"advance farmer {k.which + 1}"
    if v == "take":
        return f"take slot{k.which + 1}", f"take the Main Catu tile in slot {k.which + 1} for free"
    if v == "take_vine":
        return "take vine", "take a vine for free"
    if v == "discard":
        return f"discard {CROPS[k.crop]}", f"discard a {CROPS[k.crop]} tile from your Warehouse"
    if v == "sab":
        return f"sabotage {nm[k.cell]}", f"plant the vine on {nm[k.cell]} now (Saboteur)"
    if v == "keep":
        return "keep vine", "keep the vine in your Warehouse"
    if v == "dismiss":
        return f"dismiss {k.which + 1}", f"discard the Camayo in Work Zone position {k.which + 1}"
    if v == "warrior":
        return f"warrior {nm[k.cell]}", f"put the Warrior meeple on {nm[k.cell]}"
    if v == "tocricoc":
        return f"tocricoc {nm[k.cell]}", f"put the Tocricoc meeple on {nm[k.cell]}"
    if v == "herd":
        return f"herd {ALPACA_NAMES[k.which]} {nm[k.cell]}", f"move alpaca {ALPACA_NAMES[k.which]} to {nm[k.cell]}"
    if v == "stop_herd":
        return "stop herding", "stop moving alpacas"
    raise KeyError(k)


class ActionTable:
    """Action objects of one option set and player count, made once and shared, indexed the way the offers use
    them (``plant[crop][cell]``, ``buy[slot]`` …); ``ids`` is the action space in its fixed order."""

    def __init__(self, tables: Tables, params: Params, players: int) -> None:
        cells = range(tables.ncells)
        crops = range(len(CROPS))
        self.by_id: dict[str, Action] = {}
        self.ids: list[str] = []
        self.crop = {c: self._add(tables, params, Key("crop", crop=c)) for c in PLAYER_CROPS}
        self.plant = [[self._add(tables, params, Key("plant", crop=c, cell=x)) for x in cells] for c in crops]
        self.harvest, self.purchase, self.work, self.end_turn = (
            self._add(tables, params, Key(v)) for v in ("harvest", "purchase", "work", "end_turn"))
        self.buy = [self._add(tables, params, Key("buy", which=i)) for i in range(tables.main_slots)]
        self.buy_vine = self._add(tables, params, Key("buy_vine"))
        self.hire = [self._add(tables, params, Key("hire", which=i)) for i in range(tables.cam_slots)]
        self.tech = {c: self._add(tables, params, Key("tech", crop=c)) for c in PLAYER_CROPS}
        self.end_purchase = self._add(tables, params, Key("end_purchase"))
        self.extra = {k: self._add(tables, params, Key("extra", which=k)) for k in EXTRAS}
        self.weave = {c: self._add(tables, params, Key("weave", crop=c)) for c in PLAYER_CROPS}
        self.gray = [self._add(tables, params, Key("gray", cell=x)) for x in cells]
        self.clean = [[self._add(tables, params, Key("clean", crop=c, cell=x)) for c in crops] for x in cells]
        self.exempt = {e: self._add(tables, params, Key("exempt", which=e))
                       for e in (Exemption.YANACONA, Exemption.FOREIGNER)}
        self.partner = [self._add(tables, params, Key("partner", which=q)) for q in range(players)]
        self.farmer = [self._add(tables, params, Key("farmer", which=i)) for i in range(tables.max_farmers)]
        self.take = [self._add(tables, params, Key("take", which=i)) for i in range(tables.main_slots)]
        self.take_vine = self._add(tables, params, Key("take_vine"))
        self.discard = [self._add(tables, params, Key("discard", crop=c)) for c in crops]
        self.sab = [self._add(tables, params, Key("sab", cell=x)) for x in cells]
        self.keep = self._add(tables, params, Key("keep"))
        self.dismiss = [self._add(tables, params, Key("dismiss", which=i)) for i in range(tables.max_camayos)]
        self.warrior = [self._add(tables, params, Key("warrior", cell=x)) for x in cells]
        self.tocricoc = [self._add(tables, params, Key("tocricoc", cell=x)) for x in cells]
        self.herd = [[self._add(tables, params, Key("herd", cell=x, which=a)) for x in cells] for a in range(ALPACAS)]
        self.stop_herd = self._add(tables, params, Key("stop_herd"))

    def _add(self, tables: Tables, params: Params, k: Key) -> Action:
        aid, text = key_id(tables, params, k)
        a = Action(aid, text, k)
        self.by_id[aid] = a
        self.ids.append(aid)
        return a


def action_table(tables: Tables, params: Params, players: int) -> ActionTable:
    """The shared ``ActionTable`` of an option set (its ``Tables``) and a player count."""
    table = tables.menus.get(players)
    if table is None:
        table = tables.menus[players] = ActionTable(tables, params, players)
    assert isinstance(table, ActionTable)
    return table


def live_text(s: SVState, tables: Tables, k: Key) -> str | None:
    """A text naming what an offered action acquires and its price now (the static text names only a slot)."""
    p = s.active
    v = k.verb
    if v == "buy":
        price = seed_price(s, tables, p, k.which)
        return f"buy {CROPS[s.main[k.which]]} from Main Catu slot {k.which + 1} for ${price}"
    if v == "buy_vine":
        return f"buy a vine for ${seed_price(s, tables, p, -1)}"
    if v == "hire":
        kind = s.cat[k.which]
        return (f"hire {CAMAYO_NAMES[kind].replace('_', ' ')} (Age {CAMAYO_AGE[kind]}, end reward "
                f"${CAMAYO_REWARD[kind]}) from Camayo Catu slot {k.which + 1} for ${camayo_price(s, tables, k.which)}")
    if v == "tech":
        return f"buy the {CROPS[k.crop]} Technology for ${tech_price(s, tables, p)}"
    if v == "take":
        return f"take {CROPS[s.main[k.which]]} from Main Catu slot {k.which + 1} for free"
    if v == "dismiss":
        return f"discard {CAMAYO_NAMES[s.cam[p][k.which]].replace('_', ' ')} (Work Zone {k.which + 1}) to make room"
    if v == "farmer":
        return (f"advance farmer {k.which + 1} (now on {s.farmers[p][k.which]}; "
                f"{s.plant.hp if s.plant else 0} HP to place)")
    if v == "harvest":
        fs = s.farmers[p]
        return f"Harvest: cash in your farmers on {fs} (${sum(tables.track[f] for f in fs)} before bonuses)"
    return None


LIVE = frozenset(("buy", "buy_vine", "hire", "tech", "take", "dismiss", "farmer", "harvest"))
