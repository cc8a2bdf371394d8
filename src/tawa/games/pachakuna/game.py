"""The P'achakuna game class: its functions declared for ``TabledGame``, and what is its own."""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.game import GameInfo
from tawa.core.registry import register
from tawa.core.tabled import Delegates, TabledGame
from tawa.games.pachakuna import illegal, observe, render, rules, scoring, setup, strategy, view
from tawa.games.pachakuna.data import AUTOMATION_TURN_CAP, PARAMS, PLAYERS, Tables, tables
from tawa.games.pachakuna.rules.demands import check_params
from tawa.games.pachakuna.rules.invariants import check_invariants
from tawa.games.pachakuna.state import PachakunaState, Phase

_OVER = Phase.OVER  # read on every engine call: a module name is found faster than an Enum class's attribute


@register
class PachakunaGame(TabledGame[PachakunaState, Tables]):
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
        short_game=(2, {"TURN_CAP": 24}),  # the tests' whole game in few decisions
    )
    place_rule = (
        "PK-111",  # a click on a part of the board that means no action (issue 24)
        "this part of the board only shows the table: a turn is Rotate, Move, Trade, Refill, each choice "
        "on a highlighted place or a button",
    )
    delegates = Delegates(
        tables=lambda params, players: tables(params),
        check_params=check_params,
        new_state=lambda players, t: PachakunaState(),
        load_state=lambda data, t, params, players: PachakunaState.from_dict(data, t, params),
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
        standings=lambda s, t, params: scoring.standings(s),  # PK-300..PK-307
        render_parts=render.render_parts,
        help_text=render.help_text,
        progress_weights=strategy.progress_weights,
        strategy=strategy,
        view=view,
    )

    @property
    def current_player(self) -> int | None:
        return None if self.state.step == _OVER else self.state.active

    @property
    def is_over(self) -> bool:
        return self.state.step == _OVER

    @property
    def capped(self) -> bool:
        return self.state.draw

    def seat_label(self, seat: int) -> str:
        return render.seat_label(self.state, self._check_seat(seat, spectator=False))

    def rotation_warning(self, action: Action | str) -> str | None:
        """PK-325: the warning for a rotation (an offered action or its id) that strands one of the player's own
        llamas; None for any other action."""
        offered = (
            action if isinstance(action, Action) else next((a for a in self.legal_actions() if a.id == action), None)
        )
        return None if offered is None else render.rotation_warning(self.state, self.tables, offered)
