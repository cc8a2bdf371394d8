"""Text picture of a Sacred Valley game (the terrace top row first, river edge at the bottom)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from tawa import Action

from . import data as D
from .state import COVER_ON, M_WARRIOR, MODE_NAMES, OVER

if TYPE_CHECKING:
    from .game import SacredValley

_ABBR = ("Ch", "Co", "Po", "Be", "Qu", "Vi")


def _cell(g: SacredValley, x: int) -> str:
    s = g.state
    t = _ABBR[s.tile[x]] if s.tile[x] >= 0 else ".."
    if s.iso[x]:
        t = t.lower()
    a = D.ALPACA_NAMES[s.alp[x]][0].upper() if s.alp[x] >= 0 else " "
    m = " "
    if s.mee_owner[x] >= 0:
        m = ("w" if s.mee_kind[x] == M_WARRIOR else "t") + str(s.mee_owner[x])
    return f"{t}{a}{m:<2}"


def render(g: SacredValley, seat: int | None = None) -> str:
    s = g.state
    cfg = g.cfg
    rows = sorted({r for r, _, _ in cfg.cells}, reverse=True)
    cols = sorted({c for _, c, _ in cfg.cells})
    lines = ["Sacred Valley — " + (f"P{s.active} to act ({MODE_NAMES[s.mode]})" if s.mode != OVER else "game over")]
    lines.append("       " + "".join(f"c{c:<5}" for c in cols))
    for r in rows:
        lv = next(lv for rr, _, lv in cfg.cells if rr == r)
        lock = " locked" if lv in cfg.unlock_fee and s.cover[lv] == COVER_ON else ""
        cells = "".join(_cell(g, cfg.index[(r, c)]) + " " if (r, c) in cfg.index else "      " for c in cols)
        lines.append(f"r{r} L{lv}  {cells}{lock}")
    lines.append("  (tiles: Ch Co Po Be Qu Vi, lower case = isolated; W/G alpaca; wN/tN Warrior/Tocricoc of seat N)")
    main = " ".join(D.CROPS[t] if t >= 0 else "-" for t in s.main)
    lines.append(f"Main Catu (slot 1..): {main} | Vine Catu: {s.vines} | bag: {len(s.bag)}")
    cat = " ".join(D.CAMAYO_NAMES[k] if k >= 0 else "-" for k in s.cat)
    lines.append(f"Camayo Catu (slot 1..): {cat} | piles: {[len(p) for p in s.piles]}")
    for p in range(s.n):
        coins = f"${s.coins[p]}" if (p == seat or s.mode == OVER) else "$?"
        cams = ", ".join(D.CAMAYO_NAMES[k] + ("*" if m else "") for k, m in zip(s.cam[p], s.marker[p], strict=True))
        crop = D.CROPS[s.crop[p]] if s.crop[p] >= 0 else "?"
        debt = f" debts L{s.debts[p]}" if s.debts[p] else ""
        lines.append(f"P{p} {crop:<7}{coins:>5} farmers {s.farmers[p]} tech {[D.CROPS[c] for c in s.techs[p]]} "
                     f"warehouse {[D.CROPS[c] for c in s.wh[p]]} camayos [{cams}]{debt}")
    if s.mode == OVER:
        lines.append("scores: " + ", ".join(f"P{p} {int(v)}" for p, v in enumerate(g.scores())))
    return "\n".join(lines)


_HELP = {
    "plant": "Plant (SV-090): put the tile on the grid and score its Farmland's size plus its alpacas.",
    "harvest": "Harvest (SV-220): cash each farmer's track value and reset it to 0.",
    "purchase": "Purchase (SV-240): acquire seeds, Camayos and Technologies one at a time.",
    "work": "Work (SV-330): with exactly $0, take $1.",
    "end_turn": "End the turn (SV-070); the Catus refill.",
    "buy": "Buy a Main Catu tile at its slot price (SV-260).",
    "buy_vine": "Buy a vine for $2 (SV-262).",
    "hire": "Hire a Camayo: printed cost, +$1 in slots 4-5 (SV-280).",
    "tech": "Buy a Technology at the leftmost open slot's cost (SV-310).",
    "end_purchase": "End the Purchase (SV-243).",
    "extra": "Take the extra action this one-shot Camayo grants (SV-340).",
    "weave": "Weaver (SV-465): discard a same-crop pair for $4, once per turn.",
    "gray": "Alpaca Worker (SV-390): put a gray alpaca on a grid without an alpaca.",
    "clean": "Cleaner (SV-408): replace a vine on the Terrace by a Warehouse tile.",
    "exempt": "Choose which exemption to use for a crop without its Technology (SV-494).",
    "partner": "Choose the work partner who pays the unlock fee too or takes the cover as a debt (SV-175).",
    "farmer": "Choose the farmer that takes the HP first (SV-504).",
    "take": "Take a free Seed Tile (SV-406, SV-491).",
    "take_vine": "Take a free vine (SV-406, SV-491).",
    "discard": "Discard a Warehouse tile to make room (SV-265, SV-287).",
    "sab": "Saboteur (SV-499): plant the bought vine at once.",
    "keep": "Keep the vine in the Warehouse (SV-500).",
    "dismiss": "Discard a held Camayo to make room for the hire (SV-282).",
    "warrior": "Warrior (SV-453): only you may plant on that grid.",
    "tocricoc": "Tocricoc (SV-457): other players pay you $2 to grow that Farmland.",
    "herd": "Herder (SV-394): move an alpaca to a grid without an alpaca.",
    "stop_herd": "Stop moving alpacas.",
    "crop": "Choose your crop (SV-021).",
}


def help_text(g: SacredValley, action: Action) -> str:
    from . import market as F

    k = action.data
    if not isinstance(k, tuple):
        return action.text
    base = _HELP.get(k[0], "")
    s = g.state
    p = s.active
    extra = ""
    if k[0] == "buy":
        extra = f" Price now: ${F.seed_price(g, p, k[1])}."
    elif k[0] == "buy_vine":
        extra = f" Price now: ${F.seed_price(g, p, -1)}."
    elif k[0] == "hire" and s.cat[k[1]] >= 0:
        kind = s.cat[k[1]]
        extra = (f" {D.CAMAYO_NAMES[kind]}: Age {D.CAMAYO_AGE[kind]}, price now ${F.camayo_price(g, k[1])}, "
                 f"end reward ${D.CAMAYO_REWARD[kind]}.")
    elif k[0] == "tech" and len(s.techs[p]) < g.params.MAX_TECH:
        extra = f" Price now: ${F.tech_price(g, p)}."
    return f"{action.text}\n{base}{extra}".strip()
