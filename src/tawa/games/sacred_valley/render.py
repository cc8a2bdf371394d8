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


def _pretty(kind: int) -> str:
    return D.CAMAYO_NAMES[kind].replace("_", " ")


def render(g: SacredValley, seat: int | None = None) -> str:
    """The board as ``seat`` sees it: other players' coins show as ``$?`` (SV-600) until the end (SV-587)."""
    s = g.state
    cfg = g.cfg
    over = s.mode == OVER
    rows = sorted({r for r, _, _ in cfg.cells}, reverse=True)
    cols = sorted({c for _, c, _ in cfg.cells})
    head = "game over" if over else f"P{s.active} to act ({MODE_NAMES[s.mode]}, round {s.round})"
    lines = [f"Sacred Valley — {head}"]
    lines.append("       " + "".join(f"c{c:<5}" for c in cols))
    for r in rows:
        lv = next(lv for rr, _, lv in cfg.cells if rr == r)
        lock = ""
        if lv in cfg.unlock_fee and s.cover[lv] == COVER_ON:
            lock = f" locked (unlock fee ${cfg.unlock_fee[lv]})"
        cells = "".join(_cell(g, cfg.index[(r, c)]) + " " if (r, c) in cfg.index else "      " for c in cols)
        river = " <- river edge" if r == g.params.FIRST_ROW else ""
        lines.append(f"r{r} L{lv}  {cells}{lock}{river}")
    lines.append("  (tiles: Ch Co Po Be Qu Vi, lower case = isolated; W/G alpaca; wN/tN Warrior/Tocricoc of seat N)")
    debts = [f"level {lv} cover owed by P{p}" for p in range(s.n) for lv in s.debts[p]]
    if debts:
        lines.append("Debts: " + "; ".join(debts))
    main = "  ".join(f"{i + 1}:{D.CROPS[t]} ${cfg.main_prices[i]}" if t >= 0 else f"{i + 1}:-"
                     for i, t in enumerate(s.main))
    lines.append(f"Main Catu: {main}")
    lines.append(f"Vine Catu: {s.vines} vine(s) at ${g.params.VINE_PRICE} | bag: {len(s.bag)} tiles | "
                 f"seed discard: {len(s.sdiscard)}")
    cat = "  ".join(f"{i + 1}:{_pretty(k)} ${D.CAMAYO_COST[k] + cfg.surcharge[i]} (reward {D.CAMAYO_REWARD[k]})"
                    if k >= 0 else f"{i + 1}:-" for i, k in enumerate(s.cat))
    lines.append(f"Camayo Catu: {cat}")
    ages = ", ".join(f"Age {('I', 'II', 'III')[a]}: {len(p)}" for a, p in enumerate(s.piles))
    lines.append(f"Camayo piles: {ages}")
    track = " ".join(f"{i}:${v}" for i, v in enumerate(cfg.track))
    lines.append(f"Harvest track pays {track}")
    for p in range(s.n):
        coins = f"${s.coins[p]}" if (p == seat or over) else "$?"
        cams = ", ".join(_pretty(k) + ("*" if m else "") for k, m in zip(s.cam[p], s.marker[p], strict=True))
        crop = D.CROPS[s.crop[p]] if s.crop[p] >= 0 else "?"
        me = " (you)" if p == seat else ""
        lines.append(f"P{p} {crop:<7}{coins:>5} farmers {s.farmers[p]} tech {[D.CROPS[c] for c in s.techs[p]]} "
                     f"warehouse {[D.CROPS[c] for c in s.wh[p]]} camayos [{cams}]{me}")
    lines.append("  (* = one-shot Camayo not used yet)")
    if over:
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


CAMAYO_HELP = {  # one line per kind (spec §3.17–§3.19)
    "alpaca_worker": "one-shot: put a gray alpaca on a grid without one; permanent: +$1 per alpaca on the "
                     "Farmland of each of your plantings (SV-390, SV-393)",
    "herder": "after each of your Harvest actions, move up to 2 alpacas (SV-394)",
    "yanacona": "plant crops without their Technology, such plantings capped at 2 HP (SV-396, SV-397)",
    "seed_rantic": "every Seed Tile you buy costs $1, vines included (SV-399)",
    "barterer": "one-shot: an extra Purchase right after a Plant or Harvest action (SV-400)",
    "irrigator": "+1 HP on a planting whose base value is exactly 1; never on vines (SV-401, SV-402)",
    "ayllu_member": "+1 HP when you plant your own crop (SV-403)",
    "warehouse_keeper": "your Warehouse holds 5 tiles (SV-404)",
    "terrace_worker": "at once: a free Seed Tile; permanent: no unlock fee as planter or work partner "
                      "(SV-405, SV-407)",
    "cleaner": "one-shot, in a free window: replace a vine on the Terrace by a Warehouse tile (SV-408)",
    "harvest_worker": "+$2 on each of your Harvests, the final one included (SV-450)",
    "rantic": "no ability (SV-451)",
    "hatun_runa": "one-shot: another Plant action right after a Plant action (SV-452)",
    "warrior": "at once: your meeple on an empty grid, where only you may plant; never discarded (SV-453)",
    "tocricoc": "at once: your meeple on a tile; others pay you $2 to grow that Farmland; never discarded "
                "(SV-457, SV-459)",
    "weaver": "once per turn in a free window: discard a same-crop non-vine pair for $4 (SV-465)",
    "chasqui": "one-shot: an extra action of any kind after an action (SV-490)",
    "cultivator": "after each of your plantings, a free Seed Tile if a farmer is on 5 or more (SV-491)",
    "foreigner": "one-shot: plant a crop without its Technology, HP not capped (SV-493)",
    "harvest_expert": "+$4 on a Harvest that resets a farmer from 7 (SV-495)",
    "hatun_rantic": "doubles the end rewards of your Camayos, its own included (SV-497)",
    "saboteur": "once per turn: plant a vine you buy at once (SV-499)",
    "supervisor": "at once: a second farmer on the Harvest Track; choose which farmer advances; never "
                  "discarded (SV-503, SV-504)",
    "umu": "+$1 per HP of a planting that fits on no farmer (SV-507)",
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
                 f"end reward ${D.CAMAYO_REWARD[kind]}. Ability: {CAMAYO_HELP[D.CAMAYO_NAMES[kind]]}.")
    elif k[0] == "extra":
        extra = f" {CAMAYO_HELP[D.CAMAYO_NAMES[k[1]]]}."
    elif k[0] == "dismiss" and k[1] < len(s.cam[p]):
        kind = s.cam[p][k[1]]
        extra = f" {D.CAMAYO_NAMES[kind]}: {CAMAYO_HELP[D.CAMAYO_NAMES[kind]]}; it scores nothing once discarded."
    elif k[0] == "tech" and len(s.techs[p]) < g.params.MAX_TECH:
        extra = f" Price now: ${F.tech_price(g, p)}."
    return f"{action.text}\n{base}{extra}".strip()
