"""Ayar: Children of the Sun. Importing the package registers the game."""
from tawa.games.ayar import game as _game  # noqa: F401
