"""The HTML report of a ``tawa tune`` run (``tune.html`` beside ``tune.json``): the settings, the best values with
their intervals and the exact ``--option`` line that plays them, the confirmation of the finalists against the
current values, a plot of the objective against each Param, and every trial."""

from __future__ import annotations

import html
import json
import math
from pathlib import Path
from typing import Any

from tawa.lab.report import CSS, _fig_to_img, _table
from tawa.lab.tune import TuneResult, values_text


def _fmt(x: float | None) -> str:
    return "-" if x is None or not math.isfinite(x) else f"{x:.4f}"


def _ci(lo_hi: Any) -> str:
    return f"[{_fmt(lo_hi[0])}, {_fmt(lo_hi[1])}]"


def _short(v: Any, most: int = 40) -> str:
    text = json.dumps(v, separators=(",", ":"))
    return text if len(text) <= most else text[: most - 1] + "…"


def _parts(parts: dict[str, float]) -> str:
    return ", ".join(f"{k} {v:.3f}" for k, v in parts.items())


def _figures_text(f: dict[str, Any], targets: list[str]) -> list[str]:
    """Win shares by seat, score, target measures and length, each with its interval."""
    if "win_share" not in f:
        return ["every game stopped by a safety cap", "", ""]
    shares = "; ".join(f"{i + 1}: {s['rate']:.1%} [{s['lo']:.1%}, {s['hi']:.1%}]" for i, s in enumerate(f["win_share"]))
    fp = f.get("first_player")
    if fp:
        shares += f"; first player: {fp['rate']:.1%} [{fp['lo']:.1%}, {fp['hi']:.1%}]"
    means = "; ".join(f"{k} {f[k]['mean']:.1f} [{f[k]['lo']:.1f}, {f[k]['hi']:.1f}]" for k in ("score", *targets))
    return [shares, means, f"{f['length']['mean']:.1f} [{f['length']['lo']:.1f}, {f['length']['hi']:.1f}]"]


def _plots(result: TuneResult) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    scored = [t for t in result.trials if t.get("objective") is not None and math.isfinite(t["objective"])]
    base = result.baseline["search"]["objective"]
    imgs = []
    for sp in result.settings["spaces"]:
        name = sp["name"]
        fig, ax = plt.subplots(figsize=(6, 3.2))
        if sp["kind"] == "choice":
            labels = sorted({json.dumps(t["values"][name], separators=(",", ":")) for t in scored})
            xs = [labels.index(json.dumps(t["values"][name], separators=(",", ":"))) for t in scored]
            ax.set_xticks(
                range(len(labels)),
                [lb if len(lb) <= 18 else lb[:17] + "…" for lb in labels],
                rotation=20,
                ha="right",
                fontsize=7,
            )
        else:
            xs = [t["values"][name] for t in scored]
        ax.scatter(xs, [t["objective"] for t in scored], s=22, alpha=0.75, label="candidates (search)")
        if math.isfinite(base):
            ax.axhline(base, color="gray", linestyle="--", linewidth=1, label="current values")
        ax.set_xlabel(name)
        ax.set_ylabel("objective (lower is better)")
        ax.set_title(f"objective against {name}", fontsize=10)
        ax.legend(fontsize=7)
        imgs.append(_fig_to_img(fig, f"objective against {name}"))
    return imgs


def write_tune_report(result: TuneResult, path: Path) -> Path:
    """Write the report to ``path`` (a file) and return it."""
    s = result.settings
    targets = list(s["targets"])
    parts = [
        f"<h1>tawa tune {html.escape(s['game'])} — {s['players']} players</h1>",
        f"<p>Objective <code>{html.escape(', '.join(f'{k}={w:g}' for k, w in s['objective'].items()))}"
        "</code> (lower is better; parts: seat = spread of the win shares by seat, first = distance of the first "
        "player's win share from 1/players, target = how far the mean "
        "per player lies outside the target range, in widths of the range"
        + (
            f" ({html.escape(', '.join(f'{k} {lo:g}-{hi:g}' for k, (lo, hi) in s['targets'].items()))})"
            if targets
            else ""
        )
        + ", length = mean game length relative to the current values; plus the share of games a safety cap "
        "stopped).</p>",
        f"<p>Seats <code>{html.escape(','.join(s['seats']))}</code>, seat-rotated. Search: {s['budget']} "
        f"candidates by Optuna {html.escape(s['optuna'])} ({s['sampler']} sampler), each {s['games']} games on "
        f"seeds {s['seed']}..{s['seed'] + s['games'] - 1} (the same for every candidate). Confirmation: the "
        f"best {s['finalists']} and the current values on {s['confirm']} fresh seeds from {s['confirm_seed']}; "
        "intervals are 95% (bootstrap over games for the objective, paired for the difference to the current "
        "values; Wilson for win shares; normal for means).</p>",
        "<p>Tuned: "
        + "; ".join(f"<code>{html.escape(sp['name'])}</code> in {html.escape(sp['values'])}" for sp in s["spaces"])
        + "</p>",
    ]
    if s["options"]:
        parts.append(f"<p>Fixed options: <code>{html.escape(json.dumps(s['options']))}</code></p>")
    best = result.best
    if best is not None:
        parts.append(
            f"<h2>Best values</h2><p>Against the current values: <b>{html.escape(best['verdict'])}</b>.</p>"
            + _table(
                ["Param", "best", "current"],
                [[k, _short(v, 80), _short(result.baseline["values"][k], 80)] for k, v in best["values"].items()],
            )
            + f"<p>Objective {_fmt(best['objective'])} {_ci(best['objective_ci'])} against "
            f"{_fmt(result.baseline['confirm']['objective'])} {_ci(result.baseline['confirm']['objective_ci'])} "
            f"for the current values; difference {_ci(best['difference_ci'])}.</p>"
            + f"<p>Reproduce: <code>{html.escape(best['command'])}</code></p>"
        )
    else:
        parts.append("<h2>Best values</h2><p>No candidate besides the current values was evaluated.</p>")
    head = [
        "candidate",
        "values",
        "search objective",
        "confirmed objective (95% CI)",
        "its parts",
        "difference to current",
        "win share by seat",
        "means per player",
        "length",
    ]
    rows = [
        [
            "current values",
            values_text(result.baseline["values"]),
            _fmt(result.baseline["search"]["objective"]),
            f"{_fmt(result.baseline['confirm']['objective'])} {_ci(result.baseline['confirm']['objective_ci'])}",
            _parts(result.baseline["confirm"]["parts"]),
            "-",
            *_figures_text(result.baseline["confirm"]["figures"], targets),
        ]
    ]
    for i, f in enumerate(result.finalists):
        rows.append(
            [
                f"finalist {i + 1}",
                values_text(f["values"]),
                _fmt(f["search_objective"]),
                f"{_fmt(f['objective'])} {_ci(f['objective_ci'])}",
                _parts(f["parts"]),
                f"{_ci(f['difference_ci'])}: {f['verdict']}",
                *_figures_text(f["figures"], targets),
            ]
        )
    parts.append("<h2>Confirmation</h2>" + _table(head, rows))
    parts.append("<h2>Objective against each Param</h2>" + "\n".join(_plots(result)))
    trial_rows = []
    for t in result.trials:
        obj = t.get("objective")
        note = t.get("refused") or ("repeat (same values as an earlier trial)" if t.get("repeat") else "")
        trial_rows.append([t["number"], values_text(t["values"]), _fmt(obj), _parts(t.get("parts") or {}), note])
    parts.append("<h2>Trials</h2>" + _table(["trial", "values", "objective", "parts", "note"], trial_rows))
    doc = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>tawa tune {html.escape(s['game'])}</title>"
        f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(doc, encoding="utf-8")
    return path
