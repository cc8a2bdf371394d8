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
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, TypeVar

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.game import Game
from tawa.core.params import Params
from tawa.core.registry import new_game
from tawa.core.strategy import outcome_value, squash
from tawa.games.ayar.data import ACTIVITY_NAMES, ROUNDS, Tables, tables
from tawa.games.ayar.rules import advance_step, legal, perform
from tawa.games.ayar.rules.activities import night_moon_bonus
from tawa.games.ayar.rules.night import night_moon
from tawa.games.ayar.scoring import moon_values, sun_value
from tawa.games.ayar.state import AyarState, BonusCheck, NightStep, Phase

SEARCH_DEFAULTS: dict[str, float | str] = {"iters": 350, "rollout": "random", "samples": 4}
"""The bots' search settings for this game (``Game.search_defaults``); a bot spec's own settings win."""

T = TypeVar("T")

SCALE = 8.0
STOP_WEIGHT = 0.15  # progress weight of "... done": stopping early is allowed but rarely good


def estimate(st: AyarState, t: Tables, params: Params, seat: int) -> float:
    """Projected min(Sun, Moon) at game end for ``seat`` (a rough heuristic, not a rule)."""
    p = st.players[seat]
    if st.final:
        return float(st.final[seat].final)
    nights_left = ROUNDS - st.round + 1  # AY-004: one Night per round
    moon_now = sum(moon_values(p, t, params.SET_MOON).values()) + night_moon_bonus(p, t)
    markers = sum(t.slot_moon[x.slot] for x in p.laid)
    sun: float = p.sun + p.inti * nights_left
    for tile in st.raymi:  # Raymi tiles to come pay the activity's Sun at later Dusks
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


# ---------------------------------------------------------------- report extras: Sun and Moon by source
TEMPLES = "Temples"
CLAN = "clan bonuses"
VIRACOCHA = "Viracocha spaces"
LLAMAS = "Llamas"


class SourceLedger:
    """Sun, Moon and Inti of each seat by where they came from, kept while a game is replayed step by step.

    Sun comes from Temples (AY-174, AY-432), from the Inti paid at each Dusk (AY-450) and from the final Llamas
    (AY-482); the Inti of a Dusk is split by the sources of the Inti dial (the activity of each Raymi scoring,
    AY-217; clan bonuses, AY-219; the V4 bonus space, AY-390), so Sun is credited to the activity whose Raymi
    tile raised the dial. Moon comes from the Night's scoring (Step markers, the four activities, V5:
    ``night.night_moon``), from clan bonuses (AY-176) and from the final Llamas."""

    def __init__(self, players: int) -> None:
        self.sun: list[dict[str, int]] = [defaultdict(int) for _ in range(players)]
        self.moon: list[dict[str, int]] = [defaultdict(int) for _ in range(players)]
        self.inti: list[dict[str, int]] = [defaultdict(int) for _ in range(players)]

    def step(self, st: AyarState, t: Tables, params: Params, run: Callable[[], T]) -> T:
        """Run one step of the game (an action, or one automatic step), credit what it changed and return what
        the step returned."""
        kind = _step_kind(st)
        before = [(p.sun, p.moon, p.inti) for p in st.players]
        tiles = list(st.raymi)
        moon_parts = [night_moon(st, t, params, p) for p in st.players] if kind == "moon" else []
        dusk = [dict(x) for x in self.inti] if kind == "dusk" else []
        result = run()
        scored = [a for a, b in zip(tiles, st.raymi, strict=True) if a and not b and kind != "retire"]
        inti_source = ACTIVITY_NAMES[scored[0]] if scored else (CLAN if kind == "lanes" else VIRACOCHA)
        for s, p in enumerate(st.players):
            sun, moon, inti = p.sun - before[s][0], p.moon - before[s][1], p.inti - before[s][2]
            if inti:
                self.inti[s][inti_source] += inti
            if kind == "moon":
                _add(self.moon[s], moon_parts[s])
            elif moon:
                self.moon[s][CLAN] += moon  # AY-176 the only Moon of a Day turn
            if kind == "dusk":
                _add(self.sun[s], dusk[s])
            elif sun:
                self.sun[s][TEMPLES] += sun  # AY-174 and AY-432: the other Sun of the game
            if st.final and kind == "preparation":  # AY-481..AY-483 the Llamas, spent at the end
                self.sun[s][LLAMAS] += st.final[s].sun - p.sun
                self.moon[s][LLAMAS] += st.final[s].moon - p.moon
        return result

    def totals(self) -> dict[str, Any]:
        def clean(rows: list[dict[str, int]]) -> list[dict[str, int]]:
            return [{k: v for k, v in row.items() if v} for row in rows]

        return {"Sun by source": clean(self.sun), "Moon by source": clean(self.moon)}


def _add(into: dict[str, int], parts: dict[str, int]) -> None:
    for k, v in parts.items():
        into[k] += v


def _step_kind(st: AyarState) -> str:
    """What the next step of the flow is: ``"token"`` (a Viracocha placement), a Night step (``"moon"``,
    ``"dusk"`` ...), a check of step 5 (``"lanes"`` ...), or the phase (``"pot"``, ``"end"`` ...)."""
    if st.tok_n > 0:
        return "token"
    if st.phase == Phase.NIGHT:
        return NightStep(st.night_step).name.lower()
    if st.phase == Phase.BONUS:
        return BonusCheck(st.b5).name.lower()
    return st.phase.word


def report_extras(g: Game) -> dict[str, Any]:
    """For ``tawa report``: each seat's final Sun and Moon by source (``SourceLedger``). The finished game is
    replayed (same seed, options and history) through the rules one step at a time."""
    r = new_game(g.info.id, g.players, g.seed, g.options)
    st, params, rng = r.state, r.params, r.rng
    t = tables(params, g.players)
    ledger = SourceLedger(g.players)
    events: list[Event] = []
    for aid in g.history:
        action = next(a for a in legal(st, t, params) if a.id == aid)
        ledger.step(st, t, params, partial(perform, st, t, params, action, events))
        while ledger.step(st, t, params, partial(advance_step, st, t, params, rng, events)):
            pass
    return {"seat_values": ledger.totals()}
