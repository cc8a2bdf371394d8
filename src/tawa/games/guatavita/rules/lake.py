"""Execution steps 1-3 (GV-290..GV-292): resting workers, the lake tiles one by one with their saboteurs,
landslides and head explorers, and the famine (GV-320..GV-477)."""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.events import Event
from tawa.core.params import Params
from tawa.games.guatavita.data import DECLARATIONS, Tables
from tawa.games.guatavita.rules.common import (
    Move,
    balsa_at,
    gain_emeralds,
    gain_gold,
    name,
)
from tawa.games.guatavita.state import Ask, Decision, Exploration, GuatavitaState


def resting_workers(st: GuatavitaState, params: Params, ev: list[Event]) -> None:
    """GV-290/GV-320: workers resting in camp score 1 VP per full group of RESTING_GROUP."""
    ev.append(Event("phase", f"=== Round {st.round}: execution phase ===", data={"round": st.round}))
    for seat, pl in enumerate(st.players):
        vp = pl.camp_workers // params.RESTING_GROUP
        if vp:
            pl.vp += vp
            ev.append(Event("rest", f"{name(st, seat)} scores {vp} VP for resting workers"))


def step(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> bool:
    """Resolve the next lake tile (GV-340), or ask its saboteur to declare. True when every tile is done."""
    if st.idx >= len(st.explorations):
        return True
    rec = st.explorations[st.idx]
    sab = rec.saboteur
    if sab >= 0 and not rec.declared:  # GV-341, GV-420, GV-421
        sp = st.players[sab]
        if sp.emeralds >= params.SABOTAGE_EMERALDS:
            sp.emeralds -= params.SABOTAGE_EMERALDS
            st.supply += params.SABOTAGE_EMERALDS
            st.decision = Decision(Ask.DECLARE, sab, rec.pos)
            return False
        release_sabotage_slot(st, sab, rec.pos)
        sp.camp_workers += 1
        rec = st.explorations[st.idx] = rec._replace(declared="none")
        ev.append(
            Event(
                "sabotage_void",
                f"{name(st, sab)} has no emerald: the saboteur on {tb.names[rec.pos]} returns to camp without effect",
            )
        )
    resolve_tile(st, tb, params, ev)
    if st.decision is None:
        st.idx += 1
    return False


def release_sabotage_slot(st: GuatavitaState, seat: int, pos: int) -> None:
    """GV-429: the Sabotage-slot worker goes back to camp."""
    slots = st.boxes["sabotage"]
    for i, e in enumerate(slots):
        if e.seat == seat and e.target == pos and e.workers:
            slots[i] = e._replace(workers=0)
            st.players[seat].camp_workers += 1
            return


def resolve_tile(st: GuatavitaState, tb: Tables, params: Params, ev: list[Event]) -> None:
    """GV-342..GV-351: flip the tile of the exploration at the cursor and settle everything on it."""
    rec = st.explorations[st.idx]
    t, seat, workers, machines, insured, src, sab, decl = rec
    pl = st.players[seat]
    tile = tb.tiles[st.tile_at[t]]
    st.drained[t] = True  # GV-342
    for p in st.players:
        if t in p.inspected:
            p.inspected.remove(t)
    special = tile.special
    ev.append(
        Event(
            "flip",
            f"{tb.names[t]} drains: {tile.id} shows {tile.emeralds} emerald(s), {tile.gold} gold, "
            f"{tile.prestige} VP" + (f", {special}" if special else "") + (f" (box {tile.box})" if tile.box else ""),
            data={"pos": tb.names[t], "tile": tile.id},
        )
    )
    b = balsa_at(st, t)
    if b >= 0:  # GV-343, GV-795, GV-796
        destroy_balsa(st, tb, params, b, ev)
    landslide = special == "landslide"
    e_gain, g_gain, p_gain = tile.emeralds, tile.gold, tile.prestige
    if sab >= 0 and decl in DECLARATIONS:  # GV-422..GV-428
        sp = st.players[sab]
        release_sabotage_slot(st, sab, t)
        value = {"emeralds": tile.emeralds, "gold": tile.gold, "prestige": tile.prestige}[decl]
        if value >= 1:
            if decl == "emeralds":
                got = gain_emeralds(st, sab, tile.emeralds)  # GV-430
                e_gain = 0
                what = f"takes {got} emerald(s)"
            elif decl == "gold":
                gain_gold(st, params, sab, 1)
                g_gain -= 1
                what = "takes 1 gold"
            else:
                sp.vp += tile.prestige
                what = f"also scores {tile.prestige} VP"
            ev.append(Event("sabotage", f"{name(st, sab)}'s saboteur finds {decl} and {what}"))
        killed = value < 1 or landslide  # GV-425, GV-426
        if killed:
            sp.sup_workers += 1
            ev.append(Event("sabotage", f"{name(st, sab)}'s saboteur on {tb.names[t]} is lost"))
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
        ev.append(
            Event(
                "landslide",
                f"Landslide on {tb.names[t]}: {name(st, seat)} loses {workers} worker(s) and "
                f"{lost_m} machine(s) (+{lost_m} gold); {insured} insured machine(s) saved",
            )
        )
    st.supply += insured  # GV-232, GV-347
    # GV-348, GV-390..GV-394: the tile's head explorer
    if src >= 0 and st.he[src] == seat:
        st.he[src] = -1
        st.he[t] = seat
        ev.append(Event("he", f"{name(st, seat)}'s head explorer moves from {tb.names[src]} to {tb.names[t]}"))
    elif surviving_w >= 1:
        surviving_w -= 1
        st.he[t] = seat
        ev.append(Event("he", f"{name(st, seat)} leaves a new head explorer on {tb.names[t]}"))
    elif pl.camp_workers >= 1:
        pl.camp_workers -= 1
        st.he[t] = seat
        ev.append(Event("he", f"{name(st, seat)} sends a camp worker as head explorer to {tb.names[t]}"))
    pl.camp_workers += surviving_w  # GV-349
    pl.camp_machines += back_m
    st.explorations[st.idx] = st.explorations[st.idx]._replace(workers=0, machines=0, insured=0)
    if special == "famine":  # GV-350
        st.famine_due = True
    if t == tb.centre and "centre" not in st.end_triggers:  # GV-351, GV-456, GV-681
        st.end_triggers.append("centre")
        ev.append(Event("trigger", f"{name(st, seat)} drained the centre: the game ends after this round"))
    if len(joined_hes(st, tb, seat, t)) >= 2:  # GV-395
        st.decision = Decision(Ask.JOIN, seat, t)


def joined_hes(st: GuatavitaState, tb: Tables, seat: int, t: int) -> list[int]:
    """GV-395: the seat's HEs on T and on own tiles adjacent to T."""
    out = [t] if st.he[t] == seat else []
    out.extend(a for a in tb.neighbours[t] if st.he[a] == seat)
    return out


def return_he(st: GuatavitaState, tb: Tables, seat: int, pos: int, ev: list[Event]) -> None:
    """GV-101/GV-395: an HE leaves ``pos`` for camp; the tile keeps its pipes (GV-396)."""
    st.he[pos] = -1
    st.players[seat].camp_workers += 1
    ev.append(Event("he_return", f"{name(st, seat)}'s head explorer on {tb.names[pos]} returns to camp"))


def famine(st: GuatavitaState, params: Params, ev: list[Event]) -> None:
    """GV-470..GV-477: one famine per execution phase."""
    for seat, pl in enumerate(st.players):
        on_boxes = sum(e.workers for es in st.boxes.values() for e in es if e.seat == seat) + pl.balsa_workers
        owed = pl.camp_workers + on_boxes  # GV-472, GV-473
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


def destroy_balsa(st: GuatavitaState, tb: Tables, params: Params, seat: int, ev: list[Event]) -> None:
    """GV-795, GV-796: the balsa leaves the game; its emeralds go to the shared supply, its workers to camp."""
    pl = st.players[seat]
    where = pl.balsa_pos
    pl.balsa_alive = False
    pl.balsa_pos = -1
    back = []
    if pl.balsa_protected:
        pl.balsa_protected = False
        st.supply += params.PROTECT_EMERALDS
        back.append(f"its {params.PROTECT_EMERALDS} emeralds go to the shared supply")
    if pl.balsa_workers:
        back.append(f"its {pl.balsa_workers} workers go back to camp")
    pl.camp_workers += pl.balsa_workers
    pl.balsa_workers = 0
    ev.append(
        Event(
            "balsa_destroyed",
            f"{name(st, seat)}'s balsa is destroyed: {tb.names[where]} drained"
            + (f" ({'; '.join(back)})" if back else ""),
        )
    )


# =========================================================================== the decisions of this step
def declare_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    """GV-420: emeralds, gold or prestige."""
    return [Action(f"declare {k}", f"Saboteur declares {k}", Move("declare", choice=k)) for k in DECLARATIONS]


def join_choices(st: GuatavitaState, tb: Tables, params: Params, d: Decision) -> list[Action]:
    """GV-395: keep every head explorer, or send one of the joined ones to camp."""
    acts = [Action("keep all", "Keep every head explorer in the lake", Move("keep"))]
    acts.extend(
        Action(f"return he {tb.names[p]}", f"Send the head explorer on {tb.names[p]} to camp", Move("return_he", p))
        for p in joined_hes(st, tb, d.seat, d.pos)
    )
    return acts


def apply_declare(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    rec = st.explorations[st.idx] = st.explorations[st.idx]._replace(declared=move.choice)
    ev.append(Event("declare", f"{name(st, d.seat)}'s saboteur on {tb.names[rec.pos]} declares {move.choice}"))
    resolve_tile(st, tb, params, ev)
    if st.decision is None:
        st.idx += 1


def apply_join(st: GuatavitaState, tb: Tables, params: Params, d: Decision, move: Move, ev: list[Event]) -> None:
    if move.kind == "return_he":
        return_he(st, tb, d.seat, move.pos, ev)
    st.idx += 1


def exploration_at(st: GuatavitaState, pos: int) -> Exploration | None:
    for e in st.explorations:
        if e.pos == pos:
            return e
    return None
