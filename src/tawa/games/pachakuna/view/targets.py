"""What a click on the P'achakuna board means: the element each legal action is about, the actions about
none (buttons) and the previews of a rotation.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from tawa.core.svg import escape
from tawa.core.svg import n as _fmt
from tawa.games.pachakuna.data import LLAMAS_PER_PLAYER, N_SIDES, NEIGH, OPPOSITE, cell_name, parse_cell
from tawa.games.pachakuna.view.board import face, regions_key
from tawa.games.pachakuna.view.layout import (
    FRAME_FILL,
    MOUNTAIN_FILL,
    TURN_DEG,
    VALLEY_FILL,
    VILLAGE_FILL,
    Obs,
    S,
    cell_id,
    fmt_pt,
    hex_edge,
    hex_points,
    llama_id,
    supply_id,
)
from tawa.games.pachakuna.view.texts import sides_text

BUTTONS = ("end rotate", "end trade")


def is_button(action_id: str) -> bool:
    """Actions about no board element: ending the rotate step (PK-140) and the trade step (PK-270)."""
    return action_id in BUTTONS


def target_of(obs: Obs, action_id: str) -> str | None:
    """The element an action is about: the tile for ``rotate <cell> oK``, the destination cell for ``move``, the
    llama for ``stay``/``sell``, the village for ``buy at``, the supply piece for ``pay``; None for a button."""
    found = _fixed_target(action_id)
    if found is not SEAT_TARGET:
        return found
    words = action_id.split()
    if words[0] in ("stay", "sell"):
        slot = int(words[1].removeprefix("llama"))
        side = obs["llamas"][obs["active"] * LLAMAS_PER_PLAYER + slot]["side"]
        return llama_id(side, slot)
    return supply_id(obs["active"], words[1])  # pay


SEAT_TARGET = "<the seat's>"
"""``_fixed_target``'s answer for an action whose element depends on the seat to act (a llama, a supply piece)."""


@functools.lru_cache(maxsize=8192)
def _fixed_target(action_id: str) -> str | None:
    """The element of an action that names it itself (a tile, a cell, a village), None for a button, or
    ``SEAT_TARGET``: the rotate step lists hundreds of actions a decision, on a few dozen cells, the same ones from
    one decision to the next."""
    words = action_id.split()
    verb = words[0] if words else ""
    if verb == "rotate" or verb == "move":
        name = words[1] if verb == "rotate" else words[2]
        return cell_id(name) if parse_cell(name) is not None else None
    if verb in ("stay", "sell", "pay"):
        return SEAT_TARGET
    if verb == "buy":
        return f"village-{words[2]}"
    return None


def targets(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    out = {}
    for aid in legal:
        t = target_of(observation, aid)
        if t is not None:
            out[aid] = t
    return out


def preview_tile(obs: Obs, name: str, o: int) -> str:
    """A small picture of tile ``name`` turned to orientation ``o``, with the facing sides of its neighbours as
    a ring, so the chooser shows which joints open (PK-061)."""
    kind, cur = obs["tiles"][name]
    i = parse_cell(name)
    assert i is not None
    fills = []
    villages = set(obs["village_cells"].values())
    for d in range(6):
        n = NEIGH[i][d]
        if n < 0:
            fills.append(FRAME_FILL)  # PK-039
        elif cell_name(n) in villages:
            fills.append(VILLAGE_FILL)  # PK-062 both terrains
        else:
            nk, no = obs["tiles"][cell_name(n)]
            far = OPPOSITE[d]  # PK-034
            terrain = next(t for t, sides in obs["tile_types"][nk] if (far - no) % N_SIDES in sides)  # PK-046
            fills.append(MOUNTAIN_FILL if terrain == "M" else VALLEY_FILL)
    return _preview(name, kind, regions_key(obs["tile_types"][kind]), o, o == cur, tuple(fills))


@functools.lru_cache(maxsize=4096)
def _preview(
    name: str, kind: str, regions: tuple[tuple[str, tuple[int, ...]], ...], o: int, keep: bool, fills: tuple[str, ...]
) -> str:
    """The preview picture (cached: most tiles and their neighbours stay the same from one position to the
    next)."""
    ring = []
    for d, fill in enumerate(fills):
        a, b = hex_edge(d, S + 6)
        ia, ib = hex_edge(d, S - 1)
        ring.append(
            f'<path d="M{fmt_pt(ia)}L{fmt_pt(a)}L{fmt_pt(b)}L{fmt_pt(ib)}Z" fill="{fill}" '
            f'stroke="#555" stroke-width="0.8"/>'
        )
    label = f"o{o}" + (" keep" if keep else "")
    r = S + 8
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_fmt(-r)} {_fmt(-r)} {_fmt(2 * r)} '
        f'{_fmt(2 * r + 16)}" class="preview" data-orientation="{o}">'
        f"<title>{escape(f'Tile {name} type {kind} at orientation {o}: {sides_text(regions, o)}')}</title>"
        f'{"".join(ring)}<g transform="rotate({_fmt(TURN_DEG * o)})">{face(regions, S - 1)}</g>'
        f'<polygon points="{hex_points(S - 1)}" fill="none" stroke="#333" stroke-width="1.5"/>'
        f'<text x="0" y="{_fmt(r + 13)}" text-anchor="middle" font-size="13" '
        f'font-family="system-ui,sans-serif">{escape(label)}</text></svg>'
    )


def previews(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For each rotation offered, the tile drawn at that orientation (the chooser beside the tile)."""
    out = {}
    for aid in legal:
        words = aid.split()
        if words and words[0] == "rotate" and len(words) == 3:
            out[aid] = preview_tile(observation, words[1], int(words[2][1:]))
    return out
