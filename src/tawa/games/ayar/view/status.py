"""The status line of the Ayar board: the round, phase and turn, and what the seat to act decides."""

from __future__ import annotations

from tawa.core.svg import escape
from tawa.core.svg import title as _title
from tawa.core.svgparts import Marked, ObserverWords
from tawa.games.ayar.data import ACTIVITY_NAMES, LANES, MARKERS, PATHS
from tawa.games.ayar.view.layout import (
    BOARD_EDGE,
    STATUS_H,
    WIDTH,
    Obs,
    actor_seat,
    cell_name,
    components,
    player_count,
)
from tawa.games.ayar.view.shapes import rect, svg_text
from tawa.games.ayar.view.texts import PHASE_TEXT

WHO = ObserverWords(0xE000, 4, "you", lambda s: f"P{s + 1}")  # the seat to act, named (Ayar seats 1-4 players)


def status(obs: Obs, me: int | Marked | None) -> str:
    """The status line as the observer ``me`` reads it (``obs["seat"]``; ``MARKED``: a mark where it names the seat
    to act)."""
    comp = components(obs)
    n = player_count(obs)
    rnd = obs["round"]
    ctx = obs["context"]
    phase = obs["phase"]
    if phase == "over":
        finals = obs["final"]
        best = max((list(f[:4]) for f in finals), default=[])  # AY-486..AY-490: score, then the tie-breaks
        winners = [f"P{i + 1}" for i, f in enumerate(finals) if list(f[:4]) == best]
        head = "Game over · " + " · ".join(f"P{i + 1} {f[0]} (Sun {f[4]}, Moon {f[5]})" for i, f in enumerate(finals))
        detail = (
            f"AY-485 [S] the final score is the lower of Sun and Moon after Llamas (AY-483 [D]); "
            f"winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)} (tie-breaks AY-487..AY-490)."
        )
    else:
        actor = actor_seat(obs)
        per_round = comp["turns_per_round"]
        turns = per_round[rnd - 1] * n if 0 < rnd <= len(per_round) else 0
        when = f"Round {rnd} of {len(per_round)}"
        pend = obs["tokens_pending"]
        if pend["n"] > 0:
            what = f"place {pend['n']} Viracocha token(s) on bonus spaces (AY-380, AY-809)"
        elif phase == "night":
            what = "the Night is resolved (AY-410)"
        else:
            stack = ctx["chosen_stack"]
            tile = obs["textile_tops"][stack] if 0 <= stack < len(obs["textile_tops"]) else None
            what = PHASE_TEXT.get(phase, str(phase)).format(
                marker=MARKERS[ctx["marker"]] if ctx["marker"] >= 0 else "",
                lane=LANES[ctx["slot"]].upper() if ctx["slot"] >= 0 else "",
                path=PATHS[ctx["path"]] if ctx["path"] >= 0 else "",
                power=ctx["power"],
                tile=comp["textiles"][tile][0] if tile is not None else "the Textile",
            )
        who = WHO.of(actor, me) if actor >= 0 else ""  # nobody to act: the line names no seat
        if phase == "night":
            retiring = obs["retiring"]
            head = f"{when} · Night {rnd}" + (f" · {who}: {what}" if actor >= 0 else f": {what}")
            detail = (
                f"The {PATHS[retiring]} Ayar retires tonight (AY-411 [S]); the harvest (AY-319 [R]), temple "
                "scoring (AY-432 [P]), Moon scoring (AY-441, AY-443 [P]) and Dusk (AY-450 [S]) follow."
                if 0 <= retiring < len(PATHS)
                else "AY-410 [S] the Night's steps run in order."
            )
        else:
            head = (
                f"{when} · Day turn {min(obs['turn'] + 1, turns)} of {turns} · {who}: {what}"
                if actor >= 0
                else f"{when} · {what}"
            )
            detail = _turn_detail(obs)
    return (
        f'<g id="status" data-phase="{escape(phase)}">{_title(head + ". " + detail)}'
        + rect(4, 4, WIDTH - 8, STATUS_H - 6, rx="7", fill="#fffaf0", stroke=BOARD_EDGE)
        + svg_text(14, 20, head, "head")
        + svg_text(14, 33, detail, "small")
        + "</g>"
    )


def _turn_detail(obs: Obs) -> str:
    ctx = obs["context"]
    comp = components(obs)
    parts = []
    if ctx["marker"] >= 0:
        parts.append(f"{MARKERS[ctx['marker']]} marker")
    if ctx["slot"] >= 0:
        s = ctx["slot"]
        parts.append(f"slot {LANES[s].upper()} ({comp['slot_arrows'][s]} arrow(s))")
    if ctx["path"] >= 0:
        parts.append(f"{PATHS[ctx['path']]} Ayar to step {obs['ayars']['step'][ctx['path']]}")
    if ctx["cell"] >= 0:
        parts.append(f"Tambo from {cell_name(ctx['cell'])}, power {ctx['base']} before bonuses (AY-150)")
    if ctx["fallback"]:
        parts.append("no activity possible: the Tambo leaves the game (AY-190, AY-191)")
    if ctx["act"]:
        parts.append(f"spot {ctx['spot']}: {ACTIVITY_NAMES.get(ctx['act'], ctx['act'])} with power {ctx['power']} left")
    if not parts:
        return (
            f"Start player P{obs['start'] + 1} (AY-044) · final score = min(Sun, Moon) (AY-485) · power = empty "
            "spaces of the lane (AY-150) · Raymi tiles score Sun values into the Inti dials (AY-217)."
        )
    return "This turn: " + ", ".join(parts) + "."
