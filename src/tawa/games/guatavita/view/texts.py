"""The texts of the Guatavita board: every rule text (cited by rule id and tag), the action boxes with their rule
texts (``BOX_ROWS``), the words for stages and decisions, and ``num``, the rule values they are filled with (the
observation's ``overrides``, else the ``data.PARAMS`` default).
"""

from __future__ import annotations

import functools
from typing import Any

from tawa.games.guatavita.data import PARAMS
from tawa.games.guatavita.view.layout import Obs

# ----------------------------------------------------------------------------- the rule values the texts name
_P = PARAMS.params


def num(obs: Obs, name: str) -> Any:
    """A rule value as this game uses it: the option value in the observation, else the data default."""
    over = obs.get("overrides") or {}
    default = _P[name].default
    if name not in over:
        return default
    return {**default, **over[name]} if isinstance(default, dict) else over[name]  # a mapping may be given in part


# ----------------------------------------------------------------------------- display texts (cite the spec)
# Each text is a rule of the spec with its ID and provenance tag; {names} are filled from ``num``.
RULES: dict[str, str] = {
    "water": "GV-834 [P] the water side (worker circles, machine squares) is public; GV-172 [R] an exploration "
    "puts exactly these workers and machines on it; GV-830 [R] the drained side stays hidden until the "
    "tile is flipped.",
    "deep": "GV-173 [R] a phase-3 tile or the centre may be explored only with a level-2 pump.",
    "centre": "GV-017 [R] one of the 3 centre tiles, drawn at random (GV-018 [R] the others left unseen); GV-681 "
    "[R] draining it ends the game after this round; GV-787 [R] it is never inspected; GV-779 [P] a "
    "balsa may enter it.",
    "drained": "GV-342 [R] flipped, its drained side public; GV-344 [R] the explorer gained its printed emeralds, "
    "gold and prestige (T-TILES [P] values); GV-175 [R] an owner explores onward from it.",
    "rent": "GV-200 [R] another player crosses it paying {RENT_PER_OWNER} gold to each owner (GV-203) and scores "
    "its printed prestige (GV-205 [R]), then co-owns it (GV-210 [P]).",
    "famine": "GV-350 [R] famine icon: a famine is due when it flips (GV-471 [R] one per round); GV-472 [R] each "
    "player owes 1 food per worker in camp and on action boxes; GV-475 [R] each food short costs a camp "
    "worker, then GV-476 [R] 1 VP.",
    "landslide": "GV-450 [R] landslide: the exploring workers went to the personal supply; GV-451 [R] so did "
    "uninsured machines, for 1 gold each; GV-452 [R] insured ones came back; GV-453 [P] the printed "
    "rewards still counted; GV-454 [R] the pipes stay.",
    "damp": "GV-500 [R] damp terrain: leaving it (as a source) takes {DAMP_EXIT_PIPES} pipes instead of "
    "{NORMAL_EXIT_PIPES}; GV-501 [P] entering it costs the normal amount.",
    "box": "GV-502 [R] re-exploration box: GV-134 [R] 1 worker on Pump Upgrade/Re-exploration + 1 machine here; "
    "GV-560 [R] pay {REEXPLORE_EMERALDS} emerald and score the box; GV-562 [R] again in any later round; "
    "GV-563 [P] any owner may.",
    "known": "GV-832 [R] you inspected it: only you see its drained side until it is flipped.",
    "inspected": "GV-833 [P] who inspected which tile is public; GV-832 [R] what they saw is theirs alone.",
    "exploration": "GV-340 [P] pending explorations resolve in placement order; GV-391 [R] the source's head "
    "explorer moves in, else GV-393 [R] a surviving worker stays as the new one.",
    "insured": "GV-230 [R] an emerald on a machine insures it against a landslide; GV-232 [R] it goes to the "
    "shared supply when the tile resolves.",
    "saboteur": "GV-420 [R] before the flip the saboteur pays {SABOTAGE_EMERALDS} emerald and declares emeralds, "
    "gold or prestige; GV-422-GV-424 [R] takes all emeralds, 1 gold, or scores the prestige too; GV-425 "
    "[R] lost to the personal supply if the tile shows none, GV-426 [R] or on a landslide.",
    "reexplore": "GV-134 [R] a re-exploration machine: GV-560 [R] at execution its owner pays {REEXPLORE_EMERALDS} "
    "emerald and scores the box; GV-561 [R] the machine goes back to camp.",
    "he": "GV-390 [R] a head explorer stays at an end of its owner's pipeline; GV-725 [R] {VP_HEAD_EXPLORER} VP "
    "each at the end; GV-101 [R] one comes back when the camp is empty; GV-395 [P] joined paths may send one "
    "home.",
    "pipes": "GV-177 [R] pipes join every explored tile to its source; GV-180 [R] they never leave the lake; "
    "GV-713 [R] pipe majority at the end; GV-683 [R] all {PIPES_PER_COLOUR} of a colour in the lake end "
    "the game.",
    "pump": "GV-023 [R] the water pump on its spot; GV-175 [R] it connects the two shore tiles beside it (GV-178 "
    "[P] {PUMP_SOURCE_PIPES} pipe); GV-173 [R] level 2 opens phase 3 and the centre; GV-541 [R] the "
    "upgrade's worker stays on the pump for good.",
    "spot-free": "T-PUMPS [P] a pump spot not used with this player count ({SPOTS_BY_COUNT}).",
    "balsa": "GV-774 [R] {BALSA_WORKERS} workers activate it, GV-775 [P] once a round; GV-778 [R] it moves up to "
    "{BALSA_MAX_STEPS} steps over undrained tiles, GV-781 [R] pushing an unprotected balsa; GV-785 [R] "
    "then inspect (GV-786 [R] {INSPECT_COST} emeralds, an adjacent tile), protect (GV-788 [R] "
    "{PROTECT_EMERALDS} emeralds) or nothing; GV-795 [R] draining its tile destroys it; GV-797 [R] "
    "{BALSA_VP_PER_PHASE} VP per phase of its tile at the end.",
    "protected": "GV-790 [R] protected: exploring its tile needs {PROTECT_EXTRA_MACHINES} more machine; GV-780 [R] "
    "no balsa enters or passes it; GV-792 [R] it cannot be pushed; GV-793 [R] until its owner "
    "activates it again.",
    "wrecked": "GV-795 [R] its tile was drained: the balsa left the game; GV-796 [P] its emeralds went to the "
    "shared supply.",
    "camp": "GV-020 [R] the camp: the pieces a player can place; T-CAMP: the level is its capacity (GV-641 [R] no "
    "recruiting above it, GV-642 [P] housed = in camp, on boxes, on the balsa and on the pump); GV-711 "
    "[R] end VP by level, GV-712 [R] camp majority.",
    "score": "GV-024 [R] every player starts on {START_VP}; GV-374 [P] the track has no limit and may go below 0 "
    "(drawn as a loop of 100 spaces).",
    "gold": "GV-370 [R] at most {GOLD_CAP} gold: each gold over it scores 1 VP instead; GV-724 [R] 1 VP per gold at "
    "the end.",
    "food": "GV-372 [R] at most {FOOD_CAP} food: more is lost; GV-726 [P] food scores nothing.",
    "emeralds": "GV-373 [P] no cap but the shared supply; GV-723 [R] 1 VP per {EMERALDS_PER_VP} at the end.",
    "loan": "T-LOAN: each space gives its gold and costs its VP on arrival (GV-661, GV-662 [R]); GV-663 [R] space "
    "{LOAN_END} is bankruptcy: the game ends after this round.",
    "supply": "GV-022 [R] the personal supply: pieces not bought yet or lost; Recruitment and Commerce draw from "
    "it; GV-029 [R] {WORKERS_PER_COLOUR} workers, {MACHINES_PER_COLOUR} machines, {PIPES_PER_COLOUR} "
    "pipes a colour.",
    "emerald-supply": "GV-028 [R] the shared supply starts with {EMERALD_SUPPLY} emeralds; GV-345 [P] it is "
    "finite: emeralds beyond it are not gained.",
    "pioneer": "GV-051 [R] the Pioneer holder takes the first planning turn; GV-603 [R] the marker changes hands "
    "only through the Pioneer action; GV-581 [R] its holder gets +{HARVEST_PIONEER_BONUS} food from "
    "Harvest.",
    "turn-order": "GV-052 [R] planning turns pass counter-clockwise; GV-053 [P] the seats in the order of their "
    "pump spots around the lake, from the Pioneer holder; GV-777 [R] balsas resolve clockwise.",
    "end": "GV-680 [R] the game ends after the execution phase of a round in which the centre was drained "
    "(GV-681), a loan marker reached bankruptcy (GV-682) or a player put all pipes in the lake (GV-683).",
    "cap": "GV-861 [D] with MAX_ROUNDS = {MAX_ROUNDS}, a game not over ends after round {MAX_ROUNDS}.",
    "board": "GV-025 [R] gold and food tracks (start: {START_GOLD} gold, {START_FOOD} food); GV-026 [R] the loan "
    "marker starts on the first space; GV-835 [P] everything on it is public.",
    "slots": "GV-073 [R] one placement a slot (T-ACTIONS [P] slot counts); GV-077 [P] the lowest free slot is "
    "used; GV-074 [R] one action at most {MAX_SAME_ACTION} times a planning phase.",
}

# The action boxes from left to right (GV-294, GV-295; Sabotage resolves with its tile, GV-291): the box of the
# observation, its id, its name, its step, its rule text and the requirement drawn in an empty slot (W, M).
BOX_ROWS: tuple[tuple[str, str, str, str, str], ...] = (
    (
        "sabotage",
        "sabotage",
        "Sabotage",
        "step 2",
        "GV-250 [R] 1 worker here + 1 worker (the saboteur) on another player's pending exploration; GV-251 [P] one "
        "saboteur a tile; GV-252 [P] the {SABOTAGE_EMERALDS} emerald is paid when the tile resolves (GV-420).",
    ),
    (
        "camp",
        "camp",
        "Camp Upgrade",
        "step 5.1",
        "GV-130 [R] {CU_W} workers + {CU_M} machine; GV-520 [R] at execution pay {CU_G} gold: camp level +1; GV-521 "
        "[R] at most level {CAMP_LEVEL_MAX}; GV-523 [R] the pieces come back.",
    ),
    (
        "pumpre",
        "pumpre",
        "Pump / Re-exploration",
        "step 5.2",
        "one action (GV-075 [P]): GV-132 [R] pump: 1 worker; GV-540 [R] pay {PUMP_UPGRADE_GOLD} gold, the pump "
        "becomes level 2 and the worker stays on it; GV-134 [R] re-exploration: 1 worker + 1 machine on an own damp "
        "tile with a box, GV-560 [R] pay {REEXPLORE_EMERALDS} emerald, score the box.",
    ),
    (
        "harvest",
        "harvest",
        "Harvest",
        "step 5.3",
        "GV-136 [R] 1 or 2 workers together; GV-580 [R] 1 worker: {HF1} food, 2 workers: {HF2} food; GV-581 [R] the "
        "Pioneer holder +{HARVEST_PIONEER_BONUS}, GV-582 [P] once a round.",
    ),
    (
        "pioneer",
        "pioneer",
        "Pioneer",
        "step 5.4",
        "GV-137 [P] {PIONEER_WORKERS} worker; GV-600 [R] take the Pioneer marker and start the next planning phase; "
        "GV-601 [R] exchange {SW_G} gold for {SW_E} emeralds or back, or not (GV-602 [P] at most once).",
    ),
    (
        "commerce_machine",
        "commerce-machine",
        "Commerce: machine",
        "step 5.5",
        "GV-620 [R] 1 worker: buy a machine from the personal supply for {CP_M} gold; GV-139 [R] at most "
        "{COMMERCE_MAX_WORKERS} of a colour's workers in Commerce; GV-140 [P] payment is checked at execution.",
    ),
    (
        "commerce_pipe",
        "commerce-pipe",
        "Commerce: pipe",
        "step 5.5",
        "GV-621 [R] 1 worker: buy a pipe from the personal supply for {CP_P} gold; GV-139 [R] at most "
        "{COMMERCE_MAX_WORKERS} of a colour's workers in Commerce; GV-623 [R] machine and pipe slots are separate.",
    ),
    (
        "recruit",
        "recruit",
        "Recruitment",
        "step 6.1",
        "GV-141 [P] {RECRUIT_WORKERS} worker; GV-640 [R] pay {RECRUIT_FOOD} food for a new worker from the personal "
        "supply; GV-641 [R] none above the camp's capacity; GV-643 [P] otherwise nothing is paid.",
    ),
    (
        "loan",
        "loan",
        "Loan",
        "step 6.2",
        "GV-143 [R] 1 worker; GV-660 [R] the loan marker moves 1 space: its gold, less its VP (T-LOAN); GV-109 [R] "
        "with 0 gold the first placement must be Loan; GV-663 [R] space {LOAN_END} ends the game.",
    ),
)
# the box's effect in a few words, under its name
BOX_SHORT = {
    "sabotage": "{SABOTAGE_EMERALDS} emerald when its tile flips",
    "camp": "{CU_G} gold: camp level +1",
    "pumpre": "pump {PUMP_UPGRADE_GOLD} gold, box {REEXPLORE_EMERALDS} emerald",
    "harvest": "{HF1} food, 2 workers {HF2}",
    "pioneer": "marker; {SW_G} gold = {SW_E} emeralds",
    "commerce_machine": "{CP_M} gold a machine",
    "commerce_pipe": "{CP_P} gold a pipe",
    "recruit": "{RECRUIT_FOOD} food a worker",
    "loan": "loan track +1 space",
}
BOX_ID = {box: ident for box, ident, *_ in BOX_ROWS}
BOX_NAME = {box: name for box, _, name, *_ in BOX_ROWS}
# the action id that names each box (a click on a box that is no target asks why this one is not legal)
BOX_ACTION = {
    "camp": "camp upgrade",
    "pumpre": "pump upgrade",
    "harvest": "harvest 1",
    "pioneer": "pioneer",
    "commerce_machine": "commerce machine",
    "commerce_pipe": "commerce pipe",
    "recruit": "recruit",
    "loan": "loan",
    "sabotage": "sabotage",
}  # sabotage: no action of its own (it is placed on the hex,
# GV-250); the game's explain of the bare word says so, with the rule (issue 24)
# the box a placement action goes to
ACTION_BOX = {
    "camp upgrade": "camp",
    "pump upgrade": "pumpre",
    "harvest 1": "harvest",
    "harvest 2": "harvest",
    "pioneer": "pioneer",
    "commerce machine": "commerce_machine",
    "commerce pipe": "commerce_pipe",
    "recruit": "recruit",
    "loan": "loan",
}

STAGE_TEXT = {
    "balsa_setup": "setup: balsas",
    "start": "planning phase (start)",
    "plan": "planning phase",
    "lake": "execution: the lake",
    "balsa": "execution: balsas",
    "boxes": "execution: action boxes",
    "over": "game over",
}
DECISION_TEXT = {
    "balsa_start": "put the balsa on a free shore tile within {BALSA_START_MAX_DIST} of the pump (GV-772)",
    "he_return": "no worker in camp: bring a head explorer back (GV-101, GV-102)",
    "pay": "no worker at all: buy {WP_N} workers for {WP_G} gold or {WP_E} emeralds (GV-103, GV-105)",
    "plan": "one placement on an action box or the lake, or pass (GV-070)",
    "declare": "the saboteur on {pos} declares emeralds, gold or prestige (GV-420)",
    "join": "paths joined at {pos}: keep every head explorer or send one to camp (GV-395)",
    "balsa_move": "move the balsa one step, or stop (GV-778)",
    "push": "the balsa on {pos} is pushed: choose where it goes (GV-782)",
    "balsa_act": "after the move: inspect a tile, protect the balsa, or nothing (GV-785)",
    "exchange": "Pioneer exchange: {SW_G} gold for {SW_E} emeralds, or back, or none (GV-601)",
}
DECLARE_TEXT = {"emeralds": "take all (GV-422)", "gold": "take 1 (GV-423)", "prestige": "both score (GV-424)"}


def text_values(obs: Obs) -> dict[str, Any]:
    """Every number a display text names, from ``num``."""
    names = (
        "RENT_PER_OWNER",
        "DAMP_EXIT_PIPES",
        "NORMAL_EXIT_PIPES",
        "REEXPLORE_EMERALDS",
        "SABOTAGE_EMERALDS",
        "VP_HEAD_EXPLORER",
        "PIPES_PER_COLOUR",
        "PUMP_SOURCE_PIPES",
        "BALSA_WORKERS",
        "BALSA_MAX_STEPS",
        "INSPECT_COST",
        "PROTECT_EMERALDS",
        "BALSA_VP_PER_PHASE",
        "PROTECT_EXTRA_MACHINES",
        "START_VP",
        "GOLD_CAP",
        "FOOD_CAP",
        "EMERALDS_PER_VP",
        "LOAN_END",
        "WORKERS_PER_COLOUR",
        "MACHINES_PER_COLOUR",
        "EMERALD_SUPPLY",
        "HARVEST_PIONEER_BONUS",
        "MAX_SAME_ACTION",
        "CAMP_LEVEL_MAX",
        "PUMP_UPGRADE_GOLD",
        "PIONEER_WORKERS",
        "COMMERCE_MAX_WORKERS",
        "RECRUIT_FOOD",
        "RECRUIT_WORKERS",
        "BALSA_START_MAX_DIST",
        "MAX_ROUNDS",
        "START_GOLD",
        "START_FOOD",
    )
    out = {n: num(obs, n) for n in names}
    cu, hf, sw, cp, wp = (
        num(obs, n) for n in ("CAMP_UPGRADE", "HARVEST_FOOD", "PIONEER_SWAP", "COMMERCE_PRICES", "WORKER_PURCHASE")
    )
    out["SPOTS_BY_COUNT"] = "; ".join(f"{k}: {', '.join(v)}" for k, v in num(obs, "PUMP_SPOTS_BY_COUNT").items())
    out.update(
        CU_W=cu[0],
        CU_M=cu[1],
        CU_G=cu[2],
        HF1=hf[0],
        HF2=hf[1],
        SW_G=sw[0],
        SW_E=sw[1],
        CP_M=cp[0],
        CP_P=cp[1],
        WP_N=wp[0],
        WP_G=wp[1],
        WP_E=wp[2],
    )
    return out


@functools.cache
def _default_values() -> dict[str, Any]:
    return text_values({"overrides": {}})


class Texts:
    """The display texts of one observation with their numbers filled in."""

    def __init__(self, obs: Obs) -> None:
        # the game's own numbers are the same for every observation without options: worked out once
        self.v = text_values(obs) if obs.get("overrides") else _default_values()

    def rule(self, key: str) -> str:
        return RULES[key].format(**self.v)

    def box(self, box: str) -> str:
        row = next(r for r in BOX_ROWS if r[0] == box)
        return f"{row[2]} ({row[3]}): " + row[4].format(**self.v)

    def decision(self, kind: str, pos: str = "") -> str:
        return DECISION_TEXT.get(kind, kind).format(pos=pos, **self.v)
