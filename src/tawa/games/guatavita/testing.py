"""Helpers to build hand-made Guatavita positions for tests and experiments.

    g = scenario(3, spots=["NE", "SW", "SE"], pioneer=0)     # planning of round 1, red (seat 0) to act
    put_tile(g, "S02", "P1-01"); drain(g, "S02", {0: 1}, he=0)
    set_camp(g, 0, workers=5, machines=2); set_stock(g, 0, gold=3)
    turn_to(g, 0); act(g, "explore S03 from S02")

Every helper keeps the component counts (pieces move from / to the personal supply, emeralds from / to the
shared supply), so ``check_invariants`` keeps holding. Seats get the colours red, blue, yellow, green.
"""

from __future__ import annotations

from typing import Any

from tawa.core.events import Event
from tawa.games.guatavita.data import PARAMS, Tables, tables
from tawa.games.guatavita.game import GuatavitaGame
from tawa.games.guatavita.rules import start
from tawa.games.guatavita.rules.common import turn_order
from tawa.games.guatavita.state import Ask, BalsaStep, Decision, Phase

BOARD: Tables = tables(PARAMS.resolve(None))
"""The lake and the tiles of the default params (the geometry is fixed: no option changes it)."""

COLOURS = ("red", "blue", "yellow", "green")


def pos(name: str) -> int:
    return BOARD.index[name]


def scenario(
    players: int = 3,
    *,
    seed: int = 0,
    spots: list[str] | None = None,
    pioneer: int = 0,
    balsa: bool = False,
    options: dict[str, Any] | None = None,
) -> GuatavitaGame:
    """A game at the first planning turn of round 1 with chosen spots and Pioneer; balsas (if on) are
    not placed (use ``put_balsa``)."""
    opts = dict(options or {})
    if balsa:
        opts["balsa"] = True
    g = GuatavitaGame(players, seed, opts)
    st = g.state
    for s, pl in enumerate(st.players):
        pl.colour = COLOURS[s]
        if spots is not None:
            pl.spot = spots[s]
    st.pioneer = pioneer
    st.order = turn_order(st, g.tables)
    st.stage, st.idx, st.sub, st.decision = Phase.START, 0, BalsaStep.MOVING, None
    g.log.clear()
    restart(g)
    return g


def restart(g: GuatavitaGame) -> list[Event]:
    """Run the automatic steps from the current stage (after editing the state)."""
    g.state.decision = None
    ev = start(g.state, g.tables, g.params)
    g.invalidate_cache()
    return ev


def put_tile(g: GuatavitaGame, where: str, tile_id: str) -> None:
    """Swap tiles so that ``tile_id`` lies on ``where`` (keeps the deal a permutation)."""
    st = g.state
    t = g.tables.tile_index[tile_id]
    p = pos(where)
    if st.tile_at[p] == t:
        return
    if t in st.unused_centre:
        i = st.unused_centre.index(t)
        st.unused_centre[i], st.tile_at[p] = st.tile_at[p], t
    else:
        q = st.tile_at.index(t)
        st.tile_at[q], st.tile_at[p] = st.tile_at[p], t
    g.invalidate_cache()


def drain(g: GuatavitaGame, where: str, owners: dict[int, int], tile: str | None = None, he: int = -1) -> None:
    """Mark ``where`` drained with ``owners`` {seat: pipes} (taken from the personal supply) and an optional HE
    (a worker taken from the personal supply)."""
    st = g.state
    p = pos(where)
    if tile is not None:
        put_tile(g, where, tile)
    st.drained[p] = True
    row = list(st.pipes[p])
    for s, n in owners.items():
        st.players[s].sup_pipes -= n
        row[s] += n
    st.pipes[p] = row
    if he >= 0:
        st.players[he].sup_workers -= 1
        st.he[p] = he
    g.invalidate_cache()


def set_camp(
    g: GuatavitaGame, seat: int, workers: int | None = None, machines: int | None = None, pipes: int | None = None
) -> None:
    """Set camp pieces, moving the difference from / to the personal supply."""
    pl = g.state.players[seat]
    if workers is not None:
        pl.sup_workers -= workers - pl.camp_workers
        pl.camp_workers = workers
    if machines is not None:
        pl.sup_machines -= machines - pl.camp_machines
        pl.camp_machines = machines
    if pipes is not None:
        pl.sup_pipes -= pipes - pl.camp_pipes
        pl.camp_pipes = pipes
    g.invalidate_cache()


def set_stock(g: GuatavitaGame, seat: int, **values: int) -> None:
    """Set gold, food, vp, camp_level, pump_level, loan directly; ``emeralds`` moves from the shared supply."""
    pl = g.state.players[seat]
    for k, v in values.items():
        if k == "emeralds":
            g.state.supply -= v - pl.emeralds
        if k == "pump_level" and v == 2 and not pl.pump_worker:
            pl.pump_worker = 1
            pl.sup_workers -= 1
        setattr(pl, k, v)
    g.invalidate_cache()


def put_balsa(g: GuatavitaGame, seat: int, where: str, protected: bool = False) -> None:
    pl = g.state.players[seat]
    pl.balsa_alive = True
    pl.balsa_pos = pos(where)
    if protected:
        pl.balsa_protected = True
        g.state.supply -= g.params.PROTECT_EMERALDS
    g.invalidate_cache()


def turn_to(g: GuatavitaGame, seat: int) -> None:
    """Make it ``seat``'s planning turn (during the planning stage)."""
    st = g.state
    st.stage = Phase.PLAN
    st.turn = st.order.index(seat)
    st.decision = Decision(Ask.PLAN, seat)
    g.invalidate_cache()


def act(g: GuatavitaGame, *ids: str) -> list[Event]:
    ev: list[Event] = []
    for a in ids:
        ev.extend(g.apply(a))
    return ev


def ids(g: GuatavitaGame) -> set[str]:
    return {a.id for a in g.legal_actions()}


def pass_all(g: GuatavitaGame) -> list[Event]:
    """Everyone still planning passes (the execution phase then runs to its next decision)."""
    ev: list[Event] = []
    rnd = g.state.round
    while g.state.decision is not None and g.state.decision.ask == Ask.PLAN and g.state.round == rnd:
        ev.extend(g.apply("pass"))
    return ev
