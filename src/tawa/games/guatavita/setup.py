"""Setup (GV-010..GV-030): colours and pump spots, the lake deal, the players' starting pieces, the Pioneer."""

from __future__ import annotations

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.guatavita.data import ACTIONS, LAST_PHASE, Tables
from tawa.games.guatavita.rules import start
from tawa.games.guatavita.rules.common import turn_order
from tawa.games.guatavita.state import GuatavitaState, Phase


def setup(state: GuatavitaState, tables: Tables, params: Params, rng: Rng) -> list[Event]:
    """Deal a fresh ``state`` (made with its player count) and run it to its first decision."""
    st, tb = state, tables
    players = len(st.players)
    colours = list(params.COLOURS)
    rng.shuffle(colours)  # GV-012
    spots = list(tb.spots_by_count[players])
    rng.shuffle(spots)
    for phase in range(1, LAST_PHASE):  # GV-013..GV-016
        stack = [i for i, t in enumerate(tb.tiles) if t.phase == phase]
        rng.shuffle(stack)
        positions = [p for p in range(tb.npos) if tb.phase_of_pos[p] == phase]
        for p, t in zip(positions, stack, strict=True):
            st.tile_at[p] = t
    centre = [i for i, t in enumerate(tb.tiles) if t.phase == LAST_PHASE]
    pick = rng.below(len(centre))  # GV-017, GV-018
    st.tile_at[tb.centre] = centre[pick]
    st.unused_centre = [t for i, t in enumerate(centre) if i != pick]
    for s, pl in enumerate(st.players):
        pl.colour = colours[s]
        pl.spot = spots[s]
        pl.camp_workers = params.START_WORKERS  # GV-020..GV-027
        pl.camp_pipes = params.START_PIPES
        pl.camp_machines = params.START_MACHINES
        pl.emeralds = params.START_EMERALDS
        pl.sup_workers = params.WORKERS_PER_COLOUR - pl.camp_workers
        pl.sup_pipes = params.PIPES_PER_COLOUR - pl.camp_pipes
        pl.sup_machines = params.MACHINES_PER_COLOUR - pl.camp_machines
        pl.vp = params.START_VP
        pl.gold = params.START_GOLD
        pl.food = params.START_FOOD
        pl.camp_level = params.CAMP_LEVEL_MIN
        pl.uses = [0] * len(ACTIONS)
    st.supply = params.EMERALD_SUPPLY - players * params.START_EMERALDS  # GV-028
    st.pioneer = rng.below(players)  # GV-019
    st.boxes = {b: [] for b in params.SLOTS}
    st.order = turn_order(st, tb)
    st.stage = Phase.BALSA_SETUP if params.balsa else Phase.START  # GV-030
    return start(st, tb, params)
