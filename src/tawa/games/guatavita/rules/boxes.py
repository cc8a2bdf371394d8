"""Execution steps 5 and 6 (GV-294..GV-299): the action boxes resolve in their order, each in placement order,
paying what they cost (GV-520..GV-663); the Pioneer exchange is the one decision here (GV-601, GV-602)."""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.games.guatavita.data import BOX_RESOLUTION, COMMERCE_BOXES, COMMERCE_GOODS, Tables
from tawa.games.guatavita.rules.common import (
    Move,
    gain_emeralds,
    gain_food,
    gain_gold,
    housed,
    in_supply,
    name,
    supply_to_camp,
    take_loan,
)
from tawa.games.guatavita.rules.moves import EMERALDS_FOR_GOLD, GOLD_FOR_EMERALDS, NO_EXCHANGE
from tawa.games.guatavita.state import Ask, BalsaStep, Decision, GuatavitaState, Phase, Queued, Slot


def enter(st: GuatavitaState) -> None:
    """GV-294..GV-296: the queue of filled slots, box by box, each box in placement order."""
    st.stage, st.idx, st.sub = Phase.BOXES, 0, BalsaStep.MOVING
    st.harvest_bonus_given = False
    queue: list[Queued] = []
    for group in BOX_RESOLUTION:
        entries = [(e.seq, box, i) for box in group for i, e in enumerate(st.boxes[box])]
        entries.sort()  # GV-296: in placement order within a box
        queue.extend(Queued(box, i) for _, box, i in entries)
    st.queue = queue


def step(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> bool:
    """Resolve the slot at the cursor (or ask for the Pioneer exchange). True when every slot is done."""
    if st.idx >= len(st.queue):
        return True
    box, i = st.queue[st.idx]
    e = st.boxes[box][i]
    seat = e.seat
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
        if e.target < 0:  # GV-540, GV-541
            if pl.gold >= params.PUMP_UPGRADE_GOLD and pl.pump_level == 1:
                pl.gold -= params.PUMP_UPGRADE_GOLD
                pl.pump_level = 2
                pl.pump_worker = e.workers
                e = st.boxes[box][i] = e._replace(workers=0)
                ev.append(Event("pump", f"{who} upgrades the pump to level 2"))
            else:
                ev.append(Event("pump", f"{who} cannot pay the Pump Upgrade (GV-299)"))
        else:  # GV-560, GV-561
            vp = tb.tiles[st.tile_at[e.target]].box
            if pl.emeralds >= params.REEXPLORE_EMERALDS:
                pl.emeralds -= params.REEXPLORE_EMERALDS
                st.supply += params.REEXPLORE_EMERALDS
                pl.vp += vp
                ev.append(Event("reexplore", f"{who} re-explores {tb.names[e.target]} for {vp} VP"))
            else:
                ev.append(Event("reexplore", f"{who} cannot pay the re-exploration (GV-299)"))
    elif box == "harvest":  # GV-580..GV-583
        food = params.HARVEST_FOOD[e.workers - 1]
        if seat == st.pioneer and not st.harvest_bonus_given:
            food += params.HARVEST_PIONEER_BONUS
            st.harvest_bonus_given = True
        gain_food(st, params, seat, food)
        ev.append(Event("harvest", f"{who} harvests {food} food"))
    elif box == "pioneer":  # GV-600..GV-604
        st.pioneer = seat
        ev.append(Event("pioneer", f"{who} takes the Pioneer marker"))
        if exchange_options(st, params, seat) != [NO_EXCHANGE]:
            return_pieces(st, box, i)
            st.decision = Decision(Ask.EXCHANGE, seat)
            return False
    elif box in COMMERCE_BOXES:  # GV-620..GV-623
        good = COMMERCE_GOODS[COMMERCE_BOXES.index(box)]
        price = params.COMMERCE_PRICES[COMMERCE_BOXES.index(box)]
        if pl.gold >= price and in_supply(pl, good):
            pl.gold -= price
            supply_to_camp(pl, good)
            ev.append(Event("commerce", f"{who} buys a {good}"))
        else:
            ev.append(Event("commerce", f"{who} cannot buy (GV-622)"))
    elif box == "recruit":  # GV-640..GV-644
        if pl.food >= params.RECRUIT_FOOD and in_supply(pl, "worker") and housed(st, seat) < pl.camp_level:
            pl.food -= params.RECRUIT_FOOD
            supply_to_camp(pl, "worker")
            ev.append(Event("recruit", f"{who} recruits a worker"))
        else:
            ev.append(Event("recruit", f"{who} cannot recruit (GV-643)"))
    elif box == "loan":  # GV-660..GV-663
        take_loan(st, params, seat, ev)
    return_pieces(st, box, i)
    st.idx += 1
    return False


def return_pieces(st: GuatavitaState, box: str, i: int) -> None:
    """GV-298: a resolved slot's workers and machines go back to camp."""
    e: Slot = st.boxes[box][i]
    pl = st.players[e.seat]
    pl.camp_workers += e.workers
    pl.camp_machines += e.machines
    st.boxes[box][i] = e._replace(workers=0, machines=0)


def exchange_options(st: GuatavitaState, params: Params, seat: int) -> list[str]:
    """GV-601/GV-602: no exchange, or an exchange the player and the shared supply can cover."""
    pl = st.players[seat]
    gold, emer = params.PIONEER_SWAP
    out = [NO_EXCHANGE]
    if pl.gold >= gold and st.supply >= emer:
        out.append(GOLD_FOR_EMERALDS)
    if pl.emeralds >= emer:
        out.append(EMERALDS_FOR_GOLD)
    return out


def exchange_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    return [
        Action(f"exchange {c}", f"Pioneer exchange: {c}", Move("exchange", choice=c))
        for c in exchange_options(st, params, d.seat)
    ]


def apply_exchange(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    pl = st.players[d.seat]
    gold, emer = params.PIONEER_SWAP
    if move.choice == GOLD_FOR_EMERALDS:
        pl.gold -= gold
        gain_emeralds(st, d.seat, emer)
    elif move.choice == EMERALDS_FOR_GOLD:
        pl.emeralds -= emer
        st.supply += emer
        gain_gold(st, params, d.seat, gold)
    ev.append(Event("exchange", f"{name(st, d.seat)}'s Pioneer exchange: {move.choice}"))
    st.idx += 1
