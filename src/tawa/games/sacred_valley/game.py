"""Sacred Valley on the Tawa engine: the ``Game`` subclass and its hooks."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from tawa import Action, Event, Game, GameInfo, IllegalAction, Rng, register
from tawa.core.params import Params
from tawa.core.rng import as_rng

from . import actions as A
from . import data as D
from . import flow as F
from . import setup as SU
from . import strategy
from .config import Cfg, cfg_for
from .explain import explain
from .observe import check_invariants, observation
from .render import help_text, render
from .state import OVER, SVState


@register
class SacredValley(Game):
    info = GameInfo(
        id="sacred-valley",
        name="Sacred Valley",
        players=(3, 4, 5),
        params=D.PARAMS,
        spec="sacred_valley.md",
        summary="Plant seed tiles on a shared three-level terrace, harvest, hire Camayos (3-5 players).",
        rule_prefix="SV",
        automation_options={"TURN_CAP_ROUNDS": 60},
    )
    state: SVState

    # ---------------------------------------------------------------- helpers
    @property
    def cfg(self) -> Cfg:
        return cfg_for(self.params)

    def _setup(self) -> None:
        ev: list[Event] = []
        SU.setup(self, ev)
        self.log.extend(ev)

    # ---------------------------------------------------------------- engine hooks
    @property
    def current_player(self) -> int | None:
        return None if self.state.mode == OVER else self.state.active

    @property
    def is_over(self) -> bool:
        return self.state.mode == OVER

    def _legal_actions(self) -> list[Action]:
        act = A.table(self.cfg, self.players).act
        out = []
        for k in A.legal_keys(self):
            a = act[k]
            if k[0] in A.LIVE:
                a = Action(a.id, A.live_text(self, k) or a.text, k)
            out.append(a)
        return out

    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        A.apply_key(self, action.data, ev)
        return ev

    def scores(self) -> list[float]:
        return [float(v) for v in F.scores(self)]

    def ranking(self) -> list[int]:
        return F.ranking(self)

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return observation(self, seat)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """SV-604: the bag and the Camayo draw piles are the only hidden orders; their compositions are public or
        derivable, so a reshuffle is a consistent resample. Other players' coins follow from the public log
        (SV-603) and are kept."""
        s = self.state
        rng.shuffle(s.bag)
        for pile in s.piles:
            rng.shuffle(pile)

    def scramble_hidden(self, seat: int, rng: Rng) -> Self:
        """Test hook: also change every other player's coins (never part of ``observation(seat)``, SV-600)."""
        r = as_rng(rng)
        g = self.determinize(seat, r)
        if not g.is_over:
            for p in range(g.players):
                if p != seat:
                    g.state.coins[p] = r.below(50)
            g._legal_cache = None
        return g

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> SVState:
        return SVState.from_dict(data)

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return list(A.table(cfg_for(params), players).ids)

    # ---------------------------------------------------------------- optional hooks
    def _explain(self, action_id: str) -> IllegalAction | None:
        return explain(self, action_id)

    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        return [("table", render(self, seat))]

    def help_text(self, action: Action) -> str:
        return help_text(self, action)

    def check_invariants(self) -> None:
        check_invariants(self)

    def progress_weights(self, actions: Sequence[Action]) -> list[float] | None:
        """Favour planting and buying plantable tiles so random games fill the Terrace and end."""
        s = self.state
        p = s.active
        techs = s.techs[p] if s.crop[p] >= 0 else []

        def plantable(c: int) -> bool:
            return c == D.VINE or c in techs

        wh_ok = sum(1 for c in s.wh[p] if plantable(c))
        w = []
        for a in actions:
            k = a.data
            v = k[0]
            if v in ("plant", "sab", "clean"):
                x = 30.0
            elif v == "purchase":
                x = 6.0 if wh_ok < 2 else 0.5
            elif v == "buy":
                x = 8.0 if plantable(s.main[k[1]]) else 0.2
            elif v in ("buy_vine", "take_vine"):
                x = 6.0
            elif v == "take":
                x = 5.0 if plantable(s.main[k[1]]) else 0.5
            elif v == "discard":
                x = 0.3 if plantable(k[1]) else 5.0
            elif v == "harvest":
                x = 1.0 + 2 * sum(s.farmers[p])
            else:
                x = _WEIGHTS.get(v, 1.0)
            w.append(x)
        return w

    @property
    def capped(self) -> bool:
        return self.state.capped

    # ---------------------------------------------------------------- what bots and the lab know (strategy.py)
    search_defaults = strategy.SEARCH_DEFAULTS
    evaluate = strategy.evaluate
    report_extras = strategy.report_extras


_WEIGHTS = {
    "end_purchase": 2.0, "end_turn": 2.0, "hire": 0.5, "tech": 3.0, "gray": 0.3, "stop_herd": 3.0, "herd": 0.2,
    "extra": 2.0, "work": 3.0, "weave": 1.0,
}
