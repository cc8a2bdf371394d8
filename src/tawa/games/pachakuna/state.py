"""Plain-data state of a P'achakuna game (spec "Digital interface notes": what the program keeps).

``from_dict`` reads a saved state field by field (``tawa.core.load.Doc``): every index is checked against its
component (a cell against the 61 cells, a demand against the demand list, a slot against the 3 slots...) and the
fields against each other (the pending payment, the step's bookkeeping), so a bad document raises ``BadState``
naming the field.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import Any

from tawa.core.load import Doc
from tawa.core.params import Params
from tawa.games.pachakuna.data import (
    ALL_PIECES,
    BROWN,
    LLAMAS_PER_PLAYER,
    N_CELLS,
    N_COLOURS,
    N_LLAMAS,
    N_ORIENTATIONS,
    PLAYERS,
    TILE_CELLS,
    Tables,
    cell_name,
    llamas_of,
)


class Phase(IntEnum):
    """The steps of a turn (PK-111); the game is over in ``OVER``."""

    ROTATE_FREE = 0
    ROTATE_PAID = 1
    MOVE = 2
    TRADE = 3
    OVER = 4

    @property
    def label(self) -> str:
        """The step's name in observations: rotate, rotate-paid, move, trade, over."""
        return _STEP_LABELS[self]


_STEP_LABELS = ("rotate", "rotate-paid", "move", "trade", "over")


class Moved(IntEnum):
    """What a llama did in this turn's move step."""

    NOT_YET = 0
    MOVED = 1
    STAYED = 2


class Payment(StrEnum):
    """What the pieces being paid one at a time are for (none: no payment pending)."""

    NONE = ""
    ROTATION = "rotation"
    LLAMA = "llama"


class PachakunaState:
    """Everything that changes during a game. Llamas are six parallel slots ``seat * 3 + slot``."""

    __slots__ = (
        "active",
        "bag",
        "bought",
        "buys",
        "demand",
        "discard",
        "draw",
        "load",
        "move_slot",
        "moved",
        "orient",
        "pay_cell",
        "pay_need",
        "pay_orient",
        "pay_village",
        "paying",
        "pos",
        "region",
        "reload",
        "rocks",
        "rotated",
        "sold",
        "step",
        "supply",
        "turn",
        "types",
        "white_seat",
        "winner",
    )

    def __init__(self) -> None:
        self.types: list[str] = []  # per cell: tile type name, "" on a village (fixed after setup)
        self.orient: list[int] = []  # per cell: orientation 0-5 (0 on a village)
        self.rocks: list[int] = []  # cells with a rock, ascending
        self.rotated: list[int] = []  # tiles rotated this turn, in order
        self.pos: list[int] = [-1] * N_LLAMAS  # cell, -1 off the board
        self.region: list[int] = [-1] * N_LLAMAS  # region on a tile (PK-050), -1 on a village / off board
        self.load: list[int] = [-1] * N_LLAMAS  # colour carried, -1 none
        self.reload: list[bool] = [False] * N_LLAMAS  # sold or bought this turn: loaded at refill (PK-277)
        self.moved: list[Moved] = [Moved.NOT_YET] * N_LLAMAS  # in this turn's move step
        self.bought: list[bool] = [False] * N_LLAMAS  # bought this turn (PK-168, PK-237)
        self.supply: list[list[int]] = [[0] * len(ALL_PIECES) for _ in range(PLAYERS)]  # 7 colours + brown (PK-250)
        self.demand: list[int] = [-1] * N_COLOURS  # per village colour: demand id or -1
        self.bag: list[int] = []  # demand ids in the bag, ascending (unordered set, PK-342)
        self.discard: list[int] = []  # discard pile, in discard order (public)
        self.active = 0
        self.step = Phase.ROTATE_FREE
        self.move_slot = 0
        self.sold: list[int] = []  # villages sold at this turn (PK-207)
        self.buys = 0  # llamas bought this turn
        self.paying = Payment.NONE  # pending payment: what for
        self.pay_need = 0  # pieces still to pay
        self.pay_cell = -1  # pending rotation: tile and new orientation
        self.pay_orient = -1
        self.pay_village = -1  # pending purchase: village colour
        self.turn = 0  # turns ended (PK-320)
        self.winner = -1  # seat, -1 none
        self.draw = False  # ended by the turn cap (PK-320)
        self.white_seat = 0  # PK-093

    def clone(self) -> PachakunaState:
        s = PachakunaState.__new__(PachakunaState)
        s.types = self.types  # never changes after setup: shared
        s.orient = self.orient.copy()
        s.rocks = self.rocks.copy()
        s.rotated = self.rotated.copy()
        s.pos = self.pos.copy()
        s.region = self.region.copy()
        s.load = self.load.copy()
        s.reload = self.reload.copy()
        s.moved = self.moved.copy()
        s.bought = self.bought.copy()
        s.supply = [row.copy() for row in self.supply]
        s.demand = self.demand.copy()
        s.bag = self.bag.copy()
        s.discard = self.discard.copy()
        s.active = self.active
        s.step = self.step
        s.move_slot = self.move_slot
        s.sold = self.sold.copy()
        s.buys = self.buys
        s.paying = self.paying
        s.pay_need = self.pay_need
        s.pay_cell = self.pay_cell
        s.pay_orient = self.pay_orient
        s.pay_village = self.pay_village
        s.turn = self.turn
        s.winner = self.winner
        s.draw = self.draw
        s.white_seat = self.white_seat
        return s

    def to_dict(self) -> dict[str, Any]:
        return {name: _plain(getattr(self, name)) for name in self.__slots__}

    @staticmethod
    def from_dict(data: object, tables: Tables, params: Params) -> PachakunaState:
        """Read a saved state, checking every field against its component (``BadState`` names the field)."""
        doc = Doc(data, "state")
        s = PachakunaState.__new__(PachakunaState)
        _read_board(s, doc, tables)
        s.white_seat = doc.integer("white_seat", 0, PLAYERS - 1)
        s.active = doc.integer("active", 0, PLAYERS - 1)
        _read_llamas(s, doc, tables)
        _read_supplies_and_demands(s, doc, tables)
        _read_turn(s, doc, params)
        return s

    # ---- small queries
    def colour_of(self, seat: int) -> int:
        """0 = White (valley), 1 = Black (mountain) (PK-001, PK-060)."""
        return 0 if seat == self.white_seat else 1

    def owned(self, seat: int) -> int:
        """How many llamas ``seat`` has on the board (PK-239)."""
        return sum(1 for k in llamas_of(seat) if self.pos[k] >= 0)

    def holds(self, seat: int) -> int:
        """How many pieces ``seat`` can pay with (PK-254; brown included, PK-134/231)."""
        return sum(self.supply[seat])


def _plain(v: Any) -> Any:
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


# ---------------------------------------------------------------------------- reading a saved state
_TILE_SET = frozenset(TILE_CELLS)


def _distinct(doc: Doc, key: str, values: list[int]) -> None:
    doc.check(len(set(values)) == len(values), key, "lists a value twice")


def _flags(doc: Doc, key: str) -> list[bool]:
    values = doc.items(key, length=N_LLAMAS)
    for i, v in enumerate(values):
        if not isinstance(v, bool):
            doc.fail(key, f"item {i}: expected true or false")
    return values


def _read_board(s: PachakunaState, doc: Doc, tables: Tables) -> None:
    """Tiles (types fixed by the layout, PK-033/082..084), orientations, rocks and this turn's rotations."""
    s.types = doc.texts("types", length=N_CELLS, choices={"", *tables.tile_types})
    for c in range(N_CELLS):
        on_tile = c in _TILE_SET
        doc.check(
            (s.types[c] != "") == on_tile,
            "types",
            f"cell {cell_name(c)} must hold {'a tile' if on_tile else 'its village (an empty type)'}",
        )
    if tables.plan is not None:  # PK-082/083: a fixed layout's tiles never change (PK-033)
        for c, (kind, _) in tables.plan.items():
            doc.check(s.types[c] == kind, "types", f"cell {cell_name(c)} of this layout holds a {kind} tile")
    s.orient = doc.integers("orient", length=N_CELLS, low=0, high=N_ORIENTATIONS - 1)
    doc.check(
        all(s.orient[c] == 0 for c in range(N_CELLS) if c not in _TILE_SET), "orient", "a village has orientation 0"
    )
    s.rocks = doc.integers("rocks", low=0, high=N_CELLS - 1)
    doc.check(all(c in _TILE_SET for c in s.rocks), "rocks", "rocks lie on tiles (PK-139)")
    doc.check(s.rocks == sorted(set(s.rocks)), "rocks", "rocks are listed once each, ascending")
    s.rotated = doc.integers("rotated", low=0, high=N_CELLS - 1)
    doc.check(all(c in _TILE_SET for c in s.rotated), "rotated", "only tiles rotate (PK-040)")
    _distinct(doc, "rotated", s.rotated)  # PK-135


def _read_llamas(s: PachakunaState, doc: Doc, tables: Tables) -> None:
    """Positions (a cell, and on a tile a region of the llama's terrain, PK-050/060), loads and this turn's
    bookkeeping of the six llamas."""
    s.pos = doc.integers("pos", length=N_LLAMAS, low=-1, high=N_CELLS - 1)
    s.region = doc.integers("region", length=N_LLAMAS, low=-1, high=N_ORIENTATIONS - 1)
    s.load = doc.integers("load", length=N_LLAMAS, low=-1, high=N_COLOURS - 1)  # PK-212 never brown
    s.reload = _flags(doc, "reload")
    s.moved = [Moved(v) for v in doc.integers("moved", length=N_LLAMAS, low=0, high=len(Moved) - 1)]
    s.bought = _flags(doc, "bought")
    for seat in range(PLAYERS):
        doc.check(
            s.pos[seat * LLAMAS_PER_PLAYER] >= 0,
            "pos",
            f"slot 0 of seat {seat} starts on the board and stays there (PK-322, PK-239)",
        )
    for k in range(N_LLAMAS):
        cell = s.pos[k]
        if cell < 0:
            doc.check(
                s.region[k] == -1
                and s.load[k] == -1
                and not s.reload[k]
                and not s.bought[k]
                and s.moved[k] == Moved.NOT_YET,
                "pos",
                f"llama {k} waits off the board: no region, load or turn bookkeeping (PK-095)",
            )
            continue
        doc.check(
            (s.load[k] < 0) == s.reload[k],
            "load",
            f"llama {k} is empty exactly while it waits for the refill (PK-205, PK-277, PK-279)",
        )
        if tables.village_at[cell] >= 0:
            doc.check(s.region[k] == -1, "region", f"llama {k} stands on a village, which has no regions")
            continue
        doc.check(not s.bought[k], "bought", f"llama {k} bought this turn stands on its village (PK-233)")
        terrains = tables.tile_types[s.types[cell]].region_terrain
        doc.check(
            0 <= s.region[k] < len(terrains) and terrains[s.region[k]] == s.colour_of(k // LLAMAS_PER_PLAYER),
            "region",
            f"llama {k} stands in a region of its own terrain on tile {cell_name(cell)} (PK-050, PK-060)",
        )
    for k in range(N_LLAMAS):
        if s.bought[k]:
            doc.check(
                s.reload[k] and s.moved[k] == Moved.STAYED,
                "bought",
                f"llama {k} bought this turn waits for its load and does not move (PK-168, PK-236)",
            )


def _read_supplies_and_demands(s: PachakunaState, doc: Doc, tables: Tables) -> None:
    s.supply = doc.integer_rows("supply", rows=PLAYERS, length=len(ALL_PIECES), low=0)  # PK-254
    doc.check(
        sum(row[BROWN] for row in s.supply) <= 1 and s.supply[s.white_seat][BROWN] == 0,
        "supply",
        "the one brown piece is Black's, and no rule creates another (PK-004, PK-005, PK-096)",
    )
    n = len(tables.demands)
    s.demand = doc.integers("demand", length=N_COLOURS, low=-1, high=n - 1)
    s.bag = doc.integers("bag", low=0, high=n - 1, most=n)
    doc.check(s.bag == sorted(s.bag), "bag", "the bag is kept ascending (an unordered set, PK-342)")
    s.discard = doc.integers("discard", low=0, high=n - 1, most=n)
    every = sorted(s.bag + s.discard + [d for d in s.demand if d >= 0])
    doc.check(
        every == list(range(n)),
        "demand",
        "the bag, the discard pile and the villages must hold each demand exactly once (PK-280)",
    )


def _read_turn(s: PachakunaState, doc: Doc, params: Params) -> None:
    """The step and its bookkeeping, checked against each other (PK-111 .. PK-320)."""
    s.step = Phase(doc.integer("step", 0, len(Phase) - 1))
    s.move_slot = doc.integer("move_slot", 0, LLAMAS_PER_PLAYER)
    s.sold = doc.integers("sold", low=0, high=N_COLOURS - 1, most=N_COLOURS)
    _distinct(doc, "sold", s.sold)  # PK-207
    s.buys = doc.integer("buys", 0, params.MAX_LLAMAS - 1)
    s.paying = Payment(doc.text("paying", {p.value for p in Payment}))
    s.pay_need = doc.integer("pay_need", 0, max(params.ROTATION_COST, params.LLAMA_COST))
    s.pay_cell = doc.integer("pay_cell", -1, N_CELLS - 1)
    s.pay_orient = doc.integer("pay_orient", -1, N_ORIENTATIONS - 1)
    s.pay_village = doc.integer("pay_village", -1, N_COLOURS - 1)
    cap = params.TURN_CAP
    s.turn = doc.integer("turn", 0, cap)
    s.winner = doc.integer("winner", -1, PLAYERS - 1)
    s.draw = doc.flag("draw")
    doc.check(
        (s.step == Phase.OVER) == (s.winner >= 0 or s.draw) and not (s.winner >= 0 and s.draw),
        "step",
        "the game is over exactly when a seat has won or the turn cap has drawn it (PK-300, PK-320)",
    )
    doc.check(
        s.draw == (cap is not None and s.turn >= cap),
        "turn",
        "the turn cap draws the game when it is reached, and only then (PK-320)",
    )
    doc.check(
        sorted(s.sold) == [v for v in range(N_COLOURS) if s.demand[v] < 0],
        "sold",
        "exactly the villages sold at this turn wait for a new demand (PK-206, PK-270, PK-279)",
    )
    _check_payment(s, doc, params)
    if s.step == Phase.OVER:
        return
    mine = llamas_of(s.active)
    doc.check(
        all(
            not s.bought[k] and not s.reload[k] and s.moved[k] == Moved.NOT_YET
            for k in range(N_LLAMAS)
            if k not in mine
        ),
        "moved",
        "the opponent's llamas take no part in this turn (PK-113, PK-166)",
    )
    if s.step in (Phase.ROTATE_FREE, Phase.ROTATE_PAID):
        doc.check(
            not s.sold
            and s.buys == 0
            and s.move_slot == 0
            and not any(s.reload)
            and all(m == Moved.NOT_YET for m in s.moved),
            "step",
            "nothing is moved, sold or bought before the move step (PK-111)",
        )
        doc.check(not set(s.rotated) & set(s.rocks), "rotated", "a tile with a rock cannot be rotated (PK-139)")
        doc.check(
            (s.step == Phase.ROTATE_PAID) == (len(s.rotated) >= params.FREE_ROTATIONS),
            "step",
            "paid rotations come after the free one (PK-130, PK-133)",
        )
        return
    doc.check(
        s.rocks == sorted(s.rotated),
        "rocks",
        "after the rotate step the rocks lie exactly on this turn's rotated tiles (PK-140)",
    )
    if s.step == Phase.MOVE:
        doc.check(
            not s.sold and s.buys == 0 and not any(s.reload) and s.move_slot < LLAMAS_PER_PLAYER,
            "step",
            "nothing is sold or bought during the move step (PK-111)",
        )
        doc.check(s.pos[mine[s.move_slot]] >= 0, "move_slot", "the llama moving now stands on the board (PK-160)")
        doc.check(
            all(s.moved[k] == Moved.NOT_YET for k in mine[s.move_slot :])
            and all(s.moved[k] != Moved.NOT_YET for k in mine[: s.move_slot] if s.pos[k] >= 0),
            "moved",
            "the llamas before the one moving now have had their move, the others not yet (PK-160, PK-323)",
        )
    else:
        doc.check(
            s.move_slot == LLAMAS_PER_PLAYER and all(s.moved[k] != Moved.NOT_YET for k in mine if s.pos[k] >= 0),
            "move_slot",
            "every llama has had its move before the trade step (PK-160)",
        )
        doc.check(s.buys == sum(1 for k in mine if s.bought[k]), "buys", "counts the llamas bought this turn")


def _check_payment(s: PachakunaState, doc: Doc, params: Params) -> None:
    """A pending payment (collected one piece at a time) is for a rotation in the paid step or a llama in the
    trade step, with its target set and the pieces still owed within the price (PK-132, PK-230)."""
    if s.paying == Payment.NONE:
        doc.check(
            s.pay_need == 0 and s.pay_cell == -1 and s.pay_orient == -1 and s.pay_village == -1,
            "paying",
            "no payment is pending, so nothing is owed",
        )
        return
    if s.paying == Payment.ROTATION:
        doc.check(
            s.step == Phase.ROTATE_PAID and 1 <= s.pay_need <= params.ROTATION_COST,
            "pay_need",
            f"a paid rotation is paid in the rotate step, 1 to {params.ROTATION_COST} pieces owed (PK-132)",
        )
        doc.check(
            s.pay_cell in _TILE_SET
            and s.pay_cell not in s.rotated
            and s.pay_cell not in s.rocks
            and s.pay_cell not in s.pos
            and s.pay_orient >= 0
            and s.pay_village == -1,
            "pay_cell",
            "a paid rotation turns a rotatable tile to an orientation 0-5 (PK-135, PK-138, PK-139)",
        )
    else:
        doc.check(
            s.step == Phase.TRADE and 1 <= s.pay_need <= params.LLAMA_COST,
            "pay_need",
            f"a llama is paid in the trade step, 1 to {params.LLAMA_COST} pieces owed (PK-230)",
        )
        doc.check(
            s.pay_village >= 0 and s.pay_cell == -1 and s.pay_orient == -1,
            "pay_village",
            "a llama being paid for names its village (PK-233)",
        )
        doc.check(s.owned(s.active) < params.MAX_LLAMAS, "pay_village", "a fourth llama cannot be bought (PK-232)")
    doc.check(sum(s.supply[s.active]) >= s.pay_need, "pay_need", "the pieces still owed must be held (PK-254)")
