"""P'achakuna (2 players): rotate hex tiles, move llamas along valleys or mountains, trade dyes (spec PK)."""
from tawa.games.pachakuna import game  # noqa: F401  (registers "pachakuna")
