"""The hover texts of the P'achakuna board: the rules each element follows (cited by rule id) and the
words for tiles, sides and llamas; the fixed [R] numbers they quote come from ``data.PARAMS``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tawa.games.pachakuna.data import LETTER, N_SIDES, PARAMS
from tawa.games.pachakuna.view.layout import Obs

# ----------------------------------------------------------------------------- numbers read from the data
_P = PARAMS.params
ROTATION_COST: int = _P["ROTATION_COST"].default  # PK-132 [R] (not overridable)
LLAMA_COST: int = _P["LLAMA_COST"].default  # PK-230 [R]
MAX_LLAMAS: int = _P["MAX_LLAMAS"].default  # PK-002 [R]
FREE_ROTATIONS: int = _P["FREE_ROTATIONS"].default  # PK-130 [R]
PAYOUT: tuple[int, int, int] = tuple(_P["PAYOUT"].default)  # PK-202..PK-204 [R]

# ----------------------------------------------------------------------------- display texts (cite the spec)
TYPE_NAMES = {"F": "mostly flat", "N": "neutral", "M": "mostly mountainous"}  # PK-012 [R]
DIRECTION_NAMES = ("east", "north-east", "north-west", "west", "south-west", "south-east")  # spec "Board geometry"
TERRAIN_NAMES = {"V": "valley", "M": "mountain"}

RULES: dict[str, str] = {
    "tile": "PK-046 [P] board side d lies in the region holding base side (d - orientation) mod 6; "
    "PK-047 [P] a rotation sets any of the 6 orientations; PK-138 [R] a tile with a llama cannot be "
    "rotated; PK-135 [R] each tile at most once per turn.",
    "rock": "PK-139 [R] a tile carrying a rock cannot be rotated; PK-140 [R] when the rotate step ends, every "
    "tile rotated this turn gets a rock and every other rock is removed (PK-142: rocks protect the "
    "opponent's last rotations).",
    "rotated": "PK-135 [R] rotated this turn: it turns no more this turn; PK-140 [R] it gets a rock when the "
    "rotate step ends.",
    "village": "PK-064/PK-165 [R] a llama that enters a village ends its move there; PK-200 [R] a load of "
    "another colour may be sold: PK-202 [R] upper flag +{up}, PK-203 [R] lower flag +{low}, PK-204 [R] "
    "neither +{none}; PK-207 [R] one sale per village per turn; PK-230/PK-233 [R] buy a llama here "
    "for {cost} pieces; PK-277 [R] llamas that sold or were bought are loaded with the village colour "
    "at refill.",
    "demand": "PK-008 [R] upper (large) and lower (small) flag; PK-271 [S] never the village colour; PK-206 [R] "
    "after a sale it goes to the discard pile and PK-270 [R] the village draws a new one at refill.",
    "no-demand": "PK-207 [R] this village already had its sale this turn; PK-270 [R] it draws a new demand at refill.",
    "white-llama": "PK-060 [R] a White llama travels only through valleys; PK-061 [P] it crosses a joint where "
    "both touching sides are valley; PK-062 [P] village sides count as both terrains.",
    "black-llama": "PK-060 [R] a Black llama travels only over mountains; PK-061 [P] it crosses a joint where "
    "both touching sides are mountain; PK-062 [P] village sides count as both terrains.",
    "supply": "PK-251 [R] a colour's cutout shows filled iff the player holds at least one piece; PK-300 [R] "
    "the first to hold all 7 colours wins; PK-302 [R] loads on llamas do not count.",
    "brown": "PK-004 [R] the one brown piece pays costs but is no goal colour; PK-005 [R] it is never created.",
    "frame": "PK-038/PK-039 [R] llamas never cross the frame; a tile side facing it is impassable.",
    "bag": "PK-341 [R] the order of future draws is hidden; PK-342 [P] the bag's contents as a set are public.",
    "discard": "PK-206 [R] sold demands lie face up beside the board; PK-273 [R] they return to the bag when a "
    "village has no valid draw left.",
    "waiting": "PK-095 [R] waits off the board until bought; PK-230 [R] a llama costs {cost} pieces, PK-232 [R] "
    "at most {max} owned.",
}

STEP_LABELS = (("rotate", "Rotate (free)"), ("rotate-paid", "Rotate (paid)"), ("move", "Move"), ("trade", "Trade"))


def side_name(obs: Obs, seat: int) -> str:
    return "White" if seat == obs["white_seat"] else "Black"


def sides_text(regions: Sequence[Sequence[Any]], o: int) -> str:
    """'mountain: east, north-east; valley: ...' for a tile at orientation o (PK-046)."""
    parts = []
    for terrain, sides in regions:
        board = sorted((s + o) % N_SIDES for s in sides)
        parts.append(f"{TERRAIN_NAMES[terrain]}: {', '.join(DIRECTION_NAMES[d] for d in board)}")
    return "; ".join(parts)


def demand_text(obs: Obs, colour: str) -> str:
    d = obs["villages"][colour]
    if d is None:
        return "no demand (sold this turn)"
    up, low = obs["demands"][d]
    return (
        f"demand D{d:02d} {LETTER[up]}/{LETTER[low]}: upper (large) flag {up} pays {PAYOUT[0]}, "
        f"lower (small) flag {low} pays {PAYOUT[1]}, any other colour {PAYOUT[2]}"
    )


def llama_title(obs: Obs, ll: Mapping[str, Any]) -> str:
    side = ll["side"]
    who = f"{side.capitalize()} llama{ll['slot']}"
    if ll["cell"] is None:
        return f"{who}: waiting off the board. " + RULES["waiting"].format(cost=LLAMA_COST, max=MAX_LLAMAS)
    if ll["load"] is not None:
        load = f"carrying {ll['load']}"
    else:
        load = "empty, loaded at refill"
    notes = []
    if ll.get("bought"):
        notes.append("bought this turn (PK-168/PK-237 [R]: it neither moves nor sells this turn)")
    elif ll.get("moved") == 1:
        notes.append("moved this turn")
    return f"{who} on {ll['cell']}, {load}{'; ' + '; '.join(notes) if notes else ''}. {RULES[side + '-llama']}"
