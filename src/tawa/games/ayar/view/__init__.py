"""The Ayar table in the browser (issue 18): pure functions of one observation dict (AY-700..AY-706).

``svg(obs)`` draws the main board (the four paths to Cusco with their action spots in activity colours, the
Raymi tiles on their steps, the Ayar figures, the Tambos on spots, and the temple track with its rows), the Lake
board (the four Textile stacks with their tops, the pottery market and the facedown stack, the terrace, the
boat route with its Island slots, yellow slots and Lake sections) and every player's board (Tambo grid with its
eight Step slots, laid markers and clan bonuses, the marker reserve, Inti dial, Sun, Moon and Llamas, the pot
row, the 3x6 weaving area with its frame half-suns and column values, the maize boxes, the Island slots and the
Viracocha bonus spaces); in a solo game the Rival's cards and pieces. ``targets(obs, legal)`` names the element
each legal action is about, ``is_button`` the flow actions about none, ``previews`` draws the weaving area with
the Textile laid at each offered orientation. Everything drawn is public (AY-700, AY-705); the hidden parts (the
facedown stack's order, facedown pot identities, Textiles under the stack tops, the Rival deck, AY-706) are not
in the observation.

Component data comes from the observation's ``components`` (the tables of the game's options, observe.py); the
few rule numbers that are Params but no component (facedown cost, Temple Sun …) from ``data.PARAMS``.

Element ids (stable from one position to the next; ``S`` is a seat 0-based, ``P`` a path colour):
``status``; ``path-P``, ``spot-P-K`` (K = 1..Cusco), ``raymi-P-STEP``, ``cusco``, ``ayar-P`` (piece),
``tambo-P-K`` (piece: a Tambo on a spot); ``temple-P`` (a temple row); ``lake``, ``textile-stack-I``,
``textile-TNN`` (piece: a Textile on its stack or in a weaving area), ``market-I``, ``pot-N`` (piece: a
face-up Pot by id), ``pot-stack``, ``terrace``, ``terrace-K``, ``route-K`` (K = 0 is the dock), ``lake-A`` ..
``lake-D``, ``boat-S`` (piece); per seat ``seatS`` (the board), ``seatS-head``, ``seatS-sun``, ``seatS-moon``,
``seatS-llamas``, ``seatS-inti``, ``seatS-temples``, ``seatS-slot-r1`` .. ``seatS-slot-c4``, ``seatS-cell-r1c1``,
``seatS-tambo-r1c1`` (piece), ``seatS-marker-teal`` .. ``seatS-marker-gold`` (piece), ``seatS-potrow-K``,
``seatS-pot-K`` (piece: a facedown Pot on space K), ``seatS-weave``, ``seatS-weave-r1c1``, ``seatS-box-a`` ..,
``seatS-islandslot-K``, ``seatS-island-K`` (piece: on its slot or on the route), ``seatS-bonus-v1`` ..; solo:
``rival``, ``rival-deck``, ``rival-card-RVNN``. Glyphs shared by many pieces are ``<defs>`` named ``ay-…``.

A target never holds an element with an id (the client takes the nearest element with an id); a piece lying on
a space that can be a target (a Pot in the market, a stack top, a Boat or Island on the route, a Tambo on a spot
with room left) has the class ``passive`` (no pointer events) and the space's hover text names it.

The Step slots, maize boxes, bonus spaces, Tambos and Step markers of the observer's own board name the action a
click on them would mean (``data-action``) whoever is to act, so that its board's parts stay the same from one
turn to the next (the client explains the rule on my turn and says whose turn it is on another's).

The package by area: ``layout`` (colours, sizes, positions, element ids), ``shapes`` (SVG elements and piece
shapes), ``texts`` (hover and rule texts), ``main_board`` (paths, Raymis, temple track), ``lake`` (Textile stacks,
market, terrace, boat route), ``weaving`` (the weaving area), ``seats`` (player boards and the Rival), ``status``
(the status line), ``drawing`` (the document in parts), ``targets`` (targets, buttons, previews).
"""

from __future__ import annotations

from tawa.games.ayar.view.drawing import parts, svg
from tawa.games.ayar.view.layout import (
    PATH_X,
    SPOTS_W,
    TEMPLE_X,
    WEAVE_X,
    WEAVE_Y,
    Layout,
    grid_cell_xy,
    layout,
    potrow_xy,
    reserve_xy,
    route_xy,
    slot_xy,
    spot_id,
    step_x,
)
from tawa.games.ayar.view.targets import is_button, previews, target_of, targets

__all__ = [
    "PATH_X",
    "SPOTS_W",
    "TEMPLE_X",
    "WEAVE_X",
    "WEAVE_Y",
    "Layout",
    "grid_cell_xy",
    "is_button",
    "layout",
    "parts",
    "potrow_xy",
    "previews",
    "reserve_xy",
    "route_xy",
    "slot_xy",
    "spot_id",
    "step_x",
    "svg",
    "target_of",
    "targets",
]
