"""The words of Ayar, shared by the action menu, the log, the board and the help: seat and piece names.

One vocabulary (issue 17): seats are "P1".."P4" everywhere (``seat_label``), the solo opponent is "the Rival",
cells are "r2c3", and a Textile is *laid* ("lay T03 on r1c1 + r1c2") with its half-suns named by the side of
each cell they sit on (N, E, S, W), never by the direction letter of the action id.
"""

from __future__ import annotations

from tawa.games.ayar.data import ACTIVITY_NAMES, GRID, NEUTRAL, SECTIONS, SIDE_BIT, SIDES, TAMBOS, Tables
from tawa.games.ayar.rules.activities import OFFSET, island_drops, orient
from tawa.games.ayar.state import AyarState

RIVAL = "Rival"


def seat_label(seat: int) -> str:
    """A seat as every screen names it: seat 0 is P1 (AY-047 seat 1)."""
    return f"P{seat + 1}"


def owner_label(owner: int) -> str:
    """A piece's owner: a seat, or the solo Rival's neutral pieces."""
    return RIVAL if owner == NEUTRAL else seat_label(owner)


def cell_name(c: int) -> str:
    """A Tambo grid cell (C4), 1-based: ``r2c3``."""
    return f"r{c // GRID + 1}c{c % GRID + 1}"


CELL_BY_NAME = {cell_name(c): c for c in range(TAMBOS)}


def placement_id(r: int, c: int, d: str, fl: bool) -> str:
    """The action id of a Textile placement (anchor cell, direction of cell b, flip)."""
    return f"place r{r}c{c} {d}" + (" flip" if fl else "")


def activity_name(act: str) -> str:
    return ACTIVITY_NAMES[act]


def pot_name(t: Tables, pid: int) -> str:
    return f"{t.colours[t.pot_colour[pid]]} {t.pot_power[pid]}" + (" (Viracocha)" if t.pot_viracocha[pid] else "")


def textile_name(t: Tables, tile: int) -> str:
    x = t.textiles[tile]
    return f"{x.id} (power {x.stack}, half-suns {' '.join(x.half_suns)}{', Viracocha' if x.viracocha else ''})"


def bonus_text(effect: str, amount: int) -> str:
    """C15 bonus effects in words."""
    return {
        "llamas": f"+{amount} Llamas at once",
        "inti": f"+{amount} Inti at once",
        "power_pw": f"+{amount} power on later Pottery and Weaving",
        "moon": f"+{amount} Moon every Night",
        "power_fr": f"+{amount} power on later Farming and Reed",
    }.get(effect, f"{effect} {amount}")


def sides_text(mask: int) -> str:
    """The sides of one cell that carry a half-sun (``"NE"``), or ``"none"``."""
    return "".join(side for side in SIDES if mask & SIDE_BIT[side]) or "none"


_SIDES: dict[tuple[int, int, str, bool], tuple[str, str, str]] = {}


def placement_words(t: Tables, tile: int, r: int, c: int, d: str, fl: bool) -> tuple[str, str, str, str, str]:
    """(tile id, cell a, cell b, half-sun sides of a, of b) of a placement (C10)."""
    key = (id(t), tile, d, fl)
    got = _SIDES.get(key)
    if got is None:
        ma, mb = orient(t, tile, d, fl)
        got = _SIDES[key] = (t.textiles[tile].id, sides_text(ma), sides_text(mb))
    name, sa, sb = got
    dr, dc = OFFSET[d]
    return name, f"r{r}c{c}", f"r{r + dr}c{c + dc}", sa, sb


def placement_text(t: Tables, tile: int, r: int, c: int, d: str, fl: bool) -> str:
    """C10: which two cells the Textile covers and where its half-suns end up (N/E/S/W of each cell)."""
    name, a, b, sa, sb = placement_words(t, tile, r, c, d, fl)
    return f"lay {name} on {a} + {b}: half-suns {a} {sa}, {b} {sb}"


def boat_text(st: AyarState, t: Tables, seat: int, dest: int, cost: int) -> str:
    """AY-808: destination, route cost, and the Islands / Lake Viracocha the move brings."""
    notes = []
    for s, slot, sec in island_drops(st, t, seat, dest):
        notes.append(f"Island {slot} on space {s}" + (f" + Viracocha from Lake {SECTIONS[sec]}" if sec >= 0 else ""))
    return f"move your Boat to space {dest} (cost {cost}" + ("; " + ", ".join(notes) if notes else "") + ")"
