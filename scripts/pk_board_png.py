"""Render P'achakuna board views to PNG with Debian's Chromium headless, to look at them (issue 18).

    PYTHONPATH=src python scripts/pk_board_png.py --out /tmp/pk            # a mid-game position, seat 0
    PYTHONPATH=src python scripts/pk_board_png.py --steps 0 --layout B --seat none --width 800
    PYTHONPATH=src python scripts/pk_board_png.py --until move --previews  # stop at a move / rotate decision
    PYTHONPATH=src python scripts/pk_board_png.py --seed 1 --steps 169 --seat 1 --quantize   # docs/img picture

Plays a seeded progress-biased game for ``--steps`` actions (then on to the first decision of ``--until`` if
given), writes ``board.svg``, an HTML page with it and the chooser previews of the decision, and ``board.png``.
The legal actions' targets are outlined in the page as the client would highlight them.
"""
from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

from PIL import Image

import tawa
from tawa.core.rng import Rng
from tawa.games.pachakuna import view
from tawa.lab.playout import automated_options, random_action

CHROMIUM = ("/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars")


def page(svg: str, targets: dict[str, str], previews: dict[str, str], width: int) -> str:
    marks = ", ".join(f"#{t}" for t in sorted(set(targets.values())))
    style = f"{marks} {{ outline: none; filter: drop-shadow(0 0 4px #ff0) drop-shadow(0 0 2px #f80); }}" if marks \
        else ""
    strip = "".join(f'<div class="pv">{p}</div>' for p in list(previews.values())[:6])
    return (f"<!doctype html><html><head><style>body{{margin:0;background:#ddd}} .b svg{{width:{width}px;"
            f"display:block}} .pv{{display:inline-block;width:110px}} {style}</style></head><body>"
            f'<div class="b">{svg}</div><div>{strip}</div></body></html>')


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--layout", default="A")
    ap.add_argument("--until", choices=("rotate", "rotate-paid", "move", "trade", "pay"), default=None)
    ap.add_argument("--seat", default="0", help="0, 1 or none (spectator)")
    ap.add_argument("--width", type=int, default=1200)
    ap.add_argument("--previews", action="store_true", help="show the chooser previews below the board")
    ap.add_argument("--out", default="/tmp/pk-board")
    ap.add_argument("--quantize", action="store_true", help="256-colour PNG (for docs/img: a third of the size)")
    a = ap.parse_args()
    g = tawa.new_game("pachakuna", 2, a.seed, automated_options("pachakuna", {"layout": a.layout}))
    rng = Rng(a.seed)
    for _ in range(a.steps):
        if g.is_over:
            break
        g.apply(random_action(g, rng, biased=True))
    while a.until and not g.is_over:
        obs = g.observation(None)
        here = "pay" if obs["paying"] else obs["step"]
        if here == a.until:
            break
        g.apply(random_action(g, rng, biased=True))
    seat = None if a.seat == "none" else int(a.seat)
    obs = g.observation(seat)
    legal = [x.id for x in g.legal_actions()] if seat == g.current_player else []
    svg = view.svg(obs)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "board.svg").write_text(svg)
    html = out / "board.html"
    html.write_text(page(svg, view.targets(obs, legal), view.previews(obs, legal) if a.previews else {}, a.width))
    height = a.width * 2 // 3 + (140 if a.previews else 0)
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([*CHROMIUM, f"--user-data-dir={profile}", f"--screenshot={out / 'board.png'}",
                        f"--window-size={a.width},{height}", html.as_uri()], check=True, capture_output=True,
                       timeout=120)
    if a.quantize:
        png = Image.open(out / "board.png").convert("RGB")
        png.quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(out / "board.png", optimize=True)
    print(f"{out / 'board.png'}  (step {obs['step']}, turn {obs['turn'] + 1}, {len(legal)} legal actions)")


if __name__ == "__main__":
    main()
