"""The market side of the Sacred Valley board: the Main Catu, the Vine Catu, the supplies, the Camayo Catu
with the three Age piles, and the crops.
"""

from __future__ import annotations

from tawa.core.svg import n as _n
from tawa.core.svg import rect as _rect
from tawa.core.svg import text as _label
from tawa.core.svg import title as _title
from tawa.games.sacred_valley.data import (
    CAMAYO_AGE,
    CAMAYO_COST,
    CAMAYO_NAMES,
    CAMAYO_REWARD,
    CROP_COLOURS,
    CROPS,
    PLAYER_CROPS,
)
from tawa.games.sacred_valley.data import who as seat_label
from tawa.games.sacred_valley.view.layout import (
    AGE_FILL,
    CAT_H,
    CAT_STEP,
    CAT_TOP,
    MAIN_TOP,
    RIGHT_W,
    RIGHT_X,
    SLOT_STEP,
    Obs,
    crop_colour,
)
from tawa.games.sacred_valley.view.shapes import coin, cube, reward, tile
from tawa.games.sacred_valley.view.texts import (
    CAMAYO_TYPE,
    ROMAN,
    RULES,
    SURCHARGE,
    N,
    camayo_face_text,
    camayo_title,
    counts_text,
    money,
    pretty,
    seat_name,
    wrap,
)


def has_seed_rantic(obs: Obs) -> bool:
    """Whether the active player has the Seed Rantic (SV-399), which sets every Seed Tile's price."""
    act = obs["active"]
    return act is not None and any(c["kind"] == "seed_rantic" for c in obs["player"][act]["camayos"])


def _seed_price(obs: Obs, slot: int | None, rantic: bool) -> tuple[int, str]:
    """Price of a Main Catu slot (1-based) or a vine (None) for the active player (``rantic``: who has the Seed
    Rantic), and its reason."""
    if rantic:
        return N["SEED_RANTIC_PRICE"], "Seed Rantic (SV-399)"
    if slot is None:
        return N["VINE_PRICE"], "SV-262"
    return obs["main_catu_prices"][slot - 1], "SV-260"


def main_catu(obs: Obs, rantic: bool) -> str:
    out = [_label(14, 80, "Seed Catu", "label")]
    main = obs["main_catu"]
    for i, crop in enumerate(main, start=1):
        y = MAIN_TOP + (len(main) - i) * SLOT_STEP
        price, why = _seed_price(obs, i, rantic)
        what = f"{crop} Seed Tile" if crop else "empty"
        printed = obs["main_catu_prices"][i - 1]
        title = (
            f"Main Seed Catu slot {i} (printed price ${printed}; price now ${price}, {why}): {what}. " + RULES["main"]
        )
        out.append(
            f'<g id="main-slot{i}" class="slot main" data-action="buy slot{i}" '
            f'data-crop="{crop or ""}">{_title(title)}' + _rect(14, y, 106, 44, "#f3e7cf", "#8a6a3e", 5)
        )
        if crop:
            out.append(f'<g transform="translate(38,{_n(y + 22)})">{tile(crop, 38)}</g>')
        else:
            out.append(_rect(19, y + 3, 38, 38, "none", "#b7a27c", 4, ' stroke-dasharray="4 3"'))
        out.append(_label(64, y + 19, f"slot {i}", "small"))
        out.append(_label(64, y + 36, money(price), "price"))
        out.append("</g>")
    return "".join(out)


def vine_catu(obs: Obs, rantic: bool) -> str:
    cap = int(obs["vine_catu_capacity"])
    shown = max(1, min(cap, len(obs["main_catu"])))
    n = int(obs["vine_catu"])
    price, why = _seed_price(obs, None, rantic)
    bottom = MAIN_TOP + (len(obs["main_catu"]) - 1) * SLOT_STEP + 44
    top = bottom - shown * SLOT_STEP + 4
    title = f"Vine Catu: {n} of {cap} vines (price now ${price}, {why}). " + RULES["vine"].format(
        price=N["VINE_PRICE"], cap=cap, hp=N["VINE_HP"]
    )
    out = [
        f'<g id="vine-catu" class="slot vine" data-action="buy vine" data-count="{n}">{_title(title)}',
        _label(128, top - 8, "Vine Catu", "small strong"),
        _rect(128, top, 104, bottom - top, "#eef0dc", "#6a8f2a", 5),
    ]
    for j in range(shown):
        y = bottom - (j + 1) * SLOT_STEP + 4
        if j < n:
            out.append(f'<g transform="translate(152,{_n(y + 22)})">{tile("vine", 38)}</g>')
        else:
            out.append(_rect(133, y + 3, 38, 38, "none", "#a7b78a", 4, ' stroke-dasharray="4 3"'))
    out.append(_label(178, bottom - 24, f"{n}/{cap}", "count"))
    out.append(_label(178, bottom - 8, money(price), "price"))
    if n > shown:
        out.append(_label(178, top + 18, f"+{n - shown}", "count"))
    out.append("</g>")
    return "".join(out)


def supplies(obs: Obs) -> str:
    y = 392
    bag = obs["bag_size"]
    disc = sum(obs["seed_discard"].values())
    gone = sum(obs["seeds_out_of_game"].values())
    out = [
        f'<g id="bag" data-count="{bag}">'
        + _title(f"Bag: {bag} Seed Tiles ({counts_text(obs['bag_composition'])}). " + RULES["bag"])
        + f'<path d="M18,{y + 12}C10,{y + 40} 46,{y + 40} 38,{y + 12}L42,{y + 4}H14Z" fill="#c9b48a" '
        f'stroke="#6b4b2a"/>'
        + _label(28, y + 32, str(bag), "count", "middle")
        + _label(48, y + 24, "bag", "small")
        + "</g>",
        f'<g id="seed-discard" data-count="{disc}">'
        + _title(f"Seed discard: {disc} tiles ({counts_text(obs['seed_discard'])}). " + RULES["seed-discard"])
        + _rect(86, y + 6, 26, 26, "#e7dcc6", "#8a6a3e", 3, ' stroke-dasharray="3 2"')
        + _label(99, y + 24, str(disc), "count", "middle")
        + _label(116, y + 24, "discard", "small")
        + "</g>",
        f'<g id="seeds-out" data-count="{gone}">'
        + _title(f"Out of the game: {gone} Seed Tiles ({counts_text(obs['seeds_out_of_game'])}). " + RULES["seeds-out"])
        + _rect(170, y + 6, 26, 26, "#d9d2c4", "#777", 3)
        + _label(183, y + 24, str(gone), "count", "middle")
        + _label(200, y + 24, "out", "small")
        + "</g>",
    ]
    return "".join(out)


def camayo_catu(obs: Obs) -> str:
    out = [_label(RIGHT_X + 4, 80, "Camayo Catu", "label")]
    cat = obs["camayo_catu"]
    w = RIGHT_W
    for i, kind in enumerate(cat, start=1):
        y = CAT_TOP + (len(cat) - i) * CAT_STEP
        extra = SURCHARGE.get(i, 0)
        head = f'<g id="camayo-slot{i}" class="slot camayo" data-action="hire slot{i}" data-kind="{kind or ""}">'
        if kind is None:
            out.append(
                head
                + _title(f"Camayo Catu slot {i}: empty until the refill. " + RULES["camayo-catu"])
                + _rect(RIGHT_X, y, w, CAT_H, "none", "#b89b6e", 6, ' stroke-dasharray="5 4"')
                + _label(RIGHT_X + 10, y + 34, f"slot {i} · empty", "small")
                + "</g>"
            )
            continue
        k = CAMAYO_NAMES.index(kind)
        cost = CAMAYO_COST[k] + extra
        price = f", price ${cost}" + (f" (${CAMAYO_COST[k]} + ${extra} in slot {i})" if extra else "")
        out.append(head + _title(camayo_title(kind, f"Camayo Catu slot {i}", price)))
        out.append(_rect(RIGHT_X, y, w, CAT_H, "#fdf6e6", "#8a6a3e", 6))
        out.append(_rect(RIGHT_X, y, 30, CAT_H, AGE_FILL[CAMAYO_AGE[k]], "#8a6a3e", 6))
        out.append(_label(RIGHT_X + 15, y + 24, ROMAN[CAMAYO_AGE[k]], "age", "middle"))
        out.append(_label(RIGHT_X + 15, y + 48, f"{i}", "small", "middle"))
        out.append(_label(RIGHT_X + 40, y + 17, pretty(kind), "name"))
        out.append(_label(RIGHT_X + w - 82, y + 16, CAMAYO_TYPE[kind], "small muted", "end"))
        for j, line in enumerate(wrap(camayo_face_text(kind), 62)[:3]):
            out.append(_label(RIGHT_X + 40, y + 31 + j * 12, line, "ability"))
        out.append(coin(RIGHT_X + w - 58, y + 22, money(cost)))
        if extra:
            out.append(_label(RIGHT_X + w - 58, y + 48, f"{CAMAYO_COST[k]}+{extra}", "small", "middle"))
        out.append(reward(RIGHT_X + w - 20, y + 22, CAMAYO_REWARD[k]))
        out.append("</g>")
    return "".join(out)


def age_piles(obs: Obs) -> str:
    piles = obs["camayo_piles"]
    current = next((a for a, n in enumerate(piles, start=1) if n), None)
    out = []
    for a, n in enumerate(piles, start=1):
        x = RIGHT_X + (a - 1) * 68
        now = " — the current Age (SV-369)" if a == current else ""
        out.append(
            f'<g id="pile-{a}" class="pile" data-count="{n}">'
            + _title(f"Age {ROMAN[a]} draw pile: {n} Camayos face down{now}. " + RULES["pile"])
        )
        for k in range(min(3, max(1, (n + 5) // 6))):
            fill = AGE_FILL[a] if n else "none"
            out.append(_rect(x + k * 3, 90 - k * 3, 34, 30, fill, "#6b4b2a", 3, "" if n else ' stroke-dasharray="3 2"'))
        out.append(_label(x + 17 + 6, 110 - 3, ROMAN[a], "age", "middle"))
        out.append(_label(x + 44, 102, str(n), "count"))
        out.append(_label(x + 44, 116, "now" if a == current else "", "small strong"))
        out.append("</g>")
    rows = (
        ("camayo-discard", "discard", obs["camayo_discard"], RULES["camayo-discard"]),
        ("camayos-removed", "removed", obs["camayos_removed_face_up"], RULES["camayos-removed"]),
    )
    for j, (ident, label, names, rule) in enumerate(rows):
        x = RIGHT_X + 210 + j * 80
        listed = ", ".join(pretty(k) for k in names) or "none"
        out.append(
            f'<g id="{ident}" data-count="{len(names)}">'
            + _title(f"Camayo {label}: {len(names)} ({listed}). {rule}")
            + _rect(x, 90, 26, 30, "#efe3c8", "#6b4b2a", 3, ' stroke-dasharray="3 2"')
            + _label(x + 13, 110, str(len(names)), "count", "middle")
            + _label(x + 30, 110, label, "small")
            + "</g>"
        )
    purged = obs["camayos_purged_face_down"]
    x = RIGHT_X + 370
    out.append(
        f'<g id="camayos-purged" data-count="{purged}">'
        + _title(f"Camayos purged face down: {purged}. " + RULES["camayos-purged"])
        + _rect(x, 90, 26, 30, "#7a6a55", "#3e3020", 3)
        + _label(x + 13, 110, str(purged), "count light", "middle")
        + _label(x + 30, 110, "purged", "small")
        + "</g>"
    )
    return "".join(out)


def tech_reserve(obs: Obs) -> str:
    y = 470
    out = [_label(RIGHT_X + 4, y, "Crops · Technology reserve", "label")]
    owner = {d["crop"]: p for p, d in enumerate(obs["player"]) if d["crop"]}
    for k, c in enumerate(PLAYER_CROPS):
        crop = CROPS[c]
        x = RIGHT_X + k * 90
        colour = CROP_COLOURS[c]
        who = seat_name(obs, owner[crop]) if crop in owner else "no player"
        out.append(
            f'<g id="crop-{crop}" class="crop" data-action="crop {crop}">'
            + _title(f"{crop.capitalize()} ({colour}): {who}. " + RULES["crop"])
            + _rect(x, y + 6, 86, 44, "#fdf6e6", crop_colour(crop), 5, ' stroke-width="1.5"')
            + f'<g transform="translate({_n(x + 20)},{_n(y + 28)})">{tile(crop, 32)}</g>'
            + _label(x + 40, y + 24, crop.capitalize(), "small strong")
            + _label(x + 40, y + 40, seat_label(owner[crop]) if crop in owner else "—", "small")
            + "</g>"
        )
        n = obs["technology_reserve"][crop]
        cubes = "".join(
            f'<g transform="translate({_n(x + 12 + j * 17)},{_n(y + 70)})">{cube(crop_colour(crop))}</g>'
            for j in range(n)
        )
        out.append(
            f'<g id="tech-reserve-{crop}" class="tech-reserve" data-action="tech {crop}" data-count="{n}">'
            + _title(f"Technology reserve: {n} {crop} cube{'s' if n != 1 else ''}. " + RULES["tech-reserve"])
            + _rect(x, y + 56, 86, 28, "#efe3c8", "#b89b6e", 4)
            + cubes
            + ("" if n else _label(x + 43, y + 74, "none left", "small muted", "middle"))
            + "</g>"
        )
    return "".join(out)
