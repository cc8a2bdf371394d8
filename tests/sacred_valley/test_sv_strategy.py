"""The Sacred Valley planning evaluator (tawa.games.sacred_valley.strategy): real behaviour on real positions."""

from __future__ import annotations

import pytest

import tawa
from tawa.bots import choose_for, make_bot
from tawa.bots.heuristics import evaluator_for
from tawa.core.game import Game
from tawa.core.rng import Rng
from tawa.games.sacred_valley import data as D
from tawa.games.sacred_valley import strategy as H
from tawa.games.sacred_valley.state import Phase

DISCARD, MAIN = Phase.DISCARD_SEED, Phase.MAIN

GAME = "sacred-valley"


def _positions(seed: int, moves: int, every: int = 7) -> list[Game]:
    """Positions of a game played by random bots (copies, taken every ``every`` actions)."""
    g = tawa.new_game(GAME, 3, seed, {"TURN_CAP_ROUNDS": 60})
    bots = [make_bot("random", seed * 10 + i) for i in range(3)]
    rng = Rng(seed)
    out: list[Game] = []
    for k in range(moves):
        if g.is_over:
            break
        p = g.current_player
        assert p is not None
        g.apply(choose_for(bots[p], g, p, rng))
        if k % every == 0 and not g.is_over:
            out.append(g.clone())
    return out


def _main_position() -> Game:
    """A fresh game at its first main decision (crops chosen), seat to move = ``current_player``."""
    g = tawa.new_game(GAME, 3, 5)
    while g.state.mode != MAIN:  # type: ignore[attr-defined]
        g.apply(g.legal_actions()[0])
    return g


def _value(g: Game, seat: int) -> float:
    H._LAST[0] = None  # positions below are edited in place: drop the one-view memo
    return evaluator_for(GAME)(g, seat)


def test_registered_and_bounded() -> None:
    ev = evaluator_for(GAME)
    assert ev is H.evaluate
    for g in _positions(3, 400):
        for seat in range(3):
            v = ev(g, seat)
            assert -1.0 <= v <= 1.0


def test_reads_nothing_hidden() -> None:
    """SV-604/SV-607: two determinizations of one view (bag and Camayo piles reshuffled) get the same value."""
    ev = evaluator_for(GAME)
    for k, g in enumerate(_positions(4, 300, every=11)):
        for seat in range(3):
            a = g.determinize(seat, Rng(100 + k))
            b = g.determinize(seat, Rng(200 + k))
            assert a.observation(seat) == b.observation(seat)
            assert ev(a, seat) == pytest.approx(ev(b, seat), abs=1e-12)


def test_more_coins_and_hp_value_higher() -> None:
    g = _main_position()
    p = g.current_player
    assert p is not None
    base = _value(g, p)
    richer = g.clone()
    richer.state.coins[p] += 5  # type: ignore[attr-defined]
    assert _value(richer, p) > base
    hp = g.clone()
    hp.state.farmers[p][0] = 4  # type: ignore[attr-defined]
    assert _value(hp, p) > base
    other = g.clone()
    q = (p + 1) % 3
    other.state.coins[q] += 5  # type: ignore[attr-defined]
    assert _value(other, p) < base  # a lead over the best other seat


def test_a_plantable_tile_is_worth_more_than_one_without_technology() -> None:
    g = _main_position()
    p = g.current_player
    assert p is not None
    s = g.state  # type: ignore[attr-defined]
    own = s.crop[p]
    other = next(c for c in D.PLAYER_CROPS if c not in s.techs[p])
    with_own = g.clone()
    with_own.state.wh[p] = [own]  # type: ignore[attr-defined]
    without = g.clone()
    without.state.wh[p] = [other]  # type: ignore[attr-defined]
    empty = g.clone()
    empty.state.wh[p] = []  # type: ignore[attr-defined]
    v_own, v_other, v_empty = _value(with_own, p), _value(without, p), _value(empty, p)
    assert v_own > v_other >= v_empty  # SV-101: a crop without its Technology is worth little
    vine = g.clone()
    vine.state.wh[p] = [D.VINE]  # type: ignore[attr-defined]
    assert _value(vine, p) > v_other  # SV-102: vines need no Technology


def test_greedy_buys_seeds_and_plants() -> None:
    """One-ply greedy no longer refuses investments: in its first turns it buys seed tiles and plants them."""
    g = tawa.new_game(GAME, 3, 11, {"TURN_CAP_ROUNDS": 60})
    bots = [make_bot("greedy", 1), make_bot("random", 2), make_bot("random", 3)]
    rng = Rng(11)
    kinds: dict[str, int] = {}
    while not g.is_over and g.state.round <= 12:  # type: ignore[attr-defined]
        p = g.current_player
        assert p is not None
        a = choose_for(bots[p], g, p, rng)
        if p == 0:
            kinds[a.id.split()[0]] = kinds.get(a.id.split()[0], 0) + 1
        g.apply(a)
    assert kinds.get("buy", 0) + kinds.get("take", 0) >= 2
    assert kinds.get("plant", 0) >= 3


def test_a_forced_discard_is_not_a_gain() -> None:
    """SV-265: buying into a full Warehouse counts only the best tiles that fit, so the discard step never
    raises the value (no buy-and-discard loops)."""
    for g in _positions(6, 600, every=1):
        s = g.state  # type: ignore[attr-defined]
        if s.mode != DISCARD or g.current_player is None:
            continue
        p = g.current_player
        before = _value(g, p)
        for a in g.legal_actions():
            after = g.clone()
            after.apply(a)
            assert _value(after, p) <= before + 1e-9


def test_an_idle_harvest_stays_marked_until_the_seat_acts_again() -> None:
    """The evaluator's mark for a Harvest that paid nothing (SV-063/SV-221) holds from that turn through the other
    seats' turns *and the start of the seat's next turn*, and goes only once the seat has taken a new action; a
    search that scores leaves when its seat is to move again must not see the idle Harvest as free."""
    g = tawa.new_game(GAME, 3, 2, {"TURN_CAP_ROUNDS": 60})
    rng = Rng(2)
    seen: dict[str, int] = {}
    marked: int | None = None  # the seat whose idle Harvest is being followed (once its turn has ended)
    pending: int | None = None  # ... and before
    last = ""  # the id of the action applied last
    while not g.is_over and len(seen) < 3:
        p = g.current_player
        assert p is not None
        s = g.state  # type: ignore[attr-defined]
        active = s.active
        if marked is not None:
            idle = H._idle_harvest(g, marked, active)
            if marked != active:
                assert idle, "through the other seats' turns"
                seen["others"] = 1
            elif s.last == 0:  # NONE: the marked seat's next turn, before its action
                assert idle, "at the start of the seat's next turn"
                seen["start"] = 1
            else:
                assert not idle or last == "harvest", "a new action clears it (unless it is an idle Harvest)"
                seen["cleared"] = 1
                marked = None
        acts = g.legal_actions()
        harvest = next((a for a in acts if a.id == "harvest"), None)
        idle_now = harvest is not None and marked is None and pending is None and not any(s.farmers[p])
        a = harvest if idle_now else rng.choice(acts)
        g.apply(a)
        last = a.id
        e = next((e for e in reversed(g.log) if e.kind == "harvest"), None)
        if idle_now and e is not None and e.data.get("amount", 0) == e.data.get("bonus", 0):
            pending = p
        if pending is not None and g.state.active != pending:  # type: ignore[attr-defined]
            marked, pending = pending, None
    assert set(seen) == {"others", "start", "cleared"}
