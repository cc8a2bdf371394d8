"""Errors raised by the engine."""

from __future__ import annotations


class TawaError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(TawaError, ValueError):
    """An action that the rules do not allow now.

    The message names the rule (its spec ID where there is one); ``opens`` says, in the players' terms, what would
    open it (``"buy the Beans Technology in a Purchase (SV-310)"``), where the game knows (issue 24). The game it
    was offered to is left exactly as it was.
    """

    def __init__(
        self, message: str, rule: str | None = None, action: str | None = None, opens: str | None = None
    ) -> None:
        self.rule = rule
        self.action = action
        self.opens = opens
        text = f"[{rule}] {message}" if rule else message
        super().__init__(text)


class BadOption(TawaError, ValueError):
    """A game option (or an override of a data value) that is unknown or out of range."""


class UnknownGame(TawaError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else "unknown game"


class BadSeat(TawaError, ValueError):
    """A seat number outside ``0..players-1`` (``None`` stands for a spectator where one is allowed)."""


class BadState(TawaError, ValueError):
    """A saved game document (``tawa.from_json``) that is not a valid game: the message names the field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)
