"""Ayar: Children of the Sun (Lopiano & Fernández-Grandon, Osprey 2025) on the Tawa engine.

Spec: ../shared/rules/ayar.md (prefix AY). 1-4 players; with 1 player the solo Rival plays after each turn.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tawa.core.actions import Action
from tawa.core.errors import IllegalAction
from tawa.core.events import Event
from tawa.core.game import Game, GameInfo
from tawa.core.params import Params
from tawa.core.registry import register
from tawa.core.rng import Rng
from tawa.games.ayar import activities as A
from tawa.games.ayar import rules as R
from tawa.games.ayar import strategy
from tawa.games.ayar.data import BONUS_NAMES, BOX_NAMES, LANES, MARKERS, PARAMS, PATHS, solo_title, tables
from tawa.games.ayar.illegal import explain
from tawa.games.ayar.observe import observation, resample
from tawa.games.ayar.render import render
from tawa.games.ayar.scoring import rank_keys
from tawa.games.ayar.state import AyarState

HELP = {
    "marker": "Step 1 (AY-090..AY-095): lay a Step marker; coloured markers move their Ayar, gold moves any.",
    "slot": "Step 1 (AY-090..AY-093): the slot picks the lane; its arrows move the Ayar (AY-113); power = empty "
            "spaces of the lane after the Tambo leaves (AY-150).",
    "ayar": "Step 2 (AY-111/AY-112): choose the active Ayar that the gold (or retired colour) marker moves.",
    "tambo": "Step 3 (AY-130/AY-131): take a Tambo of the lane.",
    "spot": "Step 3 (AY-132..AY-135): place the Tambo on a free spot behind the moved Ayar; you perform its activity.",
    "pot": "Pottery (AY-240..AY-264): up to 2 Pots, printed powers (facedown: 3) within your power.",
    "textile": "Weaving (AY-280..AY-290): at most one Textile per stack, total power within your power.",
    "weave": "Weaving: stop taking Textiles.",
    "place": "Weaving (AY-284..AY-286, C10): lay the Textile on two empty adjacent cells, rotated or flipped.",
    "maize": "Farming (AY-310..AY-317): plant the leftmost cube of a box into the next terrace space.",
    "boat": "Reed (AY-340..AY-356): move the Boat; spaces with an Island cost 0; Islands are placed on the way.",
    "token": "Viracocha (AY-380..AY-391): place the token on an open bonus space.",
    "temple": "Step 5 (AY-172/AY-173): place a Temple marker on the row of an active Ayar.",
}


@register
class AyarGame(Game):
    info: ClassVar[GameInfo] = GameInfo(
        id="ayar",
        name="Ayar: Children of the Sun",
        players=(1, 2, 3, 4),
        params=PARAMS,
        spec="../shared/rules/ayar.md",
        summary="Lay Step markers, move the Ayar brothers toward Cusco and develop four activities; "
                "final score = min(Sun, Moon).",
        rule_prefix="AY",
        automation_options={},   # the spec has no [D] safety cap: every game ends after 15 turns each
    )

    state: AyarState

    # ------------------------------------------------------------ setup
    def _setup(self) -> None:
        self.state = AyarState(tables(self.params, self.players))
        R.setup(self.state, self.params, self.rng)
        ev: list[Event] = []
        R.advance(self.state, self.params, self.rng, ev)
        self.log.extend(ev)

    # ------------------------------------------------------------ hooks
    @property
    def current_player(self) -> int | None:
        st = self.state
        if st.phase == "over":
            return None
        if st.tok_n > 0:
            return st.tok_seat
        return st.seat

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    def _legal_actions(self) -> list[Action]:
        return R.legal(self.state, self.params)

    def _apply(self, action: Action) -> list[Event]:
        return R.apply(self.state, action, self.params, self.rng)

    def scores(self) -> list[float]:
        """AY-485 final score = min(Sun, Moon) after Llamas; during play min(Sun, Moon) so far."""
        st = self.state
        if st.final:
            return [float(f[0]) for f in st.final]
        return [float(min(p.sun, p.moon)) for p in st.players]

    def ranking(self) -> list[int]:
        """AY-486..AY-490 final score, then max(Sun, Moon), Viracocha tokens, Llamas before allocation."""
        st = self.state
        if st.final:
            keys = [tuple(f[:4]) for f in st.final]
        else:
            keys = [(min(p.sun, p.moon), max(p.sun, p.moon), sum(p.bonus), p.llamas) for p in st.players]
        return rank_keys(keys)

    def solo_title(self) -> str:
        """AY-515 the C17 band of a finished solo game."""
        return solo_title(self.params, int(self.scores()[0]))

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return observation(self.state, seat)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        resample(self.state, rng)

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> AyarState:
        return AyarState.from_dict(data, tables(params, players))

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        t = tables(params, players)
        ids = [f"marker {m}" for m in MARKERS]
        ids += [f"slot {lane}" for lane in LANES]
        ids += [f"ayar {p}" for p in PATHS]
        ids += [f"tambo {R.cell_name(c)}" for c in range(16)]
        ids += [f"spot {k}" for k in range(1, t.cusco + 1)]
        ids += [f"pot m{i + 1}" for i in range(t.market_slots)] + ["pot facedown", "pot done"]
        ids += [f"textile {i + 1}" for i in range(t.stacks)] + ["weave done"]
        ids += [R.placement_id(r, c, d, fl) for r in range(1, t.weave_rows + 1) for c in range(1, t.weave_cols + 1)
                for d in A.DIRS for fl in (False, True)]
        ids += [f"maize {b}" for b in BOX_NAMES[: len(t.box_suns)]] + ["maize done"]
        ids += [f"boat {s}" for s in range(1, t.route_len + 1)]
        ids += [f"token {v}" for v in BONUS_NAMES[: len(t.bonus_need)]]
        ids += [f"temple {p}" for p in PATHS]
        return ids

    # ------------------------------------------------------------ extras
    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        text = render(self.state, seat, self.params.SET_MOON)
        if self.state.final and self.players == 1:               # AY-515
            text += f"\nSolo result: {self.solo_title()} (bands {', '.join(self.params.SOLO_BANDS)})"
        return [("table", text)]

    def help_text(self, action: Action) -> str:
        verb = action.id.split(" ", 1)[0]
        return f"{action.text}\n{HELP.get(verb, '')}"

    def _explain(self, action_id: str) -> IllegalAction | None:
        """AY-820..AY-826: a precise reason and the rule that forbids ``action_id`` now."""
        return explain(self.state, self.params, action_id)

    def check_invariants(self) -> None:
        st = self.state
        t = st.t
        seen = [x for x in st.market if x >= 0] + st.stack + st.pots_out
        for p in st.players:
            seen += p.pots
            assert len(p.pots) <= len(t.pot_row)
        assert sorted(seen) == list(range(len(t.pot_colour))), "pot conservation"
        tiles = [x for s in st.stacks for x in s] + st.textiles_out
        for p in st.players:
            tiles += p.tiles
            assert sum(1 for x in p.weave if x >= 0) == 2 * len(p.tiles)
        assert sorted(tiles) == list(range(len(t.textiles))), "textile conservation"
        on_spots = [o for row in st.spots for cell in row for o in cell]
        for i, p in enumerate(st.players):
            in_hand = 1 if st.phase == "spot" and st.seat == i else 0
            assert sum(p.grid) + p.on_board + p.discarded + in_hand == 16, "Tambo conservation"
            assert on_spots.count(i) == p.on_board
            assert min(p.sun, p.moon, p.inti, p.llamas) >= 0
            assert all(0 <= b <= need for b, need in zip(p.bonus, t.bonus_need, strict=True))
            assert all(0 <= k <= len(s) for k, s in zip(p.boxes, t.box_suns, strict=True))
            assert len(p.island_at) <= len(t.island_suns)
            assert len(p.laid) <= 5 and p.temples >= 0
        if st.n == 1:
            assert on_spots.count(-2) + st.rival_tambos == len(t.rival_cards)
            assert st.terrace.count(-2) + st.rival_cubes == self.params.RIVAL_CUBES
            assert sum(1 for isl in st.route if -2 in isl) <= self.params.RIVAL_ISLANDS
        assert len(st.terrace) <= t.terrace_cells
        assert all(0 <= x <= self.params.LAKE_TOKENS for x in st.lake)
        for s in range(1, t.route_len + 1):
            if t.route_yellow[s]:
                assert len(st.route[s]) <= 1, "yellow slot holds one Island"

    def progress_weights(self, actions: Sequence[Action]) -> list[float] | None:
        """Stopping early is allowed but rarely good; make random playouts use their power."""
        return [0.15 if a.id.endswith(" done") else 1.0 for a in actions]

    # ---------------------------------------------------------------- what bots and the lab know (strategy.py)
    search_defaults = strategy.SEARCH_DEFAULTS
    evaluate = strategy.evaluate
    report_extras = strategy.report_extras
