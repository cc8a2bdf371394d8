"""The P'achakuna game class: the Tawa engine hooks, each delegating to the package's modules."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tawa.core.actions import Action
from tawa.core.errors import BadOption, IllegalAction
from tawa.core.events import Event
from tawa.core.game import BoardView, Game, GameInfo
from tawa.core.params import Params
from tawa.core.registry import register
from tawa.core.results import Standing
from tawa.core.rng import Rng
from tawa.games.pachakuna import observe, render, rules, scoring, strategy, view
from tawa.games.pachakuna.data import AUTOMATION_TURN_CAP, PARAMS, PLAYERS, Tables, tables
from tawa.games.pachakuna.illegal import explain
from tawa.games.pachakuna.rules.demands import refill_never_fails
from tawa.games.pachakuna.rules.invariants import check_invariants
from tawa.games.pachakuna.setup import setup
from tawa.games.pachakuna.state import PKState, Step

_OVER = Step.OVER  # read on every engine call: a module name is found faster than an Enum class's attribute


@register
class PachakunaGame(Game):
    info = GameInfo(
        id="pachakuna",
        name="P'achakuna",
        players=(PLAYERS,),
        params=PARAMS,
        spec="pachakuna.md",
        summary="Rotate hex tiles to open valley and mountain paths, deliver dyes between 7 villages; first to "
                "hold all 7 colours wins.",
        rule_prefix="PK",
        # [D] PK-320: tests, `tawa simulate` and bot-only `tawa play` end a game that nobody wins (uniform random
        # P'achakuna rarely opens a route) as a draw by the turn cap
        automation_options={"TURN_CAP": AUTOMATION_TURN_CAP},
        short_game=(2, {"TURN_CAP": 24}),   # the tests' whole game in few decisions
    )
    place_rule = ("PK-111",  # a click on a part of the board that means no action (issue 24)
                  "this part of the board only shows the table: a turn is Rotate, Move, Trade, Refill, each choice "
                  "on a highlighted place or a button")
    state: PKState
    board_view: ClassVar[BoardView | None] = view  # the board in the browser (the view package)

    @property
    def tables(self) -> Tables:
        return tables(self.params)

    @classmethod
    def check_params(cls, params: Params, players: int) -> None:
        """A demand list whose refill never fails (PK-281). (TILE_TYPES and TILE_COUNTS overrides merge with the
        defaults, so the layouts never lack a tile type.)"""
        problem = refill_never_fails(tables(params), params)
        if problem:
            raise BadOption(f"option {PARAMS.params['DEMANDS'].label}: {problem}")

    # ------------------------------------------------------------------ flow
    def _setup(self) -> None:
        self.state = PKState()
        self.log.extend(setup(self.state, self.tables, self.params, self.rng))

    @property
    def current_player(self) -> int | None:
        return None if self.state.step == _OVER else self.state.active

    @property
    def is_over(self) -> bool:
        return self.state.step == _OVER

    def _legal_actions(self) -> list[Action]:
        return rules.legal(self.state, self.tables, self.params)

    def _apply(self, action: Action) -> list[Event]:
        return rules.apply(self.state, self.tables, self.params, self.rng, action)

    def _explain(self, action_id: str) -> IllegalAction | None:
        return explain(self.state, self.tables, self.params, action_id)

    @property
    def capped(self) -> bool:
        return self.state.draw

    def check_invariants(self) -> None:
        check_invariants(self.state, self.tables, self.params)

    # ------------------------------------------------------------------ results (PK-300..PK-307)
    def scores(self) -> list[float]:
        return scoring.scores(self.state)

    def ranking(self) -> list[int]:
        return scoring.ranking(self.state)

    def standings(self) -> list[Standing]:
        return scoring.standings(self.state)

    # ------------------------------------------------------------------ information
    def _observation(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self.state, self.tables, self.params, seat)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        observe.resample_hidden(self.state, self.tables, self.params, seat, rng)

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> PKState:
        return PKState.from_dict(data, tables(params), params)

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return rules.action_ids(tables(params))

    # ------------------------------------------------------------------ display
    def seat_label(self, seat: int) -> str:
        return render.seat_label(self.state, self._check_seat(seat, spectator=False))

    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        return render.render_parts(self.state, self.tables, self.params, seat, width)

    def help_text(self, action: Action) -> str:
        return render.help_text(self.state, self.tables, self.params, action)

    def rotation_warning(self, action: Action | str) -> str | None:
        """PK-325: the warning for a rotation (an offered action or its id) that strands one of the player's own
        llamas; None for any other action."""
        offered = action if isinstance(action, Action) else next(
            (a for a in self.legal_actions() if a.id == action), None)
        return None if offered is None else render.rotation_warning(self.state, self.tables, offered)

    # ---------------------------------------------------------------- what bots and the lab know (strategy.py)
    def progress_weights(self, actions: Sequence[Action]) -> list[float]:
        return strategy.progress_weights(self.state, self.tables, self.params, actions)

    search_defaults = strategy.SEARCH_DEFAULTS
    evaluate = strategy.evaluate
    report_extras = strategy.report_extras
