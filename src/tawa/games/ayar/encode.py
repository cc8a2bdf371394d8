"""Ayar as numbers for learning agents: ``encoder(players, params)`` declares the fields of the vector of one seat's
observation (``tawa.core.encoding``; every field and its range is listed in ``docs/rl.md``).

Built from ``observe.observation`` alone (AY-700..AY-706): facedown Pots are unknown (only "facedown" is written),
Textile stacks show their tops and sizes, the Rival deck its size. Sizes come from the tables of the player count
and options (paths to Cusco, market slots, weaving area, route, boxes, bonus spaces, Rival cards ...). Seats are
listed from the observer's (``Context.order``); owners on the boards are written per seat in that order, and the
solo Rival (owner -2) as one more column. Scores have no bound in the rules: Sun and Moon are capped at
``SCORE_CAP``, Inti and Llamas at ``RESOURCE_CAP``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tawa.core.encoding import Context, Encoder, EncoderBuilder
from tawa.core.params import Params
from tawa.games.ayar.data import (
    ACTIVITIES,
    HALF_SUNS,
    LANES,
    MARKERS,
    NEUTRAL,
    PATHS,
    ROUNDS,
    SECTIONS,
    TAMBOS,
    tables,
)
from tawa.games.ayar.rules import action_ids
from tawa.games.ayar.state import BonusCheck, NightStep, Phase

SCORE_CAP = 200  # Sun and Moon (an expert's final score is about 120: AY-515's top band)
RESOURCE_CAP = 30  # Inti and Llamas
POWER_CAP = 16  # an activity's power left (arrows + bonuses)
UNITS_CAP = 8  # units taken in one activity; Viracocha tokens waiting to be placed

Obs = Mapping[str, Any]
SIDE_BITS = (1, 2, 4, 8)  # N, E, S, W (data.N, E, S, W)


def encoder(players: int, params: Params) -> Encoder:
    """The encoding of an Ayar game of ``players`` with ``params``."""
    t = tables(params, players)
    n = players
    owners = n + 1  # the seats in observer order, then the Rival
    cusco = t.cusco
    paths = len(PATHS)
    raymi = paths * len(t.raymi_steps)
    colours = len(t.colours)
    max_power = max(t.pot_power)
    textiles = len(t.textiles)
    cells = t.weave_rows * t.weave_cols
    route = t.route_len + 1
    islands = len(t.island_suns)
    cards = len(t.rival_cards)
    turns = max(t.turns_per_round) * n
    b = EncoderBuilder("ayar", n)

    def owner_column(ctx: Context, owner: int) -> int:
        return n if owner == NEUTRAL else ctx.rel[owner]

    def counts_by_owner(rows: Sequence[Sequence[int]], ctx: Context) -> list[int]:
        out = [0] * (len(rows) * owners)
        for k, row in enumerate(rows):
            for o in row:
                out[k * owners + owner_column(ctx, o)] += 1
        return out

    # ---- the decision (AY-800..AY-810) and the calendar
    b.onehot("seat", 1, n, "the observer's seat (spectator: none)", lambda o, c: [o["seat"]])
    b.onehot(
        "to_move",
        1,
        n,
        "whose turn it is, relative to the observer (0 = the observer)",
        lambda o, c: [c.relative(o["to_move"])],
    )
    b.onehot("start", 1, n, "the start player of the round, relative", lambda o, c: [c.relative(o["start"])])
    b.onehot("round", 1, ROUNDS, "the round (1-4) as 0-3 (AY-004)", lambda o, c: [o["round"] - 1])
    b.number("turn", 1, 0, turns, "Day turns taken this round, all players together", lambda o, c: [o["turn"]])
    b.onehot(
        "phase",
        1,
        len(Phase),
        "what happens next (state.Phase: marker ... over)",
        lambda o, c: [PHASE_INDEX[o["phase"]]],
    )
    b.onehot("night_step", 1, len(NightStep), "the next step of the Night (AY-410)", lambda o, c: [o["night_step"]])
    b.onehot("retiring", 1, paths, "the path of the Ayar retiring tonight (none: -1)", lambda o, c: [o["retiring"]])
    b.onehot(
        "tokens_seat",
        1,
        n,
        "the seat placing Viracocha tokens (AY-809), relative",
        lambda o, c: [c.relative(o["tokens_pending"]["seat"])],
    )
    b.number(
        "tokens_n",
        1,
        0,
        UNITS_CAP,
        "Viracocha tokens waiting to be placed",
        lambda o, c: [o["tokens_pending"]["n"]],
        capped=True,
    )
    # ---- the turn's context
    b.onehot("ctx_marker", 1, len(MARKERS), "the Step marker chosen this turn", lambda o, c: [o["context"]["marker"]])
    b.onehot("ctx_slot", 1, len(LANES), "the Step slot chosen", lambda o, c: [o["context"]["slot"]])
    b.onehot("ctx_path", 1, paths, "the path of the Ayar moved", lambda o, c: [o["context"]["path"]])
    b.onehot("ctx_cell", 1, TAMBOS, "the Tambo taken from the grid", lambda o, c: [o["context"]["cell"]])
    b.number("ctx_spot", 1, -1, cusco, "the action spot chosen (-1: none)", lambda o, c: [o["context"]["spot"]])
    b.onehot(
        "ctx_act",
        1,
        len(ACTIVITIES),
        "the activity being performed (P, W, F, R)",
        lambda o, c: [ACTIVITIES.find(o["context"]["act"]) if o["context"]["act"] else -1],
    )
    b.number(
        "ctx_base", 1, 0, 4, "the base power of the activity (Tambos in the lane)", lambda o, c: [o["context"]["base"]]
    )
    b.number(
        "ctx_power", 1, 0, POWER_CAP, "power left in the activity", lambda o, c: [o["context"]["power"]], capped=True
    )
    b.flag("ctx_fallback", 1, "1 if this is a fallback turn (AY-190)", lambda o, c: [o["context"]["fallback"]])
    b.onehot("ctx_raymi_hit", 1, raymi, "the Raymi space reached this turn", lambda o, c: [o["context"]["raymi_hit"]])
    b.number(
        "ctx_taken", 1, 0, UNITS_CAP, "units taken in this activity", lambda o, c: [o["context"]["taken"]], capped=True
    )
    b.number(
        "ctx_facedown",
        1,
        0,
        max(1, params.FACEDOWN_MAX),
        "facedown Pots taken in this action",
        lambda o, c: [o["context"]["facedown_taken"]],
    )
    b.flag(
        "ctx_used_stacks",
        t.stacks,
        "1 if that Textile stack was used this action",
        lambda o, c: [(o["context"]["used_stacks"] >> i) & 1 for i in range(t.stacks)],
    )
    b.onehot("ctx_chosen_stack", 1, t.stacks, "the Textile stack chosen", lambda o, c: [o["context"]["chosen_stack"]])
    b.onehot(
        "ctx_bonus_check", 1, len(BonusCheck), "the next step-5 bonus check (AY-170)", lambda o, c: [o["context"]["b5"]]
    )
    # ---- the main board: Ayars, action spots, Raymi tiles, temples
    b.number(
        "ayar_step",
        paths,
        0,
        max(cusco, t.start_step),
        "the step of each Ayar (teal, brown, purple, black)",
        lambda o, c: o["ayars"]["step"],
    )
    b.flag("ayar_active", paths, "1 if that Ayar is still on its path", lambda o, c: o["ayars"]["active"])
    b.number(
        "ayar_recency",
        paths,
        0,
        1,
        "when each Ayar last moved, as a share of all moves so far",
        lambda o, c: [s / o["ayars"]["moves"] if o["ayars"]["moves"] else 0 for s in o["ayars"]["stamp"]],
    )
    b.number(
        "spots",
        paths * (cusco + 1) * owners,
        0,
        t.spot_capacity,
        f"Tambos on each path's spots 0..{cusco}, per owner (seats in observer order, then the Rival)",
        lambda o, c: counts_by_owner([cell for row in o["spots"] for cell in row], c),
    )
    b.onehot(
        "raymi",
        raymi,
        len(ACTIVITIES),
        "the Raymi tile on each Raymi space (path by path; none: taken)",
        lambda o, c: [ACTIVITIES.find(x) if x else -1 for x in o["raymi"]],
    )
    b.flag(
        "temple",
        paths * n,
        "1 if that seat (observer order) has a Temple marker in that quadrant's row",
        lambda o, c: [int(c.order[k] in row) for row in o["temple"] for k in range(n)],
    )
    b.number(
        "temple_token",
        paths,
        0,
        max(1, params.TEMPLE_TOKENS),
        "Viracocha tokens beside each female Ayar",
        lambda o, c: o["temple_token"],
    )
    b.flag("temple_closed", paths, "1 if that temple is closed", lambda o, c: o["temple_closed"])
    # ---- the Lake board: pots, textiles, terrace, lake, route
    b.flag(
        "market_present",
        t.market_slots,
        "1 if that market slot holds a Pot",
        lambda o, c: [int(x >= 0) for x in o["market"]],
    )
    b.onehot(
        "market_colour",
        t.market_slots,
        colours,
        "the colour of the Pot in each market slot",
        lambda o, c: [t.pot_colour[x] if x >= 0 else -1 for x in o["market"]],
    )
    b.number(
        "market_power",
        t.market_slots,
        0,
        max_power,
        "the printed power of each market Pot (0: empty)",
        lambda o, c: [t.pot_power[x] if x >= 0 else 0 for x in o["market"]],
    )
    b.flag(
        "market_viracocha",
        t.market_slots,
        "1 if that market Pot shows Viracocha",
        lambda o, c: [int(x >= 0 and t.pot_viracocha[x]) for x in o["market"]],
    )
    b.number("pot_stack", 1, 0, t.pots, "facedown Pots in the stack (AY-701)", lambda o, c: [o["stack_size"]])
    b.number(
        "pots_out",
        colours,
        0,
        len(params.POT_POWERS),
        "Pots of each colour removed by the Rival",
        lambda o, c: _colour_counts(o["pots_out"], t.pot_colour, colours),
    )
    b.flag(
        "textile_top_present",
        t.stacks,
        "1 if that Textile stack is not empty",
        lambda o, c: [int(x is not None) for x in o["textile_tops"]],
    )
    b.flag(
        "textile_top_half_suns",
        t.stacks * len(HALF_SUNS),
        "1 if the top Textile of that stack shows that half-sun (aN, aS, aW, bN, bS, bE)",
        lambda o, c: _half_suns(o["textile_tops"], t),
    )
    b.flag(
        "textile_top_viracocha",
        t.stacks,
        "1 if the top Textile of that stack shows Viracocha",
        lambda o, c: [int(x is not None and t.textiles[x].viracocha) for x in o["textile_tops"]],
    )
    b.number("textile_sizes", t.stacks, 0, textiles, "Textiles in each stack (AY-703)", lambda o, c: o["textile_sizes"])
    b.number("textiles_out", 1, 0, textiles, "Textiles removed by the Rival", lambda o, c: [len(o["textiles_out"])])
    b.flag(
        "terrace",
        t.terrace_cells * owners,
        "1 if that terrace space is planted by that owner (in planting order)",
        lambda o, c: _terrace(o["terrace"], t.terrace_cells, c, owner_column, owners),
    )
    b.number(
        "lake",
        len(SECTIONS),
        0,
        max(1, params.LAKE_TOKENS),
        "Viracocha tokens left in each Lake section",
        lambda o, c: o["lake"],
    )
    b.flag(
        "route",
        route * owners,
        "1 if that owner has an Island on that route space (0 = the dock)",
        lambda o, c: [min(1, x) for x in counts_by_owner(o["route"], c)],
    )
    # ---- the solo Rival (AY-500..AY-515); zeros in games of 2-4
    b.flag(
        "rival_shown",
        cards,
        "1 if that Rival card has been revealed",
        lambda o, c: _members(o["rival"]["shown"], cards),
    )
    b.number("rival_deck", 1, 0, cards, "Rival cards left in the deck", lambda o, c: [o["rival"]["deck_size"]])
    b.number("rival_tambos", 1, 0, cards, "neutral Tambos the Rival holds", lambda o, c: [o["rival"]["tambos"]])
    b.number(
        "rival_cubes",
        1,
        0,
        max(1, params.RIVAL_CUBES),
        "neutral maize cubes the Rival holds",
        lambda o, c: [o["rival"]["cubes"]],
    )
    # ---- each player's board, observer first
    _player_fields(b, n, params, t, cells, islands, colours, max_power, textiles)
    return b.build(len(action_ids(t)))


def _player_fields(
    b: EncoderBuilder,
    n: int,
    params: Params,
    t: Any,
    cells: int,
    islands: int,
    colours: int,
    max_power: int,
    textiles: int,
) -> None:
    pot_row = len(t.pot_row)

    def each(get: Any) -> Any:
        """A getter over the players in observer order, joining each player's values."""

        def values(o: Obs, c: Context) -> list[Any]:
            out: list[Any] = []
            for s in c.order:
                out.extend(get(o["players"][s]))
            return out

        return values

    b.flag(
        "p_grid",
        n * TAMBOS,
        "1 if that cell of the player's Tambo grid still holds a Tambo (AY-039)",
        each(lambda p: p["grid"]),
    )
    b.onehot(
        "p_slots",
        n * len(LANES),
        len(MARKERS),
        "the Step marker laid on each Step slot this round",
        each(lambda p: p["slots"]),
    )
    b.onehot(
        "p_laid_path",
        n * len(MARKERS),
        len(PATHS),
        "the path each Step marker moved this round (AY-441)",
        each(lambda p: _laid_paths(p["laid"])),
    )
    b.number("p_sun", n, 0, SCORE_CAP, "Sun", each(lambda p: [p["sun"]]), capped=True)
    b.number("p_moon", n, 0, SCORE_CAP, "Moon", each(lambda p: [p["moon"]]), capped=True)
    b.number("p_inti", n, 0, RESOURCE_CAP, "Inti", each(lambda p: [p["inti"]]), capped=True)
    b.number("p_llamas", n, 0, RESOURCE_CAP, "Llamas", each(lambda p: [p["llamas"]]), capped=True)
    b.flag(
        "p_pot_present",
        n * pot_row,
        "1 if that space of the pot row holds a Pot",
        each(lambda p: [int(k < len(p["pots"])) for k in range(pot_row)]),
    )
    b.flag(
        "p_pot_facedown",
        n * pot_row,
        "1 if that Pot is facedown (wild, unknown: AY-702)",
        each(lambda p: [int(k < len(p["pots"]) and p["pots"][k] is None) for k in range(pot_row)]),
    )
    b.onehot(
        "p_pot_colour",
        n * pot_row,
        colours,
        "the colour of that faceup Pot",
        each(lambda p: [t.pot_colour[x] if x is not None else -1 for x in _padded(p["pots"], pot_row)]),
    )
    b.number(
        "p_pot_power",
        n * pot_row,
        0,
        max_power,
        "the printed power of that faceup Pot (else 0)",
        each(lambda p: [t.pot_power[x] if x is not None else 0 for x in _padded(p["pots"], pot_row)]),
    )
    b.flag(
        "p_weave_filled",
        n * cells,
        "1 if that weaving cell is covered",
        each(lambda p: [int(x >= 0) for x in p["weave"]]),
    )
    b.flag(
        "p_weave_sides",
        n * cells * 4,
        "1 if that weaving cell shows a half-sun on side N, E, S, W",
        each(lambda p: [int(x >= 0 and bool(x & bit)) for x in p["weave"] for bit in SIDE_BITS]),
    )
    b.flag(
        "p_textiles",
        n * textiles,
        "1 if the player has placed that Textile",
        each(lambda p: _members(p["tiles"], textiles)),
    )
    b.number(
        "p_boxes",
        n * len(t.box_suns),
        0,
        1,
        "share of each maize box's cubes taken out",
        each(lambda p: [k / len(t.box_suns[i]) for i, k in enumerate(p["boxes"])]),
    )
    b.number(
        "p_islands",
        n * islands,
        0,
        t.route_len,
        "the route space of each placed Island (0: not placed)",
        each(lambda p: _padded(p["island_at"], islands, 0)),
    )
    b.number("p_boat", n, 0, t.route_len, "the boat's route space (0 = the dock)", each(lambda p: [p["boat"]]))
    b.number(
        "p_bonus",
        n * len(t.bonus_need),
        0,
        1,
        "share of each Viracocha bonus space filled",
        each(lambda p: [k / t.bonus_need[i] for i, k in enumerate(p["bonus"])]),
    )
    b.number("p_temples", n, 0, max(1, params.TEMPLE_MARKERS), "Temple markers left", each(lambda p: [p["temples"]]))
    b.number("p_on_board", n, 0, TAMBOS, "Tambos on action spots", each(lambda p: [p["on_board"]]))
    b.number("p_discarded", n, 0, TAMBOS, "Tambos discarded by a fallback (AY-191)", each(lambda p: [p["discarded"]]))


PHASE_INDEX = {p.word: int(p) for p in Phase}


def _padded(values: Sequence[Any], length: int, fill: Any = None) -> list[Any]:
    return list(values[:length]) + [fill] * (length - len(values))


def _members(ids: Sequence[int], size: int) -> list[int]:
    out = [0] * size
    for i in ids:
        out[i] = 1
    return out


def _colour_counts(pots: Sequence[int], pot_colour: Sequence[int], colours: int) -> list[int]:
    out = [0] * colours
    for x in pots:
        out[pot_colour[x]] += 1
    return out


def _half_suns(tops: Sequence[int | None], t: Any) -> list[int]:
    out: list[int] = []
    for x in tops:
        sides = t.textiles[x].half_suns if x is not None else ()
        out.extend(int(h in sides) for h in HALF_SUNS)
    return out


def _terrace(planted: Sequence[int], cells: int, ctx: Context, column: Any, owners: int) -> list[int]:
    out = [0] * (cells * owners)
    for k, o in enumerate(planted):
        out[k * owners + column(ctx, o)] = 1
    return out


def _laid_paths(laid: Sequence[Sequence[int]]) -> list[int]:
    out = [-1] * len(MARKERS)
    for marker, _slot, path in laid:
        out[marker] = path
    return out
