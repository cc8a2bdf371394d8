"""The round machine: setup of balsas, start-of-planning duties, planning turns, and the execution phase
(GV-050, GV-100..GV-112, GV-290..GV-686, GV-770..GV-798). ``advance`` runs automatic steps until a
player must decide; ``decision_actions`` lists the choices; ``apply_decision`` carries one out."""
from __future__ import annotations

from typing import Any

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.games.guatavita import planning
from tawa.games.guatavita.data import (
    ACTIONS,
    BOX_RESOLUTION,
    CENTRE,
    DECLARATIONS,
    NEIGHBOURS,
    POS_NAMES,
    T_BOX,
    T_E,
    T_G,
    T_ID,
    T_P,
    T_SPECIAL,
    TILES,
    balsa_start_tiles,
)
from tawa.games.guatavita.rules import (
    balsa_at,
    clockwise_order,
    gain_emeralds,
    gain_food,
    gain_gold,
    he_positions,
    housed,
    name,
    pipes_in_lake,
    take_loan,
    turn_order,
)
from tawa.games.guatavita.state import BALSA, BALSA_SETUP, BOXES, LAKE, OVER, PLAN, START, State


# =========================================================================== the machine
def advance(st: State, params: Any, ev: list[Event]) -> None:
    """Run automatic steps until a decision is pending or the game is over."""
    while st.decision is None and st.stage != OVER:
        stage = st.stage
        if stage == BALSA_SETUP:
            _balsa_setup(st, params)
        elif stage == START:
            _start(st, params, ev)
        elif stage == PLAN:
            _plan(st, params, ev)
        elif stage == LAKE:
            _lake(st, params, ev)
        elif stage == BALSA:
            _balsa(st, params, ev)
        elif stage == BOXES:
            _boxes(st, params, ev)
        else:  # pragma: no cover
            raise AssertionError(stage)


# --------------------------------------------------------------------------- setup of balsas (GV-772, GV-773)
def _balsa_setup(st: State, params: Any) -> None:
    if st.idx >= len(st.order):
        st.stage, st.idx, st.sub = START, 0, 0
        return
    st.decision = ["balsa_start", st.order[st.idx]]


def balsa_start_choices(st: State, params: Any, seat: int) -> list[int]:
    taken = {p.balsa_pos for p in st.players if p.balsa_alive}
    return [t for t in balsa_start_tiles(st.players[seat].spot, params.BALSA_START_MAX_DIST) if t not in taken]


# --------------------------------------------------------------------------- start of planning (GV-100..GV-112)
def _start(st: State, params: Any, ev: list[Event]) -> None:
    if st.idx >= len(st.order):
        st.stage, st.turn, st.idx, st.sub = PLAN, 0, 0, 0
        return
    seat = st.order[st.idx]
    pl = st.players[seat]
    if pl.camp_workers == 0:  # GV-101/GV-103 (the pump worker is never in camp: GV-104)
        hes = he_positions(st, seat)
        if len(hes) >= 2:  # GV-102
            st.decision = ["he_return", seat]
            return
        if len(hes) == 1:
            _return_he(st, seat, hes[0], ev)
        else:
            _, gold, emer = params.WORKER_PURCHASE
            can_g, can_e = pl.gold >= gold, pl.emeralds >= emer
            if can_g and can_e:  # GV-106
                st.decision = ["pay", seat]
                return
            if not can_g and not can_e:  # GV-107, GV-112
                take_loan(st, params, seat, ev, automatic=True)
            _buy_workers(st, params, seat, "gold" if pl.gold >= gold else "emeralds", ev)
    _finish_start(st, seat)


def _finish_start(st: State, seat: int) -> None:
    st.players[seat].gold_duty = st.players[seat].gold == 0  # GV-109
    st.idx += 1


def _return_he(st: State, seat: int, pos: int, ev: list[Event]) -> None:
    """GV-101/GV-395: an HE leaves ``pos`` for camp; the tile keeps its pipes (GV-396)."""
    st.he[pos] = -1
    st.players[seat].camp_workers += 1
    ev.append(Event("he_return", f"{name(st, seat)}'s head explorer on {POS_NAMES[pos]} returns to camp"))


def _buy_workers(st: State, params: Any, seat: int, how: str, ev: list[Event]) -> None:
    """GV-103/GV-105: 2 workers from the personal supply for 1 gold or 4 emeralds (GV-029 limits them)."""
    pl = st.players[seat]
    nw, gold, emer = params.WORKER_PURCHASE
    if how == "gold":
        pl.gold -= gold
    else:
        pl.emeralds -= emer
        st.supply += emer
    got = min(nw, pl.sup_workers)
    pl.sup_workers -= got
    pl.camp_workers += got
    price = f"{gold} gold" if how == "gold" else f"{emer} emeralds"
    ev.append(Event("buy_workers", f"{name(st, seat)} has no worker in camp and buys {got} for {price}"))


# --------------------------------------------------------------------------- planning turns (GV-070..GV-273)
def _plan(st: State, params: Any, ev: list[Event]) -> None:
    n = len(st.order)
    for k in range(n):
        i = (st.turn + k) % n
        seat = st.order[i]
        if st.players[seat].passed:
            continue
        st.turn = i
        if not planning.has_placement(st, params, seat):  # GV-272: nothing to place, the program passes
            st.players[seat].passed = True
            ev.append(Event("pass", f"{name(st, seat)} has no legal placement and passes"))
            st.turn = (i + 1) % n
            return
        st.decision = ["plan", seat]
        return
    _begin_execution(st, params, ev)  # GV-273


def _begin_execution(st: State, params: Any, ev: list[Event]) -> None:
    """GV-290/GV-320: workers resting in camp score 1 VP per full group of 3."""
    for seat, pl in enumerate(st.players):
        vp = pl.camp_workers // params.RESTING_GROUP
        if vp:
            pl.vp += vp
            ev.append(Event("rest", f"{name(st, seat)} scores {vp} VP for resting workers"))
    st.stage, st.idx, st.sub = LAKE, 0, 0
    st.famine_due = False


# --------------------------------------------------------------------------- lake tiles (GV-340..GV-430)
def _lake(st: State, params: Any, ev: list[Event]) -> None:
    if st.idx >= len(st.explorations):
        if st.famine_due:
            _famine(st, params, ev)
        _enter_balsa_stage(st)
        return
    rec = st.explorations[st.idx]
    sab = rec[6]
    if sab >= 0 and not rec[7]:  # GV-341, GV-420, GV-421
        sp = st.players[sab]
        if sp.emeralds >= params.SABOTAGE_EMERALDS:
            sp.emeralds -= params.SABOTAGE_EMERALDS
            st.supply += params.SABOTAGE_EMERALDS
            st.decision = ["declare", sab, rec[0]]
            return
        _release_sabotage_slot(st, sab, rec[0])
        sp.camp_workers += 1
        rec[7] = "none"
        ev.append(Event("sabotage_void", f"{name(st, sab)} has no emerald: the saboteur on "
                                         f"{POS_NAMES[rec[0]]} returns to camp without effect"))
    _resolve_tile(st, params, rec, ev)
    if st.decision is None:
        st.idx += 1


def _release_sabotage_slot(st: State, seat: int, pos: int) -> None:
    """GV-429: the Sabotage-slot worker goes back to camp."""
    for e in st.boxes["sabotage"]:
        if e[0] == seat and e[3] == pos and e[1]:
            e[1] = 0
            st.players[seat].camp_workers += 1
            return


def _resolve_tile(st: State, params: Any, rec: list[Any], ev: list[Event]) -> None:
    t, seat, workers, machines, insured, src, sab, decl = rec
    pl = st.players[seat]
    tile = TILES[st.tile_at[t]]
    st.drained[t] = True  # GV-342
    for p in st.players:
        if t in p.inspected:
            p.inspected.remove(t)
    special = tile[T_SPECIAL]
    ev.append(Event("flip", f"{POS_NAMES[t]} drains: {tile[T_ID]} shows {tile[T_E]} emerald(s), {tile[T_G]} gold, "
                            f"{tile[T_P]} VP" + (f", {special}" if special else "")
                            + (f" (box {tile[T_BOX]})" if tile[T_BOX] else ""),
                    data={"pos": POS_NAMES[t], "tile": tile[T_ID]}))
    b = balsa_at(st, t)
    if b >= 0:  # GV-343, GV-795, GV-796
        _destroy_balsa(st, params, b, ev)
    landslide = special == "landslide"
    e_gain, g_gain, p_gain = tile[T_E], tile[T_G], tile[T_P]
    if sab >= 0 and decl in DECLARATIONS:  # GV-422..GV-428
        sp = st.players[sab]
        _release_sabotage_slot(st, sab, t)
        value = {"emeralds": tile[T_E], "gold": tile[T_G], "prestige": tile[T_P]}[decl]
        if value >= 1:
            if decl == "emeralds":
                got = gain_emeralds(st, sab, tile[T_E])  # GV-430
                e_gain = 0
                what = f"takes {got} emerald(s)"
            elif decl == "gold":
                gain_gold(st, params, sab, 1)
                g_gain -= 1
                what = "takes 1 gold"
            else:
                sp.vp += tile[T_P]
                what = f"also scores {tile[T_P]} VP"
            ev.append(Event("sabotage", f"{name(st, sab)}'s saboteur finds {decl} and {what}"))
        killed = value < 1 or landslide  # GV-425, GV-426
        if killed:
            sp.sup_workers += 1
            ev.append(Event("sabotage", f"{name(st, sab)}'s saboteur on {POS_NAMES[t]} is lost"))
        else:
            sp.camp_workers += 1
    got = gain_emeralds(st, seat, e_gain)  # GV-344, GV-345
    gain_gold(st, params, seat, g_gain)
    pl.vp += p_gain
    ev.append(Event("reward", f"{name(st, seat)} gains {got} emerald(s), {g_gain} gold, {p_gain} VP"))
    surviving_w, back_m = workers, machines
    if landslide:  # GV-450..GV-453
        pl.sup_workers += workers
        lost_m = machines - insured
        pl.sup_machines += lost_m
        gain_gold(st, params, seat, lost_m)
        surviving_w, back_m = 0, insured
        ev.append(Event("landslide", f"Landslide on {POS_NAMES[t]}: {name(st, seat)} loses {workers} worker(s) and "
                                     f"{lost_m} machine(s) (+{lost_m} gold); {insured} insured machine(s) saved"))
    st.supply += insured  # GV-232, GV-347
    # GV-348, GV-390..GV-394: the tile's head explorer
    if src >= 0 and st.he[src] == seat:
        st.he[src] = -1
        st.he[t] = seat
        ev.append(Event("he", f"{name(st, seat)}'s head explorer moves from {POS_NAMES[src]} to {POS_NAMES[t]}"))
    elif surviving_w >= 1:
        surviving_w -= 1
        st.he[t] = seat
        ev.append(Event("he", f"{name(st, seat)} leaves a new head explorer on {POS_NAMES[t]}"))
    elif pl.camp_workers >= 1:
        pl.camp_workers -= 1
        st.he[t] = seat
        ev.append(Event("he", f"{name(st, seat)} sends a camp worker as head explorer to {POS_NAMES[t]}"))
    pl.camp_workers += surviving_w  # GV-349
    pl.camp_machines += back_m
    rec[2], rec[3], rec[4] = 0, 0, 0
    if special == "famine":  # GV-350
        st.famine_due = True
    if t == CENTRE and "centre" not in st.end_triggers:  # GV-351, GV-456, GV-681
        st.end_triggers.append("centre")
        ev.append(Event("trigger", f"{name(st, seat)} drained the centre: the game ends after this round"))
    if len(joined_hes(st, seat, t)) >= 2:  # GV-395
        st.decision = ["join", seat, t]


def joined_hes(st: State, seat: int, t: int) -> list[int]:
    """GV-395: the seat's HEs on T and on own tiles adjacent to T."""
    out = [t] if st.he[t] == seat else []
    out.extend(a for a in NEIGHBOURS[t] if st.he[a] == seat)
    return out


def _famine(st: State, params: Any, ev: list[Event]) -> None:
    """GV-470..GV-477: one famine per execution phase."""
    for seat, pl in enumerate(st.players):
        on_boxes = sum(e[1] for es in st.boxes.values() for e in es if e[0] == seat) + pl.balsa_workers  # GV-473
        owed = pl.camp_workers + on_boxes  # GV-472
        paid = min(pl.food, owed)
        pl.food -= paid
        owed -= paid
        lost = min(owed, pl.camp_workers)  # GV-475, GV-477
        pl.camp_workers -= lost
        pl.sup_workers += lost
        owed -= lost
        pl.vp -= owed  # GV-476
        ev.append(Event("famine", f"Famine: {name(st, seat)} pays {paid} food, loses {lost} worker(s) and {owed} VP"))
    st.famine_due = False


# --------------------------------------------------------------------------- La Balsa (GV-777..GV-796)
def _destroy_balsa(st: State, params: Any, seat: int, ev: list[Event]) -> None:
    pl = st.players[seat]
    pl.balsa_alive = False
    pl.balsa_pos = -1
    if pl.balsa_protected:
        pl.balsa_protected = False
        st.supply += params.PROTECT_EMERALDS
    pl.camp_workers += pl.balsa_workers
    pl.balsa_workers = 0
    ev.append(Event("balsa_destroyed", f"{name(st, seat)}'s balsa is destroyed"))


def _enter_balsa_stage(st: State) -> None:
    st.stage, st.idx, st.sub, st.balsa_steps = BALSA, 0, 0, 0
    st.queue = [["balsa", s] for s in clockwise_order(st)
                if st.players[s].balsa_alive and st.players[s].balsa_workers > 0]


def balsa_steps(st: State, seat: int) -> list[int]:
    """GV-778..GV-783: adjacent undrained tiles the balsa may step onto."""
    out = []
    for y in NEIGHBOURS[st.players[seat].balsa_pos]:
        if st.drained[y]:
            continue
        q = balsa_at(st, y)
        if q >= 0 and (st.players[q].balsa_protected or not push_choices(st, y)):
            continue
        out.append(y)
    return out


def push_choices(st: State, pos: int) -> list[int]:
    """GV-782: undrained tiles adjacent to ``pos`` with no balsa."""
    return [z for z in NEIGHBOURS[pos] if not st.drained[z] and balsa_at(st, z) < 0]


def inspect_choices(st: State, params: Any, seat: int) -> list[int]:
    """GV-786, GV-787: undrained non-centre tiles adjacent to the balsa, if 2 emeralds are held."""
    pl = st.players[seat]
    if pl.emeralds < params.INSPECT_COST:
        return []
    return [z for z in NEIGHBOURS[pl.balsa_pos] if not st.drained[z] and z != CENTRE]


def can_protect(st: State, params: Any, seat: int) -> bool:
    pl = st.players[seat]
    return pl.emeralds >= params.PROTECT_EMERALDS and pl.balsa_pos != CENTRE  # GV-788, GV-789


def _balsa(st: State, params: Any, ev: list[Event]) -> None:
    if st.idx >= len(st.queue):
        _enter_boxes_stage(st)
        return
    seat = st.queue[st.idx][1]
    pl = st.players[seat]
    if st.sub == 0:  # moving
        if st.balsa_steps < params.BALSA_MAX_STEPS and balsa_steps(st, seat):
            st.decision = ["balsa_move", seat]
            return
        _end_balsa_move(st, seat, ev)
        return
    # sub 1: after the move (GV-785)
    if inspect_choices(st, params, seat) or can_protect(st, params, seat):
        st.decision = ["balsa_act", seat]
        return
    _next_balsa(st)
    del pl


def _end_balsa_move(st: State, seat: int, ev: list[Event]) -> None:
    """GV-794: the balsa's workers go back to camp after the move."""
    pl = st.players[seat]
    pl.camp_workers += pl.balsa_workers
    pl.balsa_workers = 0
    st.sub = 1
    ev.append(Event("balsa", f"{name(st, seat)}'s balsa ends its move on {POS_NAMES[pl.balsa_pos]}"))


def _next_balsa(st: State) -> None:
    st.idx += 1
    st.sub = 0
    st.balsa_steps = 0


# --------------------------------------------------------------------------- action boxes (GV-294..GV-299, 5xx-6xx)
def _enter_boxes_stage(st: State) -> None:
    st.stage, st.idx, st.sub = BOXES, 0, 0
    st.harvest_bonus_given = False
    queue: list[list[Any]] = []
    for group in BOX_RESOLUTION:
        entries = [(e[4], box, i) for box in group for i, e in enumerate(st.boxes[box])]
        entries.sort()  # GV-296: in placement order within a box
        queue.extend([box, i] for _, box, i in entries)
    st.queue = queue


def _boxes(st: State, params: Any, ev: list[Event]) -> None:
    if st.idx >= len(st.queue):
        _end_of_round(st, params, ev)
        return
    box, i = st.queue[st.idx]
    e = st.boxes[box][i]
    seat = e[0]
    pl = st.players[seat]
    who = name(st, seat)
    if box == "camp":  # GV-520..GV-523
        gold = params.CAMP_UPGRADE[2]
        if pl.gold >= gold and pl.camp_level < params.CAMP_LEVEL_MAX:
            pl.gold -= gold
            pl.camp_level += 1
            ev.append(Event("camp", f"{who} upgrades the camp to level {pl.camp_level}"))
        else:
            ev.append(Event("camp", f"{who} cannot pay the Camp Upgrade (GV-299)"))
    elif box == "pumpre":
        if e[3] < 0:  # GV-540, GV-541
            if pl.gold >= params.PUMP_UPGRADE_GOLD and pl.pump_level == 1:
                pl.gold -= params.PUMP_UPGRADE_GOLD
                pl.pump_level = 2
                pl.pump_worker = 1
                e[1] = 0
                ev.append(Event("pump", f"{who} upgrades the pump to level 2"))
            else:
                ev.append(Event("pump", f"{who} cannot pay the Pump Upgrade (GV-299)"))
        else:  # GV-560, GV-561
            vp = TILES[st.tile_at[e[3]]][T_BOX]
            if pl.emeralds >= params.REEXPLORE_EMERALDS:
                pl.emeralds -= params.REEXPLORE_EMERALDS
                st.supply += params.REEXPLORE_EMERALDS
                pl.vp += vp
                ev.append(Event("reexplore", f"{who} re-explores {POS_NAMES[e[3]]} for {vp} VP"))
            else:
                ev.append(Event("reexplore", f"{who} cannot pay the re-exploration (GV-299)"))
    elif box == "harvest":  # GV-580..GV-583
        food = params.HARVEST_FOOD[e[1] - 1]
        if seat == st.pioneer and not st.harvest_bonus_given:
            food += params.HARVEST_PIONEER_BONUS
            st.harvest_bonus_given = True
        gain_food(st, params, seat, food)
        ev.append(Event("harvest", f"{who} harvests {food} food"))
    elif box == "pioneer":  # GV-600..GV-604
        st.pioneer = seat
        ev.append(Event("pioneer", f"{who} takes the Pioneer marker"))
        if exchange_choices(st, params, seat) != ["none"]:
            _return_box_pieces(st, e)
            st.decision = ["exchange", seat]
            return
    elif box in ("commerce_machine", "commerce_pipe"):  # GV-620..GV-623
        machine = box == "commerce_machine"
        price = params.COMMERCE_PRICES[0 if machine else 1]
        have = pl.sup_machines if machine else pl.sup_pipes
        if pl.gold >= price and have >= 1:
            pl.gold -= price
            if machine:
                pl.sup_machines -= 1
                pl.camp_machines += 1
            else:
                pl.sup_pipes -= 1
                pl.camp_pipes += 1
            ev.append(Event("commerce", f"{who} buys a {'machine' if machine else 'pipe'}"))
        else:
            ev.append(Event("commerce", f"{who} cannot buy (GV-622)"))
    elif box == "recruit":  # GV-640..GV-644
        if pl.food >= params.RECRUIT_FOOD and pl.sup_workers >= 1 and housed(st, seat) < pl.camp_level:
            pl.food -= params.RECRUIT_FOOD
            pl.sup_workers -= 1
            pl.camp_workers += 1
            ev.append(Event("recruit", f"{who} recruits a worker"))
        else:
            ev.append(Event("recruit", f"{who} cannot recruit (GV-643)"))
    elif box == "loan":  # GV-660..GV-663
        take_loan(st, params, seat, ev)
    _return_box_pieces(st, e)
    st.idx += 1


def _return_box_pieces(st: State, e: list[int]) -> None:
    """GV-298: workers and machines back to camp."""
    pl = st.players[e[0]]
    pl.camp_workers += e[1]
    pl.camp_machines += e[2]
    e[1] = e[2] = 0


def exchange_choices(st: State, params: Any, seat: int) -> list[str]:
    """GV-601/GV-602."""
    pl = st.players[seat]
    gold, emer = params.PIONEER_SWAP
    out = ["none"]
    if pl.gold >= gold and st.supply >= emer:
        out.append("gold for emeralds")
    if pl.emeralds >= emer:
        out.append("emeralds for gold")
    return out


# --------------------------------------------------------------------------- end of round (GV-680..GV-686, GV-861)
def _end_of_round(st: State, params: Any, ev: list[Event]) -> None:
    for seat in range(len(st.players)):
        if pipes_in_lake(st, seat) >= params.PIPES_PER_COLOUR and "pipes" not in st.end_triggers:
            st.end_triggers.append("pipes")
    if st.end_triggers:
        st.stage = OVER
        ev.append(Event("game_over", f"The game ends after round {st.round} ({', '.join(st.end_triggers)})"))
        return
    if params.MAX_ROUNDS is not None and st.round >= params.MAX_ROUNDS:
        st.stage = OVER
        st.capped = True
        ev.append(Event("game_over", f"The game ends at the round cap ({params.MAX_ROUNDS} rounds)"))
        return
    new_round(st)
    ev.append(Event("round", f"Round {st.round} begins; {name(st, st.pioneer)} holds the Pioneer marker"))


def new_round(st: State) -> None:
    st.round += 1
    st.explorations = []
    st.boxes = {k: [] for k in st.boxes}
    st.queue = []
    for pl in st.players:
        pl.uses = [0] * len(ACTIONS)
        pl.passed = False
        pl.placed = False
        pl.gold_duty = False
    st.order = turn_order(st)
    st.stage, st.idx, st.sub, st.turn = START, 0, 0, 0


# =========================================================================== decisions
def decision_actions(st: State, params: Any) -> list[Action]:
    d = st.decision
    assert d is not None
    kind, seat = d[0], d[1]
    if kind == "plan":
        acts = planning.placements(st, params, seat)
        if not planning.duty_binds(st, params, seat):
            acts.append(planning.PASS)  # GV-270
        return acts
    if kind == "balsa_start":
        return [Action(f"balsa start {POS_NAMES[t]}", f"Put your balsa on {POS_NAMES[t]}", ("balsa_start", t))
                for t in balsa_start_choices(st, params, seat)]
    if kind == "he_return":
        return [Action(f"return he {POS_NAMES[p]}", f"Bring the head explorer on {POS_NAMES[p]} back to camp",
                       ("return_he", p)) for p in he_positions(st, seat)]
    if kind == "pay":
        nw, gold, emer = params.WORKER_PURCHASE
        return [Action("pay workers gold", f"Pay {gold} gold for {nw} workers", ("pay", "gold")),
                Action("pay workers emeralds", f"Pay {emer} emeralds for {nw} workers", ("pay", "emeralds"))]
    if kind == "declare":
        return [Action(f"declare {k}", f"Saboteur declares {k}", ("declare", k)) for k in DECLARATIONS]
    if kind == "join":
        t = d[2]
        acts = [Action("keep all", "Keep every head explorer in the lake", ("keep",))]
        acts.extend(Action(f"return he {POS_NAMES[p]}", f"Send the head explorer on {POS_NAMES[p]} to camp",
                           ("return_he", p)) for p in joined_hes(st, seat, t))
        return acts
    if kind == "balsa_move":
        acts = [Action(f"balsa step {POS_NAMES[y]}", f"Move your balsa to {POS_NAMES[y]}", ("step", y))
                for y in balsa_steps(st, seat)]
        acts.append(Action("balsa stop", "Stop moving the balsa", ("stop",)))
        return acts
    if kind == "push":
        return [Action(f"push balsa {POS_NAMES[z]}", f"Your pushed balsa goes to {POS_NAMES[z]}", ("push", z))
                for z in push_choices(st, d[2])]
    if kind == "balsa_act":
        acts = [Action(f"inspect {POS_NAMES[z]}", f"Pay {params.INSPECT_COST} emeralds to look at {POS_NAMES[z]}",
                       ("inspect", z)) for z in inspect_choices(st, params, seat)]
        if can_protect(st, params, seat):
            acts.append(Action("protect", f"Put {params.PROTECT_EMERALDS} emeralds on your balsa", ("protect",)))
        acts.append(Action("balsa nothing", "Do nothing more with the balsa", ("nothing",)))
        return acts
    if kind == "exchange":
        return [Action(f"exchange {c}", f"Pioneer exchange: {c}", ("exchange", c))
                for c in exchange_choices(st, params, seat)]
    raise AssertionError(kind)  # pragma: no cover


def apply_decision(st: State, params: Any, data: tuple[Any, ...], ev: list[Event]) -> None:
    d = st.decision
    assert d is not None
    kind, seat = d[0], d[1]
    st.decision = None
    pl = st.players[seat]
    if kind == "plan":
        planning.apply_placement(st, params, seat, data, ev)
    elif kind == "balsa_start":
        pl.balsa_pos = data[1]
        pl.balsa_alive = True
        ev.append(Event("balsa", f"{name(st, seat)} puts their balsa on {POS_NAMES[data[1]]}"))
        st.idx += 1
    elif kind == "he_return":
        _return_he(st, seat, data[1], ev)
        _finish_start(st, seat)
    elif kind == "pay":
        _buy_workers(st, params, seat, data[1], ev)
        _finish_start(st, seat)
    elif kind == "declare":
        rec = st.explorations[st.idx]
        rec[7] = data[1]
        ev.append(Event("declare", f"{name(st, seat)}'s saboteur on {POS_NAMES[rec[0]]} declares {data[1]}"))
        _resolve_tile(st, params, rec, ev)
        if st.decision is None:
            st.idx += 1
    elif kind == "join":
        if data[0] == "return_he":
            _return_he(st, seat, data[1], ev)
        st.idx += 1
    elif kind == "balsa_move":
        if data[0] == "stop":
            _end_balsa_move(st, seat, ev)
        else:
            y = data[1]
            q = balsa_at(st, y)
            if q >= 0:
                st.decision = ["push", q, y, seat]
                return
            _step_balsa(st, seat, y, ev)
    elif kind == "push":
        y, mover = d[2], d[3]
        pl.balsa_pos = data[1]
        ev.append(Event("balsa", f"{name(st, seat)}'s balsa is pushed from {POS_NAMES[y]} to {POS_NAMES[data[1]]}"))
        _step_balsa(st, mover, y, ev)
    elif kind == "balsa_act":
        if data[0] == "inspect":  # GV-786, GV-832, GV-833
            z = data[1]
            pl.emeralds -= params.INSPECT_COST
            st.supply += params.INSPECT_COST
            if z not in pl.inspected:
                pl.inspected.append(z)
            tile = TILES[st.tile_at[z]]
            ev.append(Event("inspect", f"{name(st, seat)} inspects {POS_NAMES[z]}", data={"pos": POS_NAMES[z]}))
            ev.append(Event("inspect_result", f"Under {POS_NAMES[z]} lies {tile[T_ID]}: {tile[T_E]} emerald(s), "
                                              f"{tile[T_G]} gold, {tile[T_P]} VP"
                                              + (f", {tile[T_SPECIAL]}" if tile[T_SPECIAL] else ""),
                            to=seat, data={"pos": POS_NAMES[z], "tile": tile[T_ID]}))
        elif data[0] == "protect":  # GV-788
            pl.emeralds -= params.PROTECT_EMERALDS
            pl.balsa_protected = True
            ev.append(Event("protect", f"{name(st, seat)} protects their balsa on {POS_NAMES[pl.balsa_pos]}"))
        _next_balsa(st)
    elif kind == "exchange":
        gold, emer = params.PIONEER_SWAP
        if data[1] == "gold for emeralds":
            pl.gold -= gold
            gain_emeralds(st, seat, emer)
        elif data[1] == "emeralds for gold":
            pl.emeralds -= emer
            st.supply += emer
            gain_gold(st, params, seat, gold)
        ev.append(Event("exchange", f"{name(st, seat)}'s Pioneer exchange: {data[1]}"))
        st.idx += 1
    else:  # pragma: no cover
        raise AssertionError(kind)
    advance(st, params, ev)


def _step_balsa(st: State, seat: int, y: int, ev: list[Event]) -> None:
    st.players[seat].balsa_pos = y
    st.balsa_steps += 1
    ev.append(Event("balsa", f"{name(st, seat)}'s balsa moves to {POS_NAMES[y]}"))

