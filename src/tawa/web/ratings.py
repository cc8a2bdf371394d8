"""Ratings (issue 26): OpenSkill's PlackettLuce per game, updated when a rated table ends.

Each seat is a team of one; the places come from the table's result, where a resignation or a time-out counts as
last place. The players are persons (``g:<guest id>``) and the named bot strengths (``bot:<strength>``: each has a
rating, so the bots anchor the scale); one strength in several seats gets the average of its seats' new ratings, as
the lab rates bot specs (``tawa.lab.report.openskill_ratings``). The rating shown is conservative: the ordinal
``mu - 3 sigma``. Whether a table may be rated is decided in one place: ``may_rate``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, insert, select, update
from sqlalchemy.engine import Connection

from tawa.lab.stats import openskill_game
from tawa.web.ledger import ranking_with_out
from tawa.web.models import BOT, PERSON, RatingEventRow, RatingRow
from tawa.web.settings import STRENGTHS
from tawa.web.storage import SeatData, TableData
from tawa.web.views import bot_name

R, EV = (cast(Table, row.__table__) for row in (RatingRow, RatingEventRow))
STRENGTH_OF = {spec: name for name, spec in STRENGTHS.items()}  # a named strength's stored spec -> its name


def may_rate(seats: Sequence[SeatData]) -> str | None:
    """Why a table with these seats may not be rated (None: it may): it needs a person, and its bots must be the
    named strengths (easy, normal, strong), not a custom spec, so that each bot's rating means one thing. Its people
    must be registered players: checked where each sits down (``TableService.create``, ``TableRoom.seat_guest``:
    ``no_account``), since a seat's account is the database's to say."""
    if not any(s.kind == PERSON for s in seats):
        return "a rated table needs at least one person"
    custom = [s.seat + 1 for s in seats if s.kind == BOT and (s.bot or "") not in STRENGTH_OF]
    if custom:
        return f"a rated table's bots are the named strengths ({', '.join(STRENGTHS)}); seat {custom[0]} is not one"
    return None


def player_key(seat: SeatData) -> str:
    """The rated player of a seat: ``g:<guest id>`` or ``bot:<strength>``."""
    if seat.kind == BOT:
        return f"bot:{STRENGTH_OF.get(seat.bot or '', seat.bot or '')}"
    return f"g:{seat.guest}"


def player_name(seat: SeatData) -> str:
    return bot_name(seat.bot or "") if seat.kind == BOT else (seat.name or "?")


def places(result: Mapping[str, Any]) -> list[int]:
    """The places a result rates: its ranking (1 = first, ties share), the seats out (resigned, timed out) last."""
    out = {int(s): why for s, why in (result.get("out") or {}).items()}
    return ranking_with_out(list(result["ranking"]), out, "last")


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: conservative, ``mu - 3 sigma`` (openskill's ``ordinal``)."""
    return mu - 3.0 * sigma


@dataclass(frozen=True)
class RatedTable:
    """What rating a finished table needs (``of_table``)."""

    table_id: str
    game: str
    keys: list[str]  # per seat
    names: list[str]  # per seat
    ranks: list[int]  # per seat
    at: float


def of_table(t: TableData) -> RatedTable | None:
    """A finished rated table as ``rate_table`` takes it; None when it is not to be rated."""
    if not t.rated or t.result is None or may_rate(t.seats) is not None:
        return None
    return RatedTable(
        t.id,
        t.game,
        [player_key(s) for s in t.seats],
        [player_name(s) for s in t.seats],
        places(t.result),
        t.finished_at or t.updated_at,
    )


def rate_table(c: Connection, r: RatedTable) -> None:
    """A write function (the group writer's): read the players' current ratings, write the new ones and the
    history rows, in one transaction (a table already rated is refused by the history's key)."""
    players = list(dict.fromkeys(r.keys))
    rows = {row.player: row for row in c.execute(select(R).where(R.c.game == r.game, R.c.player.in_(players)))}
    new = openskill_game({k: (row.mu, row.sigma) for k, row in rows.items()}, r.keys, r.ranks)
    for k, (mu, sigma) in new.items():
        seats = [i for i, key in enumerate(r.keys) if key == k]
        place = min(r.ranks[i] for i in seats)
        won = 1 if place == 1 else 0
        name = r.names[seats[0]]
        if k in rows:
            c.execute(
                update(R)
                .where(R.c.game == r.game, R.c.player == k)
                .values(mu=mu, sigma=sigma, name=name, games=R.c.games + 1, wins=R.c.wins + won, updated_at=r.at)
            )
        else:
            c.execute(
                insert(R).values(
                    game=r.game, player=k, name=name, mu=mu, sigma=sigma, games=1, wins=won, updated_at=r.at
                )
            )
        c.execute(
            insert(EV).values(table_id=r.table_id, player=k, game=r.game, mu=mu, sigma=sigma, place=place, at=r.at)
        )


# ---------------------------------------------------------------- reads
def rating_out(mu: float, sigma: float) -> dict[str, float]:
    return {"rating": round(ordinal(mu, sigma), 3), "mu": mu, "sigma": sigma}


def leaderboard(c: Connection, game: str, limit: int) -> list[dict[str, Any]]:
    """A game's ratings, best (conservative) first."""
    query = select(R).where(R.c.game == game).order_by((R.c.mu - 3.0 * R.c.sigma).desc(), R.c.player).limit(limit)
    out = []
    for row in c.execute(query):
        kind, _, ident = row.player.partition(":")
        out.append(
            {
                "player": row.player,
                "kind": PERSON if kind == "g" else BOT,
                "guest": ident if kind == "g" else None,
                "name": row.name,
                **rating_out(row.mu, row.sigma),
                "games": row.games,
                "wins": row.wins,
            }
        )
    return out


def ratings_of(c: Connection, player: str) -> dict[str, Any]:
    """A player's rating in each game they are rated in, and its history (oldest first)."""
    current = {row.game: row for row in c.execute(select(R).where(R.c.player == player))}
    history: dict[str, list[dict[str, Any]]] = {}
    for ev in c.execute(select(EV).where(EV.c.player == player).order_by(EV.c.at, EV.c.table_id)):
        history.setdefault(ev.game, []).append(
            {"table": ev.table_id, "at": ev.at, "place": ev.place, **rating_out(ev.mu, ev.sigma)}
        )
    return {"current": current, "history": history}
