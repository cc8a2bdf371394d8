"""Planning phase (GV-070..GV-273, GV-774): one predicate per rule, the legal placements built from them, and
carrying a placement out. ``illegal.py`` explains a refused placement with the same predicates."""

from __future__ import annotations

from collections.abc import Callable

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.games.guatavita.data import (
    ACTION_INDEX,
    COMMERCE_BOXES,
    COMMERCE_GOODS,
    COMMERCE_WORKERS,
    HARVEST_SIZES,
    LOAN_WORKERS,
    PUMP_WORKERS,
    REEXPLORE_PIECES,
    SABOTAGE_WORKERS,
    SABOTEUR,
    Tables,
)
from tawa.games.guatavita.rules.common import (
    PUMP,
    Move,
    balsa_at,
    box_vp,
    check_pipe_trigger,
    exit_pipes,
    gain_gold,
    is_damp,
    name,
    owns,
    pos_name,
)
from tawa.games.guatavita.rules.moves import action_moves, explore_id
from tawa.games.guatavita.state import Exploration, GuatavitaState, Player, Slot

EXPLORE = ACTION_INDEX["explore"]
SABOTAGE = ACTION_INDEX["sabotage"]
CAMP = ACTION_INDEX["camp"]
PUMPRE = ACTION_INDEX["pumpre"]
HARVEST = ACTION_INDEX["harvest"]
PIONEER = ACTION_INDEX["pioneer"]
COMMERCE = ACTION_INDEX["commerce"]
RECRUIT = ACTION_INDEX["recruit"]
LOAN = ACTION_INDEX["loan"]
BALSA = ACTION_INDEX["balsa"]

# the action (GV-075) each placement kind counts as for GV-074
COUNTED_AS: dict[str, int] = {
    "explore": EXPLORE,
    "cross": EXPLORE,
    "sabotage": SABOTAGE,
    "camp": CAMP,
    "pump": PUMPRE,
    "reexplore": PUMPRE,
    "harvest": HARVEST,
    "pioneer": PIONEER,
    "commerce": COMMERCE,
    "recruit": RECRUIT,
    "loan": LOAN,
    "balsa": BALSA,
}

PASS = Action("pass", "Pass (no more placements this planning phase)", Move("pass"))
LOAN_MOVE = Move("loan")


# =========================================================================== predicates, one per rule
def has_worker(pl: Player) -> bool:
    """GV-071/GV-272 (ruling): a player with no worker in camp has no placement at all."""
    return pl.camp_workers >= 1


def under_limit(pl: Player, most: int, action: int) -> bool:
    """GV-074/GV-075: an action is chosen at most ``most`` (MAX_SAME_ACTION) times per planning phase."""
    return pl.uses[action] < most


def slot_free(st: GuatavitaState, slots: dict[str, int], box: str) -> bool:
    """GV-073: a placement on an action box needs a free slot (``slots``: the SLOTS of each box)."""
    return len(st.boxes[box]) < slots[box]


def loan_room(pl: Player, params: Params) -> bool:
    """GV-144: the loan position plus this phase's Loan placements stays below LOAN_END."""
    return pl.loan + pl.uses[LOAN] < params.LOAN_END  # type: ignore[no-any-return]


def loan_placeable(st: GuatavitaState, params: Params, seat: int) -> bool:
    """GV-143/GV-144: a free Loan slot, a worker in camp, and the loan track not run out."""
    pl = st.players[seat]
    return (
        under_limit(pl, params.MAX_SAME_ACTION, LOAN)
        and slot_free(st, params.SLOTS, "loan")
        and pl.camp_workers >= LOAN_WORKERS
        and loan_room(pl, params)
    )


def duty_binds(st: GuatavitaState, params: Params, seat: int) -> bool:
    """GV-109..GV-111: a player at 0 gold must open with a Loan while a Loan placement is possible (GV-110)."""
    pl = st.players[seat]
    return pl.gold_duty and not pl.placed and loan_placeable(st, params, seat)


def camp_room(pl: Player, params: Params) -> bool:
    """GV-131: the camp level plus this phase's Camp Upgrade placements stays below the top level."""
    return pl.camp_level + pl.uses[CAMP] < params.CAMP_LEVEL_MAX  # type: ignore[no-any-return]


def pump_upgradable(st: GuatavitaState, seat: int) -> bool:
    """GV-133: a level-1 pump, and no Pump Upgrade placed this phase."""
    return st.players[seat].pump_level == 1 and not any(e.seat == seat and e.target < 0 for e in st.boxes["pumpre"])


def reexplorable(st: GuatavitaState, tb: Tables, seat: int, pos: int) -> bool:
    """GV-134, GV-502, GV-563: an own damp tile with a re-exploration box."""
    return owns(st, seat, pos) and is_damp(st, tb, pos) and box_vp(st, tb, pos) > 0


def commerce_workers(st: GuatavitaState, seat: int) -> int:
    return sum(1 for b in COMMERCE_BOXES for e in st.boxes[b] if e.seat == seat)


def commerce_room(st: GuatavitaState, params: Params, seat: int) -> bool:
    """GV-139: at most COMMERCE_MAX_WORKERS of a player's workers in the Commerce box."""
    return commerce_workers(st, seat) < params.COMMERCE_MAX_WORKERS  # type: ignore[no-any-return]


def sabotage_target(st: GuatavitaState, seat: int, pos: int) -> Exploration | None:
    """GV-250/GV-251: the pending exploration on ``pos`` of another player without a saboteur, if any."""
    for e in st.explorations:
        if e.pos == pos:
            return e if e.owner != seat and e.saboteur < 0 else None
    return None


def pending_targets(st: GuatavitaState) -> set[int]:
    """GV-171/GV-798: the tiles that hold a pending exploration."""
    return {e.pos for e in st.explorations}


def balsa_ready(st: GuatavitaState, params: Params, seat: int) -> bool:
    """GV-770, GV-775: La Balsa in play, the balsa not destroyed and not activated this round."""
    pl = st.players[seat]
    return bool(params.balsa) and pl.balsa_alive and pl.balsa_workers == 0


def deep_enough(tb: Tables, pl: Player, pos: int) -> bool:
    """GV-173: phase-3 tiles and the centre need a level-2 pump."""
    return tb.phase_of_pos[pos] <= 2 or pl.pump_level >= 2


def targetable(st: GuatavitaState, tb: Tables, pl: Player, pos: int, pending: set[int]) -> bool:
    """GV-170, GV-171, GV-173: an undrained tile without a pending exploration, deep only with a level-2 pump."""
    return not st.drained[pos] and pos not in pending and deep_enough(tb, pl, pos)


def sources(st: GuatavitaState, tb: Tables, seat: int) -> dict[int, list[int]]:
    """GV-175, GV-176, GV-201: every position reachable by ``seat``, with its sources: PUMP for the two shore
    tiles of the seat's spot, then each own (drained) tile adjacent to it, in lake order."""
    reach: dict[int, list[int]] = {t: [PUMP] for t in tb.spots[st.players[seat].spot].shore}
    for s in own_tiles(st, seat):
        for t in tb.neighbours[s]:
            reach.setdefault(t, []).append(s)
    return reach


def own_tiles(st: GuatavitaState, seat: int) -> list[int]:
    """The seat's own tiles (drained, with a pipe of the seat: ``owns``), in lake order."""
    drained, pipes = st.drained, st.pipes
    return [p for p in range(len(drained)) if drained[p] and pipes[p][seat]]


def crossable(st: GuatavitaState, seat: int, pos: int) -> bool:
    """GV-200: a drained tile on which the crosser has no pipe."""
    return st.drained[pos] and st.pipes[pos][seat] == 0


def rent(st: GuatavitaState, params: Params, pos: int) -> int:
    """GV-203: the gold a crossing of ``pos`` pays, 1 to each owner."""
    return params.RENT_PER_OWNER * sum(1 for c in st.pipes[pos] if c > 0)  # type: ignore[no-any-return]


def required(st: GuatavitaState, tb: Tables, params: Params, target: int) -> tuple[int, int]:
    """GV-172/GV-181/GV-790: workers and machines an exploration of ``target`` needs."""
    t = tb.tiles[st.tile_at[target]]
    m = t.machines
    b = balsa_at(st, target) if params.balsa else -1
    if b >= 0 and st.players[b].balsa_protected:
        m += params.PROTECT_EXTRA_MACHINES
    return t.workers, m


def most_insured(pl: Player, machines: int) -> int:
    """GV-230, GV-233, GV-072: up to one emerald held per machine placed."""
    return min(machines, pl.emeralds)


# =========================================================================== the legal placements
def loan_action(st: GuatavitaState, params: Params, seat: int) -> Action:
    """GV-143: the Loan placement, with what its resolution will bring."""
    nxt = st.players[seat].loan + st.players[seat].uses[LOAN] + 1
    return Action(
        "loan",
        f"Loan: 1 worker (at execution: loan track {nxt}, +{params.LOAN_GOLD[nxt]} gold, -{params.LOAN_VP[nxt]} VP)",
        LOAN_MOVE,
    )


def placements(st: GuatavitaState, tb: Tables, params: Params, seat: int) -> list[Action]:
    """Every legal placement of ``seat`` (without ``pass``), in the fixed order of the action menu."""
    if duty_binds(st, params, seat):
        return [loan_action(st, params, seat)]
    pl = st.players[seat]
    out: list[Action] = []
    if not has_worker(pl):
        return out
    moves = action_moves(tb, params)

    def offer(aid: str, text: str) -> None:
        out.append(Action(aid, text, moves[aid]))

    w = pl.camp_workers
    most, slots = params.MAX_SAME_ACTION, params.SLOTS
    # ---- lake: exploration and crossing (GV-170..GV-213); every connection takes a pipe (GV-177, GV-178)
    if under_limit(pl, most, EXPLORE) and pl.camp_pipes >= 1:
        out.extend(lake_placements(st, tb, params, seat, moves))
    # ---- sabotage (GV-250, GV-251)
    if under_limit(pl, most, SABOTAGE) and w >= SABOTAGE_WORKERS and slot_free(st, slots, "sabotage"):
        for e in st.explorations:
            if sabotage_target(st, seat, e.pos) is not None:
                offer(
                    f"sabotage {tb.names[e.pos]}",
                    f"Sabotage {name(st, e.owner)}'s exploration of {tb.names[e.pos]} (2 workers)",
                )
    # ---- camp upgrade (GV-130, GV-131)
    cw, cm, cg = params.CAMP_UPGRADE
    if (
        under_limit(pl, most, CAMP)
        and slot_free(st, slots, "camp")
        and w >= cw
        and pl.camp_machines >= cm
        and camp_room(pl, params)
    ):
        offer("camp upgrade", f"Camp Upgrade: {cw} workers + {cm} machine (pay {cg} gold at execution)")
    # ---- pump upgrade / re-exploration (GV-132..GV-135)
    if under_limit(pl, most, PUMPRE) and slot_free(st, slots, "pumpre"):
        if pump_upgradable(st, seat):
            offer(
                "pump upgrade",
                f"Pump Upgrade: 1 worker (pay {params.PUMP_UPGRADE_GOLD} gold at "
                "execution; the worker then stays on the pump)",
            )
        if pl.camp_machines >= REEXPLORE_PIECES[1]:
            for d in own_tiles(st, seat):
                if reexplorable(st, tb, seat, d):
                    offer(
                        f"reexplore {tb.names[d]}",
                        f"Re-explore {tb.names[d]} (1 worker + 1 machine; "
                        f"{params.REEXPLORE_EMERALDS} emerald for {box_vp(st, tb, d)} VP)",
                    )
    # ---- harvest (GV-136)
    if under_limit(pl, most, HARVEST) and slot_free(st, slots, "harvest"):
        for n in HARVEST_SIZES:
            if w >= n:
                offer(f"harvest {n}", f"Harvest with {n} worker(s) ({params.HARVEST_FOOD[n - 1]} food at execution)")
    # ---- pioneer (GV-137)
    if under_limit(pl, most, PIONEER) and slot_free(st, slots, "pioneer") and w >= params.PIONEER_WORKERS:
        offer(
            "pioneer",
            f"Pioneer: {params.PIONEER_WORKERS} worker (take the marker; optional "
            f"{params.PIONEER_SWAP[0]} gold <-> {params.PIONEER_SWAP[1]} emeralds swap)",
        )
    # ---- commerce (GV-138..GV-140)
    if under_limit(pl, most, COMMERCE) and commerce_room(st, params, seat):
        for i, good in enumerate(COMMERCE_GOODS):
            if slot_free(st, slots, COMMERCE_BOXES[i]):
                offer(
                    f"commerce {good}",
                    f"Commerce: buy a {good} (1 worker; {params.COMMERCE_PRICES[i]} gold at execution)",
                )
    # ---- recruitment (GV-141, GV-142)
    if under_limit(pl, most, RECRUIT) and slot_free(st, slots, "recruit") and w >= params.RECRUIT_WORKERS:
        offer(
            "recruit",
            f"Recruitment: {params.RECRUIT_WORKERS} worker ({params.RECRUIT_FOOD} food for a new worker at execution)",
        )
    # ---- loan (GV-143, GV-144)
    if loan_placeable(st, params, seat):
        out.append(loan_action(st, params, seat))
    # ---- balsa (GV-774, GV-775, GV-798)
    if (
        balsa_ready(st, params, seat)
        and under_limit(pl, most, BALSA)
        and w >= params.BALSA_WORKERS
        and pl.balsa_pos not in pending_targets(st)
    ):
        offer("balsa", f"Activate your balsa ({params.BALSA_WORKERS} workers)")
    return out


def lake_placements(st: GuatavitaState, tb: Tables, params: Params, seat: int, moves: dict[str, Move]) -> list[Action]:
    """GV-170..GV-213: explorations from a source, crossings, and explorations through a crossing."""
    pl = st.players[seat]
    w, m, pipes_in_camp = pl.camp_workers, pl.camp_machines, pl.camp_pipes
    pending = pending_targets(st)
    reach = sources(st, tb, seat)
    out: list[Action] = []

    def add_explore(t: int, via: int, src: int, need_pipes: int, text: str) -> None:
        wn, mn = required(st, tb, params, t)
        if w < wn or m < mn or pipes_in_camp < need_pipes:  # GV-071, GV-172
            return
        for n in range(most_insured(pl, mn) + 1):
            ins = f", insuring {n} machine(s)" if n else ""
            aid = explore_id(tb, t, via, src, n)
            out.append(Action(aid, f"{text} ({wn}W {mn}M, {need_pipes} pipe(s){ins})", moves[aid]))

    for t in sorted(reach):
        if targetable(st, tb, pl, t, pending):
            for src in sorted(reach[t]):
                add_explore(
                    t, -1, src, exit_pipes(st, tb, params, src), f"Explore {tb.names[t]} from {pos_name(tb, src)}"
                )
    # crossings (GV-200..GV-211)
    for r in sorted(reach):
        if not crossable(st, seat, r):
            continue
        cost = rent(st, params, r)
        if pl.gold < cost:  # GV-204
            continue
        for src in sorted(reach[r]):
            cp = exit_pipes(st, tb, params, src)
            if pipes_in_camp < cp:  # GV-071
                continue
            aid = f"cross {tb.names[r]} from {pos_name(tb, src)}"
            out.append(
                Action(
                    aid, f"Cross {tb.names[r]} from {pos_name(tb, src)} (rent {cost} gold, {cp} pipe(s))", moves[aid]
                )
            )
            tp = exit_pipes(st, tb, params, r)
            for t in tb.neighbours[r]:  # GV-206
                if targetable(st, tb, pl, t, pending):
                    add_explore(
                        t,
                        r,
                        src,
                        cp + tp,
                        f"Cross {tb.names[r]} from {pos_name(tb, src)} (rent {cost}) and explore {tb.names[t]}",
                    )
    return out


def has_placement(st: GuatavitaState, tb: Tables, params: Params, seat: int) -> bool:
    """GV-272, quickly: does ``seat`` have any legal placement?"""
    pl = st.players[seat]
    if not has_worker(pl):
        return False
    if (
        under_limit(pl, params.MAX_SAME_ACTION, HARVEST)
        and slot_free(st, params.SLOTS, "harvest")
        and not duty_binds(st, params, seat)
    ):
        return True
    return bool(placements(st, tb, params, seat))


def plan_choices(st: GuatavitaState, tb: Tables, params: Params, seat: int) -> list[Action]:
    """A planning turn: the placements, then pass (GV-270) unless the minimum-gold duty binds (GV-111)."""
    acts = placements(st, tb, params, seat)
    if not duty_binds(st, params, seat):
        acts.append(PASS)
    return acts


# =========================================================================== carrying a placement out
def apply_placement(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move, ev: list[Event]) -> None:
    """Carry out one legal placement (or pass) and hand the turn on."""
    pl = st.players[seat]
    who = name(st, seat)
    if move.kind == "pass":  # GV-270, GV-271
        pl.passed = True
        ev.append(Event("pass", f"{who} passes"))
        next_turn(st)
        return
    st.seq += 1
    pl.placed = True
    pl.uses[COUNTED_AS[move.kind]] += 1  # GV-074, GV-208
    PLACE[move.kind](st, tb, params, seat, move, ev)
    next_turn(st)


def _explore(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move, ev: list[Event]) -> None:
    """GV-170..GV-181, GV-206, GV-230: pieces and pipes onto T, insurance emeralds down at once (GV-072)."""
    pl = st.players[seat]
    t, via, src, insure = move.pos, move.via, move.source, move.amount
    if via >= 0:
        cross(st, tb, params, seat, via, src, ev)
        tp = exit_pipes(st, tb, params, via)
    else:
        tp = exit_pipes(st, tb, params, src)
    wn, mn = required(st, tb, params, t)
    pl.camp_workers -= wn
    pl.camp_machines -= mn
    pl.emeralds -= insure
    pl.camp_pipes -= tp
    st.pipes[t][seat] += tp
    st.explorations.append(Exploration(t, seat, wn, mn, insure, src))
    ins = f", insuring {insure} machine(s)" if insure else ""
    ev.append(
        Event(
            "explore",
            f"{name(st, seat)} explores {tb.names[t]} from {pos_name(tb, src if via < 0 else via)} "
            f"with {wn}W {mn}M and {tp} pipe(s){ins}",
            data={"seat": seat, "pos": tb.names[t]},
        )
    )
    check_pipe_trigger(st, params, seat, ev)


def _cross(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move, ev: list[Event]) -> None:
    cross(st, tb, params, seat, move.pos, move.source, ev)
    check_pipe_trigger(st, params, seat, ev)


def cross(st: GuatavitaState, tb: Tables, params: Params, seat: int, r: int, src: int, ev: list[Event]) -> None:
    """GV-202..GV-205, GV-210, GV-212: pipes onto R, rent to each owner, R's printed prestige."""
    pl = st.players[seat]
    cp = exit_pipes(st, tb, params, src)
    owners = [q for q, c in enumerate(st.pipes[r]) if c > 0]
    for q in owners:
        pl.gold -= params.RENT_PER_OWNER
        gain_gold(st, params, q, params.RENT_PER_OWNER)
    pv = tb.tiles[st.tile_at[r]].prestige
    pl.vp += pv
    pl.camp_pipes -= cp
    st.pipes[r][seat] += cp
    paid = ", ".join(name(st, q) for q in owners)
    ev.append(
        Event(
            "cross",
            f"{name(st, seat)} crosses {tb.names[r]} from {pos_name(tb, src)}: pays "
            f"{params.RENT_PER_OWNER} gold to {paid}, scores {pv} VP",
            data={"seat": seat, "pos": tb.names[r]},
        )
    )


def _sabotage(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move, ev: list[Event]) -> None:
    """GV-250: one worker in the slot, the saboteur on the tile; the emerald is due at resolution (GV-252)."""
    t = move.pos
    st.players[seat].camp_workers -= SABOTAGE_WORKERS
    st.boxes["sabotage"].append(Slot(seat, SABOTAGE_WORKERS - SABOTEUR, 0, t, st.seq))
    st.explorations = [e._replace(saboteur=seat) if e.pos == t else e for e in st.explorations]
    ev.append(Event("sabotage", f"{name(st, seat)} puts a saboteur on {tb.names[t]}"))


def _activate_balsa(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move, ev: list[Event]) -> None:
    """GV-774, GV-776: 2 workers onto the balsa; a protected balsa's emeralds go back to the shared supply."""
    pl = st.players[seat]
    pl.camp_workers -= params.BALSA_WORKERS
    pl.balsa_workers = params.BALSA_WORKERS
    text = (
        f"{name(st, seat)} activates their balsa on {tb.names[pl.balsa_pos]} with {params.BALSA_WORKERS} workers "
        "(it moves in the execution phase)"
    )
    if pl.balsa_protected:  # GV-776
        pl.balsa_protected = False
        st.supply += params.PROTECT_EMERALDS
        text += f"; the {params.PROTECT_EMERALDS} emeralds that protected it go back to the shared supply"
    ev.append(Event("place", text))


def box_placement(tb: Tables, params: Params, move: Move) -> tuple[str, int, int, int, str]:
    """What a placement on an action box puts down (GV-130..GV-144): the box, its workers and machines, the target
    of a re-exploration (-1 otherwise), and how the log says it."""
    kind = move.kind
    if kind == "camp":  # GV-130
        cw, cm, _ = params.CAMP_UPGRADE
        return "camp", cw, cm, -1, "on Camp Upgrade"
    if kind == "pump":  # GV-132
        return "pumpre", PUMP_WORKERS, 0, -1, "on Pump Upgrade"
    if kind == "reexplore":  # GV-134
        workers, machines = REEXPLORE_PIECES
        return "pumpre", workers, machines, move.pos, f"on Re-exploration of {tb.names[move.pos]}"
    if kind == "harvest":  # GV-136
        return "harvest", move.amount, 0, -1, f"{move.amount} worker(s) on Harvest"
    if kind == "pioneer":  # GV-137
        return "pioneer", params.PIONEER_WORKERS, 0, -1, "on Pioneer"
    if kind == "commerce":  # GV-138
        return f"commerce_{move.choice}", COMMERCE_WORKERS, 0, -1, f"on Commerce ({move.choice})"
    if kind == "recruit":  # GV-141
        return "recruit", params.RECRUIT_WORKERS, 0, -1, "on Recruitment"
    assert kind == "loan", kind  # GV-143
    return "loan", LOAN_WORKERS, 0, -1, "on Loan"


def _on_box(st: GuatavitaState, tb: Tables, params: Params, seat: int, move: Move, ev: list[Event]) -> None:
    box, workers, machines, target, text = box_placement(tb, params, move)
    pl = st.players[seat]
    pl.camp_workers -= workers
    pl.camp_machines -= machines
    st.boxes[box].append(Slot(seat, workers, machines, target, st.seq))
    ev.append(Event("place", f"{name(st, seat)} places {text}"))


PLACE: dict[str, Callable[[GuatavitaState, Tables, Params, int, Move, list[Event]], None]] = {
    "explore": _explore,
    "cross": _cross,
    "sabotage": _sabotage,
    "balsa": _activate_balsa,
    **{kind: _on_box for kind in ("camp", "pump", "reexplore", "harvest", "pioneer", "commerce", "recruit", "loan")},
}


def next_turn(st: GuatavitaState) -> None:
    """GV-052: hand the turn to the next seat in turn order (the planning loop skips passed seats)."""
    st.turn = (st.turn + 1) % len(st.order)
