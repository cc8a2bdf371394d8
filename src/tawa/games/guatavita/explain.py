"""Why a placement or choice is illegal: the spec's list of illegal actions (section 6) mapped to the rule
that forbids each one. Only called for ids that are not legal now; the first reason found is named."""
from __future__ import annotations

from typing import Any

from tawa.core.errors import IllegalAction
from tawa.games.guatavita import execution, planning
from tawa.games.guatavita.data import (
    ACTION_INDEX,
    CENTRE,
    NEIGHBOURS,
    PHASE_OF_POS,
    POS_INDEX,
    POS_NAMES,
    T_M,
    TILES,
    pump_tiles,
)
from tawa.games.guatavita.rules import balsa_at, box_vp, exit_pipes, is_damp, owns
from tawa.games.guatavita.state import State

Reason = tuple[str, str] | None  # (rule, text)


def _pos(word: str) -> int | None:
    return POS_INDEX.get(word)


def _parse_lake(words: list[str]) -> dict[str, Any] | None:
    """'explore T [via R] from S [insure n]' or 'cross R from S' -> fields (None if malformed)."""
    out: dict[str, Any] = {"kind": words[0], "via": -1, "insure": 0}
    try:
        if words[0] == "cross":
            out["r"], out["src"] = _pos(words[1]), words[3]
            if words[2] != "from":
                return None
        else:
            out["t"] = _pos(words[1])
            i = 2
            if words[i] == "via":
                out["via"] = _pos(words[i + 1])
                i += 2
            if words[i] != "from":
                return None
            out["src"] = words[i + 1]
            if len(words) > i + 2:
                out["insure"] = int(words[i + 3])
    except (IndexError, ValueError):
        return None
    src = out["src"]
    out["src"] = -1 if src == "pump" else _pos(src)
    if any(v is None for v in out.values()):
        return None
    return out


def _source_reason(st: State, seat: int, target: int, src: int, rule: str) -> Reason:
    """GV-175/GV-176/GV-201: ``src`` (pump or own tile) must reach ``target``."""
    pl = st.players[seat]
    if src < 0:
        if target not in pump_tiles(pl.spot):
            return rule, f"{POS_NAMES[target]} is not one of the two shore tiles connected to your pump"
        return None
    if not st.drained[src] and any(e[0] == src for e in st.explorations):
        return "GV-176", (f"{POS_NAMES[src]} is not drained yet (tiles explored this round are not sources: "
                          "explorations do not chain)")
    if not owns(st, seat, src):
        return rule, f"{POS_NAMES[src]} is not one of your tiles (no pipe of yours on it)"
    if target not in NEIGHBOURS[src]:
        return rule, f"{POS_NAMES[target]} is not adjacent to {POS_NAMES[src]}"
    return None


def _lake_reason(st: State, params: Any, seat: int, f: dict[str, Any]) -> Reason:
    pl = st.players[seat]
    pipes_needed = 0
    via = f["via"] if f["kind"] == "explore" else f["r"]
    if via >= 0:  # a crossing (GV-200..GV-209)
        if not st.drained[via]:
            return "GV-200", f"only a drained tile can be crossed; {POS_NAMES[via]} is still under water"
        if st.pipes[via][seat] > 0:
            return "GV-200", f"you already have a pipe on {POS_NAMES[via]}; only tiles owned by others are crossed"
        why = _source_reason(st, seat, via, f["src"], "GV-201")
        if why:
            return why
        rent = params.RENT_PER_OWNER * sum(1 for c in st.pipes[via] if c > 0)
        if pl.gold < rent:
            return "GV-204", f"crossing {POS_NAMES[via]} costs {rent} gold in rent; you hold {pl.gold}"
        pipes_needed += exit_pipes(st, params, f["src"])
    if f["kind"] == "explore":
        t = f["t"]
        if st.drained[t]:
            return "GV-170", f"{POS_NAMES[t]} is already drained"
        if any(e[0] == t for e in st.explorations):
            return "GV-171", f"{POS_NAMES[t]} already has an explorer this round"
        if PHASE_OF_POS[t] >= 3 and pl.pump_level < 2:
            return "GV-173", f"{POS_NAMES[t]} is a phase-{PHASE_OF_POS[t]} tile: it needs a level-2 pump"
        if via >= 0:
            if t not in NEIGHBOURS[via]:
                return "GV-206", f"{POS_NAMES[t]} is not adjacent to the crossed tile {POS_NAMES[via]}"
            pipes_needed += exit_pipes(st, params, via)
        else:
            why = _source_reason(st, seat, t, f["src"], "GV-175")
            if why:
                return why
            pipes_needed += exit_pipes(st, params, f["src"])
        wn, mn = planning.required(st, params, t)
        if pl.camp_workers < wn or pl.camp_machines < mn:
            extra = (" (1 more machine for the protected balsa there, GV-181)"
                     if mn > TILES[st.tile_at[t]][T_M] else "")
            return "GV-172", (f"{POS_NAMES[t]} needs {wn} workers and {mn} machines{extra}; your camp holds "
                              f"{pl.camp_workers} and {pl.camp_machines} (GV-071)")
        if f["insure"] > mn:
            return "GV-233", f"only the {mn} machine(s) placed on {POS_NAMES[t]} can be insured"
        if f["insure"] > pl.emeralds:
            return "GV-072", f"insuring {f['insure']} machine(s) needs {f['insure']} emeralds; you hold {pl.emeralds}"
    if pl.camp_pipes < pipes_needed:
        return "GV-071", f"this placement needs {pipes_needed} pipe(s) in camp; you have {pl.camp_pipes}"
    return None


def _box_reason(st: State, params: Any, seat: int, words: list[str]) -> Reason:
    pl = st.players[seat]
    slots = params.SLOTS
    word = words[0]

    def full(box: str) -> bool:
        return len(st.boxes[box]) >= slots[box]

    if word == "sabotage" and len(words) == 2 and _pos(words[1]) is not None:
        t = _pos(words[1])
        rec = next((e for e in st.explorations if e[0] == t and not st.drained[t]), None)
        if rec is None:
            return "GV-250", f"nobody is exploring {POS_NAMES[t]} this round"
        if rec[1] == seat:
            return "GV-250", "you cannot sabotage your own exploration"
        if rec[6] >= 0:
            return "GV-251", f"{POS_NAMES[t]} already has a saboteur"
        if full("sabotage"):
            return "GV-073", "both Sabotage slots are taken"
        if pl.camp_workers < 2:
            return "GV-071", "a sabotage needs 2 workers in camp (one in the slot, one on the tile)"
    elif word == "camp":
        if pl.camp_level + pl.uses[ACTION_INDEX["camp"]] >= params.CAMP_LEVEL_MAX:
            return "GV-131", f"your camp would pass level {params.CAMP_LEVEL_MAX}"
        if full("camp"):
            return "GV-073", "both Camp Upgrade slots are taken"
        cw, cm, _ = params.CAMP_UPGRADE
        return "GV-130", f"Camp Upgrade needs {cw} workers and {cm} machine in camp (GV-071)"
    elif word == "pump":
        if pl.pump_level >= 2:
            return "GV-133", "your pump is already level 2"
        if any(e[0] == seat and e[3] < 0 for e in st.boxes["pumpre"]):
            return "GV-133", "you already placed a Pump Upgrade this planning phase"
        if full("pumpre"):
            return "GV-073", "the Pump Upgrade/Re-exploration box is full"
    elif word == "reexplore" and len(words) == 2 and _pos(words[1]) is not None:
        d = _pos(words[1])
        if not owns(st, seat, d):
            return "GV-134", f"{POS_NAMES[d]} is not one of your drained tiles"
        if not is_damp(st, d) or box_vp(st, d) <= 0:
            return "GV-134", f"{POS_NAMES[d]} is not a damp tile with a re-exploration box"
        if full("pumpre"):
            return "GV-073", "the Pump Upgrade/Re-exploration box is full"
        return "GV-071", "re-exploration needs 1 worker and 1 machine in camp"
    elif word == "commerce" and len(words) == 2 and words[1] in ("machine", "pipe"):
        mine = sum(1 for b in ("commerce_machine", "commerce_pipe") for e in st.boxes[b] if e[0] == seat)
        if mine >= params.COMMERCE_MAX_WORKERS:
            return "GV-139", f"you already have {mine} workers in the Commerce box"
        if full(f"commerce_{words[1]}"):
            return "GV-623", f"every Commerce {words[1]} slot is taken"
    elif word == "loan":
        if pl.loan + pl.uses[ACTION_INDEX["loan"]] >= params.LOAN_END:
            return "GV-144", "the loan track would pass its end"
        if full("loan"):
            return "GV-073", "both Loan slots are taken"
    elif word in ("harvest", "pioneer", "recruit"):
        box = word
        if full(box):
            return "GV-073", f"every {box.capitalize()} slot is taken"
        if word == "harvest" and len(words) == 2 and words[1] in ("1", "2"):
            return "GV-136", f"Harvest with {words[1]} worker(s) needs them in camp (GV-071)"
    elif word == "balsa" and len(words) == 1:
        if not params.balsa:
            return "GV-770", "La Balsa is not in play"
        if not pl.balsa_alive:
            return "GV-775", "your balsa was destroyed"
        if pl.balsa_workers:
            return "GV-775", "your balsa is already activated this round"
        if pl.balsa_pos in {e[0] for e in st.explorations}:
            return "GV-798", "your balsa's tile is being explored this round"
        return "GV-774", f"activating the balsa needs {params.BALSA_WORKERS} workers in camp"
    return None


def explain_plan(st: State, params: Any, seat: int, action_id: str) -> IllegalAction | None:
    """A rule-naming error for an illegal planning id, or None if no specific reason is found."""
    words = action_id.split()
    if not words:
        return None
    pl = st.players[seat]
    if planning.duty_binds(st, params, seat) and action_id != "loan":
        return IllegalAction(f"{action_id!r}: with 0 gold your first placement must be Loan", rule="GV-111",
                             action=action_id)
    kind = {"explore": "explore", "cross": "explore", "pump": "pumpre", "reexplore": "pumpre",
            "camp": "camp"}.get(words[0], words[0])
    idx = ACTION_INDEX.get(kind, -1)
    if idx >= 0 and pl.uses[idx] >= params.MAX_SAME_ACTION:
        return IllegalAction(f"{action_id!r}: that action was already chosen {params.MAX_SAME_ACTION} times this "
                             "planning phase", rule="GV-074", action=action_id)
    reason: Reason = None
    if words[0] in ("explore", "cross"):
        f = _parse_lake(words)
        if f is not None:
            reason = _lake_reason(st, params, seat, f)
    else:
        reason = _box_reason(st, params, seat, words)
    if reason is None:
        return None
    return IllegalAction(f"{action_id!r} is not legal: {reason[1]}", rule=reason[0], action=action_id)


def explain_decision(st: State, params: Any, action_id: str) -> IllegalAction | None:
    """A rule-naming error for an illegal La Balsa or Pioneer-exchange choice."""
    d = st.decision
    if d is None:
        return None
    words = action_id.split()
    seat = d[1]
    pl = st.players[seat]
    reason: Reason = None
    if d[0] == "balsa_move" and words[:2] == ["balsa", "step"] and len(words) == 3 and _pos(words[2]) is not None:
        y = _pos(words[2])
        q = balsa_at(st, y)
        if y not in NEIGHBOURS[pl.balsa_pos]:
            reason = "GV-778", f"{POS_NAMES[y]} is not adjacent to your balsa"
        elif st.drained[y]:
            reason = "GV-778", f"{POS_NAMES[y]} is drained; a balsa moves only over water"
        elif q >= 0 and st.players[q].balsa_protected:
            reason = "GV-780", f"a protected balsa on {POS_NAMES[y]} blocks the way"
        elif q >= 0:
            reason = "GV-783", f"the balsa on {POS_NAMES[y]} has nowhere to be pushed"
    elif d[0] == "balsa_act" and words[:2] == ["balsa", "step"]:
        reason = "GV-778", f"the balsa's move is over (at most {params.BALSA_MAX_STEPS} steps)"
    elif d[0] == "push" and words[:2] == ["push", "balsa"] and len(words) == 3 and _pos(words[2]) is not None:
        z = _pos(words[2])
        if z not in NEIGHBOURS[d[2]]:
            reason = "GV-782", f"{POS_NAMES[z]} is not adjacent to {POS_NAMES[d[2]]}"
        elif st.drained[z]:
            reason = "GV-782", f"{POS_NAMES[z]} is drained"
        else:
            reason = "GV-782", f"{POS_NAMES[z]} already holds a balsa"
    elif d[0] == "balsa_act" and words[0] == "inspect" and len(words) == 2 and _pos(words[1]) is not None:
        z = _pos(words[1])
        if z == CENTRE:
            reason = "GV-787", "the centre tile can never be inspected"
        elif pl.emeralds < params.INSPECT_COST:
            reason = "GV-786", f"inspecting costs {params.INSPECT_COST} emeralds; you hold {pl.emeralds}"
        elif st.drained[z] or z not in NEIGHBOURS[pl.balsa_pos]:
            reason = "GV-786", f"only an undrained tile next to your balsa can be inspected, not {POS_NAMES[z]}"
    elif d[0] == "balsa_act" and action_id == "protect":
        if pl.balsa_pos == CENTRE:
            reason = "GV-789", "a balsa on the centre tile cannot be protected"
        else:
            reason = "GV-788", f"protecting needs {params.PROTECT_EMERALDS} emeralds; you hold {pl.emeralds}"
    elif d[0] == "exchange" and words[0] == "exchange" and action_id not in (
            f"exchange {c}" for c in execution.exchange_choices(st, params, seat)):
        reason = "GV-602", "the exchange must be covered by you (1 gold or 4 emeralds) and by the shared supply"
    if reason is None:
        return None
    return IllegalAction(f"{action_id!r} is not legal: {reason[1]}", rule=reason[0], action=action_id)
