"""What a seat may see (AY-700..AY-706) and the resampling of hidden parts (AY-707..AY-709)."""
from __future__ import annotations

from typing import Any

from tawa.core.rng import Rng
from tawa.games.ayar.state import AyarState


def observation(st: AyarState, seat: int | None) -> dict[str, Any]:
    """Everything public; hidden: stack order/contents, facedown pot identities, textiles under each top,
    the Rival deck order and the RNG (AY-706). Identical for every seat but ``seat`` (AY-705)."""
    t = st.t
    players = []
    for p in st.players:
        players.append({
            "grid": list(p.grid), "slots": list(p.slots), "markers": list(p.markers),
            "laid": [list(x) for x in p.laid], "sun": p.sun, "moon": p.moon, "inti": p.inti, "llamas": p.llamas,
            "pots": [None if d else pid for pid, d in zip(p.pots, p.pot_down, strict=True)],   # AY-702
            "weave": list(p.weave), "weave_tile": list(p.weave_tile), "tiles": list(p.tiles),
            "boxes": list(p.boxes), "island_at": list(p.island_at), "boat": p.boat, "bonus": list(p.bonus),
            "temples": p.temples, "on_board": p.on_board, "discarded": p.discarded,
        })
    return {
        "seat": seat, "players": players, "round": st.round, "turn": st.turn, "start": st.start,
        "phase": st.phase, "to_move": st.seat, "night_step": st.night_step, "retiring": st.retiring,
        "context": {"marker": st.marker, "slot": st.slot, "path": st.path, "cell": st.cell, "spot": st.spot,
                    "act": st.act, "base": st.base, "power": st.power, "fallback": st.fallback,
                    "raymi_hit": st.raymi_hit, "taken": st.taken, "facedown_taken": st.facedown_taken,
                    "used_stacks": st.used_stacks, "chosen_stack": st.chosen_stack, "b5": st.b5},
        "ayars": {"step": list(st.step), "active": list(st.active), "stamp": list(st.stamp), "moves": st.moves},
        "spots": [[list(x) for x in row] for row in st.spots],
        "raymi": list(st.raymi),
        "temple": [list(x) for x in st.temple], "temple_token": list(st.temple_token),
        "temple_closed": list(st.temple_closed),
        "market": list(st.market), "stack_size": len(st.stack), "pots_out": list(st.pots_out),   # AY-701
        "textile_tops": [s[0] if s else None for s in st.stacks],                                # AY-703
        "textile_sizes": [len(s) for s in st.stacks], "textiles_out": list(st.textiles_out),
        "terrace": list(st.terrace), "terrace_cells": t.terrace_cells, "lake": list(st.lake),
        "route": [list(x) for x in st.route],
        "tokens_pending": {"seat": st.tok_seat, "n": st.tok_n},
        "rival": {"shown": list(st.rival_shown), "deck_size": len(st.rival_deck),                 # AY-704
                  "tambos": st.rival_tambos, "cubes": st.rival_cubes},
        "final": [list(x) for x in st.final],
    }


def resample(st: AyarState, rng: Rng) -> None:
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
