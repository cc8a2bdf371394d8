"""The ``Game`` base class: the public engine API that every game implements.

A game module subclasses ``Game`` and writes the underscore hooks; the base class
does the bookkeeping that is the same for every game (legality checks, history,
event log, cloning, JSON, determinisation, action enumeration). All mutable game
data lives in ``self.state``, a plain-data object with a hand-written ``clone()``,
``to_dict()`` and ``from_dict()``; the seeded RNG lives in ``self.rng``.
"""
from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self

from tawa.core.actions import Action, ActionSpace
from tawa.core.errors import BadOption, IllegalAction
from tawa.core.events import Event
from tawa.core.params import ParamRegistry, Params, jsonable
from tawa.core.rng import Rng, as_rng

FORMAT = "tawa-game/1"
REDACTED = "?"  # an action id in a determinized copy's history


class GameState(Protocol):
    """What a game's state object must offer."""

    def clone(self) -> Any: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameInfo:
    """Declared metadata of a game (compare OpenSpiel's ``_GAME_TYPE``/``_GAME_INFO``)."""

    id: str
    name: str
    players: tuple[int, ...]
    params: ParamRegistry
    spec: str = ""
    summary: str = ""
    rule_prefix: str = ""
    automation_options: Mapping[str, Any] = field(default_factory=dict)
    """Options that automated runs (tests, ``tawa simulate``) set unless told otherwise:
    the spec's [D] safety caps."""

    @property
    def min_players(self) -> int:
        return min(self.players)

    @property
    def max_players(self) -> int:
        return max(self.players)


class Game(ABC):
    """One game in progress. See the README for the API tour."""

    info: ClassVar[GameInfo]

    players: int
    seed: int
    params: Params
    history: list[str]
    log: list[Event]
    rng: Rng
    state: Any

    # --------------------------------------------------------------- construction
    def __init__(self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> None:
        if players not in self.info.players:
            allowed = ", ".join(str(n) for n in self.info.players)
            raise BadOption(f"{self.info.name} is played by {allowed} players, not {players}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadOption(f"seed must be an integer, got {seed!r}")
        self.players = players
        self.seed = seed
        self.params = self.info.params.resolve(options)
        self.history = []
        self.log = []
        self.rng = Rng(seed)
        self._legal_cache: tuple[int, list[Action]] | None = None
        self.state = None
        self._setup()

    @abstractmethod
    def _setup(self) -> None:
        """Build ``self.state`` for ``self.players`` using ``self.params`` and ``self.rng``.
        Setup events may be appended to ``self.log``."""

    # --------------------------------------------------------------- hooks a game writes
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat to decide now, or None when the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal actions of ``current_player``; called only while the game is not over."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out a legal action (the very object ``_legal_actions`` offered)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Score of each seat (final once the game is over)."""

    @abstractmethod
    def ranking(self) -> list[int]:
        """Final position of each seat, 1 = first; tied seats share a position."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """JSON-able dict of exactly what ``seat`` may see."""

    @abstractmethod
    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Resample, in place, everything ``seat`` cannot see, consistently with
        ``observation(seat)``. Called on a clone by ``determinize``."""

    @classmethod
    @abstractmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> Any:
        """Rebuild ``self.state`` from ``state.to_dict()``."""

    @classmethod
    @abstractmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        """Every action id the game can ever offer for this player count and params."""

    def render(self, seat: int | None = None) -> str:
        """Text picture of what ``seat`` sees (``None`` = spectator)."""
        return json.dumps(self.observation(seat if seat is not None else 0), indent=1)

    def explain_illegal(self, action_id: str) -> IllegalAction:
        """Build the error for an id that is not legal now. Games override this to name
        the rule that forbids it."""
        return IllegalAction(f"{action_id!r} is not a legal action now", action=action_id)

    def help_text(self, action: Action) -> str:
        """Longer help for one offered action (the CLI's ``?``)."""
        return str(action)

    def scramble_hidden(self, seat: int, rng: Rng) -> Self:
        """Test hook: a copy in which everything ``seat`` may not see is changed
        arbitrarily (not necessarily consistently). ``observation(seat)`` of it must equal
        that of this game. Default: ``determinize``."""
        return self.determinize(seat, rng)

    def check_invariants(self) -> None:  # noqa: B027  (optional hook)
        """Raise AssertionError if a component count or other invariant is broken."""

    def progress_weights(self, actions: Sequence[Action]) -> list[float] | None:
        """Weights for progress-biased playouts (tests, ``--seats progress``): favour
        actions that move the game toward its end. None = uniform."""
        return None

    @property
    def capped(self) -> bool:
        """True when the game ended through a [D] safety cap, not by its own rules."""
        return False

    # --------------------------------------------------------------- public API
    def legal_actions(self) -> list[Action]:
        """Legal actions of the current player; never empty while the game is not over."""
        if self.is_over:
            return []
        cache = self._legal_cache
        n = len(self.history)
        if cache is not None and cache[0] == n:
            return list(cache[1])
        acts = self._legal_actions()
        if not acts:
            raise RuntimeError(f"{self.info.id}: no legal action at a live decision point (engine bug)")
        self._legal_cache = (n, acts)
        return list(acts)

    def apply(self, action: Action | str) -> list[Event]:
        """Apply one action (object or id) of the current player and return its events.

        Raises ``IllegalAction`` (naming the rule) for anything not legal now; the
        game is then unchanged.
        """
        aid = action if isinstance(action, str) else action.id
        if self.is_over:
            raise IllegalAction("the game is over", action=aid)
        for a in self.legal_actions():
            if a.id == aid:
                chosen = a
                break
        else:
            raise self.explain_illegal(aid)
        events = self._apply(chosen)
        self.history.append(aid)
        self._legal_cache = None
        self.log.extend(events)
        return events

    def invalidate_cache(self) -> None:
        """Forget the cached legal actions. Call it after editing ``state`` by hand
        (scenario builders in tests); ``apply`` does it by itself."""
        self._legal_cache = None

    def winners(self) -> list[int]:
        """Seats in first position (several when the victory is shared)."""
        if not self.is_over:
            return []
        return [s for s, pos in enumerate(self.ranking()) if pos == 1]

    def events_for(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` may see it (``None``: public events only)."""
        return [e for e in self.log if e.visible_to(seat)]

    @property
    def options(self) -> dict[str, Any]:
        return self.params.overrides

    # ---- action enumeration (RL / search)
    @property
    def action_space(self) -> ActionSpace:
        key = (type(self), self.players, json.dumps(self.options, sort_keys=True))
        space = _SPACES.get(key)
        if space is None:
            space = _SPACES[key] = ActionSpace(self._action_ids(self.players, self.params))
        return space

    def legal_mask(self) -> list[bool]:
        return self.action_space.mask(self.legal_actions())

    def action_index(self, action: Action | str) -> int:
        return self.action_space.index(action)

    # ---- copies
    def clone(self) -> Self:
        """Fast independent copy (hand-written state clone, no deepcopy)."""
        g = object.__new__(type(self))
        g.players = self.players
        g.seed = self.seed
        g.params = self.params
        g.history = self.history.copy()
        g.log = self.log.copy()
        g.rng = self.rng.clone()
        g._legal_cache = self._legal_cache
        g.state = self.state.clone()
        return g

    def determinize(self, seat: int, rng: object) -> Self:
        """A copy whose hidden parts are resampled consistently with ``observation(seat)``
        and whose future chance is reseeded from ``rng`` (int, ``Rng`` or ``random.Random``).
        The copy's log holds only what ``seat`` may see; its history is blanked to
        ``REDACTED`` ids (an id can name a hidden choice) and its seed to 0 (the seed would
        rebuild the true deal). Bots are given exactly this copy."""
        r = as_rng(rng)
        g = self.clone()
        g.log = [e for e in g.log if e.visible_to(seat)]
        g.history = [REDACTED] * len(g.history)
        g.seed = 0
        g.rng = Rng(r.next64())
        g._resample_hidden(seat, r)
        g._legal_cache = None
        return g

    # ---- serialisation
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.info.id,
            "players": self.players,
            "seed": self.seed,
            "options": jsonable(self.options),
            "history": list(self.history),
            "rng": self.rng.state,
            "state": self.state.to_dict(),
            "log": [e.to_dict() for e in self.log],
        }

    def to_json(self) -> str:
        """Complete state, RNG included; ``tawa.from_json`` gives it back exactly."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} document")
        if data.get("game") != cls.info.id:
            raise ValueError(f"document is a {data.get('game')!r} game, not {cls.info.id!r}")
        g = object.__new__(cls)
        g.players = int(data["players"])
        g.seed = int(data["seed"])
        g.params = cls.info.params.resolve(data.get("options") or {})
        g.history = list(data["history"])
        g.log = [Event.from_dict(e) for e in data.get("log", [])]
        g.rng = Rng(int(data["rng"]))
        g._legal_cache = None
        g.state = cls._state_from_dict(data["state"], g.params, g.players)
        return g

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"seat {self.current_player} to act"
        return f"<{type(self).__name__} {self.players}p seed={self.seed} moves={len(self.history)} {where}>"


_SPACES: dict[tuple[Any, ...], ActionSpace] = {}
