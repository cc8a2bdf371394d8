"""Ayar: Children of the Sun (Lopiano & Fernández-Grandon, Osprey 2025) on the Tawa engine.

Spec: ../shared/rules/ayar.md (prefix AY). 1-4 players; with 1 player the solo Rival plays after each turn.
The registered game declares its functions for ``TabledGame``: data.py (Params, tables), state.py, setup.py,
rules/ (legal and apply in __init__; turn.py, activities.py, solo.py, night.py, texts.py), illegal.py, scoring.py,
observe.py, render.py, strategy.py, view/.
"""

from __future__ import annotations

from tawa.core.game import GameInfo
from tawa.core.registry import register
from tawa.core.tabled import Delegates, TabledGame
from tawa.games.ayar import illegal, observe, render, rules, scoring, setup, strategy, view
from tawa.games.ayar.data import PARAMS, PLAYER_COUNTS, SCORE_TARGETS, Tables, check_params, solo_title, tables
from tawa.games.ayar.rules import texts
from tawa.games.ayar.rules.invariants import check_invariants
from tawa.games.ayar.state import AyarState, Phase


@register
class AyarGame(TabledGame[AyarState, Tables]):
    info = GameInfo(
        id="ayar",
        name="Ayar: Children of the Sun",
        players=PLAYER_COUNTS,
        params=PARAMS,
        spec="ayar.md",
        summary="Lay Step markers, move the Ayar brothers toward Cusco and develop four activities; "
        "final score = min(Sun, Moon).",
        rule_prefix="AY",
        automation_options={},  # the spec has no [D] safety cap: every game ends after 15 turns each
        short_game=(2, {"TURNS_PER_ROUND": [1, 1, 1, 1]}),  # the tests' whole game in few decisions
        score_targets=SCORE_TARGETS,  # the spec's balance target (data.py)
    )
    place_rule = (
        "AY-080",  # a click on a part of the board that means no action (issue 24)
        "this part of the board only shows the table: a Day turn lays a Step marker, moves the Ayar, "
        "takes a Tambo and performs the activity, each choice on a highlighted place or a button",
    )
    delegates = Delegates(
        tables=tables,
        check_params=check_params,
        new_state=lambda players, t: AyarState(t),
        load_state=lambda data, t, params, players: rules.load_state(data, t, params),
        setup=setup.setup,
        legal=rules.legal,
        apply=rules.apply,
        explain=illegal.explain,
        action_ids=lambda t, params, players: rules.action_ids(t),
        observation=observe.observation,
        resample_hidden=observe.resample_hidden,
        check_invariants=check_invariants,
        scores=lambda s, t, params: scoring.scores(s),
        ranking=lambda s, t, params: scoring.ranking(s),
        standings=lambda s, t, params: scoring.standings(s),
        render_parts=render.render_table,
        help_text=lambda s, t, params, action: render.help_text(action),
        progress_weights=lambda s, t, params, actions: strategy.progress_weights(actions),
        strategy=strategy,
        view=view,
    )

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.state.decider

    @property
    def is_over(self) -> bool:
        return self.state.phase == Phase.OVER

    def solo_title(self) -> str:
        """AY-515 the C17 band of a finished solo game."""
        return solo_title(self.params, int(self.scores()[0]))

    def seat_label(self, seat: int) -> str:
        return texts.seat_label(self._check_seat(seat, spectator=False))
