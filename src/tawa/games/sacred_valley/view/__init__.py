"""The Sacred Valley table in the browser (issue 18): pure functions of one observation dict (SV-600–SV-607).

``svg(obs)`` draws the table as the rulebook lays it out (spec §6.1): the Seed Catu (Main and Vine) on the left,
the three-level Terrace in the centre with its stone risers, covers and river edge, the Harvest Track below it,
the Camayo Catu with the three Age piles on the right, and every player's board along the bottom (Technology
storage, Warehouse, Camayo Work Zone with one-shot markers, debts, coins: the seat's own only, SV-600).
``targets(obs, legal)`` names the element each legal action is about; ``is_button`` the actions about none;
``previews`` draws, for the chooser beside a grid, the tile each plant/clean/Saboteur action would put there
with the Farmland it would make, the alpaca a Herder move would bring and the pair a Weaver use discards.

Only the observation is read (never the game): a seat is shown exactly what it may see. Printed data (crops,
Camayo costs and rewards) and the fixed [R] numbers come from ``data``; the [P] options the board shows
(HARVEST_TRACK, MAIN_CATU_PRICES, TECH_COSTS, VINE_CATU_CAPACITY, FIRST_ROW, CROSS_LEVEL_ADJACENCY, LAYOUT) from
the observation.

Element ids (stable from one position to the next): ``cell-r1c3`` (every grid of LAYOUT), ``main-slot1`` ..
``main-slot6``, ``vine-catu``, ``camayo-slot1`` .. ``camayo-slot5`` (slot 1 is the bottom one, SV-261),
``pile-1`` .. ``pile-3``, ``camayo-discard``, ``camayos-removed``, ``camayos-purged``, ``bag``, ``seed-discard``,
``seeds-out``, ``alpaca-reserve``, ``covers-out``, ``harvest-track``, ``crop-chili`` .., ``tech-reserve-chili`` ..,
``status``, ``turn-state``; per seat ``seat2`` (its board), ``seat2-head``, ``seat2-coins``, ``seat2-tech-1`` ..
``seat2-tech-4``, ``seat2-warehouse``, ``seat2-wh-1`` .., ``seat2-camayo-1`` .. ``seat2-camayo-3``, ``seat2-debts``,
``seat2-score`` (at the end). Pieces (``class="piece"``, placed by ``style="transform:translate(..px,..px)"``):
``alpaca-w1`` ``alpaca-w2`` ``alpaca-g1`` ``alpaca-g2``, ``meeple-r3c4`` (a Warrior or Tocricoc meeple: they never
move once placed), ``farmer-s2-1`` (seat 2's first farmer on the Harvest Track), ``cover-2`` / ``cover-3`` (on the
Terrace, in front of a debtor, or out of play), ``seat2-marker-1`` (the one-shot marker on a Work Zone Camayo).
A target never contains an element with an id of its own, so that a click anywhere on it names it.

The package by area: ``layout`` (colours, sizes, positions), ``texts`` (Camayo rules, hover texts, mode texts),
``shapes`` (the pieces), ``terrace`` (the Terrace, its covers and reserve, the Harvest Track), ``catus`` (the Catus,
supplies, Age piles, crops), ``seats`` (status line and player boards), ``drawing`` (the document in parts),
``targets`` (targets, buttons, previews).
"""

from __future__ import annotations

from tawa.games.sacred_valley.view.drawing import parts, svg
from tawa.games.sacred_valley.view.layout import TRACK_W, TRACK_X
from tawa.games.sacred_valley.view.targets import is_button, previews, target_of, targets
from tawa.games.sacred_valley.view.texts import CAMAYO_RULES, CAMAYO_TYPE, camayo_face_text

__all__ = [
    "CAMAYO_RULES",
    "CAMAYO_TYPE",
    "TRACK_W",
    "TRACK_X",
    "camayo_face_text",
    "is_button",
    "parts",
    "previews",
    "svg",
    "target_of",
    "targets",
]
