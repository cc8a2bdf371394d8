"""Sacred Valley (3-5 players, spec SV): importing the package registers the game as "sacred-valley"."""

from tawa.games.sacred_valley.game import SacredValley

__all__ = ["SacredValley"]
