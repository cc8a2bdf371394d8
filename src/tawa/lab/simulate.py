"""``tawa simulate``: play many games between bots and summarise them.

Each finished game is one JSON line (index, seed, the bot of each seat, options, scores,
ranking, winners, length, branching per decision, capped, first player, think time per
seat (total and slowest move), per-game extras, history), so a results file can be replayed, resumed and analysed later
(``tawa report``). The run's settings are kept beside it in ``GAME.run.json``.

Seat rotation: game ``i`` shifts the seat list by ``i mod players``, so over every block
of ``players`` games each bot plays each seat once. With ``duplicate`` the games of such a
block share one seed (``seed + i // players``): every deal is played once per rotation, each
bot in each seat of it, so the luck of the deal cancels out of a comparison between bots
(as in duplicate bridge); records of one deal share their ``seed``. Games run through an
``Executor`` (``tawa.lab.executors``), serially, in worker processes or on a Ray cluster
(``tawa.lab.ray_executor``); games a cluster lost to a dead worker are counted in
``Summary.lost`` and left for ``resume``.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tawa.bots import choose_for, make_bot
from tawa.core.game import Game
from tawa.core.registry import game_class, new_game
from tawa.core.rng import Rng
from tawa.lab.executors import Executor, make_executor
from tawa.lab.playout import automated_options
from tawa.lab.stats import rate_with_ci


def expand_seats(spec: str, players: int) -> list[str]:
    """``"random"`` -> one per seat; ``"a,b,c"`` -> exactly ``players`` entries."""
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if len(parts) == 1:
        parts = parts * players
    if len(parts) != players:
        raise ValueError(
            f"--seats names {len(parts)} seats but the game has {players} player{'' if players == 1 else 's'}"
        )
    return parts


def check_seat_specs(seats: Iterable[str], humans: bool = False) -> None:
    """Raise ``ValueError`` naming the first seat that is not a bot spec (nor ``human``, where humans may play)."""
    for s in dict.fromkeys(seats):
        if s == "human":
            if not humans:
                raise ValueError("simulate plays bots only; use `tawa play` for human seats")
            continue
        make_bot(s, 0)


def check_counts(n: int, jobs: int) -> None:
    """Refuse a run of no games or no worker (``-n 0``, ``-n -3``, ``--jobs 0``)."""
    if n < 1:
        raise ValueError(f"the number of games (-n) must be at least 1, got {n}")
    if jobs < 1:
        raise ValueError(f"--jobs must be at least 1, got {jobs}")


def rotate(seats: Sequence[str], shift: int) -> list[str]:
    """Seat ``s`` gets ``seats[(s + shift) % n]``."""
    n = len(seats)
    return [seats[(s + shift) % n] for s in range(n)]


@dataclass(frozen=True)
class GameTask:
    """One game to play: plain data, so it can travel to a worker process or a cluster."""

    index: int
    game: str
    players: int
    seed: int
    seats: tuple[str, ...]
    options: Mapping[str, Any]
    rotation: int = 0


def play_match(g: Game, seats: Sequence[str], seed: int) -> dict[str, Any]:
    """Play ``g`` to the end, seat ``i`` played by bot ``seats[i]``; return the measures.
    Bots see only what ``choose_for`` gives them (their legal actions and a redacted view)."""
    bots = [make_bot(s, seed * 101 + i) for i, s in enumerate(seats)]
    rng = Rng(seed ^ 0xB07)
    branching: list[int] = []
    think = [0.0] * g.players
    slowest = [0.0] * g.players
    moves = [0] * g.players
    first = g.current_player
    start = time.perf_counter()
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        branching.append(len(g.legal_actions()))
        t0 = time.perf_counter()
        action = choose_for(bots[seat], g, seat, rng)
        spent = time.perf_counter() - t0
        think[seat] += spent
        slowest[seat] = max(slowest[seat], spent)
        moves[seat] += 1
        g.apply(action)
    return {
        "branching": branching,
        "think": [round(t, 4) for t in think],
        "think_max": [round(t, 4) for t in slowest],
        "moves": moves,
        "first_player": first,
        "seconds": round(time.perf_counter() - start, 4),
    }


def play_task(task: GameTask) -> dict[str, Any]:
    """Play one task; return its result record."""
    g = new_game(task.game, task.players, task.seed, task.options)
    m = play_match(g, task.seats, task.seed)
    return game_record(g, task.index, task.seats, task.rotation, m)


def game_record(
    g: Game, index: int, seats: Sequence[str], rotation: int, measures: Mapping[str, Any]
) -> dict[str, Any]:
    """The JSON line of one finished game (read by ``tawa replay`` and ``tawa report``): ``measures`` are
    ``play_match``'s (branching, think, think_max, moves, first_player, seconds). The server writes its
    finished tables' downloads with it too."""
    m = dict(measures)
    branching = m.pop("branching")
    rec: dict[str, Any] = {
        "index": index,
        "game": g.info.id,
        "players": g.players,
        "seed": g.seed,
        "seats": list(seats),
        "rotation": rotation,
        "options": g.options,
        "scores": g.scores(),
        "ranking": g.ranking(),
        "winners": g.winners(),
        "length": len(g.history),
        "mean_branching": round(sum(branching) / max(1, len(branching)), 2),
        "branching": branching,
        "capped": g.capped,
        **m,
    }
    extras = g.report_extras()  # the game's own measures for the report (games/<g>/strategy.py)
    if extras:
        rec["extras"] = extras
    rec["history"] = g.history
    return rec


def play_one(game_id: str, players: int, seed: int, seats: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    """Play one game between bots (no rotation); return its result record."""
    return play_task(GameTask(0, game_id, players, seed, tuple(seats), dict(options)))


def _check_duplicate(duplicate: bool, rotate_seats: bool) -> None:
    if duplicate and not rotate_seats:
        raise ValueError("duplicate deals need seat rotation (each deal is played once per rotation)")


def plan(
    game_id: str,
    n: int,
    seats: Sequence[str],
    seed: int,
    players: int,
    options: Mapping[str, Any],
    rotate_seats: bool = True,
    skip: Iterable[int] = (),
    duplicate: bool = False,
) -> list[GameTask]:
    """The tasks of a run: game ``i`` has seed ``seed + i`` (``seed + i // players`` with
    ``duplicate``) and rotation ``i mod players``."""
    _check_duplicate(duplicate, rotate_seats)
    done = set(skip)
    out = []
    for i in range(n):
        if i in done:
            continue
        shift = i % players if rotate_seats else 0
        deal = seed + (i // players if duplicate else i)
        out.append(GameTask(i, game_id, players, deal, tuple(rotate(seats, shift)), dict(options), shift))
    return out


# ---------------------------------------------------------------- summary
@dataclass
class Summary:
    games: int = 0
    capped: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    wins: list[float] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    branching: list[float] = field(default_factory=list)
    bot_games: dict[str, float] = field(default_factory=dict)
    bot_wins: dict[str, float] = field(default_factory=dict)
    first_player_wins: float = 0.0
    think: dict[str, list[float]] = field(default_factory=dict)
    lost: int = 0  # games of this run lost with their worker (a cluster's), not played: resume plays them

    def add(self, rec: Mapping[str, Any]) -> None:
        n = rec["players"]
        if not self.wins:
            self.wins = [0.0] * n
            self.scores = [[] for _ in range(n)]
        self.games += 1
        for s, spec in enumerate(rec["seats"]):
            if rec.get("moves") and rec["moves"][s]:
                t = self.think.setdefault(spec, [0.0, 0.0])
                t[0] += rec["think"][s]
                t[1] += rec["moves"][s]
        if rec["capped"]:
            self.capped += 1
            return  # games stopped by a safety cap are counted apart, never mixed in
        for w in rec["winners"]:
            self.wins[w] += 1 / len(rec["winners"])
            if w == rec.get("first_player", 0):
                self.first_player_wins += 1 / len(rec["winners"])
        for s, spec in enumerate(rec["seats"]):
            self.bot_games[spec] = self.bot_games.get(spec, 0.0) + 1
            if s in rec["winners"]:
                self.bot_wins[spec] = self.bot_wins.get(spec, 0.0) + 1 / len(rec["winners"])
        for s, v in enumerate(rec["scores"]):
            self.scores[s].append(v)
        self.lengths.append(rec["length"])
        self.branching.append(rec["mean_branching"])

    def as_dict(self) -> dict[str, Any]:
        def spread(xs: Sequence[float]) -> dict[str, float]:
            if not xs:
                return {}
            return {
                "mean": round(statistics.fmean(xs), 2),
                "sd": round(statistics.pstdev(xs), 2),
                "min": min(xs),
                "max": max(xs),
            }

        played = self.games - self.capped
        return {
            "games": self.games,
            "capped": self.capped,
            **({"lost": self.lost} if self.lost else {}),
            "options": self.options,
            "wins_per_seat": [round(w, 2) for w in self.wins],
            "win_rate_per_seat": [rate_with_ci(w, played) for w in self.wins],
            "score_per_seat": [spread(s) for s in self.scores],
            "length": spread([float(x) for x in self.lengths]),
            "mean_branching": round(statistics.fmean(self.branching), 2) if self.branching else None,
            "first_player": rate_with_ci(self.first_player_wins, played),
            "bots": {
                spec: {**rate_with_ci(self.bot_wins.get(spec, 0.0), g), "seats_played": g}
                for spec, g in sorted(self.bot_games.items())
            },
            "seconds_per_move": {spec: round(t[0] / t[1], 4) for spec, t in sorted(self.think.items()) if t[1]},
        }


# ---------------------------------------------------------------- files and resume
def read_records(path: Path, repair: bool = False) -> list[dict[str, Any]]:
    """Every complete JSON line of ``path``. With ``repair``, a torn last line (from an
    interrupted run) is cut off the file so appending can continue cleanly."""
    if not path.exists():
        return []
    raw = path.read_bytes()
    good_end = raw.rfind(b"\n") + 1
    if repair and good_end < len(raw):
        with path.open("r+b") as f:
            f.truncate(good_end)
    out = []
    for line in raw[:good_end].decode("utf-8").splitlines():
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return out


def _run_settings(
    game_id: str,
    players: int,
    seats: Sequence[str],
    seed: int,
    n: int,
    options: Mapping[str, Any],
    rotate_seats: bool,
    duplicate: bool,
) -> dict[str, Any]:
    settings = {
        "game": game_id,
        "players": players,
        "seats": list(seats),
        "seed": seed,
        "n": n,
        "options": json.loads(json.dumps(dict(options))),
        "rotate": rotate_seats,
    }
    if duplicate:  # only when set, so that runs written before the flag existed still resume
        settings["duplicate"] = True
    return settings


def run_simulation(
    game_id: str,
    n: int,
    seats: str,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    out: Path | None = None,
    on_game: Callable[[dict[str, Any]], None] | None = None,
    jobs: int = 1,
    resume: bool = False,
    rotate_seats: bool = True,
    executor: Executor | None = None,
    on_start: Callable[[int, int], None] | None = None,
    duplicate: bool = False,
) -> Summary:
    """Play ``n`` games; write ``out/GAME.jsonl`` (one line per game, flushed as it ends)
    and ``out/GAME.summary.json``. ``resume`` keeps the finished games of an earlier,
    interrupted run with the same settings and plays only the missing ones. ``duplicate``
    plays every deal once per seat rotation (see the module docstring).
    ``on_start(already_done, total)`` is called once before the first new game."""
    info = game_class(game_id).info
    n_players = players or info.players[min(1, len(info.players) - 1)]
    check_counts(n, jobs)
    seat_list = expand_seats(seats, n_players)
    check_seat_specs(seat_list)  # validate early
    _check_duplicate(duplicate, rotate_seats)
    opts = automated_options(game_id, options)
    new_game(game_id, n_players, seed, opts)  # validate the options early
    settings = _run_settings(game_id, n_players, seat_list, seed, n, opts, rotate_seats, duplicate)
    summary = Summary(options=settings["options"])
    done: list[dict[str, Any]] = []
    fh = None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        lines, run_file = out / f"{game_id}.jsonl", out / f"{game_id}.run.json"
        if resume and run_file.exists():
            before = json.loads(run_file.read_text(encoding="utf-8"))
            keys = sorted(settings.keys() | before.keys())
            differ = [k for k in keys if k != "n" and before.get(k) != settings.get(k)]
            if differ:
                raise ValueError(f"--resume: this run differs from the one in {out} in: {', '.join(differ)}")
            by_index = {r["index"]: r for r in read_records(lines, repair=True) if r.get("index", n) < n}
            done = list(by_index.values())
            fh = lines.open("a", encoding="utf-8")
        else:
            fh = lines.open("w", encoding="utf-8")
        run_file.write_text(json.dumps(settings, indent=1), encoding="utf-8")
    for rec in sorted(done, key=lambda r: r["index"]):
        summary.add(rec)
    tasks = plan(
        game_id, n, seat_list, seed, n_players, opts, rotate_seats, skip=(r["index"] for r in done), duplicate=duplicate
    )
    if on_start is not None:
        on_start(len(done), n)
    engine = executor or make_executor(jobs)
    try:
        for rec in engine.map_unordered(play_task, tasks):
            summary.add(rec)
            if fh is not None:
                fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
                fh.flush()
            if on_game is not None:
                on_game(rec)
    finally:
        summary.lost = int(getattr(engine, "lost", 0))
        if fh is not None:
            fh.close()
    if out is not None:
        (out / f"{game_id}.summary.json").write_text(json.dumps(summary.as_dict(), indent=2), encoding="utf-8")
    return summary


__all__ = [
    "GameTask",
    "Summary",
    "check_counts",
    "check_seat_specs",
    "expand_seats",
    "game_record",
    "plan",
    "play_match",
    "play_one",
    "play_task",
    "read_records",
    "rotate",
    "run_simulation",
]
