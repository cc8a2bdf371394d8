"""Helpers to build hand-made Ayar scenario states for tests and experiments.

They edit ``game.state`` directly (bypassing legality on purpose); after editing, call ``refresh(g)`` so the
engine's legal-action cache is dropped.
"""

from __future__ import annotations

from typing import Any

import tawa
from tawa.core.events import Event
from tawa.games.ayar.data import ACTIVITIES
from tawa.games.ayar.game import AyarGame
from tawa.games.ayar.rules import advance
from tawa.games.ayar.rules.activities import place_textile, slide_and_refill
from tawa.games.ayar.rules.night import finish_game
from tawa.games.ayar.rules.turn import begin_turn
from tawa.games.ayar.state import ACTIVITY_PHASE, AyarState, BonusCheck, NightStep, Phase


def new(players: int = 2, seed: int = 0, **options: Any) -> AyarGame:
    g = tawa.new_game("ayar", players=players, seed=seed, options=options or None)
    assert isinstance(g, AyarGame)
    return g


def refresh(g: AyarGame) -> AyarGame:
    g.invalidate_cache()
    return g


def ids(g: AyarGame) -> list[str]:
    return [a.id for a in g.legal_actions()]


def play(g: AyarGame, *action_ids: str) -> list[Event]:
    ev: list[Event] = []
    for a in action_ids:
        ev.extend(g.apply(a))
    return ev


def pot_id(g: AyarGame, colour: str, k: int) -> int:
    """Id of pot ``<colour>-k`` (k = 1..6, C8)."""
    return g.tables.colours.index(colour) * len(g.params.POT_POWERS) + k - 1


def tile_id(g: AyarGame, name: str) -> int:
    return next(i for i, x in enumerate(g.tables.textiles) if x.id == name)


def set_market(g: AyarGame, market: list[int], stack_top: list[int] | None = None) -> None:
    """Put exactly these pots in the market (and on top of the stack); the others go below in the stack."""
    st = g.state
    top = stack_top or []
    used = set(market) | set(top)
    for p in st.players:
        used |= set(p.pots)
    rest = [x for x in range(g.tables.pots) if x not in used and x not in st.pots_out]
    st.market = list(market) + [-1] * (g.tables.market_slots - len(market))
    st.stack = list(top) + rest
    refresh(g)


def give_pots(g: AyarGame, seat: int, pots: list[tuple[int, bool]]) -> None:
    """Put pots (id, facedown) on a player's row, taking them out of the market and stack."""
    st = g.state
    p = st.players[seat]
    for pid, down in pots:
        if pid in st.market:
            st.market[st.market.index(pid)] = -1
        elif pid in st.stack:
            st.stack.remove(pid)
        p.pots.append(pid)
        p.pot_down.append(down)
    slide_and_refill(st, g.tables)
    refresh(g)


def put_textile(g: AyarGame, seat: int, name: str, r: int, c: int, d: str, flip: bool = False) -> None:
    """Lay a named Textile (taken from wherever its stack holds it) without spending power."""
    st = g.state
    tile = tile_id(g, name)
    stack = next(i for i, s in enumerate(st.stacks) if tile in s)
    st.stacks[stack].remove(tile)
    st.stacks[stack].insert(0, tile)
    used = st.used_stacks
    place_textile(st, g.tables, seat, stack, r, c, d, flip)
    st.used_stacks = used
    refresh(g)


def set_grid(g: AyarGame, seat: int, rows: list[str]) -> None:
    """Tambo grid from 4 strings of 'T' (Tambo) and '.' (empty); removed Tambos count as on the board."""
    p = g.state.players[seat]
    before = sum(p.grid)
    p.grid = [ch == "T" for row in rows for ch in row]
    p.on_board += before - sum(p.grid)
    refresh(g)


def start_turn(g: AyarGame, seat: int) -> None:
    """Begin a Day turn of ``seat`` now (recomputes the fallback)."""
    begin_turn(g.state, g.tables, g.params, seat)
    refresh(g)


def into_activity(g: AyarGame, seat: int, act: str, power: int) -> AyarState:
    """Jump straight to step 4 of ``seat`` performing ``act`` with ``power``."""
    assert act in ACTIVITIES
    st = g.state
    begin_turn(st, g.tables, g.params, seat)
    st.act = act
    st.power = power
    st.cell = 0
    st.b5 = BonusCheck.DONE
    st.phase = ACTIVITY_PHASE[act]
    refresh(g)
    return st


def run_night(g: AyarGame) -> list[Event]:
    """Start the Night now and resolve it (stops at a Viracocha choice)."""
    st = g.state
    st.phase = Phase.NIGHT
    st.night_step = NightStep.RETIRE
    st.seat = -1
    ev: list[Event] = []
    advance(st, g.tables, g.params, g.rng, ev)
    refresh(g)
    return ev


def finished(keys: list[tuple[int, int, int, int]]) -> AyarGame:
    """A game ended now (AY-481..AY-490) with each seat's (Sun, Moon, Viracocha tokens, Llamas) before the
    allocation; the tokens lie on the bonus spaces in turn."""
    g = new(len(keys))
    st = g.state
    for p, (sun, moon, tokens, llamas) in zip(st.players, keys, strict=True):
        p.sun, p.moon, p.llamas = sun, moon, llamas
        p.bonus = [0] * len(p.bonus)
        for i in range(tokens):
            p.bonus[i % len(p.bonus)] += 1
    finish_game(st, [])
    return refresh(g)


def random_playout(g: AyarGame, seed: int = 0) -> AyarGame:
    rng = tawa.Rng(seed)
    while not g.is_over:
        acts = g.legal_actions()
        g.apply(acts[rng.below(len(acts))])
    return g
