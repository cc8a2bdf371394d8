"""``tawa report``: a self-contained HTML report (plots embedded as PNG) of simulate results.

Reads every ``*.jsonl`` in a folder (one section per game) and shows: win rate per bot and
per seat with 95% Wilson intervals, score distributions, game length, branching factor
over the game, first-player advantage, per-game extras (``record["extras"]``, see
``tawa.lab.extras``), OpenSkill ratings of the bots, think time per move, and the games
stopped by a safety cap counted and shown apart (never mixed into the figures).
"""

from __future__ import annotations

import base64
import html
import io
import json
import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tawa.core.errors import UnknownGame
from tawa.core.registry import game_class
from tawa.lab.simulate import read_records
from tawa.lab.stats import openskill_game, wilson


# ---------------------------------------------------------------- data
def load_results(path: Path) -> dict[str, list[dict[str, Any]]]:
    """Records per game id, from one .jsonl file or every .jsonl file in a folder."""
    files = [path] if path.is_file() else sorted(path.glob("*.jsonl"))
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in files:
        for rec in read_records(f):
            if "game" in rec and "seats" in rec:
                out[rec["game"]].append(rec)
    return dict(out)


def _share(rec: Mapping[str, Any], seat: int) -> float:
    w = rec["winners"]
    return 1 / len(w) if seat in w else 0.0


def bot_win_rates(recs: Sequence[dict[str, Any]]) -> dict[str, dict[str, float]]:
    games: dict[str, float] = defaultdict(float)
    wins: dict[str, float] = defaultdict(float)
    for r in recs:
        for s, spec in enumerate(r["seats"]):
            games[spec] += 1
            wins[spec] += _share(r, s)
    return {b: _ci(wins[b], games[b]) for b in sorted(games)}


def seat_win_rates(recs: Sequence[Mapping[str, Any]], players: int) -> list[dict[str, float]]:
    return [_ci(sum(_share(r, s) for r in recs), len(recs)) for s in range(players)]


def first_player_rate(recs: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    return _ci(sum(_share(r, r.get("first_player") or 0) for r in recs), len(recs))


def _ci(wins: float, n: float) -> dict[str, float]:
    lo, hi = wilson(wins, n)
    return {"wins": wins, "n": n, "rate": wins / n if n else 0.0, "lo": lo, "hi": hi}


def openskill_ratings(recs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """PlackettLuce ratings of the bot specs, one update per game (teams of one seat: ``tawa.lab.stats.openskill_game``,
    as the server rates its tables)."""
    ratings: dict[str, tuple[float, float]] = {}
    for r in sorted(recs, key=lambda x: x.get("index", 0)):
        ratings.update(openskill_game(ratings, r["seats"], list(r["ranking"])))
    from openskill.models import PlackettLuce

    default = PlackettLuce().rating()
    for spec in {s for r in recs for s in r["seats"]} - set(ratings):  # only ever met itself
        ratings[spec] = (default.mu, default.sigma)
    rows = [{"bot": s, "mu": mu, "sigma": sg, "ordinal": mu - 3.0 * sg} for s, (mu, sg) in ratings.items()]
    return sorted(rows, key=lambda d: -d["ordinal"])


# ---------------------------------------------------------------- plots
def _fig_to_img(fig: Any, alt: str) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


MANY_LABELS = 6  # above this many categories a chart lies on its side: one label a row, none overlapping


def _rate_bars(ax: Any, labels: list[str], rows: list[dict[str, float]], chance: float, title: str) -> None:
    """Win rates with their 95% intervals, one bar per label; horizontal bars when there are many labels."""
    rates = [r["rate"] for r in rows]
    err = [[max(0.0, r["rate"] - r["lo"]) for r in rows], [max(0.0, r["hi"] - r["rate"]) for r in rows]]
    if len(labels) > MANY_LABELS:
        ax.barh(range(len(rows)), rates, xerr=err, capsize=3, color="#4c72b0")
        ax.axvline(chance, color="grey", ls="--", lw=1, label=f"1/n = {chance:.2f}")
        ax.set_yticks(range(len(rows)), labels, fontsize=8)
        ax.invert_yaxis()  # the first label on top
        ax.set_xlim(0, 1)
        ax.set_xlabel("win rate (95% CI)")
    else:
        ax.bar(range(len(rows)), rates, yerr=err, capsize=4, color="#4c72b0")
        ax.axhline(chance, color="grey", ls="--", lw=1, label=f"1/n = {chance:.2f}")
        ax.set_xticks(range(len(rows)), labels, rotation=20, ha="right", fontsize=8)
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)


def category_figure(
    name: str, cats: list[str], rates: list[dict[str, float]], won: list[float], unit: str, chance: float
) -> Any:
    """Win rate by category (left) and the mean length of the games won (right). With many categories (the
    Camayos of Sacred Valley) both lie on their side, one category a row, sharing the labels."""
    import matplotlib.pyplot as plt

    labels = [f"{c} (n={int(r['n'])})" for c, r in zip(cats, rates, strict=True)]
    many = len(cats) > MANY_LABELS
    fig, axes = plt.subplots(1, 2, figsize=(12, max(3.6, 0.32 * len(cats) + 1.2) if many else 3.6), sharey=many)
    _rate_bars(axes[0], labels, rates, chance, f"win rate by {name}")
    if many:
        axes[1].barh(range(len(cats)), won, color="#c44e52")
        axes[1].set_xlabel(unit)
        axes[1].tick_params(axis="y", labelleft=False)
    else:
        axes[1].bar(range(len(cats)), won, color="#c44e52")
        axes[1].set_xticks(range(len(cats)), labels, rotation=20, ha="right", fontsize=8)
    axes[1].set_title(f"{unit} to win (mean over games won), by {name}", fontsize=10)
    fig.tight_layout()
    return fig


def length_histogram(ax: Any, lengths: list[int]) -> None:
    """Game lengths; both axes count whole things (actions, games), so their ticks are whole numbers."""
    from matplotlib.ticker import MaxNLocator

    ax.hist(lengths, bins=30, color="#55a868")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title("game length", fontsize=10)


def _plots(recs: list[dict[str, Any]], players: int) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    imgs = []
    chance = 1 / players
    # 1. win rate per bot, per seat, first player
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.6))
    bots = bot_win_rates(recs)
    _rate_bars(axes[0], list(bots), list(bots.values()), chance, "win rate per bot")
    seats = seat_win_rates(recs, players)
    _rate_bars(axes[1], [f"seat {s}" for s in range(players)], seats, chance, "win rate per seat")
    fp: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in recs:
        fp[r["seats"][r.get("first_player") or 0]].append(r)
    rows = [first_player_rate(recs)] + [first_player_rate(v) for v in fp.values()]
    _rate_bars(axes[2], ["all", *[f"{b} first" for b in fp]], rows, chance, "first player's win rate")
    imgs.append(_fig_to_img(fig, "win rates"))
    # 2. score distributions per bot and per seat
    fig, axes = plt.subplots(1, 2, figsize=(12, 3.6))
    by_bot: dict[str, list[float]] = defaultdict(list)
    for r in recs:
        for spec, sc in zip(r["seats"], r["scores"], strict=True):
            by_bot[spec].append(sc)
    axes[0].boxplot(list(by_bot.values()))
    axes[0].set_xticks(range(1, len(by_bot) + 1), list(by_bot), rotation=20, ha="right", fontsize=8)
    axes[0].set_title("score per bot", fontsize=10)
    axes[1].boxplot([[r["scores"][s] for r in recs] for s in range(players)])
    axes[1].set_xticks(range(1, players + 1), [f"seat {s}" for s in range(players)], fontsize=8)
    axes[1].set_title("score per seat", fontsize=10)
    imgs.append(_fig_to_img(fig, "scores"))
    # 3. game length and branching factor over the game
    fig, axes = plt.subplots(1, 2, figsize=(12, 3.6))
    length_histogram(axes[0], [r["length"] for r in recs])
    bins: list[list[int]] = [[] for _ in range(20)]
    for r in recs:
        br = r.get("branching") or []
        for i, b in enumerate(br):
            bins[min(19, i * 20 // max(1, len(br)))].append(b)
    xs = [i * 5 + 2.5 for i, b in enumerate(bins) if b]
    med = [statistics.median(b) for b in bins if b]
    mean = [statistics.fmean(b) for b in bins if b]
    q1 = [statistics.quantiles(b, n=4)[0] if len(b) > 1 else b[0] for b in bins if b]
    q3 = [statistics.quantiles(b, n=4)[2] if len(b) > 1 else b[0] for b in bins if b]
    axes[1].fill_between(xs, q1, q3, alpha=0.3, label="quartiles")
    axes[1].plot(xs, med, label="median")
    axes[1].plot(xs, mean, ls="--", label="mean")
    axes[1].set_xlabel("% of the game's decisions")
    axes[1].set_ylabel("legal actions")
    axes[1].set_title("branching factor over the game", fontsize=10)
    axes[1].legend(fontsize=8)
    imgs.append(_fig_to_img(fig, "length and branching"))
    imgs.extend(_extras_plots(recs, players))
    return imgs


def _extras_plots(recs: list[dict[str, Any]], players: int) -> list[str]:
    """Per-game extras (``Game.report_extras``), by these conventions:
    ``seat_category`` {name: [category (or list of them) of each seat]} -> win rate and length of
    the games won (``turns`` if the extras give it, else actions) by category;
    ``seat_values`` {name: [{key: number} of each seat]} -> mean per key, winners vs the rest;
    ``game_category`` {name: category} -> seat win rates and game length by category."""
    import matplotlib.pyplot as plt

    withx = [r for r in recs if r.get("extras")]
    if not withx:
        return []
    imgs = []
    names = sorted({k for r in withx for k in (r["extras"].get("seat_category") or {})})
    for name in names:
        wins: dict[str, float] = defaultdict(float)
        n: dict[str, float] = defaultdict(float)
        won_len: dict[str, list[int]] = defaultdict(list)
        for r in withx:
            for s, cat in enumerate(r["extras"]["seat_category"].get(name, [])):
                for c in cat if isinstance(cat, list) else [cat]:  # a seat may hold several
                    if c is None:
                        continue
                    key = str(c)
                    n[key] += 1
                    wins[key] += _share(r, s)
                    if s in r["winners"]:
                        won_len[key].append(r["extras"].get("turns", r["length"]))
        cats = sorted(n)
        unit = "turns" if any("turns" in r["extras"] for r in withx) else "actions"
        fig = category_figure(
            name,
            cats,
            [_ci(wins[c], n[c]) for c in cats],
            [statistics.fmean(won_len[c]) if won_len[c] else 0 for c in cats],
            unit,
            1 / players,
        )
        imgs.append(_fig_to_img(fig, f"by {name}"))
    names = sorted({k for r in withx for k in (r["extras"].get("seat_values") or {})})
    for name in names:
        winners: list[dict[str, float]] = []
        others: list[dict[str, float]] = []
        for r in withx:
            for s, d in enumerate(r["extras"]["seat_values"].get(name, [])):
                (winners if s in r["winners"] else others).append(d or {})
        keys = sorted({k for d in winners + others for k in d})

        def mean(ds: list[dict[str, float]], k: str) -> float:  # a missing key counts 0
            return sum(float(d.get(k, 0)) for d in ds) / len(ds) if ds else 0.0

        fig, ax = plt.subplots(figsize=(max(6, len(keys) * 0.9), 3.6))
        x = range(len(keys))
        ax.bar([i - 0.2 for i in x], [mean(winners, k) for k in keys], 0.4, label="winners")
        ax.bar([i + 0.2 for i in x], [mean(others, k) for k in keys], 0.4, label="others")
        ax.set_xticks(list(x), keys, rotation=20, ha="right", fontsize=8)
        ax.set_title(f"{name}: mean per seat", fontsize=10)
        ax.legend(fontsize=8)
        imgs.append(_fig_to_img(fig, name))
    names = sorted({k for r in withx for k in (r["extras"].get("game_category") or {})})
    for name in names:
        groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in withx:
            if name in (r["extras"].get("game_category") or {}):
                groups[str(r["extras"]["game_category"][name])].append(r)
        cats = sorted(groups)
        fig, axes = plt.subplots(1, 2, figsize=(12, 3.6))
        width = 0.8 / players
        for s in range(players):
            rows = [seat_win_rates(groups[c], players)[s] for c in cats]
            axes[0].bar([i + s * width for i in range(len(cats))], [r["rate"] for r in rows], width, label=f"seat {s}")
        axes[0].set_xticks([i + 0.4 - width / 2 for i in range(len(cats))], cats, rotation=20, ha="right", fontsize=8)
        axes[0].set_title(f"seat win rate by {name}", fontsize=10)
        axes[0].legend(fontsize=7)
        axes[1].bar(range(len(cats)), [statistics.fmean(r["length"] for r in groups[c]) for c in cats])
        axes[1].set_xticks(range(len(cats)), cats, rotation=20, ha="right", fontsize=8)
        axes[1].set_title(f"mean game length by {name}", fontsize=10)
        imgs.append(_fig_to_img(fig, f"by {name}"))
    return imgs


# ---------------------------------------------------------------- html
def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    th = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    trs = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{th}</tr>{trs}</table>"


def _pct(r: dict[str, float]) -> str:
    return f"{r['rate']:.1%} [{r['lo']:.1%}, {r['hi']:.1%}]"


def game_section(game_id: str, recs: list[dict[str, Any]], settings: dict[str, Any] | None) -> str:
    players = recs[0]["players"]
    finished = [r for r in recs if not r["capped"]]
    capped = [r for r in recs if r["capped"]]
    parts = [f"<h2>{html.escape(game_id)} — {players} players</h2>"]
    opts = sorted({json.dumps(r.get("options") or {}, sort_keys=True) for r in recs})
    parts.append(
        f"<p>{len(recs)} games: <b>{len(finished)}</b> ended by the rules, "
        f"<b>{len(capped)}</b> stopped by a safety cap (counted apart, left out of every figure below)."
        "</p>"
    )
    parts.append("<p>Options: " + "; ".join(f"<code>{html.escape(o)}</code>" for o in opts) + "</p>")
    if settings:
        parts.append(
            f"<p>Run: seats <code>{html.escape(','.join(settings.get('seats', [])))}</code>, "
            f"seed {settings.get('seed')}, rotation {'on' if settings.get('rotate') else 'off'}. "
            f"Reproduce: <code>{html.escape(_command(settings))}</code></p>"
        )
    if not finished:
        parts.append(
            f"<p><b>No figures for this section:</b> every one of its games was stopped by the safety cap"
            f"{_caps_text(game_id, recs)} — a digital limit, not a rule of the game — so none has a result "
            "by the rules to measure, and win rates, scores, lengths and plots of unfinished games would "
            "mislead. Only the capped games are listed. Bots that play toward the end (<code>progress</code>,"
            " <code>greedy</code>) finish their games.</p>"
        )
    if capped:
        parts.append(
            "<h3>Capped games</h3>"
            + _table(
                ["index", "seed", "seats", "length", "scores"],
                [[r.get("index"), r["seed"], ",".join(r["seats"]), r["length"], r["scores"]] for r in capped[:50]],
            )
        )
    if not finished:
        return "\n".join(parts)
    bots = bot_win_rates(finished)
    think: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for r in recs:
        for s, spec in enumerate(r["seats"]):
            if r.get("moves"):
                think[spec][0] += r["think"][s]
                think[spec][1] += r["moves"][s]
    parts.append(
        "<h3>Bots</h3>"
        + _table(
            ["bot", "seats played", "win share (95% CI)", "s per move"],
            [
                [b, int(v["n"]), _pct(v), f"{think[b][0] / think[b][1]:.4f}" if think[b][1] else "-"]
                for b, v in bots.items()
            ],
        )
    )
    seats = seat_win_rates(finished, players)
    fp = first_player_rate(finished)
    parts.append(
        "<h3>Seats</h3>"
        + _table(
            ["seat", "win share (95% CI)", "mean score", "sd"],
            [
                [
                    s,
                    _pct(v),
                    f"{statistics.fmean(r['scores'][s] for r in finished):.2f}",
                    f"{statistics.pstdev([r['scores'][s] for r in finished]):.2f}",
                ]
                for s, v in enumerate(seats)
            ],
        )
    )
    parts.append(
        f"<p>First player wins {_pct(fp)} (1/n = {1 / players:.1%}). Mean length "
        f"{statistics.fmean(r['length'] for r in finished):.1f} actions; mean branching factor "
        f"{statistics.fmean(r['mean_branching'] for r in finished):.2f}.</p>"
    )
    ratings = openskill_ratings(finished)
    if len({r["bot"] for r in ratings}) > 1:
        parts.append(
            "<h3>Ratings (OpenSkill Plackett-Luce, ordinal = mu - 3 sigma)</h3>"
            + _table(
                ["bot", "mu", "sigma", "ordinal"],
                [[r["bot"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['ordinal']:.2f}"] for r in ratings],
            )
        )
    parts.append("<h3>Plots</h3>" + "\n".join(_plots(finished, players)))
    return "\n".join(parts)


def _caps_text(game_id: str, recs: list[dict[str, Any]]) -> str:
    """`` (TURN_CAP = 300)``: the game's safety caps as these games were played, or ``""``."""
    try:
        caps = game_class(game_id).info.automation_options
    except UnknownGame:
        return ""
    opts = recs[0].get("options") or {}
    said = [f"{k} = {json.dumps(opts.get(k, v))}" for k, v in caps.items()]
    return f" (<code>{html.escape(', '.join(said))}</code>)" if said else ""


def _command(s: dict[str, Any]) -> str:
    opts = " ".join(f"--option {k}={json.dumps(v, separators=(',', ':'))}" for k, v in (s.get("options") or {}).items())
    rot = "" if s.get("rotate", True) else " --no-rotate"
    return (
        f"tawa simulate {s['game']} -n {s['n']} -p {s['players']} --seats {','.join(s['seats'])} "
        f"--seed {s['seed']}{rot} {opts}"
    ).strip()


CSS = """body{font-family:sans-serif;max-width:1300px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px}
th{background:#eee}img{max-width:100%;display:block;margin:.5em 0}code{background:#f4f4f4}"""


def write_report(path: Path, out: Path | None = None) -> Path:
    """Write the HTML report of the results in ``path`` (folder or .jsonl); return its path."""
    results = load_results(path)
    if not results:
        raise ValueError(f"no simulate results (*.jsonl) in {path}")
    folder = path if path.is_dir() else path.parent
    sections = []
    for gid, recs in sorted(results.items()):
        run = folder / f"{gid}.run.json"
        settings = json.loads(run.read_text(encoding="utf-8")) if run.exists() else None
        sections.append(game_section(gid, recs, settings))
    doc = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>Tawa simulation report</title>"
        f"<style>{CSS}</style></head><body><h1>Tawa simulation report</h1>"
        f"<p>Source: <code>{html.escape(str(path))}</code>. Win shares split shared wins; intervals are "
        f"95% Wilson intervals.</p>{''.join(sections)}</body></html>"
    )
    target = out or folder / "report.html"
    target.write_text(doc, encoding="utf-8")
    return target
