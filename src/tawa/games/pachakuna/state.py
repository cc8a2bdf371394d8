"""Plain-data state of a P'achakuna game (spec "Digital interface notes": what the program keeps)."""
from __future__ import annotations

from typing import Any

# steps of a turn (PK-111)
ROTATE_FREE, ROTATE_PAID, MOVE, TRADE, OVER = 0, 1, 2, 3, 4
STEP_NAMES = ("rotate", "rotate-paid", "move", "trade", "over")

# llama "moved" status in the current move step
NOT_YET, MOVED, STAYED = 0, 1, 2

NO_PAYMENT, PAY_ROTATION, PAY_LLAMA = "", "rotation", "llama"

N_LLAMAS = 6  # index = seat * 3 + slot (PK-002, PK-322)


class PKState:
    """Everything that changes during a game. Llamas are six parallel slots ``seat * 3 + slot``."""

    __slots__ = (
        "active", "bag", "bought", "buys", "demand", "discard", "draw", "load", "move_slot", "moved",
        "orient", "pay_cell", "pay_need", "pay_orient", "pay_village", "paying", "pos", "region", "reload",
        "rocks", "rotated", "sold", "step", "supply", "turn", "types", "white_seat", "winner",
    )

    def __init__(self) -> None:
        self.types: list[str] = []        # per cell: tile type name, "" on a village (fixed after setup)
        self.orient: list[int] = []       # per cell: orientation 0-5 (0 on a village)
        self.rocks: list[int] = []        # cells with a rock, ascending
        self.rotated: list[int] = []      # tiles rotated this turn, in order
        self.pos: list[int] = [-1] * N_LLAMAS      # cell, -1 off the board
        self.region: list[int] = [-1] * N_LLAMAS   # region on a tile (PK-050), -1 on a village / off board
        self.load: list[int] = [-1] * N_LLAMAS     # colour carried, -1 none
        self.reload: list[bool] = [False] * N_LLAMAS  # sold or bought this turn: loaded at refill (PK-277)
        self.moved: list[int] = [0] * N_LLAMAS     # NOT_YET / MOVED / STAYED in this turn's move step
        self.bought: list[bool] = [False] * N_LLAMAS  # bought this turn (PK-168, PK-237)
        self.supply: list[list[int]] = [[0] * 8, [0] * 8]  # per seat, 7 colours + brown (PK-250)
        self.demand: list[int] = [-1] * 7  # per village colour: demand id or -1
        self.bag: list[int] = []       # demand ids in the bag, ascending (unordered set, PK-342)
        self.discard: list[int] = []   # discard pile, in discard order (public)
        self.active = 0
        self.step = ROTATE_FREE
        self.move_slot = 0
        self.sold: list[int] = []      # villages sold at this turn (PK-207)
        self.buys = 0                  # llamas bought this turn
        self.paying = NO_PAYMENT       # pending payment: what for
        self.pay_need = 0              # pieces still to pay
        self.pay_cell = -1             # pending rotation: tile and new orientation
        self.pay_orient = -1
        self.pay_village = -1          # pending purchase: village colour
        self.turn = 0                  # turns ended (PK-320)
        self.winner = -1               # seat, -1 none
        self.draw = False              # ended by the turn cap (PK-320)
        self.white_seat = 0            # PK-093

    def clone(self) -> PKState:
        s = PKState.__new__(PKState)
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
        s.supply = [self.supply[0].copy(), self.supply[1].copy()]
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
    def from_dict(d: dict[str, Any]) -> PKState:
        s = PKState.__new__(PKState)
        for name in PKState.__slots__:
            v = d[name]
            if name == "supply":
                v = [list(x) for x in v]
            elif isinstance(v, list):
                v = list(v)
            setattr(s, name, v)
        return s

    # ---- small queries
    def colour_of(self, seat: int) -> int:
        """0 = White (valley), 1 = Black (mountain) (PK-001, PK-060)."""
        return 0 if seat == self.white_seat else 1

    def owned(self, seat: int) -> int:
        return sum(1 for k in range(seat * 3, seat * 3 + 3) if self.pos[k] >= 0)


def _plain(v: Any) -> Any:
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v
