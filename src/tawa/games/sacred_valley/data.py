"""Sacred Valley data: crops, Camayo kinds, the terrace layout and every [P]/[D] value of the spec.

Everything here is a ``tawa.Param`` in ``PARAMS`` (spec §2.10 "Proposal and option registry", plus the [R]
numbers of §2.4–§2.9 as non-overridable params so ``tawa rules sacred-valley`` lists them with their provenance).
Rule code reads these values through ``params`` or through ``Tables``, the projection of one option set built
once by ``tables_for(params)`` (terrace geometry and the numbers read on hot paths).

Rulings made where the spec left a choice open (also in the ``doc`` of the params concerned):
- Single-choice [P] params (``choices=(default,)``) document a ruling the engine implements in one way only; the
  alternatives the spec mentions in passing are not implemented, so they cannot be selected.
- Seats are named P1..P5 everywhere a person reads (board, log, prompt, the web's lobby), counted from 1; the
  seat indices of the code and of the action ids stay 0-based ("partner 2" = P3, FIRST_PLAYER '0' = P1); farmers
  and Work Zone positions are 1-based.
- A Herder use (SV-394) moves only alpacas standing on the Terrace (SV-157), never the gray reserve.
- The Saboteur once-per-turn limit (SV-499) is spent only when the vine is actually planted.
- SV-061 debts are paid in the order incurred, each one if affordable at that moment (a later, cheaper debt may
  be paid while an earlier, dearer one is not).
- Debt payment, Weaver, gray alpaca and Cleaner are offered at the free windows of the main turn and of the
  Purchase loop, there only between two items, i.e. once an item was acquired (SV-068); they are not offered while
  an extra action chosen through Hatun Runa or Chasqui awaits its action choice.
- Chasqui is offered only when some action is legal for it (SV-340, SV-490); its Harvest follows
  HARVEST_ALWAYS_LEGAL like a regular one.
- SV-265: the full-Warehouse discard is chosen among the tiles already in the Warehouse (not the incoming one).
- Free seeds (Terrace Worker, Cultivator) are chosen per Main Catu slot or "vine" (SV-406).
- FIRST_ROW is given as a row number: every LAYOUT cell of that row is a river-edge grid (SV-094, SV-633).
- HARVEST_ALWAYS_LEGAL = False: Harvest needs a farmer above 0 or Harvest Worker, but is still offered when
  nothing else is legal, so no turn can deadlock. PURCHASE_MIN_ITEMS > 1: "end purchase" stays offered when no
  further item can be acquired.
- SV-504: the farmer choice is offered only while two or more farmers have room; otherwise HP go automatically.
- SV-499: the Saboteur choice is offered only when the bought vine has a legal grid.
- SV-630: the cap ends the game before the refill (as SV-564); the warning (SV-631) is a public event at the
  start of the last round.
- SV-021: crops are chosen through "crop X" decisions before the random parts of setup (Main Catu order,
  3-player tiles, the slot-6 draw), which need to know the unchosen crops.
- SV-462: the Tocricoc meeple on a vine replaced by Cleaner marks the new Farmland, so a foreign meeple there is
  owed its fee by the Cleaner holder (SV-410: Tocricoc fees apply).
- Unlocking seed discards (SV-181) and Camayo Catu tiles removed by unlocking were face up and are public; only
  draw-pile tiles purged by an Age change are face down (SV-605).
- Option shapes (checked when a game is made, ``check_params``): an alternative LAYOUT (SV-633) has 3 to 36 distinct
  (row, col, level) cells, rows and columns 1..12 and levels 1..3 (the two covers lie on levels 2 and 3); at most 36
  because the 60 Seed Tiles must be able to fill it (SV-560). FIRST_ROW is a row of LAYOUT, the two
  WHITE_ALPACA_STARTS are distinct LAYOUT cells, and some FIRST_ROW cell is neither a start grid nor next to one, so
  the first tile can be planted whatever the setup tiles; every cell is linked to FIRST_ROW by adjacency, so the
  Terrace can fill and the game can end (SV-560, SV-188). HARVEST_TRACK has HP_MAX + 1 non-decreasing values starting
  at $0 (SV-221: a Harvest of farmers on 0 pays $0 from the track). FIRST_PLAYER names a seat of the game.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from tawa.core.errors import BadOption
from tawa.core.params import Param, ParamRegistry, Params

# ------------------------------------------------------------------ crops (SV-002, §2.2) [R]
CHILI, CORN, POTATO, BEANS, QUINOA, VINE = range(6)
CROPS = ("chili", "corn", "potato", "beans", "quinoa", "vine")
PLAYER_CROPS = (CHILI, CORN, POTATO, BEANS, QUINOA)
CROP_COLOURS = ("red", "yellow", "brown", "green", "purple", "none")
TILES_PER_CROP = 10  # §2.1: 60 Seed Tiles, 10 of each of the six kinds
SEED_TILES = TILES_PER_CROP * len(CROPS)
CUBES_PER_COLOUR = 4  # §2.1


def who(p: int) -> str:
    """A seat as every screen names it (board, log, menu, prompt, the web's lobby and invites): P1 to P4, the
    numbers counted from 1 as people count (seat index 0 is P1)."""
    return f"P{p + 1}"


# ------------------------------------------------------------------ Camayo kinds (§2.7) [R]
(
    ALPACA_WORKER,
    HERDER,
    YANACONA,
    SEED_RANTIC,
    BARTERER,
    IRRIGATOR,
    AYLLU_MEMBER,
    WAREHOUSE_KEEPER,
    TERRACE_WORKER,
    CLEANER,
    HARVEST_WORKER,
    RANTIC,
    HATUN_RUNA,
    WARRIOR,
    TOCRICOC,
    WEAVER,
    CHASQUI,
    CULTIVATOR,
    FOREIGNER,
    HARVEST_EXPERT,
    HATUN_RANTIC,
    SABOTEUR,
    SUPERVISOR,
    UMU,
) = range(24)


class CamayoKind(NamedTuple):
    """One printed Camayo tile (§2.7)."""

    name: str
    age: int
    cost: int
    reward: int  # end reward (SV-580)
    one_shot: bool  # gets a marker when hired (SV-289)
    discardable: bool  # Warrior, Tocricoc and Supervisor never are (SV-283)


CAMAYO_KINDS: tuple[CamayoKind, ...] = (
    CamayoKind("alpaca_worker", 1, 3, 0, True, True),
    CamayoKind("herder", 1, 2, 3, False, True),
    CamayoKind("yanacona", 1, 2, 0, False, True),
    CamayoKind("seed_rantic", 1, 4, 0, False, True),
    CamayoKind("barterer", 1, 2, 3, True, True),
    CamayoKind("irrigator", 1, 2, 0, False, True),
    CamayoKind("ayllu_member", 1, 2, 1, False, True),
    CamayoKind("warehouse_keeper", 1, 1, 0, False, True),
    CamayoKind("terrace_worker", 1, 2, 1, False, True),
    CamayoKind("cleaner", 1, 2, 0, True, True),
    CamayoKind("harvest_worker", 2, 5, 0, False, True),
    CamayoKind("rantic", 2, 4, 6, False, True),
    CamayoKind("hatun_runa", 2, 4, 3, True, True),
    CamayoKind("warrior", 2, 4, 3, False, False),
    CamayoKind("tocricoc", 2, 6, 4, False, False),
    CamayoKind("weaver", 2, 3, 3, False, True),
    CamayoKind("chasqui", 3, 8, 5, True, True),
    CamayoKind("cultivator", 3, 5, 0, False, True),
    CamayoKind("foreigner", 3, 6, 4, True, True),
    CamayoKind("harvest_expert", 3, 7, 0, False, True),
    CamayoKind("hatun_rantic", 3, 14, 6, False, True),
    CamayoKind("saboteur", 3, 2, 0, False, True),
    CamayoKind("supervisor", 3, 8, 4, False, False),
    CamayoKind("umu", 3, 5, 4, False, True),
)
CAMAYO_NAMES = tuple(k.name for k in CAMAYO_KINDS)  # as in action ids ("use hatun_runa") and event data
CAMAYO_LABELS = tuple(k.name.replace("_", " ") for k in CAMAYO_KINDS)  # as the board, the log and the help say it
CAMAYO_AGE = tuple(k.age for k in CAMAYO_KINDS)
CAMAYO_COST = tuple(k.cost for k in CAMAYO_KINDS)
CAMAYO_REWARD = tuple(k.reward for k in CAMAYO_KINDS)
CAMAYO_ONE_SHOT = tuple(k.one_shot for k in CAMAYO_KINDS)
CAMAYO_DISCARDABLE = tuple(k.discardable for k in CAMAYO_KINDS)
AGES = (1, 2, 3)

CAMAYOS_PER_AGE = 16  # §2.7
DEFAULT_COPIES = {  # §2.7 copies [P]; 16 per Age
    "alpaca_worker": 2,
    "herder": 2,
    "yanacona": 1,
    "seed_rantic": 1,
    "barterer": 2,
    "irrigator": 2,
    "ayllu_member": 2,
    "warehouse_keeper": 1,
    "terrace_worker": 2,
    "cleaner": 1,
    "harvest_worker": 3,
    "rantic": 3,
    "hatun_runa": 3,
    "warrior": 2,
    "tocricoc": 2,
    "weaver": 3,
    "chasqui": 2,
    "cultivator": 2,
    "foreigner": 2,
    "harvest_expert": 2,
    "hatun_rantic": 2,
    "saboteur": 2,
    "supervisor": 2,
    "umu": 2,
}

# ------------------------------------------------------------------ terrace (§2.3)
DEFAULT_LAYOUT = tuple((r, c, (r + 1) // 2) for r in range(1, 7) for c in range(1, 7))
LEVELS = (1, 2, 3)  # level 1 open, levels 2 and 3 under a cover (SV-029)
GRID_MAX = 12  # rows and columns of an alternative LAYOUT are 1..GRID_MAX
MAX_CELLS = len(DEFAULT_LAYOUT)  # the 60 Seed Tiles must be able to fill the Terrace (SV-560)
ALPACA_NAMES = ("w1", "w2", "g1", "g2")  # two white (SV-030), two gray (SV-154)
WHITE_ALPACAS = (0, 1)
GRAY_ALPACAS = (2, 3)
ALPACAS = len(ALPACA_NAMES)
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))  # orthogonal adjacency (SV-097)


def _check_layout(v: Any) -> str | None:
    for cell in v:
        if not isinstance(cell, tuple | list) or len(cell) != 3:
            return f"each cell is (row, col, level), got {list(cell) if isinstance(cell, tuple) else cell!r}"
        if cell[2] not in LEVELS:
            return f"cell {list(cell)}: the level must be 1, 2 or 3"
    if len({(r, c) for r, c, _ in v}) != len(v):
        return "duplicate cells"
    return None


def _check_starts(v: Any) -> str | None:
    if any(len(cell) != 2 for cell in v):
        return "each start grid is (row, col)"
    return None


def _positive_or_none(v: object) -> str | None:
    if v is None:
        return None
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        return "a positive integer or null"
    return None


def _starts_at_zero(v: Any) -> str | None:
    return None if v[0] == 0 else "space 0 pays $0 (SV-221)"


def _fixed(name: str, value: object, rules: tuple[str, ...], doc: str, tag: str = "R") -> Param:
    return Param(name, value, tag, rules, doc, overridable=False)


def _one(name: str, value: object, rules: tuple[str, ...], doc: str, tag: str = "P") -> Param:
    """A [P] ruling implemented in one way only."""
    return Param(name, value, tag, rules, doc, choices=(value,))


# [R] numbers that shape other values (the fixed Params of the same names below)
HP_MAX = 7  # SV-128: HARVEST_TRACK has a value for each space 0..HP_MAX
MAX_TECH = 4  # SV-312: TECH_COSTS prices the 2nd..MAX_TECH-th Technology
MAIN_CATU_SLOTS = 6  # SV-034/SV-039: MAIN_CATU_PRICES has a price per slot


PARAMS = ParamRegistry(
    [
        # ---- [R] component data (§2.2, §2.7), fixed
        _fixed("CROPS", CROPS, ("SV-002",), "crop ids 0..5 (vine = 5, no player board)"),
        _fixed(
            "CAMAYO_KINDS",
            {k.name: dict(list(k._asdict().items())[1:]) for k in CAMAYO_KINDS},
            ("SV-280", "SV-283", "SV-289", "SV-580"),
            "printed Camayo data: Age, cost, end reward, one-shot marker, discardable",
        ),
        # ---- [R] numbers (§2.4–§2.9), fixed
        _fixed("PLAYER_COUNTS", (3, 4, 5), ("SV-001",), "3, 4 or 5 players", "S"),
        _fixed("START_COINS", 3, ("SV-025",), "coins each player starts with"),
        _fixed("WORK_INCOME", 1, ("SV-330",), "coins for Work (only with exactly $0)"),
        _fixed("HP_MAX", HP_MAX, ("SV-128",), "a farmer never goes past this space"),
        _fixed("VINE_HP", 2, ("SV-122",), "HP of every vine planting"),
        _fixed("YANACONA_CAP", 2, ("SV-124", "SV-397"), "HP cap of a planting exempted by Yanacona"),
        _fixed("TOCRICOC_FEE", 2, ("SV-459",), "fee per foreign Tocricoc meeple on the resulting Farmland"),
        _fixed("WEAVER_INCOME", 4, ("SV-465",), "coins per discarded pair"),
        _fixed("HARVEST_WORKER_BONUS", 2, ("SV-450",), "coins added to every Harvest"),
        _fixed("HARVEST_EXPERT_BONUS", 4, ("SV-495", "SV-496"), "coins on a Harvest resetting a farmer from 7"),
        _fixed("HERDER_MOVES", 2, ("SV-394",), "alpacas one Herder use may move"),
        _fixed("CULTIVATOR_THRESHOLD", 5, ("SV-491",), "farmer space that triggers Cultivator"),
        _fixed("UNLOCK_FEE", {2: 1, 3: 2}, ("SV-172", "SV-176"), "unlock fee per level"),
        _fixed("UNLOCK_CAMAYO_DISCARD", 3, ("SV-182", "SV-183"), "Camayo Catu tiles removed by an unlock"),
        _fixed("UNLOCK_SEED_DISCARD", 1, ("SV-180", "SV-181"), "Main Catu tiles removed by an unlock"),
        _fixed("UNLOCK_AGE_PURGE", {2: 1, 3: 2}, ("SV-184",), "Age removed when a level unlocks"),
        _fixed("HATUN_RANTIC_MULTIPLIER", 2, ("SV-497", "SV-581"), "end rewards multiplier"),
        _fixed("VINE_PRICE", 2, ("SV-262",), "price of a Vine Catu tile"),
        _fixed("SEED_RANTIC_PRICE", 1, ("SV-399",), "price of any seed for a Seed Rantic holder"),
        _fixed("CAMAYO_CATU_SLOTS", 5, ("SV-033", "SV-280"), "Camayo Catu slots"),
        _fixed("CAMAYO_SURCHARGE", {4: 1, 5: 1}, ("SV-280",), "extra cost per Camayo Catu slot (1-based)"),
        _fixed("MAIN_CATU_SLOTS", MAIN_CATU_SLOTS, ("SV-034", "SV-039"), "Main Seed Catu slots"),
        _fixed("WAREHOUSE_BASE", 3, ("SV-264",), "Warehouse capacity"),
        _fixed("WAREHOUSE_KEEPER", 5, ("SV-264", "SV-404"), "Warehouse capacity with Warehouse Keeper"),
        _fixed("MAX_CAMAYOS", 3, ("SV-281",), "Camayos held at once"),
        _fixed("MAX_TECH", MAX_TECH, ("SV-312",), "Technologies per player, the starting one included"),
        # ---- §2.10 registry
        _fixed("SEED", None, ("SV-008",), "the game seed is the engine's seed argument; one RNG stream", "P"),
        Param(
            "FIRST_PLAYER",
            "random",
            "P",
            ("SV-020",),
            "'random' or a seat index as text ('0' = P1 … '4' = P5)",
            choices=("random", "0", "1", "2", "3", "4"),
        ),
        Param(
            "CROP_ASSIGNMENT",
            "reverse_turn_order",
            "P",
            ("SV-021", "SV-022"),
            "how crops are chosen",
            choices=("reverse_turn_order", "random"),
        ),
        Param(
            "LAYOUT",
            DEFAULT_LAYOUT,
            "P",
            ("SV-097", "SV-188", "SV-633"),
            "terrace cells (row, col, level)",
            check=_check_layout,
            length=(3, MAX_CELLS),
            bounds=(1, GRID_MAX),
        ),
        _fixed("LEVEL", "third field of LAYOUT", ("SV-097", "SV-188"), "level of a cell, derived from LAYOUT", "P"),
        Param(
            "FIRST_ROW",
            1,
            "P",
            ("SV-094", "SV-633"),
            "the row at the river edge (every LAYOUT cell of that row is a FIRST_ROW grid)",
            bounds=(1, GRID_MAX),
        ),
        Param(
            "CROSS_LEVEL_ADJACENCY",
            True,
            "P",
            ("SV-097",),
            "Farmlands connect across level steps (placement always crosses them)",
        ),
        Param(
            "WHITE_ALPACA_STARTS",
            ((2, 5), (4, 2)),
            "P",
            ("SV-031", "SV-633"),
            "W1 (lower level) and W2 grids",
            length=len(WHITE_ALPACAS),
            bounds=(1, GRID_MAX),
            check=_check_starts,
        ),
        Param(
            "HARVEST_TRACK",
            (0, 1, 3, 6, 9, 12, 16, 20),
            "P/R",
            ("SV-220", "SV-902"),
            "coins per farmer space 0..7 (space 4 = $9 is [R])",
            length=HP_MAX + 1,
            bounds=(0, 100),
            order="nondecreasing",
            check=_starts_at_zero,
        ),
        Param(
            "TECH_COSTS",
            (4, 6, 8),
            "P",
            ("SV-310", "SV-311"),
            "cost of the 2nd, 3rd and 4th Technology",
            length=MAX_TECH - 1,
            bounds=(0, 40),
        ),
        Param(
            "MAIN_CATU_PRICES",
            (1, 1, 2, 2, 3, 3),
            "R/P",
            ("SV-260", "SV-261"),
            "Main Catu price, slot 1 (bottom) up",
            length=MAIN_CATU_SLOTS,
            bounds=(0, 20),
        ),
        Param(
            "VINE_CATU_CAPACITY", 3, "P", ("SV-039", "SV-363"), "vines the Vine Catu holds", bounds=(0, TILES_PER_CROP)
        ),
        Param(
            "CAMAYO_COPIES",
            DEFAULT_COPIES,
            "P",
            ("SV-032",),
            "copies of each Camayo kind (at most a whole Age pile)",
            bounds=(0, CAMAYOS_PER_AGE),
        ),
        _one("COIN_SUPPLY", "unlimited", ("SV-041",), "the coin supply never runs out"),
        _one(
            "DEBT_PAYMENT",
            "start_of_debtor_turn",
            ("SV-061", "SV-201"),
            "paid automatically at the debtor's turn start and every later free window, in order incurred",
        ),
        Param("DEBT_BLOCKS_PURCHASE", False, "P", ("SV-202",), "True: a debtor may not Purchase"),
        Param(
            "DEBT_CANCELLED_BY_LATER_TERRACE_WORKER",
            False,
            "P",
            ("SV-203",),
            "True: hiring Terrace Worker cancels the hirer's debts",
        ),
        Param(
            "DEBT_AT_END",
            "deduct_floor_0",
            "P",
            ("SV-204", "SV-567"),
            "unpaid debts after the final harvest",
            choices=("deduct_floor_0", "ignore"),
        ),
        Param(
            "HARVEST_ALWAYS_LEGAL",
            True,
            "P",
            ("SV-063", "SV-221"),
            "False: Harvest needs a farmer above 0 or Harvest Worker (still offered if nothing else is legal)",
        ),
        _one("HARVEST_FOLLOW_UPS", "herder_then_extras", ("SV-223",), "after a Harvest: Herder, then extras"),
        Param("PURCHASE_MIN_ITEMS", 1, "P", ("SV-065", "SV-243"), "items a Purchase must acquire", bounds=(0, 6)),
        _one("FREE_WINDOWS", "turn_start,between_actions,between_items,turn_end", ("SV-068",), "free windows"),
        _one("CHOICES_OFF_TURN_AND_FINAL_HARVEST", False, ("SV-069", "SV-566"), "only automatic effects off-turn"),
        _one("FEE_AFFORDABILITY", "total", ("SV-105",), "unlock + Tocricoc fees are tested together"),
        _one(
            "HP_MODIFIER_ORDER",
            ("base", "yanacona_cap", "irrigator", "ayllu_member"),
            ("SV-127",),
            "order of HP modifiers",
        ),
        _one("PLANTING_EFFECTS_SCOPE", "every_planting", ("SV-130",), "planting effects apply to every planting"),
        _one(
            "EXTRA_ACTION_TRIGGER",
            "plant_action_only_direct_chain",
            ("SV-131", "SV-341", "SV-342"),
            "extras follow the action that triggers them directly and may chain",
        ),
        Param("ALPACA_MAY_SHARE_WITH_MEEPLE", True, "P", ("SV-155",), "an alpaca may stand on a meeple's grid"),
        Param("ALPACA_ON_LOCKED_LEVELS", True, "P", ("SV-156", "SV-391", "SV-395"), "alpacas may go on locked levels"),
        _one(
            "UNLOCK_DISCARD_POSITION",
            "lowest_occupied",
            ("SV-181", "SV-183"),
            "unlock discards take the lowest occupied slots; the seed tile leaves the game",
        ),
        Param(
            "ISOLATED_ANCHOR",
            "strict",
            "P",
            ("SV-099", "SV-094"),
            "'strict': next to an isolated tile a non-isolated neighbour is needed; 'row1': row 1 suffices",
            choices=("strict", "row1"),
        ),
        _one("UNLOCK_SEQUENCE", "fee,partner,cover,discards,tocricoc,tile,hp", ("SV-187",), "unlocking order"),
        _one("CAMAYO_DISCARD_ONLY_TO_HIRE", True, ("SV-284",), "Camayos are discarded only to make room"),
        _one("KEEPER_LOSS", "discard_down_to_3_at_once", ("SV-287",), "losing Warehouse Keeper"),
        _one("MEEPLE_SUPPLY_LIMITS", False, ("SV-291",), "meeple supply never limits an ability"),
        Param("ALLOW_DUPLICATE_CAMAYOS", True, "P", ("SV-292",), "a player may hold several copies of a kind"),
        Param("DUPLICATE_PASSIVES_STACK", False, "P", ("SV-293", "SV-498"), "duplicate permanent abilities stack"),
        Param(
            "REFILL_RECYCLES_PER_REFILL",
            1,
            "P",
            ("SV-364", "SV-365"),
            "seed discard recycles per refill (a few: each may redraw the whole discard)",
            bounds=(0, 10),
        ),
        _one("GRAY_ALPACA_TIMING", "free_window", ("SV-391",), "when Alpaca Worker's gray alpaca may be placed"),
        Param("HERDER_SAME_ALPACA_TWICE", False, "P", ("SV-395",), "one Herder use may move one alpaca twice"),
        Param(
            "YANACONA_CAP_ONLY_WHEN_EXEMPT",
            True,
            "P",
            ("SV-398",),
            "False: every crop planting of a Yanacona holder is capped",
        ),
        _one("FREE_SEED_SOURCES", ("main", "vine"), ("SV-406", "SV-492"), "free seeds come from either Catu"),
        _one("FREE_SEED_MANDATORY", True, ("SV-406", "SV-492"), "a free seed must be taken if any is there"),
        _one("CLEANER_TIMING", "free_window", ("SV-409",), "Cleaner is used in a free window"),
        Param("CLEANER_ALLOWS_VINE", True, "P", ("SV-412",), "Cleaner's replacement may be a vine"),
        _one("WARRIOR_MEEPLE_RETURNS", True, ("SV-455",), "the Warrior meeple returns when its holder plants there"),
        Param(
            "TOCRICOC_FEE_PER_MEEPLE",
            True,
            "P",
            ("SV-460",),
            "True: one fee per foreign meeple; False: one fee per foreign holder",
        ),
        _one("TOCRICOC_STAYS_UNDER_CLEANER", True, ("SV-462",), "a Tocricoc meeple stays when Cleaner replaces"),
        _one("TOCRICOC_NO_TARGET", "lost", ("SV-463",), "Tocricoc placement without target is lost"),
        Param("CULTIVATOR_ANY_FARMER", True, "P", ("SV-492",), "False: only the first farmer triggers Cultivator"),
        _one("EXEMPTION_CHOICE", "player_chooses", ("SV-494",), "Yanacona or Foreigner, the holder chooses"),
        _one("SABOTEUR_DIRECT", True, ("SV-500",), "a Saboteur vine goes straight to the Terrace"),
        _one("SABOTEUR_IS_PLANT_ACTION", False, ("SV-501",), "a Saboteur planting is not a Plant action"),
        _one("SABOTEUR_FREE_TILES", False, ("SV-502",), "free tiles are not bought"),
        _one("SUPERVISOR_MODE", "choose_then_spill", ("SV-504",), "choose a farmer, surplus spills to others"),
        _one("END_CHECK", "after_every_terrace_change", ("SV-562",), "when occupancy is checked"),
        _one("END_PLANTING_RESOLVES", True, ("SV-563",), "the ending planting resolves fully"),
        _one("RANKING", "score_then_warehouse", ("SV-586",), "ranking order; full ties share"),
        _one("REVEAL_AT_END", True, ("SV-587",), "coins and scores are public at the end"),
        _one("COINS_VISIBILITY", "owner_only", ("SV-600",), "coin totals are seen by their owner only"),
        _one("PUBLIC_EVENTS", "as_listed", ("SV-603",), "what events are public"),
        _one("HIDDEN_ORDERS", "bag_and_piles", ("SV-604",), "orders hidden from everyone"),
        _one("PURGE_FACE_DOWN", True, ("SV-605",), "draw-pile tiles purged by unlocking are never shown"),
        Param(
            "TURN_CAP_ROUNDS",
            None,
            "D",
            ("SV-630", "SV-631"),
            "rounds before a forced end (None = off)",
            nullable=True,
            check=_positive_or_none,
            bounds=(1, 200),
        ),
    ]
)


# ------------------------------------------------------------------ options that must fit together (SV-633)
def check_params(params: Params, players: int) -> None:
    """Refuse, with ``BadOption`` naming the options and the rule, option values that are each valid but do not make
    a Terrace that can be played to its end (each Param's own shape is checked before)."""
    cells = {(r, c) for r, c, _ in params.LAYOUT}
    starts = [tuple(x) for x in params.WHITE_ALPACA_STARTS]
    first = [(r, c) for r, c in cells if r == params.FIRST_ROW]
    if not first:
        raise BadOption(f"option FIRST_ROW (SV-094, SV-633): row {params.FIRST_ROW} has no LAYOUT cell")
    for x in starts:
        if x not in cells:
            raise BadOption(f"option WHITE_ALPACA_STARTS (SV-031, SV-633): {list(x)} is not a LAYOUT cell")
    if starts[0] == starts[1]:
        raise BadOption("option WHITE_ALPACA_STARTS (SV-150): the two white alpacas start on different grids")
    near = set(starts) | {(r + dr, c + dc) for r, c in starts for dr, dc in STEPS}
    if all(x in near for x in first):
        raise BadOption(
            "option LAYOUT (SV-094, SV-099): every FIRST_ROW grid is a white alpaca start or next to "
            "one, so the first tile may have nowhere to go"
        )
    reached = set(first)
    todo = list(first)
    while todo:
        r, c = todo.pop()
        for dr, dc in STEPS:
            y = (r + dr, c + dc)
            if y in cells and y not in reached:
                reached.add(y)
                todo.append(y)
    if len(reached) < len(cells):
        lost = sorted(cells - reached)[0]
        raise BadOption(
            f"option LAYOUT (SV-095, SV-560): grid {list(lost)} is not linked to FIRST_ROW, so it could "
            "never be planted and the Terrace could never fill"
        )
    if params.FIRST_PLAYER != "random" and int(params.FIRST_PLAYER) >= players:
        raise BadOption(
            f"option FIRST_PLAYER (SV-020): there is no seat {params.FIRST_PLAYER} in a {players}-player "
            f"game (seats are 0 to {players - 1})"
        )


# ------------------------------------------------------------------ one option set, projected for the rules
class Tables:
    """Terrace geometry (cells indexed 0..len(LAYOUT)-1 in LAYOUT order) and the constants the rules read on hot
    paths, built once per option set by ``tables_for`` and shared by every game and clone that uses it."""

    def __init__(self, params: Params) -> None:
        p = params
        layout = [(int(r), int(c), int(lv)) for r, c, lv in p.LAYOUT]
        self.cells: list[tuple[int, int, int]] = layout  # (row, col, level)
        self.ncells = len(layout)
        self.index = {(r, c): i for i, (r, c, _) in enumerate(layout)}
        self.names = [f"r{r}c{c}" for r, c, _ in layout]
        self.name_index = {n: i for i, n in enumerate(self.names)}
        self.level = [lv for _, _, lv in layout]
        self.levels = sorted(set(self.level))
        self.first_row = [r == p.FIRST_ROW for r, _, _ in layout]
        # SV-097 placement adjacency always crosses level steps; Farmland adjacency may not
        nb: list[tuple[int, ...]] = []
        fnb: list[tuple[int, ...]] = []
        for r, c, lv in layout:
            out = [self.index[(r + dr, c + dc)] for dr, dc in STEPS if (r + dr, c + dc) in self.index]
            nb.append(tuple(out))
            if p.CROSS_LEVEL_ADJACENCY:
                fnb.append(tuple(out))
            else:
                fnb.append(tuple(g for g in out if self.level[g] == lv))
        self.nb = nb
        self.fnb = fnb
        self.white_starts = [self.index[(int(r), int(c))] for r, c in p.WHITE_ALPACA_STARTS]
        # levels absent from an alternative LAYOUT have no cover (SV-633)
        self.unlock_fee: dict[int, int] = {lv: fee for lv, fee in dict(p.UNLOCK_FEE).items() if lv in self.levels}
        self.locked_levels = sorted(self.unlock_fee)
        self.age_purge: dict[int, int] = dict(p.UNLOCK_AGE_PURGE)
        self.track: tuple[int, ...] = tuple(p.HARVEST_TRACK)
        self.hp_max: int = p.HP_MAX
        self.tech_costs: tuple[int, ...] = tuple(p.TECH_COSTS)
        self.main_prices: tuple[int, ...] = tuple(p.MAIN_CATU_PRICES)
        self.main_slots: int = p.MAIN_CATU_SLOTS
        self.cam_slots: int = p.CAMAYO_CATU_SLOTS
        self.surcharge: list[int] = [p.CAMAYO_SURCHARGE.get(i + 1, 0) for i in range(self.cam_slots)]
        self.copies: list[int] = [int(p.CAMAYO_COPIES[name]) for name in CAMAYO_NAMES]
        self.stack: bool = p.DUPLICATE_PASSIVES_STACK
        self.strict_iso = p.ISOLATED_ANCHOR == "strict"
        self.max_camayos: int = p.MAX_CAMAYOS
        self.max_farmers = 1 + min(self.max_camayos, self.copies[SUPERVISOR])
        self.max_tech: int = p.MAX_TECH
        self.vine_hp: int = p.VINE_HP
        self.yanacona_cap: int = p.YANACONA_CAP
        self.warehouse_base: int = p.WAREHOUSE_BASE
        self.warehouse_keeper: int = p.WAREHOUSE_KEEPER
        self.rantic_multiplier: int = p.HATUN_RANTIC_MULTIPLIER
        self.harvest_worker_bonus: int = p.HARVEST_WORKER_BONUS
        self.harvest_expert_bonus: int = p.HARVEST_EXPERT_BONUS
        self.seed_rantic_price: int = p.SEED_RANTIC_PRICE
        self.vine_price: int = p.VINE_PRICE
        self.allow_duplicates: bool = p.ALLOW_DUPLICATE_CAMAYOS
        self.menus: dict[int, Any] = {}  # the action table per player count (rules/actions.py)


def tables_for(params: Params) -> Tables:
    """The ``Tables`` of an option set (built on first use, then one dict lookup)."""
    tables: Tables = params.derived("sacred-valley/tables", Tables)
    return tables
