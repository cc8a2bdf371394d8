"""Final scoring (GV-710..GV-727, GV-797) and winner / tie-breaks (GV-750..GV-753)."""

from __future__ import annotations

from tawa.core.params import Params
from tawa.core.results import Standing, standings_by_keys
from tawa.games.guatavita.data import Tables
from tawa.games.guatavita.rules.common import he_positions, pieces_out, pipes_in_lake
from tawa.games.guatavita.state import GuatavitaState

# the end-of-game items in the order of the spec (GV-711..GV-727); "track" is the score track itself (GV-710)
SOURCES: tuple[str, ...] = (
    "track",
    "camp_track",
    "camp_majority",
    "pipe_majority",
    "machines",
    "workers",
    "pipes",
    "emeralds",
    "gold",
    "head_explorers",
    "balsa",
)
# how the board and the final ranking name each source: in full, and in a table's column (GV-711..GV-727)
SOURCE_LABELS: dict[str, tuple[str, str]] = {
    "track": ("score track", "track"),
    "camp_track": ("camp level", "camp"),
    "camp_majority": ("camp majority", "cmaj"),
    "pipe_majority": ("pipe majority", "pmaj"),
    "machines": ("machines", "mach"),
    "workers": ("workers", "work"),
    "pipes": ("pipes in camp", "pipe"),
    "emeralds": ("emeralds", "emer"),
    "gold": ("gold", "gold"),
    "head_explorers": ("head explorers", "HE"),
    "balsa": ("balsa", "bal"),
}
TIE_BREAKS: tuple[str, ...] = ("score", "GV-751 more pipes in the lake", "GV-752 more gold")


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


def breakdown(st: GuatavitaState, tb: Tables, params: Params) -> list[dict[str, int]]:
    """Per-seat end-of-game score items (``SOURCES``), plus their total."""
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
            "balsa": (
                params.BALSA_VP_PER_PHASE * tb.phase_of_pos[pl.balsa_pos] if params.balsa and pl.balsa_alive else 0
            ),  # GV-727, GV-797
        }
        items["total"] = sum(items.values())
        out.append(items)
    return out


def final_scores(st: GuatavitaState, tb: Tables, params: Params) -> list[int]:
    return [b["total"] for b in breakdown(st, tb, params)]


def _keys(st: GuatavitaState, scores: list[int]) -> list[tuple[int, int, int]]:
    """GV-750..GV-752: most VP, then most pipes in the lake, then most gold."""
    return [(scores[s], pipes_in_lake(st, s), st.players[s].gold) for s in range(len(st.players))]


def ranking(st: GuatavitaState, tb: Tables, params: Params) -> list[int]:
    """GV-750..GV-753: most VP, then most pipes in the lake, then most gold; else shared."""
    keys = _keys(st, final_scores(st, tb, params))
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]


def standings(st: GuatavitaState, tb: Tables, params: Params) -> list[Standing]:
    """The ranking as players read it: each place with the tie-break that decided it (GV-751, GV-752), "shared"
    where still tied (GV-753), and each seat's points by source."""
    items = breakdown(st, tb, params)
    scores = [b["total"] for b in items]
    parts = [{SOURCE_LABELS[k][0]: float(b[k]) for k in SOURCES} for b in items]
    return standings_by_keys(scores, _keys(st, scores), TIE_BREAKS, parts, unit="VP")  # every source in VP (GV-710)
