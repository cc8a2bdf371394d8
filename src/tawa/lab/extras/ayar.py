"""Ayar extras: Sun and Moon gained by activity. The finished game is replayed (same seed,
options and history) and each action's Sun/Moon change is credited to the action's first
word (the activity: ``maize``, ...), or to ``night`` when the action ran the night scoring
(its events include temple, moon, dusk or final)."""
from __future__ import annotations

from collections import defaultdict
from typing import Any

from tawa.core.game import Game
from tawa.core.registry import new_game
from tawa.lab.extras import register_extras

NIGHT = {"temple", "moon", "dusk", "final"}


def extras(g: Game) -> dict[str, Any]:
    r = new_game(g.info.id, g.players, g.seed, g.options)
    sun: list[dict[str, int]] = [defaultdict(int) for _ in range(g.players)]
    moon: list[dict[str, int]] = [defaultdict(int) for _ in range(g.players)]
    for aid in g.history:
        before = [(p.sun, p.moon) for p in r.state.players]
        events = r.apply(aid)
        key = "night" if any(e.kind in NIGHT for e in events) else aid.split(" ", 1)[0]
        for s, p in enumerate(r.state.players):
            ds, dm = p.sun - before[s][0], p.moon - before[s][1]
            if ds:
                sun[s][key] += ds
            if dm:
                moon[s][key] += dm
    return {"seat_values": {"Sun by activity": [dict(d) for d in sun],
                            "Moon by activity": [dict(d) for d in moon]}}


register_extras("ayar", extras)
