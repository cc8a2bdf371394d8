"""Guatavita (with the optional La Balsa mini-expansion). Importing registers the game."""
from tawa.games.guatavita.game import GuatavitaGame

__all__ = ["GuatavitaGame"]
