"""SVG building blocks of the Ayar board: elements with escaped attributes, and the shapes of the pieces (Suns,
Moons, tokens, llamas, Tambos, Ayar figures, markers, pots, boats, islands, cubes) in ``<defs>``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tawa.core.svg import escape
from tawa.core.svg import n as _f
from tawa.core.svg import title as _title
from tawa.games.ayar.data import MARKERS, NEUTRAL, PATHS
from tawa.games.ayar.view.layout import (
    EIGHT,
    MOON_INK,
    PATH_FILL,
    POT_FILL,
    POT_OTHER,
    SUN_EDGE,
    SUN_FILL,
    SUN_R,
    TOKEN_EDGE,
    TOKEN_FILL,
    Obs,
    components,
    player_count,
    seat_fill,
    seat_key,
)

_UNSAFE = re.compile(r'[&<>"]')


@lru_cache(maxsize=64)
def _attr_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def _attrs(**kw: Any) -> str:
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        v = _f(v) if isinstance(v, float) else str(v)
        if _UNSAFE.search(v):
            v = escape(v).replace('"', "&quot;")
        out.append(f' {_attr_name(k)}="{v}"')
    return "".join(out)


def svg_text(x: float, y: float, text: str, cls: str = "", **kw: Any) -> str:
    return f'<text x="{_f(x)}" y="{_f(y)}"{_attrs(class_=cls or None, **kw)}>{escape(text)}</text>'


def rect(x: float, y: float, w: float, h: float, **kw: Any) -> str:
    return f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}"{_attrs(**kw)}/>'


def circle(x: float, y: float, r: float, **kw: Any) -> str:
    return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}"{_attrs(**kw)}/>'


def use(ref: str, x: float = 0.0, y: float = 0.0, scale: float = 1.0) -> str:
    if scale == 1.0:
        return f'<use href="#{ref}" x="{_f(x)}" y="{_f(y)}"/>'
    return f'<use href="#{ref}" transform="translate({_f(x)},{_f(y)}) scale({scale:.3g})"/>'


def piece(
    ident: str,
    cls: str,
    x: float,
    y: float,
    title: str,
    body: str,
    scale: float = 1.0,
    passive: bool = False,
    action: str | None = None,
) -> str:
    """A movable piece: a ``<g class="piece">`` placed by a CSS translate (the client animates it)."""
    inner = body if scale == 1.0 else f'<g transform="scale({scale:.3g})">{body}</g>'
    classes = f"piece {cls}" + (" passive" if passive else "")
    return (
        f'<g id="{ident}" class="{classes}" style="transform:translate({_f(x)}px,{_f(y)}px)"'
        f"{_attrs(data_action=action)}>{_title(title)}{inner}</g>"
    )


def _sun_path(r: float) -> str:
    rays = "".join(f"M{_f(r * 1.25 * c)},{_f(r * 1.25 * s)}L{_f(r * 1.7 * c)},{_f(r * 1.7 * s)}" for c, s in EIGHT)
    return f'<path d="{rays}" stroke="{SUN_EDGE}" stroke-width="1.3" stroke-linecap="round"/>' + circle(
        0, 0, r, fill=SUN_FILL, stroke=SUN_EDGE, stroke_width="1"
    )


def _moon_path(r: float) -> str:
    return (
        f'<path d="M{_f(r * 0.3)},{_f(-r)} A{_f(r)},{_f(r)} 0 1 0 {_f(r * 0.3)},{_f(r)} '
        f'A{_f(r * 0.75)},{_f(r * 0.8)} 0 1 1 {_f(r * 0.3)},{_f(-r)} Z" fill="#d8dde8" stroke="{MOON_INK}" '
        f'stroke-width="1"/>'
    )


def _token_path(r: float) -> str:
    """A Viracocha token: a gold disc with the god's face (a ring and two eyes)."""
    return (
        circle(0, 0, r, fill=TOKEN_FILL, stroke=TOKEN_EDGE, stroke_width="1")
        + circle(0, 0, r * 0.55, fill="none", stroke=TOKEN_EDGE, stroke_width="0.8")
        + circle(-r * 0.22, -r * 0.1, r * 0.12, fill=TOKEN_EDGE)
        + circle(r * 0.22, -r * 0.1, r * 0.12, fill=TOKEN_EDGE)
    )


def llama_path(ink: str) -> str:
    """A small llama in profile (Llamas, AY-481)."""
    return (
        f'<path d="M-5,3 V-1 C-5,-3 -3,-3 -1,-3 H2 V-8 L3,-10 L5,-9 L5,-7 L4,-7 V0 C4,1 4,2 3,3 V5 H2 V3 H-3 '
        f'V5 H-4 Z" fill="{ink}"/>'
    )


def _glyph_text(x: float, y: float, label: str, ink: str) -> str:
    """Text inside a ``<defs>`` glyph: styled by attributes, since the page's CSS does not reach into ``<use>``."""
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-size="8" font-weight="700" text-anchor="middle" '
        f'font-family="system-ui,sans-serif" fill="{ink}">{escape(label)}</text>'
    )


def _tambo_path(seat: int) -> str:
    fill, ink = seat_fill(seat)
    label = "R" if seat == NEUTRAL else str(seat + 1)
    return (
        '<path d="M-6.5,-1 L0,-7.5 L6.5,-1 V6 H-6.5 Z" fill="' + fill + '" stroke="#222" stroke-width="1" '
        'stroke-linejoin="round"/>' + _glyph_text(0, 4.6, label, ink)
    )


def _ayar_path(fill: str, female: bool) -> str:
    body = (
        "M-7,0 L-3,-9 C-2,-10 2,-10 3,-9 L7,0 Z" if female else "M-5.5,0 C-5.5,-6 -4,-9.5 0,-9.5 C4,-9.5 5.5,-6 5.5,0 Z"
    )
    return (
        f'<path d="{body}" fill="{fill}" stroke="#fff" stroke-width="1.3" stroke-linejoin="round"/>'
        + circle(0, -12.5, 3.8, fill=fill, stroke="#fff", stroke_width="1.3")
        + f'<path d="M-3.6,-14.2 H3.6" stroke="{PATH_FILL["gold"]}" stroke-width="1.6"/>'
    )


def _marker_path(colour: str) -> str:
    ink = "#222" if colour == "gold" else "#fff"
    return (
        rect(-8.5, -8.5, 17, 17, rx="3", fill=PATH_FILL[colour], stroke="#111", stroke_width="1")
        + f'<path d="M-3,-4.5 L2,0 L-3,4.5" fill="none" stroke="{ink}" stroke-width="2" stroke-linecap="round"/>'
    )


def _pot_path(fill: str, label: str, dark: bool, viracocha: bool) -> str:
    return (
        f'<path d="M-4.5,-10 H4.5 L3.5,-7.5 C8.5,-5.5 9.5,2 6.5,6.5 C4.5,9.5 -4.5,9.5 -6.5,6.5 '
        f'C-9.5,2 -8.5,-5.5 -3.5,-7.5 Z" fill="{fill}" stroke="#3b2a1a" stroke-width="1"/>'
        + _glyph_text(0, 4, label, "#222" if dark else "#fff")
        + (f'<g transform="translate(6.5,-8)">{_token_path(3.6)}</g>' if viracocha else "")
    )


def _boat_path(seat: int) -> str:
    fill, _ = seat_fill(seat)
    return (
        f'<path d="M-9,-2 Q-7,5 0,5 Q7,5 9,-2 Q0,1 -9,-2 Z" fill="{fill}" stroke="#222" stroke-width="1"/>'
        '<path d="M0,-1 V-11 L6,-3 Z" fill="#f4ecd8" stroke="#222" stroke-width="0.8"/>'
    )


def _island_path(seat: int) -> str:
    fill, _ = seat_fill(seat)
    return (
        f'<ellipse cx="0" cy="0" rx="7.5" ry="4" fill="{fill}" stroke="#3a5a20" stroke-width="1.2"/>'
        '<path d="M-3,-2 V-7 M0,-2.5 V-8.5 M3,-2 V-6.5" stroke="#4d7a1f" stroke-width="1.3"/>'
    )


def _cube_path(seat: int) -> str:
    fill, _ = seat_fill(seat)
    return rect(-4.5, -4.5, 9, 9, rx="1.5", fill=fill, stroke="#222", stroke_width="1")


def pot_ref(comp: Mapping[str, Any], pid: int | None) -> str:
    """The ``<defs>`` glyph of a Pot: by colour, printed power and symbol (facedown: one glyph)."""
    if pid is None:
        return "ay-pot-down"
    return f"ay-pot-{comp['pot_colour'][pid]}-{comp['pot_power'][pid]}{'-v' if comp['pot_viracocha'][pid] else ''}"


def defs(obs: Obs) -> str:
    comp = components(obs)
    n = player_count(obs)
    seats = [*range(n), NEUTRAL] if n == 1 else list(range(n))
    out = [
        "<defs>",
        f'<g id="ay-sun">{_sun_path(5)}</g>',
        f'<g id="ay-moon">{_moon_path(6)}</g>',
        f'<g id="ay-token">{_token_path(5)}</g>',
        f'<g id="ay-llama">{llama_path("#5b3b1f")}</g>',
        f'<g id="ay-pot-down">{_pot_path("#5b4636", "?", False, False)}</g>',
    ]
    for seat in seats:
        k = seat_key(seat)
        out.append(
            f'<g id="ay-tambo-{k}">{_tambo_path(seat)}</g><g id="ay-island-{k}">{_island_path(seat)}</g>'
            f'<g id="ay-cube-{k}">{_cube_path(seat)}</g>'
        )
        if seat != NEUTRAL:
            out.append(f'<g id="ay-boat-{k}">{_boat_path(seat)}</g>')
    for colour in MARKERS:
        out.append(f'<g id="ay-marker-{colour}">{_marker_path(colour)}</g>')
    for q, name in enumerate(PATHS):
        out.append(
            f'<g id="ay-ayar-{q}">{_ayar_path(PATH_FILL[name], False)}</g>'
            f'<g id="ay-sister-{q}">{_ayar_path(PATH_FILL[name], True)}</g>'
        )
    seen = set()
    for pid in range(len(comp["pot_colour"])):
        ref = pot_ref(comp, pid)
        if ref in seen:
            continue
        seen.add(ref)
        c = comp["pot_colour"][pid]
        colour = comp["colours"][c]
        fill = POT_FILL.get(colour, POT_OTHER[c % len(POT_OTHER)])
        glyph = _pot_path(fill, str(comp["pot_power"][pid]), colour in ("yellow", "white"), comp["pot_viracocha"][pid])
        out.append(f'<g id="{ref}">{glyph}</g>')
    out.append("</defs>")
    return "".join(out)


def half_sun(x: float, y: float, bulge: str, r: float = SUN_R) -> str:
    """A half-sun on an edge whose midpoint is (x, y), bulging toward ``bulge`` (N/E/S/W)."""
    if bulge in "NS":
        sweep = 0 if bulge == "S" else 1
        d = f"M{_f(x - r)},{_f(y)}A{_f(r)},{_f(r)} 0 0 {sweep} {_f(x + r)},{_f(y)}Z"
    else:
        sweep = 1 if bulge == "E" else 0
        d = f"M{_f(x)},{_f(y - r)}A{_f(r)},{_f(r)} 0 0 {sweep} {_f(x)},{_f(y + r)}Z"
    return f'<path class="hs" d="{d}"/>'


def sun_rays(x: float, y: float, r: float = SUN_R) -> str:
    """Rays around a complete Sun (two half-suns meeting on an edge, AY-292)."""
    d = "".join(
        f"M{_f(x + r * 1.2 * c)},{_f(y + r * 1.2 * s)}L{_f(x + r * 1.65 * c)},{_f(y + r * 1.65 * s)}" for c, s in EIGHT
    )
    return f'<path class="rays" d="{d}"/>'
