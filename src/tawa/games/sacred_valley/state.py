"""Plain-data state of a Sacred Valley game, with a hand-written ``clone`` and its JSON form (its invariants are in
``rules/invariants.py``).

Cells are indexed 0..len(LAYOUT)-1 in LAYOUT order (``Tables.names`` gives "r1c1"...); crops are ints
(``data.CROPS``); Camayos are kind ints (``data.CAMAYO_NAMES``); seats are 0-based. Per-player data are parallel
lists indexed by seat. ``-1`` marks "nothing" (empty slot, no tile, no alpaca, reserve). The decision, the kind of
the last action, the planting steps and the cover states are IntEnums, written to JSON as their numbers.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any, NamedTuple

from tawa.core.errors import BadState
from tawa.core.load import Doc, check_list
from tawa.core.params import Params
from tawa.games.sacred_valley.data import (
    AGES,
    ALPACAS,
    CAMAYO_KINDS,
    CROPS,
    CUBES_PER_COLOUR,
    PLAYER_CROPS,
    SEED_TILES,
    Tables,
)


class Phase(IntEnum):
    """The decision the active player faces (§6.1); ``name.lower()`` is its name in observations."""

    CROP_CHOICE = 0  # SV-021
    MAIN = 1  # the turn's free window and its actions (SV-062, SV-068)
    PURCHASE = 2  # the Purchase loop (SV-240)
    EXTRA_PLANT = 3  # Hatun Runa's Plant action (SV-452)
    EXTRA_ANY = 4  # Chasqui's action of any kind (SV-490)
    EXEMPTION = 5  # Yanacona or Foreigner (SV-494)
    PARTNER = 6  # the work partner of an unlock (SV-175)
    FARMER = 7  # which farmer takes the HP (SV-504)
    FREE_SEED = 8  # Terrace Worker / Cultivator (SV-406, SV-491)
    DISCARD_SEED = 9  # a full Warehouse (SV-265)
    SABOTEUR = 10  # plant the bought vine now or keep it (SV-499)
    DISCARD_CAMAYO = 11  # make room for a hire (SV-282)
    KEEPER_DISCARD = 12  # Warehouse Keeper lost (SV-287)
    WARRIOR = 13  # the Warrior meeple's grid (SV-453)
    TOCRICOC = 14  # the Tocricoc meeple's grid (SV-457)
    HERDER = 15  # alpaca moves after a Harvest (SV-394)
    OVER = 16


WINDOWS = (Phase.MAIN, Phase.PURCHASE)  # where a turn returns once nothing is being resolved (SV-068)
DECISIONS_IN_A_PLANTING = (Phase.EXEMPTION, Phase.PARTNER, Phase.FARMER)


class Last(IntEnum):
    """The kind of the last completed action, the trigger of the next extra (SV-341); ``name.lower()`` is shown."""

    NONE = 0
    PLANT = 1
    HARVEST = 2
    PURCHASE = 3
    WORK = 4


class How(IntEnum):
    """How a tile is planted (SV-130)."""

    PLANT = 0  # a Plant action (regular, Hatun Runa, Chasqui)
    SABOTEUR = 1  # SV-499
    CLEANER = 2  # SV-408


class Exemption(IntEnum):
    """The exemption a planting without its Technology uses (SV-101, SV-494)."""

    NONE = 0
    YANACONA = 1
    FOREIGNER = 2


class Meeple(IntEnum):
    """A Farmer Meeple on the Terrace (``mee_kind``; -1: none)."""

    WARRIOR = 0
    TOCRICOC = 1


class Cover(IntEnum):
    """Where a level's Terrace Cover is; ``name.lower()`` is its name in observations."""

    ON_TERRACE = 0  # the level is locked (SV-170)
    DEBT = 1  # in front of a debtor (SV-178, SV-200)
    OUT_OF_PLAY = 2


class Stage(IntEnum):
    """The steps of a planting in SV-187 order; a planting pauses at EXEMPTION, PARTNER and FARMERS for a choice."""

    EXEMPTION = 0
    UNLOCK = 1
    PARTNER = 2
    PLACE = 3
    FARMERS = 4
    EFFECTS = 5


class Job(StrEnum):
    """A pending step of the current action, run by ``rules.tasks.advance`` (last pushed, first run)."""

    PLANT = "plant"  # go on with the planting in progress
    END = "end"  # the end check after a whole planting or Terrace change (SV-562, SV-563)
    SEED_IN = "seed_in"  # the pending tile enters the Warehouse (SV-263, SV-265)
    TAKE = "take"  # a free Seed Tile (SV-406, SV-491)
    CAM_IN = "cam_in"  # the hired Camayo enters the Work Zone (SV-281, SV-282)
    KEEPER = "keeper"  # discard down to the Warehouse limit (SV-287)
    IMMEDIATE = "immediate"  # a hired Camayo's immediate ability (SV-288)


class Task(NamedTuple):
    kind: Job
    camayo: int = -1  # the hired kind, for IMMEDIATE

    def to_list(self) -> list[Any]:
        return [str(self.kind)] if self.camayo < 0 else [str(self.kind), self.camayo]


class PlantCtx:
    """A planting in progress (SV-187 order), paused when its planter must decide something."""

    __slots__ = ("cell", "crop", "exempt", "how", "hp", "level", "lost", "stage")

    def __init__(self, crop: int, cell: int, how: How) -> None:
        self.crop = crop
        self.cell = cell
        self.how = how
        self.exempt = Exemption.NONE
        self.stage = Stage.EXEMPTION
        self.hp = 0
        self.lost = 0
        self.level = 0

    def clone(self) -> PlantCtx:
        c = PlantCtx.__new__(PlantCtx)
        c.crop, c.cell, c.how, c.exempt = self.crop, self.cell, self.how, self.exempt
        c.stage, c.hp, c.lost, c.level = self.stage, self.hp, self.lost, self.level
        return c

    def to_list(self) -> list[int]:
        return [self.crop, self.cell, self.how, self.exempt, self.stage, self.hp, self.lost, self.level]

    @staticmethod
    def from_doc(doc: Doc, key: str, tables: Tables) -> PlantCtx | None:
        if doc.raw(key) is None:
            return None
        path = doc.field(key)
        crop, cell, how, exempt, stage, hp, lost, level = doc.integers(key, length=8, low=0)
        c = PlantCtx(
            _bounded(crop, len(CROPS) - 1, f"{path}[0]"),
            _bounded(cell, tables.ncells - 1, f"{path}[1]"),
            How(_bounded(how, len(How) - 1, f"{path}[2]")),
        )
        c.exempt = Exemption(_bounded(exempt, len(Exemption) - 1, f"{path}[3]"))
        c.stage = Stage(_bounded(stage, len(Stage) - 1, f"{path}[4]"))
        c.hp, c.lost, c.level = hp, lost, _bounded(level, max(tables.levels), f"{path}[7]")
        return c


def _bounded(value: int, high: int, path: str) -> int:
    if value > high:
        raise BadState(f"expected an integer from 0 to {high}, got {value}", path)
    return value


_SCALARS = (
    "n",
    "mode",
    "window",
    "active",
    "first",
    "round",
    "vines",
    "regular_done",
    "last",
    "weaver_used",
    "saboteur_used",
    "items",
    "pending",
    "pending_cam",
    "end_by",
    "capped",
    "crop_turn",
    "herd_left",
)
_LISTS = (
    "crop",
    "coins",
    "tile",
    "iso",
    "alp",
    "alpaca_at",
    "mee_owner",
    "mee_kind",
    "cover",
    "main",
    "bag",
    "sdiscard",
    "sout",
    "cat",
    "cdiscard",
    "cout",
    "purged",
    "tech_res",
    "tech_box",
    "herd_moved",
    "crop_order",
)
_NESTED = ("techs", "wh", "farmers", "cam", "marker", "debts", "piles")


class SacredValleyState:
    """Everything that changes during a game (the RNG lives in the Game)."""

    __slots__ = (*_SCALARS, *_LISTS, *_NESTED, "tasks", "plant")

    n: int
    mode: Phase
    window: Phase
    active: int
    first: int
    round: int
    vines: int
    regular_done: bool
    last: Last
    weaver_used: bool
    saboteur_used: bool
    items: int
    pending: int
    pending_cam: int
    end_by: int
    capped: bool
    crop_turn: int
    herd_left: int
    crop: list[int]
    coins: list[int]
    tile: list[int]
    iso: list[bool]
    alp: list[int]
    alpaca_at: list[int]
    mee_owner: list[int]
    mee_kind: list[int]
    cover: list[int]
    main: list[int]
    bag: list[int]
    sdiscard: list[int]
    sout: list[int]
    cat: list[int]
    cdiscard: list[int]
    cout: list[int]
    purged: list[int]
    tech_res: list[int]
    tech_box: list[int]
    herd_moved: list[int]
    crop_order: list[int]
    techs: list[list[int]]
    wh: list[list[int]]
    farmers: list[list[int]]
    cam: list[list[int]]
    marker: list[list[bool]]
    debts: list[list[int]]
    piles: list[list[int]]
    tasks: list[Task]
    plant: PlantCtx | None

    @staticmethod
    def empty(n: int, tables: Tables) -> SacredValleyState:
        s = SacredValleyState.__new__(SacredValleyState)
        s.n = n
        s.mode = Phase.CROP_CHOICE
        s.window = Phase.MAIN
        s.active = 0
        s.first = 0
        s.round = 1
        s.vines = 0
        s.regular_done = False
        s.last = Last.NONE
        s.weaver_used = False
        s.saboteur_used = False
        s.items = 0
        s.pending = -1
        s.pending_cam = -1
        s.end_by = -1
        s.capped = False
        s.crop_turn = 0
        s.herd_left = 0
        s.crop = [-1] * n
        s.coins = [0] * n
        s.tile = [-1] * tables.ncells
        s.iso = [False] * tables.ncells
        s.alp = [-1] * tables.ncells
        s.alpaca_at = [-1] * ALPACAS
        s.mee_owner = [-1] * tables.ncells
        s.mee_kind = [-1] * tables.ncells
        s.cover = [Cover.OUT_OF_PLAY] * (max(tables.levels) + 1)
        s.main = [-1] * tables.main_slots
        s.bag = []
        s.sdiscard = []
        s.sout = []
        s.cat = [-1] * tables.cam_slots
        s.cdiscard = []
        s.cout = []
        s.purged = []
        s.tech_res = [0] * len(PLAYER_CROPS)
        s.tech_box = [0] * len(PLAYER_CROPS)
        s.herd_moved = []
        s.crop_order = []
        s.techs = [[] for _ in range(n)]
        s.wh = [[] for _ in range(n)]
        s.farmers = [[0] for _ in range(n)]
        s.cam = [[] for _ in range(n)]
        s.marker = [[] for _ in range(n)]
        s.debts = [[] for _ in range(n)]
        s.piles = [[] for _ in AGES]
        s.tasks = []
        s.plant = None
        return s

    def clone(self) -> SacredValleyState:
        s = SacredValleyState.__new__(SacredValleyState)
        for k in _SCALARS:
            setattr(s, k, getattr(self, k))
        for k in _LISTS:
            setattr(s, k, getattr(self, k).copy())
        for k in _NESTED:
            setattr(s, k, [x.copy() for x in getattr(self, k)])
        s.tasks = self.tasks.copy()
        s.plant = self.plant.clone() if self.plant is not None else None
        return s

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {k: getattr(self, k) for k in _SCALARS}
        for k in _LISTS:
            d[k] = list(getattr(self, k))
        for k in _NESTED:
            d[k] = [list(x) for x in getattr(self, k)]
        d["tasks"] = [t.to_list() for t in self.tasks]
        d["plant"] = self.plant.to_list() if self.plant is not None else None
        return d

    @staticmethod
    def from_dict(data: object, tables: Tables, params: Params, players: int) -> SacredValleyState:
        """Read ``to_dict()`` output field by field: a wrong type, a missing key or a value outside its component's
        range raises ``BadState`` naming the field. (Counts across fields are checked by ``check_invariants``.)"""
        doc = Doc(data, "state")
        n = doc.integer("n", players, players)
        cells, last_cell = tables.ncells, tables.ncells - 1
        kinds = len(CAMAYO_KINDS) - 1
        crop_top = len(CROPS) - 1
        s = SacredValleyState.__new__(SacredValleyState)
        s.n = n
        s.mode = Phase(doc.integer("mode", 0, len(Phase) - 1))
        s.window = Phase(doc.integer("window", Phase.MAIN, Phase.PURCHASE))
        s.active = doc.integer("active", 0, n - 1)
        s.first = doc.integer("first", 0, n - 1)
        s.round = doc.integer("round", 1)
        s.vines = doc.integer("vines", 0, params.VINE_CATU_CAPACITY)
        s.regular_done = doc.flag("regular_done")
        s.last = Last(doc.integer("last", 0, len(Last) - 1))
        s.weaver_used = doc.flag("weaver_used")
        s.saboteur_used = doc.flag("saboteur_used")
        s.items = doc.integer("items", 0)
        s.pending = doc.integer("pending", -1, crop_top)
        s.pending_cam = doc.integer("pending_cam", -1, kinds)
        s.end_by = doc.integer("end_by", -1, n - 1)
        s.capped = doc.flag("capped")
        s.crop_turn = doc.integer("crop_turn", 0, n)
        s.herd_left = doc.integer("herd_left", 0, params.HERDER_MOVES)
        s.crop = doc.integers("crop", length=n, low=-1, high=len(PLAYER_CROPS) - 1)
        s.coins = doc.integers("coins", length=n, low=0)
        s.tile = doc.integers("tile", length=cells, low=-1, high=crop_top)
        s.iso = _flags(doc, "iso", cells)
        s.alp = doc.integers("alp", length=cells, low=-1, high=ALPACAS - 1)
        s.alpaca_at = doc.integers("alpaca_at", length=ALPACAS, low=-1, high=last_cell)
        s.mee_owner = doc.integers("mee_owner", length=cells, low=-1, high=n - 1)
        s.mee_kind = doc.integers("mee_kind", length=cells, low=-1, high=len(Meeple) - 1)
        s.cover = [Cover(v) for v in doc.integers("cover", length=max(tables.levels) + 1, low=0, high=len(Cover) - 1)]
        s.main = doc.integers("main", length=tables.main_slots, low=-1, high=crop_top)
        for key in ("bag", "sdiscard", "sout"):
            setattr(s, key, doc.integers(key, low=0, high=crop_top, most=SEED_TILES))
        s.cat = doc.integers("cat", length=tables.cam_slots, low=-1, high=kinds)
        for key in ("cdiscard", "cout", "purged"):
            setattr(s, key, doc.integers(key, low=0, high=kinds, most=sum(tables.copies)))
        s.tech_res = doc.integers("tech_res", length=len(PLAYER_CROPS), low=0, high=CUBES_PER_COLOUR)
        s.tech_box = doc.integers("tech_box", length=len(PLAYER_CROPS), low=0, high=CUBES_PER_COLOUR)
        s.herd_moved = doc.integers("herd_moved", low=0, high=ALPACAS - 1, most=params.HERDER_MOVES)
        s.crop_order = doc.integers("crop_order", length=n, low=0, high=n - 1)
        s.techs = doc.integer_rows("techs", rows=n, low=0, high=len(PLAYER_CROPS) - 1, most=tables.max_tech)
        s.wh = doc.integer_rows(
            "wh", rows=n, low=0, high=crop_top, most=max(tables.warehouse_base, tables.warehouse_keeper)
        )
        s.farmers = doc.integer_rows("farmers", rows=n, low=0, high=tables.hp_max, most=tables.max_farmers)
        s.cam = doc.integer_rows("cam", rows=n, low=0, high=kinds, most=tables.max_camayos)
        s.marker = [_flag_row(row, f"state.marker[{p}]") for p, row in enumerate(doc.items("marker", length=n))]
        s.debts = doc.integer_rows(
            "debts",
            rows=n,
            low=min(tables.locked_levels, default=0),
            high=max(tables.locked_levels, default=0),
            most=len(tables.locked_levels),
        )
        s.piles = doc.integer_rows("piles", rows=len(AGES), low=0, high=kinds)
        s.tasks = [_task(row, f"state.tasks[{i}]") for i, row in enumerate(doc.items("tasks"))]
        s.plant = PlantCtx.from_doc(doc, "plant", tables)
        return s

    # ---- small queries used everywhere
    def unused_marker(self, p: int, kind: int) -> int:
        """Work Zone index of a held copy of one-shot ``kind`` whose marker is unused, or -1."""
        cam = self.cam[p]
        mk = self.marker[p]
        for i in range(len(cam)):
            if cam[i] == kind and mk[i]:
                return i
        return -1

    def passive(self, p: int, kind: int, stack: bool) -> int:
        """How many times a permanent ability of ``p`` counts: 1 if held (SV-293), the copy count if it stacks
        (DUPLICATE_PASSIVES_STACK, ``Tables.stack``)."""
        n = self.cam[p].count(kind)
        if n and not stack:
            return 1
        return n

    def occupied(self, x: int) -> bool:
        return self.tile[x] >= 0 or self.alp[x] >= 0 or self.mee_owner[x] >= 0


def _flags(doc: Doc, key: str, length: int) -> list[bool]:
    return _flag_row(doc.items(key, length=length), doc.field(key))


def _flag_row(row: object, path: str) -> list[bool]:
    items = check_list(row, path)
    for i, v in enumerate(items):
        if not isinstance(v, bool):
            raise BadState(f"expected true or false, got {v!r}", f"{path}[{i}]")
    return items


def _task(row: object, path: str) -> Task:
    items = check_list(row, path, least=1, most=2)
    kind = items[0]
    if kind not in set(Job):
        raise BadState(f"{kind!r} is not one of {', '.join(repr(str(j)) for j in Job)}", f"{path}[0]")
    job = Job(kind)
    if job is Job.IMMEDIATE:
        if (
            len(items) != 2
            or isinstance(items[1], bool)
            or not isinstance(items[1], int)
            or not 0 <= items[1] < len(CAMAYO_KINDS)
        ):
            raise BadState("an immediate ability names the hired Camayo kind (0 to 23)", path)
        return Task(job, items[1])
    if len(items) != 1:
        raise BadState(f"a {kind!r} task has no argument", path)
    return Task(job)
