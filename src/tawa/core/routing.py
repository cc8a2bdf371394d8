"""One routing table per game, read by ``legal``, ``apply`` and ``explain`` alike (issue 27).

A game's decision (its ``Phase``, or whatever kind of decision its state asks now) offers a few groups of actions
(``Offer``): each group names the kinds of action it holds, a gate (the rule that opens or closes the whole group
now: a ``Refusal``, or None when it is open) and a maker that lists the group's legal actions. Each kind of action
has one handler (what carries it out) and one check (why one action of that kind is refused once its group is
open). ``Routes`` holds the three tables and refuses to be built when they do not name the same kinds, so that what
is offered, what is carried out and what is explained cannot drift apart:

- ``legal``: the open groups of the decision, in order, each listing its actions;
- ``apply``: the handler of the chosen action's kind;
- ``explain``: the group of the kind (none: the game's ``not_now`` refusal), its gate, then the kind's check.

The arguments passed on (state, tables, params, and what else a game's functions take) are the game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, TypeVar

from tawa.core.actions import Action
from tawa.core.refusal import Refusal

Gate = Callable[..., Refusal | None]
Maker = Callable[..., list[Action]]
Check = Callable[..., Refusal | None]
Handler = Callable[..., Any]
D = TypeVar("D", bound=Hashable)  # a game's kind of decision (its Phase)


class Offer(NamedTuple):
    """A group of actions of one decision: its kinds, the gate that opens it, the maker of its legal actions."""

    kinds: frozenset[str]
    gate: Gate
    make: Maker


def kinds(*names: str) -> frozenset[str]:
    return frozenset(names)


def always_open(*args: Any) -> Refusal | None:
    """The gate of a group that is open whenever its decision is asked."""
    return None


@dataclass(frozen=True)
class Routes(Generic[D]):
    """A game's routing table: decision -> its offers; kind of action -> its handler and its check."""

    offers: Mapping[D, tuple[Offer, ...]]
    handlers: Mapping[str, Handler]
    checks: Mapping[str, Check]
    _by_kind: dict[D, dict[str, Offer]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        offered = {k for groups in self.offers.values() for o in groups for k in o.kinds}
        for name, table in (("handler", self.handlers), ("check", self.checks)):
            if set(table) != offered:
                missing, extra = sorted(offered - set(table)), sorted(set(table) - offered)
                raise ValueError(f"routing table: kinds without a {name} {missing}, {name}s of no offer {extra}")
        by_kind: dict[D, dict[str, Offer]] = {}
        for decision, groups in self.offers.items():
            mine = by_kind[decision] = {}
            for o in groups:
                for k in o.kinds:
                    if k in mine:
                        raise ValueError(f"routing table: {k!r} is offered twice in {decision!r}")
                    mine[k] = o
        object.__setattr__(self, "_by_kind", by_kind)

    def legal(self, decision: D, *args: Any) -> list[Action]:
        """The legal actions of ``decision``: each open group's, in the table's order (``args`` go to the gates and
        makers)."""
        out: list[Action] = []
        for offer in self.offers[decision]:
            if offer.gate(*args) is None:
                out += offer.make(*args)
        return out

    @property
    def kinds(self) -> frozenset[str]:
        """Every kind of action of the game (the kinds its decisions offer)."""
        return frozenset(self.handlers)

    def offer_of(self, decision: D, kind: str) -> Offer | None:
        """The group of ``decision`` that holds ``kind``; None where the decision does not offer it."""
        return self._by_kind[decision].get(kind)

    def handler(self, kind: str) -> Handler:
        """What carries out an action of ``kind``."""
        return self.handlers[kind]

    def refusal(
        self,
        decision: D,
        kind: str,
        gate_args: tuple[Any, ...],
        check_args: tuple[Any, ...],
        not_now: Callable[[], Refusal],
    ) -> Refusal | None:
        """Why an action of ``kind`` is refused now: ``not_now()`` where the decision does not offer the kind, else
        its group's gate (``gate_args``), else the kind's check (``check_args``); None when nothing is against it."""
        offer = self.offer_of(decision, kind)
        if offer is None:
            return not_now()
        return offer.gate(*gate_args) or self.checks[kind](*check_args)
