"""Guatavita on the Tawa engine: drain the legendary lake (2-4 players, optional La Balsa).

The registered game declares its functions for ``TabledGame``: rules in ``rules/``, setup in ``setup.py``,
refusals in ``illegal.py``, scores in ``scoring.py``, views in ``observe.py`` and ``render.py``, bot knowledge in
``strategy.py``, data and tables in ``data.py``, the state and its JSON form in ``state.py``.
"""

from __future__ import annotations

from tawa.core.game import GameInfo
from tawa.core.registry import register
from tawa.core.tabled import Delegates, TabledGame
from tawa.games.guatavita import illegal, observe, render, rules, scoring, setup, strategy, view
from tawa.games.guatavita.data import PARAMS, Tables, check_params, tables
from tawa.games.guatavita.rules.common import name
from tawa.games.guatavita.rules.invariants import check_invariants
from tawa.games.guatavita.state import GuatavitaState, Phase, from_dict

_OVER = Phase.OVER  # enum attribute lookups are slow in Python 3.11; ``is_over`` is asked very often


@register
class GuatavitaGame(TabledGame[GuatavitaState, Tables]):
    """Guatavita (Azahar Juegos): worker placement and exploration over a draining lake."""

    info = GameInfo(
        id="guatavita",
        name="Guatavita",
        players=(2, 3, 4),
        params=PARAMS,
        spec="guatavita.md",
        summary="Drain the legendary lake tile by tile: plan workers, machines and pipes, then resolve.",
        rule_prefix="GV",
        automation_options={"MAX_ROUNDS": 40},  # GV-863
        short_game=(3, {"MAX_ROUNDS": 2}),  # the tests' whole game in few decisions
    )
    place_rule = (
        "GV-070",  # a click on a part of the board that means no action (issue 24)
        "this part of the board only shows the table: a planning turn is one placement (an action box, a "
        "lake hex) or a pass, each on a highlighted place or a button",
    )
    delegates = Delegates(
        tables=lambda params, players: tables(params),
        check_params=check_params,
        new_state=lambda players, t: GuatavitaState(players, t.npos),
        load_state=from_dict,
        setup=setup.setup,
        legal=rules.legal,
        apply=rules.apply,
        explain=illegal.explain,
        action_ids=lambda t, params, players: rules.action_moves(t, params),
        observation=observe.observation,
        resample_hidden=observe.resample_hidden,
        check_invariants=check_invariants,
        scores=lambda s, t, params: [float(x) for x in scoring.final_scores(s, t, params)],
        ranking=scoring.ranking,
        standings=scoring.standings,
        render_parts=render.render_parts,
        help_text=render.help_text,
        progress_weights=lambda s, t, params, actions: strategy.progress_weights(s, t, actions),
        strategy=strategy,
        view=view,
    )

    @property
    def current_player(self) -> int | None:
        d = self.state.decision
        return None if d is None else d.seat

    @property
    def is_over(self) -> bool:
        return self.state.stage == _OVER

    @property
    def capped(self) -> bool:
        return self.state.capped

    def seat_label(self, seat: int) -> str:
        return name(self.state, self._check_seat(seat, spectator=False))
