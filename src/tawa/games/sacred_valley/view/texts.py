"""The texts of the Sacred Valley board: each Camayo's rules (spec §3.17-§3.19), the hover text of every
element (cited by rule id), the decision of each mode, and the fixed [R] numbers they quote (from ``data``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tawa.games.sacred_valley.data import (
    CAMAYO_AGE,
    CAMAYO_COST,
    CAMAYO_DISCARDABLE,
    CAMAYO_NAMES,
    CAMAYO_REWARD,
    PARAMS,
)
from tawa.games.sacred_valley.data import who as seat_label
from tawa.games.sacred_valley.view.layout import Obs

# ----------------------------------------------------------------------------- fixed [R] numbers of the data
_P = PARAMS.params
N: dict[str, Any] = {
    name: _P[name].default
    for name in (
        "VINE_PRICE",
        "SEED_RANTIC_PRICE",
        "WAREHOUSE_BASE",
        "WAREHOUSE_KEEPER",
        "MAX_CAMAYOS",
        "MAX_TECH",
        "HP_MAX",
        "VINE_HP",
        "YANACONA_CAP",
        "TOCRICOC_FEE",
        "WEAVER_INCOME",
        "HARVEST_WORKER_BONUS",
        "HARVEST_EXPERT_BONUS",
        "HERDER_MOVES",
        "CULTIVATOR_THRESHOLD",
        "HATUN_RANTIC_MULTIPLIER",
        "WORK_INCOME",
        "UNLOCK_CAMAYO_DISCARD",
        "UNLOCK_SEED_DISCARD",
    )
}
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
        ("SV-393", "R", "permanent: +$1 per alpaca on the Farmland of each of your plantings", True),
    ),
    "herder": (
        (
            "SV-394",
            "R",
            "permanent: after each of your Harvest actions, move up to {HERDER_MOVES} alpacas of any "
            "colour, each to a grid without an alpaca",
            True,
        ),
        ("SV-395", "P", "any level, an empty grid or a Seed Tile; each alpaca at most once per use", False),
    ),
    "yanacona": (
        ("SV-396", "R", "permanent: plant a crop tile without its Technology", True),
        ("SV-397", "R", "such a planting yields at most {YANACONA_CAP} HP", True),
        ("SV-398", "P", "the cap applies only when the exemption is needed", False),
    ),
    "seed_rantic": (
        (
            "SV-399",
            "R",
            "permanent: every Seed Tile you buy costs ${SEED_RANTIC_PRICE}, vines included, whatever the slot",
            True,
        ),
    ),
    "barterer": (
        ("SV-400", "R", "one-shot: right after a Plant or Harvest action, take an extra Purchase action", True),
    ),
    "irrigator": (
        (
            "SV-401",
            "R",
            "permanent: +1 HP on a planting whose base value (tiles plus alpacas of its Farmland) is exactly 1",
            True,
        ),
        ("SV-402", "R", "never on vines, which always score {VINE_HP}", False),
    ),
    "ayllu_member": (("SV-403", "R", "permanent: +1 HP when you plant a tile of your own crop", True),),
    "warehouse_keeper": (
        ("SV-404", "R", "permanent: your Warehouse holds {WAREHOUSE_KEEPER} tiles", True),
        (
            "SV-287",
            "P",
            "discarded with more than {WAREHOUSE_BASE} tiles: discard down to {WAREHOUSE_BASE} at once",
            False,
        ),
    ),
    "terrace_worker": (
        ("SV-405", "R", "immediate: take one Seed Tile from the Seed Catu without paying", True),
        ("SV-406", "P", "from the Main or the Vine Catu; mandatory if any tile is there", False),
        ("SV-407", "R", "permanent: you pay no unlock fee, neither as planter nor as work partner", True),
    ),
    "cleaner": (
        (
            "SV-408",
            "R",
            "one-shot: remove a vine from the Terrace to the seed discard, then plant a Warehouse tile on that grid",
            True,
        ),
        ("SV-409", "P", "in a free window of your turn; a planting, not a Plant action", False),
        ("SV-410", "R", "every other planting rule applies; an alpaca or Tocricoc meeple there stays", False),
    ),
    "harvest_worker": (
        (
            "SV-450",
            "R",
            "permanent: +${HARVEST_WORKER_BONUS} on every Harvest of yours, at 0 HP and in the final harvest too",
            True,
        ),
    ),
    "rantic": (("SV-451", "R", "no ability: only its end reward", True),),
    "hatun_runa": (("SV-452", "R", "one-shot: right after a Plant action, take another Plant action", True),),
    "warrior": (
        ("SV-453", "R", "immediate: your Farmer Meeple on any empty grid of any level, locked levels included", True),
        ("SV-454", "R", "only you may plant on that grid", True),
        ("SV-455", "P", "the meeple goes back to your reserve when you plant there", False),
        ("SV-456", "R", "never discarded", False),
    ),
    "tocricoc": (
        ("SV-457", "R", "immediate: your Farmer Meeple on any grid holding a Seed Tile", True),
        ("SV-458", "R", "it marks that Farmland as it grows and merges", False),
        ("SV-459", "R", "others pay you ${TOCRICOC_FEE} before planting a tile that joins it", True),
        ("SV-460", "P", "one fee per foreign meeple on the resulting Farmland", False),
        ("SV-464", "R", "never discarded", False),
    ),
    "weaver": (
        (
            "SV-465",
            "R",
            "permanent, once per turn in a free window: discard two non-vine Warehouse tiles of one "
            "crop and gain ${WEAVER_INCOME}",
            True,
        ),
    ),
    "chasqui": (
        (
            "SV-490",
            "R",
            "one-shot: after your regular action, one additional action of any kind (Work only with $0)",
            True,
        ),
        ("SV-341", "P", "it may follow an extra action too", False),
    ),
    "cultivator": (
        (
            "SV-491",
            "R",
            "permanent: after each of your plantings, if a farmer of yours is on "
            "{CULTIVATOR_THRESHOLD} or more, take a Seed Tile from the Seed Catu for free",
            True,
        ),
        ("SV-492", "P", "a Supervisor farmer counts; mandatory if any tile is there", False),
    ),
    "foreigner": (
        ("SV-493", "R", "one-shot: plant one crop tile without its Technology; the HP are not capped", True),
        ("SV-494", "P", "with Yanacona too, you choose which exemption to use", False),
    ),
    "harvest_expert": (
        (
            "SV-495",
            "R",
            "permanent: +${HARVEST_EXPERT_BONUS} on a Harvest that resets a farmer of yours from {HP_MAX}",
            True,
        ),
        ("SV-496", "R", "at most once per Harvest", False),
    ),
    "hatun_rantic": (
        (
            "SV-497",
            "R",
            "permanent: at scoring the end rewards of all your Camayos are multiplied by "
            "{HATUN_RANTIC_MULTIPLIER}, its own included",
            True,
        ),
        ("SV-498", "P", "two copies still multiply once", False),
    ),
    "saboteur": (
        (
            "SV-499",
            "R",
            "permanent, once per turn: when you buy a vine, you may plant it at once under all planting rules",
            True,
        ),
        ("SV-501", "P", "part of the Purchase, not a Plant action", False),
    ),
    "supervisor": (
        ("SV-503", "R", "immediate: a second Farmer Meeple of yours on space 0 of the Harvest Track", True),
        ("SV-504", "P", "you choose which farmer advances; HP past {HP_MAX} pass to another farmer", True),
        ("SV-505", "R", "a Harvest resets all your farmers", False),
        ("SV-506", "R", "never discarded", False),
    ),
    "umu": (("SV-507", "R", "permanent: on each planting, +$1 for each HP that fits on none of your farmers", True),),
}
# §2.7 "Type" column
CAMAYO_TYPE = {
    "alpaca_worker": "one-shot + permanent",
    "herder": "permanent",
    "yanacona": "permanent",
    "seed_rantic": "permanent",
    "barterer": "one-shot",
    "irrigator": "permanent",
    "ayllu_member": "permanent",
    "warehouse_keeper": "permanent",
    "terrace_worker": "immediate + permanent",
    "cleaner": "one-shot",
    "harvest_worker": "permanent",
    "rantic": "no ability",
    "hatun_runa": "one-shot",
    "warrior": "immediate",
    "tocricoc": "immediate + permanent",
    "weaver": "permanent",
    "chasqui": "one-shot",
    "cultivator": "permanent",
    "foreigner": "one-shot",
    "harvest_expert": "permanent",
    "hatun_rantic": "permanent",
    "saboteur": "permanent",
    "supervisor": "immediate + permanent",
    "umu": "permanent",
}


def _surcharge_text() -> str:
    """ "+$1 in slots 4 and 5" from CAMAYO_SURCHARGE (SV-280)."""
    by_amount: dict[int, list[str]] = {}
    for slot, extra in sorted(SURCHARGE.items()):
        by_amount.setdefault(extra, []).append(str(slot))
    return ", ".join(
        f"+${extra} in slot{'s' if len(slots) > 1 else ''} {' and '.join(slots)}" for extra, slots in by_amount.items()
    )


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


def pretty(name: str) -> str:
    return name.replace("_", " ").title()


def seat_name(obs: Obs, seat: int) -> str:
    crop = obs["player"][seat]["crop"]
    return seat_label(seat) + (f" ({crop.capitalize()})" if crop else "")


def money(n: int) -> str:
    return f"${n}"


def wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    cur = ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    return [*lines, cur] if cur else lines


def counts_text(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {crop}" for crop, n in counts.items() if n) or "none"


def camayo_rules(kind: str) -> str:
    """The rule text of a Camayo with its rule IDs and tags (spec §3.17–§3.19), numbers from the data."""
    return "; ".join(f"{rid} [{tag}] {text.format(**N)}" for rid, tag, text, _ in CAMAYO_RULES[kind]) + "."


def camayo_face_text(kind: str) -> str:
    return "; ".join(text.format(**N) for _, _, text, card in CAMAYO_RULES[kind] if card)


def camayo_title(kind: str, where: str, price: str = "") -> str:
    k = CAMAYO_NAMES.index(kind)
    info = [
        f"Age {ROMAN[CAMAYO_AGE[k]]}",
        f"printed cost ${CAMAYO_COST[k]}",
        f"end reward {CAMAYO_REWARD[k]}",
        CAMAYO_TYPE[kind],
    ]
    if not CAMAYO_DISCARDABLE[k]:
        info.append("never discarded (SV-283)")
    return f"{pretty(kind)} — {where}{price} ({', '.join(info)}). {camayo_rules(kind)}"
