"""Rule helpers shared by the topics: names, gains under the caps, loans, ownership, turn order, piece counts."""

from __future__ import annotations

from typing import NamedTuple

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.games.guatavita.data import Tables
from tawa.games.guatavita.state import GuatavitaState, Player

PUMP = -1  # a source that is the player's pump, not a tile (GV-175)


class Move(NamedTuple):
    """What an offered action does, in the rules' terms (the ``data`` of its ``Action``). ``kind`` is the
    action's first word (``explore``, ``cross``, ``pass``, ``camp``, ``pump``, ``step`` ...); ``pos`` its
    position (a target, the crossed tile, a balsa's tile ...); ``via`` the tile crossed on the way to an
    explored tile; ``source`` the source of a lake placement (PUMP or an own tile); ``amount`` the machines
    insured or the workers of a Harvest; ``choice`` a word (commerce good, payment, declaration, exchange)."""

    kind: str
    pos: int = -1
    via: int = -1
    source: int = PUMP
    amount: int = 0
    choice: str = ""


def name(st: GuatavitaState, seat: int) -> str:
    """The seat's name everywhere (board, log, prompt): its colour."""
    return st.players[seat].colour.capitalize()


def pos_name(tb: Tables, pos: int) -> str:
    """A position's name, or "pump" for the pump as a source."""
    return "pump" if pos < 0 else tb.names[pos]


def gain_gold(st: GuatavitaState, params: Params, seat: int, n: int) -> int:
    """GV-370/GV-371: gold over the cap becomes VP. Returns the VP scored from overflow."""
    pl = st.players[seat]
    room: int = params.GOLD_CAP - pl.gold
    if n <= room:
        pl.gold += n
        return 0
    over = n - max(room, 0)
    pl.gold = max(pl.gold, params.GOLD_CAP)
    pl.vp += over
    return over


def gain_food(st: GuatavitaState, params: Params, seat: int, n: int) -> None:
    """GV-372: food over the cap is lost."""
    pl = st.players[seat]
    pl.food = min(params.FOOD_CAP, pl.food + n)


def gain_emeralds(st: GuatavitaState, seat: int, n: int) -> int:
    """GV-345: emeralds only while the shared supply has them. Returns how many were taken."""
    got = min(n, st.supply)
    st.supply -= got
    st.players[seat].emeralds += got
    return got


def take_loan(st: GuatavitaState, params: Params, seat: int, ev: list[Event], automatic: bool = False) -> None:
    """GV-660..GV-663 (and GV-107 for the automatic loan): marker +1, gold in, VP out."""
    pl = st.players[seat]
    pl.loan += 1
    gold = params.LOAN_GOLD[pl.loan]
    vp = params.LOAN_VP[pl.loan]
    gain_gold(st, params, seat, gold)
    pl.vp -= vp
    how = "automatic loan" if automatic else "loan"
    ev.append(
        Event(
            "loan",
            f"{name(st, seat)} takes a {how}: loan track {pl.loan}, +{gold} gold, -{vp} VP",
            data={"seat": seat, "loan": pl.loan},
        )
    )
    if pl.loan >= params.LOAN_END and "bankruptcy" not in st.end_triggers:  # GV-108, GV-663, GV-682
        st.end_triggers.append("bankruptcy")
        ev.append(Event("trigger", f"{name(st, seat)} is bankrupt: the game ends after this round"))


def seat_order(st: GuatavitaState, tb: Tables) -> list[int]:
    """SEAT_ORDER (T-PUMPS): seats sorted by the angle of their pump spot."""
    return sorted(range(len(st.players)), key=lambda s: tb.spots[st.players[s].spot].angle)


def turn_order(st: GuatavitaState, tb: Tables) -> list[int]:
    """GV-051..GV-053: counter-clockwise (next in SEAT_ORDER) from the Pioneer holder."""
    so = seat_order(st, tb)
    i = so.index(st.pioneer)
    return so[i:] + so[:i]


def clockwise_order(st: GuatavitaState, tb: Tables) -> list[int]:
    """GV-777: clockwise (previous in SEAT_ORDER) from the Pioneer holder."""
    ccw = turn_order(st, tb)
    return [ccw[0], *reversed(ccw[1:])]


def is_damp(st: GuatavitaState, tb: Tables, pos: int) -> bool:
    """GV-500: the tile on ``pos`` is damp (known once it is drained)."""
    return tb.tiles[st.tile_at[pos]].special == "damp"


def box_vp(st: GuatavitaState, tb: Tables, pos: int) -> int:
    """GV-502: the re-exploration box VP of the tile on ``pos`` (0: none)."""
    return tb.tiles[st.tile_at[pos]].box


def owns(st: GuatavitaState, seat: int, pos: int) -> bool:
    """An own tile: drained and holding at least one of the seat's pipes."""
    return st.drained[pos] and st.pipes[pos][seat] > 0


def exit_pipes(st: GuatavitaState, tb: Tables, params: Params, source: int) -> int:
    """GV-177/GV-178/GV-500: pipes to connect from a source (PUMP or an own tile)."""
    if source < 0:
        return params.PUMP_SOURCE_PIPES  # type: ignore[no-any-return]
    return params.DAMP_EXIT_PIPES if is_damp(st, tb, source) else params.NORMAL_EXIT_PIPES  # type: ignore[no-any-return]


def in_supply(pl: Player, piece: str) -> bool:
    """GV-029: a piece ("worker", "machine", "pipe") left in the player's personal supply."""
    return getattr(pl, f"sup_{piece}s") >= 1  # type: ignore[no-any-return]


def supply_to_camp(pl: Player, piece: str) -> None:
    """GV-022: one piece from the personal supply into camp (Commerce, Recruitment)."""
    setattr(pl, f"sup_{piece}s", getattr(pl, f"sup_{piece}s") - 1)
    setattr(pl, f"camp_{piece}s", getattr(pl, f"camp_{piece}s") + 1)


def pieces_out(st: GuatavitaState, seat: int) -> tuple[int, int]:
    """Workers and machines of ``seat`` placed this round and not yet back in camp (on boxes, on the balsa, on
    explored tiles, and a saboteur on a tile still to flip)."""
    w = st.players[seat].balsa_workers
    m = 0
    for slots in st.boxes.values():
        for slot in slots:
            if slot.seat == seat:
                w += slot.workers
                m += slot.machines
    for x in st.explorations:
        if x.owner == seat:
            w += x.workers
            m += x.machines
        if x.saboteur == seat and not st.drained[x.pos] and x.declared != "none":
            w += 1
    return w, m


def pipes_in_lake(st: GuatavitaState, seat: int) -> int:
    return sum(row[seat] for row in st.pipes)


def he_positions(st: GuatavitaState, seat: int) -> list[int]:
    """GV-390: the positions of the seat's head explorers."""
    return [i for i, h in enumerate(st.he) if h == seat]


def balsa_at(st: GuatavitaState, pos: int) -> int:
    """Seat whose live balsa is on ``pos``, or -1."""
    for s, pl in enumerate(st.players):
        if pl.balsa_alive and pl.balsa_pos == pos:
            return s
    return -1


def box_workers(st: GuatavitaState, seat: int) -> int:
    """Workers of ``seat`` on action boxes now (sabotage slots included)."""
    return sum(e.workers for entries in st.boxes.values() for e in entries if e.seat == seat)


def housed(st: GuatavitaState, seat: int) -> int:
    """GV-642: workers in camp, on action boxes, on the balsa and on the pump."""
    pl = st.players[seat]
    return pl.camp_workers + box_workers(st, seat) + pl.balsa_workers + pl.pump_worker


def check_pipe_trigger(st: GuatavitaState, params: Params, seat: int, ev: list[Event]) -> None:
    """GV-683/GV-684: all 12 pipes in the lake ends the game after this round."""
    if "pipes" not in st.end_triggers and pipes_in_lake(st, seat) >= params.PIPES_PER_COLOUR:
        st.end_triggers.append("pipes")
        ev.append(
            Event(
                "trigger",
                f"{name(st, seat)} has all {params.PIPES_PER_COLOUR} pipes in the lake: the game ends after this round",
            )
        )
