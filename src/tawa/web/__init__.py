"""Tawa's game server: ``tawa serve`` (lobby, tables with seats for people and bots, spectators, replays,
downloads) and its browser client in ``static/``. ``create_app(settings)`` builds the FastAPI app."""

from tawa.web.app import create_app
from tawa.web.settings import Settings

__all__ = ["Settings", "create_app"]
