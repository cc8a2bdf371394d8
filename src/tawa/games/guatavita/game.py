"""Guatavita on the Tawa engine: drain the legendary lake (2-4 players, optional La Balsa)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tawa.core.actions import Action
from tawa.core.errors import IllegalAction
from tawa.core.events import Event
from tawa.core.game import Game, GameInfo
from tawa.core.params import Params
from tawa.core.registry import register
from tawa.core.rng import Rng
from tawa.games.guatavita import execution, planning, strategy
from tawa.games.guatavita.data import (
    ACTIONS,
    CENTRE,
    DECLARATIONS,
    NEIGHBOURS,
    NPOS,
    PARAMS,
    PHASE_OF_POS,
    POS_NAMES,
    PUMP_SPOTS,
    T_PHASE,
    TILES,
    pump_tiles,
)
from tawa.games.guatavita.explain import explain_decision, explain_plan
from tawa.games.guatavita.observe import observation, resample_hidden
from tawa.games.guatavita.render import render_text
from tawa.games.guatavita.rules import housed, pipes_in_lake, turn_order
from tawa.games.guatavita.scoring import final_scores, ranking
from tawa.games.guatavita.state import BALSA_SETUP, OVER, PLAN, START, Player, State


def new_state(players: int, params: Any, rng: Rng) -> State:
    """GV-010..GV-030: the starting position (no decision taken yet)."""
    st = State()
    colours = list(params.COLOURS)
    rng.shuffle(colours)  # GV-012
    spots = list(params.PUMP_SPOTS_BY_COUNT[str(players)])
    rng.shuffle(spots)
    for phase in (1, 2, 3):  # GV-013..GV-016
        stack = [i for i, t in enumerate(TILES) if t[T_PHASE] == phase]
        rng.shuffle(stack)
        positions = [p for p in range(NPOS) if PHASE_OF_POS[p] == phase]
        for p, t in zip(positions, stack, strict=True):
            st.tile_at[p] = t
    centre = [i for i, t in enumerate(TILES) if t[T_PHASE] == 4]
    pick = rng.below(len(centre))  # GV-017, GV-018
    st.tile_at[CENTRE] = centre[pick]
    st.unused_centre = [t for i, t in enumerate(centre) if i != pick]
    st.pipes = [[0] * players for _ in range(NPOS)]
    for s in range(players):
        pl = Player()
        pl.colour = colours[s]
        pl.spot = spots[s]
        pl.camp_workers = params.START_WORKERS  # GV-020..GV-027
        pl.camp_pipes = params.START_PIPES
        pl.camp_machines = params.START_MACHINES
        pl.emeralds = params.START_EMERALDS
        pl.sup_workers = params.WORKERS_PER_COLOUR - pl.camp_workers
        pl.sup_pipes = params.PIPES_PER_COLOUR - pl.camp_pipes
        pl.sup_machines = params.MACHINES_PER_COLOUR - pl.camp_machines
        pl.vp = params.START_VP
        pl.gold = params.START_GOLD
        pl.food = params.START_FOOD
        pl.camp_level = params.CAMP_LEVEL_MIN
        pl.uses = [0] * len(ACTIONS)
        st.players.append(pl)
    st.supply = params.EMERALD_SUPPLY - players * params.START_EMERALDS  # GV-028
    st.pioneer = rng.below(players)  # GV-019
    st.boxes = {b: [] for b in params.SLOTS}
    st.order = turn_order(st)
    st.stage = BALSA_SETUP if params.balsa else START  # GV-030
    return st


# progress-biased playouts: weights by placement kind (not rules; a testing aid)
_WEIGHTS = {"pass": 0.1, "explore": 6.0, "cross": 0.5, "sabotage": 0.4, "camp": 2.0, "pump": 6.0,
            "reexplore": 2.0, "harvest": 1.0, "pioneer": 0.5, "commerce": 1.5, "recruit": 1.0, "loan": 0.05,
            "balsa": 1.5}

_RULE_OF_KIND = {
    "explore": ("GV-170", "an exploration needs an undrained, untargeted tile reachable from your pump or an own "
                          "adjacent tile, a level-2 pump for phases 3-4, and its workers, machines and pipes in camp"),
    "cross": ("GV-200", "a crossing needs a drained tile owned only by others, reachable from a source, the rent "
                        "in gold and the pipes in camp"),
    "sabotage": ("GV-250", "sabotage needs a free slot, 2 workers and another player's pending exploration "
                           "without a saboteur"),
    "camp": ("GV-131", "Camp Upgrade needs a free slot, 2 workers + 1 machine, and the camp below level 9"),
    "pump": ("GV-133", "Pump Upgrade needs a free slot, 1 worker, a level-1 pump and no pump placement yet"),
    "reexplore": ("GV-134", "re-exploration needs an own damp tile with a box, 1 worker + 1 machine"),
    "harvest": ("GV-136", "Harvest needs a free slot and the workers in camp"),
    "pioneer": ("GV-137", "Pioneer needs its free slot and 1 worker"),
    "commerce": ("GV-139", "Commerce needs a free slot of that type, 1 worker, and at most 2 of your workers there"),
    "recruit": ("GV-141", "Recruitment needs a free slot and 1 worker"),
    "loan": ("GV-144", "Loan needs a free slot, 1 worker and the loan track not at its end"),
    "balsa": ("GV-775", "the balsa can be activated once a round, with 2 workers, if it is not destroyed and its "
                        "tile is not being explored"),
    "pass": ("GV-270", "pass: no more placements this planning phase (impossible while you must open with a Loan, "
                       "GV-111)"),
    "declare": ("GV-422", "emeralds: take all the tile's emeralds; gold: take 1 gold; prestige: both score its VP. "
                          "If the tile shows none of it (or is a landslide) the saboteur is lost (GV-425, GV-426)"),
    "keep": ("GV-395", "keep every head explorer in the lake (each scores 3 VP at the end)"),
    "return_he": ("GV-101", "the head explorer comes back to camp as a worker; the tile keeps its pipes (GV-396)"),
    "pay": ("GV-105", "2 workers from your personal supply for 1 gold or 4 emeralds"),
    "balsa_start": ("GV-772", "start your balsa on this shore tile"),
    "step": ("GV-778", "move the balsa one tile (at most 2 steps); entering an unprotected balsa pushes it"),
    "stop": ("GV-778", "end the balsa's move here"),
    "push": ("GV-782", "your pushed balsa goes to this tile"),
    "inspect": ("GV-786", "pay 2 emeralds to see this tile's drained side, privately"),
    "protect": ("GV-788", "2 emeralds on the balsa: exploring its tile needs 1 more machine until you activate it"),
    "nothing": ("GV-785", "do nothing more with the balsa"),
    "exchange": ("GV-601", "Pioneer exchange: 1 gold <-> 4 emeralds, or none"),
}


_DECISION_RULES = {
    ("balsa_move", "balsa"): ("GV-780", "a balsa steps onto an adjacent undrained tile, never into a protected "
                                        "balsa, nor into one that cannot be pushed anywhere (GV-783)"),
    ("push", "push"): ("GV-782", "a pushed balsa goes to an adjacent undrained tile without a balsa"),
    ("balsa_act", "inspect"): ("GV-786", "inspect needs 2 emeralds and an undrained tile next to the balsa, "
                                         "never the centre (GV-787)"),
    ("balsa_act", "protect"): ("GV-789", "protecting needs 2 emeralds and is impossible on the centre"),
    ("exchange", "exchange"): ("GV-602", "the exchange must be covered by you and by the shared supply"),
    ("he_return", "return"): ("GV-102", "bring back one of your own head explorers"),
    ("join", "return"): ("GV-395", "only an HE on the new tile or on an adjacent own tile may go home"),
    ("balsa_start", "balsa"): ("GV-772", "a balsa starts on a free shore tile within 3 of your pump"),
}


@register
class GuatavitaGame(Game):
    """Guatavita (Azahar Juegos): worker placement and exploration over a draining lake."""

    info = GameInfo(
        id="guatavita",
        name="Guatavita",
        players=(2, 3, 4),
        params=PARAMS,
        spec="../shared/rules/guatavita.md",
        summary="Drain the legendary lake tile by tile: plan workers, machines and pipes, then resolve.",
        rule_prefix="GV",
        automation_options={"MAX_ROUNDS": 40},  # GV-863
    )
    state: State

    # ------------------------------------------------------------------ engine hooks
    def _setup(self) -> None:
        self.state = new_state(self.players, self.params, self.rng)
        ev: list[Event] = []
        execution.advance(self.state, self.params, ev)
        self.log.extend(ev)

    @property
    def current_player(self) -> int | None:
        d = self.state.decision
        return None if d is None else d[1]

    @property
    def is_over(self) -> bool:
        return self.state.stage == OVER

    @property
    def capped(self) -> bool:
        return self.state.capped

    def _legal_actions(self) -> list[Action]:
        return execution.decision_actions(self.state, self.params)

    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        execution.apply_decision(self.state, self.params, action.data, ev)
        return ev

    def scores(self) -> list[float]:
        return [float(x) for x in final_scores(self.state, self.params)]

    def ranking(self) -> list[int]:
        return ranking(self.state, self.params)

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return observation(self.state, self.params, seat)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        resample_hidden(self.state, seat, rng)

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> State:
        return State.from_dict(data)

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return action_ids(params)

    # ------------------------------------------------------------------ extras
    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        return [("table", render_text(self.state, self.params, seat))]

    def help_text(self, action: Action) -> str:
        kind = action.data[0] if action.data else ""
        rule = _RULE_OF_KIND.get(kind)
        extra = f"\n[{rule[0]}] {rule[1]}" if rule else ""
        return f"{action.text}{extra}"

    def _explain(self, action_id: str) -> IllegalAction | None:
        st = self.state
        if self.is_over:
            return IllegalAction("the game is over", rule="GV-680", action=action_id)
        d = st.decision
        if d is not None and d[0] == "plan":
            specific = explain_plan(st, self.params, d[1], action_id)
            if specific is not None:
                return specific
        elif d is not None:
            specific = explain_decision(st, self.params, action_id)
            if specific is not None:
                return specific
        if d is not None and d[0] == "plan":
            seat = d[1]
            pl = st.players[seat]
            word = action_id.split(" ", 1)[0]
            kind = {"camp": "camp", "pump": "pump", "commerce": "commerce"}.get(word, word)
            if planning.duty_binds(st, self.params, seat) and action_id != "loan":
                return IllegalAction(f"{action_id!r}: with 0 gold your first placement must be Loan",
                                     rule="GV-111", action=action_id)
            idx = ACTIONS.index("pumpre") if kind in ("pump", "reexplore") else (
                ACTIONS.index("explore") if kind in ("explore", "cross") else
                ACTIONS.index(kind) if kind in ACTIONS else -1)
            if idx >= 0 and pl.uses[idx] >= self.params.MAX_SAME_ACTION:
                return IllegalAction(f"{action_id!r}: that action was already chosen twice this planning phase",
                                     rule="GV-074", action=action_id)
            if kind in _RULE_OF_KIND:
                rule, text = _RULE_OF_KIND[kind]
                return IllegalAction(f"{action_id!r} is not legal now: {text}", rule=rule, action=action_id)
        if d is not None:
            rule = _DECISION_RULES.get((d[0], action_id.split(" ", 1)[0]))
            if rule is not None:
                return IllegalAction(f"{action_id!r} is not legal now: {rule[1]}", rule=rule[0], action=action_id)
        return IllegalAction(f"{action_id!r} is not a legal choice now (pending: {d[0] if d else 'nothing'})",
                             action=action_id)

    # ---------------------------------------------------------------- what bots and the lab know (strategy.py)
    search_defaults = strategy.SEARCH_DEFAULTS
    evaluate = strategy.evaluate
    report_extras = strategy.report_extras

    def progress_weights(self, actions: Sequence[Action]) -> list[float] | None:
        st = self.state
        d = st.decision
        if d is None or d[0] != "plan":
            return None
        seat = d[1]
        pl = st.players[seat]
        room = housed(st, seat) < pl.camp_level
        # a level-2 pump only matters once a phase-3 tile can be reached (from an own phase-2 tile): pumping
        # earlier parks a worker for good and, with the camp at level 3, leaves 2 free workers
        deep = any(st.drained[p] and st.pipes[p][seat] and PHASE_OF_POS[p] >= 2 for p in range(NPOS))
        out = []
        for a in actions:
            kind = a.data[0]
            w = _WEIGHTS.get(kind, 1.0)
            if kind == "explore":
                w *= 1.0 + PHASE_OF_POS[a.data[1]]  # deeper is better
                if a.data[2] >= 0:
                    w *= 0.3
            elif kind == "pump" and pl.pump_level == 1 and pl.gold >= 2:
                w *= 3.0 if deep else 0.05
            elif kind == "camp" and not room and pl.gold >= 2:
                w *= 4.0  # the camp is full: only an upgrade lets it grow
            elif kind == "commerce" and pl.gold >= 2 and (pl.camp_machines if a.data[1] == "machine"
                                                          else pl.camp_pipes) < 2:
                w *= 4.0
            elif (kind in ("camp", "pump", "commerce") and pl.gold < 2) or (kind == "recruit" and pl.food < 2):
                w *= 0.1
            elif kind == "recruit" and room:
                w *= 4.0
            elif kind == "harvest" and pl.food < 4:
                w *= 3.0
            elif kind == "loan" and pl.gold <= 1:
                w *= 10.0
            out.append(w)
        return out

    def check_invariants(self) -> None:
        st = self.state
        p = self.params
        emeralds = st.supply
        for s, pl in enumerate(st.players):
            w = pl.camp_workers + pl.sup_workers + pl.pump_worker + pl.balsa_workers
            m = pl.camp_machines + pl.sup_machines
            for es in st.boxes.values():
                for e in es:
                    if e[0] == s:
                        w += e[1]
                        m += e[2]
            for e in st.explorations:
                if e[1] == s:
                    w += e[2]
                    m += e[3]
                if e[6] == s and e[7] in ("", *DECLARATIONS) and not st.drained[e[0]]:
                    w += 1  # the saboteur on the tile
            w += sum(1 for h in st.he if h == s)
            assert w == p.WORKERS_PER_COLOUR, f"seat {s}: {w} workers"
            assert m == p.MACHINES_PER_COLOUR, f"seat {s}: {m} machines"
            assert pl.camp_pipes + pl.sup_pipes + pipes_in_lake(st, s) == p.PIPES_PER_COLOUR, f"seat {s}: pipes"
            for v in (pl.gold, pl.food, pl.emeralds, pl.camp_workers, pl.camp_machines, pl.camp_pipes,
                      pl.sup_workers, pl.sup_machines, pl.sup_pipes):
                assert v >= 0, f"seat {s}: negative resource"
            assert pl.gold <= p.GOLD_CAP and pl.food <= p.FOOD_CAP
            assert p.CAMP_LEVEL_MIN <= pl.camp_level <= p.CAMP_LEVEL_MAX
            assert 0 <= pl.loan <= p.LOAN_END
            emeralds += pl.emeralds + (p.PROTECT_EMERALDS if pl.balsa_protected else 0)
        emeralds += sum(e[4] for e in st.explorations)
        assert emeralds == p.EMERALD_SUPPLY, f"emeralds {emeralds}"
        assert st.supply >= 0
        for pos in range(NPOS):
            if st.he[pos] >= 0:
                assert st.drained[pos] and st.pipes[pos][st.he[pos]] > 0, "HE off an own tile"
            if st.drained[pos]:
                assert any(st.pipes[pos]), "drained tile without owner"
        balsas = [pl.balsa_pos for pl in st.players if pl.balsa_alive]
        assert len(balsas) == len(set(balsas)), "two balsas on one tile"
        for b in balsas:
            assert not st.drained[b], "balsa on a drained tile"
        assert (st.decision is None) == (st.stage == OVER)
        if st.stage in (START, PLAN):
            assert not st.explorations or st.stage == PLAN


def action_ids(params: Any) -> list[str]:
    """Every id the game can offer (fixed order; independent of the setup deal)."""
    ids: list[str] = []
    shore_pump = {t for spot in PUMP_SPOTS for t in pump_tiles(spot)}
    max_ins = 2 + params.PROTECT_EXTRA_MACHINES
    ins_range = range(max_ins + 1)

    def srcs(x: int) -> list[int]:
        return ([-1] if x in shore_pump else []) + list(NEIGHBOURS[x])

    for t in range(NPOS):
        for s in srcs(t):
            ids.extend(planning.explore_id(t, -1, s, n) for n in ins_range)
    for r in range(NPOS):
        for s in srcs(r):
            ids.append(f"cross {POS_NAMES[r]} from {'pump' if s < 0 else POS_NAMES[s]}")
            for t in NEIGHBOURS[r]:
                ids.extend(planning.explore_id(t, r, s, n) for n in ins_range)
    ids.append("pass")
    ids.extend(f"sabotage {POS_NAMES[t]}" for t in range(NPOS))
    ids.extend(["camp upgrade", "pump upgrade"])
    ids.extend(f"reexplore {POS_NAMES[t]}" for t in range(NPOS))
    ids.extend(["harvest 1", "harvest 2", "pioneer", "commerce machine", "commerce pipe", "recruit", "loan",
                "balsa"])
    ids.extend(f"balsa start {POS_NAMES[t]}" for t in range(NPOS) if PHASE_OF_POS[t] == 1)
    ids.extend(f"return he {POS_NAMES[t]}" for t in range(NPOS))
    ids.extend(["pay workers gold", "pay workers emeralds", "keep all"])
    ids.extend(f"declare {k}" for k in DECLARATIONS)
    ids.extend(f"balsa step {POS_NAMES[t]}" for t in range(NPOS))
    ids.append("balsa stop")
    ids.extend(f"push balsa {POS_NAMES[t]}" for t in range(NPOS))
    ids.extend(f"inspect {POS_NAMES[t]}" for t in range(NPOS) if t != CENTRE)
    ids.extend(["protect", "balsa nothing", "exchange none", "exchange gold for emeralds",
                "exchange emeralds for gold"])
    return ids
