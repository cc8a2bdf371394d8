"""The server's own CPU per move with board clients, in one process and without sockets (issue 30).

Plays ``--tables`` tables of a game round-robin, each seat watched by one client, through the server's own code:
``TableRoom.submit`` (the checks, the copy, the move, the commit's bookkeeping, the push of every seat's update,
the clock) with a hub whose database write commits at once, and ``TableRoom.previews`` where a client asks for a
chooser's pictures, as ``tawa bench-server``'s clients do (a random legal move; previews when the move is one of
several on one board element). Only the server's calls are timed (``time.thread_time``, the thread's own CPU
time, which the machine's other work does not inflate); the clients' JSON parsing is not.

``--check FILE``: the digest of every message each client got (and every previews answer), per table, written to
FILE, or compared with FILE when it exists: the same digests mean the same bytes on the wire.

    python scripts/bench_push.py --game guatavita --tables 40 --moves 20
    python scripts/bench_push.py --game ayar --profile 30      # cProfile: the 30 functions of most own time
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import hashlib
import json
import os
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tawa.core.registry import game_class, new_game
from tawa.core.svgparts import Memo
from tawa.web.models import PERSON, RUNNING
from tawa.web.protocol import encode, encode_text
from tawa.web.settings import Settings
from tawa.web.storage import SeatData, TableData
from tawa.web.table import TableRoom, Watcher

GAMES = ("ayar", "sacred-valley", "pachakuna", "guatavita")


class Hub:
    """What a room needs of the server, with a database that commits at once."""

    def __init__(self) -> None:
        self.settings = Settings()
        self.memo = Memo(encode=encode_text)
        self.closing = False
        self.store: Any = None
        self.keys: Any = None
        self.bots: Any = None

    async def read(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args)

    async def write(self, fn: Callable[..., None], *args: Any, committed: Callable[[], None] | None = None) -> None:
        if committed is not None:
            committed()

    def fallback(self, game: Any, seat: int, seed: int) -> str:
        raise NotImplementedError

    def finished(self, room: TableRoom) -> None:
        pass


class Client:
    """One seat's board client: the board in parts, the latest view (as ``tawa.web.bench``'s clients keep them)."""

    def __init__(self, seat: int, digest: Any, seen: Any = None) -> None:
        self.seat = seat
        self.seen = seen
        self.view: dict[str, Any] | None = None
        self.v = 0
        self.parts: dict[str, str] = {}
        self.order: list[str] = []
        self.digest = digest
        self.bytes = 0
        self.inbox: list[str] = []

    def send(self, message: dict[str, Any] | str) -> None:
        """What the server's ``conn.send`` costs it: the encoding of a message not encoded yet. The client's own
        work (reading the message, assembling the board) waits in ``inbox`` for ``read``, outside the timing."""
        text = message if isinstance(message, str) else encode(message)
        self.inbox.append(text)

    def read(self) -> None:
        for text in self.inbox:
            self._read(text)
        self.inbox.clear()

    def _read(self, text: str) -> None:
        self.bytes += len(text)
        if self.digest is not None:
            self.digest.update(text.encode())
        msg = json.loads(text)
        if msg["t"] in ("full", "update"):
            view = msg["view"]
            board = view.get("board")
            if board is not None:
                order = board.get("order") or self.order
                new = board["parts"]
                self.parts = {name: new[name] if name in new else self.parts[name] for name in order}
                self.order = order
            self.view, self.v = view, msg["v"]
            if self.seen is not None:  # what the client shows: the whole board and the view, however it came in parts
                rest = {k: v for k, v in view.items() if k != "board"}
                self.seen.update(("".join(self.parts[n] for n in self.order) + json.dumps(rest)).encode())


def table_data(i: int, game_id: str, players: int, seed: int) -> TableData:
    seats = [SeatData(s, PERSON, name=f"bench {s}", guest=f"g{s}") for s in range(players)]
    return TableData(
        id=f"t{i}",
        game=game_id,
        players=players,
        options={},
        seed=seed,
        public=True,
        status=RUNNING,
        seq=0,
        to_act=None,
        waiting_since=0.0,
        creator="g0",
        created_at=0.0,
        updated_at=0.0,
        started_at=0.0,
        seats=seats,
    )


def run(game_id: str, tables: int, moves: int, seed: int, board: bool, check: dict[str, str] | None) -> dict[str, Any]:
    """Play ``moves`` moves at each of ``tables`` tables (fewer where a game ends first), round-robin."""
    players = min(p for p in game_class(game_id).info.players if p >= 2)
    hub = Hub()
    rng = random.Random(seed)
    rooms: list[tuple[TableRoom, list[Client], Any]] = []
    cpu = {"move": 0.0, "previews": 0.0, "join": 0.0}
    counts = {"moves": 0, "previews": 0, "bytes": 0}
    loop = asyncio.new_event_loop()
    for i in range(tables):
        game = new_game(game_id, players, seed * 1000 + i, {})
        data = table_data(i, game_id, players, seed * 1000 + i)
        data.to_act = game.current_player
        room = TableRoom(hub, data, game)
        # each client's own digests (the watchers of a table are a set: the order in which seats get their
        # messages is not the same from run to run)
        on = check is not None
        clients = [
            Client(s, hashlib.sha256() if on else None, hashlib.sha256() if on else None) for s in range(players)
        ]
        t0 = time.thread_time()
        for c in clients:
            room.watchers.add(Watcher(c, c.seat, board))
            room.send_full(next(w for w in room.watchers if w.conn is c))
        cpu["join"] += time.thread_time() - t0
        for c in clients:
            c.read()
            c.bytes = 0  # kB per move: the updates, acks and previews, not the joins
        rooms.append((room, clients, clients[0].digest))
    gc.collect()
    gc.freeze()
    for _round in range(moves):
        for room, clients, _ in rooms:
            if not room.running:
                continue
            seat = room.game.current_player
            c = clients[seat]
            view = c.view
            assert view is not None and view["to_act"] == seat and view["actions"], (room.id, view)
            action = rng.choice(view["actions"])["id"]
            target = view["targets"].get(action)
            if board and target is not None and sum(1 for el in view["targets"].values() if el == target) > 1:
                w = next(w for w in room.watchers if w.conn is c)
                t0 = time.thread_time()
                answer = room.previews(w, target, c.v)
                text = encode(answer)
                cpu["previews"] += time.thread_time() - t0
                counts["previews"] += 1
                if c.digest is not None:
                    c.digest.update(text.encode())
            t0 = time.thread_time()
            loop.run_until_complete(room.submit(seat, action, c.v, on_commit=lambda v: None))
            cpu["move"] += time.thread_time() - t0
            counts["moves"] += 1
            for c in clients:
                c.read()
    loop.close()
    gc.unfreeze()
    counts["bytes"] = sum(c.bytes for _, clients, _ in rooms for c in clients)
    n = max(1, counts["moves"])
    out = {
        "game": game_id,
        "board": board,
        "tables": tables,
        "moves": counts["moves"],
        "previews": counts["previews"],
        "move_ms": round(1000 * cpu["move"] / n, 3),
        "previews_ms_per_move": round(1000 * cpu["previews"] / n, 3),
        "cpu_ms_per_move": round(1000 * (cpu["move"] + cpu["previews"]) / n, 3),
        "join_ms": round(1000 * cpu["join"] / (tables * players), 3),
        "kB_per_move": round(counts["bytes"] / n / 1000, 1),
        "memo": {"hits": hub.memo.hits, "misses": hub.memo.misses},
    }
    if check is not None:
        out["digests"] = {room.id: " ".join(c.digest.hexdigest() for c in clients) for room, clients, _ in rooms}
        out["shown"] = {room.id: " ".join(c.seen.hexdigest() for c in clients) for room, clients, _ in rooms}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--game", action="append", choices=GAMES, help="(repeatable) default: all four")
    ap.add_argument("--tables", type=int, default=40)
    ap.add_argument("--moves", type=int, default=20, help="moves per table (fewer where its game ends)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-board", action="store_true", help="scripted clients: no drawing")
    ap.add_argument("--repeat", type=int, default=1, help="runs per game; the fastest is reported")
    ap.add_argument("--check", type=Path, help="digests of every message: written, or compared when present")
    ap.add_argument("--profile", type=int, default=0, help="print cProfile's N functions of most own time")
    args = ap.parse_args(argv)
    golden: dict[str, Any] = json.loads(args.check.read_text()) if args.check and args.check.exists() else {}
    found: dict[str, Any] = {}
    bad = 0
    for game_id in args.game or GAMES:
        best: dict[str, Any] | None = None
        for _ in range(args.repeat):
            prof = cProfile.Profile() if args.profile else None
            if prof is not None:
                prof.enable()
            out = run(game_id, args.tables, args.moves, args.seed, not args.no_board, {} if args.check else None)
            if prof is not None:
                prof.disable()
                pstats.Stats(prof).sort_stats(os.environ.get("SORT", "tottime")).print_stats(args.profile)
            if best is None or out["cpu_ms_per_move"] < best["cpu_ms_per_move"]:
                best = out
        assert best is not None
        digests = best.pop("digests", None)
        shown = best.pop("shown", None)
        print(json.dumps(best))
        if digests is not None:
            key = f"{game_id}:{args.tables}:{args.moves}:{args.seed}:{'board' if not args.no_board else 'none'}"
            found[key], found[key + ":shown"] = digests, shown
            if key in golden:
                differ = [t for t, d in digests.items() if golden[key].get(t) != d]
                print(f"{key}: messages: {len(digests) - len(differ)} of {len(digests)} tables byte for byte the same")
                differ = [t for t, d in shown.items() if golden[key + ":shown"].get(t) != d]
                bad += len(differ)
                print(f"{key}: boards and views shown: {len(shown) - len(differ)} of {len(shown)} the same", differ)
    if args.check and not golden:
        args.check.write_text(json.dumps(found, indent=1))
        print(f"digests written to {args.check}")
    elif args.check:
        missing = set(found) - set(golden)
        if missing:
            print("no golden digests for", sorted(missing))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
