"""What one seat may see (section 5, GV-830..GV-837) and the resampler of hidden tiles."""
from __future__ import annotations

from typing import Any

from tawa.core.rng import Rng
from tawa.games.guatavita.data import (
    ACTIONS,
    CENTRE,
    NPOS,
    PHASE_OF_POS,
    POS_NAMES,
    T_BOX,
    T_E,
    T_G,
    T_ID,
    T_M,
    T_P,
    T_SPECIAL,
    T_W,
    TILES,
)
from tawa.games.guatavita.rules import he_positions, pipes_in_lake
from tawa.games.guatavita.state import State


def tile_face(idx: int) -> dict[str, Any]:
    t = TILES[idx]
    return {"tile": t[T_ID], "E": t[T_E], "G": t[T_G], "P": t[T_P], "special": t[T_SPECIAL], "box": t[T_BOX]}


def observation(st: State, params: Any, seat: int | None) -> dict[str, Any]:
    lake = []
    for pos in range(NPOS):
        t = TILES[st.tile_at[pos]]
        cell: dict[str, Any] = {"pos": POS_NAMES[pos], "phase": PHASE_OF_POS[pos], "W": t[T_W], "M": t[T_M],
                                "drained": st.drained[pos], "pipes": list(st.pipes[pos]), "he": st.he[pos]}
        if st.drained[pos]:  # GV-342: a drained side is public
            cell.update(tile_face(st.tile_at[pos]))
        lake.append(cell)
    players = []
    for s, p in enumerate(st.players):
        players.append({
            "seat": s, "colour": p.colour, "spot": p.spot, "gold": p.gold, "food": p.food, "emeralds": p.emeralds,
            "vp": p.vp, "camp": {"workers": p.camp_workers, "machines": p.camp_machines, "pipes": p.camp_pipes},
            "supply": {"workers": p.sup_workers, "machines": p.sup_machines, "pipes": p.sup_pipes},
            "camp_level": p.camp_level, "pump_level": p.pump_level, "pump_worker": p.pump_worker, "loan": p.loan,
            "passed": p.passed, "gold_duty": p.gold_duty, "placed": p.placed,
            "uses": dict(zip(ACTIONS, p.uses, strict=True)),
            "head_explorers": [POS_NAMES[x] for x in he_positions(st, s)], "pipes_in_lake": pipes_in_lake(st, s),
            "balsa": {"alive": p.balsa_alive, "pos": POS_NAMES[p.balsa_pos] if p.balsa_pos >= 0 else None,
                      "protected": p.balsa_protected, "workers": p.balsa_workers},
            "inspected": [POS_NAMES[x] for x in p.inspected],  # GV-833: which tile, public
        })
    return {
        "seat": seat, "round": st.round, "stage": st.stage, "options": {"balsa": params.balsa,
                                                                       "MAX_ROUNDS": params.MAX_ROUNDS},
        "decision": None if st.decision is None else list(st.decision),
        "pioneer": st.pioneer, "turn_order": list(st.order), "turn": st.turn, "idx": st.idx, "sub": st.sub,
        "queue": [list(q) for q in st.queue], "balsa_steps": st.balsa_steps,
        "end_triggers": list(st.end_triggers), "famine_due": st.famine_due, "supply": st.supply,
        "lake": lake,
        "explorations": [{"pos": POS_NAMES[e[0]], "owner": e[1], "workers": e[2], "machines": e[3], "insured": e[4],
                          "source": POS_NAMES[e[5]] if e[5] >= 0 else "pump", "saboteur": e[6], "declared": e[7]}
                         for e in st.explorations],
        "boxes": {k: [list(e) for e in v] for k, v in st.boxes.items()},
        "players": players,
        "harvest_bonus_given": st.harvest_bonus_given,
        # GV-832: this seat's own inspections only (a spectator has none)
        "known": {} if seat is None else {POS_NAMES[x]: tile_face(st.tile_at[x]) for x in st.players[seat].inspected},
    }


def resample_hidden(st: State, seat: int, rng: Rng) -> None:
    """Deal the tiles ``seat`` has not seen over the undrained positions it has not inspected, phase by
    phase, keeping every position's water side (W, M); the centre draws among the centre tiles."""
    seen = set(st.players[seat].inspected)
    groups: dict[tuple[int, int, int], list[int]] = {}
    for pos in range(NPOS):
        if pos == CENTRE or st.drained[pos] or pos in seen:
            continue
        t = TILES[st.tile_at[pos]]
        groups.setdefault((PHASE_OF_POS[pos], t[T_W], t[T_M]), []).append(pos)
    for key in sorted(groups):
        positions = groups[key]
        tiles = [st.tile_at[p] for p in positions]
        rng.shuffle(tiles)
        for p, t in zip(positions, tiles, strict=True):
            st.tile_at[p] = t
    if not st.drained[CENTRE]:
        water = (TILES[st.tile_at[CENTRE]][T_W], TILES[st.tile_at[CENTRE]][T_M])
        pool = [st.tile_at[CENTRE], *st.unused_centre]
        fits = [t for t in pool if (TILES[t][T_W], TILES[t][T_M]) == water]
        choice = fits[rng.below(len(fits))]
        st.tile_at[CENTRE] = choice
        st.unused_centre = [t for t in pool if t != choice]
