"""Events: what an action caused, each public or private to one seat."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``to`` is None for a public event, or the only seat
    allowed to see it. ``data`` is JSON-able detail for clients."""

    kind: str
    text: str
    to: int | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see it (``None`` = a spectator, who sees public events only)."""
        return self.to is None or self.to == seat

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.to is not None:
            d["to"] = self.to
        if self.data:
            d["data"] = self.data
        return d

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Event:
        return Event(d["kind"], d["text"], d.get("to"), d.get("data", {}))
