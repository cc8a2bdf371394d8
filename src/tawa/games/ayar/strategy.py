"""Ayar evaluator. The final score is min(Sun, Moon) after the Llamas are allocated to the
weaker track (AY-481..AY-485), and Sun and Moon mostly come at night, so a position is
valued by a *projection* of each seat's final score, the same one the balance planner uses
(``tawa.games.ayar.projection.estimate``):

- Sun: ``sun`` + ``inti`` x nights still to come (each Dusk adds Inti to Sun, AY-450), the
  Raymi tiles still to score at half their activity's Sun value, Temple markers' Sun;
- Moon: ``moon`` + the seat's four activity Moon values (AY-443) and complete V5 Moon
  spaces (AY-391) paid again at every Night still to come + the Moon of the Step slots
  where the seat's markers lie this round (AY-440);
- value = projected min + 0.1 x projected max + 0.6 per Llama + 0.5 per bonus-space step.

The evaluation is the lead of that value over the best other seat, squashed with a scale
of 8. Reads ``view.state.round``, ``.raymi``, ``.temple``, ``.t`` (board data) and
``.players[i]`` (Sun, Moon, Inti, Llamas, laid markers, activity boards, bonus spaces) of
the determinized view (all public). One player (solo): its value against a par of 0.

Defaults: ``greedy`` samples 4 worlds (200 games against random, seeds 7000-7199: 95% with
4 samples, 87% with 2; the earlier, thinner projection had 82-83%); ``ismcts`` 350
iterations with uniform random rollouts (measured strong here; the progress-biased
default was not better in a small check)."""
from __future__ import annotations

from collections import defaultdict
from typing import Any

from tawa.core.game import Game
from tawa.core.registry import new_game
from tawa.core.strategy import outcome_value, squash
from tawa.games.ayar.projection import estimate

NIGHT = {"temple", "moon", "dusk", "final"}  # event kinds of the night scoring (report extras)

SCALE = 8.0


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    mine = estimate(view, seat)
    others = [estimate(view, s) for s in range(view.players) if s != seat]
    return squash(mine - (max(others) if others else 0.0), SCALE)


SEARCH_DEFAULTS: dict[str, float | str] = {"iters": 350, "rollout": "random", "samples": 4}
"""The bots' search settings for this game (``Game.search_defaults``); a bot spec's own settings win."""


def report_extras(g: Game) -> dict[str, Any]:
    """For ``tawa report``: Sun and Moon gained by activity. The finished game is replayed (same seed, options
    and history) and each action's Sun/Moon change is credited to the action's first word (the activity:
    ``maize``, ...), or to ``night`` when the action ran the night scoring (its events include temple, moon,
    dusk or final)."""
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
