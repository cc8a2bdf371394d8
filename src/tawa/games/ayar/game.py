"""Ayar: Children of the Sun (Lopiano & Fernández-Grandon, Osprey 2025) on the Tawa engine.

Spec: ../shared/rules/ayar.md (prefix AY). 1-4 players; with 1 player the solo Rival plays after each turn.
The registered ``Game`` only delegates: data.py (Params, tables), state.py, setup.py, rules/ (legal and apply
in __init__; turn.py, activities.py, solo.py, night.py, texts.py), illegal.py, scoring.py, observe.py,
render.py, strategy.py, view/.
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
from tawa.games.ayar import illegal, observe, render, rules, scoring, setup, strategy, view
from tawa.games.ayar.data import PARAMS, PLAYER_COUNTS, SCORE_TARGETS, Tables, check_params, solo_title, tables
from tawa.games.ayar.rules import texts
from tawa.games.ayar.state import AyarState, Phase, check_invariants


@register
class AyarGame(Game):
    info: ClassVar[GameInfo] = GameInfo(
        id="ayar",
        name="Ayar: Children of the Sun",
        players=PLAYER_COUNTS,
        params=PARAMS,
        spec="../shared/rules/ayar.md",
        summary="Lay Step markers, move the Ayar brothers toward Cusco and develop four activities; "
                "final score = min(Sun, Moon).",
        rule_prefix="AY",
        automation_options={},   # the spec has no [D] safety cap: every game ends after 15 turns each
        short_game=(2, {"TURNS_PER_ROUND": [1, 1, 1, 1]}),   # the tests' whole game in few decisions
        score_targets=SCORE_TARGETS,   # the spec's balance target (data.py)
    )
    place_rule = ("AY-080",  # a click on a part of the board that means no action (issue 24)
                  "this part of the board only shows the table: a Day turn lays a Step marker, moves the Ayar, "
                  "takes a Tambo and performs the activity, each choice on a highlighted place or a button")

    state: AyarState

    @property
    def tables(self) -> Tables:
        """The parsed component tables of this game's options and player count (shared, read-only)."""
        return tables(self.params, self.players)

    @classmethod
    def check_params(cls, params: Params, players: int) -> None:
        check_params(params, players)

    def _setup(self) -> None:
        t = self.tables
        self.state = AyarState(t)
        self.log.extend(setup.setup(self.state, t, self.params, self.rng))

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.state.decider

    @property
    def is_over(self) -> bool:
        return self.state.phase == Phase.OVER

    def _legal_actions(self) -> list[Action]:
        return rules.legal(self.state, self.tables, self.params)

    def _apply(self, action: Action) -> list[Event]:
        return rules.apply(self.state, self.tables, self.params, self.rng, action)

    def _explain(self, action_id: str) -> IllegalAction | None:
        return illegal.explain(self.state, self.tables, self.params, action_id)

    def scores(self) -> list[float]:
        return scoring.scores(self.state)

    def ranking(self) -> list[int]:
        return scoring.ranking(self.state)

    def standings(self) -> list[Standing]:
        return scoring.standings(self.state)

    def solo_title(self) -> str:
        """AY-515 the C17 band of a finished solo game."""
        return solo_title(self.params, int(self.scores()[0]))

    def seat_label(self, seat: int) -> str:
        return texts.seat_label(self._check_seat(seat, spectator=False))

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return observe.observation(self.state, self.tables, self.params, seat)

    board_view: ClassVar[BoardView | None] = view  # the board in the browser (the view package)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        observe.resample_hidden(self.state, self.tables, self.params, seat, rng)

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> AyarState:
        return rules.load_state(data, tables(params, players), params)

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return rules.action_ids(tables(params, players))

    def check_invariants(self) -> None:
        check_invariants(self.state, self.tables, self.params)

    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        title = self.solo_title() if self.state.final and self.players == 1 else ""
        return render.render_parts(self.state, self.tables, seat, width, self.params.SET_MOON,
                                   tuple(self.params.SOLO_BANDS), title)

    def help_text(self, action: Action) -> str:
        return render.help_text(action)

    # ---------------------------------------------------------------- what bots and the lab know (strategy.py)
    search_defaults = strategy.SEARCH_DEFAULTS
    evaluate = strategy.evaluate
    report_extras = strategy.report_extras

    def progress_weights(self, actions: Sequence[Action]) -> list[float] | None:
        return strategy.progress_weights(actions)
