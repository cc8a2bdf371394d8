"""The Sacred Valley table in the browser (issue 18): pure functions of one observation dict (SV-600–SV-607).

``svg(obs)`` draws the table as the rulebook lays it out (spec §6.1): the Seed Catu (Main and Vine) on the left,
the three-level Terrace in the centre with its stone risers, covers and river edge, the Harvest Track below it,
the Camayo Catu with the three Age piles on the right, and every player's board along the bottom (Technology
storage, Warehouse, Camayo Work Zone with one-shot markers, debts, coins: the seat's own only, SV-600).
``targets(obs, legal)`` names the element each legal action is about; ``is_button`` the actions about none;
``previews`` draws, for the chooser beside a grid, the tile each plant/clean/Saboteur action would put there
with the Farmland it would make, the alpaca a Herder move would bring and the pair a Weaver use discards.

Only the observation is read (never the game): a seat is shown exactly what it may see. Printed data (crops,
Camayo costs and rewards) and the fixed [R] numbers come from ``data``; the [P] options the board shows
(HARVEST_TRACK, MAIN_CATU_PRICES, TECH_COSTS, VINE_CATU_CAPACITY, FIRST_ROW, CROSS_LEVEL_ADJACENCY, LAYOUT) from
the observation.

Element ids (stable from one position to the next): ``cell-r1c3`` (every grid of LAYOUT), ``main-slot1`` ..
``main-slot6``, ``vine-catu``, ``camayo-slot1`` .. ``camayo-slot5`` (slot 1 is the bottom one, SV-261),
``pile-1`` .. ``pile-3``, ``camayo-discard``, ``camayos-removed``, ``camayos-purged``, ``bag``, ``seed-discard``,
``seeds-out``, ``alpaca-reserve``, ``covers-out``, ``harvest-track``, ``crop-chili`` .., ``tech-reserve-chili`` ..,
``status``, ``turn-state``; per seat ``seat2`` (its board), ``seat2-head``, ``seat2-coins``, ``seat2-tech-1`` ..
``seat2-tech-4``, ``seat2-warehouse``, ``seat2-wh-1`` .., ``seat2-camayo-1`` .. ``seat2-camayo-3``, ``seat2-debts``,
``seat2-score`` (at the end). Pieces (``class="piece"``, placed by ``style="transform:translate(..px,..px)"``):
``alpaca-w1`` ``alpaca-w2`` ``alpaca-g1`` ``alpaca-g2``, ``meeple-r3c4`` (a Warrior or Tocricoc meeple: they never
move once placed), ``farmer-s2-1`` (seat 2's first farmer on the Harvest Track), ``cover-2`` / ``cover-3`` (on the
Terrace, in front of a debtor, or out of play), ``seat2-marker-1`` (the one-shot marker on a Work Zone Camayo).
A target never contains an element with an id of its own, so that a click anywhere on it names it.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

from tawa.core.svg import at as _at
from tawa.core.svg import n as _n
from tawa.core.svg import plural as _plural
from tawa.core.svg import rect as _rect
from tawa.core.svg import text as _label
from tawa.core.svg import title as _title
from tawa.core.svgparts import Part, Path, document
from tawa.games.sacred_valley.data import (
    ALPACA_NAMES,
    CAMAYO_AGE,
    CAMAYO_COST,
    CAMAYO_DISCARDABLE,
    CAMAYO_NAMES,
    CAMAYO_ONE_SHOT,
    CAMAYO_REWARD,
    CROP_COLOURS,
    CROPS,
    PARAMS,
    PLAYER_CROPS,
    WHITE_ALPACAS,
)
from tawa.games.sacred_valley.rules.common import who as seat_label

Obs = Mapping[str, Any]

# ----------------------------------------------------------------------------- fixed [R] numbers of the data
_P = PARAMS.params
N: dict[str, Any] = {name: _P[name].default for name in (
    "VINE_PRICE", "SEED_RANTIC_PRICE", "WAREHOUSE_BASE", "WAREHOUSE_KEEPER", "MAX_CAMAYOS", "MAX_TECH", "HP_MAX",
    "VINE_HP", "YANACONA_CAP", "TOCRICOC_FEE", "WEAVER_INCOME", "HARVEST_WORKER_BONUS", "HARVEST_EXPERT_BONUS",
    "HERDER_MOVES", "CULTIVATOR_THRESHOLD", "HATUN_RANTIC_MULTIPLIER", "WORK_INCOME", "UNLOCK_CAMAYO_DISCARD",
    "UNLOCK_SEED_DISCARD")}
UNLOCK_FEE: dict[int, int] = dict(_P["UNLOCK_FEE"].default)  # SV-172 [R]
SURCHARGE: dict[int, int] = dict(_P["CAMAYO_SURCHARGE"].default)  # SV-280 [R], 1-based slots
AGE_PURGE: dict[int, int] = dict(_P["UNLOCK_AGE_PURGE"].default)  # SV-184 [R]
ROMAN = {1: "I", 2: "II", 3: "III"}

# ----------------------------------------------------------------------------- display texts (cite the spec)
# Each Camayo's rules: (rule ID, tag, text, shown on the tile face). Texts follow spec §3.17–§3.19.
CAMAYO_RULES: dict[str, tuple[tuple[str, str, str, bool], ...]] = {
    "alpaca_worker": (
        ("SV-390", "R", "one-shot: put a gray alpaca from the reserve on any grid without an alpaca", True),
        ("SV-391", "P", "in any free window of your turn, on any level, on an empty grid or a Seed Tile", False),
        ("SV-392", "R", "not usable when no gray alpaca is left in the reserve", False),
        ("SV-393", "R", "permanent: +$1 per alpaca on the Farmland of each of your plantings", True)),
    "herder": (
        ("SV-394", "R", "permanent: after each of your Harvest actions, move up to {HERDER_MOVES} alpacas of any "
                        "colour, each to a grid without an alpaca", True),
        ("SV-395", "P", "any level, an empty grid or a Seed Tile; each alpaca at most once per use", False)),
    "yanacona": (
        ("SV-396", "R", "permanent: plant a crop tile without its Technology", True),
        ("SV-397", "R", "such a planting yields at most {YANACONA_CAP} HP", True),
        ("SV-398", "P", "the cap applies only when the exemption is needed", False)),
    "seed_rantic": (
        ("SV-399", "R", "permanent: every Seed Tile you buy costs ${SEED_RANTIC_PRICE}, vines included, whatever "
                        "the slot", True),),
    "barterer": (
        ("SV-400", "R", "one-shot: right after a Plant or Harvest action, take an extra Purchase action", True),),
    "irrigator": (
        ("SV-401", "R", "permanent: +1 HP on a planting whose base value (tiles plus alpacas of its Farmland) is "
                        "exactly 1", True),
        ("SV-402", "R", "never on vines, which always score {VINE_HP}", False)),
    "ayllu_member": (
        ("SV-403", "R", "permanent: +1 HP when you plant a tile of your own crop", True),),
    "warehouse_keeper": (
        ("SV-404", "R", "permanent: your Warehouse holds {WAREHOUSE_KEEPER} tiles", True),
        ("SV-287", "P", "discarded with more than {WAREHOUSE_BASE} tiles: discard down to {WAREHOUSE_BASE} at "
                        "once", False)),
    "terrace_worker": (
        ("SV-405", "R", "immediate: take one Seed Tile from the Seed Catu without paying", True),
        ("SV-406", "P", "from the Main or the Vine Catu; mandatory if any tile is there", False),
        ("SV-407", "R", "permanent: you pay no unlock fee, neither as planter nor as work partner", True)),
    "cleaner": (
        ("SV-408", "R", "one-shot: remove a vine from the Terrace to the seed discard, then plant a Warehouse "
                        "tile on that grid", True),
        ("SV-409", "P", "in a free window of your turn; a planting, not a Plant action", False),
        ("SV-410", "R", "every other planting rule applies; an alpaca or Tocricoc meeple there stays", False)),
    "harvest_worker": (
        ("SV-450", "R", "permanent: +${HARVEST_WORKER_BONUS} on every Harvest of yours, at 0 HP and in the final "
                        "harvest too", True),),
    "rantic": (("SV-451", "R", "no ability: only its end reward", True),),
    "hatun_runa": (
        ("SV-452", "R", "one-shot: right after a Plant action, take another Plant action", True),),
    "warrior": (
        ("SV-453", "R", "immediate: your Farmer Meeple on any empty grid of any level, locked levels included",
         True),
        ("SV-454", "R", "only you may plant on that grid", True),
        ("SV-455", "P", "the meeple goes back to your reserve when you plant there", False),
        ("SV-456", "R", "never discarded", False)),
    "tocricoc": (
        ("SV-457", "R", "immediate: your Farmer Meeple on any grid holding a Seed Tile", True),
        ("SV-458", "R", "it marks that Farmland as it grows and merges", False),
        ("SV-459", "R", "others pay you ${TOCRICOC_FEE} before planting a tile that joins it", True),
        ("SV-460", "P", "one fee per foreign meeple on the resulting Farmland", False),
        ("SV-464", "R", "never discarded", False)),
    "weaver": (
        ("SV-465", "R", "permanent, once per turn in a free window: discard two non-vine Warehouse tiles of one "
                        "crop and gain ${WEAVER_INCOME}", True),),
    "chasqui": (
        ("SV-490", "R", "one-shot: after your regular action, one additional action of any kind (Work only with "
                        "$0)", True),
        ("SV-341", "P", "it may follow an extra action too", False)),
    "cultivator": (
        ("SV-491", "R", "permanent: after each of your plantings, if a farmer of yours is on "
                        "{CULTIVATOR_THRESHOLD} or more, take a Seed Tile from the Seed Catu for free", True),
        ("SV-492", "P", "a Supervisor farmer counts; mandatory if any tile is there", False)),
    "foreigner": (
        ("SV-493", "R", "one-shot: plant one crop tile without its Technology; the HP are not capped", True),
        ("SV-494", "P", "with Yanacona too, you choose which exemption to use", False)),
    "harvest_expert": (
        ("SV-495", "R", "permanent: +${HARVEST_EXPERT_BONUS} on a Harvest that resets a farmer of yours from "
                        "{HP_MAX}", True),
        ("SV-496", "R", "at most once per Harvest", False)),
    "hatun_rantic": (
        ("SV-497", "R", "permanent: at scoring the end rewards of all your Camayos are multiplied by "
                        "{HATUN_RANTIC_MULTIPLIER}, its own included", True),
        ("SV-498", "P", "two copies still multiply once", False)),
    "saboteur": (
        ("SV-499", "R", "permanent, once per turn: when you buy a vine, you may plant it at once under all "
                        "planting rules", True),
        ("SV-501", "P", "part of the Purchase, not a Plant action", False)),
    "supervisor": (
        ("SV-503", "R", "immediate: a second Farmer Meeple of yours on space 0 of the Harvest Track", True),
        ("SV-504", "P", "you choose which farmer advances; HP past {HP_MAX} pass to another farmer", True),
        ("SV-505", "R", "a Harvest resets all your farmers", False),
        ("SV-506", "R", "never discarded", False)),
    "umu": (
        ("SV-507", "R", "permanent: on each planting, +$1 for each HP that fits on none of your farmers", True),),
}
# §2.7 "Type" column
CAMAYO_TYPE = {
    "alpaca_worker": "one-shot + permanent", "herder": "permanent", "yanacona": "permanent",
    "seed_rantic": "permanent", "barterer": "one-shot", "irrigator": "permanent", "ayllu_member": "permanent",
    "warehouse_keeper": "permanent", "terrace_worker": "immediate + permanent", "cleaner": "one-shot",
    "harvest_worker": "permanent", "rantic": "no ability", "hatun_runa": "one-shot", "warrior": "immediate",
    "tocricoc": "immediate + permanent", "weaver": "permanent", "chasqui": "one-shot", "cultivator": "permanent",
    "foreigner": "one-shot", "harvest_expert": "permanent", "hatun_rantic": "permanent", "saboteur": "permanent",
    "supervisor": "immediate + permanent", "umu": "permanent",
}



def _surcharge_text() -> str:
    """"+$1 in slots 4 and 5" from CAMAYO_SURCHARGE (SV-280)."""
    by_amount: dict[int, list[str]] = {}
    for slot, extra in sorted(SURCHARGE.items()):
        by_amount.setdefault(extra, []).append(str(slot))
    return ", ".join(f"+${extra} in slot{'s' if len(slots) > 1 else ''} {' and '.join(slots)}"
                     for extra, slots in by_amount.items())


RULES: dict[str, str] = {
    "grid": "SV-004 [R] a grid is occupied while it holds a Seed Tile, an alpaca or a Farmer Meeple; SV-095 [R] "
            "a new tile needs an orthogonal neighbour holding a non-isolated Seed Tile; SV-005 [R] same-crop "
            "neighbours form one Farmland.",
    "river": "SV-094 [R] a grid of FIRST_ROW (the river edge) needs no neighbour, unless it touches an isolated "
             "setup tile (SV-099).",
    "isolated": "SV-098 [R] a setup tile under a white alpaca starts isolated; SV-099 [R] it never anchors a "
                "placement; SV-100 [R] it becomes normal once a tile lies next to it.",
    "locked": "SV-170 [R] locked while its cover lies on the Terrace; SV-171 [R] the first planting here unlocks "
              "it; SV-172 [R] the planter pays ${fee}; SV-175 [R] then names a work partner who pays ${fee} too or "
              "takes the cover as a debt (SV-178).",
    "cover-on": "SV-029 [R] starts on the Terrace; SV-180–SV-184 [R] unlocking discards the bottom Main Catu "
                f"tile, the bottom {N['UNLOCK_CAMAYO_DISCARD']} Camayo Catu tiles and every Age {{purge}} Camayo "
                "left.",
    "cover-debt": "SV-200 [R] a cover in front of a player is a debt of ${fee}; SV-061 [P] paid automatically at "
                  "the start of the debtor's turn and at each free window once the coins cover it; SV-204 [P] "
                  "deducted at the end (not below $0).",
    "cover-out": "SV-205 [R] a paid cover leaves play.",
    "alpaca": "SV-121 [R] +1 HP to a non-vine planting for each alpaca on its Farmland; SV-150 [R] two alpacas "
              "never share a grid; SV-152 [R] a tile may be planted under it; SV-157 [R] only Herder moves it.",
    "gray-reserve": "SV-154 [R] gray alpacas reach the Terrace only through Alpaca Worker (SV-390).",
    "warrior": "SV-454 [R] only the Warrior's holder may plant on this grid; SV-455 [P] the meeple returns when "
               "they do.",
    "tocricoc": "SV-458 [R] marks this Farmland as it grows and merges; SV-459 [R] another player pays its holder "
                "${fee} before planting a tile that joins it; SV-461 [R] the holder pays nothing.",
    "main": "SV-260 [R] a tile costs its slot's price; SV-261 [P] slot 1 is the bottom slot; SV-242 [R] no slide "
            "during a turn; SV-361–SV-363 [R] at the turn's end tiles slide down and the bag refills the top, "
            "vines going to the Vine Catu.",
    "vine": "SV-262 [R] a vine costs ${price}; SV-363 [R] drawn vines come here until it holds {cap}, then go to "
            "the seed discard; SV-102 [R] vines need no Technology; SV-122 [R] a vine planting yields {hp} HP.",
    "bag": "SV-604 [P] the draw order is hidden from everyone; the composition is public.",
    "seed-discard": "SV-265 [R] full-Warehouse and Weaver discards land here; SV-364 [R] it goes back into the "
                    "bag when the bag runs out during a refill (SV-365 [P] at most once per refill).",
    "seeds-out": "SV-181 [P] the Main Catu tile an unlocking discards leaves the game.",
    "camayo-catu": f"SV-280 [R] a Camayo costs its printed cost, {_surcharge_text()}; SV-367–SV-369 [R] at the "
                   "turn's end tiles slide down and the current Age's pile refills the top.",
    "pile": "SV-032 [R] each Age is a face-down pile; SV-604 [P] its order is hidden, its size public; SV-369 [R] "
            "the lowest non-empty Age refills the Catu.",
    "camayo-discard": "SV-282 [R] Camayos discarded to make room for a hire; SV-285 [R] they never return.",
    "camayos-removed": "SV-182 [R] the bottom Camayo Catu tiles an unlocking removed, face up.",
    "camayos-purged": "SV-184 [R] unlocking removes the lower Age from its pile; SV-605 [P] face down, never shown.",
    "track": "SV-128 [R] a farmer never passes {hp_max}, extra HP are lost; SV-220 [R] a Harvest pays each "
             "farmer's space and resets it to 0.",
    "farmer": "SV-027 [R] each player's farmer starts on 0; SV-503 [R] Supervisor adds one.",
    "tech": "SV-310 [R] the leftmost open slot's price; SV-311 [P] 2nd/3rd/4th Technology ${costs}; SV-312 [R] at "
            "most {max} different crops.",
    "tech-reserve": "SV-040 [R] N - 1 cubes of each colour are in play, the board cubes included; SV-313 [R] an "
                    "empty reserve ends that Technology's sales.",
    "crop": "SV-002 [R] each player represents one crop; SV-024 [R] its Technology is their first one.",
    "warehouse": "SV-264 [R] holds {base} tiles ({keeper} with Warehouse Keeper); SV-265 [R] a tile entering a "
                 "full Warehouse first makes the player discard one; SV-584 [R] more tiles win a tie.",
    "work-zone": f"SV-281 [R] at most {N['MAX_CAMAYOS']} Camayos; SV-282 [R] hiring with {N['MAX_CAMAYOS']} "
                 "first discards one; SV-283 [R] Warrior, Tocricoc and Supervisor never leave.",
    "coins-hidden": "SV-600 [P] another player's coins are hidden behind their screen: no total, no count.",
    "coins-own": "SV-600 [P] only you see your coins; SV-007 [R] they never go below $0.",
    "coins-end": "SV-587 [P] at the end every player's coins and score are revealed.",
    "score": "SV-580 [R] coins plus the end rewards of the held Camayos; SV-581 [R] Hatun Rantic doubles the "
             "rewards; SV-584 [R] a tie goes to the larger Warehouse; SV-585 [R] then the victory is shared.",
    "marker": "SV-289 [R] a one-shot Camayo's Farmer Meeple marker: using the ability returns it; SV-290 [R] "
              "usable in the turn it is hired or any later one.",
    "one-shot-used": "SV-289 [R] used: the marker went back, the tile keeps its end reward (SV-582).",
}

MODE_TEXT = {  # the decision of each mode (spec §6.1)
    "crop_choice": "choose a crop, in reverse turn order (SV-021)",
    "purchase": "Purchase: acquire seeds, Camayos and Technologies one at a time (SV-240)",
    "extra_plant": "Hatun Runa: take another Plant action (SV-452)",
    "extra_any": "Chasqui: take an extra action of any kind (SV-490)",
    "free_seed": "take a free Seed Tile from the Main or Vine Catu (SV-406, SV-491)",
    "saboteur": "Saboteur: plant the bought vine now, or keep it (SV-499)",
    "keeper_discard": "Warehouse Keeper left: discard tiles down to {base} (SV-287)",
    "warrior": "Warrior: put the meeple on an empty grid (SV-453)",
    "tocricoc": "Tocricoc: put the meeple on a grid holding a Seed Tile (SV-457)",
    "herder": "Herder: move up to {moves} alpacas, or stop (SV-394)",
}

# ----------------------------------------------------------------------------- colours and sizes
COLOUR_HEX = {"red": "#c8302c", "yellow": "#e0ad1c", "brown": "#8a5a32", "green": "#3f8f3f", "purple": "#7c3c9e",
              "none": "#6a8f2a"}
COLOUR_BG = {"red": "#f7dad4", "yellow": "#fbefc2", "brown": "#ecdcc8", "green": "#d8ecd2", "purple": "#eadcf2",
             "none": "#eef1d6"}
AGE_FILL = {1: "#d9b56a", 2: "#8fb3cf", 3: "#b88fcf"}
LEVEL_FILL = ("#9fc067", "#b4b867", "#c6a869", "#c79a78")  # by level order, bottom up
PANEL_FILL, PANEL_EDGE = "#fffaf0", "#b89b6e"
NO_CROP = "#9a9a9a"

WIDTH, HEIGHT = 1200, 840
MAIN_TOP, SLOT_STEP = 92, 48  # Main Catu: slot 6 at the top, slot 1 at the bottom
TERRACE_X, TERRACE_Y, TERRACE_W, TERRACE_H = 300, 84, 372, 396  # cells and risers
RISER = 12
TRACK_X, TRACK_Y, TRACK_W = 262, 500, 460
RIGHT_X, RIGHT_W = 742, 450
CAT_TOP, CAT_STEP, CAT_H = 134, 64, 60
BOARD_Y, BOARD_H = 602, 230


# ============================================================================= small helpers


def _pretty(name: str) -> str:
    return name.replace("_", " ").title()


def _seat_name(obs: Obs, seat: int) -> str:
    crop = obs["player"][seat]["crop"]
    return seat_label(seat) + (f" ({crop.capitalize()})" if crop else "")


def _crop_colour(crop: str | None) -> str:
    return COLOUR_HEX[CROP_COLOURS[CROPS.index(crop)]] if crop else NO_CROP


def _crop_bg(crop: str) -> str:
    return COLOUR_BG[CROP_COLOURS[CROPS.index(crop)]]


def _money(n: int) -> str:
    return f"${n}"


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    return [*lines, cur] if cur else lines


# ============================================================================= pictures of the components


def crop_icon(crop: str) -> str:
    """The crop drawn in a 40x40 box centred on 0,0 (a tile face adds its tinted square)."""
    if crop == "chili":
        return ('<path d="M-13,-8C-7,-11 4,-8 9,1C13,8 12,14 7,15C3,16 1,10 -2,5C-5,0 -9,-2 -13,-4Z" '
                'fill="#d42a1e" stroke="#7a120c" stroke-width="1.2"/>'
                '<path d="M-13,-6C-16,-9 -16,-12 -14,-15" stroke="#2f7a2a" stroke-width="2.5" fill="none"/>'
                '<ellipse cx="-12" cy="-6" rx="3" ry="4" fill="#2f7a2a"/>')
    if crop == "corn":
        kernels = "".join(f"M-5,{y}H5" for y in range(-12, 12, 4))
        return ('<path d="M-3,16C-14,6 -12,-6 -9,-12C-8,0 -5,8 1,14Z" fill="#5f9e45"/>'
                '<path d="M3,16C14,6 12,-6 9,-12C8,0 5,8 -1,14Z" fill="#4d8a38"/>'
                '<ellipse cx="0" cy="-1" rx="7" ry="14" fill="#f2c531" stroke="#a9801a" stroke-width="1.2"/>'
                f'<path d="{kernels}M-2.5,-14V12M2.5,-14V12" stroke="#c9920f" stroke-width="0.9"/>')
    if crop == "potato":
        eyes = "".join(f'<circle cx="{x}" cy="{y}" r="1.4" fill="#5c3a1e"/>'
                       for x, y in ((-6, -3), (4, -5), (7, 4), (-2, 6)))
        return ('<path d="M-14,2C-15,-8 -5,-13 3,-11C12,-9 16,-2 14,6C12,13 2,14 -5,12C-11,10 -13,7 -14,2Z" '
                'fill="#b9834c" stroke="#5c3a1e" stroke-width="1.2"/>' + eyes)
    if crop == "beans":
        beans = "".join(f'<circle cx="{x}" cy="{y}" r="3.3" fill="#9bd47a" stroke="#2d6b22" stroke-width="0.8"/>'
                        for x, y in ((-7, 2), (0, -3), (7, -7)))
        return ('<path d="M-15,7C-10,-8 4,-14 15,-11C12,0 0,12 -15,7Z" fill="#4f9e3c" stroke="#2d6b22" '
                'stroke-width="1.2"/>' + beans)
    if crop == "quinoa":
        grains = "".join(f'<circle cx="{x}" cy="{y}" r="2.8" fill="{"#9b4fc0" if (x + y) % 2 else "#6c2f8c"}"/>'
                         for x, y in ((0, -15), (-3, -11), (3, -11), (-5, -7), (0, -7), (5, -7), (-6, -3),
                                      (-1, -3), (4, -3), (7, -1), (-3, 1), (2, 1)))
        return '<path d="M0,16V-2M0,8L-6,2M0,10L6,5" stroke="#5a7a2a" stroke-width="2" fill="none"/>' + grains
    # vine: a climbing stem with its leaves and a tendril
    leaf = "C4,-6 10,-6 12,0C10,6 4,6 0,0Z"
    return ('<path d="M-14,14C-6,8 -7,-1 0,-3C6,-5 7,-11 13,-14" stroke="#4d6b1f" stroke-width="2.5" '
            'fill="none"/>'
            f'<path d="M-6,5{leaf}" fill="#7fa83a" stroke="#3e5a17" stroke-width="0.8" transform="rotate(-30 -6 5)"/>'
            f'<path d="M2,-6{leaf}" fill="#8fb84a" stroke="#3e5a17" stroke-width="0.8" transform="rotate(200 2 -6)"/>'
            '<path d="M-1,-3C-6,-4 -7,-10 -3,-11C0,-11 0,-8 -2,-8" stroke="#4d6b1f" stroke-width="1.2" fill="none"/>')


def _face40(crop: str, isolated: bool) -> str:
    dash = ' stroke-dasharray="3 2"' if isolated else ""
    return (f'<rect x="-19" y="-19" width="38" height="38" rx="4" fill="{_crop_bg(crop)}" '
            f'stroke="{_crop_colour(crop)}" stroke-width="{2.4 if isolated else 1.6}"{dash}/>'
            f'<g transform="scale(0.85)">{crop_icon(crop)}</g>')


def tile_face(crop: str, size: float, isolated: bool = False) -> str:
    """A Seed Tile of ``crop``, ``size`` px square, centred on 0,0 (isolated: a dashed edge, SV-098), drawn in
    full (for the standalone previews)."""
    return f'<g transform="scale({size / 40:.3f})" class="seed" data-crop="{crop}">{_face40(crop, isolated)}</g>'


def _tile(crop: str, size: float, isolated: bool = False) -> str:
    """The same tile in the board document: a reference to its face in ``<defs>``."""
    return f'<use href="#sv-tile-{crop}{"-iso" if isolated else ""}" transform="scale({size / 40:.3f})"/>'


MEEPLE_PATH = ("M0,-8C2.6,-8 3.6,-6 3.2,-4C6,-3.4 7,-2 7,0C7,1 6,1.4 4.5,1.2L5.5,7C5.7,8 5,8 4,8L1,8L0,5L-1,8"
               "L-4,8C-5,8 -5.7,8 -5.5,7L-4.5,1.2C-6,1.4 -7,1 -7,0C-7,-2 -6,-3.4 -3.2,-4C-3.6,-6 -2.6,-8 0,-8Z")


def meeple(colour: str, scale: float = 1.0, letter: str = "") -> str:
    mark = (f'<text y="4" text-anchor="middle" class="meeple-letter">{escape(letter)}</text>' if letter else "")
    return (f'<g transform="scale({scale:.2f})"><path d="{MEEPLE_PATH}" fill="{colour}" stroke="#222" '
            f'stroke-width="1" stroke-linejoin="round"/>{mark}</g>')


def alpaca_shape(white: bool, scale: float = 1.0) -> str:
    body, edge = ("#fbfaf4", "#3a3a3a") if white else ("#9c9c9c", "#2a2a2a")
    return (f'<g transform="scale({scale:.2f})" stroke="{edge}" stroke-width="1.1" stroke-linejoin="round">'
            '<path d="M-8,6V13M-4,7V13M2,7V13M6,6V13" stroke-width="2.2" fill="none"/>'
            f'<ellipse cx="-1" cy="3" rx="9.5" ry="6" fill="{body}"/>'
            f'<path d="M3,-1L4,-11C4,-15 10,-15 11,-11L12,-9L8.5,-8L8.5,1Z" fill="{body}"/>'
            f'<path d="M5,-13L5,-17L7,-13.5ZM8,-13.5L9,-17L9.8,-13Z" fill="{body}"/>'
            '<circle cx="8.6" cy="-11" r="0.9" fill="#222" stroke="none"/></g>')


def cube(colour: str, size: float = 14) -> str:
    """A Technology cube, drawn with its top and side faces (centred on 0,0)."""
    h = size / 2
    return (f'<path d="M{_n(-h)},{_n(-h + 3)}L{_n(-h + 3)},{_n(-h)}H{_n(h)}V{_n(h - 3)}L{_n(h - 3)},{_n(h)}'
            f'H{_n(-h)}Z" fill="{colour}" stroke="#222" stroke-width="0.9"/>'
            f'<path d="M{_n(-h)},{_n(-h + 3)}H{_n(h - 3)}V{_n(h)}M{_n(h - 3)},{_n(-h + 3)}L{_n(h)},{_n(-h)}" '
            f'stroke="#222" stroke-width="0.7" fill="none" opacity="0.6"/>')


# ============================================================================= the terrace geometry


def parse_grid(name: str) -> tuple[int, int]:
    """``"r3c4"`` -> (3, 4)."""
    r, c = name[1:].split("c")
    return int(r), int(c)


class Terrace:
    """Screen geometry of the observation's LAYOUT (SV-633): rows top (highest) first, a stone riser wherever
    the level changes, cells as large as the area allows."""

    def __init__(self, obs: Obs) -> None:
        self.cells: dict[str, Mapping[str, Any]] = {c["grid"]: c for c in obs["terrace"]}
        pos = {g: parse_grid(g) for g in self.cells}
        self.pos = pos
        rows = sorted({r for r, _ in pos.values()}, reverse=True)
        cols = sorted({c for _, c in pos.values()})
        self.level_of_row = {r: min(self.cells[g]["level"] for g, (rr, _) in pos.items() if rr == r) for r in rows}
        self.levels = sorted(set(self.level_of_row.values()))
        risers = sum(1 for a, b in itertools.pairwise(rows) if self.level_of_row[a] != self.level_of_row[b])
        span = max(cols) - min(cols) + 1
        self.size = min(60.0, TERRACE_W / span, (TERRACE_H - risers * RISER) / len(rows))
        self.row_y: dict[int, float] = {}
        y = float(TERRACE_Y)
        for i, r in enumerate(rows):
            if i and self.level_of_row[r] != self.level_of_row[rows[i - 1]]:
                y += RISER
            self.row_y[r] = y
            y += self.size
        self.bottom = y
        self.col_x = {c: TERRACE_X + (c - min(cols)) * self.size for c in range(min(cols), max(cols) + 1)}
        self.right = TERRACE_X + span * self.size
        self.rows, self.cols = rows, cols
        self.cross = bool(obs["cross_level_adjacency"])

    def xy(self, grid: str) -> tuple[float, float]:
        """Top-left corner of a grid."""
        r, c = self.pos[grid]
        return self.col_x[c], self.row_y[r]

    def level_band(self, level: int) -> tuple[float, float]:
        """Top and bottom y of a level's rows."""
        ys = [self.row_y[r] for r in self.rows if self.level_of_row[r] == level]
        return min(ys), max(ys) + self.size

    def farmland_neighbours(self, grid: str) -> list[str]:
        """SV-097: the orthogonal grids of LAYOUT, across level steps unless CROSS_LEVEL_ADJACENCY is off."""
        r, c = self.pos[grid]
        out = []
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            g = f"r{r + dr}c{c + dc}"
            if g in self.cells and (self.cross or self.cells[g]["level"] == self.cells[grid]["level"]):
                out.append(g)
        return out

    def farmland(self, grid: str, crop: str) -> list[str]:
        """The Farmland of ``crop`` that ``grid`` would be part of if it held ``crop`` (SV-005, SV-120)."""
        seen = [grid]
        stack = [grid]
        while stack:
            for g in self.farmland_neighbours(stack.pop()):
                if g not in seen and self.cells[g].get("tile") == crop:
                    seen.append(g)
                    stack.append(g)
        return seen


def _farmland_size(t: Terrace, grid: str, crop: str) -> tuple[int, int]:
    """(tiles, alpacas) of the Farmland a tile of ``crop`` on ``grid`` makes (SV-120, SV-121)."""
    land = t.farmland(grid, crop)
    return len(land), sum(1 for g in land if "alpaca" in t.cells[g])


def _farmland_text(t: Terrace, grid: str, crop: str) -> str:
    """What a tile of ``crop`` on ``grid`` makes: the vine value, or the Farmland's tiles and alpacas (SV-121)."""
    if crop == "vine":
        return f"a vine planting yields {N['VINE_HP']} HP (SV-122)"
    tiles, alpacas = _farmland_size(t, grid, crop)
    plus = f" + {_plural(alpacas, 'alpaca')}" if alpacas else ""
    return f"Farmland of {tiles} {crop}{plus}: base {tiles + alpacas} HP (SV-121)"


# ============================================================================= the status line


def _places(obs: Obs) -> list[int]:
    """SV-586: by score, then Warehouse tiles (SV-584); full ties share a place."""
    keys = [(obs["scores"][p], len(obs["player"][p]["warehouse"])) for p in range(obs["players"])]
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]


def _decision(obs: Obs) -> str:
    mode = obs["mode"]
    pl = obs["planting"]
    if mode == "main":
        if not obs["turn"]["regular_done"]:
            return "choose the regular action: Plant, Harvest, Purchase or Work (SV-062)"
        return (f"regular action done (last: {obs['turn']['last_action']}): extra actions, free-window abilities "
                "or end the turn (SV-067, SV-068)")
    if mode == "exemption" and pl:
        return f"plant {pl['crop']} on {pl['grid']} without its Technology: use Yanacona or Foreigner (SV-494)"
    if mode == "partner" and pl:
        return f"{pl['crop']} on {pl['grid']} unlocks its level: name the work partner (SV-175)"
    if mode == "farmer" and pl:
        return f"{pl['hp_to_assign']} HP to place: choose the farmer that advances (SV-504)"
    if mode == "discard_seed":
        what = f"the {obs['pending_tile']} tile" if obs["pending_tile"] else "a tile"
        return f"Warehouse full: discard a tile to make room for {what} (SV-265)"
    if mode == "discard_camayo":
        what = _pretty(obs["pending_camayo"]) if obs["pending_camayo"] else "the hire"
        return f"Work Zone full: discard a Camayo to make room for {what} (SV-282)"
    text = MODE_TEXT.get(mode) or mode
    return text.format(base=N["WAREHOUSE_BASE"], moves=N["HERDER_MOVES"])


def _status(obs: Obs) -> str:
    me = obs["seat"]
    if obs["over"]:
        places = _places(obs)
        best = [p for p in range(obs["players"]) if places[p] == 1]
        win = " and ".join(_seat_name(obs, p) for p in best)
        head = f"Game over · {win} {'win' if len(best) > 1 else 'wins'} with {obs['scores'][best[0]]}"
        detail = "final harvest done, debts deducted (SV-565–SV-567); score = coins + end rewards (SV-580)"
        if obs.get("capped"):
            detail = "the turn cap ended the game (SV-630 [D]); " + detail
    else:
        act = obs["active"]
        who = "your turn" if act == me else "to play"
        head = (f"Round {obs['round']} · {_seat_name(obs, act)} {who}" if obs["mode"] != "crop_choice"
                else f"Setup · {_seat_name(obs, act)} {who}")
        detail = _decision(obs)
    out = [f'<g id="status" data-mode="{escape(obs["mode"])}">', _title(f"{head}: {detail}"),
           _rect(8, 6, WIDTH - 16, 52, PANEL_FILL, PANEL_EDGE, 8), _label(20, 27, head, "head"),
           _label(20, 47, detail, "detail"), "</g>", _turn_state(obs)]
    return "".join(out)


def _turn_state(obs: Obs) -> str:
    t = obs["turn"]
    first = f"first player {seat_label(obs['first_player'])}"
    lines = [first]
    if not obs["over"] and obs["mode"] != "crop_choice":
        lines.append("regular action " + ("done" if t["regular_done"] else "not yet taken"))
        if obs["mode"] == "purchase" or t["items"]:
            lines.append(f"{t['items']} item{'s' if t['items'] != 1 else ''} bought")
        if t["weaver_used"]:
            lines.append("Weaver used")
        if t["saboteur_used"]:
            lines.append("Saboteur used")
    pend = []
    if obs["pending_tile"]:
        pend.append(f"pending tile: {obs['pending_tile']}")
    if obs["pending_camayo"]:
        pend.append(f"pending Camayo: {_pretty(obs['pending_camayo'])}")
    pl = obs["planting"]
    if pl:
        pend.append(f"planting {pl['crop']} on {pl['grid']}" + (f", {pl['hp_to_assign']} HP to assign"
                                                                  if pl["hp_to_assign"] else ""))
    text = " · ".join(lines)
    out = ['<g id="turn-state">', _title("Turn state: " + "; ".join(lines + pend)),
           _label(WIDTH - 20, 27, text, "detail", "end")]
    if pend:
        out.append(_label(WIDTH - 20, 47, " · ".join(pend), "detail strong", "end"))
    out.append("</g>")
    return "".join(out)


# ============================================================================= the Seed Catu (left)


def _has_seed_rantic(obs: Obs) -> bool:
    """Whether the active player has the Seed Rantic (SV-399), which sets every Seed Tile's price."""
    act = obs["active"]
    return act is not None and any(c["kind"] == "seed_rantic" for c in obs["player"][act]["camayos"])


def _seed_price(obs: Obs, slot: int | None, rantic: bool) -> tuple[int, str]:
    """Price of a Main Catu slot (1-based) or a vine (None) for the active player (``rantic``: who has the Seed
    Rantic), and its reason."""
    if rantic:
        return N["SEED_RANTIC_PRICE"], "Seed Rantic (SV-399)"
    if slot is None:
        return N["VINE_PRICE"], "SV-262"
    return obs["main_catu_prices"][slot - 1], "SV-260"


def _main_catu(obs: Obs, rantic: bool) -> str:
    out = [_label(14, 80, "Seed Catu", "label")]
    main = obs["main_catu"]
    for i, crop in enumerate(main, start=1):
        y = MAIN_TOP + (len(main) - i) * SLOT_STEP
        price, why = _seed_price(obs, i, rantic)
        what = f"{crop} Seed Tile" if crop else "empty"
        printed = obs["main_catu_prices"][i - 1]
        title = (f"Main Seed Catu slot {i} (printed price ${printed}; price now ${price}, {why}): {what}. "
                 + RULES["main"])
        out.append(f'<g id="main-slot{i}" class="slot main" data-action="buy slot{i}" '
                   f'data-crop="{crop or ""}">{_title(title)}'
                   + _rect(14, y, 106, 44, "#f3e7cf", "#8a6a3e", 5))
        if crop:
            out.append(f'<g transform="translate(38,{_n(y + 22)})">{_tile(crop, 38)}</g>')
        else:
            out.append(_rect(19, y + 3, 38, 38, "none", "#b7a27c", 4, ' stroke-dasharray="4 3"'))
        out.append(_label(64, y + 19, f"slot {i}", "small"))
        out.append(_label(64, y + 36, _money(price), "price"))
        out.append("</g>")
    return "".join(out)


def _vine_catu(obs: Obs, rantic: bool) -> str:
    cap = int(obs["vine_catu_capacity"])
    shown = max(1, min(cap, len(obs["main_catu"])))
    n = int(obs["vine_catu"])
    price, why = _seed_price(obs, None, rantic)
    bottom = MAIN_TOP + (len(obs["main_catu"]) - 1) * SLOT_STEP + 44
    top = bottom - shown * SLOT_STEP + 4
    title = (f"Vine Catu: {n} of {cap} vines (price now ${price}, {why}). "
             + RULES["vine"].format(price=N["VINE_PRICE"], cap=cap, hp=N["VINE_HP"]))
    out = [f'<g id="vine-catu" class="slot vine" data-action="buy vine" data-count="{n}">{_title(title)}',
           _label(128, top - 8, "Vine Catu", "small strong"),
           _rect(128, top, 104, bottom - top, "#eef0dc", "#6a8f2a", 5)]
    for j in range(shown):
        y = bottom - (j + 1) * SLOT_STEP + 4
        if j < n:
            out.append(f'<g transform="translate(152,{_n(y + 22)})">{_tile("vine", 38)}</g>')
        else:
            out.append(_rect(133, y + 3, 38, 38, "none", "#a7b78a", 4, ' stroke-dasharray="4 3"'))
    out.append(_label(178, bottom - 24, f"{n}/{cap}", "count"))
    out.append(_label(178, bottom - 8, _money(price), "price"))
    if n > shown:
        out.append(_label(178, top + 18, f"+{n - shown}", "count"))
    out.append("</g>")
    return "".join(out)


def _counts_text(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {crop}" for crop, n in counts.items() if n) or "none"


def _supplies(obs: Obs) -> str:
    y = 392
    bag = obs["bag_size"]
    disc = sum(obs["seed_discard"].values())
    gone = sum(obs["seeds_out_of_game"].values())
    out = [f'<g id="bag" data-count="{bag}">'
           + _title(f"Bag: {bag} Seed Tiles ({_counts_text(obs['bag_composition'])}). " + RULES["bag"])
           + f'<path d="M18,{y + 12}C10,{y + 40} 46,{y + 40} 38,{y + 12}L42,{y + 4}H14Z" fill="#c9b48a" '
             f'stroke="#6b4b2a"/>' + _label(28, y + 32, str(bag), "count", "middle")
           + _label(48, y + 24, "bag", "small") + "</g>",
           f'<g id="seed-discard" data-count="{disc}">'
           + _title(f"Seed discard: {disc} tiles ({_counts_text(obs['seed_discard'])}). " + RULES["seed-discard"])
           + _rect(86, y + 6, 26, 26, "#e7dcc6", "#8a6a3e", 3, ' stroke-dasharray="3 2"')
           + _label(99, y + 24, str(disc), "count", "middle") + _label(116, y + 24, "discard", "small") + "</g>",
           f'<g id="seeds-out" data-count="{gone}">'
           + _title(f"Out of the game: {gone} Seed Tiles ({_counts_text(obs['seeds_out_of_game'])}). "
                    + RULES["seeds-out"])
           + _rect(170, y + 6, 26, 26, "#d9d2c4", "#777", 3)
           + _label(183, y + 24, str(gone), "count", "middle") + _label(200, y + 24, "out", "small") + "</g>"]
    return "".join(out)


RESERVE_Y, COVERS_Y = 446, 520


def _reserve_spot(k: int) -> tuple[float, float]:
    return 32 + k * 52, RESERVE_Y + 40


def _cover_out_spot(level_index: int) -> tuple[float, float]:
    return 20 + level_index * 60, COVERS_Y + 20


def _reserves(obs: Obs) -> str:
    names = ", ".join(obs["alpaca_reserve"]) or "none"
    out = ['<g id="alpaca-reserve">', _title(f"Alpaca reserve: {names}. " + RULES["gray-reserve"]),
           _label(14, RESERVE_Y + 12, "Alpaca reserve", "small strong")]
    for k in range(len(ALPACA_NAMES)):
        x, y = _reserve_spot(k)
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="17" fill="none" stroke="#b89b6e" '
                   f'stroke-dasharray="4 3"/>')
    out.append("</g>")
    out.append(f'<g id="covers-out">{_title("Covers out of play. " + RULES["cover-out"])}'
               + _label(14, COVERS_Y + 10, "Covers out of play", "small strong") + "</g>")
    return "".join(out)


# ============================================================================= the Terrace (centre)


def _cell(obs: Obs, t: Terrace, grid: str) -> str:
    cell = t.cells[grid]
    x, y = t.xy(grid)
    s = t.size
    level = cell["level"]
    r, c = t.pos[grid]
    crop = cell.get("tile")
    river = r == obs["first_row"]
    locked = obs["covers"].get(str(level)) == "on_terrace"
    parts = [f"Grid {grid} (row {r}, column {c}, level {level})"]
    if crop:
        parts.append(f"{crop} Seed Tile" + (" (isolated)" if cell.get("isolated") else ""))
        if crop != "vine":
            parts.append(f"its Farmland has {_plural(_farmland_size(t, grid, crop)[0], 'tile')}")
    else:
        parts.append("no Seed Tile")
    if "alpaca" in cell:
        parts.append(f"alpaca {cell['alpaca']}")
    if "meeple" in cell:
        m = cell["meeple"]
        parts.append(f"{m['kind'].capitalize()} meeple of {_seat_name(obs, m['seat'])}")
    occupied = crop or "alpaca" in cell or "meeple" in cell
    parts.append("occupied" if occupied else "empty")
    rules = [RULES["grid"]]
    if river:
        rules.append(RULES["river"])
    if cell.get("isolated"):
        rules.append(RULES["isolated"])
    if locked:
        rules.append(RULES["locked"].format(fee=UNLOCK_FEE.get(level, 0)))
    title = "; ".join(parts) + ". " + " ".join(rules)
    fill = LEVEL_FILL[min(t.levels.index(level), len(LEVEL_FILL) - 1)]
    meant = "" if crop else f' data-action="plant {grid}"'   # an empty grid: why no planting there (issue 24)
    out = [f'<g id="cell-{grid}" class="cell{" river" if river else ""}" data-grid="{grid}" data-level="{level}" '
           f'data-crop="{crop or ""}"{meant} transform="translate({_n(x)},{_n(y)})">', _title(title),
           _rect(1, 1, s - 2, s - 2, fill, "#5e6b34", 3, ' stroke-width="0.8"'),
           f'<path d="M4,{_n(s * 0.35)}H{_n(s - 4)}M4,{_n(s * 0.65)}H{_n(s - 4)}" stroke="#000" '
           f'stroke-opacity="0.08" stroke-width="2"/>']
    if crop:
        out.append(f'<g transform="translate({_n(s / 2)},{_n(s / 2)})">'
                   f'{_tile(crop, s - 8, bool(cell.get("isolated")))}</g>')
    pl = obs["planting"]
    if pl and pl["grid"] == grid:
        if not crop:
            out.append(f'<g transform="translate({_n(s / 2)},{_n(s / 2)})" opacity="0.55">'
                       f'{_tile(pl["crop"], s - 8)}</g>')
        out.append(_rect(2, 2, s - 4, s - 4, "none", "#ffd21f", 4, ' stroke-width="3.5" class="planting-mark"'))
    out.append("</g>")
    return "".join(out)


def _terrace_part(obs: Obs) -> str:
    return _terrace(obs, Terrace(obs))


def _terrace(obs: Obs, t: Terrace) -> str:
    out = ['<g id="terrace">']
    top = t.row_y[t.rows[0]]
    out.append(_rect(TERRACE_X - 6, top - 6, t.right - TERRACE_X + 12, t.bottom - top + 12, "#7b6a52", "#4f4232",
                     6))
    for c, x in t.col_x.items():
        out.append(_label(x + t.size / 2, top - 10, f"c{c}", "small", "middle"))
    for i, r in enumerate(t.rows):
        y = t.row_y[r]
        out.append(_label(TERRACE_X - 10, y + t.size / 2 + 4, f"r{r}", "small", "end"))
        if i and t.level_of_row[r] != t.level_of_row[t.rows[i - 1]]:
            out.append(_rect(TERRACE_X - 6, y - RISER, t.right - TERRACE_X + 12, RISER, "url(#sv-stones)",
                             "#4f4232", 1))
    for level in t.levels:
        y0, y1 = t.level_band(level)
        out.append(_label(TERRACE_X - 36, (y0 + y1) / 2 + 5, f"L{level}", "level", "middle"))
    out.append(_river(obs, t))
    out.append('<g id="cells">')
    out.extend(_cell(obs, t, g) for g in t.cells)
    out.append("</g>")
    for level in t.levels:  # a veil over each locked level (drawn over the cells, never catching clicks)
        if obs["covers"].get(str(level)) == "on_terrace":
            y0, y1 = t.level_band(level)
            fee = UNLOCK_FEE.get(level, 0)
            out.append('<g class="locked-veil" pointer-events="none">'
                       + _rect(TERRACE_X, y0, t.right - TERRACE_X, y1 - y0, "url(#sv-locked)", "none", 3)
                       + _label((TERRACE_X + t.right) / 2, (y0 + y1) / 2 + 6, f"level {level} locked · unlock "
                                f"${fee}", "veil", "middle") + "</g>")
    out.append("</g>")
    return "".join(out)


def _river(obs: Obs, t: Terrace) -> str:
    """The river along the FIRST_ROW edge (SV-094): below the bottom row, or above the top row."""
    first = obs["first_row"]
    if first not in t.row_y:
        return ""
    y = t.bottom + 6 if first == t.rows[-1] else (t.row_y[first] - 26 if first == t.rows[0] else None)
    if y is None:
        return ""
    w = t.right - TERRACE_X + 12
    waves = "".join(f"M{_n(TERRACE_X - 6 + k)},{_n(y + 10)}q6,-4 12,0t12,0" for k in range(4, int(w) - 20, 36))
    return (f'<g id="river">{_title("River edge: row " + str(first) + ". " + RULES["river"])}'
            + _rect(TERRACE_X - 6, y, w, 18, "#6aa8d8", "#3d74a8", 4)
            + f'<path d="{waves}" stroke="#e6f3ff" stroke-width="1.5" fill="none"/>'
            + _label(t.right + 10, y + 13, "river", "small") + "</g>")


def _cover_spot(obs: Obs, t: Terrace, level: int, seat_boards: Mapping[int, tuple[float, float, float]]) -> \
        tuple[float, float]:
    state = obs["covers"][str(level)]
    locked = [lv for lv in t.levels if str(lv) in obs["covers"]]
    if state == "on_terrace":
        y0, y1 = t.level_band(level)
        return t.right + 10, (y0 + y1) / 2 - 13
    if state == "debt":
        for p, d in enumerate(obs["player"]):
            if level in d["debts"]:
                x, y, w = seat_boards[p]
                return x + w - 54 - 48 * d["debts"].index(level), y + 52
    x, y = _cover_out_spot(locked.index(level))
    return x, y


def _covers(obs: Obs) -> str:
    t = Terrace(obs)
    boxes = _board_boxes(obs)
    return "".join(_cover(obs, t, int(lv), boxes) for lv in sorted(obs["covers"], key=int))


def _cover(obs: Obs, t: Terrace, level: int, boards: Mapping[int, tuple[float, float, float]]) -> str:
    state = obs["covers"][str(level)]
    fee = UNLOCK_FEE.get(level, 0)
    x, y = _cover_spot(obs, t, level, boards)
    if state == "on_terrace":
        text = f"Level {level} cover on the Terrace: level {level} is locked (unlock fee ${fee}). " + \
            RULES["cover-on"].format(purge=ROMAN.get(AGE_PURGE.get(level, 0), "?"))
    elif state == "debt":
        debtor = next(p for p, d in enumerate(obs["player"]) if level in d["debts"])
        text = (f"Level {level} cover in front of {_seat_name(obs, debtor)}: a debt of ${fee}. "
                + RULES["cover-debt"].format(fee=fee))
    else:
        text = f"Level {level} cover out of play: level {level} is open. " + RULES["cover-out"]
    return (f'<g id="cover-{level}" class="piece cover" data-state="{state}" {_at(x, y)}>{_title(text)}'
            + _rect(0, 0, 44, 26, "#c89a5c", "#6b4520", 3, ' stroke-width="1.5"')
            + '<path d="M2,9H42M2,17H42" stroke="#8a6230" stroke-width="0.8"/>'
            + _label(22, 12, f"L{level}", "cover-text", "middle") + _label(22, 23, f"${fee}", "cover-text", "middle")
            + "</g>")


# ============================================================================= the Harvest Track


def _track_geometry(obs: Obs) -> tuple[float, int]:
    n = len(obs["harvest_track"])
    return TRACK_W / n, n


def _harvest_track(obs: Obs) -> str:
    w, n = _track_geometry(obs)
    values = ", ".join(f"{i}: ${v}" for i, v in enumerate(obs["harvest_track"]))
    out = ['<g id="harvest-track" data-action="harvest">',
           _title(f"Harvest Track (HP: coins) {values}. " + RULES["track"].format(hp_max=n - 1)),
           _rect(TRACK_X - 4, TRACK_Y - 4, TRACK_W + 8, 96, "#e8d8b4", "#8a6a3e", 6)]
    for i, v in enumerate(obs["harvest_track"]):
        x = TRACK_X + i * w
        out.append(_rect(x + 1, TRACK_Y, w - 2, 88, "#f7ecd2", "#b89b6e", 4))
        out.append(_label(x + 8, TRACK_Y + 16, str(i), "track-hp"))
        out.append(_label(x + w - 6, TRACK_Y + 16, _money(v), "track-coins", "end"))
    out.append("</g>")
    return "".join(out)


def _farmer_spots(obs: Obs) -> dict[tuple[int, int], tuple[float, float]]:
    """Screen position of each farmer (seat, 1-based index), several on one space side by side."""
    w, n = _track_geometry(obs)
    per_row = max(1, int((w - 6) // 13))
    by_space: dict[int, list[tuple[int, int]]] = {}
    for p, d in enumerate(obs["player"]):
        for i, hp in enumerate(d["farmers"], start=1):
            by_space.setdefault(min(hp, n - 1), []).append((p, i))
    out: dict[tuple[int, int], tuple[float, float]] = {}
    for hp, who in by_space.items():
        for k, key in enumerate(who):
            out[key] = (TRACK_X + hp * w + 9 + (k % per_row) * 13, TRACK_Y + 34 + (k // per_row) * 17)
    return out


def _farmers(obs: Obs) -> str:
    out = []
    for (p, i), (x, y) in _farmer_spots(obs).items():
        d = obs["player"][p]
        hp = d["farmers"][i - 1]
        pay = obs["harvest_track"][min(hp, len(obs["harvest_track"]) - 1)]
        text = (f"{_seat_name(obs, p)}'s farmer {i} on {hp} HP: a Harvest pays ${pay} and resets it (SV-220). "
                + RULES["farmer"])
        out.append(f'<g id="farmer-s{p}-{i}" class="piece farmer" data-seat="{p}" data-hp="{hp}" {_at(x, y)}>'
                   f'{_title(text)}{meeple(_crop_colour(d["crop"]), 0.95, str(i) if len(d["farmers"]) > 1 else "")}'
                   "</g>")
    return "".join(out)


# ============================================================================= the Camayo Catu (right)


def camayo_rules(kind: str) -> str:
    """The rule text of a Camayo with its rule IDs and tags (spec §3.17–§3.19), numbers from the data."""
    return "; ".join(f"{rid} [{tag}] {text.format(**N)}" for rid, tag, text, _ in CAMAYO_RULES[kind]) + "."


def camayo_face_text(kind: str) -> str:
    return "; ".join(text.format(**N) for _, _, text, card in CAMAYO_RULES[kind] if card)


def camayo_title(kind: str, where: str, price: str = "") -> str:
    k = CAMAYO_NAMES.index(kind)
    info = [f"Age {ROMAN[CAMAYO_AGE[k]]}", f"printed cost ${CAMAYO_COST[k]}", f"end reward {CAMAYO_REWARD[k]}",
            CAMAYO_TYPE[kind]]
    if not CAMAYO_DISCARDABLE[k]:
        info.append("never discarded (SV-283)")
    return f"{_pretty(kind)} — {where}{price} ({', '.join(info)}). {camayo_rules(kind)}"


def _camayo_catu(obs: Obs) -> str:
    out = [_label(RIGHT_X + 4, 80, "Camayo Catu", "label")]
    cat = obs["camayo_catu"]
    w = RIGHT_W
    for i, kind in enumerate(cat, start=1):
        y = CAT_TOP + (len(cat) - i) * CAT_STEP
        extra = SURCHARGE.get(i, 0)
        head = f'<g id="camayo-slot{i}" class="slot camayo" data-action="hire slot{i}" data-kind="{kind or ""}">'
        if kind is None:
            out.append(head + _title(f"Camayo Catu slot {i}: empty until the refill. " + RULES["camayo-catu"])
                       + _rect(RIGHT_X, y, w, CAT_H, "none", "#b89b6e", 6, ' stroke-dasharray="5 4"')
                       + _label(RIGHT_X + 10, y + 34, f"slot {i} · empty", "small") + "</g>")
            continue
        k = CAMAYO_NAMES.index(kind)
        cost = CAMAYO_COST[k] + extra
        price = f", price ${cost}" + (f" (${CAMAYO_COST[k]} + ${extra} in slot {i})" if extra else "")
        out.append(head + _title(camayo_title(kind, f"Camayo Catu slot {i}", price)))
        out.append(_rect(RIGHT_X, y, w, CAT_H, "#fdf6e6", "#8a6a3e", 6))
        out.append(_rect(RIGHT_X, y, 30, CAT_H, AGE_FILL[CAMAYO_AGE[k]], "#8a6a3e", 6))
        out.append(_label(RIGHT_X + 15, y + 24, ROMAN[CAMAYO_AGE[k]], "age", "middle"))
        out.append(_label(RIGHT_X + 15, y + 48, f"{i}", "small", "middle"))
        out.append(_label(RIGHT_X + 40, y + 17, _pretty(kind), "name"))
        out.append(_label(RIGHT_X + w - 82, y + 16, CAMAYO_TYPE[kind], "small muted", "end"))
        for j, line in enumerate(_wrap(camayo_face_text(kind), 62)[:3]):
            out.append(_label(RIGHT_X + 40, y + 31 + j * 12, line, "ability"))
        out.append(_coin(RIGHT_X + w - 58, y + 22, _money(cost)))
        if extra:
            out.append(_label(RIGHT_X + w - 58, y + 48, f"{CAMAYO_COST[k]}+{extra}", "small", "middle"))
        out.append(_reward(RIGHT_X + w - 20, y + 22, CAMAYO_REWARD[k]))
        out.append("</g>")
    return "".join(out)


def _coin(x: float, y: float, text: str) -> str:
    return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="14" fill="#f2c94c" stroke="#9a7412" stroke-width="1.5"/>'
            + _label(x, y + 5, text, "coin", "middle"))


def _reward(x: float, y: float, n: int) -> str:
    star = "M0,-11L3,-3.5L11,-3.4L4.7,1.6L7,9.5L0,5L-7,9.5L-4.7,1.6L-11,-3.4L-3,-3.5Z"
    return (f'<g transform="translate({_n(x)},{_n(y)})"><path d="{star}" fill="#7b5ea7" stroke="#3f2a63"/>'
            + _label(0, 4, str(n), "reward", "middle") + "</g>")


def _piles(obs: Obs) -> str:
    piles = obs["camayo_piles"]
    current = next((a for a, n in enumerate(piles, start=1) if n), None)
    out = []
    for a, n in enumerate(piles, start=1):
        x = RIGHT_X + (a - 1) * 68
        now = " — the current Age (SV-369)" if a == current else ""
        out.append(f'<g id="pile-{a}" class="pile" data-count="{n}">'
                   + _title(f"Age {ROMAN[a]} draw pile: {n} Camayos face down{now}. " + RULES["pile"]))
        for k in range(min(3, max(1, (n + 5) // 6))):
            fill = AGE_FILL[a] if n else "none"
            out.append(_rect(x + k * 3, 90 - k * 3, 34, 30, fill, "#6b4b2a", 3,
                             "" if n else ' stroke-dasharray="3 2"'))
        out.append(_label(x + 17 + 6, 110 - 3, ROMAN[a], "age", "middle"))
        out.append(_label(x + 44, 102, str(n), "count"))
        out.append(_label(x + 44, 116, "now" if a == current else "", "small strong"))
        out.append("</g>")
    rows = (("camayo-discard", "discard", obs["camayo_discard"], RULES["camayo-discard"]),
            ("camayos-removed", "removed", obs["camayos_removed_face_up"], RULES["camayos-removed"]))
    for j, (ident, label, names, rule) in enumerate(rows):
        x = RIGHT_X + 210 + j * 80
        listed = ", ".join(_pretty(k) for k in names) or "none"
        out.append(f'<g id="{ident}" data-count="{len(names)}">'
                   + _title(f"Camayo {label}: {len(names)} ({listed}). {rule}")
                   + _rect(x, 90, 26, 30, "#efe3c8", "#6b4b2a", 3, ' stroke-dasharray="3 2"')
                   + _label(x + 13, 110, str(len(names)), "count", "middle") + _label(x + 30, 110, label, "small")
                   + "</g>")
    purged = obs["camayos_purged_face_down"]
    x = RIGHT_X + 370
    out.append(f'<g id="camayos-purged" data-count="{purged}">'
               + _title(f"Camayos purged face down: {purged}. " + RULES["camayos-purged"])
               + _rect(x, 90, 26, 30, "#7a6a55", "#3e3020", 3)
               + _label(x + 13, 110, str(purged), "count light", "middle") + _label(x + 30, 110, "purged", "small")
               + "</g>")
    return "".join(out)


# ============================================================================= crops and Technology reserve


def _crops(obs: Obs) -> str:
    y = 470
    out = [_label(RIGHT_X + 4, y, "Crops · Technology reserve", "label")]
    owner = {d["crop"]: p for p, d in enumerate(obs["player"]) if d["crop"]}
    for k, c in enumerate(PLAYER_CROPS):
        crop = CROPS[c]
        x = RIGHT_X + k * 90
        colour = CROP_COLOURS[c]
        who = _seat_name(obs, owner[crop]) if crop in owner else "no player"
        out.append(f'<g id="crop-{crop}" class="crop" data-action="crop {crop}">'
                   + _title(f"{crop.capitalize()} ({colour}): {who}. " + RULES["crop"])
                   + _rect(x, y + 6, 86, 44, "#fdf6e6", _crop_colour(crop), 5, ' stroke-width="1.5"')
                   + f'<g transform="translate({_n(x + 20)},{_n(y + 28)})">{_tile(crop, 32)}</g>'
                   + _label(x + 40, y + 24, crop.capitalize(), "small strong")
                   + _label(x + 40, y + 40, seat_label(owner[crop]) if crop in owner else "—", "small") + "</g>")
        n = obs["technology_reserve"][crop]
        cubes = "".join(f'<g transform="translate({_n(x + 12 + j * 17)},{_n(y + 70)})">{cube(_crop_colour(crop))}</g>'
                        for j in range(n))
        out.append(f'<g id="tech-reserve-{crop}" class="tech-reserve" data-action="tech {crop}" data-count="{n}">'
                   + _title(f"Technology reserve: {n} {crop} cube{'s' if n != 1 else ''}. " + RULES["tech-reserve"])
                   + _rect(x, y + 56, 86, 28, "#efe3c8", "#b89b6e", 4) + cubes
                   + ("" if n else _label(x + 43, y + 74, "none left", "small muted", "middle")) + "</g>")
    return "".join(out)


# ============================================================================= the player boards


def _board_boxes(obs: Obs | int) -> dict[int, tuple[float, float, float]]:
    """Where each seat's board lies (x, y, width), for an observation or a player count."""
    n = obs if isinstance(obs, int) else obs["players"]
    w = (WIDTH - 16 - (n - 1) * 8) / n
    return {p: (8 + p * (w + 8), float(BOARD_Y), w) for p in range(n)}


def _warehouse_cap(d: Mapping[str, Any]) -> int:
    keeper = any(c["kind"] == "warehouse_keeper" for c in d["camayos"])
    return int(N["WAREHOUSE_KEEPER"] if keeper else N["WAREHOUSE_BASE"])


def _board(obs: Obs, p: int, n: int, me: bool, active: bool, first: bool) -> str:
    """Seat ``p``'s board (of ``n``); ``me``: the observer's, ``active``: to play, ``first``: the first player."""
    x, y, w = _board_boxes(n)[p]
    d = obs["player"][p]
    colour = _crop_colour(d["crop"])
    out = [f'<g id="seat{p}" class="seat{" active" if active else ""}{" mine" if me else ""}" data-seat="{p}">',
           _title(f"{_seat_name(obs, p)}'s player board: Technology storage, Warehouse and Camayo Work Zone "
                  "(§2.1); the coins stay behind the screen (SV-600)."),
           _rect(x, y, w, BOARD_H, "#fff6d8" if active else "#faf6ee", "#c79a00" if active else PANEL_EDGE, 8,
                 f' stroke-width="{3 if active else 1}"')]
    crop = (d["crop"] or "no crop yet").capitalize()
    head = f"{seat_label(p)} · {crop}{' (you)' if me else ''}"
    badge = _badge(obs, p, active)
    notes = [badge] if badge else []
    if first:
        notes.append("first player (SV-020)")
    out.append(f'<g id="seat{p}-head" class="seat-head" data-action="partner {p}">'
               + _title(f"{head}: {', '.join(notes) or 'waiting'}; Technologies "
                        f"{', '.join(d['technologies']) or 'none'}; farmers on "
                        f"{', '.join(str(f) for f in d['farmers'])}.")
               + _rect(x + 1, y + 1, w - 2, 28, colour, "none", 7)
               + _rect(x + 1, y + 20, w - 2, 9, colour)
               + _label(x + 10, y + 20, head, "seat-name") + "</g>")
    return "".join(out)


def _badge(obs: Obs, p: int, active: bool) -> str:
    if obs["over"]:
        place = _places(obs)[p]
        return "winner" if place == 1 else f"place {place}"
    return "to play" if active else ""


def _board_marks(obs: Obs, p: int, n: int, active: bool, first: bool) -> str:
    """The first player's mark and the badge (to play, the place at the end) on seat ``p``'s board."""
    x, y, w = _board_boxes(n)[p]
    badge = _badge(obs, p, active)
    out = []
    if first:
        out.append(f'<circle cx="{_n(x + w - 76)}" cy="{_n(y + 15)}" r="10" fill="#fff" stroke="#3a2d1c"/>'
                   + _label(x + w - 76, y + 19, "1st", "tiny strong", "middle"))
    if badge:
        out.append(_label(x + w - 10, y + 44, badge, "badge", "end"))
    return "".join(out)


BOARD_END = "</g>"


def _coins(obs: Obs, p: int, n: int) -> str:
    x, y, w = _board_boxes(n)[p]
    right, y = x + w - 10, y + 20
    d = obs["player"][p]
    if "coins" in d:
        text = _money(d["coins"])
        rule = RULES["coins-end"] if obs["over"] else RULES["coins-own"]
        title = f"{_seat_name(obs, p)}'s coins: ${d['coins']}. {rule}"
    else:
        text, title = "$ ?", f"{_seat_name(obs, p)}'s coins are hidden. {RULES['coins-hidden']}"
    return (f'<g id="seat{p}-coins" class="coins" data-hidden="{"false" if "coins" in d else "true"}">'
            + _title(title) + _rect(right - 50, y - 15, 50, 20, "#fff3c4", "#9a7412", 10)
            + _label(right - 25, y, text, "coins", "middle") + "</g>")


def _techs(obs: Obs, p: int, n: int) -> str:
    x, y, _ = _board_boxes(n)[p]
    d = obs["player"][p]
    costs = obs["tech_costs"]
    out = [_label(x + 10, y + 44, "Technology", "small strong")]
    for i in range(N["MAX_TECH"]):
        sx = x + 10 + i * 30
        crop = d["technologies"][i] if i < len(d["technologies"]) else None
        price = "start" if i == 0 else (_money(costs[i - 1]) if i - 1 < len(costs) else "")
        if crop:
            what = f"{crop} Technology" + (" (the starting one, SV-024)" if i == 0 else "")
        else:
            what = f"open, costs {price}" if i else "empty until the crop is chosen"
        title = f"{_seat_name(obs, p)} Technology slot {i + 1}: {what}. " + RULES["tech"].format(
            costs=", $".join(str(c) for c in costs), max=N["MAX_TECH"])
        out.append(f'<g id="seat{p}-tech-{i + 1}" class="tech-slot" data-crop="{crop or ""}">{_title(title)}'
                   + _rect(sx, y + 50, 24, 24, "#efe3c8", "#b89b6e", 3)
                   + (f'<g transform="translate({_n(sx + 12)},{_n(y + 62)})">{cube(_crop_colour(crop))}</g>'
                      if crop else "")
                   + _label(sx + 12, y + 85, price, "tiny", "middle") + "</g>")
    return "".join(out)


def _debts(obs: Obs, p: int, n: int) -> str:
    x, y, w = _board_boxes(n)[p]
    debts = obs["player"][p]["debts"]
    owed = sum(UNLOCK_FEE.get(lv, 0) for lv in debts)
    text = (f"owes ${owed}: level {', '.join(str(lv) for lv in debts)} cover" if debts else "no debt")
    return (f'<g id="seat{p}-debts" data-count="{len(debts)}">'
            + _title(f"{_seat_name(obs, p)}: {text}. " + RULES["cover-debt"].format(fee=owed))
            + _label(x + w - 10, y + 90, text if debts else "", "small warn", "end") + "</g>")


def _warehouse(obs: Obs, p: int, n: int) -> str:
    x, y, w = _board_boxes(n)[p]
    d = obs["player"][p]
    cap = _warehouse_cap(d)
    wh = d["warehouse"]
    fs = d["farmers"]
    rule = RULES["warehouse"].format(base=N["WAREHOUSE_BASE"], keeper=N["WAREHOUSE_KEEPER"])
    size = min(30.0, (w - 20) / max(cap, len(wh)) - 4)
    out = [f'<g id="seat{p}-warehouse" class="warehouse" data-count="{len(wh)}">'
           + _title(f"{_seat_name(obs, p)}'s Warehouse: {len(wh)} of {cap} ({', '.join(wh) or 'empty'}). {rule}")
           + _label(x + 10, y + 104, f"Warehouse {len(wh)}/{cap}", "small strong")]
    for i in range(max(cap, len(wh))):
        out.append(_rect(x + 10 + i * (size + 4), y + 110, size, size, "none", "#b89b6e", 3,
                         ' stroke-dasharray="3 2"'))
    out.append(_label(x + w - 10, y + 104, "farmers on " + ", ".join(str(f) for f in fs), "small", "end"))
    out.append("</g>")
    for i, crop in enumerate(wh):
        cx = x + 10 + i * (size + 4) + size / 2
        meant = f' data-action="plant {crop}"' if obs["seat"] == p else ""   # my tile: why it cannot be planted
        out.append(f'<g id="seat{p}-wh-{i + 1}" class="wh-tile" data-crop="{crop}"{meant} '
                   f'transform="translate({_n(cx)},{_n(y + 110 + size / 2)})">'
                   + _title(f"{_seat_name(obs, p)}'s Warehouse tile {i + 1}: {crop}. {rule}")
                   + _tile(crop, size) + "</g>")
    return "".join(out)


def _work_zone(obs: Obs, p: int, n: int) -> str:
    x, y, w = _board_boxes(n)[p]
    d = obs["player"][p]
    cams = d["camayos"]
    cw = (w - 20 - 2 * 6) / N["MAX_CAMAYOS"]
    top = y + 158
    out = [_label(x + 10, y + 152, f"Camayos {len(cams)}/{N['MAX_CAMAYOS']}", "small strong")]
    if obs["over"]:
        score = obs["scores"][p]
        rewards = score - d["coins"]
        out.append(f'<g id="seat{p}-score" data-score="{score}">'
                   + _title(f"{_seat_name(obs, p)} scores {score}: ${d['coins']} + {rewards} from end rewards. "
                            + RULES["score"])
                   + _label(x + w - 10, y + 152, f"score {score} = ${d['coins']} + {rewards}", "score", "end")
                   + "</g>")
    for i in range(N["MAX_CAMAYOS"]):
        cx = x + 10 + i * (cw + 6)
        ident = f"seat{p}-camayo-{i + 1}"
        if i >= len(cams):
            out.append(f'<g id="{ident}" class="work-zone empty">'
                       + _title(f"{_seat_name(obs, p)}'s Work Zone place {i + 1}: empty. "
                                + RULES["work-zone"])
                       + _rect(cx, top, cw, 66, "none", "#b89b6e", 5, ' stroke-dasharray="4 3"') + "</g>")
            continue
        kind = cams[i]["kind"]
        k = CAMAYO_NAMES.index(kind)
        one_shot = CAMAYO_ONE_SHOT[k]
        unused = bool(cams[i]["unused_marker"])
        state = (" — one-shot marker on it: not used yet. " + RULES["marker"] if unused else
                 " — one-shot used. " + RULES["one-shot-used"] if one_shot else "")
        out.append(f'<g id="{ident}" class="work-zone" data-kind="{kind}" data-unused="{str(unused).lower()}">'
                   + _title(camayo_title(kind, f"{_seat_name(obs, p)}'s Work Zone place {i + 1}") + state)
                   + _rect(cx, top, cw, 66, "#fdf6e6", "#8a6a3e", 5)
                   + _rect(cx, top, cw, 14, AGE_FILL[CAMAYO_AGE[k]], "#8a6a3e", 5)
                   + _label(cx + 5, top + 11, ROMAN[CAMAYO_AGE[k]], "tiny strong")
                   + _label(cx + cw - 4, top + 11, f"reward {CAMAYO_REWARD[k]}", "tiny", "end"))
        words = _pretty(kind).split()
        for j, word in enumerate(words[:2]):
            out.append(_label(cx + 5, top + 27 + j * 12, word, "zone-name"))
        kind_text = "used" if one_shot and not unused else CAMAYO_TYPE[kind].split(" + ")[0]
        out.append(_label(cx + 5, top + 61, kind_text, "tiny muted"))
        out.append("</g>")
    return "".join(out)


def _markers(obs: Obs) -> str:
    """One-shot markers (SV-289): a meeple of the holder's colour on each unused one-shot Camayo. They never catch
    clicks, so a click on the Camayo names the Camayo."""
    boxes = _board_boxes(obs)
    out = []
    for p, d in enumerate(obs["player"]):
        x, y, w = boxes[p]
        cw = (w - 20 - 2 * 6) / N["MAX_CAMAYOS"]
        for i, c in enumerate(d["camayos"]):
            if c["unused_marker"]:
                mx, my = x + 10 + i * (cw + 6) + cw - 12, y + 158 + 52
                text = f"One-shot marker on {_pretty(c['kind'])}. " + RULES["marker"]
                out.append(f'<g id="seat{p}-marker-{i + 1}" class="piece marker" pointer-events="none" '
                           f'{_at(mx, my)}>{_title(text)}{meeple(_crop_colour(d["crop"]), 0.9)}</g>')
    return "".join(out)


# ============================================================================= pieces on the Terrace


def _alpacas(obs: Obs) -> str:
    t = Terrace(obs)
    where = {c["alpaca"]: g for g, c in t.cells.items() if "alpaca" in c}
    out = []
    for k, name in enumerate(ALPACA_NAMES):
        white = k in WHITE_ALPACAS
        colour = "White" if white else "Gray"
        if name in where:
            g = where[name]
            gx, gy = t.xy(g)
            x, y = gx + t.size - 16, gy + 19
            text = f"{colour} alpaca {name} on {g}. " + RULES["alpaca"]
        else:
            x, y = _reserve_spot(k)
            text = f"{colour} alpaca {name} in the reserve. " + RULES["gray-reserve"]
        out.append(f'<g id="alpaca-{name}" class="piece alpaca" data-grid="{where.get(name, "")}" {_at(x, y)}>'
                   f'{_title(text)}{alpaca_shape(white, 1.3)}</g>')
    return "".join(out)


def _meeples(obs: Obs) -> str:
    t = Terrace(obs)
    out = []
    for g, c in t.cells.items():
        m = c.get("meeple")
        if not m:
            continue
        gx, gy = t.xy(g)
        kind = m["kind"]
        seat = m["seat"]
        rule = RULES[kind].format(fee=N["TOCRICOC_FEE"])
        text = f"{kind.capitalize()} meeple of {_seat_name(obs, seat)} on {g}. {rule}"
        colour = _crop_colour(obs["player"][seat]["crop"])
        out.append(f'<g id="meeple-{g}" class="piece meeple {kind}" data-seat="{seat}" '
                   f'{_at(gx + 13, gy + t.size - 14)}>{_title(text)}{meeple(colour, 1.2, kind[0].upper())}</g>')
    return "".join(out)


# ============================================================================= the document


# every rule is scoped to this board's <svg> (an inline SVG's <style> applies to the whole page)
_RULES = (
    "text{font-family:system-ui,'Segoe UI',Roboto,sans-serif;fill:#3a2d1c}.head{font-size:16px;font-weight:600}"
    ".detail{font-size:12.5px}.strong{font-weight:600}.label{font-size:14px;font-weight:700}.small{font-size:11px}"
    ".tiny{font-size:9.5px}.muted{fill:#7a6a55}.count{font-size:14px;font-weight:700}.count.light{fill:#fff}"
    ".price{font-size:15px;font-weight:700}.name{font-size:13.5px;font-weight:700}.ability{font-size:10px}"
    ".age{font-size:13px;font-weight:700}.coin{font-size:11px;font-weight:700}"
    ".reward{font-size:10px;font-weight:700;fill:#fff}.level{font-size:15px;font-weight:700;fill:#5e4a2c}"
    ".track-hp{font-size:15px;font-weight:700}.track-coins{font-size:12px;font-weight:600;fill:#8a6412}"
    ".seat-name{font-size:14px;font-weight:700;fill:#fff}.coins{font-size:13px;font-weight:700}"
    ".badge{font-size:11.5px;font-weight:700;fill:#a07800}.zone-name{font-size:10.5px;font-weight:700}"
    ".score{font-size:12px;font-weight:700;fill:#5a2d82}.warn{fill:#a0281e;font-weight:600}"
    ".cover-text{font-size:10px;font-weight:700;fill:#3b2410}"
    ".meeple-letter{font-size:8px;font-weight:700;fill:#fff}"
    ".veil{font-size:15px;font-weight:700;fill:#fff;paint-order:stroke;stroke:#3e3020;stroke-width:3px}"
    ".piece{transition:transform .6s ease}"
)
STYLE = "".join(f"svg.sacred-valley {rule}" for rule in re.findall(r"[^{}]+\{[^{}]*\}", _RULES))


def _defs() -> str:
    """The patterns and tile faces every board uses (the same for every table: see ``DEFS``)."""
    stones = ('<pattern id="sv-stones" width="24" height="12" patternUnits="userSpaceOnUse">'
              '<rect width="24" height="12" fill="#9a8c76"/><path d="M0,6H24M12,0V6M6,6V12M18,6V12" '
              'stroke="#5e5240" stroke-width="1"/></pattern>')
    hatch = ('<pattern id="sv-locked" width="10" height="10" patternUnits="userSpaceOnUse" '
             'patternTransform="rotate(45)"><rect width="10" height="10" fill="#6b5a44" fill-opacity="0.28"/>'
             '<path d="M0,0V10" stroke="#3e3020" stroke-width="3" stroke-opacity="0.35"/></pattern>')
    faces = "".join(f'<g id="sv-tile-{crop}{"-iso" if iso else ""}">{_face40(crop, iso)}</g>'
                    for crop in CROPS for iso in (False, True))
    return f"<defs>{stones}{hatch}{faces}</defs>"


DEFS = _defs()


HEAD = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        'class="board sacred-valley" data-game="sacred-valley">')
TERRACE: tuple[Path, ...] = (("terrace",), ("cross_level_adjacency",))


def parts(observation: Obs) -> list[Part]:
    """The document in parts (``tawa.core.svgparts``): each drawn from the pieces of the observation it reads and
    the facts derived here (who is to play, who has the Seed Rantic ...)."""
    obs = observation
    n = obs["players"]
    over = obs["over"]
    crops = tuple(("player", p, "crop") for p in range(n))
    rantic = _has_seed_rantic(obs)
    catu = (("main_catu",), ("main_catu_prices",))
    out = [Part("head", HEAD), Part("style", f"<style>{STYLE}</style>"), Part("defs", DEFS),
           Part("ground", _rect(0, 0, WIDTH, HEIGHT, "#efe3c8")),
           Part("status", _status, tuple((k,) for k in (
               "seat", "over", "players", "scores", "player", "capped", "active", "round", "mode", "turn",
               "planting", "pending_tile", "pending_camayo", "first_player"))),
           Part("main-catu", _main_catu, catu, (rantic,)),
           Part("vine-catu", _vine_catu, (*catu, ("vine_catu",), ("vine_catu_capacity",)), (rantic,)),
           Part("supplies", _supplies, (("bag_size",), ("seed_discard",), ("seeds_out_of_game",),
                                        ("bag_composition",))),
           Part("reserves", _reserves, (("alpaca_reserve",),)),
           Part("terrace", _terrace_part, (*TERRACE, ("covers",), ("first_row",), ("planting",), *crops)),
           Part("harvest-track", _harvest_track, (("harvest_track",),)),
           Part("piles", _piles, (("camayo_piles",), ("camayo_discard",), ("camayos_removed_face_up",),
                                  ("camayos_purged_face_down",))),
           Part("camayo-catu", _camayo_catu, (("camayo_catu",),)),
           Part("crops", _crops, (*crops, ("technology_reserve",)))]
    ending = (("scores",), ("player",), ("players",)) if over else ()   # the places at the end (SV-586) compare seats
    for p in range(n):
        active, first = obs["active"] == p and not over, p == obs["first_player"]

        def mine(*keys: str, seat: int = p) -> tuple[Path, ...]:
            return (("over",), ("player", seat, "crop"), *(("player", seat, k) for k in keys), *ending)

        out += [Part(f"seat{p}", _board, mine("technologies", "farmers"), (p, n, obs["seat"] == p, active, first)),
                Part(f"seat{p}-coins", _coins, mine("coins"), (p, n)),
                Part(f"seat{p}-marks", _board_marks, mine(), (p, n, active, first)),
                Part(f"seat{p}-techs", _techs, (*mine("technologies"), ("tech_costs",)), (p, n)),
                Part(f"seat{p}-debts", _debts, mine("debts"), (p, n)),
                Part(f"seat{p}-warehouse", _warehouse, (*mine("warehouse", "farmers", "camayos"), ("seat",)), (p, n)),
                Part(f"seat{p}-camayos", _work_zone, (*mine("camayos", "coins"), ("scores",)), (p, n)),
                Part(f"seat{p}-end", BOARD_END)]
    out += [Part("pieces", '<g id="pieces">'),
            Part("covers", _covers, (*TERRACE, ("covers",), ("players",), *crops,
                                     *(("player", p, "debts") for p in range(n)))),
            Part("alpacas", _alpacas, TERRACE),
            Part("meeples", _meeples, (*TERRACE, *crops)),
            Part("farmers", _farmers, (("harvest_track",), *crops, *(("player", p, "farmers") for p in range(n)))),
            Part("markers", _markers, (("players",), *crops, *(("player", p, "camayos") for p in range(n)))),
            Part("end", "</g></svg>")]
    return out


def svg(observation: Obs) -> str:
    """The whole table as the observation's seat sees it (SV-600: other seats' coins are not in it, and not
    drawn; SV-587: at the end every seat's coins and score)."""
    return document(parts(observation), observation)


# ============================================================================= decisions


BUTTONS = frozenset(("purchase", "work", "end turn", "end purchase", "stop herding", "keep vine"))


def is_button(action_id: str) -> bool:
    """Actions about no board element: choosing Purchase or Work (SV-062), ending the turn (SV-070) or the
    Purchase (SV-243), stopping Herder (SV-394) and keeping a Saboteur vine (SV-500)."""
    return action_id in BUTTONS


def _zone_index(obs: Obs, seat: int, kind: str, unused: bool) -> int | None:
    """1-based Work Zone place of ``seat``'s ``kind`` (an unused one first when ``unused``)."""
    cams = obs["player"][seat]["camayos"]
    for want_unused in ((True, False) if unused else (False,)):
        for i, c in enumerate(cams, start=1):
            if c["kind"] == kind and (c["unused_marker"] or not want_unused):
                return i
    return None


def target_of(obs: Obs, action_id: str) -> str | None:
    """The element an action is about (see the module docstring); None for a button or an action that names
    nothing in this position."""
    w = action_id.split()
    if not w or action_id in BUTTONS:
        return None
    verb, last = w[0], w[-1]
    seat = obs["active"]
    if verb in ("plant", "alpaca", "sabotage", "warrior", "tocricoc", "herd"):
        return f"cell-{last}"
    if verb == "clean":
        return f"cell-{w[1]}"
    if verb == "crop":
        return f"crop-{last}"
    if verb == "harvest":
        return "harvest-track"
    if verb in ("buy", "take"):
        return "vine-catu" if last == "vine" else f"main-{last}"
    if verb == "hire":
        return f"camayo-{last}"
    if verb == "tech":
        return f"tech-reserve-{last}"
    if verb == "partner":
        return f"seat{last}-head"
    if seat is None:
        return None
    if verb == "farmer":
        return f"farmer-s{seat}-{last}"
    if verb == "dismiss":
        return f"seat{seat}-camayo-{last}"
    if verb == "discard":
        wh = obs["player"][seat]["warehouse"]
        return f"seat{seat}-wh-{wh.index(last) + 1}" if last in wh else None
    zone = {"use": (last, True), "weave": ("weaver", False), "exempt": (last, last == "foreigner")}.get(verb)
    if zone:
        i = _zone_index(obs, seat, *zone)
        return None if i is None else f"seat{seat}-camayo-{i}"
    return None


def targets(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For each legal action about an element, that element's id (the buttons are left out)."""
    return {aid: t for aid in legal if (t := target_of(observation, aid)) is not None}


def _preview_doc(label: str, detail: str, body: str, title: str, data: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-40 -40 80 104" class="preview" {data}>'
            f"{_title(title)}{body}"
            f'<text x="0" y="50" text-anchor="middle" font-size="11" font-weight="700" '
            f'font-family="system-ui,sans-serif">{escape(label)}</text>'
            f'<text x="0" y="61" text-anchor="middle" font-size="8.5" font-family="system-ui,sans-serif">'
            f"{escape(detail)}</text></svg>")


def preview_tile(t: Terrace, grid: str, crop: str, verb: str = "plant") -> str:
    """The tile ``crop`` on ``grid`` with the Farmland it makes (SV-121, SV-122), for the chooser."""
    what = _farmland_text(t, grid, crop)
    tiles, alpacas = _farmland_size(t, grid, crop)
    detail = f"{N['VINE_HP']} HP" if crop == "vine" else _plural(tiles, "tile") + (f" +{alpacas} alpaca"
                                                                                    if alpacas else "")
    body = f'<rect x="-38" y="-38" width="76" height="76" rx="6" fill="{LEVEL_FILL[0]}"/>{tile_face(crop, 64)}'
    return _preview_doc(crop, detail, body, f"{verb} {crop} on {grid}: {what}", f'data-crop="{crop}"')


def preview_alpaca(t: Terrace, name: str, grid: str) -> str:
    src = next((g for g, c in t.cells.items() if c.get("alpaca") == name), "the reserve")
    body = f'<rect x="-38" y="-38" width="76" height="76" rx="6" fill="{LEVEL_FILL[0]}"/>' + \
        f'<g transform="translate(-2,5)">{alpaca_shape(ALPACA_NAMES.index(name) in WHITE_ALPACAS, 2.3)}</g>'
    return _preview_doc(name, f"from {src}", body, f"move alpaca {name} from {src} to {grid} (SV-394)",
                        f'data-alpaca="{name}"')


def preview_pair(crop: str) -> str:
    body = (f'<g transform="translate(-14,-6)">{tile_face(crop, 40)}</g>'
            f'<g transform="translate(14,6)">{tile_face(crop, 40)}</g>')
    return _preview_doc(f"2 {crop}", f"+${N['WEAVER_INCOME']}", body,
                        f"Weaver: discard two {crop} tiles for ${N['WEAVER_INCOME']} (SV-465)", f'data-crop="{crop}"')


def previews(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For the choosers: each planting's tile with the Farmland it makes (plant, Cleaner, Saboteur), each Herder
    move's alpaca, each Weaver pair."""
    t = Terrace(observation)
    out = {}
    for aid in legal:
        w = aid.split()
        if w[0] == "plant":
            out[aid] = preview_tile(t, w[2], w[1])
        elif w[0] == "clean":
            out[aid] = preview_tile(t, w[1], w[2], "replace the vine with")
        elif w[0] == "sabotage":
            out[aid] = preview_tile(t, w[1], "vine", "plant the bought")
        elif w[0] == "herd":
            out[aid] = preview_alpaca(t, w[1], w[2])
        elif w[0] == "weave":
            out[aid] = preview_pair(w[1])
    return out


__all__ = ["CAMAYO_RULES", "is_button", "parts", "previews", "svg", "target_of", "targets"]
