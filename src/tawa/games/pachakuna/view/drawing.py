"""The P'achakuna board as one SVG document in parts (``tawa.core.svgparts``)."""

from __future__ import annotations

import functools
from typing import Any

from tawa.core.svgparts import ForObserver, Part, Path, document
from tawa.games.pachakuna.data import CELL_NAMES
from tawa.games.pachakuna.view.board import (
    cell_group,
    click_meaning,
    face_defs,
    frame,
    frame_sides,
    legend,
    meant_layer,
    moving_llama,
    pieces,
    tile_marks,
)
from tawa.games.pachakuna.view.layout import HEIGHT, WIDTH, Obs
from tawa.games.pachakuna.view.seats import TURN, bag_panel, seat_head, seat_llamas, seat_supply, status

STYLE = (
    "text{font-family:system-ui,'Segoe UI',Roboto,sans-serif;fill:#3a2d1c}"
    ".head{font-size:17px;font-weight:600}.detail{font-size:13px}.label{font-size:13px;font-weight:600}"
    ".small{font-size:11px}.count{font-size:14px;font-weight:700}.step-label{font-size:12px}"
    ".badge{font-size:13px;font-weight:700;fill:#a07800}"
    ".piece{transition:transform .6s ease}.tile{transition:transform .5s ease}"
)


HEAD = (
    f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
    'class="board pachakuna" data-game="pachakuna">'
)
CELL_GROUPS = tuple(tuple(CELL_NAMES[i : i + 8]) for i in range(0, len(CELL_NAMES), 8))  # a part each
LEGEND, FRAME, FRAME_SIDES = legend(), frame(), frame_sides()


STATUS = ForObserver(status, TURN)
"""The status line: "your turn" for the seat to act, "to play" for the other and spectators, so it is drawn once for
every observer (``tawa.core.svgparts.ForObserver``), its observer the part's argument."""
STATUS_READS: tuple[Path, ...] = tuple(
    (k,)
    for k in (
        "step",
        "active",
        "winner",
        "draw",
        "turn_cap",
        "turn",
        "white_seat",
        "paying",
        "rotated",
        "llamas",
        "move_slot",
    )
)


TYPES: Path = ("tile_types",)


@functools.lru_cache(maxsize=1024)
def _cell_parts(
    villages: tuple[tuple[str, str], ...],
    sold: tuple[str, ...],
    rocks: tuple[str, ...],
    rotated: tuple[str, ...],
    rotating: bool,
    paying: tuple[str, int, int] | None,
) -> tuple[Part, ...]:
    """The cells' parts, a group of eight cells each, from what their marks depend on (``tile_marks``: rocks, the
    tiles rotated this turn, whether the rotate steps last, the pending paid rotation): these change a few times a
    game, so the parts are made once for each (one object each: a server compares them with the previous ones)."""
    village_of = dict(villages)
    out = []
    for i, names in enumerate(CELL_GROUPS):
        cells: list[tuple[str, str | None, Any]] = []
        reads: list[Path] = [TYPES]
        for name in names:
            colour = village_of.get(name)
            if colour is not None:
                cells.append((name, colour, colour in sold))
                reads += [("villages", colour), ("demands",)]
            else:
                cells.append((name, None, tile_marks(name, rocks, rotated, rotating, paying)))
                reads.append(("tiles", name))
        out.append(Part(f"cells{i}", cell_group, tuple(reads), (tuple(cells),)))
    return tuple(out)


def parts(observation: Obs) -> list[Part]:
    """The document in parts (``tawa.core.svgparts``): each drawn from the pieces of the observation it reads and
    the facts derived here (the marks of each tile, who is to play, the llama that moves ...)."""
    obs = observation
    villages = tuple(sorted((cell, colour) for colour, cell in obs["village_cells"].items()))  # (cell, colour)
    meaning = click_meaning(obs)
    out = [
        Part("head", HEAD),
        Part("style", f"<style>{STYLE}</style>"),
        Part("defs", face_defs, (TYPES,)),
        Part("ground", f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#efe3c8"/>'),
        Part("legend", LEGEND),
        Part("frame", FRAME),
    ]
    if meaning is not None:  # the rotate step reads each tile's orientation; the others only the step
        out.append(
            Part(
                "meant",
                meant_layer,
                (("tiles",),) if meaning[0] == "rotate" else (),
                (meaning, villages),
            )
        )
    out.append(Part("cells", '<g id="cells">'))
    pay = obs["paying"]
    out += _cell_parts(
        villages,
        tuple(obs["sold"]),
        tuple(obs["rocks"]),
        tuple(obs["rotated"]),
        obs["step"] in ("rotate", "rotate-paid"),
        None if not pay else (pay["tile"], pay["orientation"], pay["still"]),
    )
    over = obs["step"] == "over"
    out += [
        Part("cells-end", "</g>"),
        Part("frame-sides", FRAME_SIDES),
        Part("status", STATUS, STATUS_READS, (obs.get("observer"),)),
    ]
    for seat in (0, 1):
        own = tuple(k for k, ll in enumerate(obs["llamas"]) if ll["seat"] == seat)
        fixed = (("white_seat",), ("supply", seat))
        out += [
            Part(
                f"seat{seat}",
                seat_head,
                fixed,
                (seat, obs.get("observer") == seat, obs["active"] == seat and not over, obs["winner"] == seat),
            ),
            Part(f"seat{seat}-llamas", seat_llamas, tuple(("llamas", k) for k in own), (own,)),
            Part(f"seat{seat}-supply", seat_supply, fixed, (seat,)),
        ]
    out += [
        Part("bag", bag_panel, (("bag",), ("discard",), ("demands",))),
        Part("pieces", pieces, (("llamas",), ("village_cells",)), (moving_llama(obs),)),
        Part("end", "</svg>"),
    ]
    return out


def svg(observation: Obs) -> str:
    """The whole table as the observation's seat sees it (PK-340: everything is public; only the observer's own
    area is marked "you")."""
    return document(parts(observation), observation)
