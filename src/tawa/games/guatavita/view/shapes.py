"""The pieces of Guatavita as SVG shapes: meeples, machines, pipes, emeralds, gold, stars, icons, balsas and
pumps (the glyphs in ``<defs>``).
"""

from __future__ import annotations

import math

from tawa.core.svg import n as _n
from tawa.games.guatavita.view.layout import EARTH, EARTH_EDGE, EMERALD, GOLD, VP_FILL, WATER_EDGE, R, hex_points

MEEPLE = (
    "M0,-9.5C2.4,-9.5 3.6,-7.6 3.2,-5.4C5.8,-4.6 8,-3.2 8,-1C8,0.6 6.6,0.8 4.6,0.4L6.4,7C6.7,8 6,8.5 5,8.5"
    "L1.6,8.5L0,4.6L-1.6,8.5L-5,8.5C-6,8.5 -6.7,8 -6.4,7L-4.6,0.4C-6.6,0.8 -8,0.6 -8,-1C-8,-3.2 -5.8,-4.6 "
    "-3.2,-5.4C-3.6,-7.6 -2.4,-9.5 0,-9.5Z"
)


def _star_points(size: float) -> str:
    pts = []
    for k in range(10):
        rad = size if k % 2 == 0 else size * 0.45
        a = math.radians(-90 + 36 * k)
        pts.append(f"{_n(rad * math.cos(a))},{_n(rad * math.sin(a))}")
    return " ".join(pts)


# Pieces and icons drawn many times: defined once in the board's <defs> and placed with <use> (a preview, a
# document of its own, draws them inline). A glyph without a fill of its own takes the fill of its <use>.
GLYPHS: dict[str, tuple[str, float]] = {
    "meeple": (f'<path d="{MEEPLE}" stroke="#1d1d1d" stroke-width="1.1" stroke-linejoin="round"/>', 1.0),
    "machine": (
        '<rect x="-5.5" y="-5.5" width="11" height="11" rx="1.5" stroke="#1d1d1d" stroke-width="1"/>'
        '<circle r="2.2" fill="none" stroke="#1d1d1d" stroke-width="1.2" stroke-dasharray="1.4 1"/>',
        11.0,
    ),
    "emerald": (f'<path d="M0,-6L4.8,0L0,6L-4.8,0Z" fill="{EMERALD}" stroke="#0b4f2b" stroke-width="0.9"/>', 6.0),
    "gold": (f'<path d="M-6,3.3L-3.6,-3.3H3.6L6,3.3Z" fill="{GOLD}" stroke="#7a5a0a" stroke-width="0.9"/>', 6.0),
    "star": (f'<polygon points="{_star_points(6.5)}" fill="{VP_FILL}" stroke="#3d2155" stroke-width="0.8"/>', 6.5),
}


def glyph(name: str, x: float, y: float, size: float, fill: str = "", extra: str = "", inline: bool = False) -> str:
    """One of ``GLYPHS`` centred on x, y at ``size`` (its base size is 1:1)."""
    markup, base = GLYPHS[name]
    scale = size / base
    tr = f"translate({_n(x)},{_n(y)})" + (f" scale({scale:.3f})" if abs(scale - 1) > 1e-9 else "")
    paint = f' fill="{fill}"' if fill else ""
    if inline:
        return f'<g transform="{tr}"{paint}{extra}>{markup}</g>'
    return f'<use href="#gv-{name}" transform="{tr}"{paint}{extra}/>'


def defs() -> str:
    tiles = (
        f'<polygon id="gv-hex" points="{hex_points(R - 1)}" stroke="{WATER_EDGE}" stroke-width="1.2"/>'
        f'<polygon id="gv-earth" points="{hex_points(R - 5)}" fill="{EARTH}" stroke="{EARTH_EDGE}" '
        'stroke-width="1"/>'
        f'<polygon id="gv-shore" points="{hex_points(R + 7)}" fill="#2f6f93" stroke="#6b5234" '
        'stroke-width="3"/>'
        '<path id="gv-waves" d="M-20,-18q5,-4 10,0t10,0M2,20q5,-4 10,0t10,0" stroke="#ffffff" '
        'stroke-opacity="0.35" stroke-width="1.3" fill="none"/>'
    )
    return (
        "<defs>"
        + tiles
        + "".join(f'<g id="gv-{name}">{markup}</g>' for name, (markup, _) in GLYPHS.items())
        + "</defs>"
    )


def meeple(fill: str, x: float = 0, y: float = 0, scale: float = 1.0, extra: str = "", inline: bool = False) -> str:
    """A worker (centred on x, y)."""
    return glyph("meeple", x, y, scale, fill, extra, inline)


def machine(fill: str, x: float = 0, y: float = 0, size: float = 11.0, inline: bool = False) -> str:
    """A machine token: a square with a cog hole."""
    return glyph("machine", x, y, size, fill, "", inline)


def pipe(fill: str, x: float, y: float, length: float = 10.0) -> str:
    """A pipe piece, upright."""
    return (
        f'<rect x="{_n(x - 2)}" y="{_n(y - length / 2)}" width="4" height="{_n(length)}" rx="1.5" '
        f'fill="{fill}" stroke="#1d1d1d" stroke-width="0.8"/>'
    )


def emerald(x: float, y: float, size: float = 6.0, inline: bool = False) -> str:
    return glyph("emerald", x, y, size, inline=inline)


def gold_bar(x: float, y: float, size: float = 6.0, inline: bool = False) -> str:
    return glyph("gold", x, y, size, inline=inline)


def vp_star(x: float, y: float, size: float = 6.5, inline: bool = False) -> str:
    return glyph("star", x, y, size, inline=inline)


def famine_icon(x: float, y: float) -> str:
    """The corn icon of a famine tile."""
    return (
        f'<g transform="translate({_n(x)},{_n(y)})"><path d="M-1,8C-7,4 -7,-3 -5,-6C-4,0 -2,4 1,7Z" '
        'fill="#5f9e45"/><path d="M1,8C7,4 7,-3 5,-6C4,0 2,4 -1,7Z" fill="#4d8a38"/><ellipse cx="0" cy="-1" '
        'rx="3.3" ry="7" fill="#f2c531" stroke="#a9801a" stroke-width="0.9"/></g>'
    )


def landslide_icon(x: float, y: float) -> str:
    return (
        f'<g transform="translate({_n(x)},{_n(y)})"><path d="M-9,7L-4,-3L0,3L3,-6L9,7Z" fill="#7d6b5a" '
        'stroke="#3b2f24" stroke-width="0.9"/><circle cx="-5" cy="6" r="1.6" fill="#3b2f24"/>'
        '<circle cx="4" cy="6" r="1.3" fill="#3b2f24"/></g>'
    )


def damp_icon(x: float, y: float) -> str:
    drop = "C-2.5,-1 -3.5,1.5 -3.5,3A3.5,3.5 0 0,0 3.5,3C3.5,1.5 2.5,-1 0,-4Z"
    return (
        f'<g transform="translate({_n(x)},{_n(y)})" fill="#3f7fc0" stroke="#1f4f70" stroke-width="0.7">'
        f'<path d="M-4,-4{drop}" transform="translate(-4,0)"/><path d="M0,-2{drop}" transform="translate(4,2)"/>'
        "</g>"
    )


def balsa_shape(fill: str, protected: bool, workers: int, worker_fill: str) -> str:
    """La Balsa's raft, centred on 0,0: logs in the owner's colour, the protection emeralds and the workers on it."""
    out = [
        '<path d="M-15,-1H15L11,6H-11Z" fill="#8a5a32" stroke="#3b2410" stroke-width="1"/>',
        f'<rect x="-13" y="-5" width="26" height="5" rx="2" fill="{fill}" stroke="#1d1d1d" stroke-width="0.9"/>',
    ]
    if protected:
        out += [emerald(-6, -7, 4.2), emerald(6, -7, 4.2)]
    for i in range(workers):
        out.append(meeple(worker_fill, -5 + 10 * i, -11, 0.8))
    return "".join(out)


def pump_shape(fill: str, level: int) -> str:
    """A water pump in its owner's colour with its level."""
    return (
        f'<path d="M-9,10V-3H-4V-9H6V-5H10V-1H6V10Z" fill="{fill}" stroke="#1d1d1d" stroke-width="1.1"/>'
        f'<text x="1" y="7" text-anchor="middle" class="pump-level">{level}</text>'
    )
