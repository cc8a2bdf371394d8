"""The invariants of an Ayar position: component conservation (C1) and the turn context each phase needs, checked
on every loaded game and after every action in the tests."""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.ayar.data import (
    LANE_CELLS,
    LANES,
    MARKERS,
    NEUTRAL,
    TAMBOS,
    Tables,
)
from tawa.games.ayar.state import (
    ACTIVITY_PHASE,
    ACTIVITY_PHASES,
    DECISIONS,
    AyarState,
    BonusCheck,
    NightStep,
    Phase,
    PlayerState,
)


def check_invariants(st: AyarState, t: Tables, params: Params) -> None:
    """Component conservation (C1) and the turn context that each phase needs; AssertionError names the break."""
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
        in_hand = 1 if st.phase == Phase.SPOT and st.seat == i else 0
        assert sum(p.grid) + p.on_board + p.discarded + in_hand == TAMBOS, "Tambo conservation"
        assert on_spots.count(i) == p.on_board
        assert min(p.sun, p.moon, p.inti, p.llamas) >= 0
        assert all(0 <= b <= need for b, need in zip(p.bonus, t.bonus_need, strict=True))
        assert all(0 <= k <= len(s) for k, s in zip(p.boxes, t.box_suns, strict=True))
        assert len(p.island_at) <= len(t.island_suns)
        assert len(p.laid) <= len(MARKERS) and p.temples >= 0
        _check_board(st, t, i, p)
    if st.n == 1:
        assert on_spots.count(NEUTRAL) + st.rival_tambos == len(t.rival_cards)
        assert st.terrace.count(NEUTRAL) + st.rival_cubes == params.RIVAL_CUBES
        assert sum(1 for isl in st.route if NEUTRAL in isl) <= params.RIVAL_ISLANDS
        assert sorted(st.rival_deck + st.rival_shown) == list(range(len(t.rival_cards))), "Rival cards"
    else:
        assert NEUTRAL not in on_spots and NEUTRAL not in st.terrace, "no Rival pieces in a game of 2-4"
        assert not st.rival_deck and not st.rival_shown and st.rival_tambos == 0
    assert len(st.terrace) <= t.terrace_cells
    assert all(0 <= x <= params.LAKE_TOKENS for x in st.lake)
    for s in range(1, t.route_len + 1):
        if t.route_yellow[s]:
            assert len(st.route[s]) <= 1, "yellow slot holds one Island"
    assert not st.route[0], "no Island on the dock"
    _check_context(st, t)


def _check_board(st: AyarState, t: Tables, seat: int, p: PlayerState) -> None:
    """One player's pieces agree with each other and with the shared boards."""
    for s, m in enumerate(p.slots):
        assert m < 0 or p.markers[m] == s, f"P{seat + 1}: slot {LANES[s]} and marker {m} disagree"
    for m, s in enumerate(p.markers):
        assert s < 0 or p.slots[s] == m, f"P{seat + 1}: marker {MARKERS[m]} and slot {s} disagree"
    assert sorted(x.marker for x in p.laid) == sorted(
        m for m, s in enumerate(p.markers) if s >= 0 and (st.seat != seat or m != st.marker or st.phase != Phase.AYAR)
    ), f"P{seat + 1}: laid markers"
    assert len(set(p.island_at)) == len(p.island_at), f"P{seat + 1}: two Islands on one space"
    assert all(seat in st.route[s] for s in p.island_at), f"P{seat + 1}: Islands and route disagree"
    assert sum(1 for isl in st.route if seat in isl) == len(p.island_at), f"P{seat + 1}: Islands on the route"
    assert all(t.route_moon[s] > 0 for s in p.island_at), f"P{seat + 1}: an Island off the Island slots"
    for k in range(len(p.tiles)):
        assert p.weave_tile.count(k) == 2, f"P{seat + 1}: textile {k} covers two cells"
    for m, k in zip(p.weave, p.weave_tile, strict=True):
        assert (m >= 0) == (k >= 0), f"P{seat + 1}: weaving cells and tiles disagree"


def _check_context(st: AyarState, t: Tables) -> None:
    """What each phase needs of the turn context (so that a loaded game plays on)."""
    ph = st.phase
    assert (st.tok_n > 0) == (st.tok_seat >= 0), "a waiting Viracocha has a seat"
    assert st.tok_n > 0 or ph in DECISIONS or ph == Phase.OVER, f"the game never waits in phase {ph.word}"
    if ph == Phase.OVER:
        assert len(st.final) == st.n and st.tok_n == 0, "a finished game has its final scores"
        return
    assert not st.final, "final scores only at the end"
    if ph == Phase.NIGHT:
        assert st.seat == -1 and st.night_step != NightStep.DONE
        assert st.night_step == NightStep.RETIRE or st.retiring >= 0, "tonight's retiring Ayar"
        return
    assert 0 <= st.seat < st.n, "a Day phase has a seat to act"
    p = st.players[st.seat]
    if ph == Phase.MARKER:
        assert st.marker == st.slot == st.path == st.cell == -1 and st.act == "", "a fresh turn"
        return
    assert st.marker >= 0 and (ph == Phase.SLOT) == (st.slot < 0), "the chosen Step marker and slot"
    if ph == Phase.SLOT:
        assert p.markers[st.marker] < 0 and st.path == -1, "the marker is not laid yet"
        return
    assert p.slots[st.slot] == st.marker, "the marker lies on its slot"
    if ph == Phase.AYAR:
        assert st.path == -1, "no Ayar moved yet"
        return
    assert st.path >= 0 and any(x.slot == st.slot for x in p.laid), "the moved Ayar"
    if ph == Phase.TAMBO:
        assert st.cell == -1 and any(p.grid[c] for c in LANE_CELLS[st.slot]), "a Tambo to take"
        return
    assert st.cell in LANE_CELLS[st.slot] and not p.grid[st.cell], "the Tambo taken from the lane"
    if ph == Phase.SPOT:
        assert not st.fallback and st.active[st.path], "a spot to place the Tambo on"
        return
    if ph in ACTIVITY_PHASES:
        assert not st.fallback and 1 <= st.spot <= t.cusco, "the spot of the activity"
        assert ACTIVITY_PHASE[st.act] == (Phase.TEXTILE if ph == Phase.PLACE else ph), "the spot's activity"
        if ph == Phase.PLACE:
            assert st.chosen_stack >= 0 and st.stacks[st.chosen_stack], "the stack of the Textile to lay"
        return
    if ph == Phase.TEMPLE:
        assert st.b5 == BonusCheck.LANES and p.temples > 0, "a Temple marker to place"
