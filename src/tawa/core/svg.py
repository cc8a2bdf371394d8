"""Small SVG building blocks shared by the board views (``games/<g>/view/``, issue 18).

Every text is escaped; coordinates are written with at most one decimal. A piece is placed by a CSS transform
(``at``) so that the browser client can animate a move with a CSS transition; a fixed element by an SVG transform
(``move``).
"""

from __future__ import annotations

_NUMBERS: dict[float, str] = {}  # a board writes the same few thousand coordinates again and again


def escape(data: str) -> str:
    """``&``, ``<`` and ``>`` escaped, as ``xml.sax.saxutils.escape`` writes them; a text without any (nearly every
    text of a board) is returned as it is, without three passes over it."""
    if "&" in data or "<" in data or ">" in data:
        return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    return data


def n(v: float) -> str:
    """A coordinate for the SVG: at most one decimal, no "-0"."""
    out = _NUMBERS.get(v)
    if out is None:
        if len(_NUMBERS) > 50_000:
            _NUMBERS.clear()
        out = f"{v:.1f}".removesuffix(".0")
        out = _NUMBERS[v] = "0" if out == "-0" else out
    return out


def plural(count: int, word: str) -> str:
    """``"1 worker"``, ``"3 workers"``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def title(text: str) -> str:
    """An element's hover text."""
    return f"<title>{escape(text)}</title>"


def text(x: float, y: float, content: str, cls: str = "small", anchor: str = "start", extra: str = "") -> str:
    """A ``<text>`` of class ``cls``; ``extra`` is more attributes, written as they are."""
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    return f'<text x="{n(x)}" y="{n(y)}" class="{cls}"{a}{extra}>{escape(content)}</text>'


def rect(
    x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", rx: float = 0, extra: str = ""
) -> str:
    return (
        f'<rect x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}" rx="{n(rx)}" fill="{fill}" '
        f'stroke="{stroke}"{extra}/>'
    )


def at(x: float, y: float) -> str:
    """A piece's position, as a CSS transform (the client animates it)."""
    return f'style="transform:translate({n(x)}px,{n(y)}px)"'


def move(x: float, y: float) -> str:
    """A fixed element's position, as an SVG transform."""
    return f'transform="translate({n(x)},{n(y)})"'
