"""Text picture of a Sacred Valley game (the Terrace top row first, river edge at the bottom) and the help texts.

The picture is a list of named parts: ``status``, ``terrace``, ``market``, ``players`` (public: other seats'
coins show as ``$?`` until the end, SV-600/SV-587) and ``you`` (the seat's own coins, its private view: the
terminal hides it between two human seats). Given a width, lines are folded to fit it, and below
``COMPACT_BELOW`` columns a compact form is used so that nothing wraps at 80 columns.
"""

from __future__ import annotations

from tawa.core.actions import Action
from tawa.core.params import Params
from tawa.games.sacred_valley.data import (
    AGES,
    ALPACA_NAMES,
    CAMAYO_AGE,
    CAMAYO_COST,
    CAMAYO_LABELS,
    CAMAYO_REWARD,
    CROPS,
    FOREIGNER,
    VINE,
    Tables,
)
from tawa.games.sacred_valley.observe import coins_visible
from tawa.games.sacred_valley.rules.actions import Key
from tawa.games.sacred_valley.rules.common import plural, who
from tawa.games.sacred_valley.rules.market import camayo_price, seed_price, tech_price
from tawa.games.sacred_valley.rules.terrace import flood, planting_hp, tocricoc_fees, unlock_fee_for
from tawa.games.sacred_valley.scoring import scores
from tawa.games.sacred_valley.state import Cover, Exemption, Meeple, Phase, SacredValleyState

COMPACT_BELOW = 100
_ABBR = ("Ch", "Co", "Po", "Be", "Qu", "Vi")


def _cell(s: SacredValleyState, x: int) -> str:
    t = _ABBR[s.tile[x]] if s.tile[x] >= 0 else ".."
    if s.iso[x]:
        t = t.lower()
    a = ALPACA_NAMES[s.alp[x]][0].upper() if s.alp[x] >= 0 else " "
    m = " "
    if s.mee_owner[x] >= 0:
        m = ("w" if s.mee_kind[x] == Meeple.WARRIOR else "t") + str(s.mee_owner[x] + 1)
    return f"{t}{a}{m:<2}"


def _fold(head: str, items: list[str], width: int | None, sep: str = "  ") -> list[str]:
    """``head`` then the items on one line, or folded (never inside an item) to fit ``width`` columns."""
    if width is None:
        return [head + sep.join(items)]
    lines: list[str] = []
    line = head
    indent = " " * min(len(head), 4)
    for item in items:
        if line.strip() and line != head and len(line) + len(sep) + len(item) > width:
            lines.append(line)
            line = indent + item
        else:
            line = line + (sep if line != head else "") + item
    lines.append(line)
    return lines


def status_part(s: SacredValleyState) -> str:
    head = "game over" if s.mode == Phase.OVER else f"{who(s.active)} to act ({s.mode.name.lower()}, round {s.round})"
    return f"Sacred Valley — {head}"


def terrace_part(s: SacredValleyState, tables: Tables, params: Params, width: int | None) -> str:
    rows = sorted({r for r, _, _ in tables.cells}, reverse=True)
    cols = sorted({c for _, c, _ in tables.cells})
    compact = width is not None and width < COMPACT_BELOW
    lines = [("       " + "".join(f"c{c:<5}" for c in cols)).rstrip()]
    for r in rows:
        lv = next(lv for rr, _, lv in tables.cells if rr == r)
        notes = []
        if lv in tables.unlock_fee and s.cover[lv] == Cover.ON_TERRACE:
            notes.append(
                f"locked (fee ${tables.unlock_fee[lv]})" if compact else f"locked (unlock fee ${tables.unlock_fee[lv]})"
            )
        if r == params.FIRST_ROW:
            notes.append("<- river" if compact else "<- river edge")
        cells = "".join(_cell(s, tables.index[(r, c)]) + " " if (r, c) in tables.index else "      " for c in cols)
        lines.append((f"r{r} L{lv}  {cells}" + " ".join(notes)).rstrip())
    legend = ["(tiles: Ch Co Po Be Qu Vi, lower case = isolated;", "W/G alpaca;", "wN/tN Warrior/Tocricoc of PN)"]
    lines += _fold("  ", legend, width, " ")
    debts = [f"level {lv} cover owed by {who(p)}" for p in range(s.n) for lv in s.debts[p]]
    if debts:
        lines += _fold("Debts: ", debts, width, "; ")
    return "\n".join(lines)


def market_part(s: SacredValleyState, tables: Tables, width: int | None) -> str:
    main = [f"{i + 1}:{CROPS[t]} ${tables.main_prices[i]}" if t >= 0 else f"{i + 1}:-" for i, t in enumerate(s.main)]
    lines = _fold("Main Catu: ", main, width)
    lines += _fold(
        "",
        [
            f"Vine Catu: {plural(s.vines, 'vine')} at ${tables.vine_price}",
            f"bag: {len(s.bag)} tiles",
            f"seed discard: {len(s.sdiscard)}",
        ],
        width,
        " | ",
    )
    cat = [
        f"{i + 1}:{CAMAYO_LABELS[k]} ${CAMAYO_COST[k] + tables.surcharge[i]} (reward {CAMAYO_REWARD[k]})"
        if k >= 0
        else f"{i + 1}:-"
        for i, k in enumerate(s.cat)
    ]
    lines += _fold("Camayo Catu: ", cat, width)
    piles = [f"Age {age}: {len(p)}" for age, p in zip(AGES, s.piles, strict=True)]
    lines += _fold("Camayo piles: ", piles, width, ", ")
    lines += _fold("Harvest track pays ", [f"{i}:${v}" for i, v in enumerate(tables.track)], width, " ")
    return "\n".join(lines)


def players_part(s: SacredValleyState, tables: Tables, seat: int | None, width: int | None) -> str:
    """One line per seat (folded when narrow): public data only; the seat's own coins are in ``you_part``."""
    lines = []
    for p in range(s.n):
        coins = f"${s.coins[p]}" if coins_visible(s, None, p) else "you" if p == seat else "$?"
        cams = ", ".join(CAMAYO_LABELS[k] + ("*" if m else "") for k, m in zip(s.cam[p], s.marker[p], strict=True))
        crop = CROPS[s.crop[p]] if s.crop[p] >= 0 else "?"
        items = [
            f"farmers {s.farmers[p]}",
            "tech " + (", ".join(CROPS[c] for c in s.techs[p]) or "-") + ";",
            "warehouse " + (", ".join(CROPS[c] for c in s.wh[p]) or "-") + ";",
            f"camayos [{cams}]",
        ]
        lines += _fold(f"{who(p)} {crop:<7}{coins:>5} ", items, width, " ")
    lines.append("  (* = one-shot Camayo not used yet)")
    if s.mode == Phase.OVER:
        sc = scores(s, tables)
        lines.append("scores: " + ", ".join(f"{who(p)} {sc[p]}" for p in range(s.n)))
    return "\n".join(lines)


def you_part(s: SacredValleyState, seat: int) -> str:
    """The seat's private view (SV-600): its coins."""
    crop = CROPS[s.crop[seat]] if s.crop[seat] >= 0 else "no crop yet"
    return f"You are {who(seat)} ({crop}): ${s.coins[seat]} (only you see your coins)"


def render_parts(
    s: SacredValleyState, tables: Tables, params: Params, seat: int | None, width: int | None
) -> list[tuple[str, str]]:
    """The table as ``seat`` sees it (None: a spectator), as named parts in display order."""
    parts = [
        ("status", status_part(s)),
        ("terrace", terrace_part(s, tables, params, width)),
        ("market", market_part(s, tables, width)),
        ("players", players_part(s, tables, seat, width)),
    ]
    if seat is not None and s.mode != Phase.OVER:
        parts.append(("you", you_part(s, seat)))
    return parts


# ------------------------------------------------------------------ help texts (the CLI's ``? N``)
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
    "terrace_worker": "at once: a free Seed Tile; permanent: no unlock fee as planter or work partner (SV-405, SV-407)",
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


def _camayo(kind: int) -> str:
    name = CAMAYO_LABELS[kind]
    return f"{name}: {CAMAYO_HELP[name.replace(' ', '_')]}"


def help_text(s: SacredValleyState, tables: Tables, params: Params, action: Action) -> str:
    k = action.data
    if not isinstance(k, Key):
        return action.text
    base = _HELP.get(k.verb, "")
    p = s.active
    extra = ""
    if k.verb == "buy":
        extra = f" Price now: ${seed_price(s, tables, p, k.which)}."
    elif k.verb == "buy_vine":
        extra = f" Price now: ${seed_price(s, tables, p, -1)}."
    elif k.verb == "hire" and s.cat[k.which] >= 0:
        kind = s.cat[k.which]
        extra = (
            f" {CAMAYO_LABELS[kind]}: Age {CAMAYO_AGE[kind]}, price now ${camayo_price(s, tables, k.which)}, "
            f"end reward ${CAMAYO_REWARD[kind]}. Ability: {_camayo(kind).split(': ', 1)[1]}."
        )
    elif k.verb == "extra":
        extra = f" {_camayo(k.which)}."
    elif k.verb == "dismiss" and k.which < len(s.cam[p]):
        kind = s.cam[p][k.which]
        extra = f" {_camayo(kind)}; it scores nothing once discarded."
    elif k.verb == "tech" and len(s.techs[p]) < tables.max_tech:
        extra = f" Price now: ${tech_price(s, tables, p)}."
    elif k.verb in ("plant", "sab", "clean"):
        crop = VINE if k.verb == "sab" else k.crop
        extra = "\nIf planted now: " + planting_preview(s, tables, params, crop, k.cell, cleaner=k.verb == "clean")
    return f"{action.text}\n{base}{extra}".strip()


def planting_preview(
    s: SacredValleyState, tables: Tables, params: Params, crop: int, x: int, cleaner: bool = False
) -> str:
    """What planting ``crop`` on ``x`` would give the active player now: the Farmland, the HP (SV-120–SV-127),
    where they go on the Harvest Track (SV-128, SV-504) and the fees (SV-172, SV-459)."""
    p = s.active
    cells = flood(s, tables, crop, x)
    exempt = Exemption.NONE
    if crop != VINE and crop not in s.techs[p] and s.unused_marker(p, FOREIGNER) < 0:
        exempt = Exemption.YANACONA  # the only exemption left, with its cap (SV-397)
    hp, base, alpacas = planting_hp(s, tables, params, p, crop, cells, exempt)
    farmers = s.farmers[p]
    lost = max(0, hp - sum(tables.hp_max - f for f in farmers))
    parts = [
        f"Farmland of {plural(len(cells), 'tile')}"
        + (f" and {plural(alpacas, 'alpaca')}" if alpacas else "")
        + f": {hp} HP"
        + (
            f" (a vine always scores {tables.vine_hp}, SV-122)"
            if crop == VINE
            else f" (base {base})"
            if hp != base
            else ""
        )
    ]
    if len(farmers) == 1:
        to = min(tables.hp_max, farmers[0] + hp)
        parts.append(f"your farmer goes from {farmers[0]} to {to}, worth ${tables.track[to]} at the next Harvest")
    else:
        parts.append(f"you choose the farmer (now on {', '.join(str(f) for f in farmers)})")
    if lost:
        parts.append(f"{lost} HP lost (track full)")
    fee = 0 if cleaner else unlock_fee_for(s, tables, p, x)
    toc = tocricoc_fees(s, tables, params, p, crop, x)
    if fee:
        parts.append(f"unlock fee ${fee}")
    if toc:
        parts.append(f"Tocricoc fees ${toc}")
    return "; ".join(parts) + "."
