"""Every refusal the server gives: ``Refused`` with a code of ``CODES`` (docs/server.md lists them too). REST answers
it as ``{"code", "message"}`` with an HTTP status (``tawa.web.api.STATUS``), the WebSocket as a ``reject``."""

from __future__ import annotations


class Refused(Exception):
    """A request refused with a code from ``CODES``; nothing changed. ``v``: for ``duplicate``, the version the
    move was committed as."""

    def __init__(
        self, code: str, reason: str, rule: str | None = None, v: int | None = None, opens: str | None = None
    ) -> None:
        if code not in CODES:
            raise ValueError(f"undocumented refusal code {code!r}")
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.rule = rule
        self.v = v
        self.opens = opens


# Every refusal the server gives, with what it means (docs/server.md lists them too).
CODES = {
    "bad_json": "the message is not JSON",
    "too_large": "the message is larger than the server accepts",
    "unknown_type": "the message's `t` is not a type the server knows",
    "bad_message": "a field is missing, unknown or of the wrong type",
    "rate_limited": "too many messages in a short time",
    "no_table": "there is no table with that id",
    "not_joined": "the connection has not joined that table",
    "bad_token": "the seat token is wrong for that table",
    "spectator": "a spectator cannot act",
    "not_started": "the table is still waiting for people",
    "game_over": "the game is over",
    "stale": "the move was made on an older version of the table",
    "duplicate": "that very move was already played (a retry, or another connection of the seat); `v` says as "
    "which version",
    "not_your_turn": "another seat is to act",
    "unknown_action": "the action id is not one of this game's",
    "illegal": "the rules do not allow that action now (the rule is named)",
    "seat_taken": "somebody already sits there",
    "no_seat": "there is no such open seat",
    "bad_invite": "the invite code is wrong",
    "invited": "the open seat is kept for the player invited to it by username (its invite link lets one in)",
    "not_saved": "the database did not take the move; nothing changed, try again",
    "bad_request": "the request is not valid",
    "no_name": "choose a display name first",
    "forbidden": "that is not yours to see (another seat's replay view, another creator's invite links)",
    "not_finished": "only finished games have that",
    "no_player": "there is no such player (no finished game or account under that id; no account with that username)",
    "not_found": "there is no such page or API route",
    "moved": "the table is served by another worker (several workers); connect or ask again",
    "method_not_allowed": "that route does not take this HTTP method",
    "bad_host": "the request names a host this server does not answer to (TAWA_TRUSTED_HOSTS)",
    "timeout": "the request's head or body took too long to arrive",
    "too_many_tables": "the guest has as many unfinished tables as the server allows",
    "too_many_invitations": "the guest has offered that player as many seats of waiting tables as the server allows",
    "too_many_sockets": "as many connections as the server allows are open (from this address, or in all)",
    "too_many_joined": "the connection has joined as many tables as the server allows",
    "too_many_spectators": "the table has as many spectators as the server allows",
    "idle": "the connection joined no table for too long and is closed",
    "out": "the seat resigned or timed out: a bot plays it now (a seat that timed out can be taken back: `return`)",
    "time_up": "the seat's time ran out before its move arrived (the table's clock)",
    "not_out": "only a seat that timed out can be taken back (`return`)",
    "chat_off": "chat is off here (the server's setting, or the table's for its spectators)",
    "chat_full": "the table holds as many chat messages as the server allows",
    "bad_login": "the username or the password is wrong (one answer for both; for a new password: the old one is "
    "wrong)",
    "username_taken": "another account has that username (usernames are unique whatever their case)",
    "registered": "this browser is logged in to an account already (log out to register another)",
    "no_account": "that needs an account: register or log in first",
    "no_mail": "this server sends no e-mail (no SMTP server is set): no addresses, mailed links or mailed alerts",
    "bad_link": "the mailed link (verification or password reset) is wrong, was used already or is out of date",
    "email_taken": "another account has verified that e-mail address",
}
