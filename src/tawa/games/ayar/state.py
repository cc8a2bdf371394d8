"""Plain-data state of an Ayar game: one ``PlayerState`` per seat plus the shared boards."""
from __future__ import annotations

from typing import Any

from tawa.games.ayar.data import Tables

# Turn phases that ask a decision (AY-800..AY-810); "bonus", "end" and "night" are resolved automatically.
PHASES = ("marker", "slot", "ayar", "tambo", "spot", "pot", "textile", "place", "maize", "boat", "temple",
          "bonus", "end", "night", "over")


class PlayerState:
    """One player's board and scores."""

    __slots__ = ("boat", "bonus", "boxes", "discarded", "grid", "inti", "island_at", "laid", "llamas",
                 "markers", "moon", "on_board", "pot_down", "pots", "slots", "sun", "temples", "tiles",
                 "weave", "weave_tile")

    def __init__(self) -> None:
        self.grid: list[bool] = [True] * 16      # AY-039 cell (r, c) at index (r-1)*4 + c-1
        self.slots: list[int] = [-1] * 8         # marker laid on each Step slot this round
        self.markers: list[int] = [-1] * 5       # slot where each marker lies this round
        self.laid: list[tuple[int, int, int]] = []  # (marker, slot, path moved) this round
        self.sun = 0
        self.moon = 0
        self.inti = 0
        self.llamas = 0
        self.pots: list[int] = []                # pot ids on the pot row, left to right
        self.pot_down: list[bool] = []           # facedown (wild, hidden) flags
        self.weave: list[int] = []               # per cell: half-sun side mask, -1 = empty
        self.weave_tile: list[int] = []          # per cell: index into tiles, -1 = empty
        self.tiles: list[int] = []               # textile ids placed, in order
        self.boxes: list[int] = [0, 0, 0, 0]     # cubes taken out of boxes A-D
        self.island_at: list[int] = []           # route space of each placed Island (slot order)
        self.boat = 0                            # AY-037 dock
        self.bonus: list[int] = [0] * 5          # tokens on V1..V5
        self.temples = 0                         # Temple markers left
        self.on_board = 0                        # Tambos placed on action spots
        self.discarded = 0                       # Tambos removed by the fallback (AY-191)

    def clone(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        p.grid = self.grid.copy()
        p.slots = self.slots.copy()
        p.markers = self.markers.copy()
        p.laid = self.laid.copy()
        p.sun, p.moon, p.inti, p.llamas = self.sun, self.moon, self.inti, self.llamas
        p.pots = self.pots.copy()
        p.pot_down = self.pot_down.copy()
        p.weave = self.weave.copy()
        p.weave_tile = self.weave_tile.copy()
        p.tiles = self.tiles.copy()
        p.boxes = self.boxes.copy()
        p.island_at = self.island_at.copy()
        p.boat = self.boat
        p.bonus = self.bonus.copy()
        p.temples = self.temples
        p.on_board = self.on_board
        p.discarded = self.discarded
        return p

    def to_dict(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in self.__slots__}
        d["laid"] = [list(x) for x in self.laid]
        return {k: (list(v) if isinstance(v, list) else v) for k, v in d.items()}

    @staticmethod
    def from_dict(d: dict[str, Any]) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        for k in PlayerState.__slots__:
            v = d[k]
            setattr(p, k, list(v) if isinstance(v, list) else v)
        p.laid = [tuple(x) for x in d["laid"]]  # type: ignore[misc]
        return p


class AyarState:
    """The whole game. ``t`` (parsed tables) is shared and not serialised."""

    __slots__ = (
        "act",
        "active",
        "b5",
        "base",
        "cell",
        "chosen_stack",
        "facedown_taken",
        "fallback",
        "final",
        "lake",
        "marker",
        "market",
        "moves",
        "n",
        "night_step",
        "path",
        "phase",
        "players",
        "pots_out",
        "power",
        "raymi",
        "raymi_hit",
        "retiring",
        "rival_cubes",
        "rival_deck",
        "rival_shown",
        "rival_tambos",
        "round",
        "route",
        "seat",
        "slot",
        "spot",
        "spots",
        "stack",
        "stacks",
        "stamp",
        "start",
        "step",
        "t",
        "taken",
        "temple",
        "temple_closed",
        "temple_token",
        "terrace",
        "textiles_out",
        "tok_n",
        "tok_seat",
        "turn",
        "used_stacks",
    )

    _LISTS = ("active", "lake", "market", "pots_out", "raymi", "rival_deck", "rival_shown", "stack", "stamp", "step",
              "temple_closed", "temple_token", "terrace", "textiles_out", "route")

    def __init__(self, t: Tables) -> None:
        n = t.players
        self.t = t
        self.n = n
        self.round = 1
        self.turn = 0                 # Day turns taken this round (all players together)
        self.start = 0                # start player seat (AY-044, AY-047: seat 1 = index 0)
        self.phase = "marker"
        self.seat = 0                 # seat whose turn it is
        # current turn context
        self.marker = -1
        self.slot = -1
        self.path = -1
        self.cell = -1
        self.spot = -1
        self.act = ""
        self.base = 0
        self.power = 0
        self.fallback = False
        self.raymi_hit = -1
        self.taken = 0                # units taken in this activity
        self.facedown_taken = 0
        self.used_stacks = 0          # bit mask of textile stacks used this action
        self.chosen_stack = -1
        self.b5 = 0                   # step-5 stage
        # Ayars (AY-031, AY-117)
        self.step: list[int] = [t.start_step] * 4
        self.active: list[bool] = [True] * 4
        self.stamp: list[int] = [0] * 4
        self.moves = 0
        self.spots: list[list[tuple[int, ...]]] = [[() for _ in range(t.cusco + 1)] for _ in range(4)]
        self.raymi: list[str] = [""] * (4 * len(t.raymi_steps))
        self.temple: list[tuple[int, ...]] = [() for _ in range(4)]
        self.temple_token: list[int] = [0] * 4
        self.temple_closed: list[bool] = [False] * 4
        # Lake board
        self.market: list[int] = []
        self.stack: list[int] = []            # facedown pots, top first
        self.pots_out: list[int] = []         # pots removed by the Rival
        self.stacks: list[list[int]] = [[] for _ in range(t.stacks)]  # textile ids, top first
        self.textiles_out: list[int] = []
        self.terrace: list[int] = []          # owner of each planted space, in space order
        self.lake: list[int] = [0] * 4
        self.route: list[tuple[int, ...]] = [() for _ in range(t.route_len + 1)]  # Island owners per space
        # Viracocha waiting for placement (AY-380, AY-809)
        self.tok_seat = -1
        self.tok_n = 0
        # solo
        self.rival_deck: list[int] = []
        self.rival_shown: list[int] = []
        self.rival_tambos = 0
        self.rival_cubes = 0
        self.night_step = 0
        self.retiring = -1            # path of the Ayar retiring tonight
        self.players: list[PlayerState] = [PlayerState() for _ in range(n)]
        self.final: list[list[int]] = []

    def clone(self) -> AyarState:
        s = AyarState.__new__(AyarState)
        for k in AyarState.__slots__:
            setattr(s, k, getattr(self, k))
        for k in AyarState._LISTS:
            setattr(s, k, getattr(self, k).copy())
        s.spots = [x.copy() for x in self.spots]
        s.temple = self.temple.copy()
        s.stacks = [x.copy() for x in self.stacks]
        s.players = [p.clone() for p in self.players]
        s.final = [x.copy() for x in self.final]
        return s

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for k in AyarState.__slots__:
            if k in ("t", "players"):
                continue
            v = getattr(self, k)
            if k in ("spots",):
                v = [[list(x) for x in row] for row in v]
            elif k in ("temple", "route", "stacks", "final"):
                v = [list(x) for x in v]
            elif isinstance(v, list):
                v = list(v)
            d[k] = v
        d["players"] = [p.to_dict() for p in self.players]
        return d

    @staticmethod
    def from_dict(d: dict[str, Any], t: Tables) -> AyarState:
        s = AyarState.__new__(AyarState)
        s.t = t
        for k in AyarState.__slots__:
            if k in ("t", "players"):
                continue
            v = d[k]
            setattr(s, k, list(v) if isinstance(v, list) else v)
        s.spots = [[tuple(x) for x in row] for row in d["spots"]]
        s.temple = [tuple(x) for x in d["temple"]]
        s.route = [tuple(x) for x in d["route"]]
        s.stacks = [list(x) for x in d["stacks"]]
        s.final = [list(x) for x in d["final"]]
        s.players = [PlayerState.from_dict(p) for p in d["players"]]
        return s
