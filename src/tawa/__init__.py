"""Tawa: four Andean board games, faithfully ruled, for play, bots and simulation.

import tawa
g = tawa.new_game("sacred-valley", players=4, seed=7)
while not g.is_over:
    g.apply(g.legal_actions()[0])
print(g.scores(), g.winners())
"""

from tawa.core.actions import Action, ActionSpace
from tawa.core.errors import BadOption, BadSeat, BadState, IllegalAction, TawaError, UnknownGame
from tawa.core.events import Event
from tawa.core.game import Game, GameInfo
from tawa.core.params import Param
from tawa.core.registry import from_json, game_class, list_games, new_game, register, replay
from tawa.core.results import Standing
from tawa.core.rng import Rng

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ActionSpace",
    "BadOption",
    "BadSeat",
    "BadState",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Param",
    "Rng",
    "Standing",
    "TawaError",
    "UnknownGame",
    "from_json",
    "game_class",
    "list_games",
    "new_game",
    "register",
    "replay",
]
