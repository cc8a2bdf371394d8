"""The Night (AY-410..AY-464), one step per call, and the end of the game (AY-480..AY-491)."""

from __future__ import annotations

from tawa.core.events import Event
from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.ayar.data import LANES, MARKERS, NEUTRAL, PATHS, ROUNDS, Tables
from tawa.games.ayar.rules.activities import gain_tokens, night_moon_bonus, slide_and_refill
from tawa.games.ayar.rules.texts import activity_name, seat_label
from tawa.games.ayar.rules.turn import begin_turn
from tawa.games.ayar.scoring import allocate_llamas, moon_values
from tawa.games.ayar.state import AyarState, FinalScore, NightStep, Phase, PlayerState


def retiring_ayar(st: AyarState) -> int:
    """AY-411/AY-413/AY-414 least advanced; ties: oldest move stamp, then lowest path number."""
    cands = [q for q in range(len(PATHS)) if st.active[q]]
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


def marker_moon(st: AyarState, t: Tables, p: PlayerState) -> int:
    """AY-441/AY-442 the Moon of the Step markers laid this round (0 for one that moved tonight's retiring
    Ayar at Nights 1-3)."""
    n = st.round
    return sum(0 if (n < ROUNDS and x.path == st.retiring) else t.slot_moon[x.slot] for x in p.laid)


MARKER_MOON = "Step markers"


def night_moon(st: AyarState, t: Tables, params: Params, p: PlayerState) -> dict[str, int]:
    """AY-440..AY-445 tonight's Moon of one player by source: the Step markers, the four activities (by their
    names) and the V5 bonus spaces ("V5")."""
    parts = {MARKER_MOON: marker_moon(st, t, p)}
    parts.update((activity_name(a), v) for a, v in moon_values(p, t, params.SET_MOON).items())
    parts["V5"] = night_moon_bonus(p, t)
    return parts


def run_night(st: AyarState, t: Tables, params: Params, rng: Rng, ev: list[Event]) -> None:
    """One Night step per call (AY-410); the harvest winner's Viracocha may pause it (AY-811)."""
    n = st.round
    step = NightStep(st.night_step)
    st.night_step = NightStep(step + 1)
    if step == NightStep.RETIRE:  # AY-411..AY-414
        q = retiring_ayar(st)
        st.retiring = q
        st.active[q] = False
        k = len(t.raymi_steps)
        for j in range(k):  # AY-215
            st.raymi[q * k + j] = ""
        ev.append(Event("night", f"Night {n}: the {PATHS[q]} Ayar " + ("founds Cusco" if n == ROUNDS else "retires")))
    elif step == NightStep.HARVEST:  # AY-420, AY-319..AY-325
        q = st.retiring
        w = harvest_winner(st.terrace)
        if w is not None and w != NEUTRAL and st.temple_token[q] > 0:
            st.temple_token[q] -= 1
            gain_tokens(st, w)
            ev.append(Event("harvest", f"{seat_label(w)} wins the harvest and the {PATHS[q]} Viracocha"))
        else:
            ev.append(Event("harvest", "the harvest Viracocha leaves the game"))
        st.temple_token[q] = 0  # AY-421
        st.rival_cubes += sum(1 for o in st.terrace if o == NEUTRAL)
        st.terrace = []
    elif step == NightStep.TEMPLES:  # AY-430..AY-433
        q = st.retiring
        for s in st.temple[q]:
            st.players[s].sun += params.TEMPLE_SUN_PER_NIGHT * n
            ev.append(
                Event("temple", f"{seat_label(s)} temple in the {PATHS[q]} row: +{params.TEMPLE_SUN_PER_NIGHT * n} Sun")
            )
        st.temple[q] = ()
        st.temple_closed[q] = True
    elif step == NightStep.MOON:  # AY-440..AY-445
        for i, p in enumerate(st.players):
            parts = night_moon(st, t, params, p)
            p.moon += sum(parts.values())
            ev.append(
                Event(
                    "moon",
                    f"{seat_label(i)} Moon: markers {parts.pop(MARKER_MOON)}, "
                    + ", ".join(f"{name} {v}" for name, v in parts.items()),
                )
            )
    elif step == NightStep.DUSK:  # AY-450
        for i, p in enumerate(st.players):
            p.sun += p.inti
            ev.append(Event("dusk", f"{seat_label(i)} Dusk: +{p.inti} Sun"))
    else:
        if n == ROUNDS:  # AY-464/AY-480
            finish_game(st, ev)
            return
        for p in st.players:  # AY-461
            p.slots = [-1] * len(LANES)
            p.markers = [-1] * len(MARKERS)
            p.laid = []
        if len(st.stack) < params.RESHUFFLE_BELOW:  # AY-462
            st.stack.extend(x for x in st.market if x >= 0)
            rng.shuffle(st.stack)
            st.market = [-1] * t.market_slots
            slide_and_refill(st, t)
            ev.append(Event("market", "the Pot market is reshuffled into the stack and dealt again"))
        st.start = (st.start + 1) % st.n  # AY-463
        st.round += 1
        st.turn = 0
        begin_turn(st, t, params, st.start)


def finish_game(st: AyarState, ev: list[Event]) -> None:
    """AY-481..AY-490 Llamas, min(Sun, Moon) and the tie-break keys."""
    st.final = []
    for i, p in enumerate(st.players):
        sun, moon = allocate_llamas(p.sun, p.moon, p.llamas)
        tokens = sum(p.bonus)
        st.final.append(FinalScore.of(min(sun, moon), max(sun, moon), tokens, p.llamas, sun, moon))
        ev.append(
            Event("final", f"{seat_label(i)}: Sun {sun}, Moon {moon} after {p.llamas} Llamas: final {min(sun, moon)}")
        )
    st.phase = Phase.OVER
    st.seat = -1
