"""Guatavita, with the optional La Balsa mini-expansion (2-4 players, spec GV): importing the package registers the
game as "guatavita"."""

from tawa.games.guatavita.game import GuatavitaGame

__all__ = ["GuatavitaGame"]
