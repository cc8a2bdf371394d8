"""What a click on the Ayar board means: the element each legal action is about, the flow actions about none
(buttons), and the previews of a Textile laid at each offered orientation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tawa.core.svg import escape
from tawa.core.svg import n as _f
from tawa.core.svg import title as _title
from tawa.games.ayar.data import WEAVE_DIRECTIONS, WEAVE_DIRS
from tawa.games.ayar.view.drawing import BOARD_STYLE
from tawa.games.ayar.view.lake import oriented_masks
from tawa.games.ayar.view.layout import WCELL, WEAVE_X, WEAVE_Y, Obs, actor_seat, cname, components, spot_id
from tawa.games.ayar.view.shapes import svg_text
from tawa.games.ayar.view.texts import sides_text
from tawa.games.ayar.view.weaving import weave_area, weave_moon, weave_suns

BUTTONS = ("pot done", "weave done", "maize done")


def is_button(action_id: str) -> bool:
    """Actions about no board element: stopping an activity early (AY-154; AY-805..AY-807)."""
    return action_id in BUTTONS


# the element of each verb: on the acting seat's board, or shared ({} is the action's argument)
SEAT_TARGETS = {
    "marker": "marker",
    "slot": "slot",
    "tambo": "tambo",
    "place": "weave",
    "lay": "weave",
    "maize": "box",
    "token": "bonus",
}
SHARED_TARGETS = {"ayar": "ayar-{}", "textile": "textile-stack-{}", "boat": "route-{}", "temple": "temple-{}"}


def target_of(obs: Obs, action_id: str) -> str | None:
    """The element an action is about (see the module docstring); None for a button."""
    words = action_id.split()
    if len(words) < 2 or is_button(action_id):
        return None
    verb, arg = words[0], words[1]
    if verb in SEAT_TARGETS:
        return f"seat{actor_seat(obs)}-{SEAT_TARGETS[verb]}-{arg}"
    if verb in SHARED_TARGETS:
        return SHARED_TARGETS[verb].format(arg)
    if verb == "spot":
        return spot_id(obs["context"]["path"], int(arg))
    if verb == "pot":
        return "pot-stack" if arg == "facedown" else f"market-{arg.removeprefix('m')}"
    return None


def targets(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    return {aid: t for aid in legal if (t := target_of(observation, aid)) is not None}


def parse_placement(action_id: str) -> tuple[int, int, str, bool] | None:
    """``place r2c3 s flip`` -> (2, 3, "s", True) (AY-806: anchor cell, direction of cell b, flip)."""
    m = re.fullmatch(r"(?:place|lay) r(\d+)c(\d+) ([a-z]+)( flip)?", action_id)
    if m is None or m.group(3) not in WEAVE_DIRS:
        return None
    return int(m.group(1)), int(m.group(2)), m.group(3), m.group(4) is not None


def preview_placement(obs: Obs, action_id: str) -> str:
    """The acting seat's weaving area with the Textile being placed laid as ``action_id`` says, the Suns it would
    complete, and the Sun and Moon values it gives (C10 geometry: flip N<->S, then rotate toward d)."""
    comp = components(obs)
    seat = actor_seat(obs)
    parsed = parse_placement(action_id)
    stack = obs["context"]["chosen_stack"]
    tile = obs["textile_tops"][stack] if 0 <= stack < len(obs["textile_tops"]) else None
    if parsed is None or tile is None or seat < 0:
        return ""
    r, c, d, fl = parsed
    rows, cols = comp["weave_shape"]
    ma, mb = oriented_masks(comp, tile, d, fl)
    dr, dc = WEAVE_DIRECTIONS[d]
    ia, ib = (r - 1) * cols + c - 1, (r - 1 + dr) * cols + c - 1 + dc
    weave = list(obs["players"][seat]["weave"])
    before = len(weave_suns(comp, weave))
    weave[ia], weave[ib] = ma, mb
    after = len(weave_suns(comp, weave))
    moon = weave_moon(comp, weave)
    x0, y0 = WEAVE_X - 10, WEAVE_Y - 10
    w, h = cols * WCELL + 20, rows * WCELL + 46
    tid = comp["textiles"][tile][0]
    a, b = cname(r, c), cname(r + dr, c + dc)
    label = f"{a}+{b}{' flipped' if fl else ''}: ☀{after} (+{after - before}) ☾{moon}"
    text = (
        f"Lay {tid} on {a} + {b}: half-suns {a} {sides_text(ma)}, {b} {sides_text(mb)}; "
        f"Weaving Sun {before} -> {after}, Weaving Moon {moon}."
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(x0)} {_f(y0)} {_f(w)} {_f(h)}" '
        f'class="preview ayar" data-action="{escape(action_id)}">{_title(text)}<style>{BOARD_STYLE}</style>'
        f"{weave_area(obs, seat, (ia, ib, ma, mb, tile))}"
        + svg_text(x0 + w / 2, y0 + h - 4, label, "small mid")
        + "</svg>"
    )


def previews(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For each Textile placement offered, the weaving area with the tile laid at that orientation."""
    out = {}
    for aid in legal:
        if parse_placement(aid) is not None:
            pic = preview_placement(observation, aid)
            if pic:
                out[aid] = pic
    return out
