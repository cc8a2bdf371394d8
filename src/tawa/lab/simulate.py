"""``tawa simulate``: play many games between bots and summarise them.

Each finished game is one JSON line (seed, seats, options, scores, ranking, winners,
length, branching, capped, history), so a results file can be replayed, resumed and
analysed later.
"""
from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tawa.bots import choose_for, make_bot
from tawa.core.registry import game_class, new_game
from tawa.core.rng import Rng
from tawa.lab.playout import automated_options


def expand_seats(spec: str, players: int) -> list[str]:
    """``"random"`` -> one per seat; ``"a,b,c"`` -> exactly ``players`` entries."""
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if len(parts) == 1:
        parts = parts * players
    if len(parts) != players:
        raise ValueError(f"--seats names {len(parts)} seats but the game has {players} players")
    return parts


def play_one(game_id: str, players: int, seed: int, seats: Sequence[str],
             options: Mapping[str, Any]) -> dict[str, Any]:
    """Play one game between bots; return its result record."""
    g = new_game(game_id, players, seed, options)
    bots = [make_bot(s, seed * 101 + i) for i, s in enumerate(seats)]
    rng = Rng(seed ^ 0xB07)
    branching: list[int] = []
    while not g.is_over:
        seat = g.current_player
        assert seat is not None
        branching.append(len(g.legal_actions()))
        g.apply(choose_for(bots[seat], g, seat, rng))
    return {
        "game": game_id, "players": players, "seed": seed, "seats": list(seats), "options": g.options,
        "scores": g.scores(), "ranking": g.ranking(), "winners": g.winners(), "length": len(g.history),
        "mean_branching": round(sum(branching) / max(1, len(branching)), 2), "capped": g.capped,
        "history": g.history,
    }


@dataclass
class Summary:
    games: int = 0
    capped: int = 0
    wins: list[float] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    branching: list[float] = field(default_factory=list)

    def add(self, rec: Mapping[str, Any]) -> None:
        n = rec["players"]
        if not self.wins:
            self.wins = [0.0] * n
            self.scores = [[] for _ in range(n)]
        self.games += 1
        if rec["capped"]:
            self.capped += 1
            return  # games stopped by a safety cap are counted apart, never mixed in
        for w in rec["winners"]:
            self.wins[w] += 1 / len(rec["winners"])
        for s, v in enumerate(rec["scores"]):
            self.scores[s].append(v)
        self.lengths.append(rec["length"])
        self.branching.append(rec["mean_branching"])

    def as_dict(self) -> dict[str, Any]:
        def spread(xs: Sequence[float]) -> dict[str, float]:
            if not xs:
                return {}
            return {"mean": round(statistics.fmean(xs), 2), "sd": round(statistics.pstdev(xs), 2),
                    "min": min(xs), "max": max(xs)}
        return {
            "games": self.games, "capped": self.capped,
            "wins_per_seat": [round(w, 2) for w in self.wins],
            "score_per_seat": [spread(s) for s in self.scores],
            "length": spread([float(x) for x in self.lengths]),
            "mean_branching": round(statistics.fmean(self.branching), 2) if self.branching else None,
        }


def run_simulation(game_id: str, n: int, seats: str, seed: int, players: int | None = None,
                   options: Mapping[str, Any] | None = None, out: Path | None = None,
                   on_game: Callable[[dict[str, Any]], None] | None = None) -> Summary:
    info = game_class(game_id).info
    n_players = players or info.players[min(1, len(info.players) - 1)]
    seat_list = expand_seats(seats, n_players)
    for s in set(seat_list):
        if s == "human":
            raise ValueError("simulate plays bots only; use `tawa play` for human seats")
        make_bot(s, 0)  # validate early
    opts = automated_options(game_id, options)
    summary = Summary()
    fh = None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        fh = (out / f"{game_id}.jsonl").open("w", encoding="utf-8")
    try:
        for i in range(n):
            rec = play_one(game_id, n_players, seed + i, seat_list, opts)
            summary.add(rec)
            if fh is not None:
                fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
                fh.flush()
            if on_game is not None:
                on_game(rec)
    finally:
        if fh is not None:
            fh.close()
    if out is not None:
        (out / f"{game_id}.summary.json").write_text(json.dumps(summary.as_dict(), indent=2), encoding="utf-8")
    return summary
