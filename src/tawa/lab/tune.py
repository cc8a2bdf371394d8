"""``tawa tune``: search values of a game's Params that minimise an objective measured by simulation.

A designer names the Params to vary and the values each may take (``--param KEY=SPACE``), what "better" means
(``--objective``: seat advantage, closeness to the spec's target scores, game length, or a weighted mix) and a
budget of candidates. Each candidate is one ``run_simulation`` of ``games`` seat-rotated games between the same
bots, on the same seeds for every candidate (common random numbers: two candidates differ by their values, not
by their deals). Optuna proposes the candidates (its TPE sampler, seeded; a grid when every value fits in the
budget), so the search is a well-kept optimiser's, not a hand-written one.

Noise is handled in the open: a search ranks candidates on few games, so the best ones (``finalists``) and the
game's current values are played again on ``confirm`` fresh seeds, and the report gives each a 95% interval of
the objective (bootstrap over games) and of the difference to the current values (paired: the same seeds). A
candidate is *clearly better* only when that difference's interval lies wholly below zero.

Space syntax (``KEY=SPACE``):
    ``KEY=LO..HI``     every integer from LO to HI (both whole numbers), or a real number in [LO, HI]
    ``KEY=A|B|C``      one of the candidates, each written as for ``--option`` (JSON, or plain text)
Objective syntax: ``seat``, ``first``, ``target``, ``length``, or weights ``seat=1,target=0.5``:
    seat    the spread of the win shares by seat (highest minus lowest; 0 is perfectly fair)
    first   how far the first player's win share lies from 1/players (in games where the deal picks who starts)
    target  for each target measure (``GameInfo.score_targets``, or ``--target NAME=LO..HI``), how far the mean
            per player lies outside [LO, HI], in widths of the range (0 inside); the mean over the measures
    length  the mean game length in actions, relative to the game's current values (1.0 for them)
A weighted mix is the sum of the weighted parts. Games stopped by a safety cap count against a candidate: their
share is added to its objective (they are left out of every other figure, as in ``tawa simulate``).
"""

from __future__ import annotations

import json
import math
import random
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tawa.core.errors import BadOption
from tawa.core.params import parse_option_text
from tawa.core.registry import game_class, new_game
from tawa.lab.executors import Executor
from tawa.lab.playout import automated_options
from tawa.lab.report import first_player_rate, seat_win_rates
from tawa.lab.simulate import expand_seats, run_simulation

CONFIRM_SEED_OFFSET = 1_000_003
"""The confirmation games' seeds start this far above the search's, so no confirmation deal was seen in the
search."""
BOOTSTRAP = 2000
"""Resamples of the games for each bootstrap interval."""
VERDICT_GAMES = 20
"""The fewest confirmation games for a verdict: a bootstrap of fewer games gives intervals too ragged to trust, so
no candidate is called clearly better on them."""
PARTS = ("seat", "first", "target", "length")


# ---------------------------------------------------------------- what to vary
@dataclass(frozen=True)
class Space:
    """The values one Param may take in a search: an integer or real range, or a list of candidates."""

    name: str
    kind: str  # "int", "float" or "choice"
    low: float = 0.0
    high: float = 0.0
    choices: tuple[Any, ...] = ()

    @property
    def labels(self) -> list[str]:
        """The candidates as short texts (JSON), as Optuna records them."""
        return [json.dumps(c, separators=(",", ":")) for c in self.choices]

    @property
    def size(self) -> int | None:
        """How many values the space holds (None: a real range)."""
        if self.kind == "int":
            return int(self.high - self.low) + 1
        if self.kind == "choice":
            return len(self.choices)
        return None

    def grid(self) -> list[Any]:
        """Every value, in the form Optuna's grid sampler proposes them (a finite space only)."""
        if self.kind == "int":
            return list(range(int(self.low), int(self.high) + 1))
        return self.labels

    def suggest(self, trial: Any) -> Any:
        """The value an Optuna trial proposes for this Param."""
        if self.kind == "int":
            return trial.suggest_int(self.name, int(self.low), int(self.high))
        if self.kind == "float":
            return trial.suggest_float(self.name, self.low, self.high)
        return self.choices[self.labels.index(trial.suggest_categorical(self.name, self.labels))]

    def describe(self) -> str:
        if self.kind == "choice":
            return " | ".join(self.labels)
        return f"{self.low:g}..{self.high:g}" + (" (real)" if self.kind == "float" else "")


def parse_space(text: str, game_id: str, players: int, fixed: Mapping[str, Any] | None = None) -> Space:
    """``KEY=LO..HI`` or ``KEY=A|B|C`` as a ``Space``; every end and candidate is checked against the game's
    Param (``BadOption`` names the Param, its rules and what is wrong)."""
    if "=" not in text:
        raise BadOption(f"--param needs KEY=SPACE (KEY=LO..HI or KEY=A|B|C), got {text!r}")
    key, body = (s.strip() for s in text.split("=", 1))
    registry = game_class(game_id).info.params
    known = {p.name: p for p in registry}
    if key not in known:
        raise BadOption(f"{game_id} has no option or data value {key!r} (see `tawa rules {game_id}`)")
    if not known[key].overridable:
        raise BadOption(f"{known[key].label} is fixed by the rulebook and cannot be tuned")
    if not body:
        raise BadOption(f"--param {key}: no values given (KEY=LO..HI or KEY=A|B|C)")
    if "|" not in body and ".." in body:
        lo_text, hi_text = (s.strip() for s in body.split("..", 1))
        ends = []
        for t in (lo_text, hi_text):
            try:
                ends.append(json.loads(t))
            except json.JSONDecodeError:
                ends.append(None)
            if not isinstance(ends[-1], int | float) or isinstance(ends[-1], bool):
                raise BadOption(f"--param {key}: {t!r} is not a number (a range is LO..HI)")
        lo, hi = ends
        if lo >= hi:
            raise BadOption(f"--param {key}: the range {body} is empty or a single value (LO must be below HI)")
        kind = "int" if isinstance(lo, int) and isinstance(hi, int) else "float"
        space = Space(key, kind, float(lo), float(hi))
        checked: list[Any] = [lo, hi]
    else:
        values = [parse_option_text([f"{key}={part}"])[key] for part in body.split("|")]
        unique = list({json.dumps(v, sort_keys=True): v for v in values}.values())
        if len(unique) < 2:
            raise BadOption(f"--param {key}: give at least two different candidates (A|B), got {body!r}")
        space = Space(key, "choice", choices=tuple(unique))
        checked = unique
    for v in checked:  # each value alone, with the fixed options: the Param's own checks and the game's
        new_game(game_id, players, 0, {**(fixed or {}), key: v})
    return space


def parse_target(text: str) -> tuple[str, tuple[float, float]]:
    """``NAME=LO..HI`` (a target range of a per-player measure: ``score`` or a measure of the game)."""
    name, _, body = text.partition("=")
    lo, sep, hi = body.partition("..")
    try:
        low, high = float(lo), float(hi)
    except ValueError:
        low = high = math.nan
    if not name.strip() or not sep or not (low < high):
        raise BadOption(f"--target needs NAME=LO..HI with LO below HI (e.g. score=80..120), got {text!r}")
    return name.strip(), (low, high)


# ---------------------------------------------------------------- what "better" means
@dataclass(frozen=True)
class Objective:
    """A weighted sum of named parts (``PARTS``), and the target ranges the ``target`` part reads."""

    weights: Mapping[str, float]
    targets: Mapping[str, tuple[float, float]] = field(default_factory=dict)

    def describe(self) -> str:
        return ", ".join(f"{k}={w:g}" for k, w in self.weights.items())

    def parts(self, records: Sequence[Mapping[str, Any]], base_length: float | None) -> dict[str, float]:
        """Every weighted part's value for these games, and ``capped`` (the share of games a cap stopped)."""
        out: dict[str, float] = {}
        done = [r for r in records if not r["capped"]]
        out["capped"] = 1 - len(done) / len(records) if records else 1.0
        if not done:
            return {**{k: math.inf for k in self.weights}, "capped": 1.0}
        for k in self.weights:
            if k == "seat":
                shares = seat_shares(done)
                out[k] = max(shares) - min(shares)
            elif k == "first":
                out[k] = abs(first_share(done) - 1 / done[0]["players"])
            elif k == "target":
                misses = []
                for name, (lo, hi) in self.targets.items():
                    v = statistics.fmean(x for r in done for x in seat_measure(r, name))
                    misses.append(max(0.0, lo - v, v - hi) / (hi - lo))
                out[k] = statistics.fmean(misses)
            elif k == "length":
                out[k] = statistics.fmean(r["length"] for r in done) / (base_length or 1.0)
        return out

    def value(self, records: Sequence[Mapping[str, Any]], base_length: float | None) -> float:
        p = self.parts(records, base_length)
        return sum(w * p[k] for k, w in self.weights.items()) + p["capped"]


def parse_objective(text: str, game_id: str, targets: Mapping[str, tuple[float, float]] | None = None) -> Objective:
    """``seat``, ``target``, ``length`` or ``seat=1,target=0.5`` as an ``Objective``. The ``target`` part reads the
    game's own target ranges (``GameInfo.score_targets``) unless ``targets`` are given."""
    weights: dict[str, float] = {}
    for item in (s.strip() for s in text.split(",")):
        if not item:
            continue
        name, sep, w = item.partition("=")
        name = name.strip()
        if name not in PARTS:
            raise BadOption(f"--objective: {name!r} is not one of {', '.join(PARTS)} (or a mix: seat=1,target=0.5)")
        try:
            weight = float(w) if sep else 1.0
        except ValueError:
            raise BadOption(f"--objective: the weight of {name} must be a number, got {w!r}") from None
        if not (weight > 0 and math.isfinite(weight)):
            raise BadOption(f"--objective: the weight of {name} must be above 0, got {w!r}")
        weights[name] = weight
    if not weights:
        raise BadOption(f"--objective names no part: use one of {', '.join(PARTS)} or a mix (seat=1,target=0.5)")
    goal = dict(targets) if targets else dict(game_class(game_id).info.score_targets)
    if "target" in weights and not goal:
        raise BadOption(
            f"{game_id}'s spec gives no target scores: name them with --target NAME=LO..HI "
            "(NAME: score, or a measure of the game's records)"
        )
    return Objective(weights, goal if "target" in weights else {})


def seat_shares(records: Sequence[Mapping[str, Any]]) -> list[float]:
    """Each seat's share of the wins (shared wins split) over these finished games."""
    return [r["rate"] for r in seat_win_rates(records, records[0]["players"])]


def first_share(records: Sequence[Mapping[str, Any]]) -> float:
    """The first player's share of the wins over these finished games."""
    return first_player_rate(records)["rate"]


def seat_measure(rec: Mapping[str, Any], name: str) -> list[float]:
    """A per-player end measure of one game: ``score`` (the final score), or the per-seat total of the game's
    ``extras.seat_values`` entry named ``name`` (or starting with it: ``Sun`` is ``Sun by source``)."""
    if name == "score":
        return [float(x) for x in rec["scores"]]
    values = (rec.get("extras") or {}).get("seat_values") or {}
    key = name if name in values else next((k for k in values if k.startswith(name + " ")), None)
    if key is None:
        known = ", ".join(["score", *(k.split(" ")[0] for k in values)])
        raise BadOption(f"no measure {name!r} in the records of {rec['game']} (known: {known})")
    return [float(sum(v.values()) if isinstance(v, Mapping) else v) for v in values[key]]


def check_targets(objective: Objective, records: Sequence[Mapping[str, Any]]) -> None:
    """Refuse a target measure the game's records do not have (after the first evaluation)."""
    done = [r for r in records if not r["capped"]]
    for name in objective.targets:
        if done:
            seat_measure(done[0], name)


# ---------------------------------------------------------------- evaluations
SLIM = ("index", "game", "players", "seed", "seats", "scores", "winners", "length", "capped", "first_player")


def slim(rec: Mapping[str, Any]) -> dict[str, Any]:
    """A record without its history and branching (what the objective and the report read)."""
    out = {k: rec[k] for k in SLIM if k in rec}
    seat_values = (rec.get("extras") or {}).get("seat_values")
    if seat_values:
        out["extras"] = {"seat_values": seat_values}
    return out


@dataclass
class Evaluation:
    """One candidate played on a set of seeds."""

    values: dict[str, Any]
    records: list[dict[str, Any]]
    objective: float = math.nan
    parts: dict[str, float] = field(default_factory=dict)

    def figures(self, targets: Iterable[str] = ()) -> dict[str, Any]:
        """Win share by seat (Wilson 95%), mean per player of score and of each target measure and game length
        (each with a normal 95% interval), and the games a cap stopped."""
        done = [r for r in self.records if not r["capped"]]
        out: dict[str, Any] = {"games": len(self.records), "capped": len(self.records) - len(done)}
        if not done:
            return out
        out["first_player"] = _rate(first_player_rate(done))
        out["win_share"] = [_rate(r) for r in seat_win_rates(done, done[0]["players"])]
        for name in ("score", *targets):
            out[name] = mean_ci([x for r in done for x in seat_measure(r, name)])
        out["length"] = mean_ci([float(r["length"]) for r in done])
        return out


def _rate(r: Mapping[str, float]) -> dict[str, float]:
    return {k: round(r[k], 4) for k in ("rate", "lo", "hi")}


def mean_ci(xs: Sequence[float]) -> dict[str, float]:
    """Mean with a normal 95% interval (1.96 standard errors)."""
    m = statistics.fmean(xs)
    half = 1.959964 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return {"mean": round(m, 3), "lo": round(m - half, 3), "hi": round(m + half, 3)}


def bootstrap(
    objective: Objective,
    a: Sequence[Mapping[str, Any]],
    base_length: float | None,
    b: Sequence[Mapping[str, Any]] | None = None,
    seed: int = 0,
) -> tuple[float, float]:
    """95% percentile interval of the objective of games ``a`` (or, given ``b`` on the same seeds, of
    objective(a) - objective(b), resampling the same game indices in both: a paired comparison)."""
    rng = random.Random(seed)
    n = len(a)
    vals = []
    for _ in range(BOOTSTRAP):
        pick = [rng.randrange(n) for _ in range(n)]
        va = objective.value([a[i] for i in pick], base_length)
        vals.append(va - objective.value([b[i] for i in pick], base_length) if b is not None else va)
    vals = sorted(v for v in vals if math.isfinite(v)) or [math.inf]
    return vals[int(0.025 * (len(vals) - 1))], vals[int(0.975 * (len(vals) - 1))]


# ---------------------------------------------------------------- the search
@dataclass
class TuneResult:
    """What ``run_tune`` found: the settings, the current values' figures, every trial, and the finalists'
    confirmation."""

    settings: dict[str, Any]
    baseline: dict[str, Any]
    trials: list[dict[str, Any]]
    finalists: list[dict[str, Any]]
    best: dict[str, Any] | None

    def as_dict(self) -> dict[str, Any]:
        return {
            "settings": self.settings,
            "baseline": self.baseline,
            "trials": self.trials,
            "finalists": self.finalists,
            "best": self.best,
        }


def values_text(values: Mapping[str, Any]) -> str:
    """A candidate's values as ``KEY=VALUE`` pairs, each value as ``--option`` takes it."""
    return " ".join(f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in values.items())


def verdict(difference_ci: tuple[float, float], games: int) -> str:
    """In words: whether a finalist beats the current values on the confirmation games."""
    if games < VERDICT_GAMES:
        return f"too few confirmation games to tell ({games}; a verdict needs {VERDICT_GAMES})"
    if difference_ci[1] < 0:
        return "clearly better (the difference's 95% interval lies below 0)"
    if difference_ci[0] > 0:
        return "clearly worse (the difference's 95% interval lies above 0)"
    return "not clearly different (the difference's 95% interval holds 0)"


def option_line(game_id: str, players: int, seats: Sequence[str], values: Mapping[str, Any]) -> str:
    """The ``tawa simulate`` command that plays these values (shell-quoted)."""
    import shlex

    opts = " ".join(
        f"--option {shlex.quote(k + '=' + json.dumps(v, separators=(',', ':')))}" for k, v in values.items()
    )
    seat_text = shlex.quote(",".join(dict.fromkeys(seats)) if len(set(seats)) == 1 else ",".join(seats))
    return f"tawa simulate {game_id} -p {players} --seats {seat_text} {opts}".strip()


def run_tune(
    game_id: str,
    spaces: Sequence[Space],
    objective: Objective,
    budget: int,
    games: int,
    seats: str,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    executor: Executor | None = None,
    out: Path | None = None,
    confirm: int | None = None,
    finalists: int = 3,
    on_trial: Callable[[dict[str, Any]], None] | None = None,
    on_stage: Callable[[str, int], None] | None = None,
) -> TuneResult:
    """Search ``budget`` candidates of ``spaces`` (each played as ``games`` seat-rotated games on the seeds from
    ``seed``), then confirm the best ``finalists`` and the current values on ``confirm`` (default ``2 * games``)
    fresh seeds. Settings that cannot work raise ``BadOption`` before any game is played (a target measure the
    records lack: after the first evaluation). Writes ``out/tune.json`` and each evaluation's simulate records
    under ``out/``. ``on_stage(name, evaluations)`` is told before the search and the confirmation; ``on_trial``
    after each evaluation."""
    import optuna

    info = game_class(game_id).info
    n_players = players or info.players[min(1, len(info.players) - 1)]
    if budget < 1:
        raise BadOption(f"--budget must be at least 1 candidate, got {budget}")
    if games < n_players:
        raise BadOption(f"--games must be at least {n_players} (one game per seat rotation), got {games}")
    games = -(-games // n_players) * n_players  # whole seat rotations: each bot plays each seat equally
    confirm = -(-(confirm or 2 * games) // n_players) * n_players
    if not spaces:
        raise BadOption("name at least one --param KEY=SPACE to tune")
    names = [s.name for s in spaces]
    if len(set(names)) != len(names):
        raise BadOption("each Param may be named once by --param")
    fixed = dict(options or {})
    clash = [n for n in names if n in fixed]
    if clash:
        raise BadOption(f"{', '.join(clash)} is both tuned (--param) and fixed (--option)")
    seat_list = expand_seats(seats, n_players)
    count = {"n": 0}

    def evaluate(values: Mapping[str, Any], first_seed: int, n: int, folder: str) -> Evaluation:
        opts = automated_options(game_id, {**fixed, **values})
        recs: list[dict[str, Any]] = []
        run_simulation(
            game_id,
            n,
            ",".join(seat_list),
            first_seed,
            n_players,
            opts,
            out=out / folder if out is not None else None,
            executor=executor,
            on_game=lambda r: recs.append(slim(r)),
        )
        recs.sort(key=lambda r: r["index"])
        return Evaluation(dict(values), recs)

    defaults = {s.name: info.params.resolve(fixed)[s.name] for s in spaces}
    defaults = json.loads(json.dumps(defaults))  # tuples as lists, as options are written
    if on_stage is not None:
        on_stage("search", budget + 1)
    base = evaluate(defaults, seed, games, "baseline")
    check_targets(objective, base.records)
    done_base = [r for r in base.records if not r["capped"]]
    base_length = statistics.fmean(r["length"] for r in done_base) if done_base else None
    base.parts = objective.parts(base.records, base_length)
    base.objective = objective.value(base.records, base_length)
    if on_trial is not None:
        on_trial({"number": -1, "values": defaults, "objective": base.objective, "parts": base.parts})

    sizes = [s.size for s in spaces]
    grid = None not in sizes and math.prod(s for s in sizes if s is not None) <= budget
    sampler: Any = (
        optuna.samplers.GridSampler({s.name: s.grid() for s in spaces}, seed=seed)
        if grid
        else optuna.samplers.TPESampler(seed=seed)
    )
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=sampler)
    cache: dict[str, Evaluation] = {json.dumps(defaults, sort_keys=True): base}
    trials: list[dict[str, Any]] = []

    def trial_fn(trial: Any) -> float:
        values = {s.name: s.suggest(trial) for s in spaces}
        key = json.dumps(values, sort_keys=True)
        row: dict[str, Any] = {"number": trial.number, "values": values}
        if key not in cache:
            try:
                new_game(game_id, n_players, seed, {**fixed, **values})  # the game's cross-checks of the values
            except (BadOption, ValueError) as e:
                row.update(objective=None, refused=str(e))
                trials.append(row)
                if on_trial is not None:
                    on_trial(row)
                raise optuna.TrialPruned(str(e)) from None
            count["n"] += 1
            ev = evaluate(values, seed, games, f"trials/{count['n']:04d}")
            ev.parts = objective.parts(ev.records, base_length)
            ev.objective = objective.value(ev.records, base_length)
            cache[key] = ev
        ev = cache[key]
        row.update(
            objective=ev.objective,
            parts=ev.parts,
            repeat=key in {json.dumps(t["values"], sort_keys=True) for t in trials},
        )
        trials.append(row)
        if on_trial is not None:
            on_trial(row)
        return ev.objective

    study.optimize(trial_fn, n_trials=budget if not grid else min(budget, math.prod(s for s in sizes if s)))

    # the finalists: the best distinct candidates of the search, and the current values, on fresh seeds
    ranked = sorted((t for t in trials if t.get("objective") is not None), key=lambda t: t["objective"])
    picked: list[dict[str, Any]] = []
    for t in ranked:
        if all(p["values"] != t["values"] for p in picked) and t["values"] != defaults:
            picked.append(t)
        if len(picked) == finalists:
            break
    if on_stage is not None:
        on_stage("confirm", len(picked) + 1)
    cseed = seed + CONFIRM_SEED_OFFSET
    cbase = evaluate(defaults, cseed, confirm, "confirm/baseline")
    cbase.objective = objective.value(cbase.records, base_length)
    confirmed: list[dict[str, Any]] = []
    targets = list(objective.targets)
    baseline = {
        "values": defaults,
        "search": {"objective": base.objective, "parts": base.parts, "figures": base.figures(targets)},
        "confirm": {
            "objective": cbase.objective,
            "objective_ci": bootstrap(objective, cbase.records, base_length, seed=seed),
            "parts": objective.parts(cbase.records, base_length),
            "figures": cbase.figures(targets),
        },
    }
    if on_trial is not None:
        on_trial({"number": -1, "values": defaults, "objective": cbase.objective, "stage": "confirm"})
    for i, t in enumerate(picked):
        ev = evaluate(t["values"], cseed, confirm, f"confirm/{i + 1}")
        ev.objective = objective.value(ev.records, base_length)
        diff = bootstrap(objective, ev.records, base_length, cbase.records, seed=seed + i + 1)
        row = {
            "values": t["values"],
            "search_objective": t["objective"],
            "objective": ev.objective,
            "objective_ci": bootstrap(objective, ev.records, base_length, seed=seed),
            "difference_ci": diff,
            "clearly_better": diff[1] < 0 and confirm >= VERDICT_GAMES,
            "verdict": verdict(diff, confirm),
            "parts": objective.parts(ev.records, base_length),
            "figures": ev.figures(targets),
            "command": option_line(game_id, n_players, seat_list, t["values"]),
        }
        confirmed.append(row)
        if on_trial is not None:
            on_trial({"number": t["number"], "values": t["values"], "objective": ev.objective, "stage": "confirm"})
    best = min(confirmed, key=lambda r: r["objective"]) if confirmed else None
    settings = {
        "game": game_id,
        "players": n_players,
        "seats": seat_list,
        "seed": seed,
        "games": games,
        "confirm": confirm,
        "confirm_seed": cseed,
        "budget": budget,
        "finalists": finalists,
        "sampler": "grid" if grid else "tpe",
        "objective": dict(objective.weights),
        "targets": {k: list(v) for k, v in objective.targets.items()},
        "options": fixed,
        "spaces": [{"name": s.name, "kind": s.kind, "values": s.describe()} for s in spaces],
        "evaluations": count["n"],
        "optuna": optuna.__version__,
    }
    result = TuneResult(settings, baseline, trials, confirmed, best)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        (out / "tune.json").write_text(json.dumps(result.as_dict(), indent=1), encoding="utf-8")
    return result


__all__ = [
    "Evaluation",
    "Objective",
    "Space",
    "TuneResult",
    "bootstrap",
    "first_share",
    "option_line",
    "parse_objective",
    "parse_space",
    "parse_target",
    "run_tune",
    "seat_measure",
    "seat_shares",
    "values_text",
    "verdict",
]
