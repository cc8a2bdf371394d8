"""Sacred Valley on the Tawa engine: the registered ``Game`` subclass, delegating to the game's modules."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from tawa.core.actions import Action
from tawa.core.errors import IllegalAction
from tawa.core.events import Event
from tawa.core.game import BoardView, Game, GameInfo
from tawa.core.params import Params
from tawa.core.registry import register
from tawa.core.results import Standing
from tawa.core.rng import Rng, as_rng
from tawa.games.sacred_valley import data, illegal, observe, render, rules, scoring, setup, strategy, view
from tawa.games.sacred_valley.data import Tables, tables_for
from tawa.games.sacred_valley.rules.actions import action_table
from tawa.games.sacred_valley.rules.common import who
from tawa.games.sacred_valley.state import Mode, SVState, check_invariants


@register
class SacredValley(Game):
    info = GameInfo(
        id="sacred-valley",
        name="Sacred Valley",
        players=(3, 4, 5),
        params=data.PARAMS,
        spec="sacred_valley.md",
        summary="Plant seed tiles on a shared three-level terrace, harvest, hire Camayos (3-5 players).",
        rule_prefix="SV",
        automation_options={"TURN_CAP_ROUNDS": 60},
        short_game=(3, {"TURN_CAP_ROUNDS": 3}),   # the tests' whole game in few decisions
    )
    place_rule = ("SV-062",  # a click on a part of the board that means no action (issue 24)
                  "this part of the board only shows the table: a turn is one regular action (Plant, Harvest, "
                  "Purchase or Work) and the extras, each on a highlighted place or a button")
    state: SVState

    @property
    def tables(self) -> Tables:
        return tables_for(self.params)

    @classmethod
    def check_params(cls, params: Params, players: int) -> None:
        data.check_params(params, players)

    def _setup(self) -> None:
        self.state = SVState.empty(self.players, self.tables)
        self.log.extend(setup.setup(self.state, self.tables, self.params, self.rng))

    # ---------------------------------------------------------------- engine hooks
    @property
    def current_player(self) -> int | None:
        return None if self.state.mode == Mode.OVER else self.state.active

    @property
    def is_over(self) -> bool:
        return self.state.mode == Mode.OVER

    def _legal_actions(self) -> list[Action]:
        return rules.legal(self.state, self.tables, self.params)

    def _apply(self, action: Action) -> list[Event]:
        return rules.apply(self.state, self.tables, self.params, self.rng, action)

    def _explain(self, action_id: str) -> IllegalAction | None:
        return illegal.explain(self.state, self.tables, self.params, action_id)

    def scores(self) -> list[float]:
        return [float(v) for v in scoring.scores(self.state, self.tables)]

    def ranking(self) -> list[int]:
        return scoring.ranking(self.state, self.tables)

    def standings(self) -> list[Standing]:
        return scoring.standings(self.state, self.tables)

    board_view: ClassVar[BoardView | None] = view  # the board in the browser (the view package)

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self.state, self.tables, self.params, seat)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        observe.resample_hidden(self.state, self.tables, self.params, seat, rng)

    def scramble_hidden(self, seat: int, rng: Rng) -> Self:
        """Test hook: also change every other player's coins (never part of ``observation(seat)``, SV-600)."""
        r = as_rng(rng)
        g = self.determinize(seat, r)
        if not g.is_over:
            observe.scramble_coins(g.state, seat, r)
            g.invalidate_cache()
        return g

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> SVState:
        return SVState.from_dict(data, tables_for(params), params, players)

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return list(action_table(tables_for(params), params, players).ids)

    def check_invariants(self) -> None:
        check_invariants(self.state, self.tables, self.params)

    @property
    def capped(self) -> bool:
        return self.state.capped

    # ---------------------------------------------------------------- what players read
    def seat_label(self, seat: int) -> str:
        return who(self._check_seat(seat, spectator=False))

    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        return render.render_parts(self.state, self.tables, self.params, seat, width)

    def help_text(self, action: Action) -> str:
        return render.help_text(self.state, self.tables, self.params, action)

    # ---------------------------------------------------------------- what bots and the lab know (strategy.py)
    search_defaults = strategy.SEARCH_DEFAULTS
    evaluate = strategy.evaluate
    report_extras = strategy.report_extras

    def progress_weights(self, actions: Sequence[Action]) -> list[float] | None:
        return strategy.progress_weights(self.state, actions)
