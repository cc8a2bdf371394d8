"""Setup, components and data tables (GV-010..GV-030, T-LAKE, T-PUMPS, T-BALSA, T-TILES)."""

from __future__ import annotations

import pytest

import tawa
from tawa.games.guatavita.rules.common import seat_order, turn_order
from tawa.games.guatavita.state import Phase
from tawa.games.guatavita.testing import BOARD

CENTRE, NEIGHBOURS, PHASE_OF_POS, POS_INDEX, POS_NAMES, TILES = (
    BOARD.centre,
    BOARD.neighbours,
    BOARD.phase_of_pos,
    BOARD.index,
    BOARD.names,
    BOARD.tiles,
)


def new(players: int = 3, seed: int = 0, **opts: object) -> tawa.Game:
    return tawa.new_game("guatavita", players=players, seed=seed, options=opts or None)


@pytest.mark.rule("GV-010")
def test_player_counts() -> None:
    for n in (2, 3, 4):
        assert new(n).players == n
    for n in (1, 5):
        with pytest.raises(tawa.BadOption):
            new(n)


@pytest.mark.rule("GV-011")
def test_thirty_nine_tiles_by_phase() -> None:
    counts = [sum(1 for t in TILES if t.phase == p) for p in (1, 2, 3, 4)]
    assert counts == [18, 12, 6, 3] and len(TILES) == 39
    # T-TILES totals by phase (E / G / P)
    for phase, exp in ((1, (9, 26, 37)), (2, (8, 23, 38)), (3, (6, 14, 33)), (4, (3, 10, 26))):
        rows = [t for t in TILES if t.phase == phase]
        assert (sum(t.emeralds for t in rows), sum(t.gold for t in rows), sum(t.prestige for t in rows)) == exp
    assert sum(t.emeralds for t in TILES if t.phase < 4) == 23


def test_lake_geometry_matches_spec_table() -> None:
    def nb(name: str) -> set[str]:
        return {POS_NAMES[j] for j in NEIGHBOURS[POS_INDEX[name]]}

    assert nb("S00") == {"S01", "M00", "S17"}
    assert nb("M04") == {"M03", "S05", "S06", "S07", "M05", "I2"}
    assert nb("C") == {"I0", "I1", "I2", "I3", "I4", "I5"}
    assert nb("S07") == {"M04", "S06", "S08", "M05"}
    assert [PHASE_OF_POS[POS_INDEX[n]] for n in ("S05", "M05", "I5", "C")] == [1, 2, 3, 4]
    assert {POS_NAMES[t] for t in BOARD.spots["NE"].shore} == {"S01", "S02"}
    assert {POS_NAMES[t] for t in BOARD.balsa_starts["NE"]} == {"S17", "S00", "S01", "S02", "S03", "S04"}
    assert {POS_NAMES[t] for t in BOARD.balsa_starts["SW"]} == {"S08", "S09", "S10", "S11", "S12", "S13"}


@pytest.mark.rule("GV-012", "GV-053")
def test_colours_and_spots_dealt() -> None:
    for n, spots in ((2, {"NE", "SW"}), (3, {"N", "SW", "SE"}), (4, {"NE", "NW", "SW", "SE"})):
        g = new(n, seed=5)
        st = g.state
        assert {p.spot for p in st.players} == spots
        assert len({p.colour for p in st.players}) == n
    g = new(4, seed=2)
    st = g.state
    angles = {"NE": 30, "NW": 150, "SW": 210, "SE": 330}
    order = seat_order(st, BOARD)
    assert [angles[st.players[s].spot] for s in order] == sorted(angles.values())
    assert turn_order(st, BOARD)[0] == st.pioneer


@pytest.mark.rule("GV-013", "GV-014", "GV-015", "GV-016", "GV-017", "GV-018")
def test_tiles_dealt_by_phase() -> None:
    seen = set()
    for seed in range(6):
        st = new(3, seed=seed).state
        for pos, t in enumerate(st.tile_at):
            assert TILES[t].phase == PHASE_OF_POS[pos]
        assert len(set(st.tile_at)) == 37
        assert sorted([st.tile_at[CENTRE], *st.unused_centre]) == [36, 37, 38]
        assert not any(st.drained)
        seen.add(tuple(st.tile_at[:18]))
    assert len(seen) > 1  # shuffled


@pytest.mark.rule("GV-019", "GV-862")
def test_pioneer_random_and_seeded() -> None:
    pioneers = {new(4, seed=s).state.pioneer for s in range(30)}
    assert pioneers == {0, 1, 2, 3}
    assert new(3, seed=9).to_json() == new(3, seed=9).to_json()


@pytest.mark.rule("GV-020", "GV-021", "GV-022", "GV-023", "GV-024", "GV-025", "GV-026", "GV-027", "GV-028")
def test_starting_state() -> None:
    st = new(4).state
    for p in st.players:
        assert (p.camp_workers, p.camp_pipes, p.camp_machines, p.emeralds) == (3, 3, 0, 0)
        assert (p.sup_workers, p.sup_pipes, p.sup_machines) == (6, 9, 4)
        assert (p.pump_level, p.vp, p.gold, p.food, p.loan, p.camp_level) == (1, 10, 5, 0, 0, 3)
    assert st.supply == 25


@pytest.mark.rule("GV-029")
def test_piece_limits_recruit_from_empty_supply_gives_nothing() -> None:
    from tawa.games.guatavita.testing import act, pass_all, scenario, set_camp, set_stock

    g = scenario(2, spots=["NE", "SW"], pioneer=0)
    set_camp(g, 0, workers=9)
    set_stock(g, 0, food=8, camp_level=9)
    # 9 workers is the whole colour: a recruitment finds no worker in the personal supply
    act(g, "recruit")
    pass_all(g)
    assert g.state.players[0].camp_workers == 9 and g.state.players[0].food == 8
    g.check_invariants()


@pytest.mark.rule("GV-030", "GV-772", "GV-773", "GV-771")
def test_balsa_setup_after_normal_setup() -> None:
    g = new(3, seed=4, balsa=True)
    st = g.state
    order = turn_order(st, BOARD)
    chosen = []
    for seat in order:
        assert g.current_player == seat and st.decision[0] == "balsa_start"
        opts = [a.id for a in g.legal_actions()]
        allowed = {f"balsa start {POS_NAMES[t]}" for t in BOARD.balsa_starts[st.players[seat].spot]}
        assert set(opts) <= allowed
        for c in chosen:
            assert f"balsa start {c}" not in opts
        g.apply(opts[0])
        chosen.append(opts[0].split()[-1])
    assert st.stage == Phase.PLAN
    assert all(p.balsa_alive for p in st.players)


@pytest.mark.rule("GV-770")
def test_balsa_off_by_default() -> None:
    g = new(2)
    assert g.params.balsa is False
    assert g.state.stage == Phase.PLAN
    assert "balsa" not in {a.id for a in g.legal_actions()}
    assert not any(p.balsa_alive for p in g.state.players)


def test_landslides_only_on_machine_tiles_and_famine_from_phase_two() -> None:
    for t in TILES:
        if t.special == "landslide":
            assert t.machines >= 1
        if t.special == "famine":
            assert t.phase >= 2
        if t.phase == 4:
            assert (t.workers, t.machines) == (3, 2)
