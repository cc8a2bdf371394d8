"""What one seat may see (section 5, GV-830..GV-837) and the resampler of hidden tiles."""

from __future__ import annotations

from typing import Any

from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.guatavita.data import ACTIONS, Tables
from tawa.games.guatavita.rules.common import he_positions, pipes_in_lake
from tawa.games.guatavita.state import GuatavitaState


def tile_face(tb: Tables, idx: int) -> dict[str, Any]:
    """A tile's drained side (GV-342), as the observation shows it."""
    t = tb.tiles[idx]
    return {"tile": t.id, "E": t.emeralds, "G": t.gold, "P": t.prestige, "special": t.special, "box": t.box}


def observation(state: GuatavitaState, tables: Tables, params: Params, seat: int | None) -> dict[str, Any]:
    """Everything public (GV-834, GV-835), plus ``seat``'s own inspections (GV-832); ``None`` is a spectator."""
    st, tb = state, tables
    lake = []
    for pos in range(tb.npos):
        t = tb.tiles[st.tile_at[pos]]
        cell: dict[str, Any] = {
            "pos": tb.names[pos],
            "phase": tb.phase_of_pos[pos],
            "W": t.workers,
            "M": t.machines,
            "drained": st.drained[pos],
            "pipes": list(st.pipes[pos]),
            "he": st.he[pos],
        }
        if st.drained[pos]:  # GV-342: a drained side is public
            cell.update(tile_face(tb, st.tile_at[pos]))
        lake.append(cell)
    players = []
    for s, p in enumerate(st.players):
        players.append(
            {
                "seat": s,
                "colour": p.colour,
                "spot": p.spot,
                "gold": p.gold,
                "food": p.food,
                "emeralds": p.emeralds,
                "vp": p.vp,
                "camp": {"workers": p.camp_workers, "machines": p.camp_machines, "pipes": p.camp_pipes},
                "supply": {"workers": p.sup_workers, "machines": p.sup_machines, "pipes": p.sup_pipes},
                "camp_level": p.camp_level,
                "pump_level": p.pump_level,
                "pump_worker": p.pump_worker,
                "loan": p.loan,
                "passed": p.passed,
                "gold_duty": p.gold_duty,
                "placed": p.placed,
                "uses": dict(zip(ACTIONS, p.uses, strict=True)),
                "head_explorers": [tb.names[x] for x in he_positions(st, s)],
                "pipes_in_lake": pipes_in_lake(st, s),
                "balsa": {
                    "alive": p.balsa_alive,
                    "pos": tb.names[p.balsa_pos] if p.balsa_pos >= 0 else None,
                    "protected": p.balsa_protected,
                    "workers": p.balsa_workers,
                },
                "inspected": [tb.names[x] for x in p.inspected],  # GV-833: which tile, public
            }
        )
    return {
        "seat": seat,
        "round": st.round,
        "stage": st.stage.key,
        "options": {"balsa": params.balsa, "MAX_ROUNDS": params.MAX_ROUNDS},
        "decision": None if st.decision is None else st.decision.to_list(),
        "pioneer": st.pioneer,
        "turn_order": list(st.order),
        "turn": st.turn,
        "idx": st.idx,
        "sub": int(st.sub),
        "queue": [list(q) for q in st.queue],
        "balsa_steps": st.balsa_steps,
        "end_triggers": list(st.end_triggers),
        "famine_due": st.famine_due,
        "supply": st.supply,
        "lake": lake,
        "explorations": [
            {
                "pos": tb.names[e.pos],
                "owner": e.owner,
                "workers": e.workers,
                "machines": e.machines,
                "insured": e.insured,
                "source": tb.names[e.source] if e.source >= 0 else "pump",
                "saboteur": e.saboteur,
                "declared": e.declared,
            }
            for e in st.explorations
        ],
        "boxes": {k: [list(e) for e in v] for k, v in st.boxes.items()},
        "players": players,
        # the option values this game was created with, as given (every other value is its data.PARAMS default),
        # so that a board view draws the game's own slots, tracks and prices
        "overrides": params.overrides,
        "harvest_bonus_given": st.harvest_bonus_given,
        # GV-832: this seat's own inspections only (a spectator has none)
        "known": {}
        if seat is None
        else {tb.names[x]: tile_face(tb, st.tile_at[x]) for x in st.players[seat].inspected},
    }


def resample_hidden(state: GuatavitaState, tables: Tables, params: Params, seat: int, rng: Rng) -> None:
    """Deal the tiles ``seat`` has not seen over the undrained positions it has not inspected, phase by
    phase, keeping every position's water side (W, M); the centre draws among the centre tiles (GV-837)."""
    st, tb = state, tables
    seen = set(st.players[seat].inspected)
    groups: dict[tuple[int, int, int], list[int]] = {}
    for pos in range(tb.npos):
        if pos == tb.centre or st.drained[pos] or pos in seen:
            continue
        t = tb.tiles[st.tile_at[pos]]
        groups.setdefault((tb.phase_of_pos[pos], t.workers, t.machines), []).append(pos)
    for key in sorted(groups):
        positions = groups[key]
        tiles = [st.tile_at[p] for p in positions]
        rng.shuffle(tiles)
        for p, t_idx in zip(positions, tiles, strict=True):
            st.tile_at[p] = t_idx
    if not st.drained[tb.centre]:
        c = tb.tiles[st.tile_at[tb.centre]]
        water = (c.workers, c.machines)
        pool = [st.tile_at[tb.centre], *st.unused_centre]
        fits = [t_idx for t_idx in pool if (tb.tiles[t_idx].workers, tb.tiles[t_idx].machines) == water]
        choice = fits[rng.below(len(fits))]
        st.tile_at[tb.centre] = choice
        st.unused_centre = [t_idx for t_idx in pool if t_idx != choice]
