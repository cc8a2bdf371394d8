"""Sacred Valley as numbers for learning agents: ``encoder(players, params)`` declares the fields of the vector of
one seat's observation (``tawa.core.encoding``; every field and its range is listed in ``docs/rl.md``).

Built from ``observe.observation`` alone (SV-600..SV-607): the seat's own coins only (the others' are not in the
observation until the end), the bag and Camayo piles as sizes and compositions, never their order. The Terrace is
written cell by cell in LAYOUT order (``Tables.names``); seats from the observer's (``Context.order``). Coins, the
items of a Purchase and the final scores have no bound in the rules: they are capped (``COIN_CAP``, ``ITEMS_CAP``,
``SCORE_CAP``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tawa.core.encoding import Context, Encoder, EncoderBuilder
from tawa.core.params import Params
from tawa.games.sacred_valley.data import (
    AGES,
    ALPACA_NAMES,
    CAMAYO_NAMES,
    CAMAYOS_PER_AGE,
    CROPS,
    CUBES_PER_COLOUR,
    PLAYER_CROPS,
    SEED_TILES,
    TILES_PER_CROP,
    tables_for,
)
from tawa.games.sacred_valley.rules.actions import action_table
from tawa.games.sacred_valley.state import Cover, Last, Phase

COIN_CAP = 40
ITEMS_CAP = 10
SCORE_CAP = 120
ROUND_CAP = 60  # rounds, when the game has no [D] round cap
Obs = Mapping[str, Any]
CROP_INDEX = {c: i for i, c in enumerate(CROPS)}
KIND_INDEX = {k: i for i, k in enumerate(CAMAYO_NAMES)}
ALPACA_INDEX = {a: i for i, a in enumerate(ALPACA_NAMES)}
MODE_INDEX = {m.name.lower(): int(m) for m in Phase}
COVER_INDEX = {c.name.lower(): int(c) for c in Cover}
LAST_INDEX = {x.name.lower(): int(x) for x in Last}
PLAYER_CROP_NAMES = tuple(CROPS[c] for c in PLAYER_CROPS)


def encoder(players: int, params: Params) -> Encoder:
    """The encoding of a Sacred Valley game of ``players`` with ``params``."""
    t = tables_for(params)
    n = players
    cells = t.ncells
    crops = len(CROPS)
    kinds = len(CAMAYO_NAMES)
    levels = max(t.levels)
    locked = t.locked_levels
    rounds = params.TURN_CAP_ROUNDS if params.TURN_CAP_ROUNDS is not None else ROUND_CAP
    warehouse = max(t.warehouse_base, t.warehouse_keeper)
    copies = sum(t.copies)
    b = EncoderBuilder("sacred-valley", n)

    def each(get: Any) -> Any:
        """A getter over the players in observer order, joining each player's values."""

        def values(o: Obs, c: Context) -> list[Any]:
            out: list[Any] = []
            for s in c.order:
                out.extend(get(o["player"][s], o, c))
            return out

        return values

    def terrace(key: str, get: Any) -> Any:
        return lambda o, c: [get(x.get(key), c) for x in o["terrace"]]

    # ---- whose decision, what kind (§6.1)
    b.onehot("seat", 1, n, "the observer's seat (spectator: none)", lambda o, c: [o["seat"]])
    b.onehot(
        "active",
        1,
        n,
        "the seat to decide, relative to the observer (0 = the observer)",
        lambda o, c: [c.relative(o["active"])],
    )
    b.onehot("first_player", 1, n, "the first player, relative", lambda o, c: [c.relative(o["first_player"])])
    b.onehot(
        "mode",
        1,
        len(Phase),
        "the decision being made (state.Mode: crop_choice ... over)",
        lambda o, c: [MODE_INDEX[o["mode"]]],
    )
    b.number("round", 1, 0, rounds, "the round", lambda o, c: [o["round"]], capped=params.TURN_CAP_ROUNDS is None)
    b.flag(
        "regular_done",
        1,
        "1 if the turn's regular action is done (SV-062)",
        lambda o, c: [int(o["turn"]["regular_done"])],
    )
    b.onehot(
        "last_action",
        1,
        len(Last),
        "the kind of the last completed action (SV-341)",
        lambda o, c: [LAST_INDEX[o["turn"]["last_action"]]],
    )
    b.flag("weaver_used", 1, "1 if the Weaver was used this turn", lambda o, c: [int(o["turn"]["weaver_used"])])
    b.flag("saboteur_used", 1, "1 if the Saboteur was used this turn", lambda o, c: [int(o["turn"]["saboteur_used"])])
    b.number(
        "items",
        1,
        0,
        ITEMS_CAP,
        "items acquired in this Purchase (SV-240)",
        lambda o, c: [o["turn"]["items"]],
        capped=True,
    )
    b.onehot(
        "pending_tile",
        1,
        crops,
        "the Seed Tile waiting to be placed",
        lambda o, c: [CROP_INDEX[o["pending_tile"]] if o["pending_tile"] else -1],
    )
    b.onehot(
        "pending_camayo",
        1,
        kinds,
        "the Camayo waiting to be hired",
        lambda o, c: [KIND_INDEX[o["pending_camayo"]] if o["pending_camayo"] else -1],
    )
    b.onehot(
        "planting_crop",
        1,
        crops,
        "the crop of the planting being resolved (SV-187)",
        lambda o, c: [CROP_INDEX[o["planting"]["crop"]] if o["planting"] else -1],
    )
    b.onehot(
        "planting_cell",
        1,
        cells,
        "its Terrace grid",
        lambda o, c: [t.name_index[o["planting"]["grid"]] if o["planting"] else -1],
    )
    b.number(
        "planting_hp",
        1,
        0,
        t.hp_max,
        "harvest points still to assign",
        lambda o, c: [o["planting"]["hp_to_assign"] if o["planting"] else 0],
    )
    # ---- the Terrace, grid by grid
    b.number("cell_level", cells, 0, levels, "the level of that grid (SV-029)", terrace("level", lambda v, c: v))
    b.onehot(
        "cell_tile",
        cells,
        crops,
        f"the Seed Tile on that grid ({', '.join(CROPS)})",
        terrace("tile", lambda v, c: CROP_INDEX[v] if v else -1),
    )
    b.flag(
        "cell_isolated", cells, "1 if that tile is isolated (SV-099)", terrace("isolated", lambda v, c: int(bool(v)))
    )
    b.onehot(
        "cell_alpaca",
        cells,
        len(ALPACA_NAMES),
        "the alpaca on that grid (w1, w2, g1, g2)",
        terrace("alpaca", lambda v, c: ALPACA_INDEX[v] if v else -1),
    )
    b.onehot(
        "cell_meeple_owner",
        cells,
        n,
        "the owner of the meeple on that grid, relative",
        terrace("meeple", lambda v, c: c.relative(v["seat"]) if v else -1),
    )
    b.flag(
        "cell_meeple_tocricoc",
        cells,
        "1 if that meeple is a Tocricoc (0: a Warrior or none)",
        terrace("meeple", lambda v, c: int(bool(v) and v["kind"] == "tocricoc")),
    )
    b.onehot(
        "covers",
        len(locked),
        len(Cover),
        "where each locked level's cover is (on_terrace, debt, out_of_play)",
        lambda o, c: [COVER_INDEX[o["covers"][str(lv)]] for lv in locked],
    )
    # ---- the supplies and markets
    b.flag(
        "alpaca_reserve",
        len(ALPACA_NAMES),
        "1 if that alpaca is in the reserve",
        lambda o, c: _members([ALPACA_INDEX[a] for a in o["alpaca_reserve"]], len(ALPACA_NAMES)),
    )
    b.onehot(
        "main_catu",
        t.main_slots,
        crops,
        "the Seed Tile in each Main Catu slot, bottom up (SV-260)",
        lambda o, c: [CROP_INDEX[x] if x else -1 for x in o["main_catu"]],
    )
    b.number(
        "vine_catu", 1, 0, max(1, params.VINE_CATU_CAPACITY), "vines in the Vine Catu", lambda o, c: [o["vine_catu"]]
    )
    b.onehot(
        "camayo_catu",
        t.cam_slots,
        kinds,
        "the Camayo in each Camayo Catu slot",
        lambda o, c: [KIND_INDEX[x] if x else -1 for x in o["camayo_catu"]],
    )
    b.number("bag_size", 1, 0, SEED_TILES, "Seed Tiles in the bag", lambda o, c: [o["bag_size"]])
    b.number(
        "bag",
        crops,
        0,
        TILES_PER_CROP,
        "Seed Tiles of each crop in the bag (SV-604)",
        lambda o, c: _crop_counts(o["bag_composition"]),
    )
    b.number(
        "seed_discard",
        crops,
        0,
        TILES_PER_CROP,
        "Seed Tiles of each crop discarded",
        lambda o, c: _crop_counts(o["seed_discard"]),
    )
    b.number(
        "seeds_out",
        crops,
        0,
        TILES_PER_CROP,
        "Seed Tiles of each crop out of the game",
        lambda o, c: _crop_counts(o["seeds_out_of_game"]),
    )
    b.number(
        "camayo_piles", len(AGES), 0, CAMAYOS_PER_AGE, "Camayos in each Age's draw pile", lambda o, c: o["camayo_piles"]
    )
    b.number(
        "camayo_discard",
        kinds,
        0,
        max(t.copies),
        "discarded Camayos of each kind",
        lambda o, c: _kind_counts(o["camayo_discard"], kinds),
    )
    b.number(
        "camayo_removed",
        kinds,
        0,
        max(t.copies),
        "Camayos of each kind removed face up",
        lambda o, c: _kind_counts(o["camayos_removed_face_up"], kinds),
    )
    b.number(
        "camayo_purged",
        1,
        0,
        copies,
        "Camayos purged face down (SV-605: a count only)",
        lambda o, c: [o["camayos_purged_face_down"]],
    )
    b.number(
        "tech_reserve",
        len(PLAYER_CROPS),
        0,
        CUBES_PER_COLOUR,
        "Technology cubes of each crop in the reserve",
        lambda o, c: [o["technology_reserve"][name] for name in PLAYER_CROP_NAMES],
    )
    # ---- each player, observer first
    b.onehot(
        "p_crop",
        n,
        crops,
        "the player's crop (SV-021)",
        each(lambda p, o, c: [CROP_INDEX[p["crop"]] if p["crop"] else -1]),
    )
    b.flag(
        "p_tech",
        n * len(PLAYER_CROPS),
        "1 if the player has that Technology (chili, corn, potato, beans, quinoa)",
        each(lambda p, o, c: [int(name in p["technologies"]) for name in PLAYER_CROP_NAMES]),
    )
    b.number(
        "p_warehouse",
        n * crops,
        0,
        warehouse,
        "Seed Tiles of each crop in the Warehouse (SV-264)",
        each(lambda p, o, c: _crop_counts_list(p["warehouse"])),
    )
    b.number(
        "p_farmers",
        n * t.max_farmers,
        0,
        t.hp_max,
        "each farmer's harvest points (0: none or not hired)",
        each(lambda p, o, c: _padded(p["farmers"], t.max_farmers)),
    )
    b.number("p_farmer_count", n, 0, t.max_farmers, "the player's farmers", each(lambda p, o, c: [len(p["farmers"])]))
    b.number(
        "p_camayos",
        n * kinds,
        0,
        max(1, t.max_camayos),
        "Camayos of each kind the player has",
        each(lambda p, o, c: _kind_counts([x["kind"] for x in p["camayos"]], kinds)),
    )
    b.number(
        "p_camayo_markers",
        n * kinds,
        0,
        max(1, t.max_camayos),
        "of them, with an unused marker",
        each(lambda p, o, c: _kind_counts([x["kind"] for x in p["camayos"] if x["unused_marker"]], kinds)),
    )
    b.flag(
        "p_debts",
        n * len(locked),
        "1 if the player owes the unlock of that level (SV-200)",
        each(lambda p, o, c: [int(lv in p["debts"]) for lv in locked]),
    )
    b.flag(
        "coins_known",
        n,
        "1 if the player's coins are in the observation (own coins; everyone's at the end)",
        each(lambda p, o, c: [int("coins" in p)]),
    )
    b.number(
        "p_coins",
        n,
        0,
        COIN_CAP,
        "the player's coins (0 when not known: SV-600)",
        each(lambda p, o, c: [p.get("coins", 0)]),
        capped=True,
    )
    b.number(
        "p_score",
        n,
        0,
        SCORE_CAP,
        "the final score (0 until the end)",
        each(lambda p, o, c: [o["scores"][p["seat"]] if "scores" in o else 0]),
        capped=True,
    )
    b.flag("capped", 1, "1 if the game ended by the [D] round cap", lambda o, c: [int(bool(o.get("capped")))])
    return b.build(len(action_table(t, params, n).ids))


def _padded(values: Sequence[Any], length: int, fill: Any = 0) -> list[Any]:
    return list(values[:length]) + [fill] * (length - len(values))


def _members(ids: Sequence[int], size: int) -> list[int]:
    out = [0] * size
    for i in ids:
        out[i] = 1
    return out


def _crop_counts(counts: Mapping[str, int]) -> list[int]:
    return [counts.get(c, 0) for c in CROPS]


def _crop_counts_list(tiles: Sequence[str]) -> list[int]:
    out = [0] * len(CROPS)
    for x in tiles:
        out[CROP_INDEX[x]] += 1
    return out


def _kind_counts(names: Sequence[str], kinds: int) -> list[int]:
    out = [0] * kinds
    for x in names:
        out[KIND_INDEX[x]] += 1
    return out
