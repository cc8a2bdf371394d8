"""The wire protocol, in one place: WebSocket messages (client -> server and server -> client) and the
REST bodies. The REST models make FastAPI's OpenAPI document; ``ws_schema()`` gives the JSON Schema of the
WebSocket messages (``docs/server.md`` describes both, with examples).

WebSocket path: ``/ws/v1`` (the protocol version is in the path). Every message is a JSON object whose
``t`` names its type.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from tawa.web.auth import INVISIBLE_CHARS

TableId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
ActionId = Annotated[str, Field(min_length=1, max_length=400)]
Ack = Annotated[int | None, Field(default=None, ge=0, le=2**53, description="echoed in the answer")]


class _In(BaseModel):
    """Client messages: unknown fields refused, and types strict (``"seq": "3"`` is not a number)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# ---------------------------------------------------------------- client -> server
class Join(_In):
    """Subscribe to a table: with the seat token to play that seat, without one to watch. Answered by
    ``full``; sent again after a reconnect."""

    t: Literal["join"]
    table: TableId
    token: Annotated[str | None, Field(max_length=200)] = None
    board: bool = Field(
        default=True,
        description="false: no drawing; each view carries the seat's observation instead (scripts, the benchmark)",
    )


class Leave(_In):
    t: Literal["leave"]
    table: TableId


class Move(_In):
    """Play ``action`` (an id from ``view.actions``) having seen version ``seq`` of the table."""

    t: Literal["move"]
    table: TableId
    seq: Annotated[int, Field(ge=0, le=10**9)]
    action: ActionId
    ack: Ack = None


class Sync(_In):
    """Ask for the full view again (after a version gap)."""

    t: Literal["sync"]
    table: TableId


class Help(_In):
    """The long help text of one legal action."""

    t: Literal["help"]
    table: TableId
    action: ActionId
    ack: Ack = None


class Explain(_In):
    """Why an action id is not legal now (a click on something that is not a target); or, with ``element`` and no
    action, why a board part that means no action cannot be used (issue 24)."""

    t: Literal["explain"]
    table: TableId
    action: ActionId | None = None
    element: ActionId | None = None
    ack: Ack = None

    @model_validator(mode="after")
    def _something(self) -> Explain:
        if self.action is None and self.element is None:
            raise ValueError("explain needs an action or an element")
        return self


class Previews(_In):
    """The chooser pictures of my legal actions about one board element (sent when its chooser opens)."""

    t: Literal["previews"]
    table: TableId
    target: Annotated[str, Field(min_length=1, max_length=200)]
    ack: Ack = None


class Undo(_In):
    """Take back my latest decision, having seen version ``seq`` (rule "undo": only my own latest decisions, with no
    other seat's, no chance event and nothing hidden revealed since). Answered by ``ack``, then a ``full`` view to
    everyone at the table (the board goes back)."""

    t: Literal["undo"]
    table: TableId
    seq: Annotated[int, Field(ge=0, le=10**9)]
    ack: Ack = None


class Resign(_In):
    """Resign my seat: in a 2-player game the other wins; with more players a bot plays the seat from then on (and
    it is ranked last where the table's ``leaver`` is ``last``). Answered by ``ack``, then a ``full`` view to all."""

    t: Literal["resign"]
    table: TableId
    ack: Ack = None


class Return(_In):
    """Take my seat back from the bot that plays it since my time ran out (``on_timeout`` ``bot``): the seat has
    ``grace`` seconds again (docs/server.md § Clocks). Answered by ``ack``, then a ``full`` view to all."""

    t: Literal["return"]
    table: TableId
    ack: Ack = None


class Rematch(_In):
    """At a finished table: take my seat at its rematch (the same game, options, bots and rules, the seats rotated
    by one), creating it if nobody asked yet. Answered by ``rematch`` with my new seat and its token; the others
    seated at the table get ``rematch`` without one (the offer)."""

    t: Literal["rematch"]
    table: TableId
    ack: Ack = None


class Say(_In):
    """A chat message at the table (``chat_max_chars`` at most): a seat's goes to everyone, a spectator's to the
    spectators (unless the table turned spectators' chat off). Answered by ``ack``; the ``chat`` message follows."""

    t: Literal["say"]
    table: TableId
    text: Annotated[str, Field(min_length=1, max_length=10_000)]
    ack: Ack = None


class Ping(_In):
    t: Literal["ping"]
    ack: Ack = None


ClientMessage = Annotated[
    Join | Leave | Move | Sync | Help | Explain | Previews | Undo | Resign | Return | Rematch | Say | Ping,
    Field(discriminator="t"),
]
CLIENT_TYPES = (
    "join",
    "leave",
    "move",
    "sync",
    "help",
    "explain",
    "previews",
    "undo",
    "resign",
    "return",
    "rematch",
    "say",
    "ping",
)
client_message: TypeAdapter[Any] = TypeAdapter(ClientMessage)


# ---------------------------------------------------------------- server -> client
class _Out(BaseModel):
    """Server messages: exactly these fields (the tests validate every message received, so a stray field fails)."""

    model_config = ConfigDict(extra="forbid")


class EventOut(_Out):
    kind: str
    text: str
    data: dict[str, Any] = Field(default_factory=dict)


class ActionOut(_Out):
    id: str
    text: str


class StandingOut(_Out):
    seat: int
    label: str
    name: str | None = None
    place: int
    shared: bool
    score: float
    decided_by: str = ""
    breakdown: dict[str, Any] = Field(default_factory=dict)
    unit: str = Field("", description='what the score and the breakdown count ("VP"); empty: each label says')
    tie_break: bool = Field(False, description="a tie-break, not the score, separated this seat from the next")


class SeatOut(_Out):
    seat: int
    label: str
    kind: Literal["person", "bot"]
    name: str | None = None
    bot: str | None = None
    open: bool
    connected: bool = False
    out: str | None = Field(
        default=None, description='why a person\'s seat is played by a bot now ("resigned", "timed out")'
    )
    invited: str | None = Field(None, description="an open seat offered to this username (kept for them)")


class BoardPatch(_Out):
    """The board drawn for this seat, in named parts whose texts joined in ``order`` are the SVG document. A
    ``full`` view has every part; an ``update`` only those that changed since this connection's previous message
    about the table (and ``order`` only when it changed): apply it to the parts held, in order."""

    order: list[str] | None = None
    parts: dict[str, str]


class View(_Out):
    """What one seat (or a spectator) sees of a table now. Built only from ``observation(seat)``, the
    events visible to it and the table's public facts."""

    status: Literal["open", "running", "finished"]
    to_act: int | None
    svg: str | None = Field(default=None, description="the whole board drawn for this seat (replays)")
    observation: dict[str, Any] | None = Field(
        default=None, description="observation(seat) itself, for clients that asked for no board"
    )
    targets: dict[str, str] = Field(default_factory=dict)
    actions: list[ActionOut] = Field(default_factory=list)
    standings: list[StandingOut] | None = None
    capped: bool = False


class LiveView(View):
    """A view over the WebSocket: a board client gets the board in parts (``board``; ``svg`` is null)."""

    board: BoardPatch | None = Field(default=None, description="the board drawn for this seat, in parts")


class ChatOut(_Out):
    """One chat line (also inside ``full``): ``n`` counts the table's lines from 1; ``seat`` null: a spectator's."""

    t: Literal["chat"]
    table: str
    n: int
    seat: int | None
    name: str
    text: str = Field(description="shown as text, never as markup")
    at: float


class ControlOut(_Out):
    """A table's time control (``tawa.web.clock``)."""

    id: str
    kind: Literal["fischer", "days", "idle"]
    label: str
    base: float = Field(description="fischer: seconds for the game; days: seconds a turn")
    inc: float = Field(description="fischer: seconds gained at the end of each turn")
    on_timeout: Literal["bot", "end"]


class ClocksOut(_Out):
    """The table's clocks: each seat's seconds left at server time ``at`` (None: a bot seat; below 0: its time ran
    out), and the seat whose time runs (None: none runs, e.g. a bot is to act). The page counts the running seat's
    time down from when it received this."""

    control: ControlOut
    left: list[float | None]
    running: int | None
    at: float


class RematchOut(_Out):
    """The rematch of finished table ``table`` is ``rematch`` (``by``: who asked first). ``seat`` and ``token``: mine
    there, to the one who just took it (kept like a seat link's); null in the offer the others get. ``joined``: the
    seats of this table whose players sit at the rematch now."""

    t: Literal["rematch"]
    table: str
    rematch: str
    by: str
    joined: list[int]
    ack: int | None = None
    seat: int | None = None
    token: str | None = None


class Full(_Out):
    """The whole view of a table for this client, then incremental ``update``s follow."""

    t: Literal["full"]
    table: str
    v: int
    seat: int | None
    game: str
    name: str
    players: int
    seats: list[SeatOut]
    log: list[EventOut]
    view: LiveView
    chat: list[ChatOut] = Field(default_factory=list, description="the latest chat lines this client may see")
    leaver: Literal["bot", "last"] = "bot"
    spectator_chat: Literal["apart", "off"] = "apart"
    notice: str | None = Field(
        default=None,
        description='what just happened at the table ("P1 took back a decision"), when this full view follows it',
    )
    undo: bool = Field(
        False,
        description="this seat made the latest decision, so its page offers to take it back "
        "(`undo`; the rule is checked when asked). After an `update`, the seat that "
        "was to act before it made that decision",
    )
    clock: ClocksOut | None = Field(
        default=None, description="the clocks (a table with a time control); each `update` carries them again"
    )
    rematch: str | None = Field(default=None, description="a finished table: the id of its rematch, once offered")


class Update(_Out):
    """Move ``v`` was played. ``events`` are only those this client may see (often none: every move uses up
    a version for everybody, so a client can tell a gap from a hidden event). The client whose ``move`` it was gets
    its ``ack`` here (the move is committed as version ``v``: no ``ack`` message of its own); a timed table's
    updates carry the clocks after the move."""

    t: Literal["update"]
    table: str
    v: int
    events: list[EventOut]
    view: LiveView
    clock: ClocksOut | None = Field(default=None, description="the clocks after this move (a timed table)")
    ack: int | None = Field(
        default=None, description="in the update of my own move only: the `ack` my `move` carried (null if none)"
    )


class AckOut(_Out):
    """The ``undo``, ``resign``, ``return`` or ``say`` with this ``ack`` is committed as version ``v`` (a chat
    line: its number). A move's ack comes in its ``update``."""

    t: Literal["ack"]
    table: str
    ack: int | None
    v: int


class Reject(_Out):
    """A refused message; nothing changed. A ``full`` view follows when it concerned a joined table (unless the
    client holds the table as it is already, or asked for too many views: then it comes once, later)."""

    t: Literal["reject"]
    table: str | None = None
    ack: int | None = None
    code: str
    reason: str
    rule: str | None = None
    opens: str | None = Field(default=None, description="illegal: what would open the refused action, when known")
    v: int | None = Field(default=None, description="duplicate: the version the move was committed as")


class Presence(_Out):
    t: Literal["presence"]
    table: str
    connected: list[bool]
    spectators: int


class HelpOut(_Out):
    t: Literal["help"]
    table: str
    action: str
    ack: int | None = None
    text: str


class ExplainOut(_Out):
    t: Literal["explain"]
    table: str
    action: str | None = None
    element: str | None = None
    ack: int | None = None
    legal: bool
    reason: str
    rule: str | None = None
    opens: str | None = None


class PreviewsOut(_Out):
    """The chooser pictures (action id -> a small SVG) of the actions about ``target``, at version ``v``."""

    t: Literal["previews"]
    table: str
    v: int
    target: str
    ack: int | None = None
    previews: dict[str, str]


class Pong(_Out):
    t: Literal["pong"]
    ack: int | None = None


ServerMessage = Annotated[
    Full | Update | AckOut | Reject | Presence | HelpOut | ExplainOut | PreviewsOut | ChatOut | RematchOut | Pong,
    Field(discriminator="t"),
]
server_message: TypeAdapter[Any] = TypeAdapter(ServerMessage)


# ---------------------------------------------------------------- server -> client: the builders
# Every message the server sends is made by one of these, next to its model: the table room (``tawa.web.table``)
# and the connection (``tawa.web.ws``) call them and write no message of their own. Each gives exactly its
# model's fields; the tests validate every message they receive against ``server_message``, unknown fields refused.
_json_encode = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def _encode(value: Any) -> str:
    """Compact JSON text (orjson: a tenth of the standard library's time on a view with hundreds of actions,
    measured in docs/performance.md; characters beyond ASCII go as UTF-8, not escaped). A value it cannot write (an
    integer past 64 bits) is written by the standard library."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except (TypeError, orjson.JSONEncodeError):
        return _json_encode(value)


def encode_text(text: str) -> str:
    """A string as JSON text (the board memo's encoder for part texts, ``tawa.core.svgparts.Memo``)."""
    return orjson.dumps(text).decode()


def encode(message: dict[str, Any]) -> str:
    """A message as sent: compact JSON."""
    return _encode(message)


def full_message(
    table: str,
    v: int,
    seat: int | None,
    game: str,
    name: str,
    players: int,
    seats: list[dict[str, Any]],
    log: list[dict[str, Any]],
    view: dict[str, Any],
    chat: list[dict[str, Any]],
    leaver: str,
    spectator_chat: str,
    undo: bool,
    notice: str | None = None,
    clock: dict[str, Any] | None = None,
    rematch: str | None = None,
) -> dict[str, Any]:
    return {
        "t": "full",
        "table": table,
        "v": v,
        "seat": seat,
        "game": game,
        "name": name,
        "players": players,
        "seats": seats,
        "log": log,
        "view": view,
        "chat": chat,
        "leaver": leaver,
        "spectator_chat": spectator_chat,
        "undo": undo,
        "notice": notice,
        "clock": clock,
        "rematch": rematch,
    }


def rematch_message(
    table: str,
    rematch: str,
    by: str,
    joined: list[int],
    ack: int | None = None,
    seat: int | None = None,
    token: str | None = None,
) -> dict[str, Any]:
    return {
        "t": "rematch",
        "table": table,
        "rematch": rematch,
        "by": by,
        "joined": joined,
        "ack": ack,
        "seat": seat,
        "token": token,
    }


def chat_message(table: str, n: int, seat: int | None, name: str, text: str, at: float) -> dict[str, Any]:
    return {"t": "chat", "table": table, "n": n, "seat": seat, "name": name, "text": text, "at": at}


def update_base(table: str, v: int, events: list[dict[str, Any]], view: dict[str, Any]) -> str:
    """The encoded ``update`` up to its view's last field: ``update_text`` closes it, with or without a board patch
    (a push encodes one base per seat and one text per distinct patch, docs/performance.md)."""
    return (
        f'{{"t":"update","table":{_encode(table)},"v":{v},"events":' + _encode(events) + ',"view":' + _encode(view)[:-1]
    )


def update_text(base: str, patch: str | None, clock: str | None = None) -> str:
    """``update_base`` closed, with the board patch (``Drawing.patch_json``'s JSON text) when there is one, and the
    clocks (``clock_text``) of a timed table."""
    board = "" if patch is None else ',"board":' + patch
    return base + board + ("}}" if clock is None else '},"clock":' + clock + "}")


def clock_text(clocks: dict[str, Any]) -> str:
    """``tawa.web.clock.Clocks.out_for``'s control, left, running and at, as an update carries them (encoded once for
    every client of the table)."""
    return _encode(clocks)


def acked(update: str, ack: int | None) -> str:
    """An ``update_text`` as the client whose move it was gets it: with that move's ``ack``."""
    return update[:-1] + ',"ack":' + ("null" if ack is None else str(ack)) + "}"


def ack_message(table: str, ack: int | None, v: int) -> dict[str, Any]:
    return {"t": "ack", "table": table, "ack": ack, "v": v}


def reject_message(
    code: str,
    reason: str,
    table: str | None = None,
    ack: int | None = None,
    rule: str | None = None,
    opens: str | None = None,
    v: int | None = None,
) -> dict[str, Any]:
    return {
        "t": "reject",
        "table": table,
        "ack": ack,
        "code": code,
        "reason": reason,
        "rule": rule,
        "opens": opens,
        "v": v,
    }


def presence_message(table: str, connected: list[bool], spectators: int) -> dict[str, Any]:
    return {"t": "presence", "table": table, "connected": connected, "spectators": spectators}


def help_message(table: str, action: str, ack: int | None, text: str) -> dict[str, Any]:
    return {"t": "help", "table": table, "action": action, "ack": ack, "text": text}


def explain_message(
    table: str, action: str | None, element: str | None, ack: int | None, answer: dict[str, Any]
) -> dict[str, Any]:
    """``answer``: ``{legal, reason, rule, opens}`` from ``tawa.web.views.explain_of``."""
    return {"t": "explain", "table": table, "action": action, "ack": ack, "element": element, **answer}


def previews_message(table: str, v: int, target: str, ack: int | None, previews: dict[str, str]) -> dict[str, Any]:
    return {"t": "previews", "table": table, "v": v, "target": target, "ack": ack, "previews": previews}


def pong_message(ack: int | None) -> dict[str, Any]:
    return {"t": "pong", "ack": ack}


def ws_schema() -> dict[str, Any]:
    """JSON Schema of every WebSocket message, both directions."""
    return {"client": client_message.json_schema(), "server": server_message.json_schema()}


# ---------------------------------------------------------------- REST
class ErrorOut(BaseModel):
    code: str
    message: str


class ParamOut(BaseModel):
    name: str
    value: Any = None
    tag: str
    rules: list[str]
    doc: str
    choices: list[Any] | None = None
    overridable: bool
    shape: str = Field(default="", description="the declared bounds in words (`Param.describe`)")
    bounds: list[int | float | None] | None = Field(default=None, description="[least, most] of every number")
    length: list[int | None] | None = Field(default=None, description="[least, most] length of a list")
    chars: int | None = Field(default=None, description="the longest text")


class GameOut(BaseModel):
    id: str
    name: str
    players: list[int]
    summary: str
    spec: str
    params: list[ParamOut]
    automation_options: dict[str, Any]
    seat_names: dict[str, list[str | None]] = Field(
        default_factory=dict,
        description="per player count, each seat's name with the default options (the lobby "
        "form's rows); null where the setup deals it (Guatavita's colours)",
    )


class GamesOut(BaseModel):
    games: list[GameOut]
    strengths: dict[str, str]
    bots: list[str]
    bot_budget: float = Field(description="the most seconds a bot seat may think per move here (a spec's time=)")
    clocks: list[dict[str, Any]] = Field(
        default_factory=list, description="the time-control presets a table can be created with (`clock`)"
    )
    idle_days: float = Field(14.0, description="days an untimed table's seat to act may take before a bot plays it")


# a display name: 1 to 40 characters, not only spaces, no control characters, lone surrogates, invisible or
# direction marks (``tawa.web.auth.INVISIBLE_CHARS``)
NAME_PATTERN = f"^[^{INVISIBLE_CHARS}]*[^\\s{INVISIBLE_CHARS}][^{INVISIBLE_CHARS}]*$"


class _Body(BaseModel):
    """REST bodies: unknown fields refused, types strict (``"players": "2"`` is not a number); patterns in Python's
    ``re`` (the name's pattern names surrogates, which pydantic's default engine cannot)."""

    model_config = ConfigDict(extra="forbid", strict=True, regex_engine="python-re")


class NameIn(_Body):
    name: Annotated[str, Field(min_length=1, max_length=40, pattern=NAME_PATTERN)]


class MeOut(BaseModel):
    name: str | None
    username: str | None = Field(None, description="the account's username; null for a guest without one")


# usernames: 3 to 24 letters, digits, _ and - (ASCII, so no two look alike), unique whatever their case
Username = Annotated[str, Field(min_length=3, max_length=24, pattern=r"^[A-Za-z0-9_-]+$")]
NewPassword = Annotated[str, Field(min_length=8, max_length=200, description="8 to 200 characters")]


class RegisterIn(_Body):
    username: Username
    password: NewPassword


class LoginIn(_Body):
    username: Username
    password: Annotated[str, Field(min_length=1, max_length=200)]


class PasswordIn(_Body):
    old: Annotated[str, Field(min_length=1, max_length=200)]
    new: NewPassword


# ---- e-mail (tawa.web.mail): an address of at most 254 characters: a local part of at most 64 of RFC 5322's
# atext characters and dots (none of the specials , ; < > ( ) " [ ] \ : that would make one address several
# recipients or another one), one @, a domain of dotted labels (letters, digits, hyphens; letters beyond ASCII too)
_ATEXT = r"A-Za-z0-9.!#$%&'*+/=?^_`{|}~\u00c0-\ud7ff\uf900-\ufffd-"
_LABEL = r"[A-Za-z0-9\u00c0-\ud7ff\uf900-\ufffd-]+"
EMAIL_PATTERN = rf"^[{_ATEXT}]{{1,64}}@{_LABEL}(\.{_LABEL})+$"
Email = Annotated[str, Field(min_length=3, max_length=254, pattern=EMAIL_PATTERN)]
MailToken = Annotated[str, Field(min_length=20, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")]


class MailAddressIn(_Body):
    address: Email | None = Field(description="the new address (a verification link is mailed to it); null: none")
    password: Annotated[str, Field(min_length=1, max_length=200)] = Field(description="the account's password")


class MailAlertsIn(_Body):
    on: bool = Field(description="whether turn alerts are mailed to the verified address")


class MailTokenIn(_Body):
    token: MailToken


class ForgotIn(_Body):
    who: Annotated[str, Field(min_length=1, max_length=254)] = Field(description="a username or an e-mail address")


class ResetIn(_Body):
    token: MailToken
    new: NewPassword


class MailOut(BaseModel):
    """My e-mail settings (only ever shown to the account itself)."""

    on: bool = Field(description="whether this server sends mail at all (no: the e-mail routes answer no_mail)")
    address: str | None = Field(None, description="my verified address")
    pending: str | None = Field(None, description="the address a verification link was mailed to, not yet verified")
    alerts: bool = Field(True, description="whether turn alerts are mailed to my verified address")


class MailVerifiedOut(BaseModel):
    address: str = Field(description="the address now verified")


class ForgotOut(BaseModel):
    message: str = Field(description="the same whether or not such an account exists")


class SeatChoice(_Body):
    """``me`` (the creator sits here), ``invite`` (an open seat for a person with the link) or ``bot``
    (``bot`` is a strength name, easy / normal / strong, or any bot spec such as ``ismcts:iters=300``, whose
    settings lie within their declared ranges and whose ``time`` is at most the server's ``bot_budget``)."""

    kind: Literal["me", "invite", "bot"]
    bot: Annotated[str | None, Field(max_length=200)] = None
    username: Username | None = Field(
        None, description="invite: offer the seat to this registered player (it waits in their lobby, kept for them)"
    )


def _game_ids(schema: dict[str, Any]) -> None:
    from tawa.core.registry import list_games

    schema["enum"] = [g.id for g in list_games()]


class CreateTableIn(_Body):
    """A new table. The server checks what a schema cannot say: the game's player counts, one seat per player,
    the options (each within its declared bounds, `GET /api/games`, and fitting together), the bot specs."""

    game: Annotated[str, Field(max_length=40, json_schema_extra=_game_ids)]
    players: Annotated[int, Field(ge=1, le=5)]
    options: dict[str, Any] = Field(default_factory=dict, max_length=200)
    seats: Annotated[list[SeatChoice], Field(min_length=1, max_length=5)]
    public: bool = True
    leaver: Literal["bot", "last"] = Field(
        "bot",
        description="a person who resigns: a bot plays the seat and it "
        "keeps its place (`bot`), or is ranked last (`last`)",
    )
    spectator_chat: Literal["apart", "off"] = Field(
        "apart", description="spectators chat among themselves (`apart`; players see it in the replay) or not"
    )
    clock: Literal["none", "relaxed", "normal", "fast", "days1", "days3", "days7"] = Field(
        "none",
        description="the time control (`GET /api/games` lists the presets): Fischer `relaxed` (30 min + 30 s a "
        "turn), `normal` (15 min + 15 s), `fast` (5 min + 5 s), or turn-based `days1`, `days3`, `days7` (days a "
        "move); `none`: untimed (the server's `idle_days` still apply)",
    )
    on_timeout: Literal["bot", "end"] = Field(
        "bot",
        description="a seat whose time runs out: a bot plays it, and its person can take it back (`bot`), or "
        "the game ends with that seat last (`end`; 2 players: the other wins)",
    )
    rated: bool = Field(
        False,
        description="its result updates the players' ratings (at least one person; bots only of the named "
        "strengths easy, normal, strong); a rematch of a rated table is rated too",
    )


class InviteOut(BaseModel):
    seat: int
    label: str
    url: str
    invited: str | None = Field(None, description="the username the seat is offered to (kept for them), if any")


class InviteIn(_Body):
    username: Username


class InvitationOut(BaseModel):
    """A seat offered to me by username, still open at a table still waiting for players."""

    table: str
    seat: int
    label: str
    game: str
    name: str = Field(description="the game's name")
    by: str = Field(description="who invited me")
    at: float
    url: str = Field(description="the seat's invite link (open it to take the seat)")


class PlayerFoundOut(BaseModel):
    id: str = Field(description="the guest id (the profile is /player/{id})")
    username: str
    name: str


class PlayedWithOut(BaseModel):
    id: str
    name: str
    username: str | None = Field(None, description="null: a guest without an account")
    tables: int = Field(description="how many tables we both sat at")
    last: float = Field(description="when the latest of them last changed")


class SeatTokenOut(BaseModel):
    """The seat token is shown once: keep it (the page stores it); ``seat_url`` opens the seat anywhere."""

    table: str
    seat: int
    token: str
    seat_url: str


class CreatedTableOut(BaseModel):
    id: str
    url: str
    spectate_url: str
    me: SeatTokenOut | None
    invites: list[InviteOut]


class JoinSeatIn(_Body):
    invite: Annotated[str | None, Field(max_length=100)] = None


class TableOut(BaseModel):
    id: str
    game: str
    name: str
    players: int
    status: Literal["open", "running", "finished"]
    v: int
    public: bool
    seats: list[SeatOut]
    to_act: int | None
    waiting_since: float
    created_at: float
    finished_at: float | None = None
    my_seat: int | None = None
    my_turn: bool = False
    result: dict[str, Any] | None = None
    clock: ControlOut | None = Field(default=None, description="the time control; None: untimed")
    time_left: float | None = Field(
        default=None, description="a running table: seconds left to the seat to act, when its time runs"
    )
    rated: bool = Field(False, description="its result updates the ratings")


class LobbyOut(BaseModel):
    me: str | None
    username: str | None = Field(None, description="my account's username; null for a guest without one")
    id: str | None = Field(None, description="my guest id (my profile is /player/{id}); null without a cookie")
    invitations: list[InvitationOut] = Field(default_factory=list, description="seats offered to me, newest first")
    now: float = Field(0.0, description="the server's time (for the waiting times; seconds since the epoch)")
    open: list[TableOut]
    mine: list[TableOut]
    finished: list[TableOut]


class RatingOut(BaseModel):
    rating: float = Field(description="the conservative rating shown: mu - 3 sigma (openskill's ordinal)")
    mu: float
    sigma: float


class LeaderRowOut(RatingOut):
    player: str = Field(description="`g:<guest id>` (a person) or `bot:<strength>`")
    kind: Literal["person", "bot"]
    guest: str | None = Field(description="a person's guest id (their profile: `GET /api/players/{guest}`)")
    name: str
    games: int
    wins: int


class LeaderboardOut(BaseModel):
    game: str
    rows: list[LeaderRowOut] = Field(description="best rating first")


class RatingPointOut(RatingOut):
    table: str = Field(description="the rated table (its replay: `/replay/{table}`)")
    at: float
    place: int


class GameStatsOut(BaseModel):
    game: str
    name: str
    played: int = Field(description="finished tables played")
    won: int = Field(description="of those, how many in first place (ties share it)")
    rating: RatingOut | None = Field(description="None: never played a rated table of this game")
    rated_games: int = 0
    history: list[RatingPointOut] = Field(description="the rating after each rated table, oldest first")


class RecentGameOut(BaseModel):
    table: str
    game: str
    name: str
    finished_at: float | None
    seat: int
    place: int | None
    players: int
    rated: bool
    replay_url: str


class ProfileOut(BaseModel):
    """A player's public profile (a person, by guest id)."""

    guest: str
    name: str
    username: str | None = Field(None, description="the account's username; null for a guest without one")
    games: list[GameStatsOut]
    recent: list[RecentGameOut] = Field(description="newest first: public or rated tables (their replays)")


class MyTurnsOut(BaseModel):
    """The running tables where my seat is to act (the pages' "your turn" alerts poll this: one small query)."""

    count: int = Field(description="how many of my tables wait for me")
    tables: list[str] = Field(description="their ids, the longest waiting first")
    v: dict[str, int] = Field(
        description="each one's version (moves so far): with its id it names the turn, which the tabs of one browser "
        "alert once"
    )


class ChatLogOut(BaseModel):
    """A finished table's chat as the replay shows it: the players' lines, and the spectators' lines unless the asker
    held a seat there (the lines each could read live)."""

    table: str
    lines: list[ChatOut]


class ReplayStepOut(BaseModel):
    table: str
    step: int
    total: int
    seat: int | None
    actor: int | None
    events: list[EventOut]
    view: View
