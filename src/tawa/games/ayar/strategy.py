"""What the bots, the playouts and the reports know of Ayar (not rules): the projection of a seat's final
score, the evaluator built on it, the search defaults, the progress weights and the report's extras.

The final score is min(Sun, Moon) after the Llamas are allocated to the weaker track (AY-481..AY-485), and
Sun and Moon mostly come at night, so a position is valued by a *projection* of each seat's final score
(``estimate``), which ``scripts/ayar_balance.py``'s turn planner uses too:

- Sun: ``sun`` + ``inti`` x nights still to come (each Dusk adds Inti to Sun, AY-450), the Raymi tiles still
  on the board at half the Sun value of their activity for the later Dusks (AY-217/AY-223), the Temple
  markers' Sun per Night (TEMPLE_SUN_PER_NIGHT);
- Moon: ``moon`` + the four activity Moon values (AY-443) and the complete V5 Moon bonus spaces (AY-391)
  x nights left + the Moon of the Step markers laid this round (AY-440);
- value = projected min + 0.1 x projected max (the tie-break and the stronger track's lead) + 0.6 per Llama
  (Llamas fill the weaker track) + 0.5 per bonus-space step.

The evaluation is the lead of that value over the best other seat, squashed with a scale of 8. It reads the
determinized view's state (all public). One player (solo): its value against a par of 0.

Defaults: ``greedy`` samples 4 worlds (200 games against random, seeds 7000-7199: 95% with 4 samples, 87% with
2; the earlier, thinner projection had 82-83%); ``ismcts`` 350 iterations with uniform random rollouts
(measured strong here; the progress-biased default was not better in a small check).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from tawa.core.actions import Action
from tawa.core.game import Game
from tawa.core.params import Params
from tawa.core.registry import new_game
from tawa.core.strategy import outcome_value, squash
from tawa.games.ayar.activities import night_moon_bonus
from tawa.games.ayar.data import ROUNDS, Tables, tables
from tawa.games.ayar.scoring import moon_values, sun_value
from tawa.games.ayar.state import AyarState

SEARCH_DEFAULTS: dict[str, float | str] = {"iters": 350, "rollout": "random", "samples": 4}
"""The bots' search settings for this game (``Game.search_defaults``); a bot spec's own settings win."""

SCALE = 8.0
STOP_WEIGHT = 0.15   # progress weight of "... done": stopping early is allowed but rarely good

NIGHT = {"temple", "moon", "dusk", "final"}  # event kinds of the night scoring (report extras)


def estimate(st: AyarState, t: Tables, params: Params, seat: int) -> float:
    """Projected min(Sun, Moon) at game end for ``seat`` (a rough heuristic, not a rule)."""
    p = st.players[seat]
    if st.final:
        return float(st.final[seat].final)
    nights_left = ROUNDS - st.round + 1  # AY-004: one Night per round
    moon_now = sum(moon_values(p, t, params.SET_MOON).values()) + night_moon_bonus(p, t)
    markers = sum(t.slot_moon[x.slot] for x in p.laid)
    sun: float = p.sun + p.inti * nights_left
    for tile in st.raymi:                      # Raymi tiles to come pay the activity's Sun at later Dusks
        if tile:
            sun += 0.5 * sun_value(p, t, tile) * max(nights_left - 1, 0.5)
    sun += sum(params.TEMPLE_SUN_PER_NIGHT * (st.round + 1) for row in st.temple if seat in row)
    moon = p.moon + moon_now * nights_left + markers
    lo, hi = min(sun, moon), max(sun, moon)
    return float(lo + 0.1 * hi + 0.6 * p.llamas + 0.5 * sum(p.bonus))


def game_estimate(g: Game, seat: int) -> float:
    """``estimate`` of a game (or a bot's determinized view of one)."""
    return estimate(g.state, tables(g.params, g.players), g.params, seat)


def evaluate(view: Game, seat: int) -> float:
    """``Game.evaluate``: the seat's projected lead over the best other seat, in (-0.9, 0.9); the outcome once
    the game is over."""
    if view.is_over:
        return outcome_value(view, seat)
    mine = game_estimate(view, seat)
    others = [game_estimate(view, s) for s in range(view.players) if s != seat]
    return squash(mine - (max(others) if others else 0.0), SCALE)


def progress_weights(actions: Sequence[Action]) -> list[float]:
    """Stopping early is allowed but rarely good; make random playouts use their power."""
    return [STOP_WEIGHT if a.id.endswith(" done") else 1.0 for a in actions]


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
