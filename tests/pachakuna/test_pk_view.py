"""The P'achakuna board in the browser (issue 18): the observation's geometry keys, the SVG view, its targets,
buttons and previews (games/pachakuna/view.py)."""
from __future__ import annotations

import pytest

from tawa.games.pachakuna.testing import make_game


@pytest.mark.rule("PK-011", "PK-041", "PK-340")
def test_observation_names_village_cells_and_tile_regions_from_the_options():
    """A view reads the geometry from the observation, so options that move villages or change the tile set
    show on the board."""
    swapped = {"red": (0, 4), "orange": (4, 0), "yellow": (-4, 4), "green": (-4, 0), "blue": (0, -4),
               "purple": (4, -4)}
    tiles = {"F": (("M", (0, 1)), ("V", (2, 3, 4, 5))), "N": (("V", (0, 1, 2)), ("M", (3, 4, 5))),
             "M": (("M", (0, 1, 2, 3)), ("V", (4, 5)))}
    obs = make_game("A", VILLAGE_COLOURS=swapped, TILE_TYPES=tiles).observation(None)
    assert obs["village_cells"] == {"white": "0,0", "red": "0,4", "orange": "4,0", "yellow": "-4,4",
                                    "green": "-4,0", "blue": "0,-4", "purple": "4,-4"}
    assert obs["tile_types"]["N"] == [["V", [0, 1, 2]], ["M", [3, 4, 5]]]
    default = make_game("B").observation(0)
    assert default["village_cells"]["red"] == "4,0" and default["village_cells"]["white"] == "0,0"
    assert default["tile_types"]["M"] == [["M", [0, 1, 2, 3]], ["V", [4, 5]]]
