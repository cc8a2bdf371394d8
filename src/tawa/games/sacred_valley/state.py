"""Plain-data state of a Sacred Valley game, with a hand-written ``clone`` and JSON form.

Cells are indexed 0..35 in LAYOUT order (``Cfg.names`` gives "r1c1"...); crops are ints (``data.CROPS``);
Camayos are kind ints (``data.CAMAYO_NAMES``); seats are 0-based. Per-player data are parallel lists indexed by
seat. ``-1`` marks "nothing" (empty slot, no tile, no alpaca, reserve).
"""
from __future__ import annotations

from typing import Any

# decision modes
(CROP, MAIN, PURCHASE, EXTRA_PLANT, EXTRA_ANY, EXEMPT, PARTNER, FARMER, TAKE, DISCARD, SABOTEUR, DISMISS, KEEPER,
 WARRIOR, TOCRICOC, HERDER, OVER) = range(17)
MODE_NAMES = ("crop_choice", "main", "purchase", "extra_plant", "extra_any", "exemption", "partner", "farmer",
              "free_seed", "discard_seed", "saboteur", "discard_camayo", "keeper_discard", "warrior", "tocricoc",
              "herder", "over")
# kinds of the last completed action (SV-341 triggers)
NONE, PLANT, HARVEST, BUY, WORK = range(5)
LAST_NAMES = ("none", "plant", "harvest", "purchase", "work")
# how a tile is planted (SV-130)
BY_PLANT, BY_SABOTEUR, BY_CLEANER = range(3)
# exemption used (SV-101, SV-494)
EX_NONE, EX_YANACONA, EX_FOREIGNER = range(3)
# meeple kinds on the terrace
M_WARRIOR, M_TOCRICOC = 0, 1
# cover states
COVER_ON, COVER_DEBT, COVER_OUT = 0, 1, 2


class PlantCtx:
    """A planting in progress (SV-187 order), paused when its planter must decide something."""

    __slots__ = ("cell", "crop", "exempt", "how", "hp", "level", "lost", "stage")

    def __init__(self, crop: int, cell: int, how: int) -> None:
        self.crop = crop
        self.cell = cell
        self.how = how
        self.exempt = EX_NONE
        self.stage = 0
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
    def from_list(v: list[int]) -> PlantCtx:
        c = PlantCtx(v[0], v[1], v[2])
        c.exempt, c.stage, c.hp, c.lost, c.level = v[3], v[4], v[5], v[6], v[7]
        return c


_SCALARS = ("n", "mode", "window", "active", "first", "round", "vines", "regular_done", "last", "weaver_used",
            "saboteur_used", "items", "pending", "pending_cam", "end_by", "capped", "crop_turn", "herd_left")
_LISTS = ("crop", "coins", "tile", "iso", "alp", "alpaca_at", "mee_owner", "mee_kind", "cover", "main", "bag",
          "sdiscard", "sout", "cat", "cdiscard", "cout", "purged", "tech_res", "tech_box", "herd_moved",
          "crop_order")
_NESTED = ("techs", "wh", "farmers", "cam", "marker", "debts", "piles")


class SVState:
    """Everything that changes during a game (the RNG lives in the Game)."""

    __slots__ = (*_SCALARS, *_LISTS, *_NESTED, "tasks", "plant")

    n: int
    mode: int
    window: int
    active: int
    first: int
    round: int
    vines: int
    regular_done: bool
    last: int
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
    tasks: list[tuple[Any, ...]]
    plant: PlantCtx | None

    @staticmethod
    def empty(n: int, ncells: int, levels: int, main_slots: int, cam_slots: int) -> SVState:
        s = SVState.__new__(SVState)
        s.n = n
        s.mode = CROP
        s.window = MAIN
        s.active = 0
        s.first = 0
        s.round = 1
        s.vines = 0
        s.regular_done = False
        s.last = NONE
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
        s.tile = [-1] * ncells
        s.iso = [False] * ncells
        s.alp = [-1] * ncells
        s.alpaca_at = [-1] * 4
        s.mee_owner = [-1] * ncells
        s.mee_kind = [-1] * ncells
        s.cover = [COVER_OUT] * (levels + 1)
        s.main = [-1] * main_slots
        s.bag = []
        s.sdiscard = []
        s.sout = []
        s.cat = [-1] * cam_slots
        s.cdiscard = []
        s.cout = []
        s.purged = []
        s.tech_res = [0] * 5
        s.tech_box = [0] * 5
        s.herd_moved = []
        s.crop_order = []
        s.techs = [[] for _ in range(n)]
        s.wh = [[] for _ in range(n)]
        s.farmers = [[0] for _ in range(n)]
        s.cam = [[] for _ in range(n)]
        s.marker = [[] for _ in range(n)]
        s.debts = [[] for _ in range(n)]
        s.piles = [[], [], []]
        s.tasks = []
        s.plant = None
        return s

    def clone(self) -> SVState:
        s = SVState.__new__(SVState)
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
        d["tasks"] = [list(t) for t in self.tasks]
        d["plant"] = self.plant.to_list() if self.plant is not None else None
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> SVState:
        s = SVState.__new__(SVState)
        for k in _SCALARS:
            setattr(s, k, d[k])
        for k in _LISTS:
            setattr(s, k, list(d[k]))
        for k in _NESTED:
            setattr(s, k, [list(x) for x in d[k]])
        s.tasks = [tuple(t) for t in d["tasks"]]
        s.plant = PlantCtx.from_list(d["plant"]) if d["plant"] is not None else None
        return s

    # ---- small queries used everywhere
    def holds(self, p: int, kind: int) -> bool:
        return kind in self.cam[p]

    def unused_marker(self, p: int, kind: int) -> int:
        """Work Zone index of a held copy of one-shot ``kind`` whose marker is unused, or -1."""
        cam = self.cam[p]
        mk = self.marker[p]
        for i in range(len(cam)):
            if cam[i] == kind and mk[i]:
                return i
        return -1

    def occupied(self, x: int) -> bool:
        return self.tile[x] >= 0 or self.alp[x] >= 0 or self.mee_owner[x] >= 0
