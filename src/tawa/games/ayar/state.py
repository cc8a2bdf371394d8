"""Plain-data state of an Ayar game: one ``PlayerState`` per seat plus the shared boards.

The parsed tables (``data.Tables``) are not part of the state: rules receive them beside it. ``from_dict``
reads a saved state field by field (``tawa.core.load.Doc``), every index and count within its component's
bounds; ``rules.invariants.check_invariants`` then checks conservation and that the turn context fits the phase.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple

from tawa.core.load import Doc, check_int
from tawa.core.params import Params
from tawa.games.ayar.data import (
    ACTIVITIES,
    ALL_SIDES,
    LANE_CELLS,
    LANES,
    MARKERS,
    NEUTRAL,
    PATHS,
    ROUNDS,
    SECTIONS,
    TAMBOS,
    Tables,
)


class Phase(IntEnum):
    """What the game does next: a decision of the Day turn (AY-800..AY-810), or an automatic part of the flow
    (``BONUS`` step 5, ``END`` of a turn, ``NIGHT``); ``OVER`` after Night 4. Saved as its lower-case name."""

    MARKER = 0
    SLOT = 1
    AYAR = 2
    TAMBO = 3
    SPOT = 4
    POT = 5
    TEXTILE = 6
    PLACE = 7
    MAIZE = 8
    BOAT = 9
    TEMPLE = 10
    BONUS = 11
    END = 12
    NIGHT = 13
    OVER = 14

    @property
    def word(self) -> str:
        """The saved and observed form (``"marker"``)."""
        return self.name.lower()


PHASE_BY_WORD = {p.word: p for p in Phase}
ACTIVITY_PHASE = {"P": Phase.POT, "W": Phase.TEXTILE, "F": Phase.MAIZE, "R": Phase.BOAT}  # AY-155
ACTIVITY_PHASES = frozenset(ACTIVITY_PHASE.values()) | {Phase.PLACE}
DECISIONS = frozenset(p for p in Phase if p <= Phase.TEMPLE)  # the phases that wait for a player


class BonusCheck(IntEnum):
    """Step 5 (AY-170/AY-171): the next bonus to check (saved as the number ``b5``)."""

    QUADRANT = 0
    LANES = 1
    RAYMI = 2
    DONE = 3


class NightStep(IntEnum):
    """The next step of the Night (AY-410), saved as the number ``night_step``; ``DONE`` once it has run."""

    RETIRE = 0
    HARVEST = 1
    TEMPLES = 2
    MOON = 3
    DUSK = 4
    PREPARATION = 5
    DONE = 6


class Laid(NamedTuple):
    """A Step marker laid this round (AY-090, AY-441): which marker, on which slot, moving which Ayar."""

    marker: int
    slot: int
    path: int


class FinalScore(list[int]):
    """AY-481..AY-490 one seat's end, saved as the list [final, high, tokens, llamas, sun, moon]: the ranking
    keys first, then Sun and Moon after the Llamas; read by name. Never changed once made."""

    __slots__ = ()
    FIELDS = ("final", "high", "tokens", "llamas", "sun", "moon")

    @classmethod
    def of(cls, final: int, high: int, tokens: int, llamas: int, sun: int, moon: int) -> FinalScore:
        return cls((final, high, tokens, llamas, sun, moon))

    @property
    def final(self) -> int:
        """min(Sun, Moon) after Llamas (AY-485)."""
        return self[0]

    @property
    def high(self) -> int:
        """max(Sun, Moon) after Llamas (AY-487)."""
        return self[1]

    @property
    def tokens(self) -> int:
        """Viracocha tokens on bonus spaces (AY-488)."""
        return self[2]

    @property
    def llamas(self) -> int:
        """Llamas before the allocation (AY-489)."""
        return self[3]

    @property
    def sun(self) -> int:
        return self[4]

    @property
    def moon(self) -> int:
        return self[5]


class PlayerState:
    """One player's board and scores."""

    __slots__ = (
        "boat",
        "bonus",
        "boxes",
        "discarded",
        "grid",
        "inti",
        "island_at",
        "laid",
        "llamas",
        "markers",
        "moon",
        "on_board",
        "pot_down",
        "pots",
        "slots",
        "sun",
        "temples",
        "tiles",
        "weave",
        "weave_tile",
    )

    def __init__(self, t: Tables) -> None:
        cells = t.weave_rows * t.weave_cols
        self.grid: list[bool] = [True] * TAMBOS  # AY-039 cell (r, c) at index (r-1)*4 + c-1
        self.slots: list[int] = [-1] * len(LANES)  # marker laid on each Step slot this round
        self.markers: list[int] = [-1] * len(MARKERS)  # slot where each marker lies this round
        self.laid: list[Laid] = []  # markers laid this round, in order
        self.sun = 0
        self.moon = 0
        self.inti = 0
        self.llamas = 0
        self.pots: list[int] = []  # pot ids on the pot row, left to right
        self.pot_down: list[bool] = []  # facedown (wild, hidden) flags
        self.weave: list[int] = [-1] * cells  # per cell: half-sun side mask, -1 = empty
        self.weave_tile: list[int] = [-1] * cells  # per cell: index into tiles, -1 = empty
        self.tiles: list[int] = []  # textile ids placed, in order
        self.boxes: list[int] = [0] * len(t.box_suns)  # cubes taken out of boxes A-D
        self.island_at: list[int] = []  # route space of each placed Island (slot order)
        self.boat = 0  # AY-037 dock
        self.bonus: list[int] = [0] * len(t.bonus_need)  # tokens on V1..V5
        self.temples = 0  # Temple markers left
        self.on_board = 0  # Tambos placed on action spots
        self.discarded = 0  # Tambos removed by the fallback (AY-191)

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
    def from_doc(doc: Doc, t: Tables, params: Params) -> PlayerState:
        """Read one player's board, every value within its component's bounds."""
        p = PlayerState.__new__(PlayerState)
        cells = t.weave_rows * t.weave_cols
        p.grid = flags(doc, "grid", TAMBOS)
        p.slots = doc.integers("slots", length=len(LANES), low=-1, high=len(MARKERS) - 1)
        p.markers = doc.integers("markers", length=len(MARKERS), low=-1, high=len(LANES) - 1)
        rows = doc.integer_rows("laid", length=len(Laid._fields), low=0, most=len(MARKERS))
        for i, (m, s, q) in enumerate(rows):
            doc.check(
                m < len(MARKERS) and s < len(LANES) and q < len(PATHS),
                "laid",
                f"entry {i}: [marker, slot, path] within 0-{len(MARKERS) - 1}, 0-{len(LANES) - 1}, "
                f"0-{len(PATHS) - 1}, got {[m, s, q]}",
            )
        p.laid = [Laid(*row) for row in rows]
        p.sun = doc.integer("sun", 0)
        p.moon = doc.integer("moon", 0)
        p.inti = doc.integer("inti", 0)
        p.llamas = doc.integer("llamas", 0)
        p.pots = doc.integers("pots", low=0, high=t.pots - 1, most=len(t.pot_row))
        p.pot_down = flags(doc, "pot_down", len(p.pots))
        p.weave = doc.integers("weave", length=cells, low=-1, high=ALL_SIDES)
        p.tiles = doc.integers("tiles", low=0, high=len(t.textiles) - 1, most=cells // 2)
        p.weave_tile = doc.integers("weave_tile", length=cells, low=-1, high=len(p.tiles) - 1)
        p.boxes = doc.integers("boxes", length=len(t.box_suns), low=0)
        for b, k in enumerate(p.boxes):
            doc.check(k <= len(t.box_suns[b]), "boxes", f"box {b + 1} holds {len(t.box_suns[b])} cubes, not {k}")
        p.island_at = doc.integers("island_at", low=1, high=t.route_len, most=len(t.island_suns))
        p.boat = doc.integer("boat", 0, t.route_len)
        p.bonus = doc.integers("bonus", length=len(t.bonus_need), low=0)
        for i, k in enumerate(p.bonus):
            doc.check(k <= t.bonus_need[i], "bonus", f"V{i + 1} holds at most {t.bonus_need[i]} tokens, not {k}")
        p.temples = doc.integer("temples", 0, params.TEMPLE_MARKERS)
        p.on_board = doc.integer("on_board", 0, TAMBOS)
        p.discarded = doc.integer("discarded", 0, TAMBOS)
        return p


class AyarState:
    """The whole game: turn context, the main board, the Lake board, the solo Rival and the players."""

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

    _LISTS = (
        "active",
        "lake",
        "market",
        "pots_out",
        "raymi",
        "rival_deck",
        "rival_shown",
        "stack",
        "stamp",
        "step",
        "temple_closed",
        "temple_token",
        "terrace",
        "textiles_out",
        "route",
        "temple",
    )

    def __init__(self, t: Tables) -> None:
        n = t.players
        self.n = n
        self.round = 1
        self.turn = 0  # Day turns taken this round (all players together)
        self.start = 0  # start player seat (AY-044, AY-047: seat 1 = index 0)
        self.phase = Phase.MARKER
        self.seat = 0  # seat whose turn it is
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
        self.taken = 0  # units taken in this activity
        self.facedown_taken = 0
        self.used_stacks = 0  # bit mask of textile stacks used this action
        self.chosen_stack = -1
        self.b5 = BonusCheck.QUADRANT
        # Ayars (AY-031, AY-117)
        self.step: list[int] = [t.start_step] * len(PATHS)
        self.active: list[bool] = [True] * len(PATHS)
        self.stamp: list[int] = [0] * len(PATHS)
        self.moves = 0
        self.spots: list[list[tuple[int, ...]]] = [[() for _ in range(t.cusco + 1)] for _ in PATHS]
        self.raymi: list[str] = [""] * (len(PATHS) * len(t.raymi_steps))
        self.temple: list[tuple[int, ...]] = [() for _ in PATHS]
        self.temple_token: list[int] = [0] * len(PATHS)
        self.temple_closed: list[bool] = [False] * len(PATHS)
        # Lake board
        self.market: list[int] = []
        self.stack: list[int] = []  # facedown pots, top first
        self.pots_out: list[int] = []  # pots removed by the Rival
        self.stacks: list[list[int]] = [[] for _ in range(t.stacks)]  # textile ids, top first
        self.textiles_out: list[int] = []
        self.terrace: list[int] = []  # owner of each planted space, in space order
        self.lake: list[int] = [0] * len(SECTIONS)
        self.route: list[tuple[int, ...]] = [() for _ in range(t.route_len + 1)]  # Island owners per space
        # Viracocha waiting for placement (AY-380, AY-809)
        self.tok_seat = -1
        self.tok_n = 0
        # solo
        self.rival_deck: list[int] = []
        self.rival_shown: list[int] = []
        self.rival_tambos = 0
        self.rival_cubes = 0
        self.night_step = NightStep.RETIRE
        self.retiring = -1  # path of the Ayar retiring tonight
        self.players: list[PlayerState] = [PlayerState(t) for _ in range(n)]
        self.final: list[FinalScore] = []

    @property
    def decider(self) -> int:
        """The seat that decides now: the one placing a Viracocha (AY-809), else the seat whose turn it is."""
        return self.tok_seat if self.tok_n > 0 else self.seat

    def clone(self) -> AyarState:
        s = AyarState.__new__(AyarState)
        for k in AyarState.__slots__:
            setattr(s, k, getattr(self, k))
        for k in AyarState._LISTS:
            setattr(s, k, getattr(self, k).copy())
        s.spots = [x.copy() for x in self.spots]
        s.stacks = [x.copy() for x in self.stacks]
        s.players = [p.clone() for p in self.players]
        s.final = [FinalScore(x) for x in self.final]
        return s

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for k in AyarState.__slots__:
            if k == "players":
                continue
            v = getattr(self, k)
            if k == "spots":
                v = [[list(x) for x in row] for row in v]
            elif k in ("temple", "route", "stacks", "final"):
                v = [list(x) for x in v]
            elif isinstance(v, list):
                v = list(v)
            d[k] = v
        d["phase"] = self.phase.word
        d["b5"] = int(self.b5)
        d["night_step"] = int(self.night_step)
        d["players"] = [p.to_dict() for p in self.players]
        return d

    @staticmethod
    def from_dict(data: object, t: Tables, params: Params) -> AyarState:
        """Read a saved state (``to_dict``), every field checked for type and bounds (``BadState`` names it)."""
        doc = Doc(data, "state")
        n = t.players
        seats = (-1, n - 1)
        owners = (NEUTRAL, n - 1)
        paths = len(PATHS)
        s = AyarState.__new__(AyarState)
        s.n = doc.integer("n", n, n)
        s.round = doc.integer("round", 1, ROUNDS)
        s.turn = doc.integer("turn", 0, t.turns_per_round[s.round - 1] * n)
        s.start = doc.integer("start", 0, n - 1)
        s.phase = PHASE_BY_WORD[doc.text("phase", PHASE_BY_WORD)]
        s.seat = doc.integer("seat", *seats)
        s.marker = doc.integer("marker", -1, len(MARKERS) - 1)
        s.slot = doc.integer("slot", -1, len(LANES) - 1)
        s.path = doc.integer("path", -1, paths - 1)
        s.cell = doc.integer("cell", -1, TAMBOS - 1)
        s.spot = doc.integer("spot", -1, t.cusco)
        s.act = doc.text("act", ("", *ACTIVITIES))
        s.base = doc.integer("base", 0, len(LANE_CELLS[0]))
        s.power = doc.integer("power", 0)
        s.fallback = doc.flag("fallback")
        s.taken = doc.integer("taken", 0)
        s.facedown_taken = doc.integer("facedown_taken", 0, params.FACEDOWN_MAX)
        s.used_stacks = doc.integer("used_stacks", 0, (1 << t.stacks) - 1)
        s.chosen_stack = doc.integer("chosen_stack", -1, t.stacks - 1)
        s.b5 = BonusCheck(doc.integer("b5", 0, len(BonusCheck) - 1))
        s.step = doc.integers("step", length=paths, low=0, high=max(t.cusco, t.start_step))
        s.active = flags(doc, "active", paths)
        s.moves = doc.integer("moves", 0)
        s.stamp = doc.integers("stamp", length=paths, low=0, high=s.moves)
        s.spots = []
        for q, row in enumerate(doc.items("spots", length=paths)):
            path = f"state.spots[{q}]"
            cells = Doc({"row": row}, path).items("row", length=t.cusco + 1)
            s.spots.append([owner_tuple(c, f"{path}[{k}]", owners, t.spot_capacity) for k, c in enumerate(cells)])
        s.raymi = doc.texts("raymi", length=paths * len(t.raymi_steps), choices=("", *ACTIVITIES))
        s.raymi_hit = doc.integer("raymi_hit", -1, len(s.raymi) - 1)
        s.temple = [
            owner_tuple(c, f"state.temple[{q}]", (0, n - 1), n, distinct=True)
            for q, c in enumerate(doc.items("temple", length=paths))
        ]
        s.temple_token = doc.integers("temple_token", length=paths, low=0, high=params.TEMPLE_TOKENS)
        s.temple_closed = flags(doc, "temple_closed", paths)
        s.market = doc.integers("market", length=t.market_slots, low=-1, high=t.pots - 1)
        s.stack = doc.integers("stack", low=0, high=t.pots - 1, most=t.pots)
        s.pots_out = doc.integers("pots_out", low=0, high=t.pots - 1, most=t.pots)
        s.stacks = doc.integer_rows("stacks", rows=t.stacks, low=0, high=len(t.textiles) - 1)
        s.textiles_out = doc.integers("textiles_out", low=0, high=len(t.textiles) - 1, most=len(t.textiles))
        s.terrace = doc.integers("terrace", low=NEUTRAL, high=n - 1, most=t.terrace_cells)
        doc.check(-1 not in s.terrace, "terrace", "a planted space holds a player's or the Rival's cube, not -1")
        s.lake = doc.integers("lake", length=len(SECTIONS), low=0, high=params.LAKE_TOKENS)
        s.route = [
            owner_tuple(c, f"state.route[{k}]", owners, n + 1, distinct=True)
            for k, c in enumerate(doc.items("route", length=t.route_len + 1))
        ]
        s.tok_seat = doc.integer("tok_seat", *seats)
        s.tok_n = doc.integer("tok_n", 0)
        cards = len(t.rival_cards)
        s.rival_deck = doc.integers("rival_deck", low=0, high=cards - 1, most=cards)
        s.rival_shown = doc.integers("rival_shown", low=0, high=cards - 1, most=cards)
        s.rival_tambos = doc.integer("rival_tambos", 0, cards)
        s.rival_cubes = doc.integer("rival_cubes", 0, params.RIVAL_CUBES)
        s.night_step = NightStep(doc.integer("night_step", 0, len(NightStep) - 1))
        s.retiring = doc.integer("retiring", -1, paths - 1)
        s.players = [PlayerState.from_doc(p, t, params) for p in doc.docs("players", length=n)]
        s.final = [FinalScore(row) for row in doc.integer_rows("final", length=len(FinalScore.FIELDS), low=0)]
        doc.check(len(s.final) in (0, n), "final", f"one final score per player or none, got {len(s.final)}")
        return s


def flags(doc: Doc, key: str, length: int) -> list[bool]:
    """A list of ``length`` booleans."""
    items = doc.items(key, length=length)
    for i, v in enumerate(items):
        doc.check(isinstance(v, bool), key, f"item {i}: expected true or false, got {v!r}")
    return items


def owner_tuple(
    value: object, path: str, owners: tuple[int, int], most: int, distinct: bool = False
) -> tuple[int, ...]:
    """The owners of the pieces on one space (seats, or -2 for the Rival), at most ``most`` of them."""
    items = Doc({"v": value}, path).items("v", most=most)
    out = tuple(check_int(v, f"{path}[{i}]", *owners) for i, v in enumerate(items))
    if -1 in out or (distinct and len(set(out)) != len(out)):
        Doc({}, path).fail(None, f"the owners of one space are distinct seats (or -2, the Rival), got {list(out)}")
    return out


TAMBO_TAKEN = frozenset({Phase.SPOT, *ACTIVITY_PHASES, Phase.TEMPLE, Phase.BONUS, Phase.END})
AYAR_MOVED = TAMBO_TAKEN | {Phase.TAMBO}


def check_history(st: AyarState, t: Tables) -> None:
    """What a position reached by play also keeps (hand-made test scenarios need not): one Tambo and one Step
    marker per Day turn taken (AY-060, AY-090), and Rival pieces only in the solo game (AY-046)."""
    for i, p in enumerate(st.players):
        done = turns_done(st, t, i)
        now = 1 if st.seat == i and st.phase in TAMBO_TAKEN else 0
        assert sum(p.grid) == TAMBOS - done[0] - now, f"P{i + 1}: one Tambo leaves the grid each Day turn (AY-060)"
        moved = 1 if st.seat == i and st.phase in AYAR_MOVED else 0
        assert len(p.laid) == done[1] + moved, f"P{i + 1}: one Step marker laid each Day turn this round"
    if st.n > 1:
        assert all(NEUTRAL not in isl for isl in st.route), "no Rival Islands in a game of 2-4"
        assert st.rival_cubes == 0 and not st.pots_out and not st.textiles_out, (
            "only the solo Rival removes Pots and Textiles"
        )


def turns_done(st: AyarState, t: Tables, seat: int) -> tuple[int, int]:
    """(Day turns ``seat`` has finished in the game, of them this round): turn k of a round is taken by seat
    (start + k) mod n (AY-062); the Night follows the round's last turn."""
    first = (seat - st.start) % st.n
    this_round = max(0, (st.turn - first + st.n - 1) // st.n)
    return sum(t.turns_per_round[: st.round - 1]) + this_round, this_round
