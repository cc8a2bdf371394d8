"""Setup (AY-030..AY-047): the boards, the shuffled Raymi tiles, Textiles and Pots, and the first turn."""

from __future__ import annotations

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.ayar.data import SECTIONS, Tables
from tawa.games.ayar.rules.turn import begin_turn
from tawa.games.ayar.state import AyarState


def setup(st: AyarState, t: Tables, params: Params, rng: Rng) -> list[Event]:
    """Deal a new game into ``st`` (built by ``AyarState(t)``); nothing of it is logged."""
    tiles = list(t.raymi_tiles)
    rng.shuffle(tiles)  # AY-033 deal order of C3
    st.raymi = tiles[: len(st.raymi)]
    st.temple_token = [params.TEMPLE_TOKENS] * len(st.temple_token)  # AY-032
    for i, tile in enumerate(t.textiles):  # AY-034
        st.stacks[tile.stack - 1].append(i)
    for s in st.stacks:
        rng.shuffle(s)
    pots = list(range(t.pots))  # AY-035
    rng.shuffle(pots)
    st.market = pots[: t.market_slots]
    st.stack = pots[t.market_slots :]
    st.lake = [params.LAKE_TOKENS] * len(SECTIONS)  # AY-036
    for seat, p in enumerate(st.players):  # AY-039..AY-045
        p.temples = params.TEMPLE_MARKERS
        p.llamas = t.start_llamas[seat]
    if st.n == 1:  # AY-046
        deck = list(range(len(t.rival_cards)))
        rng.shuffle(deck)
        st.rival_deck = deck
        st.rival_tambos = len(deck)
        st.rival_cubes = params.RIVAL_CUBES
    st.start = 0  # AY-047 seat 1 starts
    begin_turn(st, t, params, 0)
    return []
