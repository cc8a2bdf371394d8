"""Ayar: Children of the Sun (1-4 players, spec AY): importing the package registers the game as "ayar"."""

from tawa.games.ayar.game import AyarGame

__all__ = ["AyarGame"]
