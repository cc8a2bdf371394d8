"""The P'achakuna table in the browser (issue 18): pure functions of one observation dict (PK-340..PK-345).

``svg(obs)`` draws the hex board inside its frame (each tile's six sides in valley / mountain at its orientation,
rocks, the seven villages with their two demand flags, the llamas with their loads) and, beside it, the turn and
step and each seat's llamas and personal supply. ``targets(obs, legal)`` names the board element each legal action
is about; ``is_button`` the actions about none; ``previews`` draws a tile at each orientation a rotation offers.

Geometry is read from ``data.py`` (cells, direction vectors, corners) and the observation (tile types and village
cells, which are options); the fixed [R] numbers (costs, llamas, payouts) from ``data.PARAMS``. Pointy-top hexes,
centre of (q, r) at x = sqrt(3)(q + r/2), y = 1.5 r with y downwards (spec "Screen convention" [D]).

Element ids (stable from one position to the next): ``cell-q1r-2`` (every one of the 61 cells), ``tile-q1r-2``
(the turning face of a terrain tile), ``rock-q1r-2``, ``village-red``, ``demand-red``, ``llama-w0`` .. ``llama-b2``
(pieces, on the board or waiting in their owner's area), ``seat0-supply-red`` .. ``seat1-supply-brown``,
``seat0`` (a seat's area), ``status``, ``step-rotate`` / ``step-rotate-paid`` / ``step-move`` / ``step-trade``,
``bag``, ``discard``.

The package by area: ``layout`` (sizes, colours, positions, element ids), ``texts`` (hover and rule texts),
``board`` (tiles, rocks, villages, frame, llamas on the board), ``seats`` (turn and step, seat areas, bag),
``drawing`` (the document in parts), ``targets`` (targets, buttons, previews).
"""

from __future__ import annotations

from tawa.games.pachakuna.view.drawing import parts, svg
from tawa.games.pachakuna.view.layout import PANEL_X, PIECE_FILL, S, cell_id, cell_xy, llama_id, supply_id
from tawa.games.pachakuna.view.targets import is_button, preview_tile, previews, target_of, targets

__all__ = [
    "PANEL_X",
    "PIECE_FILL",
    "S",
    "cell_id",
    "cell_xy",
    "is_button",
    "llama_id",
    "parts",
    "preview_tile",
    "previews",
    "supply_id",
    "svg",
    "target_of",
    "targets",
]
