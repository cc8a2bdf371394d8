"""What always holds between two actions (component counts and the rules' bookkeeping); ``check_invariants``
raises AssertionError naming the rule that is broken."""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.pachakuna.data import BROWN, LLAMAS_PER_PLAYER, N_LLAMAS, PLAYERS, TILE_CELLS, Tables
from tawa.games.pachakuna.state import PachakunaState, Phase


def check_invariants(s: PachakunaState, tables: Tables, params: Params) -> None:
    n = len(tables.demands)
    ids = sorted(s.bag + s.discard + [d for d in s.demand if d >= 0])
    assert ids == list(range(n)), "PK-280 each demand is in exactly one place"
    assert s.bag == sorted(s.bag)
    for seat in range(PLAYERS):
        assert all(x >= 0 for x in s.supply[seat]), "PK-254 no negative supply"
        owned = s.owned(seat)
        assert 1 <= owned <= params.MAX_LLAMAS, "PK-239 llama count"
        assert s.pos[seat * LLAMAS_PER_PLAYER] >= 0, "PK-322 slot 0 starts on the board"
    assert sum(s.supply[p][BROWN] for p in range(PLAYERS)) <= 1, "PK-005 brown is never created"
    assert s.supply[s.white_seat][BROWN] == 0, "PK-005 White never holds brown"
    assert set(s.rocks) <= set(TILE_CELLS), "rocks lie on tiles"
    for k in range(N_LLAMAS):
        if s.pos[k] < 0:
            assert s.load[k] == -1 and not s.reload[k]
            continue
        on_village = tables.village_at[s.pos[k]] >= 0
        assert (s.region[k] == -1) == on_village, "llama region"
        if not on_village:
            tt = tables.tile_types[s.types[s.pos[k]]]
            assert tt.region_terrain[s.region[k]] == s.colour_of(k // LLAMAS_PER_PLAYER), "PK-060 llama on its terrain"
        assert (s.load[k] == -1) == s.reload[k], "PK-205/279 a llama is empty only until the refill"
    if s.step == Phase.ROTATE_FREE and not s.draw and s.winner < 0:
        assert all(d >= 0 for d in s.demand), "PK-279 every village shows a demand"
        assert not s.rotated and not s.sold
    if s.step != Phase.OVER:
        assert s.winner < 0
