"""Two tiny games where play matters, for bot tests (not registered, so the engine's
contract tests do not pick them up; build them with ``TicTacToe(2, seed)``).

- ``TicTacToe``: perfect information.
- ``Goofspiel``: hidden information. Both seats hold cards 1..N; a prize card is shown
  (the prize deck order is hidden), seat 0 bids face down, then seat 1 bids, and the
  higher bid takes the prize (a tie: nobody). The pending bid of seat 0 is hidden from
  seat 1 — the thing a cheating bot would read.
- ``Tokens``: turns of several sub-steps. Seats take a token from a pile ("take", at most
  ``PER_TURN`` a turn) until they "end" the turn; the most tokens wins when the pile is empty.
  ``state.taken`` > 0 marks a position inside a turn (for ismcts ``finish`` tests).
- ``Wide``: one decision of seat 0 in two sub-steps. "narrow" ends it at a middling value;
  "wide" opens a second sub-step of ``OPTIONS`` picks, all poor but one, valued ``OPEN`` while
  it is open (an option estimate, like Sacred Valley's open Purchase window) (for ismcts
  ``backup`` tests: the mean of the wide step's lines hides its best one). Then the seats
  pass four times; ``state.value`` is what an evaluator should read. The progress weights
  favour the good pick, so a progress-ordered search tries it first.
"""

from __future__ import annotations

from typing import Any

from tawa import Action, Event, Game, GameInfo, Param
from tawa.core.params import ParamRegistry, Params
from tawa.core.rng import Rng

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def _ranks(scores: list[float] | list[int]) -> list[int]:
    return [1 + sum(1 for o in scores if o > m) for m in scores]


class _Public:
    """Perfect information: the observation is the whole state and nothing is resampled."""

    state: Any

    def _observation(self, seat: int | None) -> dict[str, Any]:
        return self.state.to_dict()  # type: ignore[no-any-return]

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        return None


class TttState:
    __slots__ = ("board", "turn")

    def __init__(self, board: list[int], turn: int) -> None:
        self.board, self.turn = board, turn

    def clone(self) -> TttState:
        return TttState(self.board.copy(), self.turn)

    def to_dict(self) -> dict[str, Any]:
        return {"board": self.board, "turn": self.turn}


class TicTacToe(_Public, Game):
    info = GameInfo(id="test-tictactoe", name="Tic-tac-toe", players=(2,), params=ParamRegistry([]))

    def _setup(self) -> None:
        self.state = TttState([-1] * 9, 0)

    def _winner(self) -> int | None:
        b = self.state.board
        for x, y, z in LINES:
            if b[x] >= 0 and b[x] == b[y] == b[z]:
                return b[x]
        return None

    @property
    def is_over(self) -> bool:
        return self._winner() is not None or all(c >= 0 for c in self.state.board)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.state.turn

    def _legal_actions(self) -> list[Action]:
        return [Action(f"mark {i}", data=i) for i, c in enumerate(self.state.board) if c < 0]

    def _apply(self, action: Action) -> list[Event]:
        self.state.board[action.data] = self.state.turn
        self.state.turn = 1 - self.state.turn
        return []

    def scores(self) -> list[float]:
        w = self._winner()
        return [1.0 if w == s else 0.0 for s in range(2)]

    def ranking(self) -> list[int]:
        return _ranks(self.scores())

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> TttState:
        return TttState(list(data["board"]), data["turn"])

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return [f"mark {i}" for i in range(9)]


class GoofState:
    __slots__ = ("bid", "hands", "prizes", "scores", "turn")

    def __init__(self, hands: list[list[int]], prizes: list[int], scores: list[int], bid: int, turn: int) -> None:
        self.hands, self.prizes, self.scores, self.bid, self.turn = hands, prizes, scores, bid, turn

    def clone(self) -> GoofState:
        return GoofState([h.copy() for h in self.hands], self.prizes.copy(), self.scores.copy(), self.bid, self.turn)

    def to_dict(self) -> dict[str, Any]:
        return {"hands": self.hands, "prizes": self.prizes, "scores": self.scores, "bid": self.bid, "turn": self.turn}


class Goofspiel(Game):
    info = GameInfo(
        id="test-goofspiel",
        name="Goofspiel",
        players=(2,),
        params=ParamRegistry([Param("CARDS", 6, "D", (), "cards per hand and prizes")]),
    )

    def _setup(self) -> None:
        n = self.params.CARDS
        prizes = list(range(1, n + 1))
        self.rng.shuffle(prizes)
        self.state = GoofState([list(range(1, n + 1)) for _ in range(2)], prizes, [0, 0], 0, 0)

    @property
    def is_over(self) -> bool:
        return not self.state.prizes

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.state.turn

    def _legal_actions(self) -> list[Action]:
        return [Action(f"bid {v}", data=v) for v in self.state.hands[self.state.turn]]

    def _apply(self, action: Action) -> list[Event]:
        s = self.state
        s.hands[s.turn].remove(action.data)
        if s.turn == 0:
            s.bid, s.turn = action.data, 1
            return [Event("bid", "Seat 0 bids face down"), Event("bid", f"You bid {action.data}", to=0)]
        prize = s.prizes.pop()
        if s.bid != action.data:
            s.scores[0 if s.bid > action.data else 1] += prize
        s.bid, s.turn = 0, 0
        return [Event("reveal", f"bids {s.bid} and {action.data} for {prize}")]

    def scores(self) -> list[float]:
        return [float(x) for x in self.state.scores]

    def ranking(self) -> list[int]:
        return _ranks(self.state.scores)

    def _observation(self, seat: int | None) -> dict[str, Any]:
        s = self.state
        return {
            "prize": s.prizes[-1] if s.prizes else None,
            "prizes_left": sorted(s.prizes),
            "hands": s.hands if seat == 0 or s.turn == 0 else [sorted([*s.hands[0], s.bid]), s.hands[1]],
            "my_bid": s.bid if seat == 0 else None,
            "scores": s.scores,
            "turn": s.turn,
        }

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        s = self.state
        # canonical order first, so the sample depends only on what the seat saw and on rng
        rest = sorted(s.prizes[:-1])
        rng.shuffle(rest)
        s.prizes = rest + s.prizes[-1:]
        if seat == 1 and s.turn == 1:  # seat 0's face-down bid
            pool = sorted([*s.hands[0], s.bid])
            s.bid = pool.pop(rng.below(len(pool)))
            s.hands[0] = sorted(pool)

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> GoofState:
        return GoofState(
            [list(h) for h in data["hands"]], list(data["prizes"]), list(data["scores"]), data["bid"], data["turn"]
        )

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return [f"bid {v}" for v in range(1, params.CARDS + 1)]


class TokensState:
    __slots__ = ("have", "pile", "taken", "turn")

    def __init__(self, pile: int, have: list[int], taken: int, turn: int) -> None:
        self.pile, self.have, self.taken, self.turn = pile, have, taken, turn

    def clone(self) -> TokensState:
        return TokensState(self.pile, self.have.copy(), self.taken, self.turn)

    def to_dict(self) -> dict[str, Any]:
        return {"pile": self.pile, "have": self.have, "taken": self.taken, "turn": self.turn}


class Tokens(_Public, Game):
    PER_TURN = 3
    info = GameInfo(id="test-tokens", name="Tokens", players=(2,), params=ParamRegistry([]))

    def _setup(self) -> None:
        self.state = TokensState(9, [0, 0], 0, 0)

    @property
    def is_over(self) -> bool:
        return self.state.pile == 0

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.state.turn

    def _legal_actions(self) -> list[Action]:
        s = self.state
        acts = [Action("take")] if s.taken < self.PER_TURN else []
        return [*acts, Action("end")] if s.taken else acts

    def _apply(self, action: Action) -> list[Event]:
        s = self.state
        if action.id == "take":
            s.pile -= 1
            s.have[s.turn] += 1
            s.taken += 1
        else:
            s.taken, s.turn = 0, 1 - s.turn
        return []

    def scores(self) -> list[float]:
        return [float(x) for x in self.state.have]

    def ranking(self) -> list[int]:
        return _ranks(self.state.have)

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> TokensState:
        return TokensState(data["pile"], list(data["have"]), data["taken"], data["turn"])

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return ["take", "end"]


class WideState:
    __slots__ = ("stage", "turn", "value")

    def __init__(self, stage: int, turn: int, value: float) -> None:
        self.stage, self.turn, self.value = stage, turn, value

    def clone(self) -> WideState:
        return WideState(self.stage, self.turn, self.value)

    def to_dict(self) -> dict[str, Any]:
        return {"stage": self.stage, "turn": self.turn, "value": self.value}


class Wide(_Public, Game):
    OPTIONS = 10
    NARROW, GOOD, POOR = 0.6, 1.0, 0.0  # pick 0 of the wide step is the good one
    OPEN = 0.7  # the value of the open wide step: what an evaluator's option estimate would say
    info = GameInfo(id="test-wide", name="Wide", players=(2,), params=ParamRegistry([]))

    def _setup(self) -> None:
        self.state = WideState(0, 0, 0.5)

    @property
    def is_over(self) -> bool:
        return self.state.stage == 6  # after four passes

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.state.turn

    def _legal_actions(self) -> list[Action]:
        stage = self.state.stage
        if stage == 0:
            return [Action("narrow"), Action("wide")]
        if stage == 1:
            return [Action(f"pick{k}") for k in range(self.OPTIONS)]
        return [Action("pass")]

    def _apply(self, action: Action) -> list[Event]:
        s = self.state
        if action.id == "narrow":
            s.stage, s.turn, s.value = 2, 1, self.NARROW
        elif action.id == "wide":
            s.stage, s.value = 1, self.OPEN
        elif action.id.startswith("pick"):
            s.stage, s.turn, s.value = 2, 1, self.GOOD if action.id == "pick0" else self.POOR
        else:
            s.stage, s.turn = s.stage + 1, 1 - s.turn
        return []

    def scores(self) -> list[float]:
        return [self.state.value, 1.0 - self.state.value]

    def progress_weights(self, actions: Any) -> list[float]:
        return [20.0 if a.id == "pick0" else 1.0 for a in actions]  # the good pick is tried first

    def ranking(self) -> list[int]:
        return _ranks(self.scores())

    @classmethod
    def _state_from_dict(cls, data: dict[str, Any], params: Params, players: int) -> WideState:
        return WideState(data["stage"], data["turn"], data["value"])

    @classmethod
    def _action_ids(cls, players: int, params: Params) -> list[str]:
        return ["narrow", "wide", *(f"pick{k}" for k in range(cls.OPTIONS)), "pass"]
