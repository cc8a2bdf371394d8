"""The Guatavita table in the browser (issue 18): pure functions of one observation dict (section 5, GV-830..GV-837).

``svg(obs)`` draws the table as the physical game lays it out: the lake in the middle of the main board (37 hexes
by depth, pointy-top, spec T-LAKE screen convention), the pump spots around it (T-PUMPS) and each player's camp in
the board corner nearest to their pump, the score track around the board's edge; on the right the round and
turn order, the action boxes with their slots, and each player's resource board (gold and food tracks, emeralds,
loan track, personal supply, La Balsa's boat). ``targets(obs, legal)`` names the element each legal action is
about; ``is_button`` the actions about none; ``previews`` draws, for a chooser, what each exploration, crossing,
Harvest, declaration, payment or exchange would put down or take. A tile or box that is no target carries the
action a click on it would mean (``data-action``), so the client can ask the server why it is not legal.

Only the observation is read (never the game): an undrained tile shows its water side (GV-834) and, for the seat
that inspected it through La Balsa, its drained side (``known``, GV-832); nobody else's inspection results. Fixed
[R] numbers and the geometry come from ``data``; every overridable value (slots, tracks, prices, caps) from the
observation's ``overrides`` (the game's option values), else the ``data.PARAMS`` default.

Element ids (stable from one position to the next): ``lake``, ``hex-S03`` (each of the 37 lake positions),
``spot-NE`` (the six pump spots), ``action-board``, ``box-camp`` and its slots ``slot-camp-1`` .. (boxes
``sabotage``, ``camp``, ``pumpre``, ``harvest``, ``pioneer``, ``commerce-machine``, ``commerce-pipe``, ``recruit``,
``loan``), ``status``, ``turn-order``, ``emerald-supply``, ``end-triggers``, ``score-track``, ``pieces`` (the
layer of the pieces), ``gv-meeple`` .. (the glyphs in ``<defs>``); per seat ``seat2`` (the resource board),
``seat2-camp`` (the camp in its board corner), ``seat2-balsa`` (the balsa card, La Balsa). Pieces
(``class="piece"``, placed by ``style="transform:translate(..px,..px)"``): ``score-s2``, ``gold-s2``,
``food-s2``, ``loan-s2``, ``camp-marker-s2`` (the markers of the tracks), ``pioneer`` (the Pioneer marker beside
its holder's board), ``balsa-s2`` (on its lake tile, or in its camp before setup and once wrecked), and
``he-S03`` (the head explorer on a lake tile; workers are interchangeable, so an HE is named by its tile). Pieces
over a target (HEs, balsas, the camp marker) let clicks through (``pointer-events="none"``): their tile's or
camp's hover text tells what is there. A target never contains an element with an id of its own, so a click
anywhere on it names it.

The package by area: ``layout`` (positions, colours, sizes, seat colours), ``texts`` (rule texts, the action boxes'
``BOX_ROWS``, ``num``), ``shapes`` (the pieces), ``lake`` (tiles, pump spots, arrows, pieces on the lake), ``camps``
(score track and camps), ``action_board`` (status, turn order, action boxes), ``seats`` (resource boards),
``drawing`` (the document in parts), ``targets`` (targets, buttons, previews).
"""

from __future__ import annotations

from tawa.games.guatavita.view.action_board import free_slot
from tawa.games.guatavita.view.drawing import parts, svg
from tawa.games.guatavita.view.layout import COLOUR_HEX
from tawa.games.guatavita.view.targets import BUTTONS, is_button, previews, target_of, targets
from tawa.games.guatavita.view.texts import BOX_ROWS, RULES, Texts, num

__all__ = [
    "BOX_ROWS",
    "BUTTONS",
    "COLOUR_HEX",
    "RULES",
    "Texts",
    "free_slot",
    "is_button",
    "num",
    "parts",
    "previews",
    "svg",
    "target_of",
    "targets",
]
