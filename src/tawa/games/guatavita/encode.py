"""Guatavita as numbers for learning agents: ``encoder(players, params)`` declares the fields of the vector of one
seat's observation (``tawa.core.encoding``; every field and its range is listed in ``docs/rl.md``).

Built from ``observe.observation`` alone (GV-830..GV-837): an undrained tile shows only its water side (workers and
machines); its drained side is written when it is public (drained, GV-342) or when this seat inspected it (GV-832,
the observation's ``known``), with a flag saying the face is known. The lake is written position by position in
``LAKE_POSITIONS`` order, the action boxes slot by slot (``SLOTS``); seats from the observer's (``Context.order``).
Victory points have no bound in the rules (and may go below 0, GV-374): they are clipped to [``VP_LOW``, ``VP_CAP``].
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tawa.core.encoding import Context, Encoder, EncoderBuilder
from tawa.core.params import Params
from tawa.games.guatavita.data import ACTIONS, BOXES, DECLARATIONS, END_TRIGGERS, LAST_PHASE, tables
from tawa.games.guatavita.rules import action_moves
from tawa.games.guatavita.state import Ask, BalsaStep, Phase

VP_LOW, VP_CAP = -40, 160
ROUND_CAP = 40  # rounds, when the game has no [D] round cap
QUEUE_CAP = 40  # entries of the execution queue
SPECIALS = ("damp", "landslide", "famine")
Obs = Mapping[str, Any]
ASK_INDEX = {a.value: i for i, a in enumerate(Ask)}
STAGE_INDEX = {s.key: int(s) for s in Phase}
QUEUE_KINDS = ("balsa", *BOXES)


def encoder(players: int, params: Params) -> Encoder:
    """The encoding of a Guatavita game of ``players`` with ``params``."""
    tb = tables(params)
    n = players
    npos = tb.npos
    pos_index = tb.index
    spots = sorted(tb.spots)
    slots = [(box, k) for box in BOXES for k in range(params.SLOTS[box])]
    rounds = params.MAX_ROUNDS if params.MAX_ROUNDS is not None else ROUND_CAP
    most_w = max(t.workers for t in tb.tiles)
    most_m = max(t.machines for t in tb.tiles)
    most_e = max(t.emeralds for t in tb.tiles)
    most_g = max(t.gold for t in tb.tiles)
    most_p = max(t.prestige for t in tb.tiles)
    most_box = max(1, max(t.box for t in tb.tiles))
    workers, machines, pipes = params.WORKERS_PER_COLOUR, params.MACHINES_PER_COLOUR, params.PIPES_PER_COLOUR
    b = EncoderBuilder("guatavita", n)

    def pos(name: str | None) -> int:
        return pos_index[name] if name is not None else -1

    def face(o: Obs, c: Context) -> list[Any]:
        """Per position: the drained side's (E, G, P, special, box), or None when this seat does not know it."""
        if "face" not in c.memo:
            known = o["known"]
            out: list[Any] = []
            for cell in o["lake"]:
                f = cell if cell["drained"] else known.get(cell["pos"])
                out.append(None if f is None else (f["E"], f["G"], f["P"], f["special"], f["box"]))
            c.memo["face"] = out
        faces: list[Any] = c.memo["face"]
        return faces

    def face_part(k: int) -> Any:
        return lambda o, c: [x[k] if x is not None else 0 for x in face(o, c)]

    def explorations(o: Obs, c: Context) -> list[Any]:
        """Per position: (placement order, exploration) or None."""
        if "exp" not in c.memo:
            out: list[Any] = [None] * npos
            for k, e in enumerate(o["explorations"]):
                out[pos_index[e["pos"]]] = (k, e)
            c.memo["exp"] = out
        found: list[Any] = c.memo["exp"]
        return found

    def exp_part(get: Any, none: Any = 0) -> Any:
        return lambda o, c: [get(x[0], x[1], c) if x is not None else none for x in explorations(o, c)]

    def box_slots(o: Obs) -> list[Any]:
        out: list[Any] = []
        for box in BOXES:
            filled = o["boxes"][box]
            out.extend(filled[k] if k < len(filled) else None for k in range(params.SLOTS[box]))
        return out

    def each(get: Any) -> Any:
        def values(o: Obs, c: Context) -> list[Any]:
            out: list[Any] = []
            for s in c.order:
                out.extend(get(o["players"][s], c))
            return out

        return values

    # ---- the round machine and the pending decision (GV-050, section 6)
    b.onehot("seat", 1, n, "the observer's seat (spectator: none)", lambda o, c: [o["seat"]])
    b.onehot(
        "stage",
        1,
        len(Phase),
        "the stage of the round (balsa_setup, start, plan, lake, balsa, boxes, over)",
        lambda o, c: [STAGE_INDEX[o["stage"]]],
    )
    b.number("round", 1, 0, rounds, "the round", lambda o, c: [o["round"]], capped=params.MAX_ROUNDS is None)
    b.onehot(
        "ask",
        1,
        len(Ask),
        "the decision asked (state.Ask: balsa_start ... exchange; none when over)",
        lambda o, c: [ASK_INDEX[o["decision"][0]] if o["decision"] else -1],
    )
    b.onehot(
        "ask_seat",
        1,
        n,
        "the seat asked, relative to the observer (0 = the observer)",
        lambda o, c: [c.relative(o["decision"][1]) if o["decision"] else -1],
    )
    b.onehot(
        "ask_pos",
        1,
        npos,
        "the lake position the decision is about (declare, join, push)",
        lambda o, c: [o["decision"][2] if o["decision"] and len(o["decision"]) > 2 else -1],
    )
    b.onehot(
        "ask_mover",
        1,
        n,
        "the seat whose balsa is pushed in, relative",
        lambda o, c: [c.relative(o["decision"][3]) if o["decision"] and len(o["decision"]) > 3 else -1],
    )
    b.onehot("pioneer", 1, n, "the Pioneer, relative", lambda o, c: [c.relative(o["pioneer"])])
    b.flag(
        "turn_order",
        n * n,
        "1 if that seat (observer order) has that place in the turn order",
        lambda o, c: _order_cells(o["turn_order"], c),
    )
    b.number(
        "turn", 1, 0, max(1, n - 1), "the place in the turn order whose planning turn it is", lambda o, c: [o["turn"]]
    )
    b.number(
        "cursor",
        1,
        0,
        npos,
        "the round machine's cursor: the place in turn order, exploration or queue entry it is at",
        lambda o, c: [o["idx"]],
        capped=True,
    )
    b.onehot(
        "sub", 1, len(BalsaStep), "where the balsa at the cursor stands (moving, after_move)", lambda o, c: [o["sub"]]
    )
    b.number(
        "queue", 1, 0, QUEUE_CAP, "entries left in the execution queue", lambda o, c: [len(o["queue"])], capped=True
    )
    b.onehot(
        "queue_next",
        1,
        len(QUEUE_KINDS),
        "the next entry's box (balsa, then the action boxes)",
        lambda o, c: [QUEUE_KINDS.index(o["queue"][0][0]) if o["queue"] else -1],
    )
    b.number(
        "balsa_steps",
        1,
        0,
        max(1, params.BALSA_MAX_STEPS),
        "steps of the balsa moving now",
        lambda o, c: [o["balsa_steps"]],
    )
    b.flag(
        "end_triggers",
        len(END_TRIGGERS),
        "1 if that end trigger fired (centre, bankruptcy, pipes)",
        lambda o, c: [int(x in o["end_triggers"]) for x in END_TRIGGERS],
    )
    b.flag("famine_due", 1, "1 if a famine is due", lambda o, c: [int(o["famine_due"])])
    b.flag(
        "harvest_bonus_given",
        1,
        "1 if the Pioneer's harvest bonus was given this round",
        lambda o, c: [int(o["harvest_bonus_given"])],
    )
    b.flag("balsa_on", 1, "1 if La Balsa is played", lambda o, c: [int(o["options"]["balsa"])])
    b.number("supply", 1, 0, params.EMERALD_SUPPLY, "emeralds in the shared supply", lambda o, c: [o["supply"]])
    # ---- the lake, position by position
    b.number(
        "lake_phase",
        npos,
        0,
        LAST_PHASE,
        "the phase of that position (1 shore .. 4 centre)",
        lambda o, c: [x["phase"] for x in o["lake"]],
    )
    b.number("lake_workers", npos, 0, most_w, "workers its water side needs", lambda o, c: [x["W"] for x in o["lake"]])
    b.number(
        "lake_machines",
        npos,
        0,
        max(1, most_m),
        "machines its water side needs",
        lambda o, c: [x["M"] for x in o["lake"]],
    )
    b.flag("lake_drained", npos, "1 if that tile is drained", lambda o, c: [int(x["drained"]) for x in o["lake"]])
    b.number(
        "lake_pipes",
        npos * n,
        0,
        pipes,
        "pipes of each seat (observer order) on that tile",
        lambda o, c: [x["pipes"][s] for x in o["lake"] for s in c.order],
    )
    b.onehot(
        "lake_he",
        npos,
        n,
        "the owner of the head explorer on that tile, relative",
        lambda o, c: [c.relative(x["he"]) for x in o["lake"]],
    )
    b.flag(
        "face_known",
        npos,
        "1 if this seat knows the drained side (drained, or inspected by it: GV-832)",
        lambda o, c: [int(x is not None) for x in face(o, c)],
    )
    b.number("face_emeralds", npos, 0, max(1, most_e), "emeralds on the drained side (0: unknown)", face_part(0))
    b.number("face_gold", npos, 0, max(1, most_g), "gold on the drained side", face_part(1))
    b.number("face_prestige", npos, 0, max(1, most_p), "prestige on the drained side", face_part(2))
    b.onehot(
        "face_special",
        npos,
        len(SPECIALS),
        "its special (damp, landslide, famine; none: plain or unknown)",
        lambda o, c: [SPECIALS.index(x[3]) if x is not None and x[3] else -1 for x in face(o, c)],
    )
    b.number("face_box", npos, 0, most_box, "its re-exploration box VP (damp tiles)", face_part(4))
    # ---- pending explorations (GV-170..GV-252), by position
    b.number(
        "exp_order",
        npos,
        0,
        npos,
        "placement order of the exploration of that tile (0: none, 1 first)",
        exp_part(lambda k, e, c: k + 1),
    )
    b.onehot("exp_owner", npos, n, "its owner, relative", exp_part(lambda k, e, c: c.relative(e["owner"]), -1))
    b.number("exp_workers", npos, 0, workers, "its workers", exp_part(lambda k, e, c: e["workers"]))
    b.number("exp_machines", npos, 0, machines, "its machines", exp_part(lambda k, e, c: e["machines"]))
    b.number("exp_insured", npos, 0, machines, "its insured machines", exp_part(lambda k, e, c: e["insured"]))
    b.onehot(
        "exp_source",
        npos,
        npos + 1,
        "the position its pipes come from (the last class: the pump)",
        exp_part(lambda k, e, c: npos if e["source"] == "pump" else pos_index[e["source"]], -1),
    )
    b.onehot("exp_saboteur", npos, n, "its saboteur, relative", exp_part(lambda k, e, c: c.relative(e["saboteur"]), -1))
    b.onehot(
        "exp_declared",
        npos,
        len(DECLARATIONS) + 1,
        "the saboteur's declaration (emeralds, gold, prestige, none)",
        exp_part(lambda k, e, c: _declared(e["declared"]), -1),
    )
    # ---- the action boxes, slot by slot (GV-073)
    b.onehot(
        "slot_seat",
        len(slots),
        n,
        "the seat in that slot of the action boxes, relative (box order: " + ", ".join(BOXES) + ")",
        lambda o, c: [c.relative(x[0]) if x else -1 for x in box_slots(o)],
    )
    b.number(
        "slot_workers", len(slots), 0, workers, "its workers", lambda o, c: [x[1] if x else 0 for x in box_slots(o)]
    )
    b.number(
        "slot_machines", len(slots), 0, machines, "its machines", lambda o, c: [x[2] if x else 0 for x in box_slots(o)]
    )
    b.onehot(
        "slot_target",
        len(slots),
        npos,
        "its target position (sabotage, re-exploration)",
        lambda o, c: [x[3] if x else -1 for x in box_slots(o)],
    )
    # ---- each expedition, observer first
    b.onehot(
        "p_spot",
        n,
        len(spots),
        "the player's pump spot (" + ", ".join(spots) + ")",
        each(lambda p, c: [spots.index(p["spot"])]),
    )
    b.number("p_gold", n, 0, params.GOLD_CAP, "gold", each(lambda p, c: [p["gold"]]))
    b.number("p_food", n, 0, params.FOOD_CAP, "food", each(lambda p, c: [p["food"]]))
    b.number("p_emeralds", n, 0, params.EMERALD_SUPPLY, "emeralds", each(lambda p, c: [p["emeralds"]]))
    b.number("p_vp", n, VP_LOW, VP_CAP, "victory points (clipped)", each(lambda p, c: [p["vp"]]), capped=True)
    b.number(
        "p_camp",
        n * 3,
        0,
        1,
        "workers, machines, pipes in camp, as shares of the colour's pieces",
        each(
            lambda p, c: [p["camp"]["workers"] / workers, p["camp"]["machines"] / machines, p["camp"]["pipes"] / pipes]
        ),
    )
    b.number(
        "p_supply",
        n * 3,
        0,
        1,
        "workers, machines, pipes in the personal supply, as shares",
        each(
            lambda p, c: [
                p["supply"]["workers"] / workers,
                p["supply"]["machines"] / machines,
                p["supply"]["pipes"] / pipes,
            ]
        ),
    )
    b.number(
        "p_camp_level",
        n,
        params.CAMP_LEVEL_MIN,
        params.CAMP_LEVEL_MAX,
        "camp level",
        each(lambda p, c: [p["camp_level"]]),
    )
    b.number("p_pump_level", n, 1, 2, "pump level", each(lambda p, c: [p["pump_level"]]))
    b.flag("p_pump_worker", n, "1 if a worker stands on the pump", each(lambda p, c: [p["pump_worker"]]))
    b.number("p_loan", n, 0, params.LOAN_END, "loan track position", each(lambda p, c: [p["loan"]]))
    b.flag("p_passed", n, "1 if the player passed this planning phase", each(lambda p, c: [int(p["passed"])]))
    b.flag("p_gold_duty", n, "1 if the minimum-gold duty binds (GV-109)", each(lambda p, c: [int(p["gold_duty"])]))
    b.flag("p_placed", n, "1 if the player placed this planning phase", each(lambda p, c: [int(p["placed"])]))
    b.number(
        "p_uses",
        n * len(ACTIONS),
        0,
        params.MAX_SAME_ACTION,
        "uses of each action this planning phase (" + ", ".join(ACTIONS) + ")",
        each(lambda p, c: [p["uses"][a] for a in ACTIONS]),
    )
    b.number("p_pipes_in_lake", n, 0, pipes, "the player's pipes in the lake", each(lambda p, c: [p["pipes_in_lake"]]))
    b.flag("p_balsa_alive", n, "1 if the player's balsa is on the lake", each(lambda p, c: [int(p["balsa"]["alive"])]))
    b.onehot("p_balsa_pos", n, npos, "its position", each(lambda p, c: [pos(p["balsa"]["pos"])]))
    b.flag("p_balsa_protected", n, "1 if it is protected", each(lambda p, c: [int(p["balsa"]["protected"])]))
    b.number(
        "p_balsa_workers",
        n,
        0,
        max(1, params.BALSA_WORKERS),
        "workers activating it",
        each(lambda p, c: [p["balsa"]["workers"]]),
    )
    b.flag(
        "p_inspected",
        n * npos,
        "1 if the player inspected that tile (GV-833: which tile is public)",
        each(lambda p, c: _positions(p["inspected"], pos_index, npos)),
    )
    return b.build(len(action_moves(tb, params)))


def _order_cells(order: list[int], c: Context) -> list[int]:
    """Row per seat (observer order), column per place: 1 where the seat sits at that place."""
    n = len(order)
    place = {seat: k for k, seat in enumerate(order)}
    return [int(place[s] == k) for s in c.order for k in range(n)]


def _declared(text: str) -> int:
    if text == "":
        return -1
    return len(DECLARATIONS) if text == "none" else DECLARATIONS.index(text)


def _positions(names: list[str], index: Mapping[str, int], npos: int) -> list[int]:
    out = [0] * npos
    for name in names:
        out[index[name]] = 1
    return out
