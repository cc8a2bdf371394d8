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

from tawa.bots.heuristics import outcome_value, register_evaluator, squash
from tawa.core.game import Game
from tawa.games.ayar.projection import estimate

SCALE = 8.0


def evaluate(view: Game, seat: int) -> float:
    if view.is_over:
        return outcome_value(view, seat)
    mine = estimate(view, seat)
    others = [estimate(view, s) for s in range(view.players) if s != seat]
    return squash(mine - (max(others) if others else 0.0), SCALE)


register_evaluator("ayar", evaluate, iters=350, rollout="random", samples=4)
