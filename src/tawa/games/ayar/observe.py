"""What a seat may see (AY-700..AY-706) and the resampling of hidden parts (AY-707..AY-709)."""

from __future__ import annotations

from typing import Any

from tawa.core.params import Params
from tawa.core.rng import Rng
from tawa.games.ayar.data import PLAYER_COUNTS, Tables, tables
from tawa.games.ayar.state import AyarState


def observation(st: AyarState, t: Tables, params: Params, seat: int | None) -> dict[str, Any]:
    """Everything public; hidden: stack order/contents, facedown pot identities, textiles under each top,
    the Rival deck order and the RNG (AY-706). Identical for every seat but ``seat`` (AY-705); a spectator
    (``None``) sees the same public table."""
    players = []
    for p in st.players:
        players.append(
            {
                "grid": list(p.grid),
                "slots": list(p.slots),
                "markers": list(p.markers),
                "laid": [list(x) for x in p.laid],
                "sun": p.sun,
                "moon": p.moon,
                "inti": p.inti,
                "llamas": p.llamas,
                "pots": [None if d else pid for pid, d in zip(p.pots, p.pot_down, strict=True)],  # AY-702
                "weave": list(p.weave),
                "weave_tile": list(p.weave_tile),
                "tiles": list(p.tiles),
                "boxes": list(p.boxes),
                "island_at": list(p.island_at),
                "boat": p.boat,
                "bonus": list(p.bonus),
                "temples": p.temples,
                "on_board": p.on_board,
                "discarded": p.discarded,
            }
        )
    return {
        "seat": seat,
        "players": players,
        "round": st.round,
        "turn": st.turn,
        "start": st.start,
        "phase": st.phase.word,
        "to_move": st.seat,
        "night_step": int(st.night_step),
        "retiring": st.retiring,
        "context": {
            "marker": st.marker,
            "slot": st.slot,
            "path": st.path,
            "cell": st.cell,
            "spot": st.spot,
            "act": st.act,
            "base": st.base,
            "power": st.power,
            "fallback": st.fallback,
            "raymi_hit": st.raymi_hit,
            "taken": st.taken,
            "facedown_taken": st.facedown_taken,
            "used_stacks": st.used_stacks,
            "chosen_stack": st.chosen_stack,
            "b5": int(st.b5),
        },
        "ayars": {"step": list(st.step), "active": list(st.active), "stamp": list(st.stamp), "moves": st.moves},
        "spots": [[list(x) for x in row] for row in st.spots],
        "raymi": list(st.raymi),
        "temple": [list(x) for x in st.temple],
        "temple_token": list(st.temple_token),
        "temple_closed": list(st.temple_closed),
        "market": list(st.market),
        "stack_size": len(st.stack),
        "pots_out": list(st.pots_out),  # AY-701
        "textile_tops": [s[0] if s else None for s in st.stacks],  # AY-703
        "textile_sizes": [len(s) for s in st.stacks],
        "textiles_out": list(st.textiles_out),
        "terrace": list(st.terrace),
        "terrace_cells": t.terrace_cells,
        "lake": list(st.lake),
        "route": [list(x) for x in st.route],
        "tokens_pending": {"seat": st.tok_seat, "n": st.tok_n},
        "rival": {
            "shown": list(st.rival_shown),
            "deck_size": len(st.rival_deck),  # AY-704
            "tambos": st.rival_tambos,
            "cubes": st.rival_cubes,
        },
        "final": [list(x) for x in st.final],
        "components": shared_components(params, t.players),
    }


# the [P] rule numbers a board's texts name that are no component (AY-174, AY-242, AY-243, AY-254, AY-386, AY-432)
RULE_NUMBERS = (
    "FACEDOWN_COST",
    "FACEDOWN_MAX",
    "RESHUFFLE_BELOW",
    "TEMPLE_SUN_PER_NIGHT",
    "TEMPLE_FALLBACK_SUN",
    "OVERFLOW_LLAMAS",
)


def shared_components(params: Params, players: int) -> dict[str, Any]:
    """``components`` of an option set and player count, built once and shared by every observation (a board's
    parts compare it by identity, ``tawa.core.svgparts``): read it, never change it."""
    by_players: dict[int, dict[str, Any]] = params.derived("observed_components", _all_components)
    return by_players[players]


def _all_components(params: Params) -> dict[int, dict[str, Any]]:
    return {n: components(tables(params, n), params) for n in PLAYER_COUNTS}


def components(t: Tables, params: Params) -> dict[str, Any]:
    """The component data of this game's options (C2-C16 as the rules use them), for a board drawn from the
    observation alone (issue 18): paths, Raymi steps, Step slots, pots, weaving area and Textiles, maize boxes,
    terrace, route, Island slots, bonus spaces and Rival cards, and the rule numbers its texts name
    (``RULE_NUMBERS``). Public and the same for every seat (AY-700)."""
    return {
        "rule_numbers": {name: params[name] for name in RULE_NUMBERS},
        "start_step": t.start_step,
        "cusco": t.cusco,
        "spot_capacity": t.spot_capacity,
        "spot_activity": list(t.spot_activity),
        "raymi_steps": list(t.raymi_steps),
        "turns_per_round": list(t.turns_per_round),
        "slot_arrows": list(t.slot_arrows),
        "slot_moon": list(t.slot_moon),
        "slot_bonus": [[kind, n] for kind, n in t.slot_bonus],
        "market_slots": t.market_slots,
        "colours": list(t.colours),
        "pot_colour": list(t.pot_colour),
        "pot_power": list(t.pot_power),
        "pot_viracocha": list(t.pot_viracocha),
        "pot_row": list(t.pot_row),
        "weave_shape": [t.weave_rows, t.weave_cols],
        "column_moon": list(t.column_moon),
        "frame": [[r, c, side] for r, c, side in sorted(t.frame)],
        "textiles": [[x.id, x.stack, list(x.half_suns), x.viracocha] for x in t.textiles],
        "box_suns": [list(b) for b in t.box_suns],
        "box_moon": list(t.box_moon),
        "box_viracocha": list(t.box_viracocha),
        "terrace_cols": t.terrace_cols,
        "route": [
            [t.route_cost[s], t.route_moon[s], t.route_yellow[s], t.route_section[s]] for s in range(len(t.route_cost))
        ],
        "island_suns": list(t.island_suns),
        "island_viracocha": sorted(t.island_viracocha),
        "bonus_need": list(t.bonus_need),
        "bonus_effect": [[e, n] for e, n in t.bonus_effect],
        "rival_cards": [list(c) for c in t.rival_cards],
    }


def resample_hidden(st: AyarState, t: Tables, params: Params, seat: int, rng: Rng) -> None:
    """AY-707: deal the unseen pots (stack + facedown pots on boards) anew; AY-708: shuffle every stack
    under its known top; AY-704: shuffle the unrevealed Rival cards. Nobody sees more than anybody else."""
    unseen = list(st.stack)
    for p in st.players:
        unseen.extend(pid for pid, d in zip(p.pots, p.pot_down, strict=True) if d)
    rng.shuffle(unseen)
    k = len(st.stack)
    st.stack = unseen[:k]
    rest = unseen[k:]
    for p in st.players:
        for i, d in enumerate(p.pot_down):
            if d:
                p.pots[i] = rest.pop()
    for i, s in enumerate(st.stacks):
        below = s[1:]
        rng.shuffle(below)
        st.stacks[i] = s[:1] + below
    rng.shuffle(st.rival_deck)
