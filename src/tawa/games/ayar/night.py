"""End of a Day turn, the solo Rival's turn (AY-500..AY-515), the Night (AY-410..AY-464) and game end."""
from __future__ import annotations

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.ayar import activities as A
from tawa.games.ayar.data import ACTIVITY_NAMES, NEUTRAL, PATHS, ROUNDS
from tawa.games.ayar.rules import begin_turn, free_spots, inti_scoring, move_figure
from tawa.games.ayar.scoring import allocate_llamas, moon_values
from tawa.games.ayar.state import AyarState


def end_turn(st: AyarState, params: Params, rng: Rng, ev: list[Event]) -> None:
    """AY-062 next player clockwise; AY-502 the Rival plays after each solo turn; the Night after the last turn."""
    if st.n == 1 and st.rival_deck:
        rival_turn(st, params, ev)
    st.turn += 1
    if st.turn >= st.t.turns_per_round[st.round - 1] * st.n:
        st.phase = "night"
        st.night_step = 0
        st.seat = -1
        return
    begin_turn(st, (st.start + st.turn) % st.n, params)


# ================================================================ Rival (solo)
def rank_ayars(st: AyarState) -> list[int]:
    """C16 active Ayars by step, highest first; ties: lower path number first."""
    return sorted((q for q in range(4) if st.active[q]), key=lambda q: (-st.step[q], q))


def select_ayar(st: AyarState, selector: str) -> int:
    ranks = rank_ayars(st)
    if selector == "leader":
        return ranks[0]
    if selector == "second":
        return ranks[1] if len(ranks) > 1 else ranks[0]
    if selector == "laggard":
        return ranks[-1]
    q = PATHS.index(selector)
    return q if st.active[q] else ranks[0]


def rival_turn(st: AyarState, params: Params, ev: list[Event]) -> None:
    t = st.t
    card = st.rival_deck.pop(0)                              # AY-503 reveal the top card
    st.rival_shown.append(card)
    cid, selector, steps, priority = t.rival_cards[card]
    path = select_ayar(st, selector)                         # AY-504
    hit = move_figure(st, path, steps)                       # AY-505
    ev.append(Event("rival", f"Rival {cid}: the {PATHS[path]} Ayar moves to step {st.step[path]}"))
    spots = free_spots(st, path, st.step[path])
    acts = t.spot_activity[path]
    chosen = -1
    for act in priority:                                     # AY-506
        cands = [k for k in spots if acts[k - 1] == act]
        if cands:
            chosen = max(cands)
            break
    if chosen > 0 and st.rival_tambos > 0:
        st.spots[path][chosen] = (*st.spots[path][chosen], NEUTRAL)
        st.rival_tambos -= 1
        act = acts[chosen - 1]
        ev.append(Event("rival", f"Rival Tambo on {PATHS[path]} spot {chosen} ({ACTIVITY_NAMES[act]})"))
        rival_effect(st, act, params, ev)
    else:                                                    # AY-507
        ev.append(Event("rival", "Rival: no free spot, no effect"))
    if hit >= 0 and st.raymi[hit]:                           # AY-512/AY-222
        inti_scoring(st, hit, ev)


def rival_effect(st: AyarState, act: str, params: Params, ev: list[Event]) -> None:
    t = st.t
    if act == "P":                                           # AY-508
        occupied = [i for i, x in enumerate(st.market) if x >= 0]
        if occupied:
            i = occupied[-1]
            pid = st.market[i]
            st.pots_out.append(pid)
            st.market[i] = -1
            A.slide_and_refill(st)
            ev.append(Event("rival", f"Rival removes the Pot of market slot {i + 1} "
                            f"({t.colours[t.pot_colour[pid]]} {t.pot_power[pid]})"))
    elif act == "W":                                         # AY-509
        for i in range(len(st.stacks) - 1, -1, -1):
            if st.stacks[i]:
                tile = st.stacks[i].pop(0)
                st.textiles_out.append(tile)
                ev.append(Event("rival", f"Rival removes the top Textile of stack {i + 1} ({t.textiles[tile].id})"))
                break
    elif act == "F":                                         # AY-510/AY-514
        want = params.RIVAL_PLANT_HARD if params.RIVAL_HARD else params.RIVAL_PLANT
        k = min(want, t.terrace_cells - len(st.terrace), st.rival_cubes)
        st.terrace.extend([NEUTRAL] * k)
        st.rival_cubes -= k
        ev.append(Event("rival", f"Rival plants {k} cube(s)"))
    else:                                                    # AY-511
        placed = sum(1 for isl in st.route if NEUTRAL in isl)
        for s in range(1, t.route_len + 1):
            if placed >= params.RIVAL_ISLANDS:               # C1: the Rival's neutral Islands are used up
                break
            if t.route_yellow[s] and not st.route[s]:
                st.route[s] = (NEUTRAL,)
                ev.append(Event("rival", f"Rival Island on yellow slot {s}"))
                break


# ================================================================ Night
def retiring_ayar(st: AyarState) -> int:
    """AY-411/AY-413/AY-414 least advanced; ties: oldest move stamp, then lowest path number."""
    cands = [q for q in range(4) if st.active[q]]
    return min(cands, key=lambda q: (st.step[q], st.stamp[q], q))


def harvest_winner(terrace: list[int]) -> int | None:
    """AY-319..AY-321 most cubes this round; ties: the tied owner whose earliest cube comes first."""
    if not terrace:
        return None
    counts: dict[int, int] = {}
    for o in terrace:
        counts[o] = counts.get(o, 0) + 1
    best = max(counts.values())
    for o in terrace:
        if counts[o] == best:
            return o
    return None


def run_night(st: AyarState, params: Params, rng: Rng, ev: list[Event]) -> None:
    """One Night step per call (AY-410); the harvest winner's Viracocha may pause it (AY-811)."""
    t = st.t
    n = st.round
    step = st.night_step
    st.night_step += 1
    if step == 0:                                            # AY-411..AY-414
        q = retiring_ayar(st)
        st.retiring = q
        st.active[q] = False
        k = len(t.raymi_steps)
        for j in range(k):                                   # AY-215
            st.raymi[q * k + j] = ""
        ev.append(Event("night", f"Night {n}: the {PATHS[q]} Ayar " + ("founds Cusco" if n == ROUNDS else "retires")))
    elif step == 1:                                          # AY-420, AY-319..AY-325
        q = st.retiring
        w = harvest_winner(st.terrace)
        if w is not None and w != NEUTRAL and st.temple_token[q] > 0:
            st.temple_token[q] -= 1
            A.gain_tokens(st, w)
            ev.append(Event("harvest", f"P{w + 1} wins the harvest and the {PATHS[q]} Viracocha"))
        else:
            ev.append(Event("harvest", "the harvest Viracocha leaves the game"))
        st.temple_token[q] = 0                               # AY-421
        st.rival_cubes += sum(1 for o in st.terrace if o == NEUTRAL)
        st.terrace = []
    elif step == 2:                                          # AY-430..AY-433
        q = st.retiring
        for s in st.temple[q]:
            st.players[s].sun += params.TEMPLE_SUN_PER_NIGHT * n
            ev.append(Event("temple", f"P{s + 1} temple in the {PATHS[q]} row: +{params.TEMPLE_SUN_PER_NIGHT * n} Sun"))
        st.temple[q] = ()
        st.temple_closed[q] = True
    elif step == 3:                                          # AY-440..AY-445
        for i, p in enumerate(st.players):
            marks = sum(0 if (n < ROUNDS and path == st.retiring) else t.slot_moon[slot] for _, slot, path in p.laid)
            acts = moon_values(p, t, params.SET_MOON)
            v5 = A.night_moon_bonus(p, t)
            p.moon += marks + sum(acts.values()) + v5
            ev.append(Event("moon", f"P{i + 1} Moon: markers {marks}, " +
                            ", ".join(f"{ACTIVITY_NAMES[a]} {v}" for a, v in acts.items()) + f", V5 {v5}"))
    elif step == 4:                                          # AY-450
        for i, p in enumerate(st.players):
            p.sun += p.inti
            ev.append(Event("dusk", f"P{i + 1} Dusk: +{p.inti} Sun"))
    else:
        if n == ROUNDS:                                      # AY-464/AY-480
            finish_game(st, ev)
            return
        for p in st.players:                                 # AY-461
            p.slots = [-1] * 8
            p.markers = [-1] * 5
            p.laid = []
        if len(st.stack) < params.RESHUFFLE_BELOW:           # AY-462
            st.stack.extend(x for x in st.market if x >= 0)
            rng.shuffle(st.stack)
            st.market = [-1] * t.market_slots
            A.slide_and_refill(st)
            ev.append(Event("market", "the Pot market is reshuffled into the stack and dealt again"))
        st.start = (st.start + 1) % st.n                     # AY-463
        st.round += 1
        st.turn = 0
        begin_turn(st, st.start, params)


def finish_game(st: AyarState, ev: list[Event]) -> None:
    """AY-481..AY-490 Llamas, min(Sun, Moon) and the tie-break keys."""
    st.final = []
    for i, p in enumerate(st.players):
        sun, moon = allocate_llamas(p.sun, p.moon, p.llamas)
        tokens = sum(p.bonus)
        st.final.append([min(sun, moon), max(sun, moon), tokens, p.llamas, sun, moon])
        ev.append(Event("final", f"P{i + 1}: Sun {sun}, Moon {moon} after {p.llamas} Llamas: final {min(sun, moon)}"))
    st.phase = "over"
    st.seat = -1
