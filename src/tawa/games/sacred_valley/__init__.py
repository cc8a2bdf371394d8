"""Sacred Valley (3-5 players): the game registers itself as "sacred-valley" on import."""
from tawa.games.sacred_valley.game import SacredValley

__all__ = ["SacredValley"]
