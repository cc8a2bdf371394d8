"""Ayar evaluator. The final score is min(Sun, Moon) after the Llamas are allocated to the
weaker track (AY-481..AY-485), and Sun and Moon mostly come at night, so a position is
valued by a *projection* of each seat's final score:

- Sun: ``sun`` + ``inti`` x nights still to come (each Dusk adds Inti to Sun, AY-450);
- Moon: ``moon`` + the Moon printed on the Step slots where the seat's markers lie this
  round (``state.t.slot_moon``, paid at the Night, AY-440) + the seat's four activity
  Moon values (AY-443), paid again at every Night still to come, computed by the game's
  own published formula ``tawa.games.ayar.scoring.moon_values`` on the seat's public
  player board;
- Llamas (``llamas``) fill the gap between the two tracks, the rest is split evenly;
- value = projected min + 0.2 x projected max (the tie-break and the stronger track's lead).

The evaluation is the lead of that value over the best other seat, squashed with a scale
of 8. Reads ``view.state.round``, ``view.state.t`` (board data) and
``view.state.players[i]`` (Sun, Moon, Inti, Llamas, laid markers, activity boards) of the
determinized view (all public). One player (solo): its value against a par of 0.
Search defaults: 350 iterations, uniform random rollouts (measured strong here; the
progress-biased default was not better in a small check)."""
from __future__ import annotations

from tawa.bots.heuristics import outcome_value, register_evaluator, squash
from tawa.core.game import Game

SCALE = 8.0
NIGHTS = 4  # AY: the game ends after the fourth night


def projected(view: Game, seat: int) -> float:
    st = view.state
    p = st.players[seat]
    nights_left = max(0, NIGHTS - int(st.round) + 1)
    sun = p.sun + p.inti * nights_left
    from tawa.games.ayar.scoring import moon_values

    per_night = sum(moon_values(p, st.t, view.params.SET_MOON).values())
    moon = p.moon + sum(st.t.slot_moon[slot] for _, slot, _ in p.laid) + per_night * nights_left
    low, high = sorted((float(sun), float(moon)))
    fill = min(float(p.llamas), high - low)
    low += fill
    rest = p.llamas - fill
    low, high = low + rest / 2, high + rest / 2
    return low + 0.2 * high


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    mine = projected(view, seat)
    others = [projected(view, s) for s in range(view.players) if s != seat]
    return squash(mine - (max(others) if others else 0.0), SCALE)


register_evaluator("ayar", evaluate, iters=350, rollout="random")
