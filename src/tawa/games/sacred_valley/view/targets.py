"""What a click on the Sacred Valley board means: the element each legal action is about, the actions about
none (buttons), and the previews of a plant, an alpaca move and a Weaver's pair.
"""

from __future__ import annotations

from collections.abc import Sequence

from tawa.core.svg import escape
from tawa.core.svg import plural as _plural
from tawa.core.svg import title as _title
from tawa.games.sacred_valley.data import ALPACA_NAMES, WHITE_ALPACAS
from tawa.games.sacred_valley.view.layout import LEVEL_FILL, Obs
from tawa.games.sacred_valley.view.shapes import alpaca_shape, tile_face
from tawa.games.sacred_valley.view.terrace import Terrace, farmland_size, farmland_text
from tawa.games.sacred_valley.view.texts import N

BUTTONS = frozenset(("purchase", "work", "end turn", "end purchase", "stop herding", "keep vine"))


def is_button(action_id: str) -> bool:
    """Actions about no board element: choosing Purchase or Work (SV-062), ending the turn (SV-070) or the
    Purchase (SV-243), stopping Herder (SV-394) and keeping a Saboteur vine (SV-500)."""
    return action_id in BUTTONS


def _zone_index(obs: Obs, seat: int, kind: str, unused: bool) -> int | None:
    """1-based Work Zone place of ``seat``'s ``kind`` (an unused one first when ``unused``)."""
    cams = obs["player"][seat]["camayos"]
    for want_unused in (True, False) if unused else (False,):
        for i, c in enumerate(cams, start=1):
            if c["kind"] == kind and (c["unused_marker"] or not want_unused):
                return i
    return None


def target_of(obs: Obs, action_id: str) -> str | None:
    """The element an action is about (see the module docstring); None for a button or an action that names
    nothing in this position."""
    w = action_id.split()
    if not w or action_id in BUTTONS:
        return None
    verb, last = w[0], w[-1]
    seat = obs["active"]
    if verb in ("plant", "alpaca", "sabotage", "warrior", "tocricoc", "herd"):
        return f"cell-{last}"
    if verb == "clean":
        return f"cell-{w[1]}"
    if verb == "crop":
        return f"crop-{last}"
    if verb == "harvest":
        return "harvest-track"
    if verb in ("buy", "take"):
        return "vine-catu" if last == "vine" else f"main-{last}"
    if verb == "hire":
        return f"camayo-{last}"
    if verb == "tech":
        return f"tech-reserve-{last}"
    if verb == "partner":
        return f"seat{last}-head"
    if seat is None:
        return None
    if verb == "farmer":
        return f"farmer-s{seat}-{last}"
    if verb == "dismiss":
        return f"seat{seat}-camayo-{last}"
    if verb == "discard":
        wh = obs["player"][seat]["warehouse"]
        return f"seat{seat}-wh-{wh.index(last) + 1}" if last in wh else None
    zone = {"use": (last, True), "weave": ("weaver", False), "exempt": (last, last == "foreigner")}.get(verb)
    if zone:
        i = _zone_index(obs, seat, *zone)
        return None if i is None else f"seat{seat}-camayo-{i}"
    return None


def targets(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For each legal action about an element, that element's id (the buttons are left out)."""
    return {aid: t for aid in legal if (t := target_of(observation, aid)) is not None}


def _preview_doc(label: str, detail: str, body: str, title: str, data: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-40 -40 80 104" class="preview" {data}>'
        f"{_title(title)}{body}"
        f'<text x="0" y="50" text-anchor="middle" font-size="11" font-weight="700" '
        f'font-family="system-ui,sans-serif">{escape(label)}</text>'
        f'<text x="0" y="61" text-anchor="middle" font-size="8.5" font-family="system-ui,sans-serif">'
        f"{escape(detail)}</text></svg>"
    )


def preview_tile(t: Terrace, grid: str, crop: str, verb: str = "plant") -> str:
    """The tile ``crop`` on ``grid`` with the Farmland it makes (SV-121, SV-122), for the chooser."""
    what = farmland_text(t, grid, crop)
    tiles, alpacas = farmland_size(t, grid, crop)
    detail = (
        f"{N['VINE_HP']} HP" if crop == "vine" else _plural(tiles, "tile") + (f" +{alpacas} alpaca" if alpacas else "")
    )
    body = f'<rect x="-38" y="-38" width="76" height="76" rx="6" fill="{LEVEL_FILL[0]}"/>{tile_face(crop, 64)}'
    return _preview_doc(crop, detail, body, f"{verb} {crop} on {grid}: {what}", f'data-crop="{crop}"')


def preview_alpaca(t: Terrace, name: str, grid: str) -> str:
    src = next((g for g, c in t.cells.items() if c.get("alpaca") == name), "the reserve")
    body = (
        f'<rect x="-38" y="-38" width="76" height="76" rx="6" fill="{LEVEL_FILL[0]}"/>'
        + f'<g transform="translate(-2,5)">{alpaca_shape(ALPACA_NAMES.index(name) in WHITE_ALPACAS, 2.3)}</g>'
    )
    return _preview_doc(
        name, f"from {src}", body, f"move alpaca {name} from {src} to {grid} (SV-394)", f'data-alpaca="{name}"'
    )


def preview_pair(crop: str) -> str:
    body = (
        f'<g transform="translate(-14,-6)">{tile_face(crop, 40)}</g>'
        f'<g transform="translate(14,6)">{tile_face(crop, 40)}</g>'
    )
    return _preview_doc(
        f"2 {crop}",
        f"+${N['WEAVER_INCOME']}",
        body,
        f"Weaver: discard two {crop} tiles for ${N['WEAVER_INCOME']} (SV-465)",
        f'data-crop="{crop}"',
    )


def previews(observation: Obs, legal: Sequence[str]) -> dict[str, str]:
    """For the choosers: each planting's tile with the Farmland it makes (plant, Cleaner, Saboteur), each Herder
    move's alpaca, each Weaver pair."""
    t = Terrace(observation)
    out = {}
    for aid in legal:
        w = aid.split()
        if w[0] == "plant":
            out[aid] = preview_tile(t, w[2], w[1])
        elif w[0] == "clean":
            out[aid] = preview_tile(t, w[1], w[2], "replace the vine with")
        elif w[0] == "sabotage":
            out[aid] = preview_tile(t, w[1], "vine", "plant the bought")
        elif w[0] == "herd":
            out[aid] = preview_alpaca(t, w[1], w[2])
        elif w[0] == "weave":
            out[aid] = preview_pair(w[1])
    return out
