"""Planning phase: the legal placements of a player and carrying one out (GV-070..GV-273, GV-774)."""
from __future__ import annotations

from typing import Any

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.games.guatavita.data import (
    ACTION_INDEX,
    NEIGHBOURS,
    NPOS,
    PHASE_OF_POS,
    POS_NAMES,
    T_M,
    T_P,
    T_W,
    TILES,
    pump_tiles,
)
from tawa.games.guatavita.rules import (
    balsa_at,
    box_vp,
    check_pipe_trigger,
    exit_pipes,
    gain_gold,
    is_damp,
    name,
    pos_name,
)
from tawa.games.guatavita.state import State

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

PASS = Action("pass", "Pass (no more placements this planning phase)", ("pass",))
def loan_action(st: State, params: Any, seat: int) -> Action:
    """GV-143: the Loan placement, with what its resolution will bring."""
    nxt = st.players[seat].loan + st.players[seat].uses[ACTION_INDEX["loan"]] + 1
    return Action("loan", f"Loan: 1 worker (at execution: loan track {nxt}, +{params.LOAN_GOLD[nxt]} gold, "
                          f"-{params.LOAN_VP[nxt]} VP)", ("loan",))


def explore_id(target: int, via: int, source: int, insure: int) -> str:
    s = f"explore {POS_NAMES[target]}"
    if via >= 0:
        s += f" via {POS_NAMES[via]}"
    s += f" from {pos_name(source)}"
    if insure:
        s += f" insure {insure}"
    return s


def required(st: State, params: Any, target: int) -> tuple[int, int]:
    """GV-172/GV-181/GV-790: workers and machines an exploration of ``target`` needs."""
    t = TILES[st.tile_at[target]]
    m = t[T_M]
    b = balsa_at(st, target) if params.balsa else -1
    if b >= 0 and st.players[b].balsa_protected:
        m += params.PROTECT_EXTRA_MACHINES
    return t[T_W], m


def loan_placeable(st: State, params: Any, seat: int) -> bool:
    """GV-143/GV-144: a free Loan slot, a worker in camp, and the loan track not run out."""
    pl = st.players[seat]
    return (pl.uses[LOAN] < params.MAX_SAME_ACTION and len(st.boxes["loan"]) < params.SLOTS["loan"]
            and pl.camp_workers >= 1 and pl.loan + pl.uses[LOAN] < params.LOAN_END)


def duty_binds(st: State, params: Any, seat: int) -> bool:
    """GV-109..GV-111: a player at 0 gold must open with a Loan while a Loan placement is possible."""
    pl = st.players[seat]
    return pl.gold_duty and not pl.placed and loan_placeable(st, params, seat)


def _pending_targets(st: State) -> set[int]:
    return {e[0] for e in st.explorations}


def placements(st: State, params: Any, seat: int) -> list[Action]:
    """Every legal placement of ``seat`` (without ``pass``)."""
    if duty_binds(st, params, seat):
        return [loan_action(st, params, seat)]
    pl = st.players[seat]
    maxu = params.MAX_SAME_ACTION
    uses = pl.uses
    slots = params.SLOTS
    boxes = st.boxes
    w = pl.camp_workers
    out: list[Action] = []
    if w == 0:
        return out

    def free(box: str) -> bool:
        return len(boxes[box]) < slots[box]

    # ---- lake: exploration and crossing (GV-170..GV-213)
    if uses[EXPLORE] < maxu and pl.camp_pipes >= 1:
        out.extend(_lake_placements(st, params, seat))
    # ---- sabotage (GV-250, GV-251)
    if uses[SABOTAGE] < maxu and w >= 2 and free("sabotage"):
        for e in st.explorations:
            if e[1] != seat and e[6] < 0:
                out.append(Action(f"sabotage {POS_NAMES[e[0]]}",
                                  f"Sabotage {name(st, e[1])}'s exploration of {POS_NAMES[e[0]]} (2 workers)",
                                  ("sabotage", e[0])))
    # ---- camp upgrade (GV-130, GV-131)
    cw, cm, cg = params.CAMP_UPGRADE
    if (uses[CAMP] < maxu and free("camp") and w >= cw and pl.camp_machines >= cm
            and pl.camp_level + uses[CAMP] < params.CAMP_LEVEL_MAX):
        out.append(Action("camp upgrade", f"Camp Upgrade: {cw} workers + {cm} machine (pay {cg} gold at execution)",
                          ("camp",)))
    # ---- pump upgrade / re-exploration (GV-132..GV-135)
    if uses[PUMPRE] < maxu and free("pumpre"):
        if pl.pump_level == 1 and not any(e[0] == seat and e[3] < 0 for e in boxes["pumpre"]):
            out.append(Action("pump upgrade", f"Pump Upgrade: 1 worker (pay {params.PUMP_UPGRADE_GOLD} gold at "
                                              "execution; the worker then stays on the pump)", ("pump",)))
        if pl.camp_machines >= 1:
            for d in range(NPOS):
                if st.drained[d] and st.pipes[d][seat] > 0 and is_damp(st, d) and box_vp(st, d) > 0:
                    out.append(Action(f"reexplore {POS_NAMES[d]}",
                                      f"Re-explore {POS_NAMES[d]} (1 worker + 1 machine; "
                                      f"{params.REEXPLORE_EMERALDS} emerald for {box_vp(st, d)} VP)",
                                      ("reexplore", d)))
    # ---- harvest (GV-136)
    if uses[HARVEST] < maxu and free("harvest"):
        for n in (1, 2):
            if w >= n:
                out.append(Action(f"harvest {n}", f"Harvest with {n} worker(s) ({params.HARVEST_FOOD[n - 1]} food "
                                                  "at execution)", ("harvest", n)))
    # ---- pioneer (GV-137)
    if uses[PIONEER] < maxu and free("pioneer") and w >= params.PIONEER_WORKERS:
        out.append(Action("pioneer", f"Pioneer: {params.PIONEER_WORKERS} worker (take the marker; optional "
                                     f"{params.PIONEER_SWAP[0]} gold <-> {params.PIONEER_SWAP[1]} emeralds swap)",
                          ("pioneer",)))
    # ---- commerce (GV-138..GV-140)
    if uses[COMMERCE] < maxu:
        mine = sum(1 for b in ("commerce_machine", "commerce_pipe") for e in boxes[b] if e[0] == seat)
        if mine < params.COMMERCE_MAX_WORKERS:
            for kind in ("machine", "pipe"):
                if free(f"commerce_{kind}"):
                    price = params.COMMERCE_PRICES[0 if kind == "machine" else 1]
                    out.append(Action(f"commerce {kind}", f"Commerce: buy a {kind} (1 worker; {price} gold at "
                                                          "execution)",
                                      ("commerce", kind)))
    # ---- recruitment (GV-141, GV-142)
    if uses[RECRUIT] < maxu and free("recruit") and w >= params.RECRUIT_WORKERS:
        out.append(Action("recruit", f"Recruitment: {params.RECRUIT_WORKERS} worker ({params.RECRUIT_FOOD} food "
                                     "for a new worker at execution)", ("recruit",)))
    # ---- loan (GV-143, GV-144)
    if loan_placeable(st, params, seat):
        out.append(loan_action(st, params, seat))
    # ---- balsa (GV-774, GV-775, GV-798)
    if (params.balsa and pl.balsa_alive and pl.balsa_workers == 0 and uses[BALSA] < maxu
            and w >= params.BALSA_WORKERS and pl.balsa_pos not in _pending_targets(st)):
        out.append(Action("balsa", f"Activate your balsa ({params.BALSA_WORKERS} workers)", ("balsa",)))
    return out


def _lake_placements(st: State, params: Any, seat: int) -> list[Action]:
    pl = st.players[seat]
    w, m, pipes_in_camp, emer = pl.camp_workers, pl.camp_machines, pl.camp_pipes, pl.emeralds
    pending = _pending_targets(st)
    drained = st.drained
    pipes = st.pipes
    deep_ok = pl.pump_level >= 2  # GV-173
    own = [p for p in range(NPOS) if drained[p] and pipes[p][seat] > 0]
    pump = pump_tiles(pl.spot)

    def targetable(t: int) -> bool:
        return not drained[t] and t not in pending and (PHASE_OF_POS[t] <= 2 or deep_ok)

    # GV-175/GV-201: sources of every reachable position (pump first, then own tiles in lake order)
    reach: dict[int, list[int]] = {t: [-1] for t in pump}
    for s in own:
        for t in NEIGHBOURS[s]:
            reach.setdefault(t, []).append(s)
    out: list[Action] = []

    def add_explore(t: int, via: int, src: int, need_pipes: int, text: str) -> None:
        wn, mn = required(st, params, t)
        if w < wn or m < mn or pipes_in_camp < need_pipes:
            return
        for n in range(min(mn, emer) + 1):  # GV-230, GV-233
            ins = f", insuring {n} machine(s)" if n else ""
            out.append(Action(explore_id(t, via, src, n), f"{text} ({wn}W {mn}M, {need_pipes} pipe(s){ins})",
                              ("explore", t, via, src, n)))

    for t in sorted(reach):
        if targetable(t):
            for src in sorted(reach[t]):
                add_explore(t, -1, src, exit_pipes(st, params, src),
                            f"Explore {POS_NAMES[t]} from {pos_name(src)}")
    # crossings (GV-200..GV-211)
    for r in sorted(reach):
        if not drained[r] or pipes[r][seat] > 0:
            continue
        rent = params.RENT_PER_OWNER * sum(1 for c in pipes[r] if c > 0)
        if pl.gold < rent:  # GV-204
            continue
        for src in sorted(reach[r]):
            cp = exit_pipes(st, params, src)
            if pipes_in_camp < cp:
                continue
            out.append(Action(f"cross {POS_NAMES[r]} from {pos_name(src)}",
                              f"Cross {POS_NAMES[r]} from {pos_name(src)} (rent {rent} gold, {cp} pipe(s))",
                              ("cross", r, src)))
            tp = exit_pipes(st, params, r)
            for t in NEIGHBOURS[r]:
                if targetable(t):
                    add_explore(t, r, src, cp + tp,
                                f"Cross {POS_NAMES[r]} from {pos_name(src)} (rent {rent}) and explore {POS_NAMES[t]}")
    return out


def has_placement(st: State, params: Any, seat: int) -> bool:
    """Quick GV-272 test: does ``seat`` have any legal placement?"""
    pl = st.players[seat]
    if pl.camp_workers == 0:
        return False
    maxu = params.MAX_SAME_ACTION
    slots = params.SLOTS
    if (pl.uses[HARVEST] < maxu and len(st.boxes["harvest"]) < slots["harvest"]
            and not duty_binds(st, params, seat)):
        return True
    return bool(placements(st, params, seat))


def apply_placement(st: State, params: Any, seat: int, data: tuple[Any, ...], ev: list[Event]) -> None:
    """Carry out one legal placement (or pass) and hand the turn on."""
    pl = st.players[seat]
    kind = data[0]
    who = name(st, seat)
    if kind == "pass":  # GV-270, GV-271
        pl.passed = True
        ev.append(Event("pass", f"{who} passes"))
        _next_turn(st)
        return
    st.seq += 1
    seq = st.seq
    pl.placed = True
    if kind in ("explore", "cross"):
        pl.uses[EXPLORE] += 1  # GV-208
        if kind == "cross":
            _, r, src = data
            _cross(st, params, seat, r, src, ev)
        else:
            _, t, via, src, insure = data
            if via >= 0:
                _cross(st, params, seat, via, src, ev)
                tp = exit_pipes(st, params, via)
            else:
                tp = exit_pipes(st, params, src)
            wn, mn = required(st, params, t)
            pl.camp_workers -= wn
            pl.camp_machines -= mn
            pl.emeralds -= insure  # GV-072, GV-230
            pl.camp_pipes -= tp
            st.pipes[t][seat] += tp
            st.explorations.append([t, seat, wn, mn, insure, src, -1, ""])
            ins = f", insuring {insure} machine(s)" if insure else ""
            ev.append(Event("explore", f"{who} explores {POS_NAMES[t]} from {pos_name(src if via < 0 else via)} "
                                       f"with {wn}W {mn}M and {tp} pipe(s){ins}",
                            data={"seat": seat, "pos": POS_NAMES[t]}))
        check_pipe_trigger(st, params, seat, ev)
    elif kind == "sabotage":
        t = data[1]
        pl.uses[SABOTAGE] += 1
        pl.camp_workers -= 2
        st.boxes["sabotage"].append([seat, 1, 0, t, seq])
        for e in st.explorations:
            if e[0] == t:
                e[6] = seat
        ev.append(Event("sabotage", f"{who} puts a saboteur on {POS_NAMES[t]}"))
    elif kind == "camp":
        cw, cm, _ = params.CAMP_UPGRADE
        pl.uses[CAMP] += 1
        pl.camp_workers -= cw
        pl.camp_machines -= cm
        st.boxes["camp"].append([seat, cw, cm, -1, seq])
        ev.append(Event("place", f"{who} places on Camp Upgrade"))
    elif kind == "pump":
        pl.uses[PUMPRE] += 1
        pl.camp_workers -= 1
        st.boxes["pumpre"].append([seat, 1, 0, -1, seq])
        ev.append(Event("place", f"{who} places on Pump Upgrade"))
    elif kind == "reexplore":
        d = data[1]
        pl.uses[PUMPRE] += 1
        pl.camp_workers -= 1
        pl.camp_machines -= 1
        st.boxes["pumpre"].append([seat, 1, 1, d, seq])
        ev.append(Event("place", f"{who} places on Re-exploration of {POS_NAMES[d]}"))
    elif kind == "harvest":
        n = data[1]
        pl.uses[HARVEST] += 1
        pl.camp_workers -= n
        st.boxes["harvest"].append([seat, n, 0, -1, seq])
        ev.append(Event("place", f"{who} places {n} worker(s) on Harvest"))
    elif kind == "pioneer":  # GV-137
        pl.uses[PIONEER] += 1
        pl.camp_workers -= params.PIONEER_WORKERS
        st.boxes["pioneer"].append([seat, params.PIONEER_WORKERS, 0, -1, seq])
        ev.append(Event("place", f"{who} places on Pioneer"))
    elif kind == "commerce":
        pl.uses[COMMERCE] += 1
        pl.camp_workers -= 1
        st.boxes[f"commerce_{data[1]}"].append([seat, 1, 0, -1, seq])
        ev.append(Event("place", f"{who} places on Commerce ({data[1]})"))
    elif kind == "recruit":  # GV-141
        pl.uses[RECRUIT] += 1
        pl.camp_workers -= params.RECRUIT_WORKERS
        st.boxes["recruit"].append([seat, params.RECRUIT_WORKERS, 0, -1, seq])
        ev.append(Event("place", f"{who} places on Recruitment"))
    elif kind == "loan":
        pl.uses[LOAN] += 1
        pl.camp_workers -= 1
        st.boxes["loan"].append([seat, 1, 0, -1, seq])
        ev.append(Event("place", f"{who} places on Loan"))
    elif kind == "balsa":
        pl.uses[BALSA] += 1
        pl.camp_workers -= params.BALSA_WORKERS
        pl.balsa_workers = params.BALSA_WORKERS
        if pl.balsa_protected:  # GV-776
            pl.balsa_protected = False
            st.supply += params.PROTECT_EMERALDS
        ev.append(Event("place", f"{who} activates their balsa"))
    else:  # pragma: no cover - only legal actions reach here
        raise AssertionError(kind)
    _next_turn(st)


def _cross(st: State, params: Any, seat: int, r: int, src: int, ev: list[Event]) -> None:
    """GV-202..GV-205, GV-210, GV-212: pipes onto R, rent to each owner, R's printed prestige."""
    pl = st.players[seat]
    cp = exit_pipes(st, params, src)
    owners = [q for q, c in enumerate(st.pipes[r]) if c > 0]
    for q in owners:
        pl.gold -= params.RENT_PER_OWNER
        gain_gold(st, params, q, params.RENT_PER_OWNER)
    pv = TILES[st.tile_at[r]][T_P]
    pl.vp += pv
    pl.camp_pipes -= cp
    st.pipes[r][seat] += cp
    paid = ", ".join(name(st, q) for q in owners)
    ev.append(Event("cross", f"{name(st, seat)} crosses {POS_NAMES[r]} from {pos_name(src)}: pays "
                             f"{params.RENT_PER_OWNER} gold to {paid}, scores {pv} VP",
                    data={"seat": seat, "pos": POS_NAMES[r]}))


def _next_turn(st: State) -> None:
    """GV-052: hand the turn to the next seat in turn order (the planning loop skips passed seats)."""
    st.turn = (st.turn + 1) % len(st.order)
