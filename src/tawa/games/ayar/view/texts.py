"""The hover texts of the Ayar board: the rules each element follows (cited by rule id and tag), the words for
phases, clans, bonuses and pots, and the fixed [R] numbers they quote (from ``data.PARAMS``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tawa.games.ayar.data import PARAMS, SIDE_BIT

# ----------------------------------------------------------------------------- rule numbers read from the data
_P = PARAMS.params
POTS_PER_ACTION: int = _P["POTS_PER_ACTION"].default  # AY-241 [R] (not overridable)
SET_MOON: tuple[int, ...] = tuple(_P["SET_MOON"].default)  # AY-259 [R] (not overridable)

# ----------------------------------------------------------------------------- display texts (cite the spec)
RULES: dict[str, str] = {
    "path": "AY-010 [S] only the male Ayar figures move along the paths; AY-113 [S] an Ayar moves forward by the "
    "arrows of the chosen Step slot; AY-115 [P] he stops at Cusco; AY-116 [P] Ayars share steps and never "
    "block.",
    "spot": "AY-132 [S] a Tambo goes on a spot behind the moved Ayar; AY-134 [P] {cap} Tambo(s) per spot; AY-135 "
    "[R] its activity must be one you can perform.",
    "spot-unused": "AY-133 [P] spots up to the start step {start} lie behind every Ayar's start and are never used.",
    "spot-retired": "AY-137 [P] the spots on a retired Ayar's path can no longer be used.",
    "tambo-spot": "AY-136 [P] Tambos on the main board stay there for the rest of the game and score nothing; "
    "AY-134 [P] the spot is closed.",
    "raymi": "AY-210 [S] an Ayar reaching a Raymi tile triggers an Inti scoring of its activity for all players; "
    "AY-212 [P] reached when his move ends on or passes the space; AY-213 [P] scored in step 5, then the "
    "tile leaves the game; AY-217 [P] every player adds their current Sun value in the activity to their "
    "Inti dial; AY-215 [P] the tiles of a retired Ayar's path never score.",
    "raymi-gone": "AY-213 [P] the tile was scored and left the game, or AY-215 [P] it left with its retired Ayar.",
    "cusco": "AY-115 [P] Cusco (step {cusco}) ends every path; an Ayar there may still be chosen and moves 0 steps; "
    "AY-414 [P] at Night 4 the last active Ayar founds Cusco.",
    "ayar": "AY-110 [S] a coloured Step marker moves its own Ayar, AY-111 [S] the gold one any active Ayar; AY-117 "
    "[P] each move stamps the Ayar; AY-411 [S] each Night the least advanced active Ayar retires to his "
    "sister on the temple track; AY-413 [P] ties: the oldest move stamp, then the lower path number.",
    "ayar-retired": "AY-411 [S] he left his path and joined his sister on the temple track; AY-112 [P] his Step "
    "marker is used like the gold one.",
    "temple": "AY-172 [S] taking the last Tambo of a quadrant gives a Temple: AY-173 [P] a Temple marker on the row "
    "of an active Ayar where you have none (AY-174 [P] else +{fallback} Sun); AY-432 [P] each marker "
    "scores {sun} x the Night number in Sun when this row's Ayar retires; AY-433 [P] then the markers "
    "leave and the row closes; AY-319 [R] the Viracocha beside the sister goes to the harvest winner "
    "that Night.",
    "lake": "AY-005 [R] each activity has its area on the Lake board: AY-006 [R] four Textile stacks, AY-007 [R] a "
    "face-up Pot market and a facedown stack, AY-008 [R] the terrace, AY-009 [R] the Boat route with its "
    "Island slots.",
    "stack": "AY-282 [P] you take the top Textile, whose power is the stack's number; AY-281 [R] at most one "
    "Textile per stack in one action; AY-289 [P] stacks are never refilled; AY-703 [P] the tiles under "
    "the top are hidden.",
    "market": "AY-240 [R] take Pots with total printed power up to your power; AY-241 [R] at most {per} Pots per "
    "action; AY-248 [R] a Viracocha symbol gives a token at once; AY-249 [R] then the market slides "
    "toward slot 1 and refills from the facedown stack (AY-251 [P] once, after the whole action).",
    "pot-stack": "AY-242 [P] the top Pot costs {cost} power, whatever is printed on it (AY-243 [P] up to {max} per "
    "action); AY-244 [R] it is taken unseen and AY-246 [R] is wild for colour sets; AY-701 [P] only "
    "the stack's size is public; AY-254 [P] at Night preparation a stack of fewer than {below} Pots "
    "is reshuffled with the market.",
    "terrace": "AY-310 [R] planted Maize fills the next empty spaces in reading order; AY-319 [R] at the Night "
    "harvest the player who planted most this round wins the retiring Ayar's Viracocha, AY-320 [R] ties "
    "to the tied player who planted first; AY-323 [R] then the terrace is cleared.",
    "route": "AY-340 [R] a Boat pays the cost of every space it enters, within its power; AY-343 [P] one direction "
    "per action; AY-345 [R] a space holding an Island costs 0; AY-346 [R] Boats never change a cost.",
    "route-slot": "AY-348 [R] entering an Island slot where you have none places your leftmost Island (AY-349 [P] "
    "also when passing through); AY-353 [R] Islands and Boats may share it; AY-359 [P] your Reed Moon "
    "is the highest slot value holding one of your Islands.",
    "route-yellow": "AY-350 [R] a yellow slot holds only one Island and one Boat; AY-351 [P] entering it when it "
    "holds an Island places none; AY-352 [P] a Boat may pass another Boat there but not stop.",
    "dock": "AY-037 [P] every Boat starts at the dock; AY-344 [P] the dock cannot be re-entered.",
    "section": "AY-354 [R] placing the Island from slot 2, 4 or 6 of your board takes a Viracocha from the "
    "adjacent Lake section, AY-355 [P] the section of the space where the Island went; AY-356 [P] an "
    "empty section gives nothing.",
    "grid": "AY-090 [S] the Step slot picks a row or column of your Tambo grid (the lane); AY-150 [R] your power is "
    "the number of empty spaces of that lane, AY-151 [P] counted after the Tambo leaves; AY-172 [S] "
    "emptying a quadrant gives a Temple; AY-175 [S] emptying a lane gives its clan bonus.",
    "tambo": "AY-130 [S] take one Tambo from the chosen lane and AY-132 [S] place it on a spot behind the moved Ayar.",
    "slot": "AY-113 [S] the Ayar moves by the slot's {arrows} arrow(s); AY-092 [P] one marker per slot each round; "
    "AY-093 [P] only while the lane holds a Tambo; AY-441 [P] at Night the marker scores the slot's {moon} "
    "Moon (AY-442 [P] 0 at Nights 1-3 if it moved the retiring Ayar); AY-175 [S] clan bonus when the lane "
    "is emptied: {bonus} (AY-178 [P] once).",
    "marker": "AY-094 [P] each Step marker is laid once per round; AY-110 [S] a coloured marker moves its Ayar, "
    "AY-111 [S] the gold one any active Ayar, AY-112 [P] a retired colour acts as gold; AY-461 [P] all "
    "markers return at Night preparation.",
    "inti": "AY-216 [S] the Inti dial; AY-217 [P] Raymi scorings add your Sun value in their activity; AY-219 [P] "
    "clan bonuses and V4 add too; AY-220 [S] at every Dusk you gain Sun equal to the dial, AY-221 [S] which "
    "is never reset.",
    "sun": "AY-003 [S] Sun and Moon are two scores; AY-485 [S] the final score is the lower of the two (after Llamas).",
    "llamas": "AY-481 [S] Llamas are spent at the end for points: AY-482 [P] 1 to Sun or Moon each, AY-483 [D] "
    "split by the program for the best min(Sun, Moon); AY-489 [P] tie-break 3.",
    "temples": "AY-043 [P] Temple markers left to place (AY-173 [P]).",
    "potrow": "AY-255 [R] Pots go onto the row from left to right and AY-256 [R] are never replaced; AY-257 [R] "
    "Pottery Sun value = the Suns above the filled spaces; AY-259 [R] Pottery Moon: one set per colour, "
    "1/2/3/4+ Pots = {sets} (AY-260 [R] a wild Pot joins one set).",
    "weave": "AY-285 [R] each Textile covers two empty cells, AY-286 [P] orthogonally adjacent, rotated or flipped; "
    "AY-291 [R] Weaving Sun value = complete Suns, AY-292 [P] two half-suns meeting across an edge (tile or "
    "frame); AY-294 [R] Weaving Moon = the value under the rightmost column of the unbroken run of "
    "complete columns from column 1 (AY-295 [R]).",
    "box": "AY-312 [R] a planted cube is the leftmost one left in its box; AY-316 [R] Farming Sun value = the Suns "
    "uncovered; AY-317 [R] Farming Moon = the Moons of the emptied boxes; AY-314 [R] emptying a box with "
    "a Viracocha icon gives that token at once.",
    "islandslot": "AY-348 [R] your leftmost Island goes to the route; AY-357 [R] Reed Sun value = the Suns it "
    "uncovers; AY-354 [R] slots 2, 4 and 6 show Viracocha: a token from the adjacent Lake section.",
    "bonus": "AY-380 [R] each Viracocha goes at once onto an open bonus space (AY-384 [P] your choice), AY-381 [R] "
    "never moves; AY-382 [R] a space closes when it holds its tokens and AY-383 [R] its bonus is available "
    "at once; AY-386 [P] once all are complete, a token is {overflow} Llama.",
    "boat": "AY-340 [R] your Boat moves along the route within your power; AY-342 [R] it may come back the way it "
    "came.",
    "rival": "AY-501 [P] the Rival blocks spots, contests the harvest and drains the markets but never scores; "
    "AY-502 [P] it takes one turn after each of yours: AY-503 [P] reveal a card, AY-504 [P] move the "
    "selected Ayar, AY-506 [P] place a neutral Tambo on the highest free spot of the first activity in the "
    "card's priority; AY-508..AY-511 [P] the activity's effect.",
    "rival-card": "AY-504 [P] selector (C16: leader = most advanced, second, laggard = least advanced, or a colour; "
    "a retired colour means the leader); AY-505 [P] steps; AY-506 [P] the spot priority.",
    "start": "AY-044 [S] the start player marker; AY-463 [P] it passes one seat clockwise each Night.",
}

BONUS_RULES = {
    "llamas": "AY-387 [P]",
    "power_pw": "AY-388 [P]",
    "power_fr": "AY-389 [P]",
    "inti": "AY-390 [P]",
    "moon": "AY-391 [P]",
}
CLAN_WORDS = {"viracocha": "Viracocha", "llamas": "Llamas", "inti": "Inti", "moon": "Moon"}
PHASE_TEXT = {
    "marker": "lay a Step marker (AY-090)",
    "slot": "choose a Step slot for the {marker} marker (AY-090..AY-093)",
    "ayar": "choose the Ayar the {marker} marker moves (AY-111/AY-112)",
    "tambo": "take a Tambo from lane {lane} (AY-130/AY-131)",
    "spot": "place the Tambo on a free spot behind the {path} Ayar (AY-132..AY-135)",
    "pot": "Pottery, power {power} left: take a Pot (AY-240..AY-243)",
    "textile": "Weaving, power {power} left: take a Textile (AY-280..AY-282)",
    "place": "lay {tile} in the weaving area (AY-284..AY-286)",
    "maize": "Farming, power {power} left: plant from a box (AY-310..AY-313)",
    "boat": "Reed, power {power}: move the Boat (AY-340..AY-343)",
    "temple": "quadrant emptied: place a Temple marker (AY-172/AY-173)",
}


def sides_text(mask: int) -> str:
    return "".join(ch for ch, bit in SIDE_BIT.items() if mask & bit) or "none"


def pot_words(comp: Mapping[str, Any], pid: int) -> str:
    colour = comp["colours"][comp["pot_colour"][pid]]
    return f"{colour} {comp['pot_power'][pid]}" + (" (Viracocha)" if comp["pot_viracocha"][pid] else "")


def bonus_words(effect: str, amount: int) -> str:
    return {
        "llamas": f"+{amount} Llamas at once",
        "inti": f"+{amount} Inti at once",
        "power_pw": f"+{amount} power on later Pottery and Weaving",
        "moon": f"+{amount} Moon every Night",
        "power_fr": f"+{amount} power on later Farming and Reed",
    }.get(effect, f"{effect} {amount}")


def bonus_short(effect: str, amount: int) -> str:
    return {
        "llamas": f"+{amount} Llamas",
        "inti": f"+{amount} Inti",
        "power_pw": f"P/W +{amount}",
        "moon": f"+{amount}☾/Night",
        "power_fr": f"F/R +{amount}",
    }.get(effect, f"{effect} {amount}")
