"""Final scoring (GV-710..GV-727, GV-797) and winner / tie-breaks (GV-750..GV-753)."""
from __future__ import annotations

from typing import Any

from tawa.games.guatavita.data import PHASE_OF_POS
from tawa.games.guatavita.rules import he_positions, pipes_in_lake
from tawa.games.guatavita.state import State


def majority_points(values: list[int], pts: tuple[int, ...], mode: str) -> list[int]:
    """GV-712..GV-718: competition ranks; a lone holder of position p scores pts[p]; k tied players score
    floor((pts[p] + pts[p+1]) / k) ("literal") or floor(sum of pts[p..p+k-1] / k) ("occupied")."""
    def pt(pos: int) -> int:  # 1-based; positions past the table score 0
        return pts[pos - 1] if 1 <= pos <= len(pts) else 0

    out = []
    for v in values:
        pos = 1 + sum(1 for w in values if w > v)
        k = sum(1 for w in values if w == v)
        if k == 1:
            out.append(pt(pos))
        elif mode == "literal":
            out.append((pt(pos) + pt(pos + 1)) // k)
        else:
            out.append(sum(pt(pos + i) for i in range(k)) // k)
    return out


def breakdown(st: State, params: Any) -> list[dict[str, int]]:
    """Per-seat end-of-game score items, plus their total."""
    n = len(st.players)
    camp_maj = majority_points([p.camp_level for p in st.players], params.MAJORITY_POINTS, params.TIE_SPLIT_MODE)
    lake_pipes = [pipes_in_lake(st, s) for s in range(n)]
    pipe_maj = majority_points(lake_pipes, params.MAJORITY_POINTS, params.TIE_SPLIT_MODE)
    out = []
    for s, pl in enumerate(st.players):
        # during the game, pieces placed this round count as in camp (they come back, GV-686);
        # at the end of the game every one of them is back already
        away_w, away_m = pieces_out(st, s)
        items = {
            "track": pl.vp,
            "camp_track": params.CAMP_TRACK_VP[pl.camp_level - params.CAMP_LEVEL_MIN],  # GV-711
            "camp_majority": camp_maj[s],  # GV-712
            "pipe_majority": pipe_maj[s],  # GV-713
            "machines": params.VP_MACHINE * (pl.camp_machines + away_m),  # GV-719
            "workers": (pl.camp_workers + away_w) // params.WORKERS_PER_VP,  # GV-720, GV-721
            "pipes": params.VP_PIPE * pl.camp_pipes,  # GV-722
            "emeralds": pl.emeralds // params.EMERALDS_PER_VP,  # GV-723
            "gold": pl.gold,  # GV-724
            "head_explorers": params.VP_HEAD_EXPLORER * len(he_positions(st, s)),  # GV-725
            "balsa": (params.BALSA_VP_PER_PHASE * PHASE_OF_POS[pl.balsa_pos]
                      if params.balsa and pl.balsa_alive else 0),  # GV-727, GV-797
        }
        items["total"] = sum(items.values())
        out.append(items)
    return out


def pieces_out(st: State, seat: int) -> tuple[int, int]:
    """Workers and machines of ``seat`` placed this round and not yet back in camp."""
    w = st.players[seat].balsa_workers
    m = 0
    for es in st.boxes.values():
        for e in es:
            if e[0] == seat:
                w += e[1]
                m += e[2]
    for e in st.explorations:
        if e[1] == seat:
            w += e[2]
            m += e[3]
        if e[6] == seat and not st.drained[e[0]] and e[7] != "none":
            w += 1
    return w, m


def final_scores(st: State, params: Any) -> list[int]:
    return [b["total"] for b in breakdown(st, params)]


def ranking(st: State, params: Any) -> list[int]:
    """GV-750..GV-753: most VP, then most pipes in the lake, then most gold; else shared."""
    scores = final_scores(st, params)
    keys = [(scores[s], pipes_in_lake(st, s), st.players[s].gold) for s in range(len(st.players))]
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]
