"""The encodings as Markdown (the tables of ``docs/rl.md``): ``python -m tawa.rl.describe [GAME ...]``.

For each game: the size of the vector and of the action space for every player count (default options, with the
[D] safety caps automated runs use), then the table of fields for ``DOCUMENTED_PLAYERS`` (the same fields for every
count; only the seat-indexed ones change size). A test checks that ``docs/rl.md`` holds exactly this text.
"""

from __future__ import annotations

import sys

from tawa.core.encoding import encoder_for
from tawa.core.registry import game_class, new_game
from tawa.lab.playout import automated_options

GAMES = ("ayar", "guatavita", "pachakuna", "sacred-valley")
DOCUMENTED_PLAYERS = {"ayar": 2, "guatavita": 3, "pachakuna": 2, "sacred-valley": 3}


def sizes(game_id: str) -> str:
    """One line: the vector size and the number of actions for each player count."""
    parts = []
    for n in game_class(game_id).info.players:
        enc = encoder_for(new_game(game_id, n, 0, automated_options(game_id, None)))
        parts.append(f"{n} player{'' if n == 1 else 's'}: {enc.size:,} values, {enc.actions:,} actions")
    return "; ".join(parts) + "."


def describe(game_id: str) -> str:
    """The Markdown section of one game."""
    n = DOCUMENTED_PLAYERS[game_id]
    enc = encoder_for(new_game(game_id, n, 0, automated_options(game_id, None)))
    name = game_class(game_id).info.name
    return "\n".join(
        [
            f"### {name} (`{game_id}`)",
            "",
            f"Sizes: {sizes(game_id)} The fields, for {n} players:",
            "",
            enc.markdown(),
        ]
    )


def main(argv: list[str] | None = None) -> None:
    games = (argv if argv is not None else sys.argv[1:]) or list(GAMES)
    print("\n\n".join(describe(g) for g in games))


if __name__ == "__main__":  # pragma: no cover
    main()
