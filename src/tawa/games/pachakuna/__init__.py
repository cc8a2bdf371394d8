"""P'achakuna (2 players, spec PK): importing the package registers the game as "pachakuna"."""

from tawa.games.pachakuna.game import PachakunaGame

__all__ = ["PachakunaGame"]
