"""The final ranking as text, from ``Game.standings()``: place (and "shared"), what decided it, the score and
the score by source. ``tawa play``'s end screen and ``tawa replay``'s last step show it."""

from __future__ import annotations

from tawa.core.game import Game
from tawa.core.results import Standing


def breakdown_text(st: Standing) -> str:
    """``harvest 7 VP, technologies 2 VP`` in the game's unit, or ``Sun 51, Llamas spent 6`` where each label names
    what it counts (``""`` when the game gives no breakdown)."""
    return ", ".join(f"{k} {st.amount(v)}" for k, v in st.breakdown.items())


def decided_text(st: Standing) -> str:
    """What decided this place, in words: the score, a named tie-break (``tie-break: SV-592 more coins``), or
    that it is shared (``shared: still tied after …``); ``-`` for the last place."""
    d = st.decided_by
    if st.shared:
        return d if d.startswith("shared") else "shared" + (f" ({d})" if d else "")
    if st.tie_break and d != "tie-break":
        return "tie-break: " + d
    return d or "-"  # the score, or the rule that ended the game (PK-300's win)


def standings_text(game: Game, width: int | None = None) -> str:
    """The ranking in place order, one seat a line; the score by source goes on its own line when the line would
    not fit in ``width`` columns."""
    rows = sorted(game.standings(), key=lambda st: (st.place, st.seat))
    title = "Final ranking"
    if game.capped:
        title += " (the game was stopped by the safety cap: not a result by the rules)"
    elif not game.is_over:
        title = "Ranking so far"
    places = [f"{st.place}{' (shared)' if st.shared else ''}" for st in rows]
    names = [game.seat_label(st.seat) for st in rows]
    scores = [st.amount(st.score) for st in rows]
    decided = [decided_text(st) for st in rows]
    head = ("place", "player", "score", "decided by")
    cols = [places, names, scores, decided]
    widths = [max(len(h), *(len(c) for c in col)) for h, col in zip(head, cols, strict=True)]

    def line(cells: list[str]) -> str:
        return "  " + "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))

    out = [title + ":", line(list(head)).rstrip() + ("  score by source" if any(st.breakdown for st in rows) else "")]
    for i, st in enumerate(rows):
        text = line([places[i], names[i], scores[i], decided[i]])
        extra = breakdown_text(st)
        if extra and width is not None and len(text) + 2 + len(extra) > width:
            out.append(text.rstrip())
            out.append("      " + extra)
        else:
            out.append((text + ("  " + extra if extra else "")).rstrip())
    return "\n".join(out)
