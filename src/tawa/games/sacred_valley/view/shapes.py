"""The pieces of Sacred Valley as SVG shapes: crop icons, Seed Tiles, meeples, alpacas, cubes and coins."""

from __future__ import annotations

from tawa.core.svg import escape
from tawa.core.svg import n as _n
from tawa.core.svg import text as _label
from tawa.games.sacred_valley.view.layout import crop_bg, crop_colour


def crop_icon(crop: str) -> str:
    """The crop drawn in a 40x40 box centred on 0,0 (a tile face adds its tinted square)."""
    if crop == "chili":
        return (
            '<path d="M-13,-8C-7,-11 4,-8 9,1C13,8 12,14 7,15C3,16 1,10 -2,5C-5,0 -9,-2 -13,-4Z" '
            'fill="#d42a1e" stroke="#7a120c" stroke-width="1.2"/>'
            '<path d="M-13,-6C-16,-9 -16,-12 -14,-15" stroke="#2f7a2a" stroke-width="2.5" fill="none"/>'
            '<ellipse cx="-12" cy="-6" rx="3" ry="4" fill="#2f7a2a"/>'
        )
    if crop == "corn":
        kernels = "".join(f"M-5,{y}H5" for y in range(-12, 12, 4))
        return (
            '<path d="M-3,16C-14,6 -12,-6 -9,-12C-8,0 -5,8 1,14Z" fill="#5f9e45"/>'
            '<path d="M3,16C14,6 12,-6 9,-12C8,0 5,8 -1,14Z" fill="#4d8a38"/>'
            '<ellipse cx="0" cy="-1" rx="7" ry="14" fill="#f2c531" stroke="#a9801a" stroke-width="1.2"/>'
            f'<path d="{kernels}M-2.5,-14V12M2.5,-14V12" stroke="#c9920f" stroke-width="0.9"/>'
        )
    if crop == "potato":
        eyes = "".join(
            f'<circle cx="{x}" cy="{y}" r="1.4" fill="#5c3a1e"/>' for x, y in ((-6, -3), (4, -5), (7, 4), (-2, 6))
        )
        return (
            '<path d="M-14,2C-15,-8 -5,-13 3,-11C12,-9 16,-2 14,6C12,13 2,14 -5,12C-11,10 -13,7 -14,2Z" '
            'fill="#b9834c" stroke="#5c3a1e" stroke-width="1.2"/>' + eyes
        )
    if crop == "beans":
        beans = "".join(
            f'<circle cx="{x}" cy="{y}" r="3.3" fill="#9bd47a" stroke="#2d6b22" stroke-width="0.8"/>'
            for x, y in ((-7, 2), (0, -3), (7, -7))
        )
        return (
            '<path d="M-15,7C-10,-8 4,-14 15,-11C12,0 0,12 -15,7Z" fill="#4f9e3c" stroke="#2d6b22" '
            'stroke-width="1.2"/>' + beans
        )
    if crop == "quinoa":
        grains = "".join(
            f'<circle cx="{x}" cy="{y}" r="2.8" fill="{"#9b4fc0" if (x + y) % 2 else "#6c2f8c"}"/>'
            for x, y in (
                (0, -15),
                (-3, -11),
                (3, -11),
                (-5, -7),
                (0, -7),
                (5, -7),
                (-6, -3),
                (-1, -3),
                (4, -3),
                (7, -1),
                (-3, 1),
                (2, 1),
            )
        )
        return '<path d="M0,16V-2M0,8L-6,2M0,10L6,5" stroke="#5a7a2a" stroke-width="2" fill="none"/>' + grains
    # vine: a climbing stem with its leaves and a tendril
    leaf = "C4,-6 10,-6 12,0C10,6 4,6 0,0Z"
    return (
        '<path d="M-14,14C-6,8 -7,-1 0,-3C6,-5 7,-11 13,-14" stroke="#4d6b1f" stroke-width="2.5" '
        'fill="none"/>'
        f'<path d="M-6,5{leaf}" fill="#7fa83a" stroke="#3e5a17" stroke-width="0.8" transform="rotate(-30 -6 5)"/>'
        f'<path d="M2,-6{leaf}" fill="#8fb84a" stroke="#3e5a17" stroke-width="0.8" transform="rotate(200 2 -6)"/>'
        '<path d="M-1,-3C-6,-4 -7,-10 -3,-11C0,-11 0,-8 -2,-8" stroke="#4d6b1f" stroke-width="1.2" fill="none"/>'
    )


def face40(crop: str, isolated: bool) -> str:
    dash = ' stroke-dasharray="3 2"' if isolated else ""
    return (
        f'<rect x="-19" y="-19" width="38" height="38" rx="4" fill="{crop_bg(crop)}" '
        f'stroke="{crop_colour(crop)}" stroke-width="{2.4 if isolated else 1.6}"{dash}/>'
        f'<g transform="scale(0.85)">{crop_icon(crop)}</g>'
    )


def tile_face(crop: str, size: float, isolated: bool = False) -> str:
    """A Seed Tile of ``crop``, ``size`` px square, centred on 0,0 (isolated: a dashed edge, SV-098), drawn in
    full (for the standalone previews)."""
    return f'<g transform="scale({size / 40:.3f})" class="seed" data-crop="{crop}">{face40(crop, isolated)}</g>'


def tile(crop: str, size: float, isolated: bool = False) -> str:
    """The same tile in the board document: a reference to its face in ``<defs>``."""
    return f'<use href="#sv-tile-{crop}{"-iso" if isolated else ""}" transform="scale({size / 40:.3f})"/>'


MEEPLE_PATH = (
    "M0,-8C2.6,-8 3.6,-6 3.2,-4C6,-3.4 7,-2 7,0C7,1 6,1.4 4.5,1.2L5.5,7C5.7,8 5,8 4,8L1,8L0,5L-1,8"
    "L-4,8C-5,8 -5.7,8 -5.5,7L-4.5,1.2C-6,1.4 -7,1 -7,0C-7,-2 -6,-3.4 -3.2,-4C-3.6,-6 -2.6,-8 0,-8Z"
)


def meeple(colour: str, scale: float = 1.0, letter: str = "") -> str:
    mark = f'<text y="4" text-anchor="middle" class="meeple-letter">{escape(letter)}</text>' if letter else ""
    return (
        f'<g transform="scale({scale:.2f})"><path d="{MEEPLE_PATH}" fill="{colour}" stroke="#222" '
        f'stroke-width="1" stroke-linejoin="round"/>{mark}</g>'
    )


def alpaca_shape(white: bool, scale: float = 1.0) -> str:
    body, edge = ("#fbfaf4", "#3a3a3a") if white else ("#9c9c9c", "#2a2a2a")
    return (
        f'<g transform="scale({scale:.2f})" stroke="{edge}" stroke-width="1.1" stroke-linejoin="round">'
        '<path d="M-8,6V13M-4,7V13M2,7V13M6,6V13" stroke-width="2.2" fill="none"/>'
        f'<ellipse cx="-1" cy="3" rx="9.5" ry="6" fill="{body}"/>'
        f'<path d="M3,-1L4,-11C4,-15 10,-15 11,-11L12,-9L8.5,-8L8.5,1Z" fill="{body}"/>'
        f'<path d="M5,-13L5,-17L7,-13.5ZM8,-13.5L9,-17L9.8,-13Z" fill="{body}"/>'
        '<circle cx="8.6" cy="-11" r="0.9" fill="#222" stroke="none"/></g>'
    )


def cube(colour: str, size: float = 14) -> str:
    """A Technology cube, drawn with its top and side faces (centred on 0,0)."""
    h = size / 2
    return (
        f'<path d="M{_n(-h)},{_n(-h + 3)}L{_n(-h + 3)},{_n(-h)}H{_n(h)}V{_n(h - 3)}L{_n(h - 3)},{_n(h)}'
        f'H{_n(-h)}Z" fill="{colour}" stroke="#222" stroke-width="0.9"/>'
        f'<path d="M{_n(-h)},{_n(-h + 3)}H{_n(h - 3)}V{_n(h)}M{_n(h - 3)},{_n(-h + 3)}L{_n(h)},{_n(-h)}" '
        f'stroke="#222" stroke-width="0.7" fill="none" opacity="0.6"/>'
    )


def coin(x: float, y: float, text: str) -> str:
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="14" fill="#f2c94c" stroke="#9a7412" stroke-width="1.5"/>' + _label(
        x, y + 5, text, "coin", "middle"
    )


def reward(x: float, y: float, n: int) -> str:
    star = "M0,-11L3,-3.5L11,-3.4L4.7,1.6L7,9.5L0,5L-7,9.5L-4.7,1.6L-11,-3.4L-3,-3.5Z"
    return (
        f'<g transform="translate({_n(x)},{_n(y)})"><path d="{star}" fill="#7b5ea7" stroke="#3f2a63"/>'
        + _label(0, 4, str(n), "reward", "middle")
        + "</g>"
    )
