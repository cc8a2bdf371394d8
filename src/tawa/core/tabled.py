"""``TabledGame``: the ``Game`` of a game package, which declares its functions once and is delegated to.

Every game of Tawa keeps its data in a plain ``state`` and its rules, refusals, views and scores in functions of
``(state, tables, params, ...)`` spread over its modules (``setup.py``, ``rules/``, ``illegal.py``,
``observe.py``, ``scoring.py``, ``render.py``, ``strategy.py``, ``view.py``). A game's ``game.py`` names those
functions in one ``Delegates`` and its ``GameInfo``; this class writes the engine hooks of ``Game`` from them, so
that a ``game.py`` holds only what is the game's own (who decides now, when the game is over, its seat names, its
extras). ``tables`` are the game's component tables of one option set and player count (built once per option set
and shared, ``Params.derived``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from tawa.core.actions import Action
from tawa.core.errors import IllegalAction
from tawa.core.events import Event
from tawa.core.game import BoardView, Game
from tawa.core.params import Params
from tawa.core.results import Standing
from tawa.core.rng import Rng

Seat = int | None
S = TypeVar("S")  # the game's state
T = TypeVar("T")  # the game's tables


@dataclass(frozen=True, slots=True)
class Delegates:
    """The functions of one game that the engine calls, each with the same arguments in every game: ``s`` the
    state, ``t`` the tables, ``p`` the params."""

    tables: Callable[[Params, int], Any]
    """(params, players) -> the tables of that option set and player count."""
    check_params: Callable[[Params, int], None]
    """(params, players): ``BadOption`` for option values that are each valid but do not fit together."""
    new_state: Callable[[int, Any], Any]
    """(players, t) -> the empty state that ``setup`` fills."""
    load_state: Callable[[object, Any, Params, int], Any]
    """(data, t, p, players) -> the state of ``state.to_dict()``, every field checked (``BadState``)."""
    setup: Callable[[Any, Any, Params, Rng], list[Event]]
    """(s, t, p, rng) -> the setup events (``setup.py``)."""
    legal: Callable[[Any, Any, Params], list[Action]]
    """(s, t, p) -> the legal actions of the deciding seat (``rules``)."""
    apply: Callable[[Any, Any, Params, Rng, Action], list[Event]]
    """(s, t, p, rng, action) -> the events of carrying out an offered action (``rules``)."""
    explain: Callable[[Any, Any, Params, str], IllegalAction | None]
    """(s, t, p, action id) -> why it is not legal now, None when it is (``illegal.py``)."""
    action_ids: Callable[[Any, Params, int], Iterable[str]]
    """(t, p, players) -> every action id the game can ever offer."""
    observation: Callable[[Any, Any, Params, Seat], dict[str, Any]]
    """(s, t, p, seat) -> what that seat (None: a spectator) may see (``observe.py``)."""
    resample_hidden: Callable[[Any, Any, Params, int, Rng], None]
    """(s, t, p, seat, rng): resample in place what that seat cannot see (``observe.py``)."""
    check_invariants: Callable[[Any, Any, Params], None]
    """(s, t, p): AssertionError where a component count or another invariant is broken (``rules/invariants.py``)."""
    scores: Callable[[Any, Any, Params], list[float]]
    ranking: Callable[[Any, Any, Params], list[int]]
    standings: Callable[[Any, Any, Params], list[Standing]]
    """(s, t, p) -> the results (``scoring.py``)."""
    render_parts: Callable[[Any, Any, Params, Seat, int | None], list[tuple[str, str]]]
    """(s, t, p, seat, width) -> the terminal picture in named parts (``render.py``)."""
    help_text: Callable[[Any, Any, Params, Action], str]
    """(s, t, p, action) -> the longer help of an offered action (``render.py``)."""
    progress_weights: Callable[[Any, Any, Params, Sequence[Action]], list[float] | None]
    """(s, t, p, actions) -> weights for progress-biased playouts (``strategy.py``)."""
    strategy: ModuleType
    """The game's ``strategy.py``: ``SEARCH_DEFAULTS``, ``evaluate(game, seat)``, ``report_extras(game)``."""
    view: BoardView | None
    """The game's board in the browser (``view``), None where it has none."""


class TabledGame(Game, Generic[S, T]):
    """A ``Game`` whose engine hooks call the functions its subclass declares in ``delegates``; ``S`` is the type of
    its state, ``T`` of its tables."""

    delegates: ClassVar[Delegates]
    state: S

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        d = cls.__dict__.get("delegates")
        if d is None:
            return
        cls.search_defaults = d.strategy.SEARCH_DEFAULTS
        cls.evaluate = d.strategy.evaluate  # type: ignore[method-assign]
        cls.report_extras = d.strategy.report_extras  # type: ignore[method-assign]
        cls.board_view = d.view

    @property
    def tables(self) -> T:
        """The component tables of this game's options and player count (shared, read-only; kept on the game once
        looked up, as the engine asks for them on every action, and looked up again by a clone)."""
        tables: T | None = self.__dict__.get("_tables")
        if tables is None:
            tables = self.__dict__["_tables"] = self.delegates.tables(self.params, self.players)
        return tables

    @classmethod
    def check_params(cls, params: Params, players: int) -> None:
        cls.delegates.check_params(params, players)

    def _setup(self) -> None:
        t = self.tables
        self.state = self.delegates.new_state(self.players, t)
        self.log.extend(self.delegates.setup(self.state, t, self.params, self.rng))

    def _legal_actions(self) -> list[Action]:
        return self.delegates.legal(self.state, self.tables, self.params)

    def _apply(self, action: Action) -> list[Event]:
        return self.delegates.apply(self.state, self.tables, self.params, self.rng, action)

    def _explain(self, action_id: str) -> IllegalAction | None:
        return self.delegates.explain(self.state, self.tables, self.params, action_id)

    def scores(self) -> list[float]:
        return self.delegates.scores(self.state, self.tables, self.params)

    def ranking(self) -> list[int]:
        return self.delegates.ranking(self.state, self.tables, self.params)

    def standings(self) -> list[Standing]:
        return self.delegates.standings(self.state, self.tables, self.params)

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return self.delegates.observation(self.state, self.tables, self.params, seat)

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        self.delegates.resample_hidden(self.state, self.tables, self.params, seat, rng)

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> S:
        state: S = cls.delegates.load_state(data, cls.delegates.tables(params, players), params, players)
        return state

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return list(cls.delegates.action_ids(cls.delegates.tables(params, players), params, players))

    def check_invariants(self) -> None:
        self.delegates.check_invariants(self.state, self.tables, self.params)

    def _render_parts(self, seat: int | None, width: int | None) -> list[tuple[str, str]]:
        return self.delegates.render_parts(self.state, self.tables, self.params, seat, width)

    def help_text(self, action: Action) -> str:
        return self.delegates.help_text(self.state, self.tables, self.params, action)

    def progress_weights(self, actions: Sequence[Action]) -> list[float] | None:
        return self.delegates.progress_weights(self.state, self.tables, self.params, actions)
