"""What the rules keep true in every position (component counts, GV-029, GV-345; the lake; the round machine).
``check_invariants`` raises AssertionError naming what is broken; a loaded game must pass it."""

from __future__ import annotations

from tawa.core.params import Params
from tawa.games.guatavita.data import Tables
from tawa.games.guatavita.rules.common import pieces_out, pipes_in_lake
from tawa.games.guatavita.state import GuatavitaState, Phase


def check_invariants(st: GuatavitaState, tb: Tables, p: Params) -> None:
    emeralds = st.supply
    for s, pl in enumerate(st.players):
        away_w, away_m = pieces_out(st, s)  # on boxes, the balsa, explored tiles, a saboteur on its tile
        w = pl.camp_workers + pl.sup_workers + pl.pump_worker + away_w + sum(1 for h in st.he if h == s)
        m = pl.camp_machines + pl.sup_machines + away_m
        assert w == p.WORKERS_PER_COLOUR, f"seat {s}: {w} workers"
        assert m == p.MACHINES_PER_COLOUR, f"seat {s}: {m} machines"
        assert pl.camp_pipes + pl.sup_pipes + pipes_in_lake(st, s) == p.PIPES_PER_COLOUR, f"seat {s}: pipes"
        for v in (
            pl.gold,
            pl.food,
            pl.emeralds,
            pl.camp_workers,
            pl.camp_machines,
            pl.camp_pipes,
            pl.sup_workers,
            pl.sup_machines,
            pl.sup_pipes,
        ):
            assert v >= 0, f"seat {s}: negative resource"
        assert pl.gold <= p.GOLD_CAP and pl.food <= p.FOOD_CAP
        assert p.CAMP_LEVEL_MIN <= pl.camp_level <= p.CAMP_LEVEL_MAX
        assert 0 <= pl.loan <= p.LOAN_END
        assert pl.loan < p.LOAN_END or "bankruptcy" in st.end_triggers, f"seat {s}: bankrupt without the trigger"
        loans_due = sum(1 for e in st.boxes.get("loan", ()) if e.seat == s and e.workers)
        assert pl.loan + loans_due <= p.LOAN_END, f"seat {s}: Loan placements past the end of the loan track"
        if pl.loan >= p.LOAN_END and st.stage == Phase.START:  # GV-107: only a seat already past its duties
            assert s in st.order[: st.idx], f"seat {s}: bankrupt before its start-of-planning duties"
        assert pl.pump_worker == (1 if pl.pump_level == 2 else 0), f"seat {s}: pump worker and pump level"
        emeralds += pl.emeralds + (p.PROTECT_EMERALDS if pl.balsa_protected else 0)
    emeralds += sum(x.insured for x in st.explorations)
    assert emeralds == p.EMERALD_SUPPLY, f"emeralds {emeralds}"
    assert st.supply >= 0
    for pos in range(tb.npos):
        if st.he[pos] >= 0:
            assert st.drained[pos] and st.pipes[pos][st.he[pos]] > 0, "HE off an own tile"
        if st.drained[pos]:
            assert any(st.pipes[pos]), "drained tile without owner"
    balsas = [pl.balsa_pos for pl in st.players if pl.balsa_alive]
    assert len(balsas) == len(set(balsas)), "two balsas on one tile"
    for b in balsas:
        assert not st.drained[b], "balsa on a drained tile"
    assert "bankruptcy" not in st.end_triggers or any(pl.loan >= p.LOAN_END for pl in st.players), (
        "bankruptcy without a bankrupt seat"
    )
    assert (st.decision is None) == (st.stage == Phase.OVER)
    if st.stage in (Phase.START, Phase.PLAN):
        assert not st.explorations or st.stage == Phase.PLAN
