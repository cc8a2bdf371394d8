"""Sacred Valley on the Tawa engine: the registered game, its functions declared for ``TabledGame``."""

from __future__ import annotations

from typing import Self

from tawa.core.game import GameInfo
from tawa.core.registry import register
from tawa.core.rng import Rng, as_rng
from tawa.core.tabled import Delegates, TabledGame
from tawa.games.sacred_valley import data, illegal, observe, render, rules, scoring, setup, strategy, view
from tawa.games.sacred_valley.data import Tables, tables_for
from tawa.games.sacred_valley.rules.actions import action_table
from tawa.games.sacred_valley.rules.common import who
from tawa.games.sacred_valley.rules.invariants import check_invariants
from tawa.games.sacred_valley.state import Phase, SacredValleyState


@register
class SacredValley(TabledGame[SacredValleyState, Tables]):
    info = GameInfo(
        id="sacred-valley",
        name="Sacred Valley",
        players=(3, 4, 5),
        params=data.PARAMS,
        spec="sacred_valley.md",
        summary="Plant seed tiles on a shared three-level terrace, harvest, hire Camayos (3-5 players).",
        rule_prefix="SV",
        automation_options={"TURN_CAP_ROUNDS": 60},
        short_game=(3, {"TURN_CAP_ROUNDS": 3}),  # the tests' whole game in few decisions
    )
    place_rule = (
        "SV-062",  # a click on a part of the board that means no action (issue 24)
        "this part of the board only shows the table: a turn is one regular action (Plant, Harvest, "
        "Purchase or Work) and the extras, each on a highlighted place or a button",
    )
    delegates = Delegates(
        tables=lambda params, players: tables_for(params),
        check_params=data.check_params,
        new_state=SacredValleyState.empty,
        load_state=SacredValleyState.from_dict,
        setup=setup.setup,
        legal=rules.legal,
        apply=rules.apply,
        explain=illegal.explain,
        action_ids=lambda t, params, players: action_table(t, params, players).ids,
        observation=observe.observation,
        resample_hidden=observe.resample_hidden,
        check_invariants=check_invariants,
        scores=lambda s, t, params: [float(v) for v in scoring.scores(s, t)],
        ranking=lambda s, t, params: scoring.ranking(s, t),
        standings=lambda s, t, params: scoring.standings(s, t),
        render_parts=render.render_parts,
        help_text=render.help_text,
        progress_weights=lambda s, t, params, actions: strategy.progress_weights(s, actions),
        strategy=strategy,
        view=view,
    )

    # ---------------------------------------------------------------- engine hooks
    @property
    def current_player(self) -> int | None:
        return None if self.state.mode == Phase.OVER else self.state.active

    @property
    def is_over(self) -> bool:
        return self.state.mode == Phase.OVER

    def scramble_hidden(self, seat: int, rng: Rng) -> Self:
        """Test hook: also change every other player's coins (never part of ``observation(seat)``, SV-600)."""
        r = as_rng(rng)
        g = self.determinize(seat, r)
        if not g.is_over:
            observe.scramble_coins(g.state, seat, r)
            g.invalidate_cache()
        return g

    @property
    def capped(self) -> bool:
        return self.state.capped

    # ---------------------------------------------------------------- what players read
    def seat_label(self, seat: int) -> str:
        return who(self._check_seat(seat, spectator=False))
