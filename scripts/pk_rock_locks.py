"""P'achakuna rock locks: free 0-degree rotations in a self-play run, and a what-if without them.

A free rotation may keep the tile's orientation (PK-131, [S]) and still leaves a rock on the tile (PK-140), so a
player can rock the one tile the opponent needs every turn at no cost. This script replays the JSON lines of
``tawa simulate pachakuna --out DIR`` and counts, in finished and in capped games, the free rotations and how many
of them kept the orientation; a capped game with at least ``--lock`` such rotations is listed as a rock lock.

With ``--whatif`` each rock-lock game is replayed up to its first 0-degree free rotation, the rule variant
``FREE_ZERO_ROTATION=false`` is switched on from the start (the replayed prefix has no 0-degree free rotation, so it
stays legal), and the run's bot (``--bot``, seeded as ``tawa simulate`` seeds seat bots) plays on to the same turn
cap. docs/balance.md, P'achakuna (seventh round):

    python scripts/pk_rock_locks.py results/pachakuna.jsonl --whatif
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from typing import Any

import tawa  # noqa: F401  (registers the games)
from tawa.core.game import Game
from tawa.core.registry import new_game
from tawa.games.pachakuna.state import Phase
from tawa.lab.simulate import play_match


def is_zero_free_rotation(game: Game, action_id: str) -> bool | None:
    """Whether ``action_id`` (legal now) is a 0-degree free rotation; None if it is no free rotation."""
    if game.state.step != Phase.ROTATE_FREE or not action_id.startswith("rotate"):
        return None
    action = next(a for a in game.legal_actions() if a.id == action_id)
    rotation = action.data  # the rules' own record: Rotate("rotate", cell, new orientation)
    return bool(game.state.orient[rotation.cell] == rotation.orientation)


def replay_counting(record: dict[str, Any]) -> tuple[int, int, int | None]:
    """Free rotations, 0-degree free rotations, and the history index of the first 0-degree one."""
    game = new_game("pachakuna", record["players"], record["seed"], record["options"])
    free = zero = 0
    first: int | None = None
    for i, action_id in enumerate(record["history"]):
        kept = is_zero_free_rotation(game, action_id)
        if kept is not None:
            free += 1
            if kept:
                zero += 1
                first = i if first is None else first
        game.apply(action_id)
    return free, zero, first


def play_on_without_zero(record: dict[str, Any], cut: int, bot: str) -> Game:
    """Replay ``record`` up to (not including) history index ``cut`` under FREE_ZERO_ROTATION=false, then
    let ``bot`` play every seat to the end, seeded as ``tawa simulate`` seeds a game's bots."""
    options = {**record["options"], "FREE_ZERO_ROTATION": False}
    game = new_game("pachakuna", record["players"], record["seed"], options)
    for action_id in record["history"][:cut]:
        game.apply(action_id)
    play_match(game, [bot] * record["players"], record["seed"])
    return game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", help="a pachakuna.jsonl written by tawa simulate --out")
    ap.add_argument("--lock", type=int, default=10, help="0-degree free rotations that make a capped game a lock")
    ap.add_argument("--whatif", action="store_true", help="replay each lock without free 0-degree rotations")
    ap.add_argument("--bot", default="ismcts", help="the bot that plays on in the what-if (default ismcts)")
    ap.add_argument("--only", default="", help="comma-separated game indices: what-if only these (to split a run)")
    args = ap.parse_args()

    totals: Counter[str] = Counter()
    locks: list[tuple[dict[str, Any], int]] = []
    with open(args.records) as f:
        for line in f:
            record = json.loads(line)
            free, zero, first = replay_counting(record)
            kind = "capped" if record["capped"] else "finished"
            totals[f"{kind} games"] += 1
            totals[f"{kind} free rotations"] += free
            totals[f"{kind} 0-degree"] += zero
            if record["capped"] and zero >= args.lock and first is not None:
                locks.append((record, first))
    for kind in ("finished", "capped"):
        print(
            f"{kind}: {totals[kind + ' games']} games, {totals[kind + ' free rotations']} free rotations, "
            f"{totals[kind + ' 0-degree']} of them 0-degree"
        )
    print(
        f"rock locks (capped, >= {args.lock} 0-degree free rotations): {len(locks)}: "
        f"{', '.join(str(r['index']) for r, _ in locks)}"
    )
    if not args.whatif:
        return
    only = {int(i) for i in args.only.split(",") if i.strip()}
    for record, cut in locks:
        if only and record["index"] not in only:
            continue
        t0 = time.perf_counter()
        game = play_on_without_zero(record, cut, args.bot)
        tail = Counter(game.history[-60:]).most_common(3)
        outcome = "capped" if game.capped else f"won by seat {game.winners()} at turn {game.state.turn}"
        print(
            f"game {record['index']}: cut at action {cut}, then {outcome} "
            f"({time.perf_counter() - t0:.0f} s); last 60 actions mostly {tail}",
            flush=True,
        )


if __name__ == "__main__":
    main()
