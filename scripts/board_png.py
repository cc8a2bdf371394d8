"""Render a game's board view to PNG with Debian's Chromium headless, to look at it (issue 18).

    PYTHONPATH=src python scripts/board_png.py pachakuna --out /tmp/pk             # a mid-game position, seat 0
    PYTHONPATH=src python scripts/board_png.py pachakuna --steps 0 -o layout=B --seat none --width 800
    PYTHONPATH=src python scripts/board_png.py pachakuna --until move --previews  # stop at a move decision
    PYTHONPATH=src python scripts/board_png.py pachakuna --seed 1 --steps 169 --seat 1 --quantize  # docs/img
    PYTHONPATH=src python scripts/board_png.py sacred-valley --players 5 --steps 150 --until partner
    PYTHONPATH=src python scripts/board_png.py ayar --players 4 --steps 150 --until place --previews

Plays a seeded progress-biased game for ``--steps`` actions (then on to the first decision named ``--until``, if
given: the observation's ``step``, ``mode`` or ``phase``, or ``pay`` for a P'achakuna payment), writes
``board.svg``, an HTML page with it and the chooser previews of the decision, and ``board.png``. The legal
actions' targets are outlined in the page as the client would highlight them. The view is the game package's
``view`` module.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from PIL import Image

import tawa
from tawa.core.rng import Rng
from tawa.lab.playout import automated_options, random_action

CHROMIUM = (
    "/usr/bin/chromium",
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
)


def page(svg: str, targets: dict[str, str], previews: dict[str, str], width: int) -> str:
    marks = ", ".join(f'[id="{t}"]' for t in sorted(set(targets.values())))
    style = (
        f"{marks} {{ outline: none; filter: drop-shadow(0 0 4px #ff0) drop-shadow(0 0 2px #f80); }}" if marks else ""
    )
    strip = "".join(f'<div class="pv">{p}</div>' for p in list(previews.values())[:6])
    return (
        f"<!doctype html><html><head><style>body{{margin:0;background:#ddd}} .b svg{{width:{width}px;"
        f"display:block}} .pv{{display:inline-block;width:110px}} {style}</style></head><body>"
        f'<div class="b">{svg}</div><div>{strip}</div></body></html>'
    )


def decision(obs: dict[str, Any]) -> str:
    """The name of the decision an observation is at (``--until``)."""
    if obs.get("paying"):
        return "pay"
    return str(obs.get("step") or obs.get("mode") or obs.get("phase") or "")


def option(text: str) -> tuple[str, Any]:
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="game id, e.g. pachakuna or sacred-valley")
    ap.add_argument("--players", type=int, default=None, help="player count (default: the game's smallest)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        type=option,
        metavar="KEY=VALUE",
        help="a game option (value as JSON, else text), e.g. -o layout=B",
    )
    ap.add_argument("--until", default=None, help="then play on to the first decision of this name")
    ap.add_argument("--seat", default="0", help="a seat number or none (spectator)")
    ap.add_argument("--width", type=int, default=1200)
    ap.add_argument("--height", type=int, default=None, help="window height (default: from the viewBox)")
    ap.add_argument("--previews", action="store_true", help="show the chooser previews below the board")
    ap.add_argument("--out", default="/tmp/board")
    ap.add_argument("--quantize", action="store_true", help="256-colour PNG (for docs/img: a third of the size)")
    a = ap.parse_args()
    players = a.players or min(tawa.game_class(a.game).info.players)
    g = tawa.new_game(a.game, players, a.seed, automated_options(a.game, dict(a.option)))
    view = importlib.import_module(type(g).__module__.rsplit(".", 1)[0] + ".view")
    rng = Rng(a.seed)
    for _ in range(a.steps):
        if g.is_over:
            break
        g.apply(random_action(g, rng, biased=True))
    while a.until and not g.is_over and decision(g.observation(None)) != a.until:
        g.apply(random_action(g, rng, biased=True))
    seat = None if a.seat == "none" else int(a.seat)
    obs = g.observation(seat)
    legal = [x.id for x in g.legal_actions()] if seat == g.current_player else []
    svg = view.svg(obs)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "board.svg").write_text(svg)
    html = out / "board.html"
    pv = view.previews(obs, legal) if a.previews and hasattr(view, "previews") else {}
    html.write_text(page(svg, view.targets(obs, legal), pv, a.width))
    vb = [float(v) for v in svg.split('viewBox="', 1)[1].split('"', 1)[0].split()]
    height = a.height or round(a.width * vb[3] / vb[2]) + (140 if pv else 0)
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                *CHROMIUM,
                f"--user-data-dir={profile}",
                f"--screenshot={out / 'board.png'}",
                f"--window-size={a.width},{height}",
                html.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    if a.quantize:
        png = Image.open(out / "board.png").convert("RGB")
        png.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out / "board.png", optimize=True)
    print(f"{out / 'board.png'}  ({decision(obs)}, {len(legal)} legal actions)")


if __name__ == "__main__":
    main()
