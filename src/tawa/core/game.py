"""The ``Game`` base class: the public engine API that every game implements.

A game module subclasses ``Game`` and writes the underscore hooks (the built-in games through
``tawa.core.tabled.TabledGame``, which writes them from the functions a game declares once); the base class
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
from tawa.core.errors import BadOption, BadSeat, BadState, IllegalAction
from tawa.core.events import Event
from tawa.core.load import Doc
from tawa.core.params import ParamRegistry, Params, jsonable
from tawa.core.results import Standing
from tawa.core.rng import Rng, as_rng
from tawa.core.strategy import score_lead
from tawa.core.svgparts import Part

FORMAT = "tawa-game/1"
REDACTED = "?"  # an action id in a determinized copy's history
SEED_LIMIT = 1 << 64  # seeds are 0 .. 2^64 - 1 (the RNG's state is one 64-bit word)


class BoardView(Protocol):
    """A game's board for the browser (``games/<g>/view/``): pure functions of one seat's observation.
    ``parts`` is the ``svg`` document in named parts (joined, the same text), each drawn from the pieces of the
    observation it declares, so that a server draws and sends only the parts that changed
    (``tawa.core.svgparts``)."""

    def svg(self, observation: Mapping[str, Any]) -> str: ...

    def parts(self, observation: Mapping[str, Any]) -> list[Part]: ...

    def targets(self, observation: Mapping[str, Any], legal: Sequence[str]) -> dict[str, str]: ...

    def previews(self, observation: Mapping[str, Any], legal: Sequence[str]) -> dict[str, str]: ...


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
    """The file of the game's rules specification in the project's rules folder (``sacred_valley.md``; the folder is
    ``../shared/rules/`` beside the repository in the developers' layout, README)."""
    summary: str = ""
    rule_prefix: str = ""
    automation_options: Mapping[str, Any] = field(default_factory=dict)
    """Options that automated runs (tests, ``tawa simulate``) set unless told otherwise:
    the spec's [D] safety caps."""
    short_game: tuple[int, Mapping[str, Any]] = (0, {})
    """A whole game in few decisions, for the tests that walk every registered game: (players, options that bring
    the game's own end or its [D] cap forward). Players 0: the fewest the game allows, with no options."""
    score_targets: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    """The spec's target ranges of per-player end measures under competent play (``tawa tune --objective target``):
    ``"score"`` (the final score) or a per-seat measure of the records' ``extras.seat_values`` (``"Sun"``)."""

    @property
    def min_players(self) -> int:
        return min(self.players)

    @property
    def max_players(self) -> int:
        return max(self.players)


PLACE_OPENS = "a highlighted place or a button of the move panel"
"""What opens a choice when a part of the board that means no action was clicked (``Game.explain_place``)."""


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
        allowed = ", ".join(str(n) for n in self.info.players)
        if not _is_int(players) or players not in self.info.players:
            raise BadOption(f"{self.info.name} is played by {allowed} players, not {players!r}")
        if not _is_int(seed) or not 0 <= seed < SEED_LIMIT:
            raise BadOption(f"seed must be an integer from 0 to 2^64-1, got {seed!r}")
        self.players = players
        self.seed = seed
        self.params = self.info.params.resolve(options)
        self.check_params(self.params, players)
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
    def _observation(self, seat: int | None) -> dict[str, Any]:
        """JSON-able dict of exactly what ``seat`` may see (``None``: a spectator, public information only).
        ``seat`` has been checked by ``observation``."""

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

    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        """The terminal picture of what ``seat`` sees, as named parts in display order (``("board", text)``,
        ``("you", text)`` …), fitted to ``width`` columns when it is given (a compact form below some width).
        The terminal redraws only the parts that changed between two decisions of one turn."""
        return [("table", json.dumps(self._observation(seat), indent=1))]

    def _explain(self, action_id: str) -> IllegalAction | None:
        """Why ``action_id`` is not legal now, naming the rule, from the same predicates the legal-action
        generator uses; ``None`` when the rules find nothing against it (then it is legal). Games write this
        in ``illegal.py``; the contract test checks that it agrees with ``legal_actions`` on every id."""
        return None

    place_rule: ClassVar[tuple[str, str] | None] = None
    """``(rule, why)`` for a click on a part of the board that means no action (a score track, a seat's board): the
    rule of the turn that says what can be chosen and why that part is none of it; what opens a choice is the same
    in every game (``PLACE_OPENS``). ``explain_place`` answers with it (issue 24); None: such a click gets no rule."""

    def explain_place(self, element_id: str) -> IllegalAction:
        """Why the board part ``element_id``, which means no action, cannot be used: the game's ``place_rule``."""
        if self.is_over:
            return self.explain_illegal(element_id)
        if self.place_rule is None:
            return IllegalAction(f"{element_id!r} is no choice of {self.info.name}")
        rule, why = self.place_rule
        return IllegalAction(why, rule=rule, opens=PLACE_OPENS)

    def help_text(self, action: Action) -> str:
        """Longer help for one offered action (the CLI's ``?``)."""
        return str(action)

    def seat_label(self, seat: int) -> str:
        """The game's own name for a seat (``"White"``, ``"P1"``), used by every screen."""
        return f"Player {self._check_seat(seat, spectator=False) + 1}"

    @classmethod  # noqa: B027  (an optional hook)
    def check_params(cls, params: Params, players: int) -> None:
        """Refuse, with ``BadOption``, option values that are each valid but do not fit together or do not fit
        this player count. Each Param's own shape (length, bounds, order) is checked before."""

    # ---- what the bots and the lab know of the game (games/<g>/strategy.py)
    search_defaults: ClassVar[Mapping[str, float | str]] = {}
    """The game's own defaults for the search bots' settings (``iters``, ``depth``, ``samples`` …), so the
    default strength stays under about a second a move; settings given in a bot spec still win."""

    def evaluate(self, seat: int) -> float:
        """Value of this position for ``seat`` in [-1, 1] (1: sure win). Called by the bots on determinized
        views only. Default: the score lead (``tawa.core.strategy.score_lead``)."""
        return score_lead(self, seat)

    def report_extras(self) -> dict[str, Any]:
        """Extra JSON-able measures of a finished game for ``tawa report`` (points by source …)."""
        return {}

    # ---- the board in the browser: pure functions of an observation
    board_view: ClassVar[BoardView | None] = None
    """The game's view package (``games/<g>/view/``); None: no board yet (the text rendering stands in)."""

    @classmethod
    def board_svg(cls, observation: Mapping[str, Any]) -> str | None:
        """The table as that observation's seat sees it, as one SVG document; ``None``: no board yet."""
        return cls.board_view.svg(observation) if cls.board_view is not None else None

    @classmethod
    def board_targets(cls, observation: Mapping[str, Any], legal: Sequence[str]) -> dict[str, str]:
        """For the legal action ids of the current decision, the board element id each is about (actions about
        no element are missing: they are shown as buttons)."""
        return cls.board_view.targets(observation, legal) if cls.board_view is not None else {}

    @classmethod
    def board_previews(cls, observation: Mapping[str, Any], legal: Sequence[str]) -> dict[str, str]:
        """Small SVG pictures of what some legal actions would do (a tile at each orientation), shown in the
        chooser of a board element that several actions target; actions without one are missing."""
        return cls.board_view.previews(observation, legal) if cls.board_view is not None else {}

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
        return list(self._cached_legal())

    def _cached_legal(self) -> Sequence[Action]:
        """The legal actions, computed once per position (the caller must not change the list)."""
        if self.is_over:
            return ()
        cache = self._legal_cache
        n = len(self.history)
        if cache is not None and cache[0] == n:
            return cache[1]
        acts = self._legal_actions()
        if not acts:
            raise RuntimeError(f"{self.info.id}: no legal action at a live decision point (engine bug)")
        self._legal_cache = (n, acts)
        return acts

    def apply(self, action: Action | str) -> list[Event]:
        """Apply one action (object or id) of the current player and return its events.

        Raises ``IllegalAction`` (naming the rule) for anything not legal now, and ``TypeError`` for
        something that is neither an action id nor an ``Action``; the game is then unchanged.
        """
        aid = _action_id(action)
        if self.is_over:
            raise self.explain_illegal(aid)
        for a in self._cached_legal():
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

    def undoable(self, seat: int) -> int:
        """How many of its last decisions ``seat`` may take back now: those at the end of the history that it took
        with no other seat's in between (the next seat has not decided yet) and from which no chance event and no
        revelation came (``tawa.core.undo``)."""
        from tawa.core.undo import undoable

        return undoable(self, seat)

    def take_back(self, seat: int, count: int = 1) -> Self:
        """A new game as this one was before ``seat``'s last ``count`` decisions; ``IllegalAction`` when fewer
        may be taken back (``undoable``). This game is unchanged."""
        from tawa.core.undo import take_back

        return take_back(self, seat, count)  # type: ignore[return-value]

    def explain_illegal(self, action_id: str) -> IllegalAction:
        """The error ``apply`` raises for ``action_id`` now, naming the rule that forbids it."""
        aid = _action_id(action_id)
        found = self._explain(aid)
        if found is not None:
            return found
        if self.is_over:
            return IllegalAction("the game is over", action=aid)
        if aid not in self.action_space:
            return IllegalAction(f"{aid!r} is not an action of {self.info.name}", action=aid)
        return IllegalAction(f"{aid!r} is not a legal action now", action=aid)

    def observation(self, seat: int | None) -> dict[str, Any]:
        """JSON-able dict of exactly what ``seat`` may see; ``None`` is a spectator (public information only).
        Any other seat than ``0..players-1`` or ``None`` raises ``BadSeat``."""
        return self._observation(self._check_seat(seat))

    def render_parts(self, seat: int | None = None, width: int | None = None) -> list[tuple[str, str]]:
        """The terminal picture of what ``seat`` sees (``None`` = spectator) as named parts."""
        return self._render_parts(self._check_seat(seat), width)

    def render(self, seat: int | None = None, width: int | None = None) -> str:
        """Text picture of what ``seat`` sees (``None`` = spectator), fitted to ``width`` columns if given."""
        return "\n".join(text for _, text in self.render_parts(seat, width))

    def standings(self) -> list[Standing]:
        """The ranking as players read it, in seat order: place, whether it is shared, what decided it
        (the score or a named tie-break) and the score by source. Games name their tie-breaks in
        ``scoring.py``; this default says only "score" or "tie-break"."""
        ranking, scores = self.ranking(), self.scores()
        out = []
        for s in range(self.players):
            shared = ranking.count(ranking[s]) > 1
            below = sorted((o for o in range(self.players) if ranking[o] > ranking[s]), key=lambda o: ranking[o])
            if shared:
                decided = "shared"
            elif below:
                decided = "score" if scores[s] != scores[below[0]] else "tie-break"
            else:
                decided = ""
            out.append(Standing(s, ranking[s], shared, float(scores[s]), decided, tie_break=decided == "tie-break"))
        return out

    def _check_seat(self, seat: object, spectator: bool = True) -> Any:
        """``seat`` if it is a seat of this game (or ``None`` where a spectator is allowed), else ``BadSeat``."""
        if seat is None and spectator:
            return None
        if not _is_int(seat) or not 0 <= seat < self.players:  # type: ignore[operator]
            who = " or None (a spectator)" if spectator else ""
            raise BadSeat(f"seat must be 0 to {self.players - 1}{who}, got {seat!r}")
        return seat

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
        seat = self._check_seat(seat)
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
        self._check_seat(seat, spectator=False)
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
    def from_dict(cls, data: object) -> Self:
        """Rebuild a game from ``to_dict()``. Everything is checked as it is read: a document that is not a
        valid game of this kind raises one ``BadState`` naming the field, never a corrupt game."""
        doc = Doc(data, "document")
        if doc.data.get("format") != FORMAT:
            raise BadState(f"not a {FORMAT} document (a saved Tawa game)", "format")
        if doc.data.get("game") != cls.info.id:
            raise BadState(f"the document is a {doc.data.get('game')!r} game, not {cls.info.id!r}", "game")
        players = doc.integer("players")
        if players not in cls.info.players:
            allowed = ", ".join(str(n) for n in cls.info.players)
            raise BadState(f"{cls.info.name} is played by {allowed} players, not {players}", "players")
        g = object.__new__(cls)
        g.players = players
        g.seed = doc.integer("seed", 0, SEED_LIMIT - 1)
        try:
            g.params = cls.info.params.resolve(doc.data.get("options") or {})
            cls.check_params(g.params, players)
        except BadOption as e:
            raise BadState(str(e), "options") from None
        g.history = doc.texts("history")
        g.log = [_event_from_doc(e, players) for e in doc.docs("log")] if doc.has("log") else []
        g.rng = Rng(doc.integer("rng", 0, SEED_LIMIT - 1))
        g._legal_cache = None
        try:
            g.state = cls._state_from_dict(doc.raw("state"), g.params, players)
        except BadState:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:  # a check the game missed
            raise BadState(f"malformed ({type(e).__name__}: {e})", "state") from None
        g._check_loaded()
        return g

    def _check_loaded(self) -> None:
        """A loaded game keeps its invariants and, unless it is over, offers a legal action."""
        try:
            self.check_invariants()
            if not self.is_over:
                if self.current_player is None:
                    raise AssertionError("no seat to act in a game that is not over")
                self._check_seat(self.current_player, spectator=False)
                if not self._legal_actions():
                    raise AssertionError("no legal action in a game that is not over")
        except (AssertionError, KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            text = str(e) or type(e).__name__
            raise BadState(f"not a consistent position ({text})", "state") from None

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"seat {self.current_player} to act"
        return f"<{type(self).__name__} {self.players}p seed={self.seed} moves={len(self.history)} {where}>"


_SPACES: dict[tuple[Any, ...], ActionSpace] = {}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _action_id(action: object) -> str:
    """The id of an ``Action`` or an id string; ``TypeError`` for anything else."""
    aid = action.id if isinstance(action, Action) else action
    if not isinstance(aid, str):
        what = f"an Action whose id is {type(aid).__name__}" if isinstance(action, Action) else repr(action)
        raise TypeError(f"an action is an action id (text) or an Action, not {what}")
    return aid


def _event_from_doc(doc: Doc, players: int) -> Event:
    to = doc.opt_integer("to", 0, players - 1) if doc.has("to") else None
    data = doc.doc("data").data if doc.has("data") else {}
    return Event(doc.text("kind"), doc.text("text"), to, dict(data))
