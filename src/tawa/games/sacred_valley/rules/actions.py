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
    CAMAYO_LABELS,
    CAMAYO_NAMES,
    CAMAYO_REWARD,
    CHASQUI,
    CROPS,
    HATUN_RUNA,
    PLAYER_CROPS,
    Tables,
)
from tawa.games.sacred_valley.rules.common import who
from tawa.games.sacred_valley.rules.market import camayo_price, seed_price, tech_price
from tawa.games.sacred_valley.state import Exemption, SacredValleyState

EXTRAS = (HATUN_RUNA, BARTERER, CHASQUI)
EXTRA_GIVES = {
    HATUN_RUNA: "another Plant action",
    BARTERER: "an extra Purchase action",
    CHASQUI: "an extra action of any kind",
}


class Key(NamedTuple):
    """The structured form of an action (``Action.data``): its verb and what it is about."""

    verb: str
    crop: int = -1
    cell: int = -1
    which: int = -1  # by verb: a Catu slot, a seat, a farmer, a Work Zone position, a Camayo kind, an exemption
    #                   or an alpaca


# the id and the text of each verb, filled from the key (``key_fields``)
FORMATS: dict[str, tuple[str, str]] = {
    "crop": ("crop {crop}", "choose {crop} as your crop"),
    "plant": ("plant {crop} {grid}", "plant {crop} on {grid}"),
    "harvest": ("harvest", "Harvest"),
    "purchase": ("purchase", "Purchase"),
    "work": ("work", "Work"),
    "end_turn": ("end turn", "end your turn"),
    "buy": ("buy slot{n}", "buy the Main Catu tile in slot {n}"),
    "buy_vine": ("buy vine", "buy a vine from the Vine Catu"),
    "hire": ("hire slot{n}", "hire the Camayo in slot {n}"),
    "tech": ("tech {crop}", "buy the {crop} Technology"),
    "end_purchase": ("end purchase", "end the Purchase"),
    "extra": ("use {camayo}", "use {label}: take {gives}"),
    "weave": ("weave {crop}", "discard two {crop} for ${income} (Weaver)"),
    "gray": ("alpaca {grid}", "put a gray alpaca on {grid} (Alpaca Worker)"),
    "clean": ("clean {grid} {crop}", "replace the vine on {grid} with {crop} (Cleaner)"),
    "exempt": ("exempt {exemption}", "use {Exemption} as the Technology exemption"),
    "partner": ("partner {seat}", "choose {who} as work partner (pays the fee too, or takes the cover as a debt)"),
    "farmer": ("farmer {n}", "advance farmer {n}"),
    "take": ("take slot{n}", "take the Main Catu tile in slot {n} for free"),
    "take_vine": ("take vine", "take a vine for free"),
    "discard": ("discard {crop}", "discard a {crop} tile from your Warehouse"),
    "sab": ("sabotage {grid}", "plant the vine on {grid} now (Saboteur)"),
    "keep": ("keep vine", "keep the vine in your Warehouse"),
    "dismiss": ("dismiss {n}", "discard the Camayo in Work Zone position {n}"),
    "warrior": ("warrior {grid}", "put the Warrior meeple on {grid}"),
    "tocricoc": ("tocricoc {grid}", "put the Tocricoc meeple on {grid}"),
    "herd": ("herd {alpaca} {grid}", "move alpaca {alpaca} to {grid}"),
    "stop_herd": ("stop herding", "stop moving alpacas"),
}


def key_fields(tables: Tables, params: Params, k: Key) -> dict[str, object]:
    """What the formats of ``FORMATS`` name: crop, grid, 1-based ``n``, seat, Camayo, exemption, alpaca."""
    out: dict[str, object] = {"n": k.which + 1, "seat": k.which, "who": who(k.which), "income": params.WEAVER_INCOME}
    if k.crop >= 0:
        out["crop"] = CROPS[k.crop]
    if k.cell >= 0:
        out["grid"] = tables.names[k.cell]
    if k.verb == "extra":
        out.update(camayo=CAMAYO_NAMES[k.which], label=CAMAYO_LABELS[k.which], gives=EXTRA_GIVES[k.which])
    elif k.verb == "exempt":
        name = Exemption(k.which).name.lower()
        out.update(exemption=name, Exemption=name.capitalize())
    elif k.verb == "herd":
        out["alpaca"] = ALPACA_NAMES[k.which]
    return out


def key_id(tables: Tables, params: Params, k: Key) -> tuple[str, str]:
    """(id, text) of an action key."""
    aid, text = FORMATS[k.verb]
    fields = key_fields(tables, params, k)
    return aid.format(**fields), text.format(**fields)


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
            self._add(tables, params, Key(v)) for v in ("harvest", "purchase", "work", "end_turn")
        )
        self.buy = [self._add(tables, params, Key("buy", which=i)) for i in range(tables.main_slots)]
        self.buy_vine = self._add(tables, params, Key("buy_vine"))
        self.hire = [self._add(tables, params, Key("hire", which=i)) for i in range(tables.cam_slots)]
        self.tech = {c: self._add(tables, params, Key("tech", crop=c)) for c in PLAYER_CROPS}
        self.end_purchase = self._add(tables, params, Key("end_purchase"))
        self.extra = {k: self._add(tables, params, Key("extra", which=k)) for k in EXTRAS}
        self.weave = {c: self._add(tables, params, Key("weave", crop=c)) for c in PLAYER_CROPS}
        self.gray = [self._add(tables, params, Key("gray", cell=x)) for x in cells]
        self.clean = [[self._add(tables, params, Key("clean", crop=c, cell=x)) for c in crops] for x in cells]
        self.exempt = {
            e: self._add(tables, params, Key("exempt", which=e)) for e in (Exemption.YANACONA, Exemption.FOREIGNER)
        }
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


def live_text(s: SacredValleyState, tables: Tables, k: Key) -> str | None:
    """A text naming what an offered action acquires and its price now (the static text names only a slot)."""
    p = s.active
    n = k.which + 1
    match k.verb:
        case "buy":
            price = seed_price(s, tables, p, k.which)
            return f"buy {CROPS[s.main[k.which]]} from Main Catu slot {n} for ${price}" + no_tech(s, p, s.main[k.which])
        case "buy_vine":
            return f"buy a vine for ${seed_price(s, tables, p, -1)}"
        case "hire":
            kind = s.cat[k.which]
            return (
                f"hire {CAMAYO_LABELS[kind]} (Age {CAMAYO_AGE[kind]}, end reward ${CAMAYO_REWARD[kind]}) "
                f"from Camayo Catu slot {n} for ${camayo_price(s, tables, k.which)}"
            )
        case "tech":
            return f"buy the {CROPS[k.crop]} Technology for ${tech_price(s, tables, p)}"
        case "take":
            return f"take {CROPS[s.main[k.which]]} from Main Catu slot {n} for free" + no_tech(s, p, s.main[k.which])
        case "dismiss":
            return f"discard {CAMAYO_LABELS[s.cam[p][k.which]]} (Work Zone {n}) to make room"
        case "farmer":
            return f"advance farmer {n} (now on {s.farmers[p][k.which]}; {s.plant.hp if s.plant else 0} HP to place)"
        case "harvest":
            fs = s.farmers[p]
            return f"Harvest: cash in your farmers on {fs} (${sum(tables.track[f] for f in fs)} before bonuses)"
    return None


def no_tech(s: SacredValleyState, p: int, crop: int) -> str:
    """The warning on buying a crop its buyer may not plant yet (SV-101, issue 24), else nothing."""
    from tawa.games.sacred_valley.rules.terrace import tech_ok  # terrace builds on this module's tables

    if tech_ok(s, p, crop):
        return ""
    return f" (no {CROPS[crop]} Technology yet: it cannot be planted until you buy that Technology, SV-101)"


LIVE = frozenset(("buy", "buy_vine", "hire", "tech", "take", "dismiss", "farmer", "harvest"))
