"""The solo Rival (AY-500..AY-515): one automatic turn after each of the player's Day turns."""

from __future__ import annotations

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.games.ayar.data import NEUTRAL, PATHS, Tables
from tawa.games.ayar.rules.activities import slide_and_refill
from tawa.games.ayar.rules.texts import RIVAL, activity_name
from tawa.games.ayar.rules.turn import free_spots, inti_scoring, move_figure
from tawa.games.ayar.state import AyarState


def rank_ayars(st: AyarState) -> list[int]:
    """C16 active Ayars by step, highest first; ties: lower path number first."""
    return sorted((q for q in range(len(PATHS)) if st.active[q]), key=lambda q: (-st.step[q], q))


def select_ayar(st: AyarState, selector: str) -> int:
    """C16 the Ayar a Rival card moves (AY-504)."""
    ranks = rank_ayars(st)
    if selector == "leader":
        return ranks[0]
    if selector == "second":
        return ranks[1] if len(ranks) > 1 else ranks[0]
    if selector == "laggard":
        return ranks[-1]
    q = PATHS.index(selector)
    return q if st.active[q] else ranks[0]


def rival_turn(st: AyarState, t: Tables, params: Params, ev: list[Event]) -> None:
    """AY-503..AY-507, AY-512 reveal a card, move its Ayar, place a neutral Tambo and apply its effect."""
    card = st.rival_deck.pop(0)  # AY-503 reveal the top card
    st.rival_shown.append(card)
    cid, selector, steps, priority = t.rival_cards[card]
    path = select_ayar(st, selector)  # AY-504
    hit = move_figure(st, t, path, steps)  # AY-505
    ev.append(Event("rival", f"{RIVAL} {cid}: the {PATHS[path]} Ayar moves to step {st.step[path]}"))
    spots = free_spots(st, t, path, st.step[path])
    acts = t.spot_activity[path]
    chosen = -1
    for act in priority:  # AY-506
        cands = [k for k in spots if acts[k - 1] == act]
        if cands:
            chosen = max(cands)
            break
    if chosen > 0 and st.rival_tambos > 0:
        st.spots[path][chosen] = (*st.spots[path][chosen], NEUTRAL)
        st.rival_tambos -= 1
        act = acts[chosen - 1]
        ev.append(Event("rival", f"{RIVAL} Tambo on {PATHS[path]} spot {chosen} ({activity_name(act)})"))
        rival_effect(st, t, params, act, ev)
    else:  # AY-507
        ev.append(Event("rival", f"{RIVAL}: no free spot, no effect"))
    if hit >= 0 and st.raymi[hit]:  # AY-512/AY-222
        inti_scoring(st, t, hit, ev)


def rival_effect(st: AyarState, t: Tables, params: Params, act: str, ev: list[Event]) -> None:
    """AY-508..AY-511, AY-514 the Rival's effect in the activity of its spot."""
    if act == "P":  # AY-508
        occupied = [i for i, x in enumerate(st.market) if x >= 0]
        if occupied:
            i = occupied[-1]
            pid = st.market[i]
            st.pots_out.append(pid)
            st.market[i] = -1
            slide_and_refill(st, t)
            ev.append(
                Event(
                    "rival",
                    f"{RIVAL} removes the Pot of market slot {i + 1} "
                    f"({t.colours[t.pot_colour[pid]]} {t.pot_power[pid]})",
                )
            )
    elif act == "W":  # AY-509
        for i in range(len(st.stacks) - 1, -1, -1):
            if st.stacks[i]:
                tile = st.stacks[i].pop(0)
                st.textiles_out.append(tile)
                ev.append(Event("rival", f"{RIVAL} removes the top Textile of stack {i + 1} ({t.textiles[tile].id})"))
                break
    elif act == "F":  # AY-510/AY-514
        want = params.RIVAL_PLANT_HARD if params.RIVAL_HARD else params.RIVAL_PLANT
        k = min(want, t.terrace_cells - len(st.terrace), st.rival_cubes)
        st.terrace.extend([NEUTRAL] * k)
        st.rival_cubes -= k
        ev.append(Event("rival", f"{RIVAL} plants {k} cube(s)"))
    else:  # AY-511
        placed = sum(1 for isl in st.route if NEUTRAL in isl)
        for s in range(1, t.route_len + 1):
            if placed >= params.RIVAL_ISLANDS:  # C1: the Rival's neutral Islands are used up
                break
            if t.route_yellow[s] and not st.route[s]:
                st.route[s] = (NEUTRAL,)
                ev.append(Event("rival", f"{RIVAL} Island on yellow slot {s}"))
                break
