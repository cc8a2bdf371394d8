"""Guatavita on the Tawa engine: drain the legendary lake (2-4 players, optional La Balsa).

The registered ``Game`` subclass only delegates: rules in ``rules/``, setup in ``setup.py``, refusals in
``illegal.py``, scores in ``scoring.py``, views in ``observe.py`` and ``render.py``, bot knowledge in
``strategy.py``, data and tables in ``data.py``, the state and its JSON form in ``state.py``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tawa.core.actions import Action
from tawa.core.errors import IllegalAction
from tawa.core.events import Event
from tawa.core.game import BoardView, Game, GameInfo
from tawa.core.params import Params
from tawa.core.registry import register
from tawa.core.results import Standing
from tawa.core.rng import Rng
from tawa.games.guatavita import illegal, observe, render, rules, scoring, setup, strategy, view
from tawa.games.guatavita.data import PARAMS, Tables, check_params, tables
from tawa.games.guatavita.rules.common import name
from tawa.games.guatavita.rules.invariants import check_invariants
from tawa.games.guatavita.state import Stage, State, from_dict

_OVER = Stage.OVER  # enum attribute lookups are slow in Python 3.11; ``is_over`` is asked very often


@register
class GuatavitaGame(Game):
    """Guatavita (Azahar Juegos): worker placement and exploration over a draining lake."""

    info = GameInfo(
        id="guatavita",
        name="Guatavita",
        players=(2, 3, 4),
        params=PARAMS,
        spec="../shared/rules/guatavita.md",
        summary="Drain the legendary lake tile by tile: plan workers, machines and pipes, then resolve.",
        rule_prefix="GV",
        automation_options={"MAX_ROUNDS": 40},  # GV-863
        short_game=(3, {"MAX_ROUNDS": 2}),   # the tests' whole game in few decisions
    )
    place_rule = ("GV-070",  # a click on a part of the board that means no action (issue 24)
                  "this part of the board only shows the table: a planning turn is one placement (an action box, a "
                  "lake hex) or a pass, each on a highlighted place or a button")
    state: State
    board_view: ClassVar[BoardView | None] = view  # the board in the browser (the view package)

    @property
    def tables(self) -> Tables:
        """The lookup tables of this game's params (kept on the game: clones and loaded games look them up once)."""
        tb: Tables | None = self.__dict__.get("_tables")
        if tb is None:
            tb = self.__dict__["_tables"] = tables(self.params)
        return tb

    # ------------------------------------------------------------------ engine hooks
    def _setup(self) -> None:
        self.state = State(self.players, self.tables.npos)
        self.log.extend(setup.setup(self.state, self.tables, self.params, self.rng))

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

    def _legal_actions(self) -> list[Action]:
        return rules.legal(self.state, self.tables, self.params)

    def _apply(self, action: Action) -> list[Event]:
        return rules.apply(self.state, self.tables, self.params, self.rng, action)

    def _explain(self, action_id: str) -> IllegalAction | None:
        return illegal.explain(self.state, self.tables, self.params, action_id)

    def scores(self) -> list[float]:
        return [float(x) for x in scoring.final_scores(self.state, self.tables, self.params)]

    def ranking(self) -> list[int]:
        return scoring.ranking(self.state, self.tables, self.params)

    def standings(self) -> list[Standing]:
        return scoring.standings(self.state, self.tables, self.params)

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self.state, self.tables, self.params, seat)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        observe.resample_hidden(self.state, self.tables, self.params, seat, rng)

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> State:
        return from_dict(data, tables(params), params, players)

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return list(rules.action_moves(tables(params), params))

    @classmethod
    def check_params(cls, params: Params, players: int) -> None:
        check_params(params, players)

    def check_invariants(self) -> None:
        check_invariants(self.state, self.tables, self.params)

    # ------------------------------------------------------------------ what a player reads
    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        return render.render_parts(self.state, self.tables, self.params, seat, width)

    def help_text(self, action: Action) -> str:
        return render.help_text(self.state, self.tables, self.params, action)

    def seat_label(self, seat: int) -> str:
        return name(self.state, self._check_seat(seat, spectator=False))

    # ------------------------------------------------------------------ what bots and the lab know (strategy.py)
    search_defaults = strategy.SEARCH_DEFAULTS
    evaluate = strategy.evaluate
    report_extras = strategy.report_extras

    def progress_weights(self, actions: Sequence[Action]) -> list[float] | None:
        return strategy.progress_weights(self.state, self.tables, actions)
